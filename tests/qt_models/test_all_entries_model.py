"""The All entries model and proxy: every file's rows as one table, consistent through edits,
inserts, removes, moves, undo and redo in any file."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from sitemap_studio.commands import entry_commands
from sitemap_studio.commands.cross_file_commands import AcrossFilesEditor
from sitemap_studio.commands.entry_commands import MoveEntriesCommand, RemoveEntriesCommand
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models.all_entries_model import FILE_COLUMN, AllEntriesModel, Part
from sitemap_studio.qt_models.all_entries_proxy import AllEntriesProxy
from sitemap_studio.qt_models.entry_table_model import EntryTableModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
A = ["https://example.com/d", "https://example.com/a"]
B = ["https://example.com/c", "https://example.com/b", "https://example.com/f"]


def _data(locs: list[str]) -> bytes:
    return (f'<urlset xmlns="{NS}">' + "".join(
        f"<url><loc>{loc}</loc><priority>0.{n}</priority></url>" for n, loc in enumerate(locs))
        + "</urlset>").encode()


def _make():
    step_stack = QUndoStack()
    files = []
    parts = []
    for name, locs in (("a.xml", A), ("b.xml", B)):
        document = open_bytes(_data(locs))
        stack = QUndoStack()
        editor = AcrossFilesEditor(step_stack, stack, document)
        parts.append(Part(EntryTableModel(document, validator=validate_document(document),
                                          editor=editor), name, f"/site/{name}"))
        files.append((document, stack))
    model = AllEntriesModel(parts)
    proxy = AllEntriesProxy()
    proxy.setSourceModel(model)
    return model, proxy, files, step_stack


def _column(model, column: int = 0) -> list[str]:
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_rows_of_every_file_with_the_file_column(qtmodeltester) -> None:
    model, proxy, _files, _steps = _make()
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)
    assert _column(model) == [*A, *B]
    assert _column(model, FILE_COLUMN) == ["a.xml"] * 2 + ["b.xml"] * 3
    assert model.index(3, FILE_COLUMN).data(Qt.ItemDataRole.ToolTipRole) == "/site/b.xml"
    assert not model.flags(model.index(0, FILE_COLUMN)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(3, 0)) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(model.index(0, FILE_COLUMN), "c.xml")
    proxy.sort(FILE_COLUMN, Qt.SortOrder.DescendingOrder)
    assert _column(proxy) == [*B, *A]
    proxy.sort(3, Qt.SortOrder.DescendingOrder)  # priorities 0.0-0.2, equal ones in file order
    assert _column(proxy) == ["https://example.com/f", "https://example.com/a",
                              "https://example.com/b", "https://example.com/d",
                              "https://example.com/c"]


def test_model_and_sorted_filtered_proxy_through_edits_in_both_files(qtmodeltester) -> None:
    model, proxy, files, steps = _make()
    (doc_a, stack_a), (doc_b, stack_b) = files
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    proxy.set_filter("example.com/")

    def check(expected: list[str]) -> None:
        qtmodeltester.check(model)
        qtmodeltester.check(proxy)
        assert sorted(_column(model)) == sorted(expected)
        assert _column(proxy) == sorted(expected)

    check([*A, *B])
    entry_commands.insert_entries(stack_a, doc_a, 1, [Entry(loc="https://example.com/e")])
    check([*A, *B, "https://example.com/e"])
    assert _column(model, FILE_COLUMN) == ["a.xml"] * 3 + ["b.xml"] * 3
    entry_commands.push_applied(stack_b, RemoveEntriesCommand(doc_b, [0, 2]))
    check([*A, "https://example.com/b", "https://example.com/e"])
    entry_commands.push_applied(stack_a, MoveEntriesCommand(doc_a, 0, 1, 3))
    check([*A, "https://example.com/b", "https://example.com/e"])
    # An edit through the table lands in b.xml, as one step on the combined stack.
    index = model.index(3, 0)
    assert index.siblingAtColumn(FILE_COLUMN).data() == "b.xml"
    assert model.setData(index, "https://example.com/z")
    assert doc_b.text(0, 0) == "https://example.com/z" and steps.count() == 1
    proxy.refresh()  # an edited row keeps its place until the sort is applied again
    check([*A, "https://example.com/z", "https://example.com/e"])
    steps.undo()
    proxy.refresh()
    check([*A, "https://example.com/b", "https://example.com/e"])
    for stack in (stack_a, stack_a, stack_b):
        stack.undo()
    proxy.refresh()  # rows put back show next to their neighbours until then
    check([*A, *B])
    for stack in (stack_a, stack_a, stack_b):
        stack.redo()
    proxy.refresh()
    check([*A, "https://example.com/b", "https://example.com/e"])


def test_a_refused_value_says_why(qtmodeltester) -> None:
    model, _proxy, files, steps = _make()
    assert not model.setData(model.index(2, 1), "yesterday")
    assert "not a W3C Datetime" in (model.edit_cell(2, 1, "yesterday").refusal or "")
    assert steps.count() == 0 and files[1][1].count() == 0


def test_a_filter_shows_the_first_file_then_adds_the_others(qtmodeltester, qtbot,
                                                            monkeypatch) -> None:
    from sitemap_studio.qt_models import all_entries_proxy

    monkeypatch.setattr(all_entries_proxy, "FIRST_ROWS", 1)  # one file, then the event loop
    _model, proxy, files, _steps = _make()
    counts: list[tuple[int, int]] = []
    proxy.counts_changed.connect(lambda shown, total: counts.append((shown, total)))
    with qtbot.waitSignal(proxy.rowsInserted, timeout=10000):
        proxy.set_filter("example.com/")
        assert proxy.filtering and _column(proxy) == A  # a.xml's rows at once
    assert not proxy.filtering and _column(proxy) == [*A, *B]
    assert counts[-2:] == [(2, 5), (5, 5)]
    qtmodeltester.check(proxy)
    # A file changed while the others are searched: the filter starts again, nothing twice.
    doc_b, stack_b = files[1]
    proxy.set_filter("example.com/", regex=True)
    assert proxy.filtering
    entry_commands.insert_entries(stack_b, doc_b, 0, [Entry(loc="https://example.com/g")])
    qtbot.waitUntil(lambda: not proxy.filtering, timeout=10000)
    assert _column(proxy) == [*A, "https://example.com/g", *B]
    qtmodeltester.check(proxy)


def test_files_added_while_shown_are_sorted_ahead_and_edits_still_sort_in(
        qtmodeltester, qtbot, monkeypatch) -> None:
    from sitemap_studio.qt_models import all_entries_proxy

    monkeypatch.setattr(all_entries_proxy, "WARM_UP_ROWS", 1)  # warm up these small files
    model, proxy, files, steps = _make()
    extra = open_bytes(_data(["https://example.com/e", "https://example.com/a"]))
    model.add_part(Part(EntryTableModel(extra, validator=validate_document(extra)), "c.xml",
                        "/site/c.xml"))
    assert proxy.warming
    qtbot.waitUntil(lambda: not proxy.warming, timeout=10000)
    every = [*A, *B, "https://example.com/e", "https://example.com/a"]
    proxy.sort(0, Qt.SortOrder.DescendingOrder)  # equal locations keep file order
    assert _column(proxy) == sorted(every, reverse=True)
    assert _column(proxy, FILE_COLUMN)[-2:] == ["a.xml", "c.xml"]
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert _column(proxy) == sorted(every)
    assert _column(proxy, FILE_COLUMN)[:2] == ["a.xml", "c.xml"]
    qtmodeltester.check(proxy)
    # An edit after the sort lands on the row shown, and the next sort puts it in its place.
    shown = proxy.index(0, 0)
    assert shown.siblingAtColumn(FILE_COLUMN).data() == "a.xml"
    assert proxy.setData(shown, "https://example.com/zz")
    assert files[0][0].text(1, 0) == "https://example.com/zz" and steps.count() == 1
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert _column(proxy)[0] == "https://example.com/zz"
    steps.undo()
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert _column(proxy) == sorted(every)
    qtmodeltester.check(proxy)


def test_after_an_edit_the_sorts_are_made_again_in_idle_time(qtmodeltester, qtbot,
                                                             monkeypatch) -> None:
    from sitemap_studio.qt_models import all_entries_proxy

    monkeypatch.setattr(all_entries_proxy, "WARM_UP_ROWS", 1)  # warm up these small files
    monkeypatch.setattr(all_entries_proxy, "REWARM_DELAY_MS", 20)
    model, proxy, files, steps = _make()
    combined = model.rows
    proxy.warm_up()  # as for a table of WARM_UP_ROWS rows when shown
    qtbot.waitUntil(lambda: not proxy.warming, timeout=10000)
    assert sorted(combined.kept_columns()) == [0, 1, 3]

    def by_priority(descending: bool) -> list[str]:  # a cold stable sort: ties in file order
        rows = [(model.index(row, 0).data(), float(model.index(row, 3).data()))
                for row in range(model.rowCount())]
        return [loc for loc, _ in sorted(rows, key=lambda item: item[1], reverse=descending)]

    # An edit leaves the kept sorts of its columns out of date; a moment later they are
    # repaired. The lastmod sort holds throughout: neither edit changed a lastmod.
    assert model.setData(model.index(2, 3), "0.9")  # b.xml's first entry
    assert model.setData(model.index(0, 0), "https://example.com/zz")  # and a.xml's
    assert proxy.warming and combined.kept_columns() == [1]
    qtbot.waitUntil(lambda: not proxy.warming, timeout=10000)
    assert sorted(combined.kept_columns()) == [0, 1, 3]
    expected = by_priority(True)
    assert expected[0] == "https://example.com/c"
    proxy.sort(3, Qt.SortOrder.DescendingOrder)
    assert _column(proxy) == expected
    proxy.sort(3, Qt.SortOrder.AscendingOrder)
    assert _column(proxy) == by_priority(False)
    assert _column(proxy) == ["https://example.com/" + path for path in ("zz", "a", "b", "f", "c")]
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert _column(proxy)[0] == "https://example.com/zz"
    qtmodeltester.check(proxy)
    # Undo: the sorts are made again from the files as they were.
    steps.undo()
    steps.undo()
    qtbot.waitUntil(lambda: not proxy.warming, timeout=10000)
    assert sorted(combined.kept_columns()) == [0, 1, 3]
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert _column(proxy) == sorted([*A, *B])
    proxy.sort(3, Qt.SortOrder.DescendingOrder)
    assert _column(proxy) == by_priority(True)
    qtmodeltester.check(proxy)
    assert files[0][0].text(0, 0) == A[0]
