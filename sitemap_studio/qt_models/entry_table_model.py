"""A table model over one :class:`SitemapDocument`; every cell is O(1).

Columns are the four protocol fields and the numbers of images, videos, news
items and alternates. Validation reaches the view through roles: a cell with
a finding gets an icon, colours and a tooltip (severity, message and the
rule's source) from the validator's findings of that entry, and
``Role.FINDINGS``/``Role.SEVERITY`` give them to delegates and panels.

Editing follows STYLE.md: :meth:`EntryTableModel.setData` checks the value
(:func:`~sitemap_studio.core.edits.parse_cell`), builds the changed
:class:`Entry` and hands it to the editor, which pushes an undoable command.
The model never changes the document; it follows the document's callbacks like any other view of it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QColor

from sitemap_studio.core.audit import UrlAudit
from sitemap_studio.core.edits import parse_cell, with_field
from sitemap_studio.core.model import (
    FIELDS,
    Entry,
    Finding,
    Severity,
    SitemapDocument,
    SitemapError,
    SourceFormat,
    rows_of_ids,
)
from sitemap_studio.core.validation import DocumentValidator
from sitemap_studio.qt_models.audit_columns import AUDIT_TITLES, AuditColumns
from sitemap_studio.qt_models.cell_edits import ACCEPTED, CellEdit
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.qt_models.severity_icons import severity_background, severity_icon

ModelIndex = QModelIndex | QPersistentModelIndex

COLUMNS = ("Location", "Last modified", "Change frequency", "Priority", "Images", "Videos",
           "News", "Alternates", *AUDIT_TITLES)
PROTOCOL_COLUMNS = 4
#: The first of the audit columns (Status, Verdict, Final URL), which end the row.
AUDIT_COLUMN = 8
#: The column a finding about a field is shown in; other findings go on the location.
FIELD_COLUMNS = {"loc": 0, "lastmod": 1, "changefreq": 2, "priority": 3, "images": 4,
                 "videos": 5, "news": 6, "alternates": 7}
#: Roles that change when an entry's findings change.
FINDING_ROLES = [Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole,
                 Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ToolTipRole, Role.FINDINGS,
                 Role.SEVERITY]
#: Roles that change when an entry's values change.
VALUE_ROLES = [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole]

_CELL_ROLES = frozenset(int(role) for role in FINDING_ROLES if role != Role.FINDINGS)
_AUDIT_ROLES = frozenset(int(role) for role in (*VALUE_ROLES, Qt.ItemDataRole.ToolTipRole,
                                                Qt.ItemDataRole.ForegroundRole))
#: Dark text colours, readable on the light severity backgrounds in light and dark themes.
_TEXT_COLOURS = {Severity.ERROR: "#7a1414", Severity.WARNING: "#5a3a00",
                 Severity.NOTICE: "#0b3a66"}
#: Above this many changed entries, one dataChanged covers every row.
_MANY_IDS = 256
_ROW_CACHE_LIMIT = 2048
_RIGHT_ALIGNED = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_READ_ONLY = (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
              | Qt.ItemFlag.ItemNeverHasChildren)
_EDITABLE = _READ_ONLY | Qt.ItemFlag.ItemIsEditable
#: Characters XML 1.0 cannot carry, and control characters other than tab and line feed.


class EntryEditor(Protocol):
    """What the model hands edits to: the undo stack's side (see ``commands``)."""

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        """Replace entries by id as one undoable step, or say why not."""


@dataclass(frozen=True, slots=True)
class _RowFindings:
    """One entry's findings, and per column the findings shown there, worst first."""

    findings: list[Finding]
    cells: tuple[tuple[Finding, ...], ...]


_NO_FINDINGS = _RowFindings([], ((),) * len(COLUMNS))


def _row_findings(findings: list[Finding]) -> _RowFindings:
    if not findings:
        return _NO_FINDINGS
    cells: list[list[Finding]] = [[] for _ in COLUMNS]
    for finding in findings:
        cells[FIELD_COLUMNS.get(finding.field or "", 0)].append(finding)
    return _RowFindings(findings, tuple(
        tuple(sorted(cell, key=lambda f: f.severity.rank)) for cell in cells))


def tooltip(findings: Sequence[Finding]) -> str:
    """What a cell's tooltip says: each finding as ``severity: message (source)``."""
    return "\n".join(f"{f.severity.value}: {f.message} ({f.source.value})" for f in findings)


class EntryTableModel(QAbstractTableModel):
    """Rows are entries, columns the four protocol fields and extension counts.

    Args:
        document: the document shown.
        validator: its validator, whose findings colour the cells (optional).
        editor: takes the entries an edit produces (``edit_entries``); without
            one the table is read-only.
    """

    _text_colours: ClassVar[dict[Severity, QColor]] = {}

    def __init__(self, document: SitemapDocument, *, validator: DocumentValidator | None = None,
                 editor: EntryEditor | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.validator = validator
        self.editor = editor
        self._rows_cache: dict[int, _RowFindings] = {}
        self._structural = 0
        #: Entries whose findings changed during row changes, told to views in one notice
        #: when the event loop turns (ten thousand rows removed: one lookup, not 10,000).
        self._pending_ids: set[int] = set()
        self._announce_pending = QTimer(self, singleShot=True, interval=0)
        self._announce_pending.timeout.connect(self._structure_done_later)
        #: The audit results the last columns show (none until an audit ran).
        self.audit = AuditColumns()
        for event, handler in self._handlers():
            event.connect(handler)

    def _handlers(self) -> list[tuple[Any, Callable[..., None]]]:
        doc = self.document
        handlers: list[tuple[Any, Callable[..., None]]] = [
            (doc.entries_inserting, self._inserting), (doc.entries_inserted, self._inserted),
            (doc.entries_removing, self._removing), (doc.entries_removed, self._removed),
            (doc.entries_moving, self._moving), (doc.entries_moved, self._moved),
            (doc.entries_changed, self._changed),
        ]
        if self.validator is not None:
            handlers.append((self.validator.findings_changed, self._findings_changed))
        return handlers

    def detach(self) -> None:
        """Stop listening to the document and the validator (before the model is dropped)."""
        for event, handler in self._handlers():
            event.disconnect(handler)

    def set_validator(self, validator: DocumentValidator | None) -> None:
        """Colour the cells by ``validator``'s findings from now on (it arrives after loading)."""
        if validator is self.validator:
            return
        if self.validator is not None:
            self.validator.findings_changed.disconnect(self._findings_changed)
        self.validator = validator
        if validator is not None:
            validator.findings_changed.connect(self._findings_changed)
        self._rows_cache.clear()
        count = len(self.document)
        if count and not self._structural:
            self.dataChanged.emit(self.index(0, 0), self.index(count - 1, len(COLUMNS) - 1),
                                  FINDING_ROLES)

    def set_audit(self, results: Mapping[str, UrlAudit] | None) -> None:
        """Show ``results`` (URL to audit result, a live mapping) in the audit columns."""
        self.audit.show(results)
        self.audit_changed()

    def audit_changed(self) -> None:
        """Redraw the audit columns (results arrived)."""
        count = len(self.document)
        if count and not self._structural:
            self.dataChanged.emit(self.index(0, AUDIT_COLUMN),
                                  self.index(count - 1, len(COLUMNS) - 1),
                                  [*VALUE_ROLES, Qt.ItemDataRole.ToolTipRole,
                                   Qt.ItemDataRole.ForegroundRole])

    def set_editor(self, editor: EntryEditor | None) -> None:
        """Take edits through ``editor`` from now on; ``None`` makes the table read-only."""
        self.editor = editor

    # ------------------------------------------------------------ following the document

    def _inserting(self, row: int, count: int) -> None:
        self._structural += 1
        self.beginInsertRows(QModelIndex(), row, row + count - 1)

    def _inserted(self, row: int, count: int) -> None:
        self.endInsertRows()
        self._structure_done()

    def _removing(self, row: int, count: int) -> None:
        self._structural += 1
        self.beginRemoveRows(QModelIndex(), row, row + count - 1)

    def _removed(self, row: int, count: int) -> None:
        self.endRemoveRows()
        self._structure_done()

    def _moving(self, row: int, count: int, destination: int) -> None:
        self._structural += 1
        self.beginMoveRows(QModelIndex(), row, row + count - 1, QModelIndex(), destination)

    def _moved(self, row: int, count: int, destination: int) -> None:
        self.endMoveRows()
        self._structure_done()

    @property
    def rows_changing(self) -> bool:
        """Whether the document's rows are being inserted, removed or moved right now."""
        return self._structural > 0

    def _structure_done(self) -> None:
        self._structural -= 1
        if not self._structural and self._pending_ids:
            self._announce_pending.start()

    def _structure_done_later(self) -> None:
        if not self._structural:
            ids, self._pending_ids = self._pending_ids, set()
            self._announce_findings(ids)

    def _changed(self, rows: list[int]) -> None:
        self._rows_cache.clear()
        if rows:
            self.dataChanged.emit(self.index(min(rows), 0),
                                  self.index(max(rows), len(COLUMNS) - 1), VALUE_ROLES)

    def _findings_changed(self, entry_ids: set[int]) -> None:
        self._rows_cache.clear()
        if self._structural or self._announce_pending.isActive():  # rows are changing: wait
            self._pending_ids |= entry_ids
            return
        self._announce_findings(entry_ids)

    def _announce_findings(self, entry_ids: Collection[int]) -> None:
        count = len(self.document)
        if not count or not entry_ids:
            return
        if len(entry_ids) > _MANY_IDS:
            first, last = 0, count - 1
        else:
            rows = rows_of_ids(self.document, entry_ids)
            if not rows:
                return
            first, last = rows[0], rows[-1]
        self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1),
                              FINDING_ROLES)

    # ------------------------------------------------------------------ findings

    def _findings_at(self, row: int) -> _RowFindings:
        if self.validator is None:
            return _NO_FINDINGS
        entry_id = self.document.id_at(row)
        found = self._rows_cache.get(entry_id)
        if found is None:
            if len(self._rows_cache) >= _ROW_CACHE_LIMIT:
                self._rows_cache.clear()
            found = self._rows_cache[entry_id] = _row_findings(
                self.validator.entry_findings(entry_id))
        return found

    @classmethod
    def _text_colour(cls, severity: Severity) -> QColor:
        colour = cls._text_colours.get(severity)
        if colour is None:
            colour = cls._text_colours[severity] = QColor(_TEXT_COLOURS[severity])
        return colour

    def _cell_data(self, row: int, column: int, role: int) -> Any:
        cell = self._findings_at(row).cells[column]
        if not cell:
            return None
        severity = cell[0].severity
        if role == Qt.ItemDataRole.DecorationRole:
            return severity_icon(severity)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._text_colour(severity)
        if role == Qt.ItemDataRole.BackgroundRole:
            return severity_background(severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(cell)
        return severity  # Role.SEVERITY

    # ------------------------------------------------------------------ Qt interface

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

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Index of a cell, bounds checked here (overrides ``QAbstractItemModel.index``, whose
        check would call ``rowCount`` and ``columnCount`` back through Python)."""
        if parent.isValid() or not (0 <= row < len(self.document) and 0 <= column < len(COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Cell values and their findings (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        return self.cell_data(index.row(), index.column(), role)

    def cell_data(self, row: int, column: int, role: int) -> Any:
        """What :meth:`data` gives for a cell, by row and column (the proxy's fast path)."""
        if column >= AUDIT_COLUMN and role in _AUDIT_ROLES:
            return self.audit.cell(self.document.text(row, 0), column - AUDIT_COLUMN, role)
        if role == Qt.ItemDataRole.DisplayRole or role == Qt.ItemDataRole.EditRole:
            if column < PROTOCOL_COLUMNS:
                return self.document.text(row, column)
            if not self.document.has_object(row):
                return 0
            return self.document.entry_at(row).extension_counts[column - PROTOCOL_COLUMNS]
        if role in _CELL_ROLES:
            return self._cell_data(row, column, role)
        if role == Role.ENTRY_ID:
            return self.document.id_at(row)
        if role == Role.FINDINGS:
            return list(self._findings_at(row).findings)
        if role == Role.DOCUMENT:
            return self.document
        if role == Qt.ItemDataRole.TextAlignmentRole and PROTOCOL_COLUMNS - 1 <= column <= \
                AUDIT_COLUMN:  # numbers (the priority, the counts, the status) to the right
            return _RIGHT_ALIGNED
        return None

    def _refusal(self, row: int, column: int) -> str | None:
        """Why the cell cannot be edited at all, or ``None``."""
        if column >= AUDIT_COLUMN:
            return "the audit's findings are read-only: audit the URLs again to update them"
        if column >= PROTOCOL_COLUMNS:
            return f"the number of {COLUMNS[column].lower()} is counted, not typed"
        if self.editor is None:
            return "this table is read-only"
        if column > 0 and self.document.source.format in (SourceFormat.TEXT, SourceFormat.ROBOTS):
            return "a text sitemap holds only URLs"
        if column > 1 and self.document.element_at(row) == "sitemap":
            return f"a sitemap index entry has no {FIELDS[column]}"
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Protocol cells are editable where the format holds them (overrides ``flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return self.cell_flags(index.row(), index.column())

    def cell_flags(self, row: int, column: int) -> Qt.ItemFlag:
        """What :meth:`flags` gives for a cell, by row and column."""
        if self._refusal(row, column) is None:
            return _EDITABLE
        return _READ_ONLY

    def setData(self, index: ModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Check ``value`` and hand the changed entry to the editor (overrides ``setData``).

        Returns ``False`` for a value the field cannot take (:meth:`edit_cell`
        says why); an unchanged value succeeds without an edit.
        """
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        return self.edit_cell(index.row(), index.column(), value).accepted

    def edit_cell(self, row: int, column: int, value: Any) -> CellEdit:
        """Check ``value`` and hand the changed entry to the editor, or say why not."""
        refusal = self._refusal(row, column)
        if refusal is not None:
            return CellEdit(refusal)
        try:
            text = parse_cell(column, value)
        except ValueError as error:
            return CellEdit(str(error))
        if text == self.document.text(row, column):
            return ACCEPTED
        field = FIELDS[column]
        changed = with_field(self.document.entry_at(row), field, text)
        assert self.editor is not None  # _refusal says so
        try:
            return self.editor.edit_entries([changed], f"Edit {field}")
        except SitemapError as error:
            return CellEdit(error.message)
        except ValueError as error:
            return CellEdit(str(error))
