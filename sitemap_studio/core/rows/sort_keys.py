"""Sort keys of the entry table's columns, read in bulk from a document's bytes.

A key array holds one float per row: a lastmod's instant (POSIX seconds, the
key of :func:`~sitemap_studio.core.model.values.datetime_sort_key`), a change
frequency's rank (always < hourly < ... < never), a priority's number. A value
that does not parse gets :data:`UNPARSABLE_KEY` (``+inf``), an absent one
:data:`ABSENT_KEY` (``-inf``); :func:`order_by_keys` puts both after the
values whichever the direction: the unparsable ones in text order, then the
absent ones in row order.

A lastmod key is the sum of three memoised parts of the text (day, hour and
minute, seconds and zone), so a million rows cost three dictionary look-ups
each: days, minutes and zones repeat even when timestamps do not. Texts of
another shape, Entry rows and entities go through ``datetime_sort_key``.
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from itertools import compress, repeat
from operator import add, eq, is_, lt, sub

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.model.values import datetime_sort_key, parse_priority
from sitemap_studio.core.reading.xml_scan import IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE, unescape
from sitemap_studio.core.rows.row_search import flagged_rows, offsets

#: Key of a value that does not parse, and of an absent one (both sort last).
UNPARSABLE_KEY = math.inf
ABSENT_KEY = -math.inf
#: Ascending order of a findings column: errors first.

_NAN = math.nan
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
_CHANGEFREQ_RANK = {name: float(rank) for rank, name in enumerate(CHANGEFREQ_VALUES)}
#: Distinct parts remembered per reader.
_PARTS_LIMIT = 1 << 16
_DATE = re.compile(rb"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_HOUR_MINUTE = re.compile(rb"([01][0-9]|2[0-3]):([0-5][0-9])")
_SECOND_ZONE = re.compile(
    rb":([0-5][0-9])(?:\.([0-9]+))?(Z|[+-](?:(?:0[0-9]|1[0-3]):[0-5][0-9]|14:00))?")
_BLANK = re.compile(rb"[ \t\r\n]")


class _Memo(dict[bytes, float]):
    """Value of each distinct piece of bytes, parsed on first sight."""

    __slots__ = ("_parse",)

    def __init__(self, parse: Callable[[bytes], float]) -> None:
        super().__init__()
        self._parse = parse

    def __missing__(self, key: bytes) -> float:
        value = self._parse(key)
        if len(self) < _PARTS_LIMIT:
            self[key] = value
        return value


def _day_seconds(text: bytes) -> float:
    """``YYYY-MM-DD`` as POSIX seconds of its midnight (UTC); NaN for anything else."""
    match = _DATE.fullmatch(text)
    if match is None:
        return _NAN
    try:
        day = date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:  # no such day, or year 0
        return _NAN
    return float((day.toordinal() - _EPOCH_ORDINAL) * 86400)


def _day_with_t(text: bytes) -> float:
    """``YYYY-MM-DDT``: the day of a date-time."""
    return _day_seconds(text[:10]) if text[10:] == b"T" else _NAN


def _hour_minute(text: bytes) -> float:
    match = _HOUR_MINUTE.fullmatch(text)
    return _NAN if match is None else float(int(match[1]) * 3600 + int(match[2]) * 60)


def _second_zone(text: bytes) -> float:
    """``:ss`` with optional fraction and zone: seconds, less the zone's offset."""
    match = _SECOND_ZONE.fullmatch(text)
    if match is None:
        return _NAN
    seconds = float(match[1])
    if match[2]:
        seconds += int(match[2][:6].ljust(6, b"0")) / 1_000_000
    zone = match[3]
    if zone and zone != b"Z":
        offset = int(zone[1:3]) * 3600 + int(zone[4:6]) * 60
        seconds -= offset if zone[:1] == b"+" else -offset
    return seconds


def _decoded(text: bytes) -> str:
    value = text.decode("utf-8")
    if "&" in value:
        value = unescape(value)
    return value.strip(XML_WHITESPACE)


def _priority_key(text: str) -> float:
    value = parse_priority(text)
    return UNPARSABLE_KEY if value is None else float(value)


def _priority_part(text: bytes) -> float:
    if not text:  # absent, an Entry row, or really empty: decided from the text
        return _NAN
    return _priority_key(_decoded(text))


def _changefreq_part(text: bytes) -> float:
    if not text:
        return _NAN
    return _CHANGEFREQ_RANK.get(_decoded(text), UNPARSABLE_KEY)


def text_key(column: int, text: str | None) -> float:
    """Sort key of one field text as :meth:`SitemapDocument.text` gives it."""
    if text is None:
        return ABSENT_KEY
    if column == 1:
        key = datetime_sort_key(text)
        return UNPARSABLE_KEY if key is None else key
    if column == 2:
        return _CHANGEFREQ_RANK.get(text, UNPARSABLE_KEY)
    return _priority_key(text)


class KeyReader:
    """Reads the keys of one column (1 lastmod, 2 changefreq, 3 priority), remembering
    parsed parts between calls."""

    def __init__(self, raw: bytes, column: int) -> None:
        if column not in (1, 2, 3):
            raise ValueError(f"column {column} has no numeric sort keys")
        self.column = column
        self._raw = raw
        if column == 1:
            self._key: Callable[[int, int], float] = self._lastmod_key()
        else:
            self._parts = _Memo(_priority_part if column == 3 else _changefreq_part)

    def _lastmod_key(self) -> Callable[[int, int], float]:
        """Key of the lastmod text at ``raw[begin:end]``; NaN when the bytes cannot tell."""
        raw = self._raw
        day = _Memo(_day_with_t)
        hour_minute = _Memo(_hour_minute)
        second_zone = _Memo(_second_zone)
        date_only = _Memo(_day_seconds)

        def key(begin: int, end: int) -> float:
            if end - begin >= 19:  # YYYY-MM-DDThh:mm:ss, then fraction and zone
                return (day[raw[begin:begin + 11]] + hour_minute[raw[begin + 11:begin + 16]]
                        + second_zone[raw[begin + 16:end]])
            return date_only[raw[begin:end]]

        return key

    def read(self, document: SitemapDocument, start: int, stop: int) -> array[float]:
        """Keys of rows ``start:stop``."""
        column = self.column
        begins, ends = offsets(document, column)
        begin_slice, end_slice = begins[start:stop], ends[start:stop]
        if column == 1:
            keys = array("d", map(self._key, begin_slice, end_slice))
        else:
            keys = array("d", map(self._parts.__getitem__,
                                  map(self._raw.__getitem__, map(slice, begin_slice, end_slice))))
        # Entry rows, absent fields and odd texts: read as text.
        for offset in list(compress(range(len(keys)), map(math.isnan, keys))):
            keys[offset] = text_key(column, document.text(start + offset, column))
        return keys


def field_keys(document: SitemapDocument, column: int, start: int = 0,
               stop: int | None = None) -> array[float]:
    """Sort keys of protocol column ``column`` (1 lastmod, 2 changefreq, 3 priority),
    rows ``start:stop``."""
    stop = len(document) if stop is None else stop
    return KeyReader(document.raw, column).read(document, start, stop)


def count_keys(document: SitemapDocument, column: int) -> array[float]:
    """Numbers of images (4), videos (5), news items (6) or alternates (7) per row."""
    count = len(document)
    keys = array("d", bytes(8 * count))
    begins = offsets(document, 0)[0]
    for row in compress(range(count), map(eq, begins, repeat(IN_OBJECT))):
        keys[row] = document.entry_at(row).extension_counts[column - 4]
    return keys


def severity_keys(document: SitemapDocument, rows: Iterable[int], entry_ids: array[int],
                  findings_of: Callable[[int], Sequence[Finding]]) -> array[float]:
    """Rank of each row's worst finding (rows outside ``rows`` have none)."""
    keys = array("d", [ABSENT_KEY]) * len(document)
    for row in rows:
        found = findings_of(entry_ids[row])
        if found:
            keys[row] = float(min(finding.severity.rank for finding in found))
    return keys


def location_keys(document: SitemapDocument, prefix: bytes,
                  flags: bytearray) -> list[bytes | None] | None:
    """Per row, the location's bytes after ``prefix`` (which every plain row starts with).

    They sort as the texts do (UTF-8 keeps code point order) at about half the
    memory of the texts. Rows in ``flags``, absent ones and those whose bytes
    end in blanks are read as text. ``None`` when a text does not start with
    ``prefix``.
    """
    if not prefix or prefix[:1] in b" \t\r\n":
        return None
    raw = document.raw
    total = len(document)
    begins, own_ends = offsets(document, 0)
    ends = array(own_ends.typecode, own_ends)  # a copy: the document's own is never written
    skip = len(prefix)
    # Rows without offsets (absent, or held as an Entry) are read as text below; their
    # slices must be empty meanwhile, not most of the file (negative ends count from its end).
    unplaced = list(compress(range(total), map(lt, begins, repeat(0))))
    if unplaced:
        for row in unplaced:
            ends[row] = begins[row] + skip
    keys: list[bytes | None] = list(map(raw.__getitem__, map(
        slice, map(add, begins, repeat(skip)), ends)))
    special = set(flagged_rows(flags, 0, total))
    special.update(unplaced)
    last = bytes(map(raw.__getitem__, map(sub, ends, repeat(1))))
    special.update(found.start() for found in _BLANK.finditer(last))
    for row in special:
        text = document.text(row, 0)
        if text is None:
            keys[row] = None
            continue
        data = text.encode("utf-8")
        if not data.startswith(prefix):
            return None
        keys[row] = data[skip:]
    return keys


def split_by_keys(rows: Sequence[int], picked: Sequence[float],
                  text_of: Callable[[int], str]) -> tuple[Sequence[int], list[int]]:
    """(``rows`` with a value, the others in their final order: unparsable ones by
    text, then absent ones); ``picked[i]`` is the key of ``rows[i]``."""
    if min(picked) == ABSENT_KEY or max(picked) == UNPARSABLE_KEY:
        valid = list(compress(rows, map(math.isfinite, picked)))
        tail = sorted(compress(rows, map(eq, picked, repeat(UNPARSABLE_KEY))), key=text_of)
        tail.extend(compress(rows, map(eq, picked, repeat(ABSENT_KEY))))
        return valid, tail
    return rows, []


def order_by_keys(rows: Sequence[int], keys: array[float], descending: bool,
                  text_of: Callable[[int], str]) -> array[int]:
    """``rows`` sorted stably by ``keys[row]``; unparsable (by text), then absent, last."""
    whole = isinstance(rows, range) and len(rows) == len(keys)
    # A list's items are looked up faster than an array's (no float made per call).
    listed = keys.tolist() if len(rows) * 4 >= len(keys) else None
    picked = listed if whole and listed is not None else array("d", map(keys.__getitem__, rows))
    if not picked:
        return array("q")
    valid, tail = split_by_keys(rows, picked, text_of)
    lookup = keys.__getitem__ if listed is None else listed.__getitem__
    order = array("q", sorted(valid, key=lookup, reverse=descending))
    order.extend(tail)
    return order


def split_absent(rows: Sequence[int],
                 lookup: Callable[[int], object]) -> tuple[Sequence[int], list[int]]:
    """(``rows`` whose ``lookup`` is not ``None``, the others in row order)."""
    if any(map(is_, map(lookup, rows), repeat(None))):
        return ([row for row in rows if lookup(row) is not None],
                [row for row in rows if lookup(row) is None])
    return rows, []  # sorted copies the rows itself


def order_by_text(rows: Sequence[int], lookup: Callable[[int], object],
                  descending: bool) -> array[int]:
    """``rows`` sorted stably by ``lookup(row)`` (texts or bytes); ``None`` keys last."""
    present, absent = split_absent(rows, lookup)
    order = array("q", sorted(present, key=lookup, reverse=descending))  # type: ignore[arg-type]
    order.extend(absent)
    return order


__all__ = [
    "ABSENT_KEY",
    "UNPARSABLE_KEY",
    "KeyReader",
    "count_keys",
    "field_keys",
    "location_keys",
    "order_by_keys",
    "order_by_text",
    "severity_keys",
    "split_absent",
    "split_by_keys",
    "text_key",
]
