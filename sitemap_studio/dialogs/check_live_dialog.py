"""Check Live Site: fetch the published sitemaps as a search engine would, and show the report.

The URL is the project's public index URL (the public URL of its export
folder, kept in the project and edited in Export for Upload, else the folder
of its index URL or its site URL; plus the export's index name), or any
sitemap URL typed in.
For the project's own URL the live files are also compared with what the
project would export now. The check runs in the background; a progress bar
and Cancel appear when it takes more than a moment. Each file gets a row
with a green or red mark as soon as it is checked; the table below shows the
selected file's problems in Search Console's words, with the evidence and
what to do.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.fetching import DEFAULT_TIMEOUT, url_problem
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import Workspace
from sitemap_studio.core.publish_check import (
    FileCheck,
    LiveCheckOptions,
    LiveReport,
    public_index_urls,
    verdict,
)
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.qt_models.live_check_models import (
    live_files_model,
    live_problems_model,
    problem_rows,
)
from sitemap_studio.services.jobs import JobRunner
from sitemap_studio.services.live_checking import LiveCheckService
from sitemap_studio.widgets.delayed_progress import SHOW_AFTER_MS


class CheckLiveDialog(QDialog):
    """The URL to check, the Check button, and the report per file."""

    def __init__(self, runner: JobRunner, workspace: Workspace | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Check Live Site")
        self.setMinimumSize(900, 560)
        self.workspace = workspace
        project_urls = public_index_urls(workspace) if workspace is not None else []
        self.project_url = project_urls[0] if project_urls else None
        self.service = LiveCheckService(runner, self)
        #: Seconds to wait for a connection and for each piece of an answer.
        self.timeout = DEFAULT_TIMEOUT
        self._close_when_done = False
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.url_edit = QLineEdit(self.project_url or "")
        self.url_edit.setPlaceholderText("https://www.example.com/sitemap-index.xml")
        self.url_edit.setToolTip("The public URL of the sitemap index (or of one sitemap)")
        form.addRow("Sitemap or &index URL:", self.url_edit)
        self.allow_private = QCheckBox("Allow &private addresses (loopback and private "
                                       "networks: a test server of your own)", self)
        form.addRow("", self.allow_private)
        layout.addLayout(form)
        self.where_label = QLabel(self)
        self.where_label.setWordWrap(True)
        layout.addWidget(self.where_label)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.files = live_files_model(self)
        self.files_view = self._table(self.files, splitter, "live_files")
        self.problems = live_problems_model(self)
        self.problems_view = self._table(self.problems, splitter, "live_problems")
        self.problems_view.setWordWrap(True)
        self.files_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.files_view.horizontalHeader().setStretchLastSection(False)
        for column, width in enumerate((190, 300, 330)):
            self.problems_view.setColumnWidth(column, width)
        splitter.setSizes([260, 240])
        layout.addWidget(splitter, 1)
        self.verdict_label = FeedbackLabel(self)
        layout.addWidget(self.verdict_label)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setVisible(False)
        self.buttons = QDialogButtonBox(self)
        self.check_button = self.buttons.addButton("&Check",
                                                   QDialogButtonBox.ButtonRole.ActionRole)
        self.check_button.setDefault(True)
        self.cancel_button: QPushButton = self.buttons.addButton(
            QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setVisible(False)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        bottom = QVBoxLayout()
        bottom.addWidget(self.progress_bar)
        bottom.addWidget(self.buttons)
        layout.addLayout(bottom)
        self._progress_timer = QTimer(self)
        self._progress_timer.setSingleShot(True)
        self._progress_timer.timeout.connect(self._show_progress)
        self.check_button.clicked.connect(self.start_check)
        self.cancel_button.clicked.connect(self.service.cancel)
        self.close_button.clicked.connect(self.reject)
        self.url_edit.textChanged.connect(self._update)
        self.files_view.selectionModel().selectionChanged.connect(self._selected)
        self.service.file_checked.connect(self._file_checked)
        self.service.finished.connect(self._finished)
        self.service.failed.connect(self._failed)
        self.service.cancelled.connect(self._cancelled)
        self.service.progress.connect(self._progress)
        self.service.busy_changed.connect(self._busy_changed)
        self._update()

    def _table(self, model: object, parent: QSplitter, name: str) -> QTableView:
        view = QTableView(parent)
        view.setObjectName(name)
        view.setModel(model)  # type: ignore[arg-type]
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.verticalHeader().setVisible(False)
        header = view.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        return view

    # ------------------------------------------------------------------ checking

    def compares_with_project(self) -> bool:
        """Whether the URL shown is the project's, so the check compares with its export."""
        return self.project_url is not None and self.url_edit.text().strip() == self.project_url

    def start_check(self) -> None:
        """Start checking the URL shown (no-op while one runs or when the URL is unusable)."""
        url = self.url_edit.text().strip()
        if self.service.busy or url_problem(url) is not None:
            return
        self.files.set_records([])
        self.problems.set_records([])
        self.verdict_label.show_info("Checking\N{HORIZONTAL ELLIPSIS}")
        options = LiveCheckOptions(allow_private=self.allow_private.isChecked(),
                                   timeout=self.timeout)
        if self.compares_with_project() and self.workspace is not None:
            self.service.check_project(self.workspace, options)
        else:
            self.service.check(url, options)

    def _file_checked(self, item: FileCheck) -> None:
        self.files.append(item)
        if self.files.rowCount() == 1:
            self.files_view.selectRow(0)

    def _finished(self, report: LiveReport) -> None:
        self.files.set_records(report.files)
        text = verdict(report) + "".join(f"\n{note}" for note in report.notes)
        if report.ok:
            self.verdict_label.show_info(text)
        else:
            self.verdict_label.show_problem(text)
        failing = next((row for row, item in enumerate(report.files) if not item.ok), 0)
        if report.files:
            self.files_view.selectRow(failing)
        for column in range(1, self.files.columnCount()):
            self.files_view.resizeColumnToContents(column)

    def _failed(self, error: SitemapError) -> None:
        self.verdict_label.show_problem(f"Cannot check: {error.message}")

    def _cancelled(self) -> None:
        self.verdict_label.show_info("Cancelled: the files checked so far are shown")

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress_bar.setRange(0, total)
            self.progress_bar.setValue(min(done, total))

    def _show_progress(self) -> None:
        if self.service.busy:
            self.progress_bar.setVisible(True)
            self.cancel_button.setVisible(True)

    def _busy_changed(self, busy: bool) -> None:
        if busy:
            self.progress_bar.setRange(0, 0)
            self._progress_timer.start(SHOW_AFTER_MS)
        else:
            self._progress_timer.stop()
            self.progress_bar.setVisible(False)
            self.cancel_button.setVisible(False)
            if self._close_when_done:
                super().reject()
        self._update()

    def _selected(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.files_view.selectionModel().selectedRows()
        item = self.files.record(rows[0].row()) if rows else None
        self.problems.set_records(problem_rows(item))
        self.problems_view.resizeRowsToContents()

    def _update(self) -> None:
        url = self.url_edit.text().strip()
        problem = url_problem(url) if url else "type the URL of a published sitemap or index"
        self.check_button.setEnabled(problem is None and not self.service.busy)
        self.url_edit.setEnabled(not self.service.busy)
        self.allow_private.setEnabled(not self.service.busy)
        if problem is not None:
            self.where_label.setText(f"Cannot check this URL: {problem}")
        elif self.compares_with_project():
            self.where_label.setText("The project's public index URL (the public URL of its "
                                     "export folder, set in Export for Upload, and the index "
                                     "name): its files are also compared with what the "
                                     "project would export now.")
        elif self.project_url is None and self.workspace is not None \
                and self.workspace.project is not None:
            self.where_label.setText("The project has no site URL or index URL, so the URL "
                                     "typed is checked alone, without comparing.")
        else:
            self.where_label.setText("This URL is checked alone, without comparing with the "
                                     "project.")

    def reject(self) -> None:
        """Close (overrides ``QDialog.reject``); a running check is cancelled first."""
        if self.service.busy:
            self._close_when_done = True
            self.service.cancel()
            return
        super().reject()


__all__ = ["CheckLiveDialog"]
