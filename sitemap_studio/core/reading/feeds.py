"""RSS 2.0 and Atom 1.0 feeds as sources of URLs (link -> loc, date -> lastmod)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.reading.xml_extract import split_tag, text_of
from sitemap_studio.core.reading.xml_parsers import parse_tree

ATOM_NS = "http://www.w3.org/2005/Atom"


@dataclass(slots=True)
class FeedImport:
    """The URLs a feed yields, and what could not be taken from it."""

    format: str
    entries: list[Entry] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def is_feed_root(local_name: str, namespace: str | None) -> str | None:
    """``"rss"`` or ``"atom"`` when a root element is a feed's, else ``None``."""
    if local_name == "rss" and namespace is None:
        return "rss"
    if local_name == "feed" and namespace == ATOM_NS:
        return "atom"
    return None


def rfc822_to_w3c(text: str) -> str:
    """``Fri, 01 Mar 2024 09:00:00 GMT`` as ``2024-03-01T09:00:00+00:00``; unparsable text kept."""
    # Imported here: the email package costs the window about 3 MB at start-up.
    from email.utils import parsedate_to_datetime

    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return text
    if moment.tzinfo is None:
        return text
    return moment.isoformat()


def read_feed(data: bytes, *, path: str | None = None) -> FeedImport:
    """Read the entry URLs of an RSS 2.0 or Atom 1.0 feed (hardened parser, no fetching)."""
    root = parse_tree(data, path=path)
    ns, local = split_tag(root.tag)
    kind = is_feed_root(local, ns)
    if kind == "rss":
        return _rss(root)
    if kind == "atom":
        return _atom(root)
    raise ValueError(f"not a feed root: {root.tag}")


def _rss(root: etree._Element) -> FeedImport:
    result = FeedImport("rss")
    for number, item in enumerate(root.iterfind("channel/item"), start=1):
        link = item.find("link")
        if link is None or not text_of(link)[0]:
            guid = item.find("guid")
            hint = ""
            if guid is not None and guid.get("isPermaLink", "true") == "true":
                hint = f"; its permalink <guid> is {text_of(guid)[0]!r}, add it by hand if wanted"
            result.findings.append(Finding(
                Severity.NOTICE, "feed-item-without-link",
                f"RSS item {number} has no <link>, so it gave no URL{hint}",
                line=item.sourceline, source=RuleSource.STUDIO))
            continue
        date = item.find("pubDate")
        lastmod = rfc822_to_w3c(text_of(date)[0]) if date is not None else None
        result.entries.append(Entry(loc=text_of(link)[0], lastmod=lastmod or None))
    return result


def _atom(root: etree._Element) -> FeedImport:
    result = FeedImport("atom")
    for number, item in enumerate(root.iterfind(f"{{{ATOM_NS}}}entry"), start=1):
        href = None
        for link in item.iterfind(f"{{{ATOM_NS}}}link"):
            if link.get("rel", "alternate") == "alternate" and link.get("href"):
                href = link.get("href")
                break
        if href is None:
            result.findings.append(Finding(
                Severity.NOTICE, "feed-item-without-link",
                f"Atom entry {number} has no alternate <link href>, so it gave no URL",
                line=item.sourceline, source=RuleSource.STUDIO))
            continue
        updated = item.find(f"{{{ATOM_NS}}}updated")
        if updated is None:
            updated = item.find(f"{{{ATOM_NS}}}published")
        lastmod = text_of(updated)[0] if updated is not None else None
        result.entries.append(Entry(loc=href.strip(), lastmod=lastmod or None))
    return result
