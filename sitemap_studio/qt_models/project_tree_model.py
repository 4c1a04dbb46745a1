"""The project tree: the project, its index and its sitemaps, with counts and badges."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
)

from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Severity
from sitemap_studio.core.project import FileRole, ItemKey, Workspace, WorkspaceItem, item_label
from sitemap_studio.core.validation import DocumentValidator
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.qt_models.severity_icons import severity_icon

ModelIndex = QModelIndex | QPersistentModelIndex
HEADERS = ("File", "Entries", "Errors", "Warnings")
#: Columns headed by a severity badge instead of a word (the tooltip has the word).
_HEADER_ICONS = {2: Severity.ERROR, 3: Severity.WARNING}
#: Internal id of the project node; items use their position + 1.
_PROJECT = 0
#: Internal id of the *All entries* node, the project's sibling below it.
_ALL = 1 << 30
ALL_ENTRIES = "All entries"


class ProjectTreeModel(QAbstractItemModel):
    """Two levels: the project, then its index and sitemaps (or one lone file on top).

    A project also gets an *All entries* node below it: every entry of its
    sitemaps in one table.

    ``validator_of`` gives the validator of a workspace item, once it has one;
    call :meth:`refresh_item` when an item's findings or entries change: the counts
    read after it are current at once, and views are told once the event loop turns
    (a change of a thousand scattered rows sends a thousand notices, one repaint).
    """

    def __init__(self, validator_of: Callable[[WorkspaceItem], DocumentValidator | None]
                 | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._workspace: Workspace | None = None
        self._items: list[WorkspaceItem] = []
        self._validator_of = validator_of or (lambda item: None)
        #: Findings counted per item (by key), until :meth:`refresh_item` says they changed:
        #: a paint asks for them per cell and role, and counting is linear in the findings.
        self._counted: dict[ItemKey, tuple[DocumentValidator, int, int]] = {}
        #: Items whose rows views have not yet been told changed (see :meth:`refresh_item`).
        self._stale: set[ItemKey] = set()
        self._tell = QTimer(self)
        self._tell.setSingleShot(True)
        self._tell.setInterval(0)
        self._tell.timeout.connect(self._tell_views)

    # ----------------------------------------------------------------- content

    def set_workspace(self, workspace: Workspace | None) -> None:
        """Show ``workspace`` (or nothing)."""
        self.beginResetModel()
        self._counted.clear()
        self._workspace = workspace
        self._items = list(workspace.items) if workspace else []
        self.endResetModel()

    def add_item(self, item: WorkspaceItem) -> None:
        """Show one more file (progressive loading)."""
        parent = self._parent_index()
        row = len(self._items)
        self.beginInsertRows(parent, row, row)
        self._items.append(item)
        self.endInsertRows()
        self._refresh_totals()

    def refresh_item(self, item: WorkspaceItem) -> None:
        """Count an item's findings again; its row, badge and the project's totals above it
        are repainted when the event loop next turns, once for every call until then."""
        self._counted.pop(item.key, None)
        self._stale.add(item.key)
        if not self._tell.isActive():
            self._tell.start()

    def _tell_views(self) -> None:
        stale, self._stale = self._stale, set()
        rows = [row for row, item in enumerate(self._items) if item.key in stale]
        for row in rows:
            index = self.createIndex(row, 0, row + 1)
            self.dataChanged.emit(index, index.siblingAtColumn(len(HEADERS) - 1))
        if rows:
            self._refresh_totals()

    def _refresh_totals(self) -> None:
        if self._has_project_node():
            project = self._parent_index()
            self.dataChanged.emit(project, project.siblingAtColumn(len(HEADERS) - 1))
            every = self.all_entries_index()
            self.dataChanged.emit(every, every.siblingAtColumn(len(HEADERS) - 1))

    def item(self, index: ModelIndex) -> WorkspaceItem | None:
        """The workspace item at ``index`` (``None`` for the project and *All entries*)."""
        if not index.isValid() or index.internalId() in (_PROJECT, _ALL):
            return None
        return self._items[index.internalId() - 1]

    def is_all_entries(self, index: ModelIndex) -> bool:
        """Whether ``index`` is the *All entries* node."""
        return index.isValid() and index.internalId() == _ALL

    def all_entries_index(self) -> QModelIndex:
        """The *All entries* node (invalid without a project)."""
        return self.createIndex(1, 0, _ALL) if self._has_project_node() else QModelIndex()

    def index_of(self, item: WorkspaceItem) -> QModelIndex:
        """Where ``item`` (the file of its key) is shown."""
        for position, known in enumerate(self._items):
            if known.key == item.key:
                return self.createIndex(position, 0, position + 1)
        return QModelIndex()

    def _has_project_node(self) -> bool:
        return self._workspace is not None and self._workspace.project is not None

    def _parent_index(self) -> QModelIndex:
        return self.createIndex(0, 0, _PROJECT) if self._has_project_node() else QModelIndex()

    # ------------------------------------------------------------ Qt interface

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Index of a cell (overrides ``QAbstractItemModel.index``)."""
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid() and self._has_project_node():
            return self.createIndex(row, column, _ALL if row == 1 else _PROJECT)
        return self.createIndex(row, column, row + 1)

    def parent(self, index: ModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """Parent of an index (overrides ``QAbstractItemModel.parent``)."""
        if not index.isValid() or index.internalId() in (_PROJECT, _ALL):
            return QModelIndex()
        return self._parent_index()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Children of ``parent`` (overrides ``QAbstractItemModel.rowCount``)."""
        if parent.column() > 0:
            return 0
        if not parent.isValid():
            return 2 if self._has_project_node() else len(self._items)
        if parent.internalId() == _PROJECT:
            return len(self._items)
        return 0

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Columns (overrides ``QAbstractItemModel.columnCount``)."""
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles (overrides ``QAbstractItemModel.headerData``)."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        severity = _HEADER_ICONS.get(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return None if severity else HEADERS[section]  # badges: narrow columns
        if role == Qt.ItemDataRole.DecorationRole and severity:
            return severity_icon(severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return HEADERS[section]
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Names, counts and badges (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        if index.internalId() == _ALL:
            return self._all_data(index.column(), role)
        item = self.item(index)
        if item is None:
            return self._project_data(index.column(), role)
        return self._item_data(item, index.column(), role)

    def totals(self) -> tuple[int, int, int]:
        """Entries, errors and warnings summed over every file shown."""
        entries = errors = warnings = 0
        for item in self._items:
            counted = self._counts(item)
            entries, errors, warnings = (entries + counted[0], errors + counted[1],
                                         warnings + counted[2])
        return entries, errors, warnings

    def _project_data(self, column: int, role: int) -> Any:
        if self._workspace is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return self._workspace.title
            if column > 1 and self._pending():
                return "\N{HORIZONTAL ELLIPSIS}"
            return f"{self.totals()[column - 1]:,}"
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            _, errors, warnings = self.totals()
            worst = Severity.ERROR if errors else Severity.WARNING if warnings else None
            return severity_icon(worst) if worst else None
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _all_data(self, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and column == 0:
            return ALL_ENTRIES
        if role == Qt.ItemDataRole.ToolTipRole:
            return "Every entry of every sitemap of the project, in one table"
        if role == Qt.ItemDataRole.DisplayRole and column == 1:
            entries = sum(len(item.document) for item in self._items
                          if item.role == "sitemap" and item.document is not None)
            return f"{entries:,}"
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _pending(self) -> bool:
        """Whether a readable file has not been validated yet (its counts are unknown)."""
        return any(item.document is not None and self._validator_of(item) is None
                   for item in self._items)

    def _counts(self, item: WorkspaceItem) -> tuple[int, int, int]:
        entries = len(item.document) if item.document is not None else 0
        validator = self._validator_of(item)
        if validator is None:
            return entries, 0, 0
        known = self._counted.get(item.key)
        if known is None or known[0] is not validator:
            counts = validator.counts()
            known = self._counted[item.key] = (validator, counts[Severity.ERROR],
                                               counts[Severity.WARNING])
        return entries, known[1], known[2]

    def _item_data(self, item: WorkspaceItem, column: int, role: int) -> Any:
        validator = self._validator_of(item)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                name = item_label(item, self._items)
                return f"{name} (index)" if item.role == FileRole.INDEX else name
            if item.document is None:
                return "unreadable" if column == 1 else ""
            if validator is None and column > 1:
                return "\N{HORIZONTAL ELLIPSIS}"
            return f"{self._counts(item)[column - 1]:,}"
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            if item.document is None:
                return severity_icon(Severity.ERROR)
            if validator is not None:
                _, errors, warnings = self._counts(item)
                worst = Severity.ERROR if errors else Severity.WARNING if warnings else None
                return severity_icon(worst) if worst else None
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            if item.error is not None:
                return item.error.located()
            entries, errors, warnings = self._counts(item)
            return (f"{item.path}\n{plural(entries, 'entry', 'entries')}, "
                    f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
                    if validator is not None else item.path)
        if role == Qt.ItemDataRole.TextAlignmentRole and column > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Role.DOCUMENT:
            return item.document
        return None
