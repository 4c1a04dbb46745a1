"""The main window: project files on the left, entries in the centre, notes below."""

from __future__ import annotations

import os

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHeaderView,
    QLabel,
    QListView,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTableView,
    QWidget,
)

from sitemap_studio import __version__
from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.workspace import Workspace, WorkspaceItem, open_workspace
from sitemap_studio.qt_models.entry_table_model import EntryTableModel
from sitemap_studio.qt_models.findings_model import FindingsModel
from sitemap_studio.qt_models.project_model import ProjectModel
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.widgets.delayed_progress import DelayedProgress

APP_NAME = "Sitemap Studio"
OPEN_FILTER = ("Sitemaps and projects (*.sitemapproj *.xml *.xml.gz *.gz *.txt);;"
               "All files (*)")


class MainWindow(QMainWindow):
    """Shows one workspace; loading happens in the background."""

    workspace_loaded = Signal(object)
    load_failed = Signal(object)

    def __init__(self, runner: JobRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.workspace: Workspace | None = None
        self.entry_model: EntryTableModel | None = None
        self.project_model = ProjectModel(self)
        self.findings_model = FindingsModel(self)
        self._build()
        self.setAcceptDrops(True)
        self._update_title()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        self.project_view = QListView()
        self.project_view.setObjectName("project_view")
        self.project_view.setModel(self.project_model)
        self.project_view.selectionModel().selectionChanged.connect(self._item_selected)
        self.entry_view = QTableView()
        self.entry_view.setObjectName("entry_view")
        self.entry_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.entry_view.verticalHeader().setDefaultSectionSize(22)
        self.entry_view.setWordWrap(False)
        self.findings_view = QTableView()
        self.findings_view.setObjectName("findings_view")
        self.findings_view.setModel(self.findings_model)
        self.findings_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.findings_view.horizontalHeader().setStretchLastSection(True)
        self.findings_view.verticalHeader().hide()
        centre = QSplitter(Qt.Orientation.Vertical)
        centre.addWidget(self.entry_view)
        centre.addWidget(self.findings_view)
        centre.setStretchFactor(0, 4)
        centre.setStretchFactor(1, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.project_view)
        self.splitter.addWidget(centre)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 900])
        self.setCentralWidget(self.splitter)
        self.status_label = QLabel("No project open")
        self.statusBar().addWidget(self.status_label, 1)
        self._menus()
        self.resize(1200, 760)

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open\N{HORIZONTAL ELLIPSIS}", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.choose_and_open)
        file_menu.addAction(self.open_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About Sitemap Studio", self)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)

    # ----------------------------------------------------------------- opening

    def choose_and_open(self) -> None:
        """Ask for a file or project and open it."""
        path, _ = QFileDialog.getOpenFileName(self, "Open sitemap or project", "", OPEN_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str) -> Job:
        """Load ``path`` in the background; the window stays responsive meanwhile."""
        job = Job(open_workspace, path)
        job.signals.succeeded.connect(self.set_workspace)
        job.signals.failed.connect(self._failed)
        DelayedProgress(job, f"Opening {os.path.basename(path)}\N{HORIZONTAL ELLIPSIS}", self)
        self.status_label.setText(f"Opening {path}\N{HORIZONTAL ELLIPSIS}")
        return self.runner.start(job)

    def _failed(self, error: SitemapError) -> None:
        self.status_label.setText("Could not open the file")
        self.load_failed.emit(error)
        self.show_error("Cannot open", error.located())

    def show_error(self, title: str, message: str) -> None:
        """Tell the user what went wrong (tests replace this)."""
        QMessageBox.critical(self, title, message)

    def set_workspace(self, workspace: Workspace) -> None:
        """Show ``workspace``: its files on the left, the first readable one in the centre."""
        self.workspace = workspace
        self.project_model.set_workspace(workspace)
        first = next((row for row, item in enumerate(workspace.items)
                      if item.document is not None and item.role == "sitemap"), 0)
        if workspace.items:
            self.project_view.setCurrentIndex(self.project_model.index(first, 0))
        self._update_title()
        self.workspace_loaded.emit(workspace)

    def _item_selected(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self.show_item(self.project_model.item(indexes[0].row()))

    def show_item(self, item: WorkspaceItem) -> None:
        """Show one file's entries and notes."""
        if self.entry_model is not None:
            self.entry_model.detach()
            self.entry_model.deleteLater()
            self.entry_model = None
        document = item.document
        if document is None:
            self.entry_view.setModel(None)
            message = item.error.located() if item.error else item.path
            self.findings_model.set_findings([])
            self.status_label.setText(f"Cannot read {item.name}: {message}")
            return
        self.entry_model = EntryTableModel(document, parent=self)
        self.entry_view.setModel(self.entry_model)
        header = self.entry_view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, 460)
        self.findings_model.set_findings(document.load_findings)
        self.status_label.setText(
            f"{item.name}: {len(document):,} entries \N{MIDDLE DOT} "
            f"{len(document.raw):,} bytes uncompressed \N{MIDDLE DOT} {document.kind.value}")

    def current_index(self) -> QModelIndex:
        """The selected file in the project list."""
        return self.project_view.currentIndex()

    def _update_title(self) -> None:
        title = self.workspace.title if self.workspace else ""
        self.setWindowTitle(f"{title} \N{EM DASH} {APP_NAME}" if title else APP_NAME)

    # ------------------------------------------------------------------- misc

    def show_about(self) -> None:
        """The About box, with the version."""
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b> {__version__}<br>"
                          "A lossless editor for XML sitemaps.")

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dragged files (overrides ``QWidget.dragEnterEvent``)."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Open the first dropped file (overrides ``QWidget.dropEvent``)."""
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.open_path(url.toLocalFile())
                break

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop background work before closing (overrides ``QWidget.closeEvent``)."""
        self.runner.cancel_all()
        self.runner.wait(5000)
        super().closeEvent(event)
