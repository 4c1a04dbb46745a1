"""Where a document's rows live: offset columns into the original bytes, and edited bodies.

:class:`RowStore` is the storage half of
:class:`~sitemap_studio.core.model.documents.SitemapDocument`: per row an id, the
offsets of its lead (whitespace and markup before it), its element and its
field texts (held by :class:`~sitemap_studio.core.model.row_columns.RowColumns`);
edited and new entries as objects with their own bytes. It keeps
the document's uncompressed size current and can snapshot and restore a row
exactly. It sends no notifications; the document does.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import replace

from sitemap_studio.core.model.document_types import Layout, RowState
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.row_columns import RowColumns, id_typecode
from sitemap_studio.core.reading.xml_scan import IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE_BYTES

#: Searches of a reordered document's ids before an id -> row array is built.
_SEARCHES_BEFORE_INDEX = 8


class RowStore:
    """Rows over ``raw`` as ``layout`` cut it."""

    def __init__(self, raw: bytes, layout: Layout) -> None:
        self._raw = raw
        self._head_end = layout.head_end
        self._tail_start = layout.tail_start
        self._tail_prefix = b""
        self._size = len(raw)
        #: Whether any value may hold an entity or character reference to decode.
        self._has_references = b"&" in raw
        self._rows = RowColumns(layout)
        # The columns' own arrays, at hand for the readers below (changed in place, never
        # replaced); ids change representation, so they are always read through ``_rows``.
        self._start = self._rows.start
        self._end = self._rows.end
        self._cols = self._rows.fields
        count = len(self._rows)
        self._next_id = count
        self._objects: dict[int, Entry] = {
            row: replace(entry, id=row) for row, entry in layout.objects.items()}
        self._bodies: dict[int, bytes] = {}
        self._leads: dict[int, bytes] = {}
        self._reordered = False
        self._new_entry_lead = layout.new_entry_lead
        #: id -> row, built after a few searches of a reordered document; checked on each use.
        self._row_by_id: array[int] | None = None
        self._searches = 0

    def __len__(self) -> int:
        return len(self._rows)

    @property
    def _ids(self) -> array[int]:
        """Entry id of every row as an array (written out from the row numbers if need be)."""
        return self._rows.ids

    @property
    def _id_view(self) -> Sequence[int]:
        """Entry id of every row, to read (a ``range`` while ids are row numbers)."""
        return self._rows.id_view

    def ids_view(self) -> Sequence[int]:
        """Entry id of every row in row order, to read; valid until the rows change."""
        return self._rows.id_view


    def id_at(self, row: int) -> int:
        """Stable id of the entry at ``row``."""
        return self._rows.id_view[row]

    def row_of(self, entry_id: int, hint: int | None = None) -> int:
        """Current row of the entry with ``entry_id``; ``KeyError`` if it is gone."""
        ids = self._id_view
        if hint is not None and 0 <= hint < len(ids) and ids[hint] == entry_id:
            return hint
        if not self._reordered and entry_id < len(ids) and ids[entry_id] == entry_id:
            return entry_id
        # A reordered document: an id -> row array, never trusted without checking it, so
        # no change has to keep it current. After a change a few searches come first (one
        # edit asks for one row); many lookups rebuild it once instead of searching each.
        by_id = self._row_by_id
        if by_id is not None and 0 <= entry_id < len(by_id):
            row = by_id[entry_id]
            if 0 <= row < len(ids) and ids[row] == entry_id:
                return row
        self._searches += 1
        if self._searches > _SEARCHES_BEFORE_INDEX:
            self._searches = 0
            size = max(self._next_id, max(ids, default=-1) + 1, entry_id + 1)
            by_id = self._row_by_id = array(id_typecode(len(ids)), [-1]) * size
            for _ in map(by_id.__setitem__, ids, range(len(ids))):
                pass
            row = by_id[entry_id] if entry_id >= 0 else -1
            if row < 0:
                raise KeyError(entry_id)
            return row
        try:
            return ids.index(entry_id)
        except ValueError:
            raise KeyError(entry_id) from None

    def state(self, row: int) -> RowState:
        """Snapshot of everything held for ``row``."""
        entry_id = self._id_view[row]
        return RowState(
            id=entry_id,
            lead=self._rows.lead(row),
            start=self._start[row],
            end=self._end[row],
            columns=tuple(column[row] for column in self._cols),
            entry=self._objects.get(entry_id),
            body=self._bodies.get(entry_id),
            lead_bytes=self._leads.get(entry_id),
        )

    def _open_rows(self, row: int, count: int) -> None:
        self._rows.open(row, count, IN_OBJECT)

    def _row_size(self, row: int) -> int:
        """Bytes the row contributes to the document: its lead and its body."""
        entry_id = self._id_view[row]
        lead = self._leads.get(entry_id)
        body = self._bodies.get(entry_id)
        return ((len(lead) if lead is not None else self._start[row] - self._rows.lead(row))
                + (len(body) if body is not None else self._end[row] - self._start[row]))

    def _store_object(self, row: int, entry: Entry, body: bytes) -> None:
        self._size -= self._row_size(row)
        self._objects[entry.id] = entry
        self._bodies[entry.id] = body
        self._size += self._row_size(row)
        for column in self._cols:
            column[row] = IN_OBJECT

    def _write_state(self, row: int, state: RowState) -> None:
        entry_id = state.id
        self._rows.set_id(row, entry_id)
        self._rows.set_offsets(row, state.lead, state.start, state.end)
        for column, value in zip(self._cols, state.columns, strict=True):
            column[row] = value
        _put(self._objects, entry_id, state.entry)
        _put(self._bodies, entry_id, state.body)
        _put(self._leads, entry_id, state.lead_bytes)

    def _lead_bytes(self, row: int) -> bytes:
        lead = self._leads.get(self._id_view[row])
        if lead is not None:
            return lead
        return self._raw[self._rows.lead(row) : self._start[row]]

    def _remove_one(self, row: int) -> tuple[int, RowState, int | None, bytes | None]:
        state = self.state(row)
        self._size -= self._row_size(row)
        lead = self._lead_bytes(row)
        kept = lead.rstrip(XML_WHITESPACE_BYTES)
        target: int | None = None
        previous: bytes | None = None
        if kept.strip(XML_WHITESPACE_BYTES):
            # Comments and other markup before the entry move to the next entry (or the tail).
            if row + 1 < len(self._id_view):
                target = self._id_view[row + 1]
                previous = self._leads.get(target)
                self._leads[target] = kept + self._lead_bytes(row + 1)
            else:
                target = -1
                previous = self._tail_prefix
                self._tail_prefix = kept + self._tail_prefix
            self._size += len(kept)
        self._rows.delete(row)
        self._objects.pop(state.id, None)
        self._bodies.pop(state.id, None)
        self._leads.pop(state.id, None)
        return row, state, target, previous

    def _set_transfer(self, target: int | None, previous: bytes | None) -> None:
        if target is None:
            return
        if target == -1:
            self._size += len(previous or b"") - len(self._tail_prefix)
            self._tail_prefix = previous or b""
        else:
            row = self.row_of(target)
            self._size -= self._row_size(row)
            _put(self._leads, target, previous)
            self._size += self._row_size(row)



def _put(mapping: dict[int, bytes] | dict[int, Entry], key: int, value: object) -> None:
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value  # type: ignore[assignment]


def ranges_descending(rows: Iterable[int]) -> list[tuple[int, int]]:
    """Contiguous (first, count) ranges of ``rows``, bottom range first."""
    ordered = sorted(set(rows))
    ranges: list[tuple[int, int]] = []
    for row in ordered:
        if ranges and ranges[-1][0] + ranges[-1][1] == row:
            ranges[-1] = (ranges[-1][0], ranges[-1][1] + 1)
        else:
            ranges.append((row, 1))
    return list(reversed(ranges))


__all__ = ["RowStore", "ranges_descending"]
