"""Export in the background: measure the entries for a preview, then check and write the files.

Both jobs only read the documents; while either runs, the documents must not
change (the export dialog is modal). An export reports its files through
``finished`` even when Cancel is pressed after the files were moved into
place: a cancelled or failed export leaves the previous output as it was,
a finished one is reported as such. Errors in the input that export does not
resolve are told through ``blocked`` (nothing written); the caller may then
export anyway with ``allow_errors``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.export import (
    EntrySizes,
    ExportBlocked,
    ExportOptions,
    ExportReport,
    ExportSources,
    check_and_export,
    measure_entries,
)
from sitemap_studio.core.model import SitemapDocument
from sitemap_studio.services.jobs import Job, JobRunner


class ExportService(QObject):
    """Runs the export's measuring and writing jobs in the thread pool, one export at a time."""

    #: (EntrySizes): the entries were measured; plan previews with ``plan_export``.
    measured = Signal(object)
    #: (SitemapError): measuring failed (an internal error).
    measure_failed = Signal(object)
    #: (done, total): the running export's progress (checking, then writing).
    progress = Signal(int, int)
    #: (ExportReport): every file is written and in place.
    finished = Signal(object)
    #: (SitemapError): nothing was changed in the output folder.
    failed = Signal(object)
    #: (list of (member path, Finding)): errors export does not resolve; nothing was written.
    blocked = Signal(object)
    #: The export was cancelled; nothing was changed in the output folder.
    cancelled = Signal()
    #: (running): an export started or ended.
    running_changed = Signal(bool)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._export: Job | None = None
        self._measure: Job | None = None

    @property
    def running(self) -> bool:
        """Whether an export is running."""
        return self._export is not None

    @property
    def measuring(self) -> bool:
        """Whether a measurement is running."""
        return self._measure is not None

    def measure(self, documents: list[SitemapDocument]) -> Job:
        """Measure the entries of ``documents`` for previews (``measured`` tells the result).

        Raises:
            RuntimeError: A measurement is already running.
        """
        if self._measure is not None:
            raise RuntimeError("the entries are already being measured")
        job = Job(measure_entries, list(documents))
        self._measure = job
        job.signals.succeeded.connect(self._measured)
        job.signals.failed.connect(self._measure_failed)
        job.signals.cancelled.connect(self._measure_cancelled)
        self.runner.start_soon(job)
        return job

    def cancel_measuring(self) -> None:
        """Stop a running measurement (its result is then never told)."""
        if self._measure is not None:
            self._measure.cancel()

    def export(self, sources: ExportSources, options: ExportOptions, *,
               allow_errors: bool = False) -> Job:
        """Check and export ``sources`` with ``options`` in the background.

        With ``allow_errors`` the errors export does not resolve are written
        anyway (what cannot be written validly is left out and reported).

        Raises:
            RuntimeError: An export is already running.
        """
        if self._export is not None:
            raise RuntimeError("an export is already running")
        job = Job(check_and_export, sources, options, allow_errors=allow_errors)
        job.cancel_wins = False  # files in place are reported as written, even if cancelled late
        self._export = job
        job.signals.progress.connect(self.progress)
        job.signals.succeeded.connect(self._succeeded)
        job.signals.failed.connect(self._failed)
        job.signals.cancelled.connect(self._cancelled)
        self.runner.start_soon(job)
        self.running_changed.emit(True)
        return job

    def cancel(self) -> None:
        """Ask the running export to stop (it stops at its next check)."""
        if self._export is not None:
            self._export.cancel()

    def _end(self) -> None:
        """The export is over: it no longer counts as running when its outcome is told."""
        self._export = None
        self.running_changed.emit(False)

    def _succeeded(self, report: ExportReport) -> None:
        self._end()
        self.finished.emit(report)

    def _failed(self, error: object) -> None:
        self._end()
        if isinstance(error, ExportBlocked):
            self.blocked.emit(error.blockers)
        else:
            self.failed.emit(error)

    def _cancelled(self) -> None:
        self._end()
        self.cancelled.emit()

    def _measured(self, sizes: EntrySizes) -> None:
        self._measure = None
        self.measured.emit(sizes)

    def _measure_failed(self, error: object) -> None:
        self._measure = None
        self.measure_failed.emit(error)

    def _measure_cancelled(self) -> None:
        self._measure = None
