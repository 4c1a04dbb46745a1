"""The main window opens files and projects in the background and shows them."""

from __future__ import annotations

from pathlib import Path

from helpers.main_window import column_texts, make_window, open_and_wait, shown_title, urlset
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example" / "example.sitemapproj"


def test_opening_a_sitemap_fills_the_table_tree_and_status(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset("https://example.com/a", "https://example.com/b"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    assert column_texts(window, 0) == ["https://example.com/a", "https://example.com/b"]
    assert window.summary.entries_label.text() == "2 / 50,000 entries"
    assert window.summary.size_label.text().endswith("uncompressed (0.0%)")
    assert window.summary.shown_label.text() == "all shown"
    assert shown_title(window) == "site.xml \N{EM DASH} Sitemap Studio"
    tree = window.project_model
    assert tree.index(0, 0).data() == "site.xml"


def test_a_broken_file_shows_the_located_message(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "broken.xml"
    path.write_text(f'<urlset xmlns="{"x"}">\n<url>\n</urlset>', encoding="utf-8")
    with qtbot.waitSignal(window.load_failed, timeout=10000):
        window.open_path(str(path))
    assert len(answers.errors) == 1
    _title, message = answers.errors[0]
    assert message.startswith("broken.xml cannot be opened.\n\nLine 3, column 10: The tag <url>")
    assert message.endswith(f"File: {path}")
    assert "Traceback" not in message
    assert window.entry_table.proxy.rowCount() == 0


def test_the_example_project_shows_files_badges_and_findings(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, EXAMPLE)
    tree = window.project_model
    project = tree.index(0, 0)
    names = [tree.index(row, 0, project).data() for row in range(tree.rowCount(project))]
    assert sorted(names) == ["sitemap-blog.xml", "sitemap-index.xml (index)",
                             "sitemap-pages.xml"]
    pages = tree.index(names.index("sitemap-pages.xml"), 0, project)
    errors = tree.index(pages.row(), 2, project).data()
    assert int(errors) > 0  # the badge count and the error icon of the file with errors
    assert tree.index(pages.row(), 0, project).data(Qt.ItemDataRole.DecorationRole) is not None
    assert window.current is not None and window.current.item.name == "sitemap-pages.xml"
    # The example carries deliberate problems: the panel lists them, the table marks them.
    panel = window.issues_panel
    assert panel.model.rowCount() > 0
    assert "errors" in panel.summary.text()
    finding = panel.model.finding(0)
    row = window.current.document.row_of(finding.entry)
    model = window.entry_table.model
    column = {"loc": 0, "lastmod": 1, "changefreq": 2, "priority": 3}.get(finding.field, 0)
    assert model.index(row, column).data(Qt.ItemDataRole.ToolTipRole)
    assert shown_title(window).startswith("sitemap-pages.xml (example.sitemapproj)")


def test_double_click_on_a_finding_jumps_to_its_cell(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, EXAMPLE)
    panel = window.issues_panel
    wanted = next(row for row in range(panel.model.rowCount())
                  if panel.model.finding(row).entry is not None
                  and panel.model.finding(row).field == "changefreq")
    finding = panel.model.finding(wanted)
    rect = panel.view.visualRect(panel.model.index(wanted, 0))
    qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.entry_table.current_entry_id() == finding.entry
    assert window.entry_table.view.currentIndex().column() == 2


def test_filter_box_regex_and_findings_only(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset("https://example.com/blog/a", "https://example.com/shop/b",
                           "https://example.com/blog/c", "http://example.com/d"),
                    encoding="utf-8")
    open_and_wait(qtbot, window, path)
    table = window.entry_table
    qtbot.keyClicks(table.filter_edit, "blog")
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 2)
    assert column_texts(window, 0) == ["https://example.com/blog/a", "https://example.com/blog/c"]
    assert window.summary.shown_label.text() == "2 shown"
    table.filter_edit.clear()
    qtbot.mouseClick(table.regex_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(table.filter_edit, r"/(shop|blog)/[bc]$")
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 2)
    assert column_texts(window, 0) == ["https://example.com/shop/b", "https://example.com/blog/c"]
    qtbot.keyClicks(table.filter_edit, "(")  # an unbalanced group: the filter stays as it was
    qtbot.waitUntil(lambda: "Invalid regular expression" in table.filter_edit.toolTip())
    assert table.proxy.rowCount() == 2
    table.filter_edit.clear()
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 4)
    table.findings_box.click()  # http:// on an https site is flagged; the others are clean
    flagged = column_texts(window, 0)
    assert 0 < len(flagged) < 4
    assert all(window.entry_table.proxy.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
               or any(window.entry_table.proxy.index(row, c).data(Qt.ItemDataRole.ToolTipRole)
                      for c in range(8)) for row in range(len(flagged)))


def test_sorting_by_a_header_click_sorts_dates_as_dates(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    body = "".join(
        f"<url><loc>https://example.com/{n}</loc><lastmod>{lastmod}</lastmod></url>"
        for n, lastmod in enumerate(["2024-03-01", "2023-12-31T23:00:00+00:00", "2024-01-15",
                                     "2024-03-01T08:00:00-05:00"]))
    path.write_text(f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{body}'
                    "</urlset>", encoding="utf-8")
    open_and_wait(qtbot, window, path)
    header = window.entry_table.view.horizontalHeader()
    x = header.sectionViewportPosition(1) + 5
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert column_texts(window, 1) == ["2023-12-31T23:00:00+00:00", "2024-01-15", "2024-03-01",
                                       "2024-03-01T08:00:00-05:00"]
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert column_texts(window, 1)[0] == "2024-03-01T08:00:00-05:00"


def test_recent_files_and_layout_are_remembered(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset("https://example.com/a"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    window.resize(780, 640)  # within the offscreen screen, so no clamping on restore
    window.main_splitter.setSizes([111, 400, 0])  # the detail pane folds with no entry
    sizes = window.main_splitter.sizes()
    window.close()
    again, _ = make_window(qtbot, tmp_path, monkeypatch)
    assert again.size() == window.size()
    actions = [a for a in again.window_actions.recent_menu.actions() if not a.isSeparator()]
    assert actions[0].toolTip() == str(path)
    with qtbot.waitSignal(again.workspace_loaded, timeout=10000):
        actions[0].trigger()
    assert column_texts(again, 0) == ["https://example.com/a"]
    assert again.main_splitter.sizes() == sizes  # shown once a file is open


def test_dropping_a_file_opens_it(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "dropped.txt"
    path.write_text("https://example.com/x\nhttps://example.com/y\n", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    point = window.rect().center()
    enter = QDragEnterEvent(point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    window.dragEnterEvent(enter)  # outside a real drag, Qt does not route these events
    assert enter.isAccepted()
    event = QDropEvent(point.toPointF(), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.workspace_loaded, timeout=10000):
        window.dropEvent(event)
    assert column_texts(window, 0) == ["https://example.com/x", "https://example.com/y"]


def test_about_box_names_the_version(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio import __version__
    from sitemap_studio.widgets import window_actions

    shown: list[str] = []
    monkeypatch.setattr(window_actions.QMessageBox, "about",
                        lambda parent, title, text: shown.append(text))
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    window.window_actions.about.trigger()
    assert __version__ in shown[0] and "retired" in shown[0]

