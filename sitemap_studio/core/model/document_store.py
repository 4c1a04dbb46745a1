"""Where a document's rows live: offset columns into the original bytes, and edited entries.

:class:`RowStore` holds a document's rows: per row an id, the offsets of its
lead (whitespace and markup before it), its element and its field texts (packed
by :class:`~sitemap_studio.core.model.row_columns.RowColumns`); edited and new
entries as objects with their own bytes. It finds a row by id, keeps the
document's uncompressed size current and can snapshot and restore a row
exactly. It sends no notifications; the document does.

Others read it through a small public API: :attr:`RowStore.raw`, the offset
arrays :attr:`~RowStore.start`, :attr:`~RowStore.end` and
:attr:`~RowStore.fields` (changed in place, never replaced, so a reader may
keep them at hand; each field's ends are a :class:`FieldEnds`, which reads as an
array), :meth:`~RowStore.lead`, the edited entries
(:attr:`~RowStore.objects`, :attr:`~RowStore.bodies`, :attr:`~RowStore.leads`)
and, read through the store on every use because they are replaced as rows
change, :meth:`~RowStore.ids_view`, :attr:`~RowStore.ids`,
:attr:`~RowStore.tail_prefix`, :attr:`~RowStore.size` and
:attr:`~RowStore.reordered`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from sitemap_studio.core.model.document_types import Layout, RowState
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.row_columns import RowColumns, id_typecode
from sitemap_studio.core.reading.xml_scan import IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE_BYTES

#: Searches of a reordered document's ids before an id -> row array is built.
_SEARCHES_BEFORE_INDEX = 8

#: One removed row: its row, its state, and where its lead's markup went (see :class:`Removal`).
RemovedRow = tuple[int, RowState, int | None, bytes | None]


class RowLookup(Protocol):
    """:meth:`RowStore.row_of`'s shape: an entry's current row by id, near ``hint`` if given."""

    def __call__(self, entry_id: int, hint: int | None = None) -> int:
        """Current row of the entry with ``entry_id``; ``KeyError`` if it is gone."""
        ...


class RowStore:
    """Rows over ``raw`` as ``layout`` cut it.

    Attributes:
        raw: The bytes the rows are offsets into (UTF-8, without BOM).
        head_end: Where the markup before the first row ends in ``raw``.
        tail_start: Where the markup after the last row begins in ``raw``.
        new_entry_lead: The lead a new entry gets (a line break and indentation).
        start: Where each row's element (or text line) begins; negative for a new entry.
            Changed in place, never replaced: read only.
        end: Where each row's element ends. Changed in place, never replaced: read only.
        fields: Begin and end of each protocol field's text per row (``2 * i`` and
            ``2 * i + 1`` for ``FIELDS[i]``), or a negative marker (absent, or
            ``IN_OBJECT`` for a row held as an :class:`Entry`). Changed in place,
            never replaced: read only.
        lead: ``lead(row)``, the offset where ``row``'s lead begins in ``raw``.
        objects: Entries held as objects (edited, new or rich), by id: read only.
        bodies: Serialised bytes of edited and new entries, by id: read only.
        leads: Leads of their own (new entries, moved markup), by id: read only.
    """

    def __init__(self, raw: bytes, layout: Layout) -> None:
        self.raw = raw
        self.head_end = layout.head_end
        self.tail_start = layout.tail_start
        self.new_entry_lead = layout.new_entry_lead
        self._tail_prefix = b""
        self._size = len(raw)
        self._rows = RowColumns(layout)
        self.start = self._rows.start
        self.end = self._rows.end
        self.fields = self._rows.fields
        self.begins = self._rows.begins
        self.ends = self._rows.ends
        self.lead: Callable[[int], int] = self._rows.lead
        self._next_id = len(self._rows)
        self._objects: dict[int, Entry] = {
            row: replace(entry, id=row) for row, entry in layout.objects.items()}
        self._bodies: dict[int, bytes] = {}
        self._leads: dict[int, bytes] = {}
        self.objects: Mapping[int, Entry] = self._objects
        self.bodies: Mapping[int, bytes] = self._bodies
        self.leads: Mapping[int, bytes] = self._leads
        self._reordered = False
        #: id -> row, built after a few searches of a reordered document; checked on each use.
        self._row_by_id: array[int] | None = None
        self._searches = 0

    def __len__(self) -> int:
        return len(self._rows)

    # ----------------------------------------------------------------- reading

    @property
    def ids(self) -> array[int]:
        """Entry id of every row as an array (written out from the row numbers if need be).

        The store's own array, replaced when rows change: read it, never keep or write it.
        """
        return self._rows.ids

    def ids_view(self) -> Sequence[int]:
        """Entry id of every row in row order, to read; valid until the rows change."""
        return self._rows.id_view

    @property
    def tail_prefix(self) -> bytes:
        """Markup moved before the tail by the removal of the last rows (``b""`` if none)."""
        return self._tail_prefix

    @property
    def size(self) -> int:
        """Bytes the document takes in UTF-8 without a BOM, kept current on every change."""
        return self._size

    @property
    def reordered(self) -> bool:
        """Whether rows were ever inserted, removed or moved."""
        return self._reordered

    def id_at(self, row: int) -> int:
        """Stable id of the entry at ``row``."""
        return self._rows.id_view[row]

    def row_of(self, entry_id: int, hint: int | None = None) -> int:
        """Current row of the entry with ``entry_id``; ``KeyError`` if it is gone."""
        ids = self._rows.id_view
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
        entry_id = self._rows.id_view[row]
        return RowState(
            id=entry_id,
            lead=self._rows.lead(row),
            start=self.start[row],
            end=self.end[row],
            columns=tuple(column[row] for column in self.fields),
            entry=self._objects.get(entry_id),
            body=self._bodies.get(entry_id),
            lead_bytes=self._leads.get(entry_id),
        )

    # ----------------------------------------------------------------- changing

    def allocate_id(self) -> int:
        """A fresh entry id, never used before in this store."""
        self._next_id += 1
        return self._next_id - 1

    def reserve_id(self, entry_id: int) -> None:
        """Make sure :meth:`allocate_id` never gives ``entry_id`` (an id given from outside)."""
        self._next_id = max(self._next_id, entry_id + 1)

    def restore(self, row: int, state: RowState) -> None:
        """Put ``row`` back exactly as :meth:`state` saw it (the row must exist)."""
        self._size -= self._row_size(row)
        self._write_state(row, state)
        self._size += self._row_size(row)

    def store_object(self, row: int, entry: Entry, body: bytes) -> None:
        """Hold the entry at ``row`` as ``entry``, serialised as ``body``."""
        self._size -= self._row_size(row)
        self._objects[entry.id] = entry
        self._bodies[entry.id] = body
        self._size += self._row_size(row)
        for column in self.fields:
            column[row] = IN_OBJECT

    def insert(self, row: int, entries: Sequence[tuple[Entry, bytes]], bare_first: bool) -> None:
        """Insert ``entries`` (each with its body) before ``row``, each with the new-entry lead.

        ``bare_first``: an entry that becomes row 0 gets no lead (a text file's first line).
        """
        self._rows.open(row, len(entries), IN_OBJECT)
        for at, (entry, body) in enumerate(entries, row):
            self._rows.set_id(at, entry.id)
            self._objects[entry.id] = entry
            self._bodies[entry.id] = body
            self._leads[entry.id] = b"" if bare_first and at == 0 else self.new_entry_lead
            self._size += self._row_size(at)
        self._reordered = True

    def remove(self, row: int) -> RemovedRow:
        """Remove ``row``; markup in its lead moves to the next row (or the tail).

        Returns what :meth:`put_back` needs to undo it.
        """
        state = self.state(row)
        self._size -= self._row_size(row)
        lead = self._lead_bytes(row)
        kept = lead.rstrip(XML_WHITESPACE_BYTES)
        target: int | None = None
        previous: bytes | None = None
        if kept.strip(XML_WHITESPACE_BYTES):
            # Comments and other markup before the entry move to the next entry (or the tail).
            if row + 1 < len(self._rows):
                target = self._rows.id_view[row + 1]
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

    def mark_reordered(self) -> None:
        """Record that rows were removed (a document that did so is no longer pristine)."""
        self._reordered = True

    def open_rows(self, row: int, count: int) -> None:
        """Insert ``count`` empty rows before ``row``, for :meth:`put_back` to fill."""
        self._rows.open(row, count, IN_OBJECT)

    def put_back(self, removed: RemovedRow) -> None:
        """Undo one :meth:`remove` into a row opened by :meth:`open_rows`."""
        row, state, target, previous = removed
        self._write_state(row, state)
        self._size += self._row_size(row)
        if target is None:
            return
        if target == -1:
            self._size += len(previous or b"") - len(self._tail_prefix)
            self._tail_prefix = previous or b""
        else:
            moved = self.row_of(target)
            self._size -= self._row_size(moved)
            _put(self._leads, target, previous)
            self._size += self._row_size(moved)

    def move(self, row: int, count: int, destination: int) -> None:
        """Move ``count`` rows from ``row`` to before ``destination`` (Qt semantics)."""
        self._rows.move(row, count, destination)
        self._reordered = True

    # ----------------------------------------------------------------- inside

    def _row_size(self, row: int) -> int:
        """Bytes the row contributes to the document: its lead and its body."""
        entry_id = self._rows.id_view[row]
        lead = self._leads.get(entry_id)
        body = self._bodies.get(entry_id)
        return ((len(lead) if lead is not None else self.start[row] - self._rows.lead(row))
                + (len(body) if body is not None else self.end[row] - self.start[row]))

    def _write_state(self, row: int, state: RowState) -> None:
        entry_id = state.id
        self._rows.set_id(row, entry_id)
        self._rows.set_offsets(row, state.lead, state.start, state.end)
        for column, value in zip(self.fields, state.columns, strict=True):
            column[row] = value
        _put(self._objects, entry_id, state.entry)
        _put(self._bodies, entry_id, state.body)
        _put(self._leads, entry_id, state.lead_bytes)

    def _lead_bytes(self, row: int) -> bytes:
        lead = self._leads.get(self._rows.id_view[row])
        if lead is not None:
            return lead
        return self.raw[self._rows.lead(row) : self.start[row]]


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


__all__ = ["RemovedRow", "RowLookup", "RowStore", "ranges_descending"]
