"""Finding the rows whose field holds a text, by searching the document's bytes.

A plain filter never builds a string per row where it can help it:

* a needle inside the prefix every plain row's bytes share ("https://www.ex")
  matches all of them without a search;
* otherwise the needle is looked for in ``document.raw`` and each hit is
  mapped to its row through the field's offsets (:func:`hit_rows`, a binary
  search in a :class:`Locator`);
* a needle found everywhere (more hits than a fraction of the rows) is looked
  for in each row's span instead (:func:`scan_rows`: ``raw.find(needle, begin,
  end)`` over the offset arrays, still no string per row).

Case is ignored by searching the lower-case needle as is and looking again,
ignoring case, at the few rows that hold capitals (or, when many do, in
lower-cased blocks). Rows whose text differs from their bytes are *flagged*
and matched as text: rows held as an Entry, rows holding ``&`` references,
and rows holding one of the two characters whose lower case is ASCII
(:mod:`row_facts` finds them, the rows with capitals and the shared prefix,
ahead of the search). Regular expressions and needles that are not ASCII match decoded
texts a chunk at a time (:func:`scan_texts`).

:func:`offsets` and :func:`id_column` read the document's offset and id
arrays directly: the document has no public view of them yet, and copying them
per call would cost what this module saves.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, repeat
from operator import and_, contains, not_, truth

from sitemap_studio.core.model.documents import OBJECT_ROW, SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.field_ends import FieldEnds
from sitemap_studio.core.model.progress import CancelToken, check
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.rows.row_locator import Locator

#: Rows per chunk (cancel checks, bounded temporary lists).
CHUNK = 1 << 16
#: Bytes lower-cased at a time for a case-insensitive search.
_BLOCK = 1 << 20
_PLUS_ONE = (1).__add__

#: A test over a list of texts: one truth value per text.
TextTest = Callable[[list[str]], Iterator[object]]


class FilterPatternError(SitemapError, ValueError):
    """A filter that is not a valid regular expression; ``position`` is 0-based."""

    def __init__(self, reason: str, position: int | None) -> None:
        where = f" at character {position + 1}" if position is not None else ""
        super().__init__(f"invalid regular expression: {reason}{where}",
                         column=None if position is None else position + 1,
                         code="filter-pattern")
        self.reason = reason
        self.position = position

    def located(self) -> str:
        """The message alone: the pattern is not in a file."""
        return self.message


# ----------------------------------------------------------------- document internals


def offsets(document: SitemapDocument,
            field: int) -> tuple[array[int], array[int] | FieldEnds]:
    """Begin and end of field ``field``'s text in ``document.raw`` for every row.

    A negative begin means the field is absent (-1) or the row is held as an
    Entry (``IN_OBJECT``). The columns are the document's own: read, never write
    (the ends read as an array; see :class:`FieldEnds`).
    """
    return document.field_offsets(field)


def id_column(document: SitemapDocument) -> array[int]:
    """Entry id of every row (the document's own array: read, never write)."""
    return document.id_column()


# ---------------------------------------------------------------------------- texts


def texts(document: SitemapDocument, column: int, start: int, stop: int) -> list[str]:
    """Texts of rows ``start:stop`` as :meth:`SitemapDocument.text` gives them; an
    absent field is empty."""
    found = document.column_texts(column, start, stop)
    if None in found or OBJECT_ROW in found:
        return [document.text(start + offset, column) or "" if text is None or
                text == OBJECT_ROW else text.strip(XML_WHITESPACE)
                for offset, text in enumerate(found)]
    return list(map(str.strip, found, repeat(XML_WHITESPACE)))  # type: ignore[arg-type]


def texts_or_none(document: SitemapDocument, column: int, start: int,
                  stop: int) -> list[str | None]:
    """Texts of rows ``start:stop`` as :meth:`SitemapDocument.text` gives them."""
    found = document.column_texts(column, start, stop)
    return [document.text(start + offset, column) if text == OBJECT_ROW
            else None if text is None else text.strip(XML_WHITESPACE)
            for offset, text in enumerate(found)]


def compile_filter(text: str, *, regex: bool = False,
                   case_sensitive: bool = False) -> re.Pattern[str]:
    """The pattern a filter text stands for; :class:`FilterPatternError` when invalid."""
    try:
        return re.compile(text if regex else re.escape(text),
                          0 if case_sensitive else re.IGNORECASE)
    except re.error as error:
        raise FilterPatternError(error.msg, error.pos) from None


def text_test(pattern: re.Pattern[str], plain: str | None, case_sensitive: bool) -> TextTest:
    """The test a filter makes of texts: ``pattern`` searched, or ``plain`` contained."""
    if plain is None:
        return lambda found: map(pattern.search, found)
    if case_sensitive:
        return lambda found: map(contains, found, repeat(plain))
    needle = plain.lower()
    return lambda found: map(contains, map(str.lower, found), repeat(needle))


def text_matches(document: SitemapDocument, row: int, column: int, test: TextTest) -> bool:
    """Whether one row's text passes ``test``."""
    return any(test([document.text(row, column) or ""]))


# ------------------------------------------------------------------------ row flags


def flagged_rows(flags: bytearray, start: int, stop: int) -> Iterator[int]:
    """Rows in ``start:stop`` whose flag is set."""
    find = flags.find
    at = find(1, start, stop)
    while at >= 0:
        yield at
        at = find(1, at + 1, stop)


# ------------------------------------------------------------------------- searching


@dataclass(frozen=True, slots=True)
class Search:
    """One plain search over a column's bytes.

    ``needle`` is searched as is when ``exact``, else ignoring ASCII case;
    rows set in ``capitals`` are searched again ignoring case, and rows set in
    ``flags`` are matched as text with ``test``.
    """

    needle: bytes
    exact: bool
    flags: bytearray
    capitals: bytearray | None
    test: TextTest

    @property
    def ignore_case(self) -> re.Pattern[bytes]:
        """The needle as a pattern that ignores ASCII case."""
        return _ignore_case(self.needle)


@lru_cache(maxsize=32)
def _ignore_case(needle: bytes) -> re.Pattern[bytes]:
    return re.compile(re.escape(needle), re.IGNORECASE)


def buffer_hits(raw: bytes, needle: bytes, exact: bool, cap: int,
                cancel: CancelToken | None) -> list[int] | None:
    """Offsets of ``needle`` in ``raw`` (in lower-cased ``raw`` unless ``exact``), or
    ``None`` when there are, or are on course to be, more than ``cap``."""
    hits: list[int] = []
    size = len(raw)
    if exact:
        find = raw.find
        at = find(needle)
        while at >= 0:
            hits.append(at)
            if not len(hits) & 4095 and len(hits) * size > cap * at:
                return None
            at = find(needle, at + 1)
        return hits if len(hits) <= cap else None
    overlap = len(needle) - 1
    for start in range(0, size, _BLOCK):
        check(cancel)
        block = raw[start:start + _BLOCK + overlap].lower()
        find = block.find
        at = find(needle)
        while 0 <= at < _BLOCK:  # a hit starting in the overlap belongs to the next block
            hits.append(start + at)
            if not len(hits) & 4095 and len(hits) * size > cap * (start + at):
                return None
            at = find(needle, at + 1)
    return hits if len(hits) <= cap else None


def hit_rows(document: SitemapDocument, column: int, hits: list[int], length: int,
             locator: Locator, flags: bytearray) -> list[int]:
    """Rows whose field span holds a whole hit (flagged rows left out: matched as text)."""
    positions, rows = locator.positions, locator.rows
    begins, ends = offsets(document, column)
    found: list[int] = []
    last = -1
    at = 0
    for hit in hits:
        at = bisect_right(positions, hit, at) - 1
        if at < 0:
            at = 0
            continue
        row = at if rows is None else rows[at]
        if (row != last and begins[row] == positions[at] and hit + length <= ends[row]
                and not flags[row]):
            found.append(row)
            last = row
    return found if rows is None else sorted(set(found))


def prefix_rows(document: SitemapDocument, column: int, search: Search,
                within: Sequence[int] | None) -> array[int]:
    """Every plain row (of ``within``), and the flagged ones whose text matches: for a
    needle inside the prefix all plain rows share."""
    flags = search.flags
    count = len(document)
    rows: Sequence[int] = range(count) if within is None else within
    found = array("q", compress(rows, map(not_, map(flags.__getitem__, rows))))
    marked = flagged_rows(flags, 0, count) if within is None else \
        compress(rows, map(flags.__getitem__, rows))
    extra = [row for row in marked if text_matches(document, row, column, search.test)]
    return array("q", sorted([*found, *extra])) if extra else found


def scan_rows(document: SitemapDocument, column: int, search: Search,
              within: Sequence[int] | None, cancel: CancelToken | None) -> array[int]:
    """Search each row's span of the bytes: no hit mapping, no string per row."""
    raw = document.raw
    begins, ends = offsets(document, column)
    needle, flags, capitals = search.needle, search.flags, search.capitals
    ignore_case = search.ignore_case
    result = array("q")
    total = len(document) if within is None else len(within)
    for start in range(0, total, CHUNK):
        check(cancel)
        stop = min(total, start + CHUNK)
        chunk: Sequence[int]
        if within is None:
            chunk = range(start, stop)
            begin_slice, end_slice = begins[start:stop], ends[start:stop]
            marked = [row - start for row in flagged_rows(flags, start, stop)]
            again = [] if capitals is None else \
                [row - start for row in flagged_rows(capitals, start, stop)]
        else:
            chunk = within[start:stop]
            begin_slice = array("q", map(begins.__getitem__, chunk))
            end_slice = array("q", map(ends.__getitem__, chunk))
            marked = list(compress(range(len(chunk)), map(flags.__getitem__, chunk)))
            again = [] if capitals is None else \
                list(compress(range(len(chunk)), map(capitals.__getitem__, chunk)))
        found: Iterable[object]
        if search.exact:  # find gives -1 for no hit: add one, and no hit is 0
            found = map(_PLUS_ONE, map(raw.find, repeat(needle), begin_slice, end_slice))
        else:
            found = map(ignore_case.search, repeat(raw), begin_slice, end_slice)
        if marked or again:
            mask = bytearray(map(truth, found))
            for offset in again:
                mask[offset] = ignore_case.search(raw, begin_slice[offset],
                                                  end_slice[offset]) is not None
            for offset in marked:
                mask[offset] = text_matches(document, chunk[offset], column, search.test)
            found = mask
        result.extend(compress(chunk, found))
    return result


def scan_texts(document: SitemapDocument, column: int, test: TextTest,
               within: Sequence[int] | None, cancel: CancelToken | None) -> array[int]:
    """Match decoded, trimmed texts a chunk at a time (regular expressions, non-ASCII)."""
    result = array("q")
    total = len(document)
    if within is not None and len(within) * 8 < total:
        result.extend(compress(within, test([document.text(row, column) or ""
                                             for row in within])))
        return result
    keep = None
    if within is not None:
        keep = bytearray(total)
        for row in within:
            keep[row] = 1
    for start in range(0, total, CHUNK):
        check(cancel)
        stop = min(total, start + CHUNK)
        found = bytearray(map(truth, test(texts(document, column, start, stop))))
        if keep is not None:
            found = bytearray(map(and_, found, keep[start:stop]))
        result.extend(compress(range(start, stop), found))
    return result


def with_ids(document: SitemapDocument, rows: array[int] | None,
             only_ids: Collection[int]) -> array[int]:
    """``rows`` (or all rows) restricted to the entries ``only_ids``."""
    ids = id_column(document)
    wanted = only_ids.__contains__
    if rows is None:
        return array("q", compress(range(len(ids)), map(wanted, ids)))
    return array("q", compress(rows, map(wanted, map(ids.__getitem__, rows))))


__all__ = [
    "CHUNK",
    "FilterPatternError",
    "Search",
    "TextTest",
    "buffer_hits",
    "compile_filter",
    "flagged_rows",
    "hit_rows",
    "id_column",
    "offsets",
    "prefix_rows",
    "scan_rows",
    "scan_texts",
    "text_matches",
    "text_test",
    "texts",
    "texts_or_none",
    "with_ids",
]
