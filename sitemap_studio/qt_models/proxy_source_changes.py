"""How :class:`~sitemap_studio.qt_models.entry_filter_proxy.EntryFilterProxy` follows its source.

Inserted rows are shown next to their neighbours until the filter or sort is
applied again, removed rows leave, moved rows keep their places in a sorted
view, an edited row stays where it is. The array arithmetic is in
:mod:`sitemap_studio.core.row_mapping`; this mixin turns it into Qt's begin/end
signals (or a layout change when the rows concerned are scattered).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Sequence
from itertools import compress, repeat
from operator import and_, ge, le
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt

from sitemap_studio.core import row_mapping
from sitemap_studio.core.entry_order import EntryIndex

if TYPE_CHECKING:
    from sitemap_studio.qt_models.entry_table_model import EntryTableModel

_SMALL_CHANGE = 64
_NO_HINT = QAbstractItemModel.LayoutChangeHint.NoLayoutChangeHint


class SourceChangeFollower:
    """Mixin of the entry proxy: slots for its source model's structure and data signals."""

    _rows: array[int] | None
    _inverse: array[int] | None
    _ascending: bool
    _lookups: int
    _pending: tuple[Any, ...] | None
    _table: EntryTableModel | None
    _index: EntryIndex | None

    if TYPE_CHECKING:  # provided by EntryFilterProxy and QAbstractProxyModel
        def proxy_row(self, source_row: int) -> int: ...
        def source_row(self, proxy_row: int) -> int: ...
        def _emit_counts(self) -> None: ...
        def _open_index(self, model: EntryTableModel) -> None: ...
        def _set_mapping(self, rows: array[int] | None, ascending: bool) -> None: ...
        def _computed(self, within: Sequence[int] | None = None
                      ) -> tuple[array[int] | None, bool]: ...
        def _move_persistent(self, old: list[QModelIndex], sources: list[int]) -> None: ...
        @staticmethod
        def _layout_signal(signal: Any) -> Any: ...
        def __getattr__(self, name: str) -> Any: ...

    def _rows_about_to_be_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        count = last - first + 1
        rows = self._rows
        if rows is None:
            at = first
        elif self._ascending:
            at = bisect_left(rows, first)
        else:
            before = self.proxy_row(first - 1) if first > 0 else -1
            at = before + 1 if before >= 0 else len(rows)
        self._pending = ("insert", first, count, at)
        self.beginInsertRows(QModelIndex(), at, at + count - 1)

    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        assert self._pending is not None and self._pending[0] == "insert"
        _, first, count, at = self._pending
        self._pending = None
        rows = self._rows
        if rows is not None:
            if self._ascending:
                row_mapping.insert_ascending(rows, first, count, at)
            else:
                self._rows, self._inverse = row_mapping.insert_unordered(
                    rows, self._inverse, first, count, at)
        self.endInsertRows()
        self._emit_counts()

    def _rows_about_to_be_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        rows = self._rows
        if rows is None:
            self._pending = ("remove", first, last, "rows", first, last + 1)
            self.beginRemoveRows(QModelIndex(), first, last)
            return
        if self._ascending:
            start, stop = bisect_left(rows, first), bisect_left(rows, last + 1)
        else:
            shown = list(compress(range(len(rows)), map(and_, map(ge, rows, repeat(first)),
                                                         map(le, rows, repeat(last)))))
            start, stop = (shown[0], shown[-1] + 1) if shown else (0, 0)
            if shown and stop - start != len(shown):  # scattered: a layout change
                self._layout_signal(self.layoutAboutToBeChanged).emit([], _NO_HINT)
                old = self.persistentIndexList()
                self._pending = ("remove", first, last, "layout", old,
                                 [self.source_row(index.row()) for index in old])
                return
        kind = "rows" if stop > start else "silent"
        self._pending = ("remove", first, last, kind, start, stop)
        if stop > start:
            self.beginRemoveRows(QModelIndex(), start, stop - 1)

    def _rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        assert self._pending is not None and self._pending[0] == "remove"
        _, first, last, kind, *rest = self._pending
        self._pending = None
        count = last - first + 1
        rows = self._rows
        if rows is not None:
            if self._ascending:
                start, stop = rest
                row_mapping.remove_ascending(rows, first, last, start, stop)
            else:
                self._rows = row_mapping.remove_unordered(rows, first, last)
                self._inverse = None
                self._lookups = 0
        if kind == "rows":
            self.endRemoveRows()
        elif kind == "layout":
            old, sources = rest
            sources = [-1 if first <= row <= last else row - count if row > last else row
                       for row in sources]
            self._move_persistent(old, sources)
            self._layout_signal(self.layoutChanged).emit([], _NO_HINT)
        self._emit_counts()

    def _rows_about_to_be_moved(self, source_parent: QModelIndex, start: int, end: int,
                                destination_parent: QModelIndex, destination: int) -> None:
        if self._rows is None:
            self._pending = ("move", "rows")
            self.beginMoveRows(QModelIndex(), start, end, QModelIndex(), destination)
            return
        self._layout_signal(self.layoutAboutToBeChanged).emit([], _NO_HINT)
        old = self.persistentIndexList()
        self._pending = ("move", "layout", old, [self.source_row(index.row()) for index in old])

    def _rows_moved(self, source_parent: QModelIndex, start: int, end: int,
                    destination_parent: QModelIndex, destination: int) -> None:
        assert self._pending is not None and self._pending[0] == "move"
        pending, self._pending = self._pending, None
        if pending[1] == "rows":
            self.endMoveRows()
            return
        moved = row_mapping.moved_row(start, end - start + 1, destination)
        rows = row_mapping.after_move(self._rows or array("q"), start, end - start + 1,
                                      destination, self._ascending)
        self._set_mapping(rows, self._ascending)
        self._move_persistent(pending[2], [moved(row) if row >= 0 else -1
                                           for row in pending[3]])
        self._layout_signal(self.layoutChanged).emit([], _NO_HINT)

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                      roles: list[int] | None = None) -> None:
        """Follow a source change; an edited row stays where it is until the next refresh."""
        first, last = top_left.row(), bottom_right.row()
        if self._rows is None:
            low, high = first, last
        else:
            if last - first < _SMALL_CHANGE:
                shown = [row for row in map(self.proxy_row, range(first, last + 1)) if row >= 0]
                if not shown:
                    return
                low, high = min(shown), max(shown)
            else:
                low, high = 0, self.rowCount() - 1
            if high < 0:
                return
        self.dataChanged.emit(self.index(low, top_left.column()),
                              self.index(high, bottom_right.column()), roles or [])

    def _header_data_changed(self, orientation: Qt.Orientation, first: int, last: int) -> None:
        if orientation == Qt.Orientation.Horizontal:
            self.headerDataChanged.emit(orientation, first, last)
        elif self.rowCount():
            self.headerDataChanged.emit(orientation, 0, self.rowCount() - 1)

    def _about_to_reset(self) -> None:
        self.beginResetModel()

    def _reset(self) -> None:
        if self._index is not None and self._table is not None:
            self._index.close()
            self._open_index(self._table)
        self._set_mapping(*self._computed())
        self.endResetModel()
        self._emit_counts()

