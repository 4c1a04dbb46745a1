"""Editing in the window: cells through their editors, rows, clipboard, fixes, undo and redo."""

from __future__ import annotations

from helpers.main_window import (
    click_issue,
    column_texts,
    make_window,
    open_and_wait,
    shown_title,
    urlset,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

A, B, C = "https://example.com/a", "https://example.com/b", "https://example.com/c"


def _open(qtbot, tmp_path, monkeypatch, *locs: str, extra: str = ""):
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset(*locs, extra=extra), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    return window, answers, path


def _typing_target(editor):
    """The line edit inside an editor (a lastmod editor, an editable combo) or the editor."""
    inner = getattr(editor, "line_edit", None)
    if inner is None and hasattr(editor, "lineEdit"):
        inner = editor.lineEdit()
    return inner or editor


def _edit_cell(qtbot, window, row: int, column: int, text: str) -> None:
    """Type ``text`` into a cell's editor, as a user would (F2, select all, type, Enter)."""
    view = window.entry_table.view
    view.setCurrentIndex(window.entry_table.proxy.index(row, column))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    delegate = window.entry_table.delegates.all()[column]
    editor = delegate.last_editor
    assert editor is not None
    focus = _typing_target(editor)
    qtbot.keyClick(focus, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(focus, text)
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    # Qt commits and closes the editor from a queued call.
    qtbot.waitUntil(lambda: delegate.last_editor is None)


def test_a_cell_edit_marks_the_title_and_undo_redo_follow(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B)
    assert not shown_title(window).startswith("site.xml*")
    _edit_cell(qtbot, window, 0, 0, "https://example.com/new")
    assert column_texts(window, 0) == ["https://example.com/new", B]
    assert shown_title(window) == "site.xml* \N{EM DASH} Sitemap Studio"
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == [A, B]
    assert shown_title(window) == "site.xml \N{EM DASH} Sitemap Studio"
    window.window_actions.redo.trigger()
    assert column_texts(window, 0) == ["https://example.com/new", B]


def test_a_value_that_breaks_a_rule_is_kept_and_flagged(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B)
    _edit_cell(qtbot, window, 1, 0, "http://other.example.org/x")
    assert column_texts(window, 0)[1] == "http://other.example.org/x"
    proxy = window.entry_table.proxy
    qtbot.waitUntil(lambda: proxy.index(1, 0).data(Qt.ItemDataRole.ToolTipRole) is not None)
    qtbot.waitUntil(lambda: window.issues_panel.model.rowCount() > 0)


def test_a_priority_out_of_range_is_kept_and_flagged(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, path = _open(qtbot, tmp_path, monkeypatch, A, B,
                                   extra="<priority>0.5</priority>")
    view = window.entry_table.view
    view.setCurrentIndex(window.entry_table.proxy.index(0, 3))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    delegate = window.entry_table.delegates.priority
    editor = delegate.last_editor
    qtbot.keyClick(_typing_target(editor), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(_typing_target(editor), "1.5")
    message, severity = delegate.last_feedback
    assert severity == "warning" and "1.5 is outside 0.0-1.0" in message  # said while typing
    qtbot.keyClick(_typing_target(editor), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: delegate.last_editor is None)
    assert column_texts(window, 3) == ["1.5", "0.5"]  # kept as typed, not 1.0
    panel = window.issues_panel
    qtbot.waitUntil(lambda: any(
        finding.field == "priority" and finding.entry is not None and "1.5" in finding.message
        for finding in (panel.model.finding(row) for row in range(panel.model.rowCount()))))
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    assert "<priority>1.5</priority>" in path.read_text(encoding="utf-8")


def test_an_unparsable_priority_is_refused_by_its_editor(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A,
                                    extra="<priority>0.5</priority>")
    _edit_cell(qtbot, window, 0, 3, "0.8")
    assert column_texts(window, 3) == ["0.8"]
    view = window.entry_table.view
    view.setCurrentIndex(window.entry_table.proxy.index(0, 1))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = window.entry_table.delegates.lastmod.last_editor
    target = _typing_target(editor)
    qtbot.keyClicks(target, "yesterday")
    qtbot.keyClick(target, Qt.Key.Key_Return)
    delegate = window.entry_table.delegates.lastmod
    assert delegate.last_refusal  # the editor stays open and says why
    assert delegate.last_editor is editor and editor.isVisible()
    assert window.message_label.text() == delegate.last_refusal
    qtbot.keyClick(target, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: delegate.last_editor is None)
    assert column_texts(window, 1) == [None]  # nothing was written


def test_insert_duplicate_and_delete_rows(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B)
    actions = window.window_actions
    window.entry_table.select_rows([0])
    actions.duplicate.trigger()
    assert column_texts(window, 0) == [A, A, B]
    window.entry_table.select_rows([2])
    actions.insert.trigger()
    assert column_texts(window, 0) == [A, A, B, "https://example.com/"]
    editor = window.entry_table.delegates.loc.last_editor
    assert editor is not None and editor.isVisible()  # the new URL is being edited
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    window.entry_table.select_rows([0, 1])
    actions.delete.trigger()
    assert column_texts(window, 0) == [B, "https://example.com/"]
    assert window.summary.entries_label.text() == "2 / 50,000 entries"
    for _ in range(3):
        actions.undo.trigger()
    assert column_texts(window, 0) == [A, B]


def test_copy_and_paste_rows_as_tab_separated_text(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B,
                                    extra="<changefreq>daily</changefreq>")
    window.entry_table.select_rows([0, 1])
    window.window_actions.copy.trigger()
    copied = QGuiApplication.clipboard().text()
    lines = copied.splitlines()
    assert lines[0].split("\t")[:3] == ["loc", "lastmod", "changefreq"]
    assert lines[1].split("\t")[0] == A and "daily" in lines[1]
    QGuiApplication.clipboard().setText("loc\tpriority\nhttps://example.com/s\t0.3\n"
                                        "https://example.com/t\t0.4\n")
    window.entry_table.select_rows([1])
    window.window_actions.paste.trigger()
    assert column_texts(window, 0) == [A, B, "https://example.com/s", "https://example.com/t"]
    assert column_texts(window, 3)[2:] == ["0.3", "0.4"]
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == [A, B]


def test_bulk_edit_of_the_selection_is_one_step(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.bulk_edit import BulkEditChoice
    from sitemap_studio.dialogs import bulk_edit_dialog

    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B, C)
    choice = BulkEditChoice((("changefreq", "weekly"), ("priority", "0.7")))
    monkeypatch.setattr(bulk_edit_dialog.BulkEditDialog, "ask",
                        classmethod(lambda cls, parent, count: choice))
    window.entry_table.select_rows([0, 2])
    window.window_actions.bulk_edit.trigger()
    assert column_texts(window, 2) == ["weekly", None, "weekly"]
    assert column_texts(window, 3) == ["0.7", None, "0.7"]
    window.window_actions.undo.trigger()
    assert column_texts(window, 2) == [None, None, None]
    assert column_texts(window, 3) == [None, None, None]


def test_find_and_replace_moves_to_https_in_one_step(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.find_replace import plan_replace
    from sitemap_studio.dialogs import find_replace_dialog

    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, "http://example.com/a",
                                    "http://example.com/b", C)
    monkeypatch.setattr(
        find_replace_dialog.FindReplaceDialog, "ask",
        classmethod(lambda cls, parent, document, selected_ids=None:
                    plan_replace(document, "http://", "https://")))
    window.window_actions.find_replace.trigger()
    assert column_texts(window, 0) == [A, B, C]
    assert "Replaced in 2 locations" in window.message_label.text()
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == ["http://example.com/a", "http://example.com/b", C]


def test_remove_duplicates_after_the_preview(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.dedupe import plan_dedupe
    from sitemap_studio.dialogs import dedupe_dialog

    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B, A, C, B)
    monkeypatch.setattr(dedupe_dialog.DedupeDialog, "ask",
                        classmethod(lambda cls, parent, document: plan_dedupe(document)))
    window.window_actions.dedupe.trigger()
    assert column_texts(window, 0) == [A, B, C]
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == [A, B, A, C, B]


def test_quick_fix_from_the_issues_panel(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, B, C,
                                    extra="<changefreq>Daily</changefreq>")
    panel = window.issues_panel
    rows = [row for row in range(panel.model.rowCount())
            if panel.model.finding(row).code == "changefreq-invalid"]
    assert len(rows) == 1 and len(panel.model.group(rows[0])) == 3  # one cause, three entries
    click_issue(qtbot, panel, rows[0])
    assert panel.fix_all_button.isEnabled()
    qtbot.mouseClick(panel.fix_all_button, Qt.MouseButton.LeftButton)
    assert column_texts(window, 2) == ["daily", "daily", "daily"]
    qtbot.waitUntil(lambda: all(panel.model.finding(r).code != "changefreq-invalid"
                                for r in range(panel.model.rowCount())))
    window.window_actions.undo.trigger()  # all three fixes are one step
    assert column_texts(window, 2) == ["Daily", "Daily", "Daily"]


def test_detail_pane_edits_are_undoable(qtbot, tmp_path, monkeypatch) -> None:
    image = ('<image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
             "<image:loc>https://example.com/i.png</image:loc></image:image>")
    window, _answers, _path = _open(qtbot, tmp_path, monkeypatch, A, extra=image)
    window.entry_table.select_rows([0])
    section = window.detail_pane.sections["images"]
    assert section.model.rowCount() == 1
    section.view.selectRow(0)
    section.remove_current()
    assert column_texts(window, 4) == [0]
    window.window_actions.undo.trigger()
    assert column_texts(window, 4) == [1]
