"""The per-row columns of a document: entry ids and byte offsets, kept small.

:class:`RowColumns` holds, for each row, the entry's id, where its lead (the
blank space and markup before it), its element and each field's text lie in
the document's bytes. It is the column storage of
:class:`~sitemap_studio.core.model.document_store.RowStore`, with its own
accessors, so the store does not have to know how the columns are packed:

* ids are not kept while every row's id is its row number (as a document is
  read): they are a ``range`` until the first insert, removal or move, then
  an array of 4-byte ids while they fit (8-byte only from 2**31 on);
* the lead column is not kept while every row's lead begins where the row
  before it ends (as every reader cuts a file): it is derived from the end
  column, and written out only on the first insert, removal or move.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from sitemap_studio.core.model.document_types import Layout
from sitemap_studio.core.model.field_ends import FieldEnds

#: Values that fit the 4-byte columns ("i"); anything larger needs 8 bytes ("q").
_FOUR_BYTES = 2**31 - 1


def id_typecode(highest: int) -> str:
    """The array typecode for ids (or rows) up to ``highest``: 4 bytes while they fit."""
    return "i" if highest < _FOUR_BYTES else "q"


class RowColumns:
    """Ids and offsets of every row, over one document's bytes as ``layout`` cut them.

    ``id_view`` reads the ids (a ``range`` while each row's id is its row
    number; :attr:`ids` writes them out as an array) and :meth:`set_id` changes
    one. ``start``, ``end`` and ``fields`` (start and end of each protocol
    field's text, or a negative marker) are arrays the owner may read and
    write in place; they are never replaced, so the owner may keep them at
    hand. :meth:`lead` reads a row's lead, and every change of the number or
    order of rows goes through :meth:`open`, :meth:`delete` or :meth:`move`,
    which keep the columns in step.
    """

    __slots__ = ("_head_end", "_lead", "begins", "end", "ends", "fields", "id_view", "start")

    def __init__(self, layout: Layout) -> None:
        self.id_view: Sequence[int] = range(len(layout.start))
        # Copies: a column the reader grew by appending holds up to an eighth more room.
        self.start = layout.start[:]
        self.end = layout.end[:]
        #: Where each field's text begins, per field (a negative marker where it has none).
        self.begins = [column[:] for column in layout.columns[0::2]]
        #: Where it ends, per field: the location's as offsets (searched, sorted and
        #: compared, it is read the most), the others as lengths after the begins
        #: (2 bytes a row: see FieldEnds).
        self.ends: list[array[int] | FieldEnds] = [
            ends[:] if index == 0 else FieldEnds(begins, ends) for index, (begins, ends)
            in enumerate(zip(self.begins, layout.columns[1::2], strict=True))]
        #: Begin and end of each field in turn (the order a row's state is written in).
        self.fields: list[array[int] | FieldEnds] = [
            column for pair in zip(self.begins, self.ends, strict=True) for column in pair]
        self._head_end = layout.head_end
        #: ``None`` while each lead starts where the row before ends (the head's end for row 0).
        self._lead: array[int] | None = layout.lead
        if _leads_follow_ends(layout):
            self._lead = None

    def __len__(self) -> int:
        return len(self.id_view)

    @property
    def ids(self) -> array[int]:
        """Entry id of every row as an array (written out from the row numbers if need be)."""
        ids = self.id_view
        if isinstance(ids, array):
            return ids
        written = array(id_typecode(len(ids)), ids)
        self.id_view = written
        return written

    def lead(self, row: int) -> int:
        """Offset where the lead of ``row`` begins."""
        lead = self._lead
        if lead is not None:
            return lead[row]
        return self.end[row - 1] if row else self._head_end

    def set_id(self, row: int, entry_id: int) -> None:
        """Give ``row`` the id ``entry_id`` (the id column widens to 8 bytes if it must)."""
        if isinstance(self.id_view, range) and self.id_view[row] == entry_id:
            return
        ids = self.ids
        if ids.typecode == "i" and not -_FOUR_BYTES <= entry_id <= _FOUR_BYTES:
            ids = array("q", ids)
            self.id_view = ids
        ids[row] = entry_id

    def set_offsets(self, row: int, lead: int, start: int, end: int) -> None:
        """Set where ``row``'s lead, element and end lie."""
        if self._lead is None and (lead != self.lead(row) or (
                end != self.end[row] and row + 1 < len(self.id_view))):
            self._keep_leads()
        if self._lead is not None:
            self._lead[row] = lead
        self.start[row] = start
        self.end[row] = end

    def open(self, row: int, count: int, fill: int) -> None:
        """Insert ``count`` rows before ``row``, every column holding ``fill`` (the fields'
        lengths 0: each end equals its begin)."""
        lengths = self._lengths()
        for column in self._all():
            value = 0 if any(column is kept for kept in lengths) else fill
            column[row:row] = array(column.typecode, [value]) * count

    def delete(self, row: int) -> None:
        """Remove ``row`` from every column."""
        for column in self._all():
            del column[row]

    def move(self, row: int, count: int, destination: int) -> None:
        """Move ``count`` rows from ``row`` to before ``destination`` (Qt semantics)."""
        at = destination if destination < row else destination - count
        for column in self._all():
            moved = column[row : row + count]
            del column[row : row + count]
            column[at:at] = moved

    def _all(self) -> list[array[int]]:
        """Every column, the lead column written out first (rows are about to move)."""
        self._keep_leads()
        assert self._lead is not None
        return [self.ids, self._lead, self.start, self.end, *self.begins,
                *(ends.lengths if isinstance(ends, FieldEnds) else ends for ends in self.ends)]

    def _lengths(self) -> list[array[int]]:
        return [ends.lengths for ends in self.ends if isinstance(ends, FieldEnds)]

    def _keep_leads(self) -> None:
        """Write the derived leads out as a column of their own (before rows move)."""
        if self._lead is None:
            lead = array(self.end.typecode, [self._head_end])
            lead.extend(self.end[:-1] if len(self.end) else array(self.end.typecode))
            del lead[len(self.end):]
            self._lead = lead


def _leads_follow_ends(layout: Layout) -> bool:
    """Whether each row's lead begins where the row before it ends (C comparisons only)."""
    lead, end = layout.lead, layout.end
    if not lead:
        return True
    return lead[0] == layout.head_end and lead[1:] == end[:-1]


__all__ = ["RowColumns", "id_typecode"]
