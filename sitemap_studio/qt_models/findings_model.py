"""A table of findings: severity, line, code and message."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.findings import Finding

ModelIndex = QModelIndex | QPersistentModelIndex
HEADERS = ("Severity", "Line", "Code", "Message")


class FindingsModel(QAbstractTableModel):
    """Read-only list of findings in the order given."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._findings: list[Finding] = []

    def set_findings(self, findings: Sequence[Finding]) -> None:
        """Replace the findings shown."""
        self.beginResetModel()
        self._findings = list(findings)
        self.endResetModel()

    def finding(self, row: int) -> Finding:
        """The finding at ``row``."""
        return self._findings[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of findings (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._findings)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section] if 0 <= section < len(HEADERS) else None
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        finding = self._findings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == 0:
                return finding.severity.value
            if column == 1:
                return "" if finding.line is None else str(finding.line)
            if column == 2:
                return finding.code
            return finding.message
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{finding.message}\nSource: {finding.source.value}"
        return None
