"""The filter/sort proxy over the entry table: mapping, layout changes, source changes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QTableView

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows.entry_order import FINDINGS_COLUMN, FilterPatternError
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models import entry_filter_proxy
from sitemap_studio.qt_models.cell_edits import ACCEPTED, CellEdit
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy
from sitemap_studio.qt_models.entry_table_model import EntryTableModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ROWS = [
    ("https://example.com/garden/chair", "2024-01-01T10:00:00+02:00", "0.5"),
    ("https://example.com/kitchen", "2024-01-01T09:00:00Z", ".45"),
    ("https://example.com/Garden/table", "2023-06-01", "high"),
    ("https://example.com/office", None, "1.0"),
    ("https://example.com/garden/lamp", "2024-02-01", "0.1"),
    ("https://example.com/kitchen", "2022-01-01", None),
]
DESC = Qt.SortOrder.DescendingOrder
ASC = Qt.SortOrder.AscendingOrder


def document() -> SitemapDocument:
    parts = [f'<urlset xmlns="{NS}">']
    for loc, lastmod, priority in ROWS:
        parts.append(f"<url><loc>{loc}</loc>")
        if lastmod:
            parts.append(f"<lastmod>{lastmod}</lastmod>")
        if priority:
            parts.append(f"<priority>{priority}</priority>")
        parts.append("</url>")
    parts.append("</urlset>")
    return open_bytes("".join(parts).encode())


def make(qtmodeltester, *, validate: bool = False) -> tuple[SitemapDocument, EntryFilterProxy]:
    doc = document()
    validator = validate_document(doc) if validate else None
    table = EntryTableModel(doc, validator=validator, editor=Editor(doc))
    proxy = EntryFilterProxy()
    proxy.setSourceModel(table)
    qtmodeltester.check(proxy)
    return doc, proxy


class Editor:
    def __init__(self, document: SitemapDocument) -> None:
        self.document = document

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        self.document.replace_entries(new_entries)
        return ACCEPTED


def shown(proxy: EntryFilterProxy, column: int = 0) -> list[object]:
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def assert_consistent(proxy: EntryFilterProxy) -> None:
    """mapToSource and mapFromSource agree on every row, and hidden rows map to nothing."""
    table = proxy.sourceModel()
    seen = set()
    for row in range(proxy.rowCount()):
        source = proxy.mapToSource(proxy.index(row, 1))
        assert source.isValid() and source.column() == 1
        assert proxy.mapFromSource(source) == proxy.index(row, 1)
        seen.add(source.row())
    for row in range(table.rowCount()):
        if row not in seen:
            assert not proxy.mapFromSource(table.index(row, 0)).isValid()


def test_identity_until_filtered_or_sorted(qtmodeltester) -> None:
    doc, proxy = make(qtmodeltester)
    assert proxy.rowCount() == len(doc)
    assert shown(proxy) == [loc for loc, _, _ in ROWS]
    assert proxy.headerData(0, Qt.Orientation.Horizontal) == "Location"
    assert proxy.headerData(2, Qt.Orientation.Vertical) == "3"
    assert_consistent(proxy)


def test_filter_substring_regex_and_errors(qtmodeltester, qtbot) -> None:
    _doc, proxy = make(qtmodeltester)
    with qtbot.waitSignal(proxy.counts_changed) as counts:
        proxy.set_filter("garden")
    assert counts.args == [3, 6]
    assert shown(proxy) == [ROWS[0][0], ROWS[2][0], ROWS[4][0]]
    assert proxy.headerData(1, Qt.Orientation.Vertical) == "3"  # the row's number in the file
    assert_consistent(proxy)
    proxy.set_filter("garden/", case_sensitive=True)
    assert shown(proxy) == [ROWS[0][0], ROWS[4][0]]
    proxy.set_filter(r"/(kitchen|office)$", regex=True)
    assert shown(proxy) == [ROWS[1][0], ROWS[3][0], ROWS[5][0]]
    with pytest.raises(FilterPatternError):
        proxy.set_filter("kitchen(", regex=True)
    assert proxy.filter_text == r"/(kitchen|office)$"  # the old filter stays
    assert proxy.rowCount() == 3
    proxy.set_filter("nothing at all")
    assert proxy.rowCount() == 0
    qtmodeltester.check(proxy)
    assert proxy.headerData(0, Qt.Orientation.Horizontal) == "Location"
    proxy.set_filter("")
    assert proxy.rowCount() == 6
    assert_consistent(proxy)


def test_a_longer_filter_narrows_the_rows_shown(qtmodeltester) -> None:
    _doc, proxy = make(qtmodeltester)
    for text in ("g", "ga", "gar", "garden/", "garden/l"):
        proxy.set_filter(text)
        assert shown(proxy) == [loc for loc, _, _ in ROWS if text in loc.lower()]


def test_sort_by_value_with_and_without_filter(qtmodeltester) -> None:
    _doc, proxy = make(qtmodeltester)
    proxy.sort(1, ASC)
    assert shown(proxy, 1) == ["2022-01-01", "2023-06-01", "2024-01-01T10:00:00+02:00",
                               "2024-01-01T09:00:00Z", "2024-02-01", None]
    assert_consistent(proxy)
    proxy.sort(3, DESC)
    assert shown(proxy, 3) == ["1.0", "0.5", ".45", "0.1", "high", None]
    proxy.set_filter("garden")
    assert shown(proxy, 3) == ["0.5", "0.1", "high"]
    assert_consistent(proxy)
    qtmodeltester.check(proxy)
    proxy.sort(-1)
    assert shown(proxy, 3) == ["0.5", "high", "0.1"]
    with pytest.raises(ValueError, match="no column 12"):
        proxy.sort(12)
    assert proxy.sort_column == -1


def test_header_click_sorts_in_the_core(qtmodeltester, qtbot) -> None:
    _doc, proxy = make(qtmodeltester)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(proxy)
    view.horizontalHeader().setSortIndicator(-1, ASC)
    view.setSortingEnabled(True)
    assert proxy.sort_column == -1
    view.sortByColumn(3, ASC)
    assert proxy.sort_column == 3
    assert shown(proxy, 3)[:2] == ["0.1", ".45"]


def test_only_entries_with_findings(qtmodeltester) -> None:
    _doc, proxy = make(qtmodeltester, validate=True)
    proxy.set_only_with_findings(True)
    # 'high' is not a priority, and the kitchen location comes again in row 6.
    assert shown(proxy) == [ROWS[2][0], ROWS[5][0]]
    proxy.set_filter("garden")
    assert shown(proxy) == [ROWS[2][0]]
    proxy.set_only_with_findings(False)
    assert proxy.rowCount() == 3
    proxy.sort(FINDINGS_COLUMN, ASC)
    assert shown(proxy)[0] == ROWS[2][0]
    qtmodeltester.check(proxy)


def test_selection_follows_its_row_through_filter_and_sort(qtmodeltester) -> None:
    _doc, proxy = make(qtmodeltester)
    kept = QPersistentModelIndex(proxy.index(4, 0))  # garden/lamp
    gone = QPersistentModelIndex(proxy.index(1, 0))  # kitchen
    proxy.set_filter("garden")
    assert kept.data() == ROWS[4][0] and kept.row() == 2
    assert not gone.isValid()
    proxy.sort(1, DESC)
    assert kept.data() == ROWS[4][0] and kept.row() == 0


def test_inserted_rows_show_while_filtered(qtmodeltester, qtbot) -> None:
    doc, proxy = make(qtmodeltester)
    proxy.set_filter("garden")
    with qtbot.waitSignal(proxy.rowsInserted) as inserted:
        doc.insert_entries(3, [Entry(loc="https://example.com/new")])
    assert inserted.args[1:] == [2, 2]  # after the rows shown before source row 3
    assert shown(proxy) == [ROWS[0][0], ROWS[2][0], "https://example.com/new", ROWS[4][0]]
    assert_consistent(proxy)
    qtmodeltester.check(proxy)
    proxy.refresh()  # filtering again hides it
    assert "https://example.com/new" not in shown(proxy)
    # While sorted, a new row comes right after its neighbour in the file.
    proxy.sort(1, ASC)
    doc.insert_entries(1, [Entry(loc="https://example.com/newer")])
    order = shown(proxy)
    assert order[order.index(ROWS[0][0]) + 1] == "https://example.com/newer"
    assert_consistent(proxy)
    qtmodeltester.check(proxy)


def test_removals_while_filtered_and_sorted(qtmodeltester, qtbot) -> None:
    doc, proxy = make(qtmodeltester)
    proxy.set_filter("garden")
    with qtbot.waitSignal(proxy.rowsRemoved):
        removal = doc.remove_rows([1, 2])  # kitchen (hidden) and Garden/table (shown)
    assert shown(proxy) == [ROWS[0][0], ROWS[4][0]]
    assert_consistent(proxy)
    doc.restore_rows(removal)
    assert_consistent(proxy)
    proxy.set_filter("")
    proxy.sort(3, ASC)  # 0.1 .45 0.5 1.0 high -: rows 4 1 0 3 2 5
    with qtbot.assertNotEmitted(proxy.modelReset):
        doc.remove_rows([0, 4])  # proxy rows 2 and 0: scattered, a layout change
    assert shown(proxy, 3) == [".45", "1.0", "high", None]
    assert_consistent(proxy)
    qtmodeltester.check(proxy)
    with qtbot.waitSignal(proxy.rowsRemoved):
        doc.remove_rows([0])  # kitchen, shown first: one range of proxy rows
    assert shown(proxy, 3) == ["1.0", "high", None]
    assert_consistent(proxy)
    doc.remove_rows(range(len(doc)))
    assert proxy.rowCount() == 0
    qtmodeltester.check(proxy)


def test_moves_keep_the_mapping_right(qtmodeltester) -> None:
    doc, proxy = make(qtmodeltester)
    doc.move_rows(4, 2, 0)  # identity: forwarded as a move
    assert shown(proxy)[:2] == [ROWS[4][0], ROWS[5][0]]
    proxy.set_filter("garden")
    kept = QPersistentModelIndex(proxy.index(0, 0))
    doc.move_rows(0, 1, 6)
    assert shown(proxy) == [ROWS[0][0], ROWS[2][0], ROWS[4][0]]
    assert kept.data() == ROWS[4][0]
    assert_consistent(proxy)
    proxy.sort(0, DESC)
    doc.move_rows(2, 2, 0)
    assert shown(proxy) == sorted(shown(proxy), key=str, reverse=True)
    assert_consistent(proxy)
    qtmodeltester.check(proxy)


def test_an_edited_row_stays_until_the_next_refresh(qtmodeltester, qtbot) -> None:
    _doc, proxy = make(qtmodeltester)
    proxy.set_filter("garden")
    proxy.sort(1, ASC)
    before = shown(proxy)
    with qtbot.waitSignal(proxy.dataChanged) as changed:
        assert proxy.setData(proxy.index(0, 0), "https://example.com/office2",
                             Qt.ItemDataRole.EditRole)
    assert changed.args[0].row() == 0
    assert shown(proxy) == ["https://example.com/office2", *before[1:]]
    proxy.refresh()
    assert "https://example.com/office2" not in shown(proxy)
    assert_consistent(proxy)
    qtmodeltester.check(proxy)


def test_large_source_changes_repaint_everything(qtmodeltester, qtbot) -> None:
    _doc, proxy = make(qtmodeltester)
    proxy.set_filter("e")
    table = proxy.sourceModel()
    with qtbot.waitSignal(proxy.dataChanged) as changed:
        table.dataChanged.emit(table.index(0, 0), table.index(5, 7), [])
    assert (changed.args[0].row(), changed.args[1].row()) == (0, proxy.rowCount() - 1)
    with qtbot.assertNotEmitted(proxy.dataChanged):
        proxy.set_filter("office")
        table.dataChanged.emit(table.index(0, 0), table.index(0, 7), [])


def test_source_reset_and_detaching(qtmodeltester) -> None:
    _doc, proxy = make(qtmodeltester)
    proxy.set_filter("kitchen")
    table = proxy.sourceModel()
    table.beginResetModel()
    table.endResetModel()
    assert shown(proxy) == [ROWS[1][0], ROWS[5][0]]
    proxy.setSourceModel(None)
    assert proxy.rowCount() == 0
    assert not proxy.mapToSource(proxy.index(0, 0)).isValid()
    assert not proxy.mapFromSource(QModelIndex()).isValid()


def test_big_documents_warm_up_in_idle_time(qtmodeltester, qtbot, monkeypatch) -> None:
    monkeypatch.setattr(entry_filter_proxy, "WARM_UP_ROWS", 1)
    _doc, proxy = make(qtmodeltester)
    index = proxy.entry_index
    assert index is not None
    qtbot.waitUntil(lambda: index.cache_size() >= 6 * 8 + 6)  # lastmod keys and flags
    proxy.sort(1, ASC)
    assert shown(proxy, 1)[0] == "2022-01-01"
