"""Run core functions off the GUI thread, with throttled progress and cancellation.

A job is a plain core function taking ``cancel`` and ``progress`` keyword
arguments. It runs in a :class:`QThreadPool`; its signals live on a separate
:class:`JobSignals` object owned by the caller, never on a widget, and results
reach the GUI thread through queued signals.

A function that produces its result in pieces (a project's members as each is
read) can hand each piece over early: name one of its keyword arguments with
``Job(..., partial_keyword="on_item")`` and every value it passes to that
callback reaches :attr:`JobSignals.partial` on the GUI thread, in order, before
``succeeded``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QMetaMethod, QObject, QRunnable, QThreadPool, QTimer, Signal

from sitemap_studio.core.model import Cancelled, CancelToken, SitemapError

#: Progress reaches the GUI at most this often (seconds between updates).
PROGRESS_INTERVAL = 0.1

JobFunction = Callable[..., Any]


class JobSignals(QObject):
    """What a running job tells the GUI thread."""

    progress = Signal(int, int)
    #: A piece of the result that is ready before the whole (see ``partial_keyword``).
    partial = Signal(object)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()


class Job(QRunnable):
    """One call of a core function in the thread pool."""

    def __init__(self, function: JobFunction, *args: Any, partial_keyword: str | None = None,
                 **kwargs: Any) -> None:
        """Prepare ``function(*args, cancel=..., progress=..., **kwargs)``.

        Args:
            function: The core function to run in the pool.
            *args: Its positional arguments.
            partial_keyword: The name of a keyword argument of ``function`` that takes a
                callback; each value passed to it is emitted as ``signals.partial``.
            **kwargs: Its other keyword arguments.
        """
        super().__init__()
        self.setAutoDelete(False)
        self.function = function
        self.args = args
        self.kwargs = kwargs
        if partial_keyword is not None:
            self.kwargs[partial_keyword] = self.emit_partial
        self.token = CancelToken()
        self.signals = JobSignals()
        #: Whether a cancel that comes after the function has returned still drops its
        #: result. Jobs whose effect stays (a file written) set it to False, so that
        #: their success is reported.
        self.cancel_wins = True
        self._last_report = 0.0

    def cancel(self) -> None:
        """Ask the job to stop at its next check."""
        self.token.cancel()

    def emit_partial(self, value: object) -> None:
        """Hand ``value`` to the GUI thread now, as ``signals.partial`` (any thread)."""
        self.signals.partial.emit(value)

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
            if self.token.cancelled and self.cancel_wins:
                self.signals.cancelled.emit()
            else:
                self.signals.succeeded.emit(result)
        self.signals.finished.emit()


def _release(job: Job) -> None:
    """Disconnect every slot of a finished ``job`` and drop its arguments."""
    signals = job.signals
    meta = signals.metaObject()
    for index in range(meta.methodOffset(), meta.methodCount()):
        method = meta.method(index)
        if method.methodType() == QMetaMethod.MethodType.Signal \
                and signals.isSignalConnected(method):
            getattr(signals, bytes(method.name().data()).decode()).disconnect()
    job.args = ()
    job.kwargs = {}


class JobRunner(QObject):
    """Starts jobs in a thread pool and keeps them alive until they finish."""

    def __init__(self, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self._running: set[Job] = set()

    def start(self, job: Job) -> Job:
        """Start ``job``; the runner holds it until its ``finished`` signal, then lets go of
        it (see :meth:`_finished`)."""
        self._running.add(job)
        job.signals.finished.connect(self._finished)
        self.pool.start(job)
        return job

    def _finished(self) -> None:
        """A job finished: forget it, and once every slot of its last signals ran, cut it
        loose (:func:`_release`).

        Callers' slots often name the job (``lambda: self._release(job)``). Qt
        holds those slots, out of the garbage collector's sight, for as long as
        the job's signals object lives, and the job holds that object: without
        this, every job, its arguments (a copy of a document's bytes for a
        journal write or a save) and whatever its slots name would stay in
        memory until the app quits.
        """
        signals = self.sender()
        job = next((job for job in self._running if job.signals is signals), None)
        if job is None:
            return
        self._running.discard(job)
        # Queued after the slots this emission already queued, so they all run first.
        QTimer.singleShot(0, self, lambda: _release(job))

    def start_soon(self, job: Job) -> Job:
        """Start ``job`` once control is back in the event loop; return it at once.

        A service that hands a job to its caller starts it this way, so that
        the caller can connect to the job's signals (a progress dialog) before
        anything is emitted: a queued signal emitted before a slot is connected
        never reaches that slot.
        """
        self._running.add(job)  # busy and cancel_all count it already
        QTimer.singleShot(0, self, lambda: self.start(job))
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
