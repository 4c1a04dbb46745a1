"""Rows of entries given by id, found in bulk."""

from __future__ import annotations

from array import array
from collections.abc import Collection, Iterable
from itertools import compress

from sitemap_studio.core.model.documents import SitemapDocument

#: Up to this many ids that moved are looked up one by one; more in one pass over the ids.
_FEW_IDS = 2


def rows_of_ids(document: SitemapDocument, entry_ids: Collection[int]) -> array[int]:
    """Rows (ascending) of the entries ``entry_ids`` still in ``document``.

    Few ids are looked up one by one; more are found in one pass over the ids,
    so a reordered million-row document is not searched once per id.
    """
    ids = document.ids_view()
    count = len(ids)
    rows: list[int] = []
    missed: list[int] = []
    for entry_id in entry_ids:
        # An entry that never moved is at the row of its id (ids start as row numbers).
        if 0 <= entry_id < count and ids[entry_id] == entry_id:
            rows.append(entry_id)
        else:
            missed.append(entry_id)
    if len(missed) <= _FEW_IDS:
        for entry_id in missed:
            try:
                rows.append(document.row_of(entry_id))
            except KeyError:
                continue
    else:
        wanted: Iterable[bool] = map(set(missed).__contains__, ids)
        rows.extend(compress(range(count), wanted))
    rows.sort()
    return array("q", rows)


__all__ = ["rows_of_ids"]
