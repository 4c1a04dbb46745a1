"""Sort orders and filter results over one document, fast enough for a million rows.

The entry table shows a document's rows in another order, or only some of
them; both are computed here in bulk (see :mod:`~sitemap_studio.core.rows.sort_keys`
for the keys and :mod:`~sitemap_studio.core.rows.row_search` for the searches).

:class:`EntryIndex` keeps what is worth keeping between calls (the keys of
sorted columns, per-row flags, the prefix rows share, a locator for hits) and
keeps it current as the document changes: that is its base,
:class:`~sitemap_studio.core.rows.index_caches.IndexCaches`, whose
:meth:`~sitemap_studio.core.rows.index_caches.IndexCaches.warm_up` computes them
ahead, a slice per step, for a front end's idle time. :func:`sort_order` and
:func:`filter_rows` are one-shot conveniences.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Collection, Sequence

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.model.row_ids import rows_of_ids
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.rows.index_caches import IndexCaches
from sitemap_studio.core.rows.row_search import (
    CHUNK,
    FilterPatternError,
    Search,
    buffer_hits,
    compile_filter,
    flagged_rows,
    hit_rows,
    id_column,
    offsets,
    prefix_rows,
    scan_rows,
    scan_texts,
    text_matches,
    text_test,
    texts_or_none,
    with_ids,
)
from sitemap_studio.core.rows.sort_keys import (
    ABSENT_KEY,
    UNPARSABLE_KEY,
    count_keys,
    field_keys,
    location_keys,
    order_by_keys,
    order_by_text,
    severity_keys,
)

#: Columns, as in the entry table: the four protocol fields, then extension counts.
PROTOCOL_COLUMNS = 4
COUNT_COLUMNS = range(4, 8)
#: Not a table column (the audit's come after the counts): orders by each entry's worst
#: finding (errors first).
FINDINGS_COLUMN = 99


class EntryIndex(IndexCaches):
    """Sorting and filtering over one document, with what is worth keeping between calls.

    With ``follow=True`` the index listens to the document and keeps its caches
    current, so a second sort by the same column only sorts. Call :meth:`close`
    when done with it.
    """

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
