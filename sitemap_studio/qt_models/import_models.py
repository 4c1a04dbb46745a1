"""Models of the import dialog: the CSV mapping preview, the candidate sitemaps, the URL statuses.

Each is a small table over plain core values (:class:`PreviewRow`,
:class:`Candidate`, :class:`UrlStatus`); none changes a document.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from sitemap_studio.core.fetching import Candidate, UrlStatus
from sitemap_studio.core.imports import PreviewRow
from sitemap_studio.qt_models.severity_icons import severity_colour, severity_icon

ModelIndex = QModelIndex | QPersistentModelIndex
_Display = Qt.ItemDataRole.DisplayRole
_MUTED = "#808080"
_FAILED = "#c62828"


class _Table(QAbstractTableModel):
    """Shared plumbing: fixed horizontal headers, flat rows."""

    HEADERS: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)

    def _count(self) -> int:
        raise NotImplementedError

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of rows (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else self._count()

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = _Display) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        if (role == _Display and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None


class PreviewModel(_Table):
    """The first rows of a table as the current mapping imports them, with their findings."""

    HEADERS = ("Line", "loc", "lastmod", "changefreq", "priority", "Findings")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PreviewRow] = []

    def _count(self) -> int:
        return len(self._rows)

    def set_rows(self, rows: Sequence[PreviewRow]) -> None:
        """Show ``rows`` instead of the previous ones."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def preview_row(self, row: int) -> PreviewRow:
        """The preview row shown at ``row``."""
        return self._rows[row]

    def data(self, index: ModelIndex, role: int = _Display) -> Any:
        """Cell texts, the findings' icon and tooltip (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        item = self._rows[index.row()]
        column = index.column()
        if role == _Display:
            if column == 0:
                return str(item.line)
            if column == 5:
                return "; ".join(item.messages) if item.messages else "OK"
            return item.values[column - 1] or ""
        if role == Qt.ItemDataRole.ToolTipRole and column == 5 and item.messages:
            return "\n".join(item.messages)
        if role == Qt.ItemDataRole.DecorationRole and column == 5 and item.severity is not None:
            return severity_icon(item.severity)
        if role == Qt.ItemDataRole.ForegroundRole:
            if item.dropped:
                return QColor(_MUTED)
            if column == 5 and item.severity is not None:
                return severity_colour(item.severity)
        return None


class CandidateModel(_Table):
    """Sitemap URLs found on a site, each with a check box and where it was found."""

    HEADERS = ("Sitemap URL", "Found in")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._candidates: list[Candidate] = []
        self._checked: list[bool] = []

    def _count(self) -> int:
        return len(self._candidates)

    def set_candidates(self, candidates: Sequence[Candidate], checked: Sequence[bool]) -> None:
        """Show ``candidates``, each checked or not."""
        self.beginResetModel()
        self._candidates = list(candidates)
        self._checked = list(checked)
        self.endResetModel()

    def checked_urls(self) -> list[str]:
        """The URLs the user chose, in order."""
        return [c.url for c, on in zip(self._candidates, self._checked, strict=True) if on]

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Check boxes in the first column (overrides ``QAbstractItemModel.flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == 0:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: ModelIndex, role: int = _Display) -> Any:
        """URL, source and check state (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        candidate = self._candidates[index.row()]
        if role in (_Display, Qt.ItemDataRole.ToolTipRole):
            return candidate.url if index.column() == 0 else candidate.source
        if role == Qt.ItemDataRole.CheckStateRole and index.column() == 0:
            on = self._checked[index.row()]
            return Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        return None

    def setData(self, index: ModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Check or uncheck a candidate (overrides ``QAbstractItemModel.setData``)."""
        if (not index.isValid() or index.column() != 0
                or role != Qt.ItemDataRole.CheckStateRole):
            return False
        state = value if isinstance(value, Qt.CheckState) else Qt.CheckState(value)
        self._checked[index.row()] = state == Qt.CheckState.Checked
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        return True


class StatusModel(_Table):
    """One line per URL of a fetch run: the URL, its status, the entries it brought."""

    HEADERS = ("URL", "Status", "Entries")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._statuses: list[UrlStatus] = []

    def _count(self) -> int:
        return len(self._statuses)

    def clear(self) -> None:
        """Forget every line."""
        self.beginResetModel()
        self._statuses = []
        self.endResetModel()

    def add(self, status: UrlStatus) -> None:
        """Append one line."""
        row = len(self._statuses)
        self.beginInsertRows(QModelIndex(), row, row)
        self._statuses.append(status)
        self.endInsertRows()

    def status(self, row: int) -> UrlStatus:
        """The status shown at ``row``."""
        return self._statuses[row]

    def statuses(self) -> list[UrlStatus]:
        """Every line, in order."""
        return list(self._statuses)

    def data(self, index: ModelIndex, role: int = _Display) -> Any:
        """URL, status text and entry count (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        status = self._statuses[index.row()]
        column = index.column()
        if role == _Display:
            if column == 0:
                return ("    " * status.depth) + status.url
            if column == 1:
                return status.message
            return f"{status.entries:,}" if status.ok else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{status.url}\n{status.message}"
        if role == Qt.ItemDataRole.ForegroundRole and column == 1:
            if not status.fetched:
                return QColor(_MUTED)
            if not status.ok:
                return QColor(_FAILED)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


__all__ = ["CandidateModel", "PreviewModel", "StatusModel"]
