"""The Import dialog: entries from a file, the clipboard or a live site, into a sitemap.

Steps: the source; the column mapping (CSV and TSV only) or the live site;
then what came in, the duplicates policy and the target. Reading runs in the
background (an inline progress bar appears after a moment, with Stop);
nothing is fetched from the network unless the user clicks Discover or
Fetch. :meth:`ImportDialog.ask` returns an
:class:`~sitemap_studio.core.imports.request.ImportRequest` or ``None``; the
window applies it (see :mod:`sitemap_studio.core.imports.request`) and shows
:func:`show_import_summary`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.fetching import DEFAULT_TIMEOUT
from sitemap_studio.core.imports import (
    ImportBatch,
    ImportRequest,
    ImportSummary,
    ImportTarget,
    TableSource,
    inspect_file,
    location_key,
    read_clipboard,
    read_table_source,
    summary_text,
)
from sitemap_studio.core.model import Limits, SitemapError
from sitemap_studio.dialogs.csv_mapping import CsvMappingPage
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.dialogs.import_pages import (
    CLIPBOARD,
    FILE,
    OptionsPage,
    SourcePage,
    name_checker,
)
from sitemap_studio.dialogs.live_site import LiveSitePage
from sitemap_studio.services.jobs import Job, JobRunner

#: Existing locations of the target: a set, or a function computing it when needed.
ExistingLocs = Collection[str] | Callable[[], Collection[str]]
#: The inline progress bar appears only for reads that take longer than this.
SHOW_PROGRESS_AFTER_MS = 600
SOURCE, MAPPING, LIVE_SITE, OPTIONS = range(4)


class ImportDialog(QDialog):
    """Choose a source, map or fetch it, choose duplicates and target; see the module notes."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        runner: JobRunner,
        target_name: str | None,
        existing_locs: ExistingLocs = (),
        can_create_new: bool = True,
        clipboard_text: str | None = None,
        project_folder: str | None = None,
        taken_names: Collection[str] = (),
        fetch_timeout: float = DEFAULT_TIMEOUT,
        limits: Limits | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import entries")
        self.runner = runner
        self.limits = limits
        self.target_name = target_name
        self._existing = existing_locs
        self._existing_keys: set[str] | None = None
        self._history: list[int] = []
        self._job: Job | None = None
        self._on_success: Callable[[Any], None] | None = None
        self._error: str | None = None
        self.batch: ImportBatch | None = None

        self.source_page = SourcePage(clipboard_text)
        self.csv_page = CsvMappingPage()
        self.live_page = LiveSitePage(runner, timeout=fetch_timeout, limits=limits)
        self.options_page = OptionsPage(target_name, can_create_new,
                                        name_checker(project_folder, taken_names))
        self.stack = QStackedWidget()
        for page in (self.source_page, self.csv_page, self.live_page, self.options_page):
            self.stack.addWidget(page)
            page.changed.connect(self._page_changed)

        self.reason_label = FeedbackLabel()
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.stop_button = QPushButton("Stop")
        self.stop_button.clicked.connect(self.stop)
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.timeout.connect(self._show_busy)
        busy_row = QHBoxLayout()
        busy_row.addWidget(self.busy_bar, 1)
        busy_row.addWidget(self.stop_button)
        self.busy_row = QWidget()
        self.busy_row.setLayout(busy_row)
        self.busy_row.setVisible(False)

        self.back_button = QPushButton("< &Back")
        self.next_button = QPushButton("&Next >")
        self.import_button = QPushButton("&Import")
        self.cancel_button = QPushButton("Cancel")
        self.back_button.clicked.connect(self.go_back)
        self.next_button.clicked.connect(self.go_next)
        self.import_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.back_button, self.next_button, self.import_button,
                       self.cancel_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.busy_row)
        layout.addWidget(self.reason_label)
        layout.addLayout(buttons)
        self.resize(820, 600)
        self._update()
        self.reason_label.quiet_until_input(self)

    # ----------------------------------------------------------------- the API

    @classmethod
    def ask(cls, parent: QWidget | None, *, runner: JobRunner, target_name: str | None,
            existing_locs: ExistingLocs, can_create_new: bool,
            clipboard_text: str | None = None, **options: Any) -> ImportRequest | None:
        """Run the dialog; the import the user asked for, or ``None`` when cancelled.

        ``options`` are the keyword arguments of the constructor: ``project_folder``
        and ``taken_names`` (to refuse a new name already used), ``fetch_timeout``, ``limits``.
        """
        dialog = cls(parent, runner=runner, target_name=target_name, existing_locs=existing_locs,
                     can_create_new=can_create_new, clipboard_text=clipboard_text, **options)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.request()
        finally:
            dialog.deleteLater()

    def request(self) -> ImportRequest | None:
        """The import as set now, or ``None`` while it cannot be done."""
        batch = self.options_page.batch
        if batch is None or self.options_page.problem() is not None:
            return None
        target = self.options_page.target()
        return ImportRequest(
            tuple(batch.entries), self.options_page.policy(), target,
            self.options_page.new_name() if target == ImportTarget.NEW else None,
            batch.description, frozenset(batch.flagged), tuple(batch.problems))

    def current_step(self) -> int:
        """:data:`SOURCE`, :data:`MAPPING`, :data:`LIVE_SITE` or :data:`OPTIONS`."""
        return self.stack.currentIndex()

    # -------------------------------------------------------------- navigation

    def go_next(self) -> None:
        """Go on from the current step (reading in the background where needed)."""
        if self._job is not None or self._page_problem() is not None:
            return
        step = self.current_step()
        if step == SOURCE:
            choice = self.source_page.choice()
            if choice == FILE:
                self._run(Job(inspect_file, self.source_page.path(),
                              self.source_page.read_as(), self.limits), self._file_read)
            elif choice == CLIPBOARD:
                self._run(Job(read_clipboard, self.source_page.clipboard_text, self.limits),
                          self._show_options)
            else:
                self._show(LIVE_SITE)
        elif step == MAPPING and self.csv_page.source is not None:
            self._run(Job(read_table_source, self.csv_page.source, self.csv_page.table_format(),
                          self.csv_page.mapping(), self.limits), self._show_options)
        elif step == LIVE_SITE and self.live_page.batch is not None:
            self._show_options(self.live_page.batch)

    def go_back(self) -> None:
        """Return to the step before."""
        if self._history and self._job is None and not self.live_page.service.busy:
            self._error = None
            self.stack.setCurrentIndex(self._history.pop())
            self._update()

    def stop(self) -> None:
        """Stop the read under way, if any."""
        if self._job is not None:
            self._job.cancel()

    def done(self, result: int) -> None:
        """Stop everything under way before closing (overrides ``QDialog.done``)."""
        self.stop()
        self.live_page.cancel()
        super().done(result)

    def _show(self, step: int) -> None:
        self._history.append(self.current_step())
        self._error = None
        self.stack.setCurrentIndex(step)
        self._update()

    def _file_read(self, result: ImportBatch | TableSource) -> None:
        if isinstance(result, TableSource):
            self.csv_page.set_source(result)
            self._show(MAPPING)
        else:
            self._show_options(result)

    def _show_options(self, batch: ImportBatch) -> None:
        self.batch = batch
        self.options_page.set_batch(batch, self._duplicates(batch))
        self._show(OPTIONS)

    def _duplicates(self, batch: ImportBatch) -> int | None:
        """How many of the batch's locations the target lists already (``None``: no target)."""
        if self.target_name is None:
            return None
        if self._existing_keys is None:
            locs = self._existing() if callable(self._existing) else self._existing
            self._existing_keys = {key for key in map(location_key, locs) if key is not None}
        keys = self._existing_keys
        return sum(1 for entry in batch.entries if location_key(entry.loc) in keys)

    # -------------------------------------------------------------------- jobs
    # Job signals reach bound methods (nothing arrives once the dialog is gone);
    # ``sender()`` tells the current job's signals from a stopped one's.

    def _run(self, job: Job, on_success: Callable[[Any], None]) -> None:
        self._job = job
        self._on_success = on_success
        self._error = None
        job.signals.succeeded.connect(self._job_succeeded)
        job.signals.failed.connect(self._job_failed)
        job.signals.cancelled.connect(self._job_cancelled)
        job.signals.progress.connect(self._job_progress)
        self._busy_timer.start(SHOW_PROGRESS_AFTER_MS)
        self.runner.start_soon(job)
        self._update()

    def _finish_job(self) -> Callable[[Any], None] | None:
        """End the current job if the signal comes from it; return its success handler."""
        if self._job is None or self.sender() is not self._job.signals:
            return None
        handler = self._on_success
        self._job = None
        self._on_success = None
        self._busy_timer.stop()
        self.busy_row.setVisible(False)
        self.busy_bar.setRange(0, 0)
        return handler

    def _job_succeeded(self, result: object) -> None:
        handler = self._finish_job()
        if handler is not None:
            handler(result)
            self._update()

    def _job_failed(self, error: SitemapError) -> None:
        if self._finish_job() is not None:
            self._error = f"Cannot import: {error}"
            self._update()

    def _job_cancelled(self) -> None:
        if self._finish_job() is not None:
            self._error = "Stopped: nothing was read."
            self._update()

    def _job_progress(self, done: int, total: int) -> None:
        if self._job is not None and self.sender() is self._job.signals and total > 0:
            self.busy_bar.setRange(0, total)
            self.busy_bar.setValue(min(done, total))

    def _show_busy(self) -> None:
        self.busy_row.setVisible(self._job is not None)

    # ------------------------------------------------------------------ state

    def _page_problem(self) -> str | None:
        page = self.stack.currentWidget()
        problem: str | None = getattr(page, "problem", lambda: None)()
        return problem

    def _page_changed(self) -> None:
        if self.sender() is self.stack.currentWidget():
            self._error = None
        self._update()

    def _update(self) -> None:
        step = self.current_step()
        busy = self._job is not None
        problem = self._page_problem()
        self.back_button.setEnabled(bool(self._history) and not busy
                                    and not self.live_page.service.busy)
        self.next_button.setVisible(step != OPTIONS)
        self.import_button.setVisible(step == OPTIONS)
        self.next_button.setEnabled(not busy and problem is None)
        self.import_button.setEnabled(step == OPTIONS and problem is None)
        (self.import_button if step == OPTIONS else self.next_button).setDefault(True)
        if busy:
            self.reason_label.show_info("Reading…")
        elif self._error or problem:
            text = self._error or (problem or "")
            self.reason_label.show_problem(text[0].upper() + text[1:] + ("" if self._error
                                                                          else "."))
        else:
            self.reason_label.show_info("")


def show_import_summary(parent: QWidget | None, summary: ImportSummary) -> None:
    """Tell the user how the import went (the text is :func:`summary_text`)."""
    box = QMessageBox(QMessageBox.Icon.Information, "Import", summary_text(summary),
                      QMessageBox.StandardButton.Ok, parent)
    box.exec()
    box.deleteLater()


__all__ = ["ImportDialog", "show_import_summary"]
