"""RSS 2.0 and Atom 1.0 feeds as sources of URLs (link -> loc, date -> lastmod)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from lxml import etree

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.reading.xml_extract import split_tag, text_of
from sitemap_studio.core.reading.xml_parsers import parse_tree

ATOM_NS = "http://www.w3.org/2005/Atom"
_ATOM_LINK, _ATOM_UPDATED, _ATOM_PUBLISHED = (f"{{{ATOM_NS}}}{name}"
                                              for name in ("link", "updated", "published"))
#: The form nearly every feed writes (``Fri, 01 Mar 2024 09:00:00 GMT`` or ``+0100``).
_COMMON_DATE = re.compile(r"(?:[A-Za-z]{3}, )?(\d{1,2}) ([A-Za-z]{3}) (\d{4}) "
                          r"(\d\d):(\d\d):(\d\d) ([A-Za-z]{1,3}|[+-]\d{4})")
_MONTHS = {name: number for number, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_UTC_NAMES = {"GMT": 0, "UT": 0, "UTC": 0, "Z": 0}


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
    common = _COMMON_DATE.fullmatch(text)
    if common is not None:
        moment = _common_date(common)
        if moment is not None:
            return moment.isoformat()
    # Imported here: the email package costs the window about 3 MB at start-up.
    from email.utils import parsedate_to_datetime

    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return text
    if moment.tzinfo is None:
        return text
    return moment.isoformat()


def _common_date(match: re.Match[str]) -> datetime | None:
    """The moment the common form names, read as :mod:`email.utils` reads it.

    ``None`` leaves the text to :func:`email.utils.parsedate_to_datetime`: two-digit years,
    ``-0000`` (no zone), zones named other than UTC's, impossible dates.
    """
    day, month_name, year, hour, minute, second, zone = match.groups()
    month = _MONTHS.get(month_name.lower())
    offset = _UTC_NAMES.get(zone.upper())
    if zone[0] in "+-" and zone != "-0000":
        value = int(zone[1:])
        offset = (value // 100 * 3600 + value % 100 * 60) * (-1 if zone[0] == "-" else 1)
    if month is None or offset is None or int(year) < 100:
        return None
    try:
        return datetime(int(year), month, int(day), int(hour), int(minute), int(second),
                        tzinfo=timezone(timedelta(seconds=offset)))
    except ValueError:
        return None


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
        link = date = None
        for child in item:  # one pass over the children: the first <link> and <pubDate>
            tag = child.tag
            if tag == "link":
                link = child if link is None else link
            elif tag == "pubDate" and date is None:
                date = child
        loc = text_of(link)[0] if link is not None else ""
        if not loc:
            guid = item.find("guid")
            hint = ""
            if guid is not None and guid.get("isPermaLink", "true") == "true":
                hint = f"; its permalink <guid> is {text_of(guid)[0]!r}, add it by hand if wanted"
            result.findings.append(Finding(
                Severity.NOTICE, "feed-item-without-link",
                f"RSS item {number} has no <link>, so it gave no URL{hint}",
                line=item.sourceline, source=RuleSource.STUDIO))
            continue
        lastmod = rfc822_to_w3c(text_of(date)[0]) if date is not None else None
        result.entries.append(Entry(loc=loc, lastmod=lastmod or None))
    return result


def _atom(root: etree._Element) -> FeedImport:
    result = FeedImport("atom")
    for number, item in enumerate(root.iterfind(f"{{{ATOM_NS}}}entry"), start=1):
        href = updated = published = None
        for child in item:  # one pass: the first alternate link with an href, the dates
            tag = child.tag
            if tag == _ATOM_LINK:
                if href is None and child.get("rel", "alternate") == "alternate":
                    href = child.get("href") or None
            elif tag == _ATOM_UPDATED:
                updated = child if updated is None else updated
            elif tag == _ATOM_PUBLISHED and published is None:
                published = child
        if href is None:
            result.findings.append(Finding(
                Severity.NOTICE, "feed-item-without-link",
                f"Atom entry {number} has no alternate <link href>, so it gave no URL",
                line=item.sourceline, source=RuleSource.STUDIO))
            continue
        stamp = updated if updated is not None else published
        lastmod = text_of(stamp)[0] if stamp is not None else None
        result.entries.append(Entry(loc=href.strip(), lastmod=lastmod or None))
    return result
