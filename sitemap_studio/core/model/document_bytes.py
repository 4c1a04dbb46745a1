"""A document's bytes: each row's serialised entry, and the whole file in pieces.

:class:`DocumentBytes` writes the bytes of a
:class:`~sitemap_studio.core.model.documents.SitemapDocument`, over the rows the
:class:`~sitemap_studio.core.model.document_store.RowStore` it is given holds
(read through the store's public API). An untouched row is a slice of the
original bytes; an edited or new one has its own body (and maybe its own lead). :meth:`~DocumentBytes.chunks` splices those between
runs of untouched rows, each run a single slice of the original, so a save
with no edit writes the original bytes back and an edit changes only its
entry's bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import methodcaller
from typing import cast

from sitemap_studio.core.model.document_store import RowStore
from sitemap_studio.core.model.document_types import DocumentSource, SourceFormat
from sitemap_studio.core.reading.xml_scan import ABSENT, IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE, unescape


#: A piece of a document's bytes: ``bytes``, or a read-only view of the original bytes.
Chunk = bytes | memoryview


class DocumentBytes:
    """The rows of ``store`` as bytes; ``source`` tells a text file from XML.

    ``source`` is the document's own (its format may change as the document is
    saved or read as a feed), read on each use.

    Attributes:
        has_references: Whether a value may hold an entity or character reference
            to decode (only XML has them: in a text list "&amp;" is five characters).
    """

    def __init__(self, store: RowStore, source: DocumentSource) -> None:
        self._store = store
        self.source = source
        # The store's arrays and maps that are changed in place, never replaced; ids,
        # the tail prefix and the reordered flag are read through the store on each use.
        self._raw = store.raw
        self._start = store.start
        self._end = store.end
        self._begins, self._ends = store.begins, store.ends
        self._bodies = store.bodies
        self._leads = store.leads
        self.has_references = (b"&" in store.raw
                               and source.format in (SourceFormat.XML, SourceFormat.FEED))

    def body(self, row: int) -> bytes:
        """The serialised bytes of the entry at ``row`` (its element, or its text line)."""
        body = self._bodies.get(self._store.id_at(row))
        if body is not None:
            return body
        return self._raw[self._start[row] : self._end[row]]

    def bodies(self, start: int, stop: int) -> list[bytes]:
        """:meth:`body` of rows ``start:stop``, in one pass (no Python call per unedited row)."""
        raw = self._raw
        found = list(map(raw.__getitem__, map(slice, self._start[start:stop],
                                               self._end[start:stop])))
        if self._bodies:
            edited = self._bodies
            for offset, entry_id in enumerate(self._store.ids_view()[start:stop]):
                body = edited.get(entry_id)
                if body is not None:
                    found[offset] = body
        return found

    def raw_values(self, field_index: int, start: int, stop: int) -> list[bytes] | None:
        """Field ``field_index``'s bytes as written for rows ``start:stop``, ``b""`` where absent.

        Entity references are not resolved. ``None`` (ask row by row) when a row is
        held as an :class:`Entry`, or when a value is present but empty (it would be
        taken for an absent one).
        """
        begins = self._begins[field_index][start:stop]
        if not begins:
            return []
        if min(begins) < ABSENT:
            return None
        raw = self._raw
        found = list(map(raw.__getitem__, map(slice, begins, self._ends[field_index][
            start:stop])))
        return found if found.count(b"") == begins.count(ABSENT) else None

    def comparison_columns(self) -> tuple[list[str], list[int], list[int]]:
        """Every row's loc text, a key of its other values, and the rows held as objects.

        The loc is trimmed of XML blanks with its character references
        resolved; the key hashes the bytes after the loc's text, so two plain
        entries with equal keys hold the same values besides their loc. Rows
        held as an :class:`Entry` get ``""`` and ``0``: read them with
        ``entry_at``. Each column is built by C loops over the offsets, with no
        Python code per row, so a million rows take a fraction of a second.
        """
        raw, count = self._raw, len(self._store)
        begins, ends = self._begins[0], self._ends[0]
        spans = map(slice, begins, ends)
        locs = list(map(bytes.decode, map(raw.__getitem__, spans)))
        locs = list(map(methodcaller("strip", XML_WHITESPACE), locs))
        if self.has_references and self.source.format in (SourceFormat.XML, SourceFormat.FEED):
            for row in [row for row, loc in enumerate(locs) if "&" in loc]:
                locs[row] = unescape(locs[row])
        keys = list(map(hash, map(raw.__getitem__, map(slice, ends, self._end))))
        objects: list[int] = []
        if begins.count(IN_OBJECT):
            objects = [row for row in range(count) if begins[row] == IN_OBJECT]
            for row in objects:
                locs[row], keys[row] = "", 0
        return locs, keys, objects

    @property
    def uncompressed_size(self) -> int:
        """Bytes the document takes in UTF-8 without a BOM, kept current on every change."""
        return self._store.size

    @property
    def is_pristine(self) -> bool:
        """Whether saving now would write back exactly the bytes that were read."""
        store = self._store
        return not (self._bodies or self._leads or store.reordered or store.tail_prefix)

    def chunks(self) -> Iterator[bytes]:
        """The document's bytes in pieces, untouched runs as single slices of the original."""
        return cast(Iterator[bytes], self._pieces(self._raw))  # slices of bytes are bytes

    def chunk_views(self) -> Iterator[Chunk]:
        """:meth:`chunks`, with each untouched run a read-only view of the original bytes,
        not a copy: a snapshot for a worker thread then costs next to nothing (the
        original bytes never change; edits have bytes of their own)."""
        return self._pieces(memoryview(self._raw))

    def _pieces(self, raw: Chunk) -> Iterator[Chunk]:
        if self.is_pristine:
            yield self._raw
            return
        store = self._store
        yield raw[: store.head_end]
        run_begin = -1
        run_end = -1
        separate = self.source.format == SourceFormat.TEXT
        last: Chunk = b"\n"
        piece: Chunk
        body: Chunk | None
        ids, starts, ends, lead_of = store.ids_view(), self._start, self._end, store.lead
        bodies, leads = self._bodies, self._leads
        for row in range(len(ids)):
            entry_id = ids[row]
            start = starts[row]
            pristine = start >= 0 and entry_id not in bodies and entry_id not in leads
            lead_at = lead_of(row)
            if pristine and lead_at == run_end:
                run_end = ends[row]
                continue
            if run_begin >= 0:
                yield raw[run_begin:run_end]
                last = raw[run_end - 1 : run_end]
            if pristine:
                run_begin, run_end = lead_at, ends[row]
                piece = raw[run_begin:start]
            else:
                run_begin = run_end = -1
                lead = leads.get(entry_id)
                piece = lead if lead is not None else raw[lead_at : start]
            if separate and last not in (b"\n", b"\r", b"") and piece[:1] not in (b"\n", b"\r"):
                yield store.new_entry_lead
            if not pristine:
                body = bodies.get(entry_id)
                if body is None:
                    body = raw[start : ends[row]]
                yield piece
                yield body
                last = body[-1:] if body else piece[-1:]
        if run_begin >= 0:
            yield raw[run_begin:run_end]
            last = raw[run_end - 1 : run_end]
        tail = store.tail_prefix + bytes(raw[store.tail_start :])
        if separate and tail and last not in (b"\n", b"\r") and tail[:1] not in (b"\n", b"\r"):
            yield store.new_entry_lead
        yield tail

    def to_bytes(self) -> bytes:
        """The whole document as UTF-8 bytes (no BOM; the writer adds encoding and BOM)."""
        return b"".join(self.chunks())


__all__ = ["DocumentBytes"]
