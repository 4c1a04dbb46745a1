"""Read-only tables for the export and submission dialogs: files, findings, answers, blockers.

One small model, :class:`RecordTableModel`, shows a list of core values
(frozen dataclasses) through a tuple of :class:`Column` descriptions; the
factory functions below give each dialog its table. ``data()`` calls one
formatting function per cell. :attr:`Role.SORT_KEY` gives a cell's plain value
(a number for the numeric columns), for tests and sorting proxies.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QIcon

from sitemap_studio.core.export import ExportedFile, PlannedFile
from sitemap_studio.core.model import Finding, Severity
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.qt_models.severity_icons import COLOURS

T = TypeVar("T")
ModelIndex = QModelIndex | QPersistentModelIndex

_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_LEFT = int((Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value)


@dataclass(frozen=True, slots=True)
class Column(Generic[T]):
    """How one column shows a record: title, text, plain value, tooltip and icon."""

    header: str
    text: Callable[[T], str]
    value: Callable[[T], object] | None = None
    numeric: bool = False
    tooltip: Callable[[T], str | None] | None = None
    icon: Callable[[T], QIcon | None] | None = None


class RecordTableModel(QAbstractTableModel, Generic[T]):
    """Records under fixed columns; ``warning(record)`` colours a row as a problem."""

    def __init__(self, columns: Sequence[Column[T]],
                 warning: Callable[[T], bool] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._columns = tuple(columns)
        self._warning = warning
        self._records: list[T] = []
        self._warning_brush = QBrush(QColor(COLOURS[Severity.ERROR]))

    def set_records(self, records: Iterable[T]) -> None:
        """Show ``records`` instead of what was shown (one model reset)."""
        self.beginResetModel()
        self._records = list(records)
        self.endResetModel()

    def append(self, record: T) -> None:
        """Add ``record`` at the end."""
        row = len(self._records)
        self.beginInsertRows(QModelIndex(), row, row)
        self._records.append(record)
        self.endInsertRows()

    def record(self, row: int) -> T:
        """The record shown at ``row``."""
        return self._records[row]

    def records(self) -> list[T]:
        """Every record shown, in order."""
        return list(self._records)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of records (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._records)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        if (role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(self._columns)):
            return self._columns[section].header
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text, plain value, tooltip, alignment, icon and warning colour (overrides ``data``)."""
        if not index.isValid() or not 0 <= index.row() < len(self._records):
            return None
        record = self._records[index.row()]
        column = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(record)
        if role == Role.SORT_KEY:
            return column.value(record) if column.value is not None else column.text(record)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tooltip(record) if column.tooltip is not None else None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column.numeric else _LEFT
        if role == Qt.ItemDataRole.DecorationRole:
            return column.icon(record) if column.icon is not None else None
        if (role == Qt.ItemDataRole.ForegroundRole and self._warning is not None
                and self._warning(record)):
            return self._warning_brush
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Selectable, never editable (overrides ``QAbstractItemModel.flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemNeverHasChildren)


# --- formatting ---------------------------------------------------------------------------------


def human_size(size: int) -> str:
    """``512 bytes``, ``3.4 KiB``, ``12.50 MiB``."""
    if size < 1024:
        return f"{size:,} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KiB"
    return f"{size / (1024 * 1024):.2f} MiB"


def percent(part: int, whole: int) -> str:
    """``part`` as a percentage of ``whole``, rounded down to a tenth (never 100 % too early)."""
    if whole <= 0:
        return ""
    tenths = part * 1000 // whole
    return f"{tenths // 10}.{tenths % 10}%"


def _bytes_tip(size: int) -> str:
    return f"{size:,} bytes uncompressed"


# --- the dialogs' tables ------------------------------------------------------------------------


def plan_model(max_urls: Callable[[], int], max_bytes: Callable[[], int],
               parent: QObject | None = None) -> RecordTableModel[PlannedFile]:
    """The files an export would write, with their share of the limits the dialog sets."""
    columns: list[Column[PlannedFile]] = [
        Column("File", lambda f: f.name, tooltip=lambda f: f.name),
        Column("URLs", lambda f: f"{f.urls:,}", lambda f: f.urls, numeric=True),
        Column("Size", lambda f: human_size(f.raw_bytes), lambda f: f.raw_bytes,
               numeric=True, tooltip=lambda f: _bytes_tip(f.raw_bytes)),
        Column("Of URL limit", lambda f: percent(f.urls, max_urls()),
               lambda f: f.urls / max(1, max_urls()), numeric=True),
        Column("Of size limit", lambda f: percent(f.raw_bytes, max_bytes()),
               lambda f: f.raw_bytes / max(1, max_bytes()), numeric=True),
        Column("Ends at", lambda f: str(f.split_by), lambda f: f.split_by),
    ]
    return RecordTableModel(columns, parent=parent)


def result_model(parent: QObject | None = None) -> RecordTableModel[ExportedFile]:
    """The files an export wrote: name, URLs, uncompressed bytes and bytes on disk."""
    columns: list[Column[ExportedFile]] = [
        Column("File", lambda f: f.name, tooltip=lambda f: f.name),
        Column("URLs", lambda f: f"{f.urls:,}", lambda f: f.urls, numeric=True),
        Column("Size", lambda f: human_size(f.raw_bytes), lambda f: f.raw_bytes, numeric=True,
               tooltip=lambda f: _bytes_tip(f.raw_bytes)),
        Column("On disk", lambda f: human_size(f.stored_bytes), lambda f: f.stored_bytes,
               numeric=True, tooltip=lambda f: f"{f.stored_bytes:,} bytes"),
    ]
    return RecordTableModel(columns, parent=parent)


def findings_model(parent: QObject | None = None) -> RecordTableModel[Finding]:
    """Findings of a checked text (robots.txt): line, severity, message."""
    columns: list[Column[Finding]] = [
        Column("Line", lambda f: "" if f.line is None else str(f.line),
               lambda f: f.line or 0, numeric=True),
        Column("Severity", lambda f: f.severity.value),
        Column("Finding", lambda f: f.message, tooltip=lambda f: f"{f.code}: {f.message}"),
    ]
    return RecordTableModel(columns, warning=lambda f: f.severity == Severity.ERROR,
                            parent=parent)


@dataclass(frozen=True, slots=True)
class CodeCount:
    """How many blocking findings one rule raised, with the first one's message."""

    code: str
    count: int
    first: str


#: A blocking finding with the key (path) of the file it is in.
Blocker = tuple[str, Finding]


def code_counts(blockers: Sequence[Blocker]) -> list[CodeCount]:
    """One :class:`CodeCount` per rule code, the most frequent first (ties: first seen)."""
    counts = Counter(finding.code for _key, finding in blockers)
    first: dict[str, str] = {}
    for _key, finding in blockers:
        first.setdefault(finding.code, finding.message)
    return [CodeCount(code, count, first[code]) for code, count in counts.most_common()]


def blocker_where(blocker: Blocker) -> str:
    """``file.xml:12``: the file's name and the finding's line (when known)."""
    key, finding = blocker
    name = os.path.basename(key)
    return f"{name}:{finding.line}" if finding.line is not None else name


def code_count_model(parent: QObject | None = None) -> RecordTableModel[CodeCount]:
    """Blocking findings per rule code: code, count, the first message."""
    columns: list[Column[CodeCount]] = [
        Column("Rule", lambda c: c.code),
        Column("Count", lambda c: f"{c.count:,}", lambda c: c.count, numeric=True),
        Column("First message", lambda c: c.first, tooltip=lambda c: c.first),
    ]
    return RecordTableModel(columns, parent=parent)


def blocker_model(parent: QObject | None = None) -> RecordTableModel[Blocker]:
    """Blocking findings one per row: where (file:line), rule code, message."""
    columns: list[Column[Blocker]] = [
        Column("Where", blocker_where, tooltip=lambda b: b[0]),
        Column("Rule", lambda b: b[1].code),
        Column("Message", lambda b: b[1].message, tooltip=lambda b: b[1].message),
    ]
    return RecordTableModel(columns, warning=lambda _b: True, parent=parent)


__all__ = [
    "Blocker", "CodeCount", "Column", "RecordTableModel", "blocker_model", "blocker_where",
    "code_count_model", "code_counts", "findings_model", "human_size", "percent", "plan_model",
    "result_model",
]
