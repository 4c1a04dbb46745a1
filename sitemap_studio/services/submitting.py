"""IndexNow in the background: batch the URLs, then submit, save or link them.

Batching normalises and groups every URL (about 5 s for a million), so each
action runs as a job: :meth:`SubmitService.submit` POSTs the batches one after
another and hands over each answer as soon as it comes (``batch_submitted``);
:meth:`SubmitService.save_batches` writes the key file and the JSON batches;
:meth:`SubmitService.links` makes the GET links. Nothing is sent except by
:meth:`SubmitService.submit`, which the dialog calls only after the user
confirmed. Cancel stops between two requests, never inside one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.model import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.publishing import (
    SubmitResult,
    WrittenKit,
    batches,
    get_link,
    submit,
    submittable,
    write_kit,
)
from sitemap_studio.services.jobs import Job, JobRunner

#: Seconds a POST may wait for its answer.
SUBMIT_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """The answer to one POST: which batch (1-based, of ``total``), its host and URL count."""

    number: int
    total: int
    host: str
    urls: int
    result: SubmitResult


@dataclass(frozen=True, slots=True)
class Links:
    """GET links for the first ``len(links)`` of ``total`` URLs to submit.

    ``left_out`` URLs could not be submitted at all (not absolute http(s) URLs).
    """

    links: list[str]
    total: int
    left_out: int = 0


def submit_batches(
    endpoint: str,
    urls: Iterable[str],
    key: str,
    key_location: str | None,
    *,
    on_outcome: Callable[[BatchOutcome], object],
    timeout: float = SUBMIT_TIMEOUT,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """POST each batch of ``urls`` to ``endpoint``, calling ``on_outcome`` after each one.

    Returns the number of batches.
    """
    bodies = batches(urls, key, key_location, cancel=cancel)
    for number, body in enumerate(bodies, start=1):
        check(cancel)
        result = submit(endpoint, body, timeout=timeout)
        on_outcome(BatchOutcome(number, len(bodies), str(body["host"]), len(body["urlList"]),
                                result))
        report(progress, number, len(bodies))
    return len(bodies)


def save_batches(
    folder: str,
    urls: Iterable[str],
    key: str,
    key_location: str | None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> WrittenKit:
    """Write the key file and the JSON batches of ``urls`` into ``folder``."""
    bodies = batches(urls, key, key_location, cancel=cancel)
    return write_kit(folder, key, bodies, cancel=cancel, progress=progress)


def make_links(
    endpoint: str,
    urls: Iterable[str],
    key: str,
    key_location: str | None,
    *,
    limit: int,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> Links:
    """GET links for the first ``limit`` distinct URLs, each with its host's key location.

    URLs IndexNow cannot take (relative ones, say) are left out and counted.
    """
    given = list(urls)
    usable = [url for url in given if submittable(url)]
    bodies = batches(usable, key, key_location, cancel=cancel)
    links: list[str] = []
    total = sum(len(body["urlList"]) for body in bodies)
    for body in bodies:
        location = body.get("keyLocation")
        for url in body["urlList"][: limit - len(links)]:
            links.append(get_link(endpoint, url, key, location))
        if len(links) >= limit:
            break
    report(progress, 1, 1)
    return Links(links, total, len(given) - len(usable))


class SubmitService(QObject):
    """Runs one IndexNow action at a time in the thread pool."""

    #: (BatchOutcome): one batch was answered (or not: ``result.status`` is then ``None``).
    batch_submitted = Signal(object)
    #: (int): every batch was submitted; the number of batches.
    submitted = Signal(int)
    #: (WrittenKit): the key file and batches are written.
    batches_saved = Signal(object)
    #: (Links): the GET links are ready.
    links_ready = Signal(object)
    #: (SitemapError): the action stopped (a bad URL, a file that cannot be written).
    failed = Signal(object)
    #: The action was cancelled (batches answered so far were reported).
    cancelled = Signal()
    #: (running): an action started or ended.
    running_changed = Signal(bool)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._job: Job | None = None
        self._done: Any = None

    @property
    def running(self) -> bool:
        """Whether an action is running."""
        return self._job is not None

    def submit(self, endpoint: str, urls: list[str], key: str,
               key_location: str | None) -> Job:
        """POST the batches of ``urls`` to ``endpoint`` (call only after the user confirmed)."""
        job = Job(submit_batches, endpoint, list(urls), key, key_location,
                  partial_keyword="on_outcome")
        job.signals.partial.connect(self.batch_submitted)
        return self._start(job, self.submitted)

    def save_batches(self, folder: str, urls: list[str], key: str,
                     key_location: str | None) -> Job:
        """Write the key file and the JSON batches of ``urls`` into ``folder``."""
        return self._start(Job(save_batches, folder, list(urls), key, key_location),
                           self.batches_saved)

    def links(self, endpoint: str, urls: list[str], key: str, key_location: str | None,
              limit: int) -> Job:
        """Make the GET links for the first ``limit`` URLs."""
        return self._start(Job(make_links, endpoint, list(urls), key, key_location,
                               limit=limit), self.links_ready)

    def cancel(self) -> None:
        """Ask the running action to stop at its next check."""
        if self._job is not None:
            self._job.cancel()

    def _start(self, job: Job, done: Any) -> Job:
        if self._job is not None:
            raise RuntimeError("an IndexNow action is already running")
        job.cancel_wins = False  # what was sent or written is reported, even if cancelled late
        self._job = job
        self._done = done
        job.signals.succeeded.connect(self._succeeded)
        job.signals.failed.connect(self._failed)
        job.signals.cancelled.connect(self._cancelled)
        self.runner.start_soon(job)
        self.running_changed.emit(True)
        return job

    def _end(self) -> Any:
        done = self._done
        self._job = None
        self._done = None
        self.running_changed.emit(False)
        return done

    def _succeeded(self, value: object) -> None:
        done = self._end()
        if done is not None:
            done.emit(value)

    def _failed(self, error: object) -> None:
        self._end()
        self.failed.emit(error)

    def _cancelled(self) -> None:
        self._end()
        self.cancelled.emit()
