"""One side of a comparison: every sitemap file an input stands for, read with the loader.

An input is a sitemap (XML, ``.xml.gz``), a text list, a sitemap index (followed
into its children), a ``.sitemapproj`` project (all its member sitemaps) or an
``http(s)://`` URL fetched live. A local index's child is looked for on disk
first, beside the index under the last segment of its ``loc`` (or at the path
its ``loc`` names); otherwise its ``loc`` is fetched. Every live fetch, index
children and redirects included, asks the private-address rule first
(:func:`~sitemap_studio.core.urls.web_safety.host_refusal`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import unquote, urljoin, urlsplit

from sitemap_studio.core.fetching.http_fetch import (
    DEFAULT_TIMEOUT,
    FetchResult,
    fetch,
)
from sitemap_studio.core.fetching.site_fetch import MAX_DEPTH, MAX_SITEMAPS
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import ReadError, SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.project.workspace import is_project_path, open_workspace
from sitemap_studio.core.reading.loader import open_bytes, open_document

_REDIRECTS = (301, 302, 303, 307, 308)
#: Files one local index may lead to in all (nested indexes included).
MAX_LOCAL_FILES = 50_000

#: Fetches one URL live; :func:`checked_fetch` with the side's settings.
LiveFetcher = Callable[[str], FetchResult]


@dataclass(slots=True)
class SideFile:
    """One sitemap of a side: where it came from, its short name, its document."""

    location: str
    name: str
    document: SitemapDocument


@dataclass(slots=True)
class Side:
    """Everything one input of a comparison stands for."""

    label: str
    files: list[SideFile] = field(default_factory=list)

    @property
    def url_count(self) -> int:
        """Entries in all its files."""
        return sum(len(item.document) for item in self.files)


def is_live(location: str) -> bool:
    """Whether ``location`` is an ``http(s)://`` URL, fetched rather than opened."""
    return location.lower().startswith(("http://", "https://"))


def checked_fetch(url: str, *, allow_private: bool = False, timeout: float = DEFAULT_TIMEOUT,
                  max_bytes: int | None = None, cancel: CancelToken | None = None) -> FetchResult:
    """GET ``url`` under the private-address rule, asked at every hop and at every connection.

    :func:`~sitemap_studio.core.fetching.http_fetch.fetch` checks the host of each redirect
    before it connects, and the address the connection really uses (a name that
    resolves to a public address for the check and a private one after is refused).
    """
    return fetch(url, timeout=timeout, max_bytes=max_bytes, cancel=cancel,
                 allow_private=allow_private)


class _Reader:
    """Reads one side, following indexes, under one set of limits and manners."""

    def __init__(self, limits: Limits, allow_private: bool, cancel: CancelToken | None,
                 progress: ProgressCallback | None, fetcher: LiveFetcher | None) -> None:
        self.limits = limits
        self.cancel = cancel
        self.progress = progress
        self.fetcher = fetcher or (lambda url: checked_fetch(
            url, allow_private=allow_private, max_bytes=limits.max_uncompressed_bytes,
            cancel=cancel))
        self.seen: set[str] = set()
        self.fetched = 0

    def read(self, location: str) -> Side:
        side = Side(location)
        if is_live(location):
            self._live(location, side, 0)
        elif is_project_path(location):
            workspace = open_workspace(location, self.limits, cancel=self.cancel,
                                       progress=self.progress)
            for item in workspace.items:
                if item.error is not None:
                    raise item.error
                assert item.document is not None
                if item.document.kind == DocumentKind.URLSET:
                    side.files.append(SideFile(item.path, item.name, item.document))
        else:
            self._local(location, side, 0)
        report(self.progress, 100, 100)
        return side

    def _local(self, path: str, side: Side, depth: int) -> None:
        check(self.cancel)
        key = os.path.abspath(path)
        if key in self.seen:
            return
        self.seen.add(key)
        if len(self.seen) > MAX_LOCAL_FILES:
            raise ReadError(f"more than {MAX_LOCAL_FILES:,} sitemaps behind one input",
                            path=path, code="too-many-sitemaps")
        progress = self.progress if depth == 0 else None
        document = open_document(path, self.limits, cancel=self.cancel, progress=progress)
        if document.kind != DocumentKind.INDEX:
            side.files.append(SideFile(path, os.path.basename(path), document))
            return
        for loc in _child_locs(document):
            if depth + 1 > MAX_DEPTH:
                raise ReadError(f"{loc}: nested more than {MAX_DEPTH} index levels deep",
                                path=path, code="too-deep")
            child = _on_disk(path, loc)
            if child is not None:
                self._local(child, side, depth + 1)
            elif is_live(loc):
                self._live(loc, side, depth + 1)
            else:
                raise ReadError(f"the index lists {loc}, which is neither beside the index "
                                "nor a file on disk", path=path, code="child-missing")

    def _live(self, url: str, side: Side, depth: int, parent: str | None = None) -> None:
        check(self.cancel)
        if url in self.seen:
            return
        self.seen.add(url)
        if parent is not None and (urlsplit(url).hostname or "").lower() != (
                urlsplit(parent).hostname or "").lower():
            raise ReadError(f"{url}: not fetched: on another host than its index",
                            path=parent, code="other-host")
        self.fetched += 1
        if self.fetched > MAX_SITEMAPS:
            raise ReadError(f"more than {MAX_SITEMAPS} sitemaps to fetch behind one input",
                            path=url, code="too-many-sitemaps")
        result = self.fetcher(url)
        check(self.cancel)
        if not result.ok or result.data is None:
            raise ReadError(f"could not be fetched: {result.describe()}", path=url,
                            code="fetch-failed")
        try:
            document = open_bytes(result.data, result.final_url, self.limits)
        except SitemapError as exc:
            exc.path = url
            raise
        if document.kind != DocumentKind.INDEX:
            name = urlsplit(result.final_url).path.rsplit("/", 1)[-1] or result.final_url
            side.files.append(SideFile(url, name, document))
            return
        for loc in _child_locs(document):
            if depth + 1 > MAX_DEPTH:
                raise ReadError(f"{loc}: nested more than {MAX_DEPTH} index levels deep",
                                path=url, code="too-deep")
            self._live(urljoin(result.final_url, loc), side, depth + 1, result.final_url)


def _child_locs(document: SitemapDocument) -> list[str]:
    return [loc for loc in (document.text(row, 0) for row in range(len(document))) if loc]


def _on_disk(index_path: str, loc: str) -> str | None:
    """The file a local index's child ``loc`` stands for, if one exists."""
    folder = os.path.dirname(os.path.abspath(index_path))
    parts = urlsplit(loc)
    if parts.scheme.lower() in ("http", "https"):
        name = unquote(parts.path.rsplit("/", 1)[-1])
        candidates = [os.path.join(folder, name)] if name else []
    elif parts.scheme.lower() == "file":
        candidates = [unquote(parts.path)]
    else:
        candidates = [os.path.join(folder, loc)]
    return next((path for path in candidates if os.path.isfile(path)), None)


def read_side(location: str, limits: Limits | None = None, *, allow_private: bool = False,
              cancel: CancelToken | None = None, progress: ProgressCallback | None = None,
              fetcher: LiveFetcher | None = None) -> Side:
    """Read every sitemap ``location`` stands for; see the module notes.

    Raises:
        SitemapError: an input (or a child of an index) cannot be read or fetched;
            the error names it.
        Cancelled: ``cancel`` was set.
    """
    reader = _Reader(limits or Limits.from_env(), allow_private, cancel, progress, fetcher)
    return reader.read(location)
