"""What the window's parts may ask of the main window: the one interface they are written against.

The operations (file, edit, import, publish, compare, audit, start), the menus,
the session follower and the All entries view are built by the main window and given it as their
host. They see it through this base class, which declares what the main
window holds and does; so none of them imports the main window's module, and
the main window alone puts the parts together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QTreeView

    from sitemap_studio.core.model import SitemapError
    from sitemap_studio.core.project import WorkspaceItem
    from sitemap_studio.qt_models.project_tree_model import ProjectTreeModel
    from sitemap_studio.services.jobs import JobRunner
    from sitemap_studio.services.session import DocumentState, Session
    from sitemap_studio.settings import AppSettings
    from sitemap_studio.widgets.all_entries_table import AllEntriesTable
    from sitemap_studio.widgets.all_entries_view import AllEntriesView
    from sitemap_studio.widgets.audit_operations import AuditOperations
    from sitemap_studio.widgets.compare_operations import CompareOperations
    from sitemap_studio.widgets.detail_pane import DetailPane
    from sitemap_studio.widgets.edit_operations import EditOperations
    from sitemap_studio.widgets.entry_table import EntryTable
    from sitemap_studio.widgets.file_operations import FileOperations
    from sitemap_studio.widgets.import_operations import ImportOperations
    from sitemap_studio.widgets.issues_panel import IssuesPanel
    from sitemap_studio.widgets.publish_operations import PublishOperations
    from sitemap_studio.widgets.start_operations import StartOperations
    from sitemap_studio.widgets.status_progress import StatusProgress
    from sitemap_studio.widgets.status_summary import StatusSummary
    from sitemap_studio.widgets.welcome_page import WelcomePage
    from sitemap_studio.widgets.window_actions import WindowActions


class WindowHost(QMainWindow):
    """The main window, as its parts see it.

    Signals:
        workspace_loaded: every file of the workspace is read (``Workspace``).
        document_shown: the table shows another document (``DocumentState`` or ``None``).
    """

    workspace_loaded = Signal(object)
    document_shown = Signal(object)

    # what the user has open, and the services behind it
    session: Session
    settings: AppSettings
    runner: JobRunner
    current: DocumentState | None
    project_model: ProjectTreeModel
    # the window's widgets
    project_view: QTreeView
    entry_table: EntryTable
    all_table: AllEntriesTable
    issues_panel: IssuesPanel
    detail_pane: DetailPane
    message_label: QLabel
    summary: StatusSummary
    progress: StatusProgress
    pages: QStackedWidget
    welcome: WelcomePage
    main_splitter: QSplitter
    centre_stack: QStackedWidget
    # its other parts
    files: FileOperations
    edits: EditOperations
    publish: PublishOperations
    imports: ImportOperations
    compares: CompareOperations
    starts: StartOperations
    audits: AuditOperations
    all_view: AllEntriesView
    window_actions: WindowActions

    if TYPE_CHECKING:  # defined by the main window
        def select_item(self, item: WorkspaceItem) -> None: ...
        def show_state(self, state: DocumentState | None,
                       item: WorkspaceItem | None = None) -> None: ...
        def attach_validator(self, state: DocumentState) -> None: ...
        def update_title(self) -> None: ...
        def jump_to(self, entry_id: int | None, field: str | None) -> None: ...
        def open_path(self, path: str) -> None: ...
        def open_failed(self, path: str, error: SitemapError) -> None: ...
        def show_message(self, text: str) -> None: ...
        def show_error(self, title: str, message: str) -> None: ...
