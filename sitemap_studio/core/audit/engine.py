"""The audit's engine: every URL fetched in the background, politely, results as they come.

:func:`audit_urls` is the coroutine; :func:`run_audit` runs it to the end on
the calling thread (the window's worker thread, the CLI) with its own event
loop. Results reach ``on_result(index, audit)`` one by one as URLs finish (not
in input order: ``index`` is the item's position in ``items``); progress
reaches ``on_progress(done, total, eta_seconds)``. Setting the
:class:`~sitemap_studio.core.model.progress.CancelToken` from any thread stops the
audit within a fraction of a second: requests in flight are abandoned and
:class:`~sitemap_studio.core.model.errors.Cancelled` is raised.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import aiohttp

from sitemap_studio.core.audit.fetch import Fetcher, host_key
from sitemap_studio.core.audit.follow import Follower
from sitemap_studio.core.audit.guarded_resolver import GuardedResolver
from sitemap_studio.core.audit.options import AuditItem, AuditOptions
from sitemap_studio.core.audit.results import AuditFinding, UrlAudit, Verdict
from sitemap_studio.core.audit.robots_cache import RobotsCache
from sitemap_studio.core.audit.verdicts import judge, now_text
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.model.progress import CancelToken

#: Called with (index of the item in ``items``, its result) as each URL finishes.
ResultCallback = Callable[[int, UrlAudit], None]
#: Called with (URLs done, URLs in all, estimated seconds left or ``None`` while unknown).
AuditProgressCallback = Callable[[int, int, float | None], None]
#: How often the engine looks at the cancel token, in seconds.
CANCEL_POLL = 0.05


def recent(audit: UrlAudit, days: float, now: datetime | None = None) -> bool:
    """Whether ``audit`` was checked less than ``days`` days before ``now``."""
    try:
        when = datetime.fromisoformat(audit.checked_at)
    except ValueError:
        return False
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (now or datetime.now(UTC)) - when < timedelta(days=days)


class _Progress:
    def __init__(self, total: int, callback: AuditProgressCallback | None) -> None:
        self.total = total
        self.done = 0
        self._fetched = 0
        self._callback = callback
        self._started = time.monotonic()

    def step(self, fetched: bool) -> None:
        self.done += 1
        self._fetched += fetched
        if self._callback is None:
            return
        elapsed = time.monotonic() - self._started
        left = self.total - self.done
        eta = elapsed / self._fetched * left if self._fetched and elapsed > 0 else None
        self._callback(self.done, self.total, 0.0 if left == 0 else eta)


def make_session(options: AuditOptions) -> aiohttp.ClientSession:
    """The HTTP session of one audit: limits, timeout, no cookies, the guarded resolver."""
    connector = aiohttp.TCPConnector(
        limit=options.concurrency, limit_per_host=options.per_host, ttl_dns_cache=300,
        resolver=GuardedResolver(options.allow_private))
    return aiohttp.ClientSession(
        connector=connector, cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=options.timeout),
        headers={"User-Agent": options.user_agent}, trust_env=False)


async def audit_urls(items: Sequence[AuditItem], options: AuditOptions,
                     on_result: ResultCallback, cancel: CancelToken | None = None,
                     on_progress: AuditProgressCallback | None = None,
                     previous: Mapping[str, UrlAudit] | None = None) -> None:
    """Audit every item; report each result through ``on_result`` as it finishes.

    Args:
        items: The URLs, with the file and line each came from.
        options: Limits, timeout, user agent, private addresses, re-audit window.
        on_result: Called once per item, in the order URLs finish.
        cancel: Set it (from any thread) to stop; :class:`Cancelled` is raised.
        on_progress: Called after each result with (done, total, eta seconds).
        previous: Earlier results by URL; with ``options.recheck_after_days``
            those checked more recently are reported again without a fetch.
    """
    progress = _Progress(len(items), on_progress)
    queue = _HostQueue(items, options.per_host)
    async with make_session(options) as session:
        fetcher = Fetcher(session, options)
        follower = Follower(fetcher, RobotsCache(fetcher, options.product_token),
                            options.product_token)

        async def worker() -> None:
            index = queue.take()
            while index is not None:
                item = items[index]
                kept = _kept(item, previous, options)
                if kept is not None:
                    on_result(index, kept)
                    progress.step(False)
                else:
                    on_result(index, await _audit_one(follower, item, options))
                    progress.step(True)
                index = queue.done_and_take(index)

        workers = [asyncio.ensure_future(worker())
                   for _ in range(max(1, min(options.concurrency, len(items))))]
        try:
            await _until_done_or_cancelled(workers, cancel)
        finally:
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
    if cancel is not None and cancel.cancelled:
        raise Cancelled()


class _HostQueue:
    """Hands out items so that a host at its limit never holds up the others.

    An item whose host already has ``per_host`` URLs in progress is set aside
    for that host; whoever finishes a URL of the host takes the next one set
    aside. So a worker that finds nothing to take may stop: what is left
    belongs to hosts whose own workers will get to it.
    """

    def __init__(self, items: Sequence[AuditItem], per_host: int) -> None:
        self._items = items
        self._per_host = per_host
        self._pending: Iterator[int] = iter(range(len(items)))
        self._active: dict[str, int] = {}
        self._host_of: dict[int, str] = {}
        self._waiting: dict[str, deque[int]] = {}

    def take(self) -> int | None:
        """The next item to audit, or ``None`` when this worker may stop."""
        for index in self._pending:
            host = host_key(self._items[index].url)
            if self._active.get(host, 0) < self._per_host:
                self._active[host] = self._active.get(host, 0) + 1
                self._host_of[index] = host
                return index
            self._waiting.setdefault(host, deque()).append(index)
        return None

    def done_and_take(self, index: int) -> int | None:
        """Mark ``index`` done; the next item of its host if one waits, else :meth:`take`."""
        host = self._host_of.pop(index)
        waiting = self._waiting.get(host)
        if waiting:
            following = waiting.popleft()
            if not waiting:
                del self._waiting[host]
            self._host_of[following] = host
            return following
        self._active[host] -= 1
        if not self._active[host]:
            del self._active[host]
        return self.take()


async def _audit_one(follower: Follower, item: AuditItem, options: AuditOptions) -> UrlAudit:
    """One URL's result; a bug met on the way is reported on that URL, not the whole audit."""
    try:
        return judge(item, await follower.follow(item.url), options, now_text())
    except Exception as exc:
        message = (f"the audit failed on this URL: {type(exc).__name__}: {exc} (this is a bug "
                   f"in Sitemap Studio; please report it)")
        return UrlAudit(item.url, item.file, item.line, Verdict.UNREACHABLE, lastmod=item.lastmod,
                        checked_at=now_text(),
                        findings=(AuditFinding("internal-error", Severity.ERROR, message),))


def _kept(item: AuditItem, previous: Mapping[str, UrlAudit] | None,
          options: AuditOptions) -> UrlAudit | None:
    if previous is None or options.recheck_after_days is None:
        return None
    earlier = previous.get(item.url)
    if earlier is None or not recent(earlier, options.recheck_after_days):
        return None
    return replace(earlier, file=item.file, line=item.line, lastmod=item.lastmod)


async def _until_done_or_cancelled(workers: Sequence[asyncio.Future[None]],
                                   cancel: CancelToken | None) -> None:
    pending = set(workers)
    while pending:
        done, pending = await asyncio.wait(pending, timeout=CANCEL_POLL,
                                           return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()  # a bug in a worker surfaces here, not as a silent stall
        if cancel is not None and cancel.cancelled:
            return


def run_audit(items: Sequence[AuditItem], options: AuditOptions,
              on_result: ResultCallback, cancel: CancelToken | None = None,
              on_progress: AuditProgressCallback | None = None,
              previous: Mapping[str, UrlAudit] | None = None) -> None:
    """:func:`audit_urls` to the end on this thread, with an event loop of its own."""
    asyncio.run(audit_urls(items, options, on_result, cancel, on_progress, previous))


def audit_all(items: Sequence[AuditItem], options: AuditOptions,
              cancel: CancelToken | None = None,
              on_progress: AuditProgressCallback | None = None,
              previous: Mapping[str, UrlAudit] | None = None) -> list[UrlAudit]:
    """Every item's result, in input order (for the CLI and scripts)."""
    results: list[UrlAudit | None] = [None] * len(items)

    def keep(index: int, audit: UrlAudit) -> None:
        results[index] = audit

    run_audit(items, options, keep, cancel, on_progress, previous)
    return [audit for audit in results if audit is not None]


__all__ = ["AuditProgressCallback", "ResultCallback", "audit_all", "audit_urls", "make_session",
           "recent", "run_audit"]
