"""Run core functions off the GUI thread, with throttled progress and cancellation.

A job is a plain core function taking ``cancel`` and ``progress`` keyword
arguments. It runs in a :class:`QThreadPool`; its signals live on a separate
:class:`JobSignals` object owned by the caller, never on a widget, and results
reach the GUI thread through queued signals.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from sitemap_studio.core.errors import Cancelled, SitemapError
from sitemap_studio.core.progress import CancelToken

#: Progress reaches the GUI at most this often (seconds between updates).
PROGRESS_INTERVAL = 0.1

JobFunction = Callable[..., Any]


class JobSignals(QObject):
    """What a running job tells the GUI thread."""

    progress = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()


class Job(QRunnable):
    """One call of a core function in the thread pool."""

    def __init__(self, function: JobFunction, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.function = function
        self.args = args
        self.kwargs = kwargs
        self.token = CancelToken()
        self.signals = JobSignals()
        self._last_report = 0.0

    def cancel(self) -> None:
        """Ask the job to stop at its next check."""
        self.token.cancel()

    def _progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last_report >= PROGRESS_INTERVAL or done >= total > 0:
            self._last_report = now
            self.signals.progress.emit(done, total)

    def run(self) -> None:
        """Run the function (overrides ``QRunnable.run``); never lets an exception escape."""
        try:
            result = self.function(*self.args, cancel=self.token, progress=self._progress,
                                   **self.kwargs)
        except Cancelled:
            self.signals.cancelled.emit()
        except SitemapError as exc:
            self.signals.failed.emit(exc)
        except Exception as exc:
            self.signals.failed.emit(SitemapError(f"internal error: {type(exc).__name__}: {exc}",
                                                  code="internal-error"))
        else:
            if self.token.cancelled:
                self.signals.cancelled.emit()
            else:
                self.signals.succeeded.emit(result)
        self.signals.finished.emit()


class JobRunner(QObject):
    """Starts jobs in a thread pool and keeps them alive until they finish."""

    def __init__(self, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self._running: set[Job] = set()

    def start(self, job: Job) -> Job:
        """Start ``job``; the runner holds it until its ``finished`` signal."""
        self._running.add(job)
        job.signals.finished.connect(lambda: self._running.discard(job))
        self.pool.start(job)
        return job

    def cancel_all(self) -> None:
        """Ask every running job to stop."""
        for job in list(self._running):
            job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Wait for the pool to finish (for shutdown and tests)."""
        return self.pool.waitForDone(msecs)

    @property
    def busy(self) -> bool:
        """Whether any job is still running."""
        return bool(self._running)
