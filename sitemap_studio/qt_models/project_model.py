"""The files of the open workspace (index first, then sitemaps), for the project list."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from sitemap_studio.core.workspace import Workspace, WorkspaceItem
from sitemap_studio.qt_models.roles import Role

ModelIndex = QModelIndex | QPersistentModelIndex


class ProjectModel(QAbstractListModel):
    """One row per workspace item, showing its name and entry count or error."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[WorkspaceItem] = []

    def set_workspace(self, workspace: Workspace | None) -> None:
        """Show the items of ``workspace`` (or nothing)."""
        self.beginResetModel()
        self._items = list(workspace.items) if workspace else []
        self.endResetModel()

    def item(self, row: int) -> WorkspaceItem:
        """The workspace item at ``row``."""
        return self._items[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of files (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._items)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Names, counts and errors (overrides ``QAbstractItemModel.data``)."""
        if not index.isValid():
            return None
        item = self._items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            label = f"{item.name} (index)" if item.role == "index" else item.name
            if item.document is not None:
                count = len(item.document)
                return f"{label} \N{EM DASH} {count:,} {'entry' if count == 1 else 'entries'}"
            return f"{label} \N{EM DASH} cannot be read"
        if role == Qt.ItemDataRole.ToolTipRole:
            return item.error.located() if item.error else item.path
        if role == Role.DOCUMENT:
            return item.document
        return None
