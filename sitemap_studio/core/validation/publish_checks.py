"""Build mistakes a file about to be published should not carry.

- ``loc-double-slash``: ``//`` in the path after the host, almost always a base
  URL ending in ``/`` joined to a path starting with ``/``;
- ``loc-placeholder-host``: ``example.com`` and its kin, ``your-site.com``-style
  hosts and single-label development hosts with a port, left from a template
  or a test build (``loc-private-host`` covers localhost and private networks);
- ``urlset-lists-sitemaps``: a ``<urlset>`` whose entries are all sitemap files,
  an index written with the wrong root element.

The per-URL checks are plain string operations on the host and path; the fast
path of :mod:`locations` sends a URL here only when a cheap test says it may
concern them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.findings import Finding, QuickFix, RuleSource, Severity
from sitemap_studio.core.urls.host_names import private_host_kind
from sitemap_studio.core.urls.parsing import display_host
from sitemap_studio.core.urls.url_display import reveal_invisible
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.registry import Profile, rule
from sitemap_studio.core.validation.scope import Scope

W = Severity.WARNING
STUDIO = RuleSource.STUDIO

LOC_DOUBLE_SLASH = rule(
    "loc-double-slash", W, STUDIO,
    "'//' in the path after the host: almost always a build bug (a base URL ending in / "
    "joined to a path starting with /); servers may answer it with another page or a 404.",
    fix="Collapse the repeated slashes")
LOC_PLACEHOLDER_HOST = rule(
    "loc-placeholder-host", W, STUDIO,
    "A placeholder or test host left in the file: example.com/.org/.net (RFC 2606), the "
    ".example, .test and .invalid names, your-site.com-style hosts, or a single-label host "
    "with a port (http://testtest:3000).")
PLACEHOLDER_SITE = rule(
    "site-placeholder-host", W, STUDIO,
    "The site most URLs of the file are on is a placeholder or test host (see "
    "loc-placeholder-host): said once for the file rather than for every entry.")
URLSET_LISTS_SITEMAPS = rule(
    "urlset-lists-sitemaps", W, STUDIO,
    "A <urlset> whose entries all point at sitemap files: an index written with the wrong "
    "root element, so crawlers take the sitemaps for pages.")

#: Entries of a urlset looked at to decide whether it lists only sitemaps.
SITEMAP_SAMPLE = 1_000

_RESERVED_DOMAINS = ("example.com", "example.org", "example.net")
_RESERVED_SUFFIXES = (".example", ".test", ".invalid")
# The label before the public suffix of "your-site.com", "yourdomain.co.uk", "my-website.org".
_TEMPLATE_LABEL = re.compile(
    r"your-?(?:site|domain|website|web-?site|blog|shop|store|company|url|host|app)(?:-?name)?\Z"
    r"|my-?(?:site|domain|website)\Z")
_SITEMAP_ENDINGS = (".xml", ".xml.gz", ".txt", ".txt.gz")


@lru_cache(maxsize=4096)
def placeholder_host_kind(host: str, port: str | None = None) -> str | None:
    """What kind of placeholder ``host`` (lower-case ASCII) is, or ``None`` for a real one."""
    name = host.rstrip(".")
    if private_host_kind(name) is not None:
        return None  # localhost and private networks: loc-private-host says so
    if name in _RESERVED_DOMAINS or name.endswith(tuple("." + d for d in _RESERVED_DOMAINS)):
        return "a documentation example domain (RFC 2606)"
    if name.endswith(_RESERVED_SUFFIXES):
        return "a reserved test name (RFC 2606)"
    labels = name.split(".")
    if len(labels) >= 2 and any(_TEMPLATE_LABEL.match(label) for label in labels[:-1]):
        return "a template's placeholder"
    if port and len(labels) == 1 and not name.startswith("["):
        return "a single-label development host with a port"
    return None


def off_site_placeholder(host: str, scope: Scope | None) -> str | None:
    """A plain URL's placeholder ``host`` (lower-case ASCII) when the file's site is real."""
    kind = placeholder_host_kind(host)
    return kind if kind is not None and real_site_elsewhere(scope, host) else None


def real_site_elsewhere(scope: Scope | None, host: str) -> bool:
    """Whether the file's site is a real host other than ``host``: a stray placeholder URL.

    A file whose site is itself a placeholder gets one file finding instead
    (``site-placeholder-host``), and a robots.txt (no site) is judged by its lines.
    """
    return (scope is not None and placeholder_host_kind(scope.host) is None
            and not scope.same_host(host))


def check_placeholder_host(host: str, port: str | None, report: Reporter, noun: str) -> None:
    """Report a placeholder host (``host`` lower-case ASCII, as normalised)."""
    kind = placeholder_host_kind(host, port)
    if kind is not None:
        shown = display_host(host) + (f":{port}" if port else "")
        report(LOC_PLACEHOLDER_HOST,
               f"The host {shown} of the {noun} is {kind}: replace it with the site's real "
               "address before publishing.", field="loc")


def placeholder_site(origin: str, entries: int, profile: Profile) -> list[Finding]:
    """One file finding when the site the file's URLs are on (not one the user set) is a
    placeholder host."""
    if not entries:
        return []
    authority = origin.partition("//")[2]
    host, colon, port = authority.rpartition(":") if not authority.endswith("]") else (
        authority, "", "")
    kind = placeholder_host_kind(host if colon else authority, port if colon else None)
    if kind is None:
        return []
    report = Reporter(profile)
    report(PLACEHOLDER_SITE,
           f"the URLs of this file are on {origin}, {kind}: it was built with a placeholder or "
           "test base URL; set the site's real address before publishing")
    return report.findings


def may_have_double_slash(value: str) -> bool:
    """A cheap test for the fast path: ``False`` means :func:`double_slash_at` is ``-1``."""
    return value.find("//", 8) >= 0


def double_slash_at(value: str) -> int:
    """Offset of the first ``//`` in the path of the absolute URL ``value``, else ``-1``."""
    authority = value.find("//")
    if authority < 0:
        return -1
    path = value.find("/", authority + 2)
    if path < 0:
        return -1
    end = len(value)
    for mark in ("?", "#"):
        found = value.find(mark, path)
        if 0 <= found < end:
            end = found
    return value.find("//", path, end)


def check_double_slash(value: str, report: Reporter, noun: str) -> None:
    """Report ``//`` in the path of ``value``, with a fix collapsing the repeated slashes."""
    offset = double_slash_at(value)
    if offset < 0:
        return
    report(LOC_DOUBLE_SLASH,
           f"The {noun} has '//' in its path at character {offset + 1} "
           f"({reveal_invisible(value, limit=120)}): almost always a base URL ending "
           "in / joined to a path starting with /.", field="loc", fix=_FIX_COLLAPSE)


def collapse_slashes(value: str) -> str:
    """``value`` with every run of slashes in its path made one."""
    offset = double_slash_at(value)
    if offset < 0:
        return value
    path = value.find("/", value.find("//") + 2)
    end = len(value)
    for mark in ("?", "#"):
        found = value.find(mark, path)
        if 0 <= found < end:
            end = found
    return value[:path] + re.sub("/{2,}", "/", value[path:end]) + value[end:]


def _collapse(entry: Entry) -> Entry:
    if entry.loc is None:
        return entry
    raw = {name: text for name, text in entry.raw.items() if name != "loc"}
    return replace(entry, loc=collapse_slashes(entry.loc), raw=raw)


_FIX_COLLAPSE = QuickFix("Collapse the repeated slashes", _collapse)


def is_sitemap_file(loc: str) -> bool:
    """Whether the URL ``loc`` names a sitemap file (``…sitemap….xml``, ``.xml.gz``, ``.txt``)."""
    path = loc.strip().partition("#")[0].partition("?")[0].lower()
    return path.endswith(_SITEMAP_ENDINGS) and "sitemap" in path.rpartition("/")[2]


def urlset_lists_sitemaps(document: SitemapDocument, profile: Profile) -> list[Finding]:
    """A file finding when every sampled entry of an XML urlset is a sitemap file."""
    if document.kind != DocumentKind.URLSET or document.source.format != SourceFormat.XML:
        return []
    count = len(document)
    stop = min(count, SITEMAP_SAMPLE)
    first = document.text(0, 0) if stop else None
    if first is None or not is_sitemap_file(first):  # the common answer, after one row
        return []
    locs = document.column_texts(0, 0, stop)
    if not all(isinstance(loc, str) and is_sitemap_file(loc) for loc in locs):
        return []
    report = Reporter(profile)
    which = "its only entry is" if count == 1 else (
        f"all {count:,} entries are" if count == stop else f"its first {stop:,} entries are")
    report(URLSET_LISTS_SITEMAPS,
           f"this looks like a sitemap index: {which} sitemap files, but the root is <urlset>, "
           "so crawlers take them for pages; write it as <sitemapindex> with <sitemap> entries")
    return report.findings
