"""Check Live Site: fetch a published sitemap (and its index's children) as a crawler would.

For each URL asked for, the site's robots.txt is read first (once per
origin): a site whose robots.txt fails with a server error is not crawled,
a URL robots.txt disallows for Googlebot is "Blocked by robots.txt" (and is
not fetched when it is disallowed for Sitemap Studio too), and the URL asked
for should be named by a ``Sitemap:`` line. Then the file is fetched under
the private-address rule, with the protocol's size cap, and judged by
:mod:`.file_checks`. The children of an index are fetched one after the
other (one request at a time, so never more than one per host), on the
index's own host only, at most :data:`MAX_CHILDREN` of them; a child that is
itself an index is "Nested indexes" and is not followed. A robots.txt
``Crawl-delay`` (up to :data:`MAX_CRAWL_DELAY` seconds) is waited out between
two requests to one site.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from sitemap_studio.core.fetching.http_fetch import (
    DEFAULT_TIMEOUT,
    Fetcher,
    make_fetcher,
    url_problem,
)
from sitemap_studio.core.fetching.site_fetch import ROBOTS_MAX_BYTES
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.project.workspace import Workspace
from sitemap_studio.core.publish_check.export_match import compare, expected_export
from sitemap_studio.core.publish_check.file_checks import judge_answer, judge_content, read_content
from sitemap_studio.core.publish_check.problems import Code, FileCheck, LiveReport
from sitemap_studio.core.publish_check.robots_access import (
    OUR_AGENT,
    RobotsCache,
    RobotsFile,
    origin_of,
)
from sitemap_studio.core.urls.parsing import normalize_url

#: Children of an index fetched at most in one check.
MAX_CHILDREN = 1000
#: Children named in the index's "has sitemaps with errors" evidence.
NAMED_CHILDREN = 3
#: Seconds of robots.txt ``Crawl-delay`` honoured at most.
MAX_CRAWL_DELAY = 30.0
#: Seconds between two looks at the cancel token while waiting out a crawl delay.
_WAIT_STEP = 0.1

FileCallback = Callable[[FileCheck], None]


@dataclass(frozen=True, slots=True)
class LiveCheckOptions:
    """How the check fetches: the private-address rule, the timeout, and the reading limits."""

    allow_private: bool = False
    timeout: float = DEFAULT_TIMEOUT
    limits: Limits | None = None
    #: The longest robots.txt ``Crawl-delay`` honoured; a longer one is honoured as this.
    max_crawl_delay: float = MAX_CRAWL_DELAY


def check_urls(
    urls: Iterable[str],
    options: LiveCheckOptions | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
    on_file: FileCallback | None = None,
) -> LiveReport:
    """Check each sitemap URL (and an index's children) live; see the module notes.

    ``on_file`` gets each file's result as soon as it is complete (an index's
    "has sitemaps with errors" comes after its children).

    Raises:
        Cancelled: ``cancel`` was set.
        SitemapError: a URL given is not an http(s) URL.
    """
    options = options or LiveCheckOptions()
    tops = list(dict.fromkeys(url.strip() for url in urls))
    for url in tops:
        problem = url_problem(url)
        if problem is not None:
            raise SitemapError(f"{url}: {problem}", code="check-bad-url")

    def fetcher_of(cap: int) -> Fetcher:
        return make_fetcher(timeout=options.timeout, max_bytes=cap, cancel=cancel,
                            allow_private=options.allow_private)

    run = _Run(fetcher_of(PROTOCOL_MAX_BYTES), RobotsCache(fetcher_of(ROBOTS_MAX_BYTES)),
               options, cancel, progress, on_file)
    for url in tops:
        run.check_top(url)
    return run.report


def check_project(
    workspace: Workspace,
    options: LiveCheckOptions | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
    on_file: FileCallback | None = None,
) -> LiveReport:
    """Check the project's public index URL(s) live, then compare with a fresh export.

    Raises:
        SitemapError: the project has no public URL, or cannot be exported.
    """
    expected = expected_export(workspace, cancel=cancel)
    found = check_urls(expected.index_urls, options, cancel=cancel, progress=progress,
                       on_file=on_file)
    found.matches_project = compare(found.files, expected)
    return found


class _Run:
    """One check: the files found so far, in the order they were found."""

    def __init__(self, fetcher: Fetcher, robots: RobotsCache, options: LiveCheckOptions,
                 cancel: CancelToken | None, progress: ProgressCallback | None,
                 on_file: FileCallback | None) -> None:
        self.fetcher = fetcher
        self.robots = robots
        self.limits = options.limits or Limits.from_env()
        self.max_crawl_delay = options.max_crawl_delay
        #: When each origin was last asked for a sitemap (``time.monotonic()``).
        self.last_asked: dict[str, float] = {}
        self.cancel = cancel
        self.progress = progress
        self.on_file = on_file
        self.report = LiveReport()
        self.seen: set[str] = set()
        self.known = 0

    def check_top(self, url: str) -> None:
        if normalize_url(url) in self.seen:
            return
        self.seen.add(normalize_url(url))
        self.known += 1
        item = FileCheck(url)
        children = self._check_one(item, top=True)
        for child in children:
            self._check_child(child, item)
        failed = [entry for entry in self.report.files
                  if entry.parent == item.url and not entry.ok]
        if failed:
            named = "; ".join(f"{entry.url}: {entry.problems[0].title}"
                              for entry in failed[:NAMED_CHILDREN])
            more = f" (and {len(failed) - NAMED_CHILDREN} more)" if len(failed) > NAMED_CHILDREN \
                else ""
            verb = "has" if len(failed) == 1 else "have"
            item.add(Code.CHILDREN_FAILED, f"{len(failed)} of the {len(children)} sitemaps it "
                     f"lists {verb} problems", named + more)
        if self.on_file is not None:
            self.on_file(item)

    def _check_child(self, url: str, parent: FileCheck) -> None:
        item = FileCheck(url, parent=parent.url)
        self._check_one(item, top=False)
        if item.kind == "sitemapindex":
            item.add(Code.NESTED_INDEX, "this sitemap, listed in an index, is an index itself; "
                     "its sitemaps are not read", f"listed in {parent.url}; <sitemapindex> root")

    def _check_one(self, item: FileCheck, *, top: bool) -> list[str]:
        """Fetch and judge ``item``; return the children when it is an index."""
        check(self.cancel)
        report(self.progress, len(self.report.files), self.known)
        self.report.files.append(item)
        try:
            return self._judge(item, top=top)
        finally:
            if self.on_file is not None and not top:
                self.on_file(item)
            report(self.progress, len(self.report.files), self.known)

    def _judge(self, item: FileCheck, *, top: bool) -> list[str]:
        robots = self.robots.for_url(item.url)
        check(self.cancel)
        if robots.unreachable:
            item.add(Code.ROBOTS_UNREACHABLE, f"robots.txt answers {robots.result.status}, so "
                     "crawlers fetch nothing from this site for now; the sitemap was not "
                     "fetched", robots.describe())
            return []
        if robots.blocks(item.url):
            item.add(Code.ROBOTS_BLOCKED, "robots.txt disallows this URL for Googlebot",
                     f"{robots.url}: {robots.rule_for(item.url) or 'a Disallow rule matches'}")
            if robots.blocks(item.url, OUR_AGENT):
                return []  # our manners: not fetched either
        self._wait_turn(item.url, robots)
        result = self.fetcher(item.url)
        self.last_asked[origin_of(item.url)] = time.monotonic()
        check(self.cancel)
        body = judge_answer(item, result)
        if item.fetched and robots.result.status is None:
            item.add(Code.ROBOTS_UNREACHABLE, "robots.txt could not be fetched, so crawlers "
                     "treat the site as unreachable, although this sitemap answered",
                     robots.describe())
        if top:
            _sitemap_line(item, robots)
        if body is None:
            return []
        document = read_content(item, body, self.limits)
        if document is None:
            return []
        site = origin_of(item.final_url or item.url) + "/"
        judge_content(item, document, site)
        if item.kind != "sitemapindex" or not top:
            return []
        return self._children(item)

    def _wait_turn(self, url: str, robots: RobotsFile) -> None:
        """Wait out the site's Crawl-delay since its last request (robots.txt not counted)."""
        last = self.last_asked.get(origin_of(url))
        delay = min(robots.crawl_delay(), self.max_crawl_delay)
        if last is None or delay <= 0:
            return
        until = last + delay
        while (left := until - time.monotonic()) > 0:
            check(self.cancel)
            time.sleep(min(left, _WAIT_STEP))

    def _children(self, item: FileCheck) -> list[str]:
        base = item.final_url or item.url
        host = (urlsplit(base).hostname or "").lower()
        children = []
        for loc in item.locs or []:
            url = urljoin(base, loc.strip())
            key = normalize_url(url)
            if key in self.seen or url_problem(url) is not None:
                continue
            if (urlsplit(url).hostname or "").lower() != host:
                continue  # the index's "URL not allowed" says so; never fetched
            self.seen.add(key)
            children.append(url)
        if len(children) > MAX_CHILDREN:
            self.report.notes.append(f"{base}: only the first {MAX_CHILDREN:,} of its "
                                     f"{len(children):,} sitemaps were checked")
            children = children[:MAX_CHILDREN]
        self.known += len(children)
        return children


def _sitemap_line(item: FileCheck, robots: RobotsFile) -> None:
    """Whether robots.txt names ``item`` (or where it redirects) on a ``Sitemap:`` line."""
    if robots.result.status is None:
        return  # the fetch of the sitemap says why nothing answers
    names = {normalize_url(item.url), normalize_url(item.final_url or item.url)}
    lines = robots.sitemap_lines
    if any(normalize_url(line) in names for line in lines):
        return
    if not lines:
        item.add(Code.NO_SITEMAP_LINE, "robots.txt does not name this sitemap, nor any other",
                 f"{robots.describe()}; no Sitemap: line")
    else:
        item.add(Code.SITEMAP_LINE_ELSEWHERE, "robots.txt names other sitemaps, not this one",
                 f"{robots.url}: " + "; ".join(f"Sitemap: {line}" for line in lines[:5]))


__all__ = ["MAX_CHILDREN", "LiveCheckOptions", "check_project", "check_urls"]
