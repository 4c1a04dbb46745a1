"""How :class:`~sitemap_studio.qt_models.entry_filter_proxy.EntryFilterProxy` follows its source.

Inserted rows are shown next to their neighbours until the filter or sort is
applied again, removed rows leave, moved rows keep their places in a sorted
view, an edited row stays where it is. The proxy's
:class:`~sitemap_studio.qt_models.proxy_rows.ProxyRows` does the arithmetic;
this object turns it into the proxy's begin/end signals (or a layout change
when the rows concerned are scattered).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable
from itertools import compress, repeat
from operator import and_, ge, le
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt

from sitemap_studio.core.rows import after_move, moved_row

if TYPE_CHECKING:
    from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy

_SMALL_CHANGE = 64
_NO_HINT = QAbstractItemModel.LayoutChangeHint.NoLayoutChangeHint


class SourceChangeFollower:
    """Connected to the proxy's source model: follows its structure and data signals."""

    def __init__(self, proxy: EntryFilterProxy) -> None:
        self._proxy = proxy
        self._pending: tuple[Any, ...] | None = None

    def _signals(self, model: QAbstractItemModel) -> list[tuple[Any, Callable[..., None]]]:
        return [
            (model.rowsAboutToBeInserted, self._rows_about_to_be_inserted),
            (model.rowsInserted, self._rows_inserted),
            (model.rowsAboutToBeRemoved, self._rows_about_to_be_removed),
            (model.rowsRemoved, self._rows_removed),
            (model.rowsAboutToBeMoved, self._rows_about_to_be_moved),
            (model.rowsMoved, self._rows_moved),
            (model.dataChanged, self._data_changed),
            (model.headerDataChanged, self._header_data_changed),
            (model.modelAboutToBeReset, self._about_to_reset),
            (model.modelReset, self._reset),
            (model.layoutAboutToBeChanged, self._about_to_reset),
            (model.layoutChanged, self._reset),
        ]

    def follow(self, model: QAbstractItemModel) -> None:
        """Start following ``model``'s changes."""
        for signal, slot in self._signals(model):
            signal.connect(slot)

    def stop_following(self, model: QAbstractItemModel) -> None:
        """Stop following ``model``."""
        for signal, slot in self._signals(model):
            signal.disconnect(slot)

    def _rows_about_to_be_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        proxy, mapping = self._proxy, self._proxy.mapping
        count = last - first + 1
        rows = mapping.rows
        if rows is None:
            at = first
        elif mapping.ascending:
            at = bisect_left(rows, first)
        else:
            before = proxy.proxy_row(first - 1) if first > 0 else -1
            at = before + 1 if before >= 0 else len(rows)
        self._pending = ("insert", first, count, at)
        proxy.beginInsertRows(QModelIndex(), at, at + count - 1)

    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        assert self._pending is not None and self._pending[0] == "insert"
        _, first, count, at = self._pending
        self._pending = None
        self._proxy.mapping.insert(first, count, at)
        self._proxy.endInsertRows()
        self._proxy.emit_counts()
        self._proxy.source_rows_changed()

    def _rows_about_to_be_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        proxy, mapping = self._proxy, self._proxy.mapping
        rows = mapping.rows
        if rows is None:
            self._pending = ("remove", first, last, "rows", first, last + 1)
            proxy.beginRemoveRows(QModelIndex(), first, last)
            return
        if mapping.ascending:
            start, stop = bisect_left(rows, first), bisect_left(rows, last + 1)
        else:
            shown = list(compress(range(len(rows)), map(and_, map(ge, rows, repeat(first)),
                                                         map(le, rows, repeat(last)))))
            start, stop = (shown[0], shown[-1] + 1) if shown else (0, 0)
            if shown and stop - start != len(shown):  # scattered: a layout change
                proxy.layout_signal(proxy.layoutAboutToBeChanged).emit([], _NO_HINT)
                old = proxy.persistentIndexList()
                self._pending = ("remove", first, last, "layout", old,
                                 [proxy.source_row(index.row()) for index in old])
                return
        kind = "rows" if stop > start else "silent"
        self._pending = ("remove", first, last, kind, start, stop)
        if stop > start:
            proxy.beginRemoveRows(QModelIndex(), start, stop - 1)

    def _rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        assert self._pending is not None and self._pending[0] == "remove"
        _, first, last, kind, *rest = self._pending
        self._pending = None
        proxy = self._proxy
        count = last - first + 1
        start, stop = rest if kind != "layout" else (0, 0)
        proxy.mapping.remove(first, last, start, stop)
        if kind == "rows":
            proxy.endRemoveRows()
        elif kind == "layout":
            old, sources = rest
            sources = [-1 if first <= row <= last else row - count if row > last else row
                       for row in sources]
            proxy.move_persistent(old, sources)
            proxy.layout_signal(proxy.layoutChanged).emit([], _NO_HINT)
        proxy.emit_counts()
        proxy.source_rows_changed()

    def _rows_about_to_be_moved(self, source_parent: QModelIndex, start: int, end: int,
                                destination_parent: QModelIndex, destination: int) -> None:
        proxy = self._proxy
        if proxy.mapping.rows is None:
            self._pending = ("move", "rows")
            proxy.beginMoveRows(QModelIndex(), start, end, QModelIndex(), destination)
            return
        proxy.layout_signal(proxy.layoutAboutToBeChanged).emit([], _NO_HINT)
        old = proxy.persistentIndexList()
        self._pending = ("move", "layout", old, [proxy.source_row(index.row()) for index in old])

    def _rows_moved(self, source_parent: QModelIndex, start: int, end: int,
                    destination_parent: QModelIndex, destination: int) -> None:
        assert self._pending is not None and self._pending[0] == "move"
        pending, self._pending = self._pending, None
        proxy, mapping = self._proxy, self._proxy.mapping
        if pending[1] == "rows":
            proxy.endMoveRows()
            proxy.source_rows_changed()
            return
        moved = moved_row(start, end - start + 1, destination)
        rows = after_move(mapping.rows or array("q"), start, end - start + 1,
                                      destination, mapping.ascending)
        mapping.set(rows, mapping.ascending)
        proxy.move_persistent(pending[2], [moved(row) if row >= 0 else -1
                                           for row in pending[3]])
        proxy.layout_signal(proxy.layoutChanged).emit([], _NO_HINT)
        proxy.source_rows_changed()

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex,
                      roles: list[int] | None = None) -> None:
        """Follow a source change; an edited row stays where it is until the next refresh."""
        proxy = self._proxy
        proxy.source_data_changed()
        first, last = top_left.row(), bottom_right.row()
        if proxy.mapping.rows is None:
            low, high = first, last
        else:
            if last - first < _SMALL_CHANGE:
                shown = [row for row in map(proxy.proxy_row, range(first, last + 1)) if row >= 0]
                if not shown:
                    return
                low, high = min(shown), max(shown)
            else:
                low, high = 0, proxy.rowCount() - 1
            if high < 0:
                return
        proxy.dataChanged.emit(proxy.index(low, top_left.column()),
                               proxy.index(high, bottom_right.column()), roles or [])

    def _header_data_changed(self, orientation: Qt.Orientation, first: int, last: int) -> None:
        proxy = self._proxy
        if orientation == Qt.Orientation.Horizontal:
            proxy.headerDataChanged.emit(orientation, first, last)
        elif proxy.rowCount():
            proxy.headerDataChanged.emit(orientation, 0, proxy.rowCount() - 1)

    def _about_to_reset(self) -> None:
        self._proxy.beginResetModel()

    def _reset(self) -> None:
        proxy = self._proxy
        proxy.reopen_index()
        proxy.mapping.set(*proxy.computed_mapping())
        proxy.endResetModel()
        proxy.emit_counts()
        proxy.source_reset()
