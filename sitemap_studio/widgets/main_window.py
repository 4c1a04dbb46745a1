"""The main window: project tree, entry table, issues panel and detail pane around a session.

The window owns no document logic: the :class:`Session` opens, validates,
journals and saves; :mod:`file_operations` and :mod:`edit_operations` turn
the user's actions into session and command calls; :mod:`session_follower`
redraws the window when the session speaks; this module lays the widgets out
and shows the document chosen.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTreeView,
    QWidget,
)

from sitemap_studio.core.model import Entry, SitemapError, SourceFormat
from sitemap_studio.core.project import WorkspaceItem
from sitemap_studio.core.validation import DocumentValidator
from sitemap_studio.qt_models.entry_table_model import EntryTableModel
from sitemap_studio.qt_models.project_tree_model import ProjectTreeModel
from sitemap_studio.services.session import DocumentState, Session
from sitemap_studio.settings import AppSettings
from sitemap_studio.widgets import prompts
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
from sitemap_studio.widgets.prompts import read_error_text
from sitemap_studio.widgets.publish_operations import PublishOperations
from sitemap_studio.widgets.session_follower import SessionFollower
from sitemap_studio.widgets.start_operations import StartOperations
from sitemap_studio.widgets.status_progress import StatusProgress
from sitemap_studio.widgets.status_summary import StatusSummary
from sitemap_studio.widgets.welcome_page import WelcomePage
from sitemap_studio.widgets.window_actions import WindowActions
from sitemap_studio.widgets.window_host import WindowHost
from sitemap_studio.widgets.window_layout import DetailFolding, first_size, fit_to_screen

APP_NAME = "Sitemap Studio"
_SPLITTERS = ("main", "centre")


class MainWindow(WindowHost):
    """One workspace (a project or a lone file) at a time.

    Signals (besides :class:`WindowHost`'s):
        load_failed: the project or file cannot be read (``SitemapError``).
    """

    load_failed = Signal(object)

    def __init__(self, session: Session, settings: AppSettings, *,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = session.runner
        self.settings = settings
        self.session = session
        session.setParent(self)
        self.current: DocumentState | None = None
        self.project_model = ProjectTreeModel(self._validator_of, self)
        self._build()
        self.files = FileOperations(self)
        self.edits = EditOperations(self)
        self.publish = PublishOperations(self)
        self.imports = ImportOperations(self)
        self.compares = CompareOperations(self)
        self.starts = StartOperations(self)
        self.audits = AuditOperations(self)
        self.all_view = AllEntriesView(self)
        self.window_actions = WindowActions(self)
        self.welcome = WelcomePage.install(self)
        self.entry_table.selection_changed.connect(
            lambda _count: self.window_actions.update_enabled())
        self.session.modified_changed.connect(
            lambda *_: self.window_actions.update_enabled())
        self.session_follower = SessionFollower(self)
        self.setAcceptDrops(True)
        self._restore_layout()
        self.update_title()
        self.show_state(None)

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        self.setObjectName("main_window")
        self.project_view = QTreeView()
        self.project_view.setObjectName("project_view")
        self.project_view.setModel(self.project_model)
        self.project_view.setRootIsDecorated(True)
        self.project_view.setUniformRowHeights(True)
        self.project_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.project_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.project_view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, self.project_model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.project_view.selectionModel().currentChanged.connect(self._tree_current_changed)
        self.entry_table = EntryTable()
        self.entry_table.columns.settings = self.settings
        self.all_table = AllEntriesTable()
        self.all_table.columns.settings = self.settings
        self.centre_stack = QStackedWidget()
        self.centre_stack.addWidget(self.entry_table)
        self.centre_stack.addWidget(self.all_table)
        self.issues_panel = IssuesPanel()
        self.detail_pane = DetailPane()
        self.detail_pane.setObjectName("detail_pane")
        # Their toolbars would otherwise make the window wider than a small screen.
        self.detail_pane.setMinimumWidth(200)
        self.issues_panel.setMinimumWidth(240)
        self.centre_splitter = QSplitter(Qt.Orientation.Vertical)
        self.centre_splitter.setObjectName("centre_splitter")
        self.centre_splitter.addWidget(self.centre_stack)
        self.centre_splitter.addWidget(self.issues_panel)
        self.centre_splitter.setStretchFactor(0, 3)
        self.centre_splitter.setStretchFactor(1, 1)
        self.main_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.main_splitter.setObjectName("main_splitter")
        self.main_splitter.addWidget(self.project_view)
        self.main_splitter.addWidget(self.centre_splitter)
        self.main_splitter.addWidget(self.detail_pane)
        self.main_splitter.setStretchFactor(0, 0)
        self.main_splitter.setStretchFactor(1, 1)
        self.main_splitter.setStretchFactor(2, 0)
        self.main_splitter.setCollapsible(1, False)
        self.main_splitter.setSizes([320, 1000, 0])
        self.detail_folding = DetailFolding(self.main_splitter)
        self.entry_table.columns.reserve = self.detail_folding.reserve
        self.all_table.columns.reserve = self.detail_folding.reserve
        self.pages = QStackedWidget()
        self.pages.addWidget(self.main_splitter)
        self.setCentralWidget(self.pages)
        self.message_label = QLabel()
        self.message_label.setObjectName("status_message")
        self.summary = StatusSummary()
        self.progress = StatusProgress()
        self.statusBar().addWidget(self.message_label, 1)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.summary)
        self.entry_table.counts_changed.connect(self.summary.set_shown)
        self.entry_table.selection_changed.connect(self.summary.set_selected)
        self.entry_table.current_changed.connect(self._current_entry_changed)
        for delegate in self.entry_table.delegates.all():
            delegate.feedback.connect(lambda message, _severity: self.show_message(message))
            delegate.refused.connect(self.show_message)
        self.detail_pane.feedback.connect(lambda message, _severity: self.show_message(message))
        self.detail_pane.refused.connect(self.show_message)
        self.detail_pane.entry_edited.connect(self._detail_edited)
        self.issues_panel.jump_requested.connect(self.jump_to)

    def _restore_layout(self) -> None:
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            first_size(self)
        fit_to_screen(self)  # a geometry saved at another scale or on a larger screen
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
        for name, splitter in zip(_SPLITTERS, self._splitters(), strict=True):
            saved = self.settings.splitter_state(name)
            if saved is not None:
                splitter.restoreState(saved)

    def _splitters(self) -> tuple[QSplitter, QSplitter]:
        return self.main_splitter, self.centre_splitter

    def save_layout(self) -> None:
        """Remember geometry, toolbar, splitter positions and columns for the next start."""
        self.entry_table.columns.remember()
        self.settings.save_layout(
            self.saveGeometry(), self.saveState(),
            {name: splitter.saveState()
             for name, splitter in zip(_SPLITTERS, self._splitters(), strict=True)})

    # ------------------------------------------------------------------ session

    def _validator_of(self, item: WorkspaceItem) -> DocumentValidator | None:
        state = self.session.state_for(item)
        return state.validator if state is not None else None

    def open_failed(self, path: str, error: SitemapError) -> None:
        """Say why ``path`` cannot be opened; what is open stays as it is."""
        shown = self.session.workspace
        self.show_message(f"Could not open {os.path.basename(path)}" + (
            f"; {shown.title} is still open" if shown is not None and shown.title else ""))
        self.load_failed.emit(error)
        self.show_error("Cannot open", read_error_text(error))

    # ------------------------------------------------------------------ showing

    def _tree_current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        if self.project_model.is_all_entries(current):
            self.all_view.show()
            self.update_title()
            return
        item = self.project_model.item(current)
        if item is None:
            return
        self.show_state(self.session.state_for(item), item)

    def select_item(self, item: WorkspaceItem) -> None:
        """Make ``item`` current in the tree, which shows it."""
        index = self.project_model.index_of(item)
        if index.isValid():
            self.project_view.setCurrentIndex(index)

    def show_state(self, state: DocumentState | None, item: WorkspaceItem | None = None) -> None:
        """Show one document's entries, findings and details (``None``: nothing)."""
        self.all_view.hide()
        self.current = state
        if state is None:
            self.entry_table.show_model(None)
            self.issues_panel.show_document(None, None)
            self.session.undo_group.setActiveStack(None)  # type: ignore[arg-type]
            self.summary.clear()
            if item is not None and item.error is not None:
                self.show_message(f"Cannot read {item.name}: {item.error.located()}")
        else:
            editable = state.validator is not None and not state.validating
            model = EntryTableModel(state.document, validator=state.validator,
                                    editor=state if editable else None, parent=self)
            self.entry_table.show_model(model)
            self.issues_panel.show_document(state.document, state.validator)
            self.session.undo_group.setActiveStack(state.stack)
            model.rowsInserted.connect(self._figures_changed)
            model.rowsRemoved.connect(self._figures_changed)
            model.dataChanged.connect(self._figures_changed)
            self._figures_changed()
        self.window_actions.update_enabled()
        self.update_title()
        self.document_shown.emit(state)

    def attach_validator(self, state: DocumentState) -> None:
        """Show the findings of ``state`` (shown now) once it is validated, and allow edits."""
        model = self.entry_table.model
        if model is None:
            return
        model.set_validator(state.validator)
        model.set_editor(state if not state.validating else None)
        self.issues_panel.show_document(state.document, state.validator)
        if self.entry_table.findings_box.isChecked():
            self.entry_table.proxy.refresh()
        self._current_entry_changed(self.entry_table.current_entry_id())

    def _figures_changed(self, *_args: object) -> None:
        if self.current is not None:
            document = self.current.document
            self.summary.set_document_figures(len(document), document.uncompressed_size)
            self.project_model.refresh_item(self.current.item)

    def _current_entry_changed(self, entry_id: int | None) -> None:
        state = self.current
        entry: Entry | None = None
        if state is not None and entry_id is not None:
            try:
                entry = state.document.entry(entry_id)
            except KeyError:
                entry = None
        editable = (state is not None and state.document.source.format == SourceFormat.XML
                    and state.validator is not None and not state.validating)
        self.detail_pane.set_entry(entry, editable)
        self.detail_folding.show_entry(entry)
        self.window_actions.update_enabled()

    def _detail_edited(self, entry: Entry) -> None:
        state = self.current
        if state is None:
            return
        answer = state.edit_entries([entry], "Edit extensions")
        if not answer.accepted:
            self.show_message(f"Not applied: {answer.refusal}")
            self._current_entry_changed(entry.id)

    def jump_to(self, entry_id: int | None, field: str | None) -> None:
        """Show entry ``entry_id`` at ``field`` (the issues panel's double-click)."""
        if entry_id is None:
            self.show_message("This finding concerns the whole file")
            return
        if not self.entry_table.select_entry(entry_id, field):
            self.show_message("That entry is gone")

    # ------------------------------------------------------------------ misc

    def open_path(self, path: str) -> None:
        """Open a file or project (asking about unsaved edits first)."""
        self.files.open_path(path)

    def show_message(self, text: str) -> None:
        """A one-line note in the status bar."""
        self.message_label.setText(text)

    def show_error(self, title: str, message: str) -> None:
        """Tell the user what went wrong (tests replace this)."""
        prompts.show_error(self, title, message)

    def update_title(self) -> None:
        """Name the workspace and the document shown in the title, with the modified mark."""
        workspace = self.session.workspace
        title = workspace.title if workspace is not None else ""
        if self.current is not None and workspace is not None and workspace.project is not None:
            title = f"{workspace.label(self.current.item)} ({title})"
        elif self.all_view.shown:
            title = f"All entries ({title})"
        self.setWindowTitle(f"{title}[*] \N{EM DASH} {APP_NAME}" if title else f"{APP_NAME}[*]")
        self.setWindowModified(bool(self.session.modified_states))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dragged local files (overrides ``QWidget.dragEnterEvent``)."""
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Open the first dropped file or project (overrides ``QWidget.dropEvent``)."""
        for url in event.mimeData().urls():
            if url.isLocalFile():
                event.acceptProposedAction()
                self.open_path(url.toLocalFile())
                break

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved edits, remember the layout, stop work (overrides ``closeEvent``)."""
        if not self.files.may_close():
            event.ignore()
            return
        self.save_layout()
        self.session.close_all()
        self.runner.cancel_all()
        self.runner.wait(5000)
        super().closeEvent(event)
