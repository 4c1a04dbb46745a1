"""What a page says about its own indexing: robots directives and the canonical URL.

From the HTML head (``<meta name="robots">``, ``<meta name="googlebot">``,
``<link rel="canonical">``) and from the headers (``X-Robots-Tag``, ``Link``),
which apply to any content type.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from dataclasses import dataclass

from sitemap_studio.core.audit.fetch import join_url
from sitemap_studio.core.reading.xml_parsers import parse_html

#: Directives that keep a page out of the index.
_NOINDEX = frozenset({"noindex", "none"})
#: Names that are directives with a value, not agents, before a colon in X-Robots-Tag.
_VALUED = frozenset({"unavailable_after", "max-snippet", "max-image-preview", "max-video-preview"})
_CHARSET = re.compile(r"charset\s*=\s*[\"']?([\w.:-]+)", re.IGNORECASE)
_HEAD_END = re.compile(rb"<(?:/head|body)[\s>]", re.IGNORECASE)
_LINK_PART = re.compile(r"<([^>]*)>((?:\s*;\s*[^;,]*)*)")
_REL = re.compile(r"""\brel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))""", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PageHead:
    """The indexing signals of one page.

    Attributes:
        noindex_by: Where a ``noindex`` came from (``"meta robots"``,
            ``"X-Robots-Tag"``...), empty when the page may be indexed.
        canonical: The canonical URL, resolved against the page's URL.
        canonical_from: ``"link element"`` or ``"Link header"``.
        conflicts: Canonicals that disagree with the one kept, in words.
    """

    noindex_by: tuple[str, ...] = ()
    canonical: str | None = None
    canonical_from: str | None = None
    conflicts: tuple[str, ...] = ()


def agents_for(product_token: str) -> frozenset[str]:
    """The robots meta names and X-Robots-Tag agents that speak to us: all, Google, our name."""
    return frozenset({"robots", "googlebot", product_token.lower()})


def header_noindex(values: Iterable[str], agents: frozenset[str]) -> bool:
    """Whether ``X-Robots-Tag`` header values say ``noindex`` to one of ``agents``.

    A value may start with an agent (``googlebot: noindex``); a value without
    one speaks to every crawler.
    """
    for value in values:
        agent: str | None = None
        for raw in value.split(","):
            part = raw.strip().lower()
            head, colon, rest = part.partition(":")
            if colon and head.strip() not in _VALUED and " " not in head.strip():
                agent, part = head.strip(), rest.strip()
            if part in _NOINDEX and (agent is None or agent in agents):
                return True
    return False


def header_canonical(values: Iterable[str], base: str) -> str | None:
    """The ``rel="canonical"`` target of ``Link`` header values, resolved against ``base``."""
    for value in values:
        for match in _LINK_PART.finditer(value):
            for rel in _REL.finditer(match.group(2)):
                words = (rel.group(1) or rel.group(2) or "").lower().split()
                if "canonical" in words:
                    target: str = match.group(1)
                    joined = join_url(base, target.strip())
                    if joined is not None:
                        return joined
    return None


def charset_of(content_type: str | None) -> str | None:
    """The ``charset`` parameter of a Content-Type when Python knows the encoding."""
    match = _CHARSET.search(content_type or "")
    if match is None:
        return None
    try:
        return codecs.lookup(match.group(1)).name
    except LookupError:
        return None


def _sniffed(body: bytes) -> str | None:
    """UTF-8 for a page that declares no charset of its own and reads as UTF-8.

    libxml2 would read such a page as Latin-1; browsers and crawlers look at
    the bytes first, and most pages today are UTF-8.
    """
    if _CHARSET.search(body[:2048].decode("ascii", "replace")):
        return None
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(body) - 3:  # more than a character cut short at the end
            return None
    return "utf-8"


def html_signals(body: bytes, content_type: str | None, base: str,
                 agents: frozenset[str]) -> tuple[bool, list[str]]:
    """(``noindex`` in a meta tag, canonical hrefs resolved) of an HTML page's head."""
    end = _HEAD_END.search(body)
    if end is not None:
        body = body[:end.start()]  # what follows the head says nothing about indexing
    root = parse_html(body, charset_of(content_type) or _sniffed(body)) if body else None
    if root is None:
        return False, []
    head = root.find("head")
    if head is None:
        return False, []
    noindex = False
    canonicals: list[str] = []
    base_href = base
    for element in head.iter("meta", "link", "base"):
        if element.tag == "base" and element.get("href"):
            base_href = join_url(base, element.get("href", "").strip()) or base
        elif element.tag == "meta":
            name = (element.get("name") or "").strip().lower()
            content = (element.get("content") or "").lower()
            if name in agents and any(word.strip() in _NOINDEX for word in content.split(",")):
                noindex = True
        elif "canonical" in (element.get("rel") or "").lower().split():
            href = (element.get("href") or "").strip()
            if href:
                canonicals.append(href)
    joined = (join_url(base_href, href) for href in canonicals)
    return noindex, [href for href in joined if href is not None]


def read_head(url: str, headers: list[tuple[str, str]], body: bytes | None,
              product_token: str) -> PageHead:
    """The indexing signals of the page at ``url`` from its headers and (HTML) body."""
    agents = agents_for(product_token)
    robots = [value for name, value in headers if name.lower() == "x-robots-tag"]
    links = [value for name, value in headers if name.lower() == "link"]
    content_type = next((value for name, value in headers if name.lower() == "content-type"),
                        None)
    noindex_by: list[str] = []
    if header_noindex(robots, agents):
        noindex_by.append("the X-Robots-Tag header")
    meta_noindex, html_canonicals = (html_signals(body, content_type, url, agents)
                                     if body is not None else (False, []))
    if meta_noindex:
        noindex_by.append("a robots meta tag")
    from_header = header_canonical(links, url)
    candidates = [(href, "link element") for href in html_canonicals]
    if from_header is not None:
        candidates.append((from_header, "Link header"))
    if not candidates:
        return PageHead(tuple(noindex_by))
    canonical, source = candidates[0]
    conflicts = tuple(f"the {where} names {href}" for href, where in candidates[1:]
                      if href != canonical)
    return PageHead(tuple(noindex_by), canonical, source, conflicts)


__all__ = ["PageHead", "charset_of", "header_canonical", "header_noindex", "read_head"]
