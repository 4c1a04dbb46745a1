"""A live site's sitemaps: discover them, then fetch the chosen ones with their index children.

:func:`discover` reads the site's ``/robots.txt`` for ``Sitemap:`` lines and
adds the usual places (``/sitemap.xml``, ``/sitemap_index.xml``, ...); it
fetches nothing else. :func:`fetch_sitemaps` fetches the URLs the user
chose, reads each with the same hardened loader and caps as a file, and
follows a sitemap index to its children: on the same host only, at most
:data:`MAX_DEPTH` levels deep and :data:`MAX_SITEMAPS` sitemaps in all, each
URL once. Every URL gets a :class:`UrlStatus` line (its HTTP status or why
it failed), passed to ``on_status`` as soon as it is known.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from urllib.parse import urljoin, urlsplit

from sitemap_studio.core.fetching.http_fetch import (
    DEFAULT_TIMEOUT,
    Fetcher,
    FetchResult,
    make_fetcher,
    url_problem,
)
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.errors import ReadError, SitemapError
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.reading.robots import SITEMAP_LINE
from sitemap_studio.core.urls.parsing import normalize_url

#: Where sitemaps usually are when robots.txt does not say.
WELL_KNOWN_PATHS = ("/sitemap.xml", "/sitemap_index.xml", "/sitemap-index.xml",
                    "/sitemap.xml.gz", "/wp-sitemap.xml")
#: Index levels followed below a chosen URL.
MAX_DEPTH = 2
#: Sitemaps fetched at most in one run (chosen URLs and children together).
MAX_SITEMAPS = 200
FROM_ROBOTS = "robots.txt"
WELL_KNOWN = "well-known location"
#: Most bytes read of a robots.txt (Google reads the first 500 KiB).
ROBOTS_MAX_BYTES = 512 << 10

StatusCallback = Callable[["UrlStatus"], None]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sitemap URL the user may choose, and where it was found."""

    url: str
    source: str


@dataclass(slots=True)
class Discovery:
    """What :func:`discover` found: the robots.txt answer and the candidates."""

    site_url: str
    robots: FetchResult
    candidates: list[Candidate] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class UrlStatus:
    """One line of the per-URL status list.

    ``fetched`` is False for a URL that was not requested (another host, too
    deep, past the count limit). ``entries`` counts the URLs it brought in
    (children for an index).
    """

    url: str
    ok: bool
    message: str
    status: int | None = None
    depth: int = 0
    fetched: bool = True
    entries: int = 0


@dataclass(slots=True)
class FetchOutcome:
    """Everything a fetch run brought in: page entries, reading notes and the status lines."""

    entries: list[Entry] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    statuses: list[UrlStatus] = field(default_factory=list)
    sitemaps: int = 0


def site_root(site_url: str) -> str:
    """``https://example.com/`` for any URL on that site; ``ValueError`` when not http(s)."""
    text = site_url.strip()
    if "://" not in text:
        text = "https://" + text
    problem = url_problem(text)
    if problem is not None:
        raise ValueError(problem)
    parts = urlsplit(text)
    return f"{parts.scheme.lower()}://{parts.netloc}/"


def site_url_problem(site_url: str) -> str | None:
    """Why ``site_url`` cannot be a site to discover, or ``None``."""
    if not site_url.strip():
        return "enter the site's address, e.g. https://www.example.com/"
    try:
        site_root(site_url)
    except ValueError as exc:
        return str(exc)
    return None


def robots_sitemaps(data: bytes, base: str) -> list[str]:
    """The ``Sitemap:`` URLs of a robots.txt, in order, each once (relative ones resolved)."""
    found: list[str] = []
    for line in data.splitlines():
        match = SITEMAP_LINE.match(line)
        if match is None:
            continue
        url = urljoin(base, match.group(1).decode("utf-8", "replace"))
        if url not in found:
            found.append(url)
    return found


def discover(site_url: str, fetcher: Fetcher) -> Discovery:
    """Fetch ``/robots.txt`` of the site and list its sitemaps and the well-known locations."""
    root = site_root(site_url)
    robots_url = root + "robots.txt"
    robots = fetcher(robots_url)
    discovery = Discovery(root, robots)
    seen: set[str] = set()
    listed = robots_sitemaps(robots.data, robots.final_url) if robots.ok and robots.data else []
    for url, source in [*((u, FROM_ROBOTS) for u in listed),
                        *((root + path[1:], WELL_KNOWN) for path in WELL_KNOWN_PATHS)]:
        key = normalize_url(url)
        if key not in seen:
            seen.add(key)
            discovery.candidates.append(Candidate(url, source))
    return discovery


def discover_site(site_url: str, *, timeout: float = DEFAULT_TIMEOUT,
                  cancel: CancelToken | None = None,
                  progress: ProgressCallback | None = None) -> Discovery:
    """:func:`discover` with a fetcher of its own (a job's entry point)."""
    report(progress, 0, 1)
    fetcher = make_fetcher(timeout=timeout, max_bytes=ROBOTS_MAX_BYTES, cancel=cancel)
    try:
        discovery = discover(site_url, fetcher)
    except ValueError as exc:
        raise SitemapError(f"{site_url}: {exc}", code="bad-site-url") from None
    report(progress, 1, 1)
    return discovery


def fetch_sitemaps(
    urls: Iterable[str],
    fetcher: Fetcher,
    *,
    limits: Limits | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    on_status: StatusCallback | None = None,
    max_depth: int = MAX_DEPTH,
    max_sitemaps: int = MAX_SITEMAPS,
) -> FetchOutcome:
    """Fetch ``urls`` and the children of the indexes among them; see the module notes.

    Raises:
        Cancelled: ``cancel`` was set (checked between URLs and inside downloads).
    """
    limits = limits or Limits.from_env()
    outcome = FetchOutcome()
    queue: deque[tuple[str, int]] = deque()
    seen: set[str] = set()

    def note(status: UrlStatus) -> None:
        outcome.statuses.append(status)
        if on_status is not None:
            on_status(status)

    for url in urls:
        key = normalize_url(url.strip())
        if key not in seen:
            seen.add(key)
            queue.append((url.strip(), 0))
    fetched = 0
    while queue:
        check(cancel)
        report(progress, fetched, fetched + len(queue))
        url, depth = queue.popleft()
        if fetched >= max_sitemaps:
            note(UrlStatus(url, False, f"not fetched: {len(queue) + 1} more sitemaps than the "
                           f"limit of {max_sitemaps} in one import", depth=depth, fetched=False))
            break
        fetched += 1
        result = fetcher(url)
        check(cancel)
        children = _take(result, depth, outcome, limits, note)
        if children:
            _queue_children(children, result.final_url, depth, max_depth, seen, queue, note)
    outcome.sitemaps = fetched
    report(progress, fetched, fetched)
    return outcome


def _take(result: FetchResult, depth: int, outcome: FetchOutcome, limits: Limits,
          note: StatusCallback) -> list[str]:
    """Read one answer into ``outcome``; return the child URLs of an index."""
    if not result.ok or result.data is None:
        note(UrlStatus(result.url, False, result.describe(), result.status, depth))
        return []
    try:
        document = open_bytes(result.data, result.final_url, limits)
    except ReadError as exc:
        where = "" if exc.line is None else (
            f" (line {exc.line}" + ("" if exc.column is None else f", column {exc.column}") + ")")
        note(UrlStatus(result.url, False, f"{result.describe()}: {exc.message}{where}",
                       result.status, depth))
        return []
    name = result.final_url.rsplit("/", 1)[-1] or result.final_url
    outcome.findings.extend(replace(finding, message=f"{name}: {finding.message}", entry=None)
                            for finding in document.load_findings)
    if document.kind == DocumentKind.INDEX:
        children = [loc for loc in (document.text(row, 0) for row in range(len(document))) if loc]
        note(UrlStatus(result.url, True, f"{_via(result)}: sitemap index, "
                       f"{len(children):,} sitemaps", result.status, depth,
                       entries=len(children)))
        return children
    room = limits.max_entries - len(outcome.entries)
    taken = 0
    for entry in document.entries():
        if taken >= room:
            break
        outcome.entries.append(replace(entry, id=-1, element="url"))
        taken += 1
    message = f"{_via(result)}: {taken:,} URL{'' if taken == 1 else 's'}"
    if taken < len(document):
        message += (f"; {len(document) - taken:,} more left out (the limit is "
                    f"{limits.max_entries:,} entries)")
    note(UrlStatus(result.url, True, message, result.status, depth, entries=taken))
    return []


def _via(result: FetchResult) -> str:
    """The status, naming where a redirect led."""
    if result.final_url == result.url:
        return result.describe()
    return f"{result.describe()} (redirected to {result.final_url})"


def _queue_children(children: list[str], parent: str, depth: int, max_depth: int,
                    seen: set[str], queue: deque[tuple[str, int]],
                    note: StatusCallback) -> None:
    host = (urlsplit(parent).hostname or "").lower()
    for child in children:
        url = urljoin(parent, child.strip())
        key = normalize_url(url)
        if key in seen:
            continue
        seen.add(key)
        problem = url_problem(url)
        if problem is not None:
            note(UrlStatus(url, False, f"not fetched: {problem}", depth=depth + 1, fetched=False))
        elif (urlsplit(url).hostname or "").lower() != host:
            note(UrlStatus(url, False, f"not fetched: on another host than its index ({host})",
                           depth=depth + 1, fetched=False))
        elif depth + 1 > max_depth:
            note(UrlStatus(url, False, f"not fetched: nested more than {max_depth} index levels "
                           "deep", depth=depth + 1, fetched=False))
        else:
            queue.append((url, depth + 1))


__all__ = [
    "FROM_ROBOTS",
    "MAX_DEPTH",
    "MAX_SITEMAPS",
    "WELL_KNOWN",
    "WELL_KNOWN_PATHS",
    "Candidate",
    "Discovery",
    "FetchOutcome",
    "UrlStatus",
    "discover",
    "discover_site",
    "fetch_sitemaps",
    "robots_sitemaps",
    "site_root",
    "site_url_problem",
]
