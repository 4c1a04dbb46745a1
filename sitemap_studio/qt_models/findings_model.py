"""A table of findings: severity, entry, line, field, code and message."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.findings import Finding, Severity
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.qt_models.severity_icons import severity_colour, severity_icon

ModelIndex = QModelIndex | QPersistentModelIndex
HEADERS = ("Severity", "Entry", "Line", "Field", "Code", "Message")
SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTICE: 2}


class FindingsModel(QAbstractTableModel):
    """Findings in the order given, filtered by severity; rows name their entry by position."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[Finding] = []
        self._shown: list[Finding] = []
        self._positions: list[int | None] = []
        self._severities = {Severity.ERROR, Severity.WARNING, Severity.NOTICE}
        self._position_of: Callable[[int], int | None] = lambda entry_id: None
        #: With findings of several files: each finding's file number, and per file its
        #: name and position function.
        self._files: list[int] | None = None
        self._shown_files: list[int] = []
        self._file_names: list[str] = []
        self._file_positions: list[Callable[[int], int | None]] = []

    def set_findings(self, findings: Sequence[Finding],
                     position_of: Callable[[int], int | None] | None = None) -> None:
        """Replace the findings; ``position_of`` maps an entry id to its 1-based row."""
        self._all = list(findings)
        self._files = None
        if position_of is not None:
            self._position_of = position_of
        self._refilter()

    def set_file_findings(self, files: Sequence[tuple[str, Sequence[Finding],
                                                      Callable[[int], int | None]]]) -> None:
        """Replace the findings by those of several files: (name, findings, position_of) each.

        The entry column then names the file before the row.
        """
        self._all = []
        self._files = []
        self._file_names = [name for name, _findings, _position in files]
        self._file_positions = [position for _name, _findings, position in files]
        for number, (_name, findings, _position) in enumerate(files):
            self._all.extend(findings)
            self._files.extend([number] * len(findings))
        self._refilter()

    def file_of(self, row: int) -> int | None:
        """The number of the file the finding at ``row`` belongs to (several files only)."""
        return self._shown_files[row] if self._files is not None else None

    def set_severities(self, severities: Iterable[Severity]) -> None:
        """Show only findings of these severities."""
        self._severities = set(severities)
        self._refilter()

    def _refilter(self) -> None:
        self.beginResetModel()
        if self._files is None:
            self._shown = [f for f in self._all if f.severity in self._severities]
            position = self._position_of
            self._positions = [None if f.entry is None else position(f.entry)
                               for f in self._shown]
        else:
            kept = [(f, number) for f, number in zip(self._all, self._files, strict=True)
                    if f.severity in self._severities]
            self._shown = [f for f, _number in kept]
            self._shown_files = [number for _f, number in kept]
            positions = self._file_positions
            self._positions = [None if f.entry is None else positions[number](f.entry)
                               for f, number in kept]
        self.endResetModel()

    def finding(self, row: int) -> Finding:
        """The finding shown at ``row``."""
        return self._shown[row]

    def findings(self) -> list[Finding]:
        """Every finding, shown or filtered out."""
        return list(self._all)

    def findings_with_files(self) -> list[tuple[Finding, int | None]]:
        """Every finding, shown or filtered out, with its file's number (several files only)."""
        files = self._files if self._files is not None else [None] * len(self._all)
        return list(zip(self._all, files, strict=True))

    def counts(self) -> dict[Severity, int]:
        """How many findings of each severity there are (before filtering)."""
        counts = dict.fromkeys(Severity, 0)
        for finding in self._all:
            counts[finding.severity] += 1
        return counts

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of findings shown (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._shown)

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
        """Cell text, icons and tooltips (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        finding = self._shown[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(finding, row, column)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return severity_icon(finding.severity)
        if role == Qt.ItemDataRole.ForegroundRole and column == 0:
            return severity_colour(finding.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            fix = f"\nQuick fix: {finding.fix.label}" if finding.fix else ""
            return f"{finding.message}\nSource: {finding.source.value}{fix}"
        if role == Role.ENTRY_ID:
            return finding.entry
        if role == Role.FINDINGS:
            return finding
        return None

    def _text(self, finding: Finding, row: int, column: int) -> str:
        if column == 0:
            return finding.severity.value
        if column == 1:
            position = self._positions[row]
            shown = "" if position is None else str(position)
            if self._files is not None:
                name = self._file_names[self._shown_files[row]]
                return f"{name}: {shown}" if shown else name
            return shown
        if column == 2:
            return "" if finding.line is None else str(finding.line)
        if column == 3:
            return finding.field or ""
        if column == 4:
            return finding.code
        return finding.message
