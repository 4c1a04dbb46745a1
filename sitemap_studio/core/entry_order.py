"""Sort orders and filter results over one document, fast enough for a million rows.

The entry table shows a document's rows in another order, or only some of
them; both are computed here in bulk (see :mod:`~sitemap_studio.core.sort_keys`
for the keys and :mod:`~sitemap_studio.core.row_search` for the searches).

:class:`EntryIndex` keeps what is worth keeping between calls (the keys of
sorted columns, per-row flags, the prefix rows share, a locator for hits) and
keeps it current as the document changes, through the document's callbacks.
Its :meth:`~EntryIndex.warm_up` computes them ahead, a slice per step, for a
front end's idle time. :func:`sort_order` and :func:`filter_rows` are one-shot
conveniences.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, TypeVar

from sitemap_studio.core.documents import SitemapDocument
from sitemap_studio.core.findings import Finding
from sitemap_studio.core.progress import CancelToken
from sitemap_studio.core.row_ids import rows_of_ids
from sitemap_studio.core.row_search import (
    CHUNK,
    FilterPatternError,
    Locator,
    Search,
    buffer_hits,
    build_locator,
    compile_filter,
    flagged_rows,
    hit_rows,
    id_column,
    increasing,
    offsets,
    prefix_rows,
    raw_facts,
    row_capitals,
    row_flags,
    scan_rows,
    scan_texts,
    shared_prefix,
    text_matches,
    text_test,
    texts_or_none,
    with_ids,
)
from sitemap_studio.core.sort_keys import (
    ABSENT_KEY,
    UNPARSABLE_KEY,
    KeyReader,
    count_keys,
    field_keys,
    location_keys,
    order_by_keys,
    order_by_text,
    severity_keys,
)
from sitemap_studio.core.xml_tokens import XML_WHITESPACE

#: Columns, as in the entry table: the four protocol fields, then extension counts.
PROTOCOL_COLUMNS = 4
COUNT_COLUMNS = range(4, 8)
#: Not a table column: orders by each entry's worst finding (errors first).
FINDINGS_COLUMN = 8
#: Few ids are looked up one by one, more in one pass over the id column.
_T = TypeVar("_T")


class EntryIndex:
    """Sorting and filtering over one document, with what is worth keeping between calls.

    With ``follow=True`` the index listens to the document and keeps its caches
    current, so a second sort by the same column only sorts. Call :meth:`close`
    when done with it.
    """

    def __init__(self, document: SitemapDocument, *, follow: bool = True) -> None:
        self.document = document
        self._keys: dict[int, array[float]] = {}
        self._flags: dict[int, bytearray] = {}
        self._capitals: dict[int, bytearray] = {}
        self._prefixes: dict[int, bytes] = {}
        self._locators: dict[int, Locator] = {}
        self._facts: tuple[bool, bool] | None = None
        self._following = False
        #: Bumped on every change of the document (a warm-up in progress then stops).
        self._generation = 0
        if follow:
            for event, handler in self._callbacks():
                event.connect(handler)
            self._following = True

    def _callbacks(self) -> list[tuple[Any, Callable[..., None]]]:
        doc = self.document
        return [(doc.entries_inserted, self._inserted), (doc.entries_removed, self._removed),
                (doc.entries_moved, self._moved), (doc.entries_changed, self._changed)]

    def close(self) -> None:
        """Stop following the document and drop every cache."""
        if self._following:
            for event, handler in self._callbacks():
                event.disconnect(handler)
            self._following = False
        for cache in (self._keys, self._flags, self._capitals, self._prefixes, self._locators):
            cache.clear()

    def cache_size(self) -> int:
        """Bytes held by the caches."""
        return (sum(8 * len(keys) for keys in self._keys.values())
                + sum(len(flags) for flags in self._flags.values())
                + sum(len(capitals) for capitals in self._capitals.values())
                + sum(locator.size for locator in self._locators.values()))

    # ---------------------------------------------------------- following changes

    def _refresh(self, start: int, stop: int) -> None:
        """Recompute what the caches hold for rows ``start:stop`` (new or changed)."""
        doc = self.document
        for column, keys in self._keys.items():
            keys[start:stop] = field_keys(doc, column, start, stop)
        for column, flags in self._flags.items():
            flags[start:stop] = row_flags(doc, column, start, stop, self._raw_facts())
        for column, capitals in self._capitals.items():
            capitals[start:stop] = row_capitals(doc, column, start, stop)
        for column, prefix in self._prefixes.items():
            # A restored row may not start with the prefix the others share.
            self._prefixes[column] = shared_prefix(doc, column, start, stop, prefix) or b""

    def _inserted(self, row: int, count: int) -> None:
        self._generation += 1
        for keys in self._keys.values():
            keys[row:row] = array("d", bytes(8 * count))
        for flags in (*self._flags.values(), *self._capitals.values()):
            flags[row:row] = bytes(count)
        self._refresh(row, row + count)
        self._locators.clear()

    def _row_caches(self) -> list[array[float] | bytearray]:
        return [*self._keys.values(), *self._flags.values(), *self._capitals.values()]

    def _removed(self, row: int, count: int) -> None:
        self._generation += 1
        for cache in self._row_caches():
            del cache[row:row + count]
        self._locators.clear()

    def _moved(self, row: int, count: int, destination: int) -> None:
        self._generation += 1
        at = destination if destination < row else destination - count
        for cache in self._row_caches():
            moved = cache[row:row + count]
            del cache[row:row + count]
            cache[at:at] = moved  # type: ignore[assignment]  # same type as cache
        self._locators.clear()

    def _changed(self, rows: list[int]) -> None:
        # An edited row becomes an Entry row; its old bytes stay in raw, where the
        # locators still find them, but the row's offsets no longer match: harmless.
        self._generation += 1
        if len(rows) <= 64:
            for row in rows:
                self._refresh(row, row + 1)
        else:
            self._refresh(min(rows), max(rows) + 1)

    # -------------------------------------------------------------------- caches

    def _cached(self, cache: dict[int, _T], column: int, make: Callable[[], _T]) -> _T:
        found = cache.get(column)
        if found is None:
            found = make()
            if self._following:
                cache[column] = found
        return found

    def _raw_facts(self) -> tuple[bool, bool]:
        if self._facts is None:
            self._facts = raw_facts(self.document.raw)
        return self._facts

    def _column_keys(self, column: int) -> array[float]:
        return self._cached(self._keys, column, lambda: field_keys(self.document, column))

    def _column_flags(self, column: int) -> bytearray:
        return self._cached(self._flags, column, lambda: row_flags(
            self.document, column, 0, len(self.document), self._raw_facts()))

    def _column_capitals(self, column: int) -> bytearray:
        return self._cached(self._capitals, column, lambda: row_capitals(
            self.document, column, 0, len(self.document)))

    def _column_prefix(self, column: int) -> bytes:
        return self._cached(self._prefixes, column, lambda: shared_prefix(
            self.document, column, 0, len(self.document), None) or b"")

    def _locator(self, column: int) -> Locator:
        return self._cached(self._locators, column,
                            lambda: build_locator(offsets(self.document, column)[0]))

    # -------------------------------------------------------------------- warm-up

    def warm_up(self, columns: Sequence[int] = (1,), *, filter_column: int | None = 0,
                chunk: int = 1 << 14) -> Iterator[None]:
        """Compute ahead, one slice per step, what the first sort by ``columns`` and the
        first filter of ``filter_column`` need; drive it from idle time (``next``).

        Only useful while following the document. When the document changes
        between two steps, the warm-up stops; what it finished stays cached.
        """
        if not self._following:
            return
        generation = self._generation
        doc = self.document
        total = len(doc)
        spans = [(start, min(total, start + chunk)) for start in range(0, total, chunk)]
        self._raw_facts()
        yield
        if filter_column is not None:
            column = filter_column
            if column not in self._flags:
                flags = bytearray()
                for start, stop in spans:
                    flags += row_flags(doc, column, start, stop, self._raw_facts())
                    yield
                    if generation != self._generation:
                        return
                self._flags[column] = flags
            if column not in self._capitals:
                capitals = bytearray()
                for start, stop in spans:
                    capitals += row_capitals(doc, column, start, stop)
                    yield
                    if generation != self._generation:
                        return
                self._capitals[column] = capitals
            if column not in self._prefixes:
                prefix: bytes | None = None
                for start, stop in spans:
                    prefix = shared_prefix(doc, column, start, stop, prefix)
                    yield
                    if generation != self._generation:
                        return
                self._prefixes[column] = prefix or b""
            if column not in self._locators:
                begins = offsets(doc, column)[0]
                previous = -1
                for start, stop in spans:
                    part = begins[start:stop]
                    if part[0] <= previous or min(part) < 0 or not increasing(part):
                        break  # not in file order: built on first use instead
                    previous = part[-1]
                    yield
                    if generation != self._generation:
                        return
                else:
                    self._locators[column] = Locator(array("q", begins), None)
        for column in columns:
            if column in self._keys:
                continue
            reader = KeyReader(doc.raw, column)
            keys = array("d")
            for start, stop in spans:
                keys.extend(reader.read(doc, start, stop))
                yield
                if generation != self._generation:
                    return
            self._keys[column] = keys

    # -------------------------------------------------------------------- sorting

    def sort_order(self, column: int, descending: bool = False, *,
                   rows: Sequence[int] | None = None,
                   findings_of: Callable[[int], Sequence[Finding]] | None = None,
                   flagged: Collection[int] | None = None) -> array[int]:
        """Source rows (all, or ``rows``) in display order when sorted by ``column``.

        Columns are those of the table (0 loc, 1 lastmod, 2 changefreq, 3 priority,
        4-7 extension counts) or :data:`FINDINGS_COLUMN`, which needs ``findings_of``
        (entry id to findings) and is faster with ``flagged`` (the ids that have
        any). Equal keys keep their row order, in both directions; values that
        do not parse, then absent ones, come last in both.
        """
        doc = self.document
        chosen: Sequence[int] = range(len(doc)) if rows is None else rows
        if column == 0:
            return self._sort_by_location(chosen, descending)
        if column in (1, 2, 3):
            keys = self._column_keys(column)
        elif column in COUNT_COLUMNS:
            keys = count_keys(doc, column)
        elif column == FINDINGS_COLUMN:
            if findings_of is None:
                raise ValueError("sorting by findings needs findings_of")
            candidates = range(len(doc)) if flagged is None else rows_of_ids(doc, flagged)
            keys = severity_keys(doc, candidates, id_column(doc), findings_of)
        else:
            raise ValueError(f"there is no column {column} to sort by")
        return order_by_keys(chosen, keys, descending, lambda row: doc.text(row, column) or "")

    def _sort_by_location(self, rows: Sequence[int], descending: bool) -> array[int]:
        doc = self.document
        total = len(doc)
        if len(rows) * 4 < total:
            return order_by_text(rows, {row: doc.text(row, 0) for row in rows}.__getitem__,
                                 descending)
        keys = location_keys(doc, self._column_prefix(0), self._column_flags(0))
        if keys is not None:
            return order_by_text(rows, keys.__getitem__, descending)
        found: list[str | None] = []
        for start in range(0, total, CHUNK):
            found.extend(texts_or_none(doc, 0, start, min(total, start + CHUNK)))
        return order_by_text(rows, found.__getitem__, descending)

    # ------------------------------------------------------------------ filtering

    def filter_rows(self, text: str, *, regex: bool = False, case_sensitive: bool = False,
                    column: int = 0, only_ids: Collection[int] | None = None,
                    within: Sequence[int] | None = None,
                    cancel: CancelToken | None = None) -> array[int] | None:
        """Rows (ascending) whose field ``column`` contains ``text``, or ``None`` for all.

        ``text`` is a substring, or a regular expression with ``regex`` (searched,
        not matched whole); case is ignored unless ``case_sensitive`` (as
        ``str.lower`` does on both sides). An absent field counts as empty.
        ``only_ids`` keeps only the rows of those entry ids (entries with
        findings); ``within`` (ascending rows) limits the search, for a filter
        that only grew longer. Raises :class:`FilterPatternError` for an invalid
        regular expression.
        """
        if not 0 <= column < PROTOCOL_COLUMNS:
            raise ValueError(f"column {column} cannot be filtered")
        rows = None if within is None else array("q", within)
        if text:
            pattern = compile_filter(text, regex=regex, case_sensitive=case_sensitive)
            rows = self._matching(text, pattern, regex, case_sensitive, column, rows, cancel)
        if only_ids is not None:
            rows = with_ids(self.document, rows, only_ids)
        return rows

    def _matching(self, text: str, pattern: re.Pattern[str], regex: bool,
                  case_sensitive: bool, column: int, within: array[int] | None,
                  cancel: CancelToken | None) -> array[int]:
        doc = self.document
        probe = text if case_sensitive else text.lower()
        test = text_test(pattern, None if regex else text, case_sensitive)
        if regex or probe != probe.strip(XML_WHITESPACE) or not (case_sensitive
                                                                 or probe.isascii()):
            return scan_texts(doc, column, test, within, cancel)
        needle = probe.encode("utf-8")
        count = len(doc)
        flags = self._column_flags(column)
        # A needle without letters is the same in every case. Otherwise, when few rows
        # hold capitals, search the lower-case needle as is and look again, ignoring
        # case, at the rows with capitals only.
        exact = case_sensitive or needle == needle.upper()
        capitals = None
        if not exact:
            marked = self._column_capitals(column)
            if (count - marked.count(0)) * 8 <= count:
                capitals, exact = marked, True
        search = Search(needle, exact, flags, capitals, test)
        prefix = self._column_prefix(column)
        if needle in (prefix if case_sensitive else prefix.lower()):
            return prefix_rows(doc, column, search, within)
        if within is None:
            hits = buffer_hits(doc.raw, needle, exact, max(1024, count >> 3), cancel)
            if hits is not None:
                found = set(hit_rows(doc, column, hits, len(needle), self._locator(column),
                                     flags))
                begins, ends = offsets(doc, column)
                if capitals is not None:
                    found.update(row for row in flagged_rows(capitals, 0, count)
                                 if not flags[row] and search.ignore_case.search(
                                     doc.raw, begins[row], ends[row]))
                found.update(row for row in flagged_rows(flags, 0, count)
                             if text_matches(doc, row, column, test))
                return array("q", sorted(found))
        return scan_rows(doc, column, search, within, cancel)


def sort_order(document: SitemapDocument, column: int, descending: bool = False, *,
               findings_of: Callable[[int], Sequence[Finding]] | None = None,
               flagged: Collection[int] | None = None,
               rows: Sequence[int] | None = None) -> array[int]:
    """Source rows of ``document`` in display order when sorted by ``column``.

    See :meth:`EntryIndex.sort_order`; this one-shot form keeps nothing.
    """
    return EntryIndex(document, follow=False).sort_order(
        column, descending, rows=rows, findings_of=findings_of, flagged=flagged)


def filter_rows(document: SitemapDocument, text: str, *, regex: bool = False,
                case_sensitive: bool = False, column: int = 0,
                only_ids: Collection[int] | None = None,
                within: Sequence[int] | None = None,
                cancel: CancelToken | None = None) -> array[int] | None:
    """Rows of ``document`` matching a filter, or ``None`` for all rows.

    See :meth:`EntryIndex.filter_rows`; this one-shot form keeps nothing.
    """
    return EntryIndex(document, follow=False).filter_rows(
        text, regex=regex, case_sensitive=case_sensitive, column=column, only_ids=only_ids,
        within=within, cancel=cancel)


__all__ = [
    "ABSENT_KEY",
    "COUNT_COLUMNS",
    "FINDINGS_COLUMN",
    "PROTOCOL_COLUMNS",
    "UNPARSABLE_KEY",
    "EntryIndex",
    "FilterPatternError",
    "compile_filter",
    "field_keys",
    "filter_rows",
    "rows_of_ids",
    "sort_order",
]
