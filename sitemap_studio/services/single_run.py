"""A service that runs one job at a time for a dialog, dropping the signals of runs replaced.

Starting a run cancels the one under way. Job signals reach bound methods
(so nothing arrives once the service is gone), and ``sender()`` tells the
current run's signals from those of a run replaced since, whose late
signals are dropped. Subclasses connect the job's result signals to their
own slots and call :meth:`end_run` there.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.model import SitemapError
from sitemap_studio.services.jobs import Job, JobRunner


class SingleRunService(QObject):
    """Runs one job at a time; reports its progress, failure, cancellation and busy state."""

    #: (SitemapError): a run stopped on an error.
    failed = Signal(object)
    #: A run was cancelled.
    cancelled = Signal()
    #: (done, total): progress of the run under way.
    progress = Signal(int, int)
    #: (bool): whether a run is under way.
    busy_changed = Signal(bool)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._current: Job | None = None

    @property
    def busy(self) -> bool:
        """Whether a run is under way."""
        return self._current is not None

    def cancel(self) -> None:
        """Cancel the run under way, if any (its downloads stop at their next check)."""
        if self._current is not None:
            self._current.cancel()

    def start_run(self, job: Job) -> Job:
        """Start ``job`` as the current run, cancelling the one under way."""
        if self._current is not None:
            self._current.cancel()
        self._current = job
        job.signals.progress.connect(self._progress)
        job.signals.failed.connect(self._failed)
        job.signals.cancelled.connect(self._cancelled)
        self.busy_changed.emit(True)
        return self.runner.start_soon(job)

    def from_current(self) -> bool:
        """Whether the signal being handled comes from the current run."""
        return self._current is not None and self.sender() is self._current.signals

    def end_run(self) -> bool:
        """Forget the current run if the signal comes from it; return whether it did."""
        if not self.from_current():
            return False
        self._current = None
        self.busy_changed.emit(False)
        return True

    def _progress(self, done: int, total: int) -> None:
        if self.from_current():
            self.progress.emit(done, total)

    def _failed(self, error: SitemapError) -> None:
        if self.end_run():
            self.failed.emit(error)

    def _cancelled(self) -> None:
        if self.end_run():
            self.cancelled.emit()


__all__ = ["SingleRunService"]
