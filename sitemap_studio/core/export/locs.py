"""The ``<loc>`` an exported entry gets: absolute, escaped, schema-valid, or left out with a reason.

Export writes only what a crawler can use and the official XSD accepts, so
every location passes through :class:`LocRules` first:

* blanks around it are dropped (every reader trims them);
* a relative URL (``/about``, ``about.html``, ``//cdn.example.com/x``) is
  resolved against the site URL, when there is one, and counted as resolved;
* anything that is still not an absolute http(s) URL with a host (empty, a
  ``mailto:``, a relative URL with no site URL) is left out, with the reason;
* characters a URI cannot hold (blanks, raw non-ASCII, a ``%`` that starts no
  escape, a second ``#``) are percent-encoded and an IDN host is written in
  punycode, so that the text is a URI and not an IRI;
* the result must have the XSD's length, 12 to 2,048 characters.

The common location (lower-case host, path and query of plain characters) is
recognised by one regular expression and passes untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urljoin

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.urls.parsing import origin, parse_url, percent_encode_iri

#: The XSD's bounds on ``tLoc`` (sitemap.xsd and siteindex.xsd).
LOC_MIN_LENGTH = 12
LOC_MAX_LENGTH = 2048

#: A location written the common way: nothing to resolve, encode or check further.
#: What may follow the host of such a location: a path and query of plain characters.
PLAIN_PATH_TEXT = r"(?:/[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*)?"
PLAIN_PATH = PLAIN_PATH_TEXT + r"\Z"
PLAIN_HOST_TEXT = r"(https?://[a-z0-9][a-z0-9.\-]*)"
PLAIN_LOC = re.compile(PLAIN_HOST_TEXT + PLAIN_PATH)
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")

# Why a location is left out (the keys of the report's counts).
NO_LOC = "it has no <loc>"
EMPTY = "its <loc> is empty"
RELATIVE = "a relative URL, and there is no site URL to resolve it against"
NOT_HTTP = "not an http or https URL"
NO_HOST = "not a valid http(s) URL (no usable host)"
TOO_LONG = f"longer than {LOC_MAX_LENGTH:,} characters (the XSD's limit)"
TOO_SHORT = f"shorter than {LOC_MIN_LENGTH} characters (the XSD's minimum)"


@dataclass(frozen=True, slots=True)
class Loc:
    """A location ready to be written: the URL, its origin, and what was done to it."""

    url: str
    origin: str
    #: ``"resolved"`` (was relative), ``"encoded"`` (characters escaped), or ``""``.
    change: str = ""


class LocRules:
    """Turns the ``<loc>`` texts of the input into locations export can write.

    ``site_url`` is what relative locations are resolved against (the
    project's site URL, or the scheme and host of the base URL); ``None``
    leaves relative locations out.
    """

    __slots__ = ("_origins", "site_root")

    def __init__(self, site_url: str | None) -> None:
        self.site_root = site_root(site_url)
        self._origins: dict[str, str] = {}

    def prepare(self, text: str | None) -> Loc | str:
        """The :class:`Loc` for ``text`` (a ``<loc>`` as written), or why it is left out."""
        if text is None:
            return NO_LOC
        match = PLAIN_LOC.match(text)
        if match is not None and len(text) >= LOC_MIN_LENGTH and len(text) <= LOC_MAX_LENGTH:
            head = match.group(1)
            known = self._origins.get(head)
            if known is None:
                known = origin(head) or head
                self._origins[head] = known
            return Loc(text, known)
        return self._slow(text)

    def _slow(self, text: str) -> Loc | str:
        url = text.strip(XML_WHITESPACE)
        if not url:
            return EMPTY
        change = ""
        if _SCHEME.match(url) is None:
            if self.site_root is None:
                return RELATIVE
            url = urljoin(self.site_root, url)
            change = "resolved"
        scheme = url.split(":", 1)[0].lower()
        if scheme not in ("http", "https"):
            return NOT_HTTP
        encoded = percent_encode_iri(url)
        if encoded != url:
            url = encoded
            change = change or "encoded"
        parts = parse_url(url)
        found = origin(url)
        if parts is None or not parts.valid_authority or not parts.host or found is None:
            return NO_HOST
        if len(url) > LOC_MAX_LENGTH:
            return TOO_LONG
        if len(url) < LOC_MIN_LENGTH:
            return TOO_SHORT
        return Loc(url, found, change)


def written_urls(documents: Iterable[SitemapDocument], site_url: str | None) -> list[str]:
    """The page URLs an export of ``documents`` writes, in order, each once.

    The same form everywhere a URL is published (sitemaps, IndexNow batches):
    resolved against ``site_url``, percent-encoded, punycode host; locations
    export leaves out are left out here too. Indexes list sitemaps, not pages,
    and are skipped.
    """
    rules = LocRules(site_url)
    seen: set[str] = set()
    urls: list[str] = []
    for doc in documents:
        if doc.kind != DocumentKind.URLSET:
            continue
        for row in range(len(doc)):
            loc = rules.prepare(doc.text(row, 0))
            if not isinstance(loc, str) and loc.url not in seen:
                seen.add(loc.url)
                urls.append(loc.url)
    return urls


def site_root(site_url: str | None) -> str | None:
    """``scheme://host[:port]/`` of ``site_url``, what relative locations resolve against."""
    if not site_url:
        return None
    found = origin(site_url.strip())
    return found + "/" if found else None


def path_of(url: str) -> str:
    """The path (with query) of the absolute ``url`` after its authority, starting with ``/``."""
    start = url.find("://")
    cut = len(url)
    for mark in "/?#":
        found = url.find(mark, start + 3)
        if 0 <= found < cut:
            cut = found
    rest = url[cut:]
    return rest if rest.startswith("/") else "/" + rest


__all__ = [
    "EMPTY",
    "LOC_MAX_LENGTH",
    "LOC_MIN_LENGTH",
    "NOT_HTTP",
    "NO_HOST",
    "NO_LOC",
    "PLAIN_HOST_TEXT",
    "PLAIN_LOC",
    "PLAIN_PATH",
    "PLAIN_PATH_TEXT",
    "RELATIVE",
    "TOO_LONG",
    "TOO_SHORT",
    "Loc",
    "LocRules",
    "path_of",
    "site_root",
]
