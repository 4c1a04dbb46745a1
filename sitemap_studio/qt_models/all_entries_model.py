"""One table over every entry of a project: each file's table model, one after another.

:class:`AllEntriesModel` holds no entries. Its parts are the files'
:class:`~sitemap_studio.qt_models.entry_table_model.EntryTableModel` objects
(each over its document, with its own validator and editor), and a global row
is found in them through :class:`~sitemap_studio.core.rows.combined_rows.CombinedRows`
(a binary search over the parts' starts). Cells, flags, findings and edits are
the part's own; the columns are the entry table's, plus :data:`FILE_COLUMN`
naming the file. A part's structural and data signals come out shifted by
the part's start, so views and the proxy follow edits in any file.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.model import SitemapDocument
from sitemap_studio.core.rows import FILE_COLUMN, CombinedRows
from sitemap_studio.qt_models.cell_edits import CellEdit
from sitemap_studio.qt_models.entry_table_model import COLUMNS, EntryTableModel
from sitemap_studio.qt_models.roles import Role

ModelIndex = QModelIndex | QPersistentModelIndex
#: The entry table's own columns (not the audit's, which stay per file) and the file.
ALL_COLUMNS = (*COLUMNS[:FILE_COLUMN], "File")
_READ_ONLY = (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
              | Qt.ItemFlag.ItemNeverHasChildren)


@dataclass(frozen=True)
class Part:
    """One file of the combined table: its table model, short name, path and key.

    The key is how the part is found (:meth:`AllEntriesModel.part_of`); the
    window gives its workspace item's key, which a Save As does not change.
    It defaults to the path.
    """

    model: EntryTableModel
    name: str
    path: str
    key: Hashable = None

    def __post_init__(self) -> None:
        if self.key is None:
            object.__setattr__(self, "key", self.path)

    @property
    def document(self) -> SitemapDocument:
        """The file's document."""
        return self.model.document


class AllEntriesModel(QAbstractTableModel):
    """Rows of every part in turn; the last column names the row's file.

    The model owns its parts' table models (:meth:`detach` lets go of them).
    """

    def __init__(self, parts: Sequence[Part], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.parts = list(parts)
        self.rows = CombinedRows([part.document for part in self.parts],
                                 [part.name for part in self.parts])
        self._connections: list[tuple[Any, Callable[..., None]]] = []
        for number, part in enumerate(self.parts):
            part.model.setParent(self)
            self._follow(number, part.model)

    def add_part(self, part: Part) -> None:
        """Show one more file after the others (it was read while they were shown)."""
        first, count = len(self.rows), len(part.document)
        if count:
            self.beginInsertRows(QModelIndex(), first, first + count - 1)
        self.parts.append(part)
        self.rows.add(part.document, part.name)
        part.model.setParent(self)
        self._follow(len(self.parts) - 1, part.model)
        if count:
            self.endInsertRows()

    def _follow(self, number: int, model: EntryTableModel) -> None:
        def shifted(row: int) -> int:
            return self.rows.start_of(number) + row

        def about_to_insert(_parent: QModelIndex, first: int, last: int) -> None:
            self.beginInsertRows(QModelIndex(), shifted(first), shifted(last))

        def about_to_remove(_parent: QModelIndex, first: int, last: int) -> None:
            self.beginRemoveRows(QModelIndex(), shifted(first), shifted(last))

        def about_to_move(_parent: QModelIndex, first: int, last: int, _to: QModelIndex,
                          destination: int) -> None:
            self.beginMoveRows(QModelIndex(), shifted(first), shifted(last), QModelIndex(),
                               shifted(destination))

        def data_changed(top_left: QModelIndex, bottom_right: QModelIndex,
                         roles: list[int] | None = None) -> None:
            self.dataChanged.emit(self.index(shifted(top_left.row()), top_left.column()),
                                  self.index(shifted(bottom_right.row()), FILE_COLUMN),
                                  roles or [])

        for signal, slot in (
            (model.rowsAboutToBeInserted, about_to_insert),
            (model.rowsInserted, lambda *_: self._structure_done(self.endInsertRows)),
            (model.rowsAboutToBeRemoved, about_to_remove),
            (model.rowsRemoved, lambda *_: self._structure_done(self.endRemoveRows)),
            (model.rowsAboutToBeMoved, about_to_move),
            (model.rowsMoved, lambda *_: self.endMoveRows()),
            (model.dataChanged, data_changed),
        ):
            signal.connect(slot)
            self._connections.append((signal, slot))

    def _structure_done(self, end: Callable[[], None]) -> None:
        self.rows.refresh()
        end()

    def detach(self) -> None:
        """Stop following the files (before the model is dropped)."""
        for signal, slot in self._connections:
            signal.disconnect(slot)
        self._connections.clear()
        for part in self.parts:
            part.model.detach()
        self.rows.close()

    # ------------------------------------------------------------------ lookups

    def part_at(self, row: int) -> tuple[Part, int]:
        """The part holding global ``row``, and the row in it."""
        number, local = self.rows.locate(row)
        return self.parts[number], local

    def part_of(self, key: Hashable) -> int | None:
        """The number of the part of ``key``, if any."""
        return next((number for number, part in enumerate(self.parts) if part.key == key), None)

    # ------------------------------------------------------------------ Qt interface

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Entries of every file (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """The entry columns and the file (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(ALL_COLUMNS)

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Index of a cell, bounds checked here (overrides ``QAbstractItemModel.index``)."""
        if parent.isValid() or not (0 <= row < len(self.rows)
                                    and 0 <= column < len(ALL_COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles, and each row's number in its file (overrides ``headerData``)."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return ALL_COLUMNS[section] if 0 <= section < len(ALL_COLUMNS) else None
        if not 0 <= section < len(self.rows):
            return None
        return str(self.rows.locate(section)[1] + 1)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The part's cell, or the file's name (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        return self.cell_data(index.row(), index.column(), role)

    def cell_data(self, row: int, column: int, role: int) -> Any:
        """What :meth:`data` gives for a cell, by row and column (the proxy's fast path)."""
        number, local = self.rows.locate(row)
        part = self.parts[number]
        if column == FILE_COLUMN:
            if role == Qt.ItemDataRole.DisplayRole:
                return part.name
            if role == Qt.ItemDataRole.ToolTipRole:
                return part.path
            if role == Role.ENTRY_ID:
                return part.document.id_at(local)
            if role == Role.DOCUMENT:
                return part.document
            return None
        return part.model.cell_data(local, column, role)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """The part's flags; the file column is read-only (overrides ``flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return self.cell_flags(index.row(), index.column())

    def cell_flags(self, row: int, column: int) -> Qt.ItemFlag:
        """What :meth:`flags` gives for a cell, by row and column."""
        if column == FILE_COLUMN:
            return _READ_ONLY
        number, local = self.rows.locate(row)
        return self.parts[number].model.cell_flags(local, column)

    def setData(self, index: ModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Hand the edit to the row's file (overrides ``QAbstractItemModel.setData``)."""
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        return self.edit_cell(index.row(), index.column(), value).accepted

    def edit_cell(self, row: int, column: int, value: Any) -> CellEdit:
        """Hand the edit to the row's file, or say why not."""
        if column == FILE_COLUMN:
            return CellEdit("the file column names the file; it cannot be edited")
        part, local = self.part_at(row)
        return part.model.edit_cell(local, column, value)


__all__ = ["ALL_COLUMNS", "FILE_COLUMN", "AllEntriesModel", "Part"]
