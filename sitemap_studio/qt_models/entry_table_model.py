"""A table model over one :class:`SitemapDocument`; every cell is O(1)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.documents import SitemapDocument
from sitemap_studio.qt_models.roles import Role

ModelIndex = QModelIndex | QPersistentModelIndex

#: (header, field index into FIELDS or extension counts)
COLUMNS = ("Location", "Last modified", "Change frequency", "Priority", "Images", "Videos",
           "News", "Alternates")
PROTOCOL_COLUMNS = 4


class EntryTableModel(QAbstractTableModel):
    """Rows are entries, columns the four protocol fields and extension counts."""

    def __init__(self, document: SitemapDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        for event, handler in self._handlers():
            event.connect(handler)

    def _handlers(self) -> list[tuple[Any, Any]]:
        doc = self.document
        return [
            (doc.entries_inserting, self._inserting), (doc.entries_inserted, self._inserted),
            (doc.entries_removing, self._removing), (doc.entries_removed, self._removed),
            (doc.entries_moving, self._moving), (doc.entries_moved, self._moved),
            (doc.entries_changed, self._changed),
        ]

    def detach(self) -> None:
        """Stop listening to the document (before the model is thrown away)."""
        for event, handler in self._handlers():
            event.disconnect(handler)

    def _inserting(self, row: int, count: int) -> None:
        self.beginInsertRows(QModelIndex(), row, row + count - 1)

    def _inserted(self, row: int, count: int) -> None:
        self.endInsertRows()

    def _removing(self, row: int, count: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row + count - 1)

    def _removed(self, row: int, count: int) -> None:
        self.endRemoveRows()

    def _moving(self, row: int, count: int, destination: int) -> None:
        self.beginMoveRows(QModelIndex(), row, row + count - 1, QModelIndex(), destination)

    def _moved(self, row: int, count: int, destination: int) -> None:
        self.endMoveRows()

    def _changed(self, rows: list[int]) -> None:
        if rows:
            self.dataChanged.emit(self.index(min(rows), 0),
                                  self.index(max(rows), len(COLUMNS) - 1))

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of entries (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self.document)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles and row numbers (overrides ``QAbstractItemModel.headerData``)."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return str(section + 1)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell values (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column < PROTOCOL_COLUMNS:
                return self.document.text(row, column)
            if not self.document.has_object(row):
                return 0
            return self.document.entry_at(row).extension_counts[column - PROTOCOL_COLUMNS]
        if role == Role.ENTRY_ID:
            return self.document.id_at(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= PROTOCOL_COLUMNS - 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
