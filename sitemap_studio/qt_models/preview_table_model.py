"""A read-only table of text rows, for the previews of dialogs (find and replace, dedupe, ...).

A dialog turns what the core planned into :class:`PreviewRow` values (only
the few it shows) and hands them over in one reset; ``data()`` is a lookup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from sitemap_studio.core.model import Severity
from sitemap_studio.qt_models.severity_icons import COLOURS

ModelIndex = QModelIndex | QPersistentModelIndex

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One line of a preview: its cells, a tooltip, and whether it is a warning (a refusal)."""

    cells: tuple[str, ...]
    tooltip: str | None = None
    warning: bool = False


class PreviewTableModel(QAbstractTableModel):
    """Rows of text under fixed headers; ``numeric`` columns are right-aligned."""

    def __init__(self, headers: Sequence[str], numeric: Iterable[int] = (),
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers = tuple(headers)
        self._numeric = frozenset(numeric)
        self._rows: list[PreviewRow] = []
        self._warning_brush = QBrush(QColor(COLOURS[Severity.ERROR]))

    def set_rows(self, rows: Iterable[PreviewRow]) -> None:
        """Show ``rows`` instead of what was shown (one model reset)."""
        width = len(self._headers)
        self.beginResetModel()
        self._rows = [row if len(row.cells) == width
                      else PreviewRow((*row.cells, *([""] * width))[:width], row.tooltip,
                                      row.warning)
                      for row in rows]
        self.endResetModel()

    def preview_row(self, row: int) -> PreviewRow:
        """The row shown at ``row``."""
        return self._rows[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of rows shown (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self._headers)):
            return self._headers[section]
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, tooltip, alignment and warning colour (overrides ``data``)."""
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cells[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.tooltip or row.cells[column] or None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int((_RIGHT if column in self._numeric else _LEFT).value)
        if role == Qt.ItemDataRole.ForegroundRole and row.warning:
            return self._warning_brush
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Selectable, never editable (overrides ``QAbstractItemModel.flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | \
            Qt.ItemFlag.ItemNeverHasChildren


__all__ = ["PreviewRow", "PreviewTableModel"]
