"""A blank window says what to do; File has New Sitemap, New Project and Close; the toolbar."""

from __future__ import annotations

import json

from helpers.main_window import (
    column_texts,
    make_window,
    open_and_wait,
    shown_title,
    urlset,
    wait_editable,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar, QToolButton

from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.action_icons import THEME_NAMES, fallback_icon
from sitemap_studio.widgets.welcome_page import NO_RECENT


def _menu_texts(window, title: str) -> list[str]:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == title)
    return [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()]


def test_a_blank_window_says_what_to_do_and_lists_recent_files(qtbot, tmp_path,
                                                               monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    assert window.pages.currentWidget() is window.welcome
    welcome = window.welcome
    texts = " ".join(label.text() for label in welcome.findChildren(QLabel))
    assert "Open a sitemap" in texts and "import URLs" in texts
    assert set(welcome.buttons) == {"Open\N{HORIZONTAL ELLIPSIS}", "Import\N{HORIZONTAL ELLIPSIS}",
                                    "New Sitemap", "New Project\N{HORIZONTAL ELLIPSIS}",
                                    "Open the Example Project\N{HORIZONTAL ELLIPSIS}"}
    assert welcome.recent_box.itemAt(0).widget().text() == NO_RECENT
    # The example is copied into a folder the user picks, and the copy is opened.
    monkeypatch.setattr(prompts, "ask_example_folder", lambda *args: str(tmp_path / "mine"))
    (tmp_path / "mine").mkdir()
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        qtbot.mouseClick(welcome.buttons["Open the Example Project\N{HORIZONTAL ELLIPSIS}"],
                         Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.main_splitter
    assert window.session.workspace.title == "example.sitemapproj"
    assert str(tmp_path / "mine") in window.session.workspace.items[0].path
    window.window_actions.close.trigger()
    assert window.pages.currentWidget() is window.welcome
    assert window.project_model.rowCount() == 0
    assert shown_title(window) == "Sitemap Studio"
    assert [b.text() for b in welcome.recent_buttons] == ["example.sitemapproj"]
    assert not window.window_actions.close.isEnabled()
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        qtbot.mouseClick(welcome.recent_buttons[0], Qt.MouseButton.LeftButton)
    assert window.session.workspace.title == "example.sitemapproj"


def test_file_menu_has_new_sitemap_new_project_and_close(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    texts = _menu_texts(window, "&File")
    assert texts[:3] == ["New Sitemap", "New Project\N{HORIZONTAL ELLIPSIS}",
                         "Open\N{HORIZONTAL ELLIPSIS}"]
    assert texts[-2:] == ["Close", "Quit"]
    actions = window.window_actions
    assert actions.new_sitemap.shortcut() == QKeySequence(QKeySequence.StandardKey.New)
    assert not actions.close.shortcut().isEmpty()

    actions.new_sitemap.trigger()
    wait_editable(qtbot, window)
    assert window.pages.currentWidget() is window.main_splitter
    assert window.current.document.source.path is None
    assert shown_title(window).startswith("untitled-sitemap.xml")
    assert actions.insert.isEnabled()
    actions.insert.trigger()
    assert len(window.current.document) == 1
    assert window.entry_table.proxy.rowCount() == 1, window.message_label.text()
    target = tmp_path / "fresh.xml"
    answers.save_as = (str(target), prompts.SAVE_AS_CHOICES[0][1], False)
    with qtbot.waitSignal(window.session.saved, timeout=15000):
        actions.save.trigger()
    assert target.read_text(encoding="utf-8").count("<url>") == 1

    project = tmp_path / "new-shop.sitemapproj"
    monkeypatch.setattr(prompts, "ask_new_project_path", lambda parent, folder: str(project))
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        actions.new_project.trigger()
    data = json.loads(project.read_text(encoding="utf-8"))
    assert data["sitemaps"] == [] and "format_version" in data
    assert window.session.workspace.title == "new-shop.sitemapproj"
    assert window.project_model.index(0, 0).data() == "new-shop.sitemapproj"


def test_close_asks_about_unsaved_edits(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset("https://example.com/a"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    window.window_actions.insert.trigger()
    window.window_actions.close.trigger()  # the answer is Cancel
    assert answers.asked_unsaved == [["site.xml"]]
    assert column_texts(window, 0)[0] == "https://example.com/a"
    assert window.pages.currentWidget() is window.main_splitter


def test_the_toolbar_has_icons_and_tooltips_with_shortcuts(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    toolbar = window.findChild(QToolBar, "main_toolbar")
    assert toolbar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    actions = [a for a in toolbar.actions() if not a.isSeparator()]
    assert len(actions) >= 12
    for action in actions:
        assert not action.icon().isNull(), action.text()
        assert not action.icon().pixmap(16, 16).isNull(), action.text()
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if key:
            assert action.toolTip().endswith(f"({key})"), action.toolTip()
    for name in THEME_NAMES:  # every bundled fallback renders
        image = fallback_icon(name).pixmap(16, 16).toImage()
        assert any(image.pixelColor(x, y).alpha() for x in range(16) for y in range(16)), name


def test_undo_labels_do_not_push_the_toolbar_around(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset("https://example.com/a"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    toolbar = window.findChild(QToolBar, "main_toolbar")
    undo_button = toolbar.widgetForAction(window.window_actions.undo)
    insert_button = toolbar.widgetForAction(window.window_actions.insert)
    assert isinstance(undo_button, QToolButton)
    before = (undo_button.width(), insert_button.x())
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), "https://example.com/a-much-longer-location")
    qtbot.wait(50)
    assert "Undo Edit loc" in window.window_actions.undo.toolTip()
    key = window.window_actions.undo.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    assert window.window_actions.undo.toolTip().endswith(f"({key})")
    assert (undo_button.width(), insert_button.x()) == before
