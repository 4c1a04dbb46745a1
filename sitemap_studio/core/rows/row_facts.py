"""What a plain search must know of each row's bytes before it searches them.

A row is *flagged* when its text differs from its bytes, so that a search
of the bytes cannot judge it and it is matched as text instead: a row held
as an Entry, a row holding an ``&`` reference, or one holding either of the
two characters outside ASCII whose lower case is ASCII. A case-insensitive
search looks again, ignoring case, at the rows whose bytes hold a capital;
and a needle inside the prefix every plain row shares matches them all
without a search. :class:`~sitemap_studio.core.rows.index_caches.IndexCaches`
keeps these facts per column; :mod:`row_search` uses them.
"""

from __future__ import annotations

import re
from array import array
from itertools import compress, repeat
from operator import eq, ge, not_, or_, truth

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.reading.xml_scan import IN_OBJECT
from sitemap_studio.core.rows.row_search import CHUNK, offsets

#: Case-insensitive matching means ``needle.lower() in text.lower()``. These are the
#: only characters outside ASCII whose lower case holds an ASCII letter (U+0130 gives
#: "i" and a combining dot, U+212A KELVIN SIGN gives "k").
_FOLDS_TO_ASCII = ("\u0130".encode(), "\u212a".encode())
_CAPITAL = re.compile(rb"[A-Z]")


def raw_facts(raw: bytes) -> tuple[bool, bool]:
    """Whether ``raw`` holds ``&`` at all, and either character whose lower case is ASCII."""
    folds = not raw.isascii() and any(fold in raw for fold in _FOLDS_TO_ASCII)
    return b"&" in raw, folds


def row_flags(document: SitemapDocument, column: int, start: int, stop: int,
              facts: tuple[bool, bool]) -> bytearray:
    """1 for rows ``start:stop`` whose text must be read to be matched, else 0."""
    raw = document.raw
    begins, ends = offsets(document, column)
    begin_slice, end_slice = begins[start:stop], ends[start:stop]
    flags = bytearray(map(eq, begin_slice, repeat(IN_OBJECT)))
    has_amp, has_folds = facts
    for probe in ((b"&",) if has_amp else ()) + (_FOLDS_TO_ASCII if has_folds else ()):
        found = map(ge, map(raw.find, repeat(probe), begin_slice, end_slice), repeat(0))
        flags = bytearray(map(or_, flags, found))
    return flags


def row_capitals(document: SitemapDocument, column: int, start: int, stop: int) -> bytearray:
    """1 for rows ``start:stop`` whose bytes hold an ASCII capital, else 0."""
    begins, ends = offsets(document, column)
    return bytearray(map(truth, map(_CAPITAL.search, repeat(document.raw),
                                    begins[start:stop], ends[start:stop])))


def shared_prefix(document: SitemapDocument, column: int, start: int, stop: int,
                  prefix: bytes | None) -> bytes | None:
    """The bytes ``prefix`` and every plain row of ``start:stop`` start with (``None``
    while there is neither)."""
    raw = document.raw
    begins, ends = offsets(document, column)
    plain = list(map(ge, begins[start:stop], repeat(0)))
    begin_slice = array("q", compress(begins[start:stop], plain))
    end_slice = array("q", compress(ends[start:stop], plain))
    if not begin_slice:
        return prefix
    if prefix is None:
        prefix = raw[begin_slice[0]:end_slice[0]]
    for first in range(0, len(begin_slice), CHUNK):
        at = first
        last = min(len(begin_slice), first + CHUNK)
        while at < last and prefix:
            starts = map(raw.startswith, repeat(prefix), begin_slice[at:last],
                         end_slice[at:last])
            miss = next(compress(range(at, last), map(not_, starts)), None)
            if miss is None:
                break
            other = raw[begin_slice[miss]:end_slice[miss]]
            size = 0
            while size < min(len(prefix), len(other)) and prefix[size] == other[size]:
                size += 1
            prefix = prefix[:size]
            at = miss + 1
    return prefix


__all__ = ["raw_facts", "row_capitals", "row_flags", "shared_prefix"]
