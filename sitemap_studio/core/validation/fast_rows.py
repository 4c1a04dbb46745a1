"""The full run's fast lane: plain rows whose every value is known to be clean.

Most entries of a large sitemap are plain (the four fields as text, nothing
else) and fine. For them the full checks would report nothing, so rows are
judged a few thousand at a time with list comprehensions over the document's
columns: a location that matches the site's plain-URL pattern, and lastmod,
changefreq and priority values already seen clean (a lastmod by its day: days
repeat even when timestamps do not). Anything else takes the full path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.urls.parsing import PLAIN_URL_RE
from sitemap_studio.core.validation import locations, values_rules
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.scope import Scope

#: A full W3C date-time (seconds and zone) or a date: the shape every profile accepts.
_FULL_LASTMOD = re.compile(
    r"(\d{4}-\d{2}-\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?"
    r"(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)))?\Z")
#: The path and query characters of PLAIN_URL_RE, after the site's prefix.
_PLAIN_REST = r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*\Z"
_MAX_REMEMBERED = 262_144


class CleanValues:
    """Values of lastmod, changefreq and priority that were checked and found clean.

    A value is probed with the real check the first time it is seen; only
    values written without surrounding blanks are remembered, so the lane never
    hides a whitespace note.
    """

    __slots__ = ("_checks", "_clean", "_dirty", "_settled_before", "context")

    def __init__(self, context: ValidationContext) -> None:
        self.context = context
        # Dates before this are in the past whatever the time and zone written after them.
        self._settled_before = (context.now - timedelta(days=2)).date().isoformat()
        self._clean: tuple[set[str], set[str], set[str]] = (set(), set(), set())
        self._dirty: tuple[set[str], set[str], set[str]] = (set(), set(), set())
        self._checks = (values_rules.check_lastmod, values_rules.check_changefreq,
                        values_rules.check_priority)

    def clean(self, field: int, text: str) -> bool:
        """Whether ``text`` (field 1 lastmod, 2 changefreq, 3 priority) has nothing to report."""
        index = field - 1
        if text in self._clean[index]:
            return True
        if field == 1:
            shape = _FULL_LASTMOD.match(text)
            if shape is not None and shape.group(1) < self._settled_before:
                day = shape.group(1)
                return (day in self._clean[0] or (day not in self._dirty[0] and
                                                  self._probe(0, day)))
        if text in self._dirty[index] or text != text.strip(XML_WHITESPACE):
            return False
        return self._probe(index, text)

    def _probe(self, index: int, text: str) -> bool:
        probe = Reporter(self.context.profile)
        self._checks[index](text, None, probe, self.context)
        if probe.findings:
            if len(self._dirty[index]) < _MAX_REMEMBERED:
                self._dirty[index].add(text)
            return False
        if len(self._clean[index]) < _MAX_REMEMBERED:
            self._clean[index].add(text)
        return True

    def lastmods_clean(self, values: Sequence[str | None]) -> list[bool]:
        """:meth:`clean` for many lastmods (``None``, an absent value, is clean)."""
        clean_days = self._clean[0]
        settled = self._settled_before
        match = _FULL_LASTMOD.match
        result = []
        for text in values:
            if text is None:
                result.append(True)
                continue
            shape = match(text)
            if shape is not None:
                day = shape.group(1)
                if day < settled and day in clean_days:
                    result.append(True)
                    continue
            result.append(self.clean(1, text))
        return result

    def many_clean(self, field: int, values: Sequence[str | None]) -> list[bool]:
        """:meth:`clean` for many changefreq (2) or priority (3) values."""
        known = self._clean[field - 1]
        return [text is None or text in known or self.clean(field, text) for text in values]


@dataclass(slots=True)
class PlainRows:
    """The outcome of :func:`plain_rows` for one slice of rows."""

    taken: list[bool]
    pairs: list[tuple[int, str]]
    lastmods: list[str]
    changefreqs: int
    priorities: int


def plain_rows(document: SitemapDocument, start: int, stop: int, scope: Scope | None,
               clean: CleanValues) -> PlainRows:
    """Which rows of ``start:stop`` are plain and clean, with what the validator counts."""
    locs, lastmods, changefreqs, priorities = (
        document.column_texts(index, start, stop) for index in range(4))
    taken = [ok_loc and ok_lastmod and ok_changefreq and ok_priority and is_url
             for ok_loc, ok_lastmod, ok_changefreq, ok_priority, is_url in zip(
                 locs_plain(locs, scope), clean.lastmods_clean(lastmods),
                 clean.many_clean(2, changefreqs), clean.many_clean(3, priorities),
                 document.url_flags(start, stop), strict=True)]
    result = PlainRows(taken, [], [], 0, 0)
    for offset, ok in enumerate(taken):
        if not ok:
            continue
        lastmod = lastmods[offset]
        if lastmod is not None:
            result.lastmods.append(lastmod)
        result.changefreqs += changefreqs[offset] is not None
        result.priorities += priorities[offset] is not None
        loc = locs[offset]
        assert loc is not None
        result.pairs.append((document.id_at(start + offset), loc))
    return result


def locs_plain(values: Sequence[object], scope: Scope | None) -> list[bool]:
    """:func:`locations.loc_is_plain` for many locations (non-strings are never plain)."""
    pattern = _site_pattern(scope)
    if pattern is None:
        return [isinstance(v, str) and locations.loc_is_plain(v, scope) for v in values]
    match = pattern.match
    return [isinstance(v, str) and 12 <= len(v) < 2048 and match(v) is not None
            and (("%" not in v and v.find("//", 8) < 0) or locations.loc_is_plain(v, scope))
            for v in values]


def _site_pattern(scope: Scope | None) -> re.Pattern[str] | None:
    """One pattern for "a plain URL on the site", when the site allows it."""
    if scope is None or scope.directory != "/":
        return None
    prefix = scope.holds_prefix()
    probe = prefix + "plain-path"
    if not PLAIN_URL_RE.match(probe) or not locations.loc_is_plain(probe, scope):
        return None
    return re.compile(re.escape(prefix) + _PLAIN_REST)
