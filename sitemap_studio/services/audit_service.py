"""Run the URL audit in the background and hand its results to the GUI thread in batches.

The engine (:func:`~sitemap_studio.core.audit.run_audit`) fetches
every target and calls ``on_result`` with each
:class:`~sitemap_studio.core.audit.results.UrlAudit` as soon as it is known.
It runs as a :class:`~sitemap_studio.services.jobs.Job`; each result reaches
this service on the GUI thread through a queued signal, and the service hands
them on as :attr:`AuditService.results_arrived` batches about ten times a
second, so a fast audit of a large sitemap does not redraw the table per URL.
Progress comes with an estimate of the time left. Cancel stops the engine at
its next check; the results that came before are kept and reported.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QTimer, Signal

from sitemap_studio.core.audit import (
    AuditItem,
    AuditOptions,
    UrlAudit,
    describe_time_left,
    time_left,
)
from sitemap_studio.core.model import CancelToken, SitemapError
from sitemap_studio.services.jobs import Job, JobRunner


def run_engine(items: Sequence[AuditItem], options: AuditOptions, *, cancel: CancelToken,
               progress: Callable[[int, int], None],
               on_result: Callable[[UrlAudit], None]) -> None:
    """:func:`~sitemap_studio.core.audit.run_audit` in the job's calling convention.

    The engine (and with it aiohttp, asyncio and ssl, about 27 MB resident) is
    imported on the first audit, not when the window starts.
    """
    from sitemap_studio.core.audit import run_audit

    run_audit(items, options, lambda _index, result: on_result(result), cancel=cancel,
              on_progress=lambda done, total, _eta: progress(done, total))

#: Results are handed on at most this often (milliseconds).
BATCH_MS = 100


class AuditService(QObject):
    """One audit run at a time for one window."""

    #: (list[UrlAudit]): results that arrived since the last batch, in arrival order.
    results_arrived = Signal(list)
    #: (done, total, time left in words).
    progress = Signal(int, int, str)
    #: (bool): the run is over; ``True`` when it was cancelled (after the last batch).
    finished = Signal(bool)
    #: (SitemapError): the run stopped on an error (a URL's errors are results, not this).
    failed = Signal(object)
    #: (bool): whether a run is under way.
    busy_changed = Signal(bool)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.job: Job | None = None
        self._pending: list[UrlAudit] = []
        self._started = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(BATCH_MS)
        self._timer.timeout.connect(self._flush)

    @property
    def busy(self) -> bool:
        """Whether a run is under way."""
        return self.job is not None

    def start(self, items: Sequence[AuditItem], options: AuditOptions) -> Job:
        """Audit ``items`` with ``options``; cancels a run under way."""
        self.cancel()
        job = Job(run_engine, list(items), options, partial_keyword="on_result")
        job.cancel_wins = False  # the results that came stay, whatever happens after
        self.job = job
        self._pending = []
        self._started = time.monotonic()
        job.signals.partial.connect(self._result)
        job.signals.progress.connect(self._progress)
        # Bound methods, not lambdas: ``sender()`` tells this run from one replaced since.
        job.signals.succeeded.connect(self._succeeded)
        job.signals.cancelled.connect(self._cancelled)
        job.signals.failed.connect(self._failed)
        self._timer.start()
        self.busy_changed.emit(True)
        return self.runner.start_soon(job)

    def cancel(self) -> None:
        """Stop the run under way (its results so far are still handed on)."""
        if self.job is not None:
            self.job.cancel()

    def abandon(self) -> None:
        """Stop the run under way and drop whatever it still reports (what it was for has
        closed); ``busy_changed`` says so at once, ``finished`` never comes."""
        job = self.job
        if job is None:
            return
        job.cancel()
        self.job = None
        self._pending = []
        self._timer.stop()
        self.busy_changed.emit(False)

    # ------------------------------------------------------------------ internals

    def _from_current(self) -> bool:
        return self.job is not None and self.sender() is self.job.signals

    def _result(self, result: object) -> None:
        if self._from_current() and isinstance(result, UrlAudit):
            self._pending.append(result)

    def _flush(self) -> None:
        if self._pending:
            batch, self._pending = self._pending, []
            self.results_arrived.emit(batch)

    def _progress(self, done: int, total: int) -> None:
        if self._from_current():
            left = time_left(time.monotonic() - self._started, done, total)
            self.progress.emit(done, total, describe_time_left(left))

    def _stop(self) -> bool:
        if not self._from_current():
            return False
        self._flush()
        self._timer.stop()
        self.job = None
        self.busy_changed.emit(False)
        return True

    def _succeeded(self, _summary: object) -> None:
        job = self.job
        if self._stop():
            self.finished.emit(job is not None and job.token.cancelled)

    def _cancelled(self) -> None:
        if self._stop():
            self.finished.emit(True)

    def _failed(self, error: SitemapError) -> None:
        if self._stop():
            self.failed.emit(error)


__all__ = ["BATCH_MS", "AuditService", "run_engine"]
