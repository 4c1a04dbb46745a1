"""Keys of several documents' rows for sorting them as one list, read a file at a time or a
row at a time, never as one list of every row's key.

The parts of :class:`~sitemap_studio.core.rows.combined_rows.CombinedRows` are
sorted each on its own (:func:`part_run`, with that file's keys only), then
merged a slice at a time with keys read per row (:func:`row_key`); a kept sort
is repaired with :func:`row_place`. Locations compare as their texts do (the
bytes after a prefix every row shares, in a file, sort as the texts);
numeric columns by the keys each file's index keeps.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate, compress, repeat
from operator import add, eq
from typing import Any

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.rows.entry_order import COUNT_COLUMNS, EntryIndex
from sitemap_studio.core.rows.sort_keys import (
    ABSENT_KEY,
    UNPARSABLE_KEY,
    count_keys,
    location_keys,
    split_absent,
)
from sitemap_studio.core.rows.row_search import offsets
from sitemap_studio.core.rows.sort_repair import Place

#: What the text of a field is stripped of (XML's white space), as bytes.
_BLANKS = b" \t\r\n"


def part_run(document: SitemapDocument, index: EntryIndex, column: int, start: int,
             code: str) -> tuple[array[int], list[int], list[int]]:
    """One part's rows sorted by ``column`` as global rows (the part starts at ``start``):
    (rows with a value, ascending; rows whose value does not parse; rows without one)."""
    count = len(document)
    unparsable: Sequence[int] = ()
    absent: Sequence[int]
    keys: Sequence[Any]
    if column == 0:
        found = location_keys(document, index._column_prefix(0), index._column_flags(0))
        keys = found if found is not None else [document.text(row, 0) for row in range(count)]
        valid, absent = split_absent(range(count), keys.__getitem__)
    else:
        keys = index._column_keys(column) if column in (1, 2, 3) else count_keys(document,
                                                                                 column)
        valid = list(compress(range(count), map(math.isfinite, keys)))
        unparsable = list(compress(range(count), map(eq, keys, repeat(UNPARSABLE_KEY))))
        absent = list(compress(range(count), map(eq, keys, repeat(ABSENT_KEY))))
    lookup: Callable[[int], Any] = keys.__getitem__
    ordered = sorted(valid, key=lookup)
    run = array(code, map(add, ordered, repeat(start)) if start else ordered)
    return run, [start + row for row in unparsable], [start + row for row in absent]


def location_bytes(documents: Sequence[SitemapDocument],
                   indexes: Sequence[EntryIndex]) -> Callable[[int], bytes | None]:
    """A global row's location as UTF-8 bytes (``None`` when absent): the bytes in the file
    when they are the text (no reference, no blank at either end), else the text encoded.
    They sort as the texts do."""
    starts = [0, *accumulate(map(len, documents))]
    raws = [document.raw for document in documents]
    columns = [offsets(document, 0) for document in documents]
    flags = [index._column_flags(0) for index in indexes]
    texts = [document.text for document in documents]

    def location(row: int) -> bytes | None:
        part = bisect_right(starts, row) - 1
        local = row - starts[part]
        begins, ends = columns[part]
        begin = begins[local]
        if begin >= 0 and not flags[part][local]:
            raw, end = raws[part], ends[local]
            if end > begin and raw[begin] not in _BLANKS and raw[end - 1] not in _BLANKS:
                return raw[begin:end]
        text = texts[part](local, 0)
        return None if text is None else text.encode("utf-8")

    return location


def row_key(documents: Sequence[SitemapDocument], indexes: Sequence[EntryIndex],
            column: int) -> Callable[[int], Any]:
    """A global row's sort key by ``column``: its location's bytes, or its numeric key (read
    from its file's keys, found by a binary search: no array of every row's keys is made)."""
    if column == 0:
        return location_bytes(documents, indexes)
    starts = [0, *accumulate(map(len, documents))]
    keys = [count_keys(document, column) if column in COUNT_COLUMNS
            else index._column_keys(column)
            for document, index in zip(documents, indexes, strict=True)]
    if len(keys) == 1:
        return keys[0].__getitem__

    def key(row: int) -> float:
        part = bisect_right(starts, row) - 1
        return keys[part][row - starts[part]]

    return key


def row_place(documents: Sequence[SitemapDocument], indexes: Sequence[EntryIndex],
              column: int) -> Place | None:
    """A global row's place in the ascending order by ``column`` as the parts are now
    (see :mod:`~sitemap_studio.core.rows.sort_repair`), or ``None`` for the count
    columns."""
    if column == 0:
        location = location_bytes(documents, indexes)

        def by_location(row: int) -> tuple[Any, ...]:
            found = location(row)
            return (2, row) if found is None else (0, found, row)

        return by_location
    if column not in (1, 2, 3):
        return None
    starts = [0, *accumulate(map(len, documents))]
    keys = [index._column_keys(column) for index in indexes]

    def by_key(row: int) -> tuple[Any, ...]:
        part = bisect_right(starts, row) - 1
        key = keys[part][row - starts[part]]
        if key == UNPARSABLE_KEY:
            return 1, documents[part].text(row - starts[part], column) or "", row
        return (2, row) if key == ABSENT_KEY else (0, key, row)

    return by_key


__all__ = ["part_run", "row_key", "row_place"]
