"""The issues panel's tree: one row per cause, its entries' findings as child rows.

A cause found on one entry is a plain row; a cause repeated on many
(``loc-private-host`` on every URL of a site built on localhost) is a parent row
saying how many entries it concerns, whose children are the findings one by one.
The columns are the findings table's: severity, entry, line, field, code, message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Finding, Severity
from sitemap_studio.core.validation import Cause, FindingGroup, group_findings
from sitemap_studio.qt_models.finding_columns import (
    HEADERS,
    finding_data,
    finding_text,
    header_title,
)
from sitemap_studio.qt_models.roles import Role

ModelIndex = QModelIndex | QPersistentModelIndex
#: A top-level row's internal id; a child's is its parent's row + 1.
TOP = 0


def _nowhere(_entry_id: int) -> None:
    """No row is known for any entry (no document shown, or findings of no row)."""
    return None


class FindingGroupsModel(QAbstractItemModel):
    """Findings grouped by cause, filtered by severity; rows name their entry by position."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[Finding] = []
        self._groups: list[FindingGroup] = []
        self._shown: list[FindingGroup] = []
        self._positions: dict[int, list[int | str | None]] = {}  # shown row -> its children's
        self._causes: dict[tuple[str, Severity, str], Cause] = {}
        self._severities = {Severity.ERROR, Severity.WARNING, Severity.NOTICE}
        self._position_of: Callable[[int], int | None] = _nowhere
        #: With findings of several files (the *All entries* view): each finding's file
        #: number by ``id``, and per file its name and position function.
        self._file_of: dict[int, int] | None = None
        self._file_names: list[str] = []
        self._file_positions: list[Callable[[int], int | None]] = []

    # ----------------------------------------------------------------- content

    def set_findings(self, findings: Sequence[Finding],
                     position_of: Callable[[int], int | None] | None = None) -> None:
        """Replace the findings; ``position_of`` maps an entry id to its 1-based row (none
        given: no row is shown)."""
        self._file_of = None
        self._file_names, self._file_positions = [], []  # they name the files' documents
        self._take(list(findings), position_of or _nowhere)

    def set_file_findings(self, files: Sequence[tuple[str, Sequence[Finding],
                                                      Callable[[int], int | None]]]) -> None:
        """Replace the findings by those of several files: (name, findings, position_of) each.

        The entry column then names the file before the row; a cause found in
        several files is one group.
        """
        self._file_names = [name for name, _findings, _position in files]
        self._file_positions = [position for _name, _findings, position in files]
        self._file_of = {}
        found: list[Finding] = []
        for number, (_name, findings, _position) in enumerate(files):
            found.extend(findings)
            self._file_of.update(dict.fromkeys(map(id, findings), number))
        self._take(found, _nowhere)

    def file_of(self, finding: Finding) -> int | None:
        """The number of the file ``finding`` belongs to (several files only)."""
        return None if self._file_of is None else self._file_of.get(id(finding))

    def _where(self, finding: Finding) -> int | str | None:
        """What the entry column shows for ``finding``: its row, or its file and row."""
        if self._file_of is None:
            return None if finding.entry is None else self._position_of(finding.entry)
        number = self._file_of[id(finding)]
        row = None if finding.entry is None else self._file_positions[number](finding.entry)
        name = self._file_names[number]
        return name if row is None else f"{name}: {row}"

    def _take(self, findings: list[Finding], position_of: Callable[[int], int | None]) -> None:
        self._all = findings
        if len(self._causes) > 2 * len(self._all) + 1000:
            self._causes.clear()  # messages of another document, or of entries long gone
        self._groups = group_findings(self._all, self._causes)
        self._position_of = position_of  # never the last document's, which may be closed
        self._refilter()

    def set_severities(self, severities: Iterable[Severity]) -> None:
        """Show only findings of these severities."""
        self._severities = set(severities)
        self._refilter()

    def _refilter(self) -> None:
        self.beginResetModel()
        self._shown = [group for group in self._groups if group.severity in self._severities]
        self._positions = {}
        self.endResetModel()

    def group(self, row: int) -> FindingGroup:
        """The group shown at top-level ``row`` (a single finding is a group of one)."""
        return self._shown[row]

    def finding(self, row: int) -> Finding:
        """The finding shown at top-level ``row``, or the first of the group there."""
        return self._shown[row].first

    def findings_at(self, index: ModelIndex) -> list[Finding]:
        """The findings a row stands for: the child's, or all of a group's."""
        if not index.isValid():
            return []
        if index.internalId() == TOP:
            return list(self._shown[index.row()].findings)
        return [self._shown[index.internalId() - 1].findings[index.row()]]

    def cause(self, row: int) -> Cause:
        """The cause of the group at top-level ``row`` (to find it again after a refresh)."""
        return self._shown[row].cause

    def rows_of(self, causes: set[Cause]) -> list[int]:
        """The top-level rows of the groups with these causes."""
        if not causes:
            return []
        return [row for row, group in enumerate(self._shown) if group.cause in causes]

    def findings(self) -> list[Finding]:
        """Every finding, shown or filtered out."""
        return list(self._all)

    def counts(self) -> dict[Severity, int]:
        """How many findings of each severity there are (before filtering)."""
        counts = dict.fromkeys(Severity, 0)
        for group in self._groups:
            counts[group.severity] += len(group)
        return counts

    # ------------------------------------------------------------- structure

    def index(self, row: int, column: int,
              parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Index of a group row or a child row (overrides ``QAbstractItemModel.index``)."""
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, TOP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: ModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """A child's group row (overrides ``QAbstractItemModel.parent``)."""
        if not index.isValid() or index.internalId() == TOP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, TOP)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Groups at the top, a group's findings below it (overrides ``rowCount``)."""
        if not parent.isValid():
            return len(self._shown)
        if parent.internalId() != TOP or parent.column() != 0:
            return 0
        group = self._shown[parent.row()]
        return len(group) if len(group) > 1 else 0

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        return header_title(section, orientation, role)

    # ------------------------------------------------------------------ cells

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell text, icons and tooltips (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        row, column, parent = index.row(), index.column(), index.internalId()
        if parent != TOP:
            finding = self._shown[parent - 1].findings[row]
            if role == Qt.ItemDataRole.DisplayRole:
                return finding_text(finding, self._child_positions(parent - 1)[row], column)
            return finding_data(finding, column, role)
        group = self._shown[row]
        first = group.first
        if len(group) == 1:
            if role == Qt.ItemDataRole.DisplayRole:
                return finding_text(first, self._where(first), column)
            return finding_data(first, column, role)
        return self._group_data(group, column, role)

    def _group_data(self, group: FindingGroup, column: int, role: int) -> Any:
        first = group.first
        count = (plural(len(group), "entry", "entries") if first.entry is not None
                 else plural(len(group), "finding"))
        if role == Qt.ItemDataRole.DisplayRole:
            if column in (1, 2):
                return ""
            if column == 5:
                return f"{count}: {group.summary()}"
            return finding_text(first, None, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            fix = f"\nQuick fix for all of them: {first.fix.label}" if first.fix else ""
            return (f"{first.code} on {count}: {group.summary()}\n"
                    f"Source: {first.source.value}{fix}\nExpand to see each one.")
        if role in (Role.ENTRY_ID, Role.FINDINGS):
            return None if role == Role.ENTRY_ID else list(group.findings)
        return finding_data(first, column, role)

    def _child_positions(self, row: int) -> list[int | str | None]:
        positions = self._positions.get(row)
        if positions is None:
            positions = self._positions[row] = list(map(self._where, self._shown[row].findings))
        return positions
