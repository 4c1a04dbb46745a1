"""The All entries view: every entry of every sitemap of a project in one table."""

from __future__ import annotations

from pathlib import Path

from helpers.main_window import (
    click_issue,
    make_window,
    open_all_entries,
    shown_title,
    urlset,
    write_project,
)
from PySide6.QtCore import QPoint, Qt

from sitemap_studio.qt_models.all_entries_model import FILE_COLUMN

A_LOCS = ["https://example.com/a1", "https://example.com/a2"]
B_LOCS = ["https://example.com/b1", "http://example.com/b2", "https://example.com/b3"]
C_LOCS = ["http://example.com/c1"]


def _open_all(qtbot, tmp_path, monkeypatch, files: dict[str, str] | None = None):
    return open_all_entries(qtbot, tmp_path, monkeypatch, files or {
        "a.xml": urlset(*A_LOCS), "b.xml": urlset(*B_LOCS),
        "c.xml": urlset(*C_LOCS, extra="<changefreq>Daily</changefreq>")})


def _column(window, column: int) -> list[str | None]:
    proxy = window.all_table.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def _modified(window) -> set[str]:
    return {Path(state.path).name for state in window.session.modified_states}


def test_all_entries_lists_every_file_with_its_name(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    table = window.all_table
    assert window.centre_stack.currentWidget() is table and table.isVisible()
    assert _column(window, 0) == [*A_LOCS, *B_LOCS, *C_LOCS]
    assert _column(window, FILE_COLUMN) == ["a.xml"] * 2 + ["b.xml"] * 3 + ["c.xml"]
    header = table.view.horizontalHeader()
    assert header.model().headerData(FILE_COLUMN, Qt.Orientation.Horizontal) == "File"
    assert header.visualIndex(FILE_COLUMN) == 0  # the file comes first
    # Each row is numbered within its file.
    assert [table.proxy.headerData(r, Qt.Orientation.Vertical) for r in range(6)] == [
        "1", "2", "1", "2", "3", "1"]
    assert shown_title(window).startswith("All entries (shop.sitemapproj)")
    assert window.summary.entries_label.text() == "6 entries in 3 files"
    assert window.project_model.all_entries_index().siblingAtColumn(1).data() == "6"
    # Back to one file, and back again.
    window.select_item(window.session.workspace.items[1])
    assert window.centre_stack.currentWidget() is window.entry_table
    assert window.entry_table.proxy.rowCount() == 3
    window.project_view.setCurrentIndex(window.project_model.all_entries_index())
    assert table.proxy.rowCount() == 6


def test_filter_and_sort_across_files(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    table = window.all_table
    qtbot.keyClicks(table.filter_edit, "http:")
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 2)
    assert _column(window, 0) == ["http://example.com/b2", "http://example.com/c1"]
    assert window.summary.shown_label.text() == "2 shown"
    table.filter_edit.clear()
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 6)
    header = table.view.horizontalHeader()
    x = header.sectionViewportPosition(0) + 5
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    assert header.sortIndicatorSection() == 0
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    assert _column(window, 0) == sorted([*A_LOCS, *B_LOCS, *C_LOCS], reverse=True)
    assert _column(window, FILE_COLUMN)[:3] == ["b.xml", "b.xml", "a.xml"]
    table.findings_box.setChecked(True)  # plain http on an https site; c.xml's 'Daily'
    assert _column(window, 0) == ["http://example.com/c1", "http://example.com/b2"]


def test_a_cell_edit_lands_in_its_file_and_undo_reverts_it(qtbot, tmp_path,
                                                           monkeypatch) -> None:
    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    table = window.all_table
    view = table.view
    view.setCurrentIndex(table.proxy.index(3, 0))  # b.xml's second entry
    qtbot.keyClick(view, Qt.Key.Key_F2)
    delegate = table.delegates.loc
    editor = delegate.last_editor
    assert editor is not None
    qtbot.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(editor, "https://example.com/b2-new")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: delegate.last_editor is None)
    assert _column(window, 0)[3] == "https://example.com/b2-new"
    states = {Path(s.path).name: s for s in window.session.states.values()}
    assert states["b.xml"].document.text(1, 0) == "https://example.com/b2-new"
    assert _modified(window) == {"b.xml"}
    assert window.window_actions.undo.isEnabled()
    window.window_actions.undo.trigger()
    assert _column(window, 0)[3] == "http://example.com/b2"
    assert _modified(window) == set()
    window.window_actions.redo.trigger()
    assert _column(window, 0)[3] == "https://example.com/b2-new"
    # The file's own view shows the edit, and Save All writes it to that file only.
    window.files.save_all()
    qtbot.waitUntil(lambda: not window.session.modified_states, timeout=15000)
    assert "https://example.com/b2-new" in (tmp_path / "b.xml").read_text("utf-8")
    assert "b2-new" not in (tmp_path / "a.xml").read_text("utf-8")


def test_find_and_replace_across_files_is_one_undo_step(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.replace_across import plan_replace_across
    from sitemap_studio.dialogs import find_replace_across

    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    asked: list[list[str]] = []

    def ask(cls, parent, names, documents, selected_ids=None):
        asked.append(list(names))
        return plan_replace_across(documents, "http://", "https://")

    monkeypatch.setattr(find_replace_across.FindReplaceAcrossDialog, "ask_across",
                        classmethod(ask))
    assert window.window_actions.find_replace.isEnabled()
    window.window_actions.find_replace.trigger()
    assert asked == [["a.xml", "b.xml", "c.xml"]]
    assert all(loc.startswith("https://") for loc in _column(window, 0))
    assert _modified(window) == {"b.xml", "c.xml"}
    assert "Replaced in 2 locations in 2 files" in window.message_label.text()
    window.window_actions.undo.trigger()  # one step undoes both files
    assert _column(window, 0) == [*A_LOCS, *B_LOCS, *C_LOCS]
    assert _modified(window) == set()
    assert not window.window_actions.undo.isEnabled()
    window.window_actions.redo.trigger()
    assert _column(window, 0)[4:] == ["https://example.com/b3", "https://example.com/c1"]
    assert _modified(window) == {"b.xml", "c.xml"}


def test_find_and_replace_dialog_previews_rows_of_every_file(qtbot, tmp_path,
                                                              monkeypatch) -> None:
    from sitemap_studio.dialogs.find_replace_across import FindReplaceAcrossDialog

    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    parts = window.all_table.all_model.parts
    dialog = FindReplaceAcrossDialog([p.name for p in parts], [p.document for p in parts],
                                     parent=window, debounce_ms=10)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.preview_ready, timeout=15000):
        qtbot.keyClicks(dialog.find_edit, "http://")
    qtbot.waitUntil(lambda: dialog.files_plan is not None, timeout=15000)
    qtbot.keyClicks(dialog.replace_edit, "https://")
    qtbot.waitUntil(lambda: dialog.files_plan is not None and dialog.ok_button.isEnabled(),
                    timeout=15000)
    rows = [dialog.model.index(r, 0).data() for r in range(dialog.model.rowCount())]
    assert rows == ["b.xml:2", "c.xml:1"]
    assert "2 entries will change" in dialog.status_label.text()


def test_bulk_edit_across_files(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.bulk_edit import BulkEditChoice
    from sitemap_studio.dialogs import bulk_edit_dialog

    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    counts: list[int] = []

    def ask(cls, parent, count):
        counts.append(count)
        return BulkEditChoice((("priority", "0.7"),))

    monkeypatch.setattr(bulk_edit_dialog.BulkEditDialog, "ask", classmethod(ask))
    window.all_table.select_rows([1, 2, 5])  # a.xml's second, b.xml's first, c.xml's only
    assert window.window_actions.bulk_edit.isEnabled()
    window.window_actions.bulk_edit.trigger()
    assert counts == [3]
    assert _column(window, 3) == [None, "0.7", "0.7", None, None, "0.7"]
    assert _modified(window) == {"a.xml", "b.xml", "c.xml"}
    window.window_actions.undo.trigger()
    assert _column(window, 3) == [None] * 6
    assert _modified(window) == set()


def _open_flawed(qtbot, tmp_path, monkeypatch, *, a_extra: str):
    """All entries of a project whose a.xml and c.xml have findings, once they are listed."""
    window, _answers = _open_all(qtbot, tmp_path, monkeypatch, {
        "a.xml": urlset(*A_LOCS, extra=a_extra), "b.xml": urlset(*B_LOCS),
        "c.xml": urlset(*C_LOCS, extra="<changefreq>Daily</changefreq>")})
    panel = window.issues_panel
    qtbot.waitUntil(lambda: sum(panel.model.counts().values()) >= 3)
    return window, panel


def test_the_issues_panel_lists_every_file_and_jumps_to_the_row(qtbot, tmp_path,
                                                                 monkeypatch) -> None:
    window, panel = _open_flawed(qtbot, tmp_path, monkeypatch,
                                 a_extra="<priority>high</priority>")
    model = panel.model
    entries = [model.index(r, 1).data() for r in range(model.rowCount())]
    group = next(r for r in range(model.rowCount()) if model.rowCount(model.index(r, 0)))
    assert model.index(group, 5).data().startswith("2 entries: ")  # a.xml's two "high"s
    children = [model.index(r, 1, model.index(group, 0)).data()
                for r in range(model.rowCount(model.index(group, 0)))]
    assert children == ["a.xml: 1", "a.xml: 2"]
    assert "c.xml: 1" in entries
    row = next(r for r, entry in enumerate(entries)
               if entry == "c.xml: 1" and panel.model.index(r, 3).data() == "changefreq")
    index = panel.model.index(row, 0)
    panel.view.scrollTo(index)
    rect = panel.view.visualRect(index)
    qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    current = window.all_table.view.currentIndex()
    assert current.row() == 5 and current.column() == 2  # c.xml's changefreq
    assert current.siblingAtColumn(FILE_COLUMN).data() == "c.xml"


def test_fix_all_of_a_kind_fixes_every_file_in_one_step(qtbot, tmp_path, monkeypatch) -> None:
    window, panel = _open_flawed(qtbot, tmp_path, monkeypatch,
                                 a_extra="<changefreq>Weekly</changefreq>")
    row = next(r for r in range(panel.model.rowCount())
               if panel.model.finding(r).code == "changefreq-invalid")
    click_issue(qtbot, panel, row)
    assert panel.fix_all_button.isEnabled()
    qtbot.mouseClick(panel.fix_all_button, Qt.MouseButton.LeftButton)
    assert _column(window, 2) == ["weekly", "weekly", None, None, None, "daily"]
    assert _modified(window) == {"a.xml", "c.xml"}
    assert "Fixed 3 entries in 2 files" in window.message_label.text()
    window.window_actions.undo.trigger()
    assert _column(window, 2) == ["Weekly", "Weekly", None, None, None, "Daily"]
    assert _modified(window) == set()


def test_a_step_is_dropped_when_its_file_moved_on(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.edits.bulk_edit import BulkEditChoice
    from sitemap_studio.dialogs import bulk_edit_dialog

    window, _answers = _open_all(qtbot, tmp_path, monkeypatch)
    monkeypatch.setattr(bulk_edit_dialog.BulkEditDialog, "ask", classmethod(
        lambda cls, parent, count: BulkEditChoice((("priority", "0.2"),))))
    window.all_table.select_rows([0])
    window.window_actions.bulk_edit.trigger()
    # The file's own view undoes its part; the All entries step has nothing left to undo.
    window.select_item(window.session.workspace.items[0])
    window.window_actions.undo.trigger()
    window.project_view.setCurrentIndex(window.project_model.all_entries_index())
    assert _column(window, 3)[0] is None
    window.window_actions.undo.trigger()
    assert _column(window, 3)[0] is None and _modified(window) == set()
    assert not window.window_actions.undo.isEnabled()


def test_journey_a_project_of_five_files_of_twenty_thousand_urls(qtbot, tmp_path,
                                                                  monkeypatch) -> None:
    """A user opens a 100,000-URL project, looks at every entry at once, narrows it down,
    moves one section of the site to https across every file and saves."""
    from sitemap_studio.core.edits.replace_across import plan_replace_across
    from sitemap_studio.dialogs import find_replace_across

    files: dict[str, str] = {}
    for number in range(5):
        locs = [f"{'http' if n % 10 == 0 else 'https'}://shop.example.com/c{number}/item-{n}"
                for n in range(20_000)]
        files[f"part-{number}.xml"] = urlset(*locs, extra="<lastmod>2024-05-01</lastmod>")
    window, _answers = _open_all(qtbot, tmp_path, monkeypatch, files)
    table = window.all_table
    assert table.proxy.rowCount() == 100_000
    assert window.summary.entries_label.text() == "100,000 entries in 5 files"
    qtbot.keyClicks(table.filter_edit, "http://")
    qtbot.waitUntil(lambda: table.proxy.rowCount() == 10_000, timeout=30000)
    assert set(_column(window, FILE_COLUMN)) == set(files)
    header = table.view.horizontalHeader()
    header.setSortIndicator(0, Qt.SortOrder.DescendingOrder)  # as a header click does
    assert _column(window, 0)[0] == "http://shop.example.com/c4/item-9990"
    assert _column(window, FILE_COLUMN)[0] == "part-4.xml"
    monkeypatch.setattr(find_replace_across.FindReplaceAcrossDialog, "ask_across", classmethod(
        lambda cls, parent, names, documents, selected_ids=None:
        plan_replace_across(documents, "http://", "https://")))
    window.window_actions.find_replace.trigger()
    assert "Replaced in 10,000 locations in 5 files" in window.message_label.text()
    assert len(window.session.modified_states) == 5
    table.filter_edit.clear()
    table.apply_filter()
    assert table.proxy.rowCount() == 100_000
    window.files.save_all()
    qtbot.waitUntil(lambda: not window.session.modified_states, timeout=60000)
    for name in files:
        text = (tmp_path / name).read_text("utf-8")
        assert "http://" not in text.replace('xmlns="http://', "")
        assert text.count("<url>") == 20_000
    window.window_actions.undo.trigger()  # one step puts every file back
    assert len(window.session.modified_states) == 5
    assert window.session.state_at(str(tmp_path / "part-3.xml")).document.text(0, 0) == (
        "http://shop.example.com/c3/item-0")


def test_files_read_while_all_entries_is_shown_join_the_table(qtbot, tmp_path,
                                                              monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    project = write_project(tmp_path, {"a.xml": urlset(*A_LOCS), "b.xml": urlset(*B_LOCS)})
    with qtbot.waitSignal(window.session.opened, timeout=15000):
        window.open_path(str(project))
    # The node is there as soon as the project is known; the files arrive after it.
    window.project_view.setCurrentIndex(window.project_model.all_entries_index())
    assert window.all_view.shown
    qtbot.waitUntil(lambda: window.all_table.proxy.rowCount() == 5, timeout=15000)
    assert _column(window, FILE_COLUMN) == ["a.xml"] * 2 + ["b.xml"] * 3
    assert window.all_view.shown  # loading did not switch to the first file
    qtbot.waitUntil(lambda: window.all_view.editable(), timeout=15000)
    assert window.summary.entries_label.text() == "5 entries in 2 files"
