"""Tables of a comparison's groups (added, removed, changed, moved, prefixes), filterable.

One :class:`CompareGroupModel` per group. Each row is one item of the core's
:class:`~sitemap_studio.core.compare.CompareResult`; its texts are made when
a cell is drawn, so a group of a million URLs costs a list of row numbers.
The filter is a plain substring test over the rows' first column, done in one
list comprehension when the text changes, never a Python call per row per
repaint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.compare import (
    ChangedUrl,
    CompareResult,
    MovedUrl,
    PrefixCount,
    shown_value,
)

Index = QModelIndex | QPersistentModelIndex
RowTexts = Callable[[Any], tuple[str, ...]]



def _changed_texts(item: ChangedUrl) -> tuple[str, ...]:
    return (item.url, ", ".join(change.name for change in item.fields),
            "; ".join(shown_value(change.old) for change in item.fields),
            "; ".join(shown_value(change.new) for change in item.fields))


def _moved_texts(item: MovedUrl) -> tuple[str, ...]:
    return item.url, item.source, item.target


def _prefix_texts(item: PrefixCount) -> tuple[str, ...]:
    return (item.prefix, f"{item.added:,}", f"{item.removed:,}", f"{item.changed:,}",
            f"{item.moved:,}")


#: Group name -> (column headers, how a row reads, the item's filter text).
GROUPS: dict[str, tuple[tuple[str, ...], RowTexts, Callable[[Any], str]]] = {
    "added": (("URL",), lambda url: (url,), str),
    "removed": (("URL",), lambda url: (url,), str),
    "changed": (("URL", "Fields", "Old", "New"), _changed_texts, lambda item: item.url),
    "moved": (("URL", "From file", "To file"), _moved_texts, lambda item: item.url),
    "prefixes": (("Host and path prefix", "Added", "Removed", "Changed", "Moved"),
                 _prefix_texts, lambda item: item.prefix),
}


def group_items(result: CompareResult, group: str) -> Sequence[Any]:
    """The items of ``group`` in ``result``."""
    found: Sequence[Any] = getattr(result, group)
    return found


class CompareGroupModel(QAbstractTableModel):
    """One group of a comparison as a read-only table, with a substring filter."""

    def __init__(self, group: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.group = group
        self.headers, self._texts, self._key = GROUPS[group]
        self._items: Sequence[Any] = ()
        self._keys: list[str] = []
        self._visible: list[int] = []
        self._filter = ""

    def set_result(self, result: CompareResult | None) -> None:
        """Show the items of this group in ``result`` (nothing for ``None``)."""
        self.beginResetModel()
        self._items = group_items(result, self.group) if result is not None else ()
        key = self._key
        self._keys = [key(item).casefold() for item in self._items]
        self._visible = self._matching()
        self.endResetModel()

    def set_filter(self, text: str) -> None:
        """Show only the rows whose first column contains ``text`` (any case)."""
        needle = text.strip().casefold()
        if needle == self._filter:
            return
        self.beginResetModel()
        self._filter = needle
        self._visible = self._matching()
        self.endResetModel()

    def _matching(self) -> list[int]:
        needle = self._filter
        if not needle:
            return list(range(len(self._keys)))
        return [row for row, key in enumerate(self._keys) if needle in key]

    @property
    def total(self) -> int:
        """Items in the group, filtered or not."""
        return len(self._items)

    def item(self, row: int) -> Any:
        """The core item shown at ``row``."""
        return self._items[self._visible[row]]

    def shown_items(self) -> list[Any]:
        """The items the filter lets through, in order."""
        items = self._items
        return [items[row] for row in self._visible]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Override of ``QAbstractItemModel.rowCount``."""
        return 0 if parent.isValid() else len(self._visible)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """Override of ``QAbstractItemModel.columnCount``."""
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Override of ``QAbstractItemModel.data``: the cell's text (also as tooltip)."""
        if (role == Qt.ItemDataRole.TextAlignmentRole and index.isValid()
                and self.group == "prefixes" and index.column() > 0):
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        return self._texts(self.item(index.row()))[index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Override of ``QAbstractItemModel.headerData``: column names."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section] if 0 <= section < len(self.headers) else None
        return None


__all__ = ["GROUPS", "CompareGroupModel", "group_items"]
