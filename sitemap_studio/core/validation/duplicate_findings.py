"""A document's duplicate URLs: its :class:`DuplicateIndex` and one finding per copy.

The validator keeps one :class:`DuplicateFindings`: it enters each entry into
the index and, after a full run or an edit, asks :meth:`DuplicateFindings.refresh`
to re-report the entries whose verdict may have changed. Copies of one URL are
handled a group at a time (their rows, URLs and positions fetched in bulk), so
100,000 copies of one URL cost little more to validate than 100,000 distinct
URLs (``bench/bench_duplicates.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import repeat
from operator import eq, sub

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.findings import Finding, findings_alike
from sitemap_studio.core.rows.row_search import texts_or_none
from sitemap_studio.core.validation.duplicates import DuplicateIndex
from sitemap_studio.core.validation.registry import Profile

#: Up to this many entries that moved are looked up one by one; more in one pass over the ids.
_FEW_MOVED = 2


def rows_of(document: SitemapDocument, entry_ids: Sequence[int]) -> list[int]:
    """The current row of each of ``entry_ids`` (``KeyError`` for one no longer there)."""
    ids = document.ids_view()
    count = len(ids)
    # An entry that never moved is at the row of its id (ids start as row numbers): when
    # none of them moved, that is checked without a Python step per id.
    if entry_ids and min(entry_ids) >= 0 and max(entry_ids) < count and all(
            map(eq, map(ids.__getitem__, entry_ids), entry_ids)):
        return list(entry_ids)
    rows = [entry_id if 0 <= entry_id < count and ids[entry_id] == entry_id else -1
            for entry_id in entry_ids]
    if -1 not in rows:
        return rows
    moved = {entry_id for entry_id, row in zip(entry_ids, rows, strict=True) if row < 0}
    if len(moved) <= _FEW_MOVED:
        where = {entry_id: document.row_of(entry_id) for entry_id in moved}
    else:
        where = {entry_id: row for row, entry_id in enumerate(ids) if entry_id in moved}
    return [row if row >= 0 else where[entry_id]
            for entry_id, row in zip(entry_ids, rows, strict=True)]


def locs_at(document: SitemapDocument, rows: Sequence[int]) -> list[str | None]:
    """The ``<loc>`` of each of ``rows`` (ascending): a dense run of rows read in one pass."""
    if not rows or rows[-1] - rows[0] >= 2 * len(rows):
        return [document.text(row, 0) for row in rows]
    first = rows[0]
    texts = texts_or_none(document, 0, first, rows[-1] + 1)
    if len(texts) == len(rows):  # every row of the run
        return texts
    return list(map(texts.__getitem__, map(sub, rows, repeat(first))))


class DuplicateFindings:
    """The duplicate index of ``document`` and the ``loc-duplicate`` findings it gives."""

    def __init__(self, document: SitemapDocument) -> None:
        self.document = document
        #: Entry id -> its one duplicate finding (an entry repeats at most one URL).
        self.found: dict[int, Finding] = {}
        self.index = self._new_index()

    def _new_index(self) -> DuplicateIndex:
        document = self.document

        def loc_of(entry_id: int) -> str | None:
            return document.text(document.row_of(entry_id), 0)

        return DuplicateIndex(order=document.row_of, loc_of=loc_of,
                              rows_of=lambda entry_ids: rows_of(document, entry_ids),
                              locs_at=lambda rows: locs_at(document, rows))

    def clear(self) -> None:
        """Forget every entry and finding."""
        self.found = {}
        self.index = self._new_index()

    def refresh(self, entry_ids: Collection[int] | None, profile: Profile,
                describe: Callable[[int], str]) -> None:
        """Re-report ``entry_ids`` (``None``: every entry): one finding per copy, at its
        ``<loc>``."""
        found = self.found
        if entry_ids is None:
            found.clear()
        elif found:
            for entry_id in entry_ids:
                found.pop(entry_id, None)
        document = self.document
        for rule, message, flagged in self.index.verdicts(entry_ids, describe):
            severity = rule.severity_for(profile)
            if severity is None:
                continue
            lines, columns = document.field_positions(rows_of(document, flagged), "loc")
            found.update(zip(flagged, findings_alike(severity, rule.code, message, flagged,
                                                     "loc", lines, columns, rule.source),
                             strict=True))
