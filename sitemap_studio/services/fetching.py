"""Discover and fetch a live site's sitemaps in the background, one URL status at a time.

Nothing here touches the network by itself: :meth:`FetchService.discover`
and :meth:`FetchService.fetch` run only when the user asks (the dialog's
Discover and Fetch buttons). Each runs a core function
(:func:`~sitemap_studio.core.fetching.site_fetch.discover_site`,
:func:`~sitemap_studio.core.imports.sources.read_live_site`) as a
:class:`~sitemap_studio.services.jobs.Job`; ``url_status`` reports each URL
on the GUI thread as soon as it is known. Starting a new run cancels the
one under way; its late signals are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.fetching import DEFAULT_TIMEOUT, Discovery, UrlStatus, discover_site
from sitemap_studio.core.imports import ImportBatch, read_live_site
from sitemap_studio.core.model import Limits
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.services.single_run import SingleRunService


class FetchService(SingleRunService):
    """Runs discovery and fetching jobs for one dialog (or one window)."""

    #: (Discovery): robots.txt was read (or failed) and the candidates listed.
    discovered = Signal(object)
    #: (UrlStatus): one URL of a fetch run is done, fetched or not.
    url_status = Signal(object)
    #: (ImportBatch): a fetch run is over; the batch holds what came in.
    fetched = Signal(object)

    def __init__(self, runner: JobRunner, *, timeout: float = DEFAULT_TIMEOUT,
                 limits: Limits | None = None, parent: QObject | None = None) -> None:
        super().__init__(runner, parent)
        self.timeout = timeout
        self.limits = limits

    def discover(self, site_url: str) -> Job:
        """Read the site's robots.txt and list candidates; ``discovered`` tells."""
        job = Job(discover_site, site_url, timeout=self.timeout)
        job.signals.succeeded.connect(self._discovered)
        return self.start_run(job)

    def fetch(self, urls: Iterable[str], site: str) -> Job:
        """Fetch ``urls`` and their index children; ``url_status`` per URL, then ``fetched``."""
        job = Job(read_live_site, list(urls), site, self.limits, timeout=self.timeout,
                  partial_keyword="on_status")
        job.signals.partial.connect(self._status)
        job.signals.succeeded.connect(self._fetched)
        return self.start_run(job)

    # ------------------------------------------------------------------ internals

    def _status(self, status: UrlStatus) -> None:
        if self.from_current():
            self.url_status.emit(status)

    def _discovered(self, discovery: Discovery) -> None:
        if self.end_run():
            self.discovered.emit(discovery)

    def _fetched(self, batch: ImportBatch) -> None:
        if self.end_run():
            self.fetched.emit(batch)


__all__ = ["FetchService"]
