"""Every entry of several documents as one list of rows, sorted and filtered in bulk.

The *All entries* view of a project shows the rows of each member sitemap one
file after another. Nothing is copied: a global row is a (part, row) pair
found by a binary search over the parts' cumulative starts, and each part
keeps its own :class:`~sitemap_studio.core.rows.entry_order.EntryIndex`, so the
caches a file's own view warms up serve the combined view too.

Filtering runs each part's filter and shifts the hits by the part's start.
Sorting reads each part's keys (the same keys a file's view sorts by) into
one lookup over global rows and sorts once, stably, so equal keys keep file
order and then row order, and values that do not parse, then absent ones,
come last in both directions, as in one file. :meth:`CombinedRows.warm_up`
can also sort whole columns ahead, from idle time, and keep those sorts
(:class:`~sitemap_studio.core.rows.sorted_rows.SortedRows`, about 5 bytes a row,
for the last few columns): both directions, and the rows a filter leaves, are
then read from them without sorting. After an edit, insert, removal or move
the kept sorts are repaired (:mod:`~sitemap_studio.core.rows.kept_sorts`: the
changed rows are taken out and put back), not made again.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator, Sequence
from itertools import accumulate, repeat
from typing import Any

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.rows.column_sorts import part_run, row_key, row_place
from sitemap_studio.core.rows.entry_order import COUNT_COLUMNS, EntryIndex
from sitemap_studio.core.rows.kept_sorts import IDLE_REPAIR_ROWS, KeptSorts
from sitemap_studio.core.rows.row_mapping import row_typecode
from sitemap_studio.core.rows.sort_keys import (
    UNPARSABLE_KEY,
    count_keys,
    location_keys,
    order_by_keys,
    order_by_text,
)
from sitemap_studio.core.rows.sorted_rows import SortedRows, sort_in_steps

#: The combined view's extra column: the file a row belongs to (after the entry columns).
FILE_COLUMN = 8


def _common_start(values: Sequence[bytes]) -> bytes:
    """The longest start every one of ``values`` has."""
    if not values:
        return b""
    low, high = min(values), max(values)  # the others lie between, so share their start
    pairs = zip(low, high, strict=False)  # as long as the shorter
    size = next((at for at, (one, other) in enumerate(pairs) if one != other), len(low))
    return low[:size]


class CombinedRows:
    """The rows of ``documents`` (in that order) as one list; ``names`` label the parts.

    Call :meth:`refresh` after a part's length changed (the starts move), and
    :meth:`close` when done (each part's index stops following its document).
    """

    def __init__(self, documents: Sequence[SitemapDocument], names: Sequence[str]) -> None:
        if len(documents) != len(names):
            raise ValueError("one name per document")
        self.documents = list(documents)
        self.names = list(names)
        self._indexes = [EntryIndex(document) for document in self.documents]
        self._starts: list[int] = []
        self._kept_sorts = KeptSorts(self._value_of)
        for document in self.documents:
            self._kept_sorts.follow(document)
        self.refresh()

    def add(self, document: SitemapDocument, name: str) -> None:
        """Append one more part (a file read while the others are shown)."""
        self.documents.append(document)
        self.names.append(name)
        self._indexes.append(EntryIndex(document))
        self._kept_sorts.follow(document)
        self.refresh()

    def refresh(self) -> None:
        """Recount the parts' rows (after an insert or removal in any of them)."""
        self._starts = [0, *accumulate(len(document) for document in self.documents)]

    def close(self) -> None:
        """Stop following the documents."""
        for index in self._indexes:
            index.close()
        self._kept_sorts.close()

    def __len__(self) -> int:
        return self._starts[-1]

    @property
    def starts(self) -> list[int]:
        """Global row of each part's first row, and the total at the end."""
        return list(self._starts)

    def start_of(self, part: int) -> int:
        """Global row of part ``part``'s first row."""
        return self._starts[part]

    def locate(self, row: int) -> tuple[int, int]:
        """(part, row in that part) of global ``row``; ``IndexError`` outside."""
        if not 0 <= row < self._starts[-1]:
            raise IndexError(row)
        part = bisect_right(self._starts, row) - 1
        return part, row - self._starts[part]

    def global_row(self, part: int, row: int) -> int:
        """The global row of ``row`` of part ``part``."""
        return self._starts[part] + row

    def part_of(self, document: SitemapDocument) -> int:
        """Which part ``document`` is; ``ValueError`` when it is none."""
        for part, known in enumerate(self.documents):
            if known is document:
                return part
        raise ValueError("the document is not one of the parts")

    def index(self, part: int) -> EntryIndex:
        """Part ``part``'s own sort and filter index."""
        return self._indexes[part]

    def warm_up(self, columns: Sequence[int] = (1,), sorts: Sequence[int] = ()) -> Iterator[None]:
        """Each part's warm-up in turn (see :meth:`EntryIndex.warm_up`), then the sorts of
        columns ``sorts`` (see :meth:`sort_steps`)."""
        for index in self._indexes:
            yield from index.warm_up(columns=columns, filter_column=0)
        for column in sorts:
            yield from self.sort_steps(column)

    # ------------------------------------------------------------------ filtering

    def _split(self, rows: Sequence[int]) -> list[array[int]]:
        """Ascending global ``rows`` as each part's ascending local rows."""
        split: list[array[int]] = []
        for part, start in enumerate(self._starts[:-1]):
            stop = self._starts[part + 1]
            low, high = bisect_left(rows, start), bisect_left(rows, stop)
            split.append(array("q", [row - start for row in rows[low:high]]) if start
                         else array("q", rows[low:high]))
        return split

    def _joined(self, parts: Sequence[Sequence[int] | None], first: int = 0) -> array[int]:
        """Local rows of parts ``first``, ``first + 1``... as ascending global rows."""
        joined = array(row_typecode(len(self)))
        for part, rows in enumerate(parts, first):
            start = self._starts[part]
            if rows is None:
                joined.extend(range(start, self._starts[part + 1]))
            elif start:
                joined.extend(map(int.__add__, rows, repeat(start)))
            elif isinstance(rows, array) and rows.typecode != joined.typecode:
                joined.extend(iter(rows))  # an array extends at once only one of its type
            else:
                joined.extend(rows)
        return joined

    def filter_parts(self, first: int, stop: int, text: str, *, regex: bool = False,
                     case_sensitive: bool = False,
                     only_ids: Sequence[Collection[int]] | None = None) -> array[int]:
        """Global rows (ascending) of parts ``first:stop`` that match (see :meth:`filter_rows`).

        A front end filtering a part at a time shows the first rows before the
        last file is searched.
        """
        found = [self._indexes[part].filter_rows(
            text, regex=regex, case_sensitive=case_sensitive,
            only_ids=None if only_ids is None else only_ids[part])
            for part in range(first, stop)]
        return self._joined(found, first)

    def filter_rows(self, text: str, *, regex: bool = False, case_sensitive: bool = False,
                    only_ids: Sequence[Collection[int]] | None = None,
                    within: Sequence[int] | None = None) -> array[int] | None:
        """Global rows (ascending) whose location matches, or ``None`` for all rows.

        As :meth:`EntryIndex.filter_rows`, per part: ``only_ids`` gives each
        part's entry ids to keep (entries with findings), ``within`` the
        ascending global rows a narrower filter may keep.
        """
        if not text and only_ids is None and within is None:
            return None
        inside = self._split(within) if within is not None else None
        found: list[Sequence[int] | None] = []
        for part, index in enumerate(self._indexes):
            found.append(index.filter_rows(
                text, regex=regex, case_sensitive=case_sensitive,
                only_ids=None if only_ids is None else only_ids[part],
                within=None if inside is None else inside[part]))
        if all(rows is None for rows in found):
            return None
        return self._joined(found)

    # -------------------------------------------------------------------- sorting

    def sort_order(self, column: int, descending: bool = False, *,
                   rows: Sequence[int] | None = None) -> array[int]:
        """Global rows (all, or ascending ``rows``) in display order when sorted by ``column``.

        Columns are the entry table's (0-7) and :data:`FILE_COLUMN` (by file name).
        """
        chosen: Sequence[int] = range(len(self)) if rows is None else rows
        if column == FILE_COLUMN:
            names = self.names
            order = sorted(range(len(names)), key=names.__getitem__, reverse=descending)
            split = self._split(chosen)
            joined = array(row_typecode(len(self)))
            for part in order:
                start = self._starts[part]
                joined.extend(map(int.__add__, split[part], repeat(start)))
            return joined
        if column != 0 and column not in (1, 2, 3) and column not in COUNT_COLUMNS:
            raise ValueError(f"there is no column {column} to sort by")
        kept = self._kept(column)
        if kept is not None:  # no sort: read the kept one (see warm_up)
            return kept.rows(descending, None if len(chosen) == len(self) else chosen)
        if column != 0:
            return order_by_keys(chosen, self._keys(column), descending,
                                 lambda row: self.text(row, column) or "")
        if len(chosen) * 4 < len(self):  # a narrow filter: read only the rows shown
            texts = {row: self.text(row, 0) for row in chosen}
            return order_by_text(chosen, texts.__getitem__, descending)
        keys: list[Any] = []
        for _step in self._location_keys(keys):
            pass
        return order_by_text(chosen, keys.__getitem__, descending)

    def _value_of(self, part: int, column: int) -> Callable[[int], Any] | None:
        """What orders a row of part ``part`` by ``column`` (its text, or its key and, when
        that does not parse, its text); ``None`` for the count columns."""
        document = self.documents[part]
        if column == 0:
            return lambda row: document.text(row, 0)
        if column not in (1, 2, 3):
            return None
        keys = self._indexes[part]._column_keys(column)
        return lambda row: (keys[row], document.text(row, column)
                            if keys[row] == UNPARSABLE_KEY else None)

    def generations(self) -> tuple[int, ...]:
        """Each part's generation: a change to any part changes this."""
        return tuple(index.generation for index in self._indexes)

    def _kept(self, column: int) -> SortedRows | None:
        """The kept sort of ``column``, repaired when parts changed since."""
        found = self._kept_sorts.get(column, lambda: row_place(self.documents, self._indexes,
                                                               column))
        return found if found is not None and found.total == len(self) else None

    def kept_columns(self) -> list[int]:
        """The columns whose kept sort holds with no change since (a click on them reads it
        as it is; after a change, a click repairs it first)."""
        return self._kept_sorts.current()

    def sort_steps(self, column: int) -> Iterator[None]:
        """Sort every row by ``column`` and keep the sort, a file per step (from idle time).

        Each file's rows are sorted on their own, with that file's keys only,
        then the runs are merged a slice at a time, reading the keys of that
        slice's rows (:func:`~sitemap_studio.core.rows.sorted_rows.sort_in_steps`),
        so no list of every row's key is made. When a part changes meanwhile,
        nothing is kept. A kept sort is repaired instead, in one step, when few
        rows changed; when more did, it is left for a click to repair.
        """
        pending = self._kept_sorts.pending(column)
        if pending is not None and pending > IDLE_REPAIR_ROWS or self._kept(column) is not None:
            return
        generation, total = self.generations(), len(self)
        code = row_typecode(total)
        runs: list[array[int]] = []
        unparsable: list[int] = []
        absent: list[int] = []
        for part, start in enumerate(self._starts[:-1]):
            run, odd, missing = part_run(self.documents[part], self._indexes[part], column,
                                         start, code)
            runs.append(run)
            unparsable.extend(odd)
            absent.extend(missing)
            yield
            if self.generations() != generation:
                return
        tail = sorted(unparsable, key=lambda row: self.text(row, column) or "")
        tail.extend(absent)
        for _step in sort_in_steps(runs, row_key(self.documents, self._indexes, column),
                                   tail, total,
                                   lambda kept: self._keep(column, generation, kept)):
            yield
            if self.generations() != generation:
                return

    def _keep(self, column: int, generation: tuple[int, ...], kept: SortedRows) -> None:
        """Keep a sort made from the parts as they were at ``generation``."""
        if self.generations() == generation:
            self._kept_sorts.keep(column, kept)

    def _keys(self, column: int) -> array[float]:
        """Sort keys of a numeric column over every global row."""
        keys = array("d")  # each file's keys, copied whole (arrays of one type extend fast)
        if column in COUNT_COLUMNS:
            for document in self.documents:
                keys.extend(count_keys(document, column))
        else:
            for index in self._indexes:
                keys.extend(index._column_keys(column))
        return keys

    def _location_keys(self, keys: list[Any]) -> Iterator[None]:
        """Fill ``keys`` with a key per global row that sorts as the location does
        (``None`` when absent), a file per step."""
        # What every part's rows start with (each part's own shared prefix may be longer).
        prefix = _common_start([index._column_prefix(0) for index in self._indexes])
        for document, index in zip(self.documents, self._indexes, strict=True):
            found = location_keys(document, prefix, index._column_flags(0)) if prefix else None
            if found is None:  # rows of other sites, or blanks: compare the texts
                keys.clear()
                break
            keys.extend(found)
            yield
        else:
            return
        for document in self.documents:
            keys.extend(document.text(row, 0) for row in range(len(document)))
            yield

    def text(self, row: int, field_index: int) -> str | None:
        """The text of a protocol field at global ``row``."""
        part, local = self.locate(row)
        return self.documents[part].text(local, field_index)


__all__ = ["FILE_COLUMN", "CombinedRows"]
