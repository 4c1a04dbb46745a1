"""Discover and fetch a live site's sitemaps in the background, one URL status at a time.

Nothing here touches the network by itself: :meth:`FetchService.discover`
and :meth:`FetchService.fetch` run only when the user asks (the dialog's
Discover and Fetch buttons). Each runs a core function
(:func:`~sitemap_studio.core.site_fetch.discover_site`,
:func:`~sitemap_studio.core.import_sources.read_live_site`) as a
:class:`~sitemap_studio.services.jobs.Job`; ``url_status`` reports each URL
on the GUI thread as soon as it is known. Starting a new run cancels the
one under way; its late signals are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.http_fetch import DEFAULT_TIMEOUT
from sitemap_studio.core.import_sources import ImportBatch, read_live_site
from sitemap_studio.core.limits import Limits
from sitemap_studio.core.site_fetch import Discovery, UrlStatus, discover_site
from sitemap_studio.services.jobs import Job, JobRunner


class FetchService(QObject):
    """Runs discovery and fetching jobs for one dialog (or one window)."""

    #: (Discovery): robots.txt was read (or failed) and the candidates listed.
    discovered = Signal(object)
    #: (UrlStatus): one URL of a fetch run is done, fetched or not.
    url_status = Signal(object)
    #: (ImportBatch): a fetch run is over; the batch holds what came in.
    fetched = Signal(object)
    #: (SitemapError): a run stopped on an error (not a URL's: those are statuses).
    failed = Signal(object)
    #: A run was cancelled.
    cancelled = Signal()
    #: (done, total): progress of the run under way.
    progress = Signal(int, int)
    #: (bool): whether a run is under way.
    busy_changed = Signal(bool)

    def __init__(self, runner: JobRunner, *, timeout: float = DEFAULT_TIMEOUT,
                 limits: Limits | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.timeout = timeout
        self.limits = limits
        self._current: Job | None = None

    @property
    def busy(self) -> bool:
        """Whether a discovery or fetch is under way."""
        return self._current is not None

    def discover(self, site_url: str) -> Job:
        """Read the site's robots.txt and list candidates; ``discovered`` tells."""
        job = Job(discover_site, site_url, timeout=self.timeout)
        job.signals.succeeded.connect(self._discovered)
        return self._start(job)

    def fetch(self, urls: Iterable[str], site: str) -> Job:
        """Fetch ``urls`` and their index children; ``url_status`` per URL, then ``fetched``."""
        job = Job(read_live_site, list(urls), site, self.limits, timeout=self.timeout,
                  partial_keyword="on_status")
        job.signals.partial.connect(self._status)
        job.signals.succeeded.connect(self._fetched)
        return self._start(job)

    def cancel(self) -> None:
        """Cancel the run under way, if any (its downloads stop at their next check)."""
        if self._current is not None:
            self._current.cancel()

    # ------------------------------------------------------------------ internals
    # Job signals reach bound methods (so nothing arrives once this object is gone);
    # ``sender()`` tells the current run's signals from those of a run replaced since.

    def _start(self, job: Job) -> Job:
        if self._current is not None:
            self._current.cancel()
        self._current = job
        job.signals.progress.connect(self._progress)
        job.signals.failed.connect(self._failed)
        job.signals.cancelled.connect(self._cancelled)
        self.busy_changed.emit(True)
        return self.runner.start_soon(job)

    def _from_current(self) -> bool:
        return self._current is not None and self.sender() is self._current.signals

    def _end(self) -> bool:
        """Forget the current run if the signal comes from it; return whether it did."""
        if not self._from_current():
            return False
        self._current = None
        self.busy_changed.emit(False)
        return True

    def _progress(self, done: int, total: int) -> None:
        if self._from_current():
            self.progress.emit(done, total)

    def _status(self, status: UrlStatus) -> None:
        if self._from_current():
            self.url_status.emit(status)

    def _discovered(self, discovery: Discovery) -> None:
        if self._end():
            self.discovered.emit(discovery)

    def _fetched(self, batch: ImportBatch) -> None:
        if self._end():
            self.fetched.emit(batch)

    def _failed(self, error: SitemapError) -> None:
        if self._end():
            self.failed.emit(error)

    def _cancelled(self) -> None:
        if self._end():
            self.cancelled.emit()


__all__ = ["FetchService"]
