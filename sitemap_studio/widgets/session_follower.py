"""How the main window follows its session: each thing the session says, redrawn.

The :class:`~sitemap_studio.services.session.Session` opens, reads,
validates, journals and saves, and says so through its signals; this
module shows each of them where the user looks: the project tree (files
added, totals, modified marks), the welcome page or the main area, the
document shown (selected when the first file is read, redrawn when it is
validated or replaced), the title and the status bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from sitemap_studio.core.export import plural
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import FileRole, Workspace, WorkspaceItem
from sitemap_studio.services.session import DocumentState

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


class SessionFollower(QObject):
    """Connects ``window`` to its session's signals and redraws it when they come."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        session = window.session
        session.opened.connect(self._opened)
        session.item_added.connect(self._item_added)
        session.loaded.connect(self._loaded)
        session.load_failed.connect(self._load_failed)
        session.load_cancelled.connect(self._load_cancelled)
        session.reopen_failed.connect(
            lambda path, error: window.show_error("Cannot read the file again", error.located()))
        session.validated.connect(self._validated)
        session.busy_changed.connect(self._busy_changed)
        session.modified_changed.connect(self._modified_changed)
        session.replaced.connect(self._replaced)
        session.renamed.connect(self._renamed)

    def _opened(self, workspace: Workspace | None) -> None:
        window = self.window
        window.pages.setCurrentWidget(window.welcome if workspace is None
                                      else window.main_splitter)
        window.all_view.hide()
        window.show_state(None)
        window.project_model.set_workspace(workspace)
        window.project_view.expandAll()
        window.update_title()

    def _item_added(self, item: WorkspaceItem) -> None:
        window = self.window
        if not window.project_model.index_of(item).isValid():
            window.project_model.add_item(item)
        window.project_view.expandAll()
        window.all_view.added(window.session.state_for(item))
        if (window.current is None and not window.all_view.shown and item.document is not None
                and item.role == FileRole.SITEMAP):
            window.select_item(item)

    def _loaded(self, workspace: Workspace) -> None:
        window = self.window
        if window.current is None and workspace.items and not window.all_view.shown:
            readable = [i for i in workspace.items if i.document is not None]
            first = next((i for i in readable if i.role == FileRole.SITEMAP), None)
            window.select_item(first or workspace.items[0])
        failed = [item for item in workspace.items if item.error is not None]
        window.window_actions.update_enabled()
        window.show_message(f"Opened {workspace.title}" + (
            f"; {plural(len(failed), 'file')} could not be read" if failed else ""))
        window.update_title()
        window.workspace_loaded.emit(workspace)

    def _load_failed(self, path: str, error: SitemapError) -> None:
        self.window.open_failed(path, error)

    def _load_cancelled(self, workspace: Workspace) -> None:
        window = self.window
        window.show_message(f"Loading cancelled; {plural(len(workspace.items), 'file')} read")
        window.project_model.set_workspace(workspace)
        window.project_view.expandAll()
        if workspace.items and window.current is None:
            window.select_item(workspace.items[0])

    def _validated(self, state: DocumentState) -> None:
        window = self.window
        window.project_model.refresh_item(state.item)
        window.all_view.follow(state)
        if state is window.current:
            window.attach_validator(state)

    def _busy_changed(self, state: DocumentState, busy: bool) -> None:
        window = self.window
        window.all_view.follow(state)
        if state is not window.current:
            return
        model = window.entry_table.model
        if model is not None:
            model.set_editor(None if busy else state)
        window.detail_pane.setEnabled(not busy)
        window.window_actions.update_enabled()
        window.show_message("Validating\N{HORIZONTAL ELLIPSIS} (editing resumes when done)"
                            if busy else "Validated")

    def _modified_changed(self, state: DocumentState, modified: bool) -> None:
        window = self.window
        window.setWindowModified(bool(window.session.modified_states))
        window.project_model.refresh_item(state.item)
        window.update_title()

    def _renamed(self, state: DocumentState, _old: str) -> None:
        window = self.window
        window.project_model.refresh_item(state.item)
        window.settings.add_recent(state.path)
        window.window_actions.update_recent()
        window.update_title()
        window.all_view.refresh()

    def _replaced(self, state: DocumentState) -> None:
        window = self.window
        window.all_view.refresh()
        if state is window.current:
            window.show_state(state)


__all__ = ["SessionFollower"]
