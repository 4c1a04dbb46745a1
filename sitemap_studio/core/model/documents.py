"""The in-memory sitemap document: entries over the original bytes, edited losslessly.

A document keeps the bytes it was read from. Untouched entries are only
offsets into those bytes (about 44 bytes per entry, no Python object), so a
million entries fit in memory and a save with no edits writes the original
bytes back. An edited or new entry gets its own serialised bytes; saving
splices them between the untouched bytes, so editing one entry changes only
that entry's bytes. The rows are kept by
:class:`~sitemap_studio.core.model.document_store.RowStore` (its columns packed by
:class:`~sitemap_studio.core.model.row_columns.RowColumns`) and written out by
:class:`~sitemap_studio.core.model.document_bytes.DocumentBytes`, its bases.

Listeners are plain callbacks, called before and after every structural
change (so a Qt model can call ``beginInsertRows``/``endInsertRows``).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import repeat
from operator import sub

from sitemap_studio.core.model.callbacks import Callbacks
from sitemap_studio.core.model.document_bytes import DocumentBytes
from sitemap_studio.core.model.document_store import ranges_descending
from sitemap_studio.core.model.document_types import (
    OBJECT_ROW,
    DocumentSource,
    EntryCodec,
    Layout,
    Removal,
    RowState,
    SourceFormat,
)
from sitemap_studio.core.model.entries import FIELDS, DocumentKind, Entry
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.model.text_position import LineIndex
from sitemap_studio.core.reading.xml_scan import ABSENT, FIELD_COLUMNS, IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE, unescape

#: The element a finding about an extension list points at.
_LIST_ELEMENTS = {"images": "image", "videos": "video", "news": "news", "mobile": "mobile",
                  "alternates": "link"}
_NON_BLANK = re.compile(rb"[^ \t\r\n]")
_FIELD_INDEX = {name: index for index, name in enumerate(FIELDS)}


@lru_cache(maxsize=64)
def element_pattern(field: str) -> re.Pattern[bytes]:
    """A start tag of the element named by ``field`` (any prefix; ``news:title``: some prefix)."""
    prefix, _, local = field.rpartition(":")
    name = _LIST_ELEMENTS.get(local, local).encode("utf-8")
    # An extension child ("news:title") has a prefix, whichever the file uses.
    lead = rb"<[^\s<>/:!?]+:" if prefix else rb"<(?:[^\s<>/:!?]+:)?"
    return re.compile(lead + re.escape(name) + rb"[\s/>]")


class SitemapDocument(DocumentBytes):
    """A sitemap's entries over its original bytes, with change notifications."""

    def __init__(
        self,
        raw: bytes,
        layout: Layout,
        source: DocumentSource,
        codec: EntryCodec,
        *,
        findings: Iterable[Finding] = (),
        info: dict[str, object] | None = None,
    ) -> None:
        super().__init__(raw, layout)
        # Only XML has character references: in a text list "&amp;" is five characters.
        self._has_references = (self._has_references
                                and source.format in (SourceFormat.XML, SourceFormat.FEED))
        self._lines: LineIndex | None = None
        self.source = source
        self.codec = codec
        # Where the element name starts after "<" and the document's prefix ("<sm:url").
        prefix = getattr(codec, "prefix", "")
        self._name_offset = 1 + (len(prefix.encode("utf-8")) + 1 if prefix else 0)
        self.load_findings: list[Finding] = list(findings)
        self.info: dict[str, object] = info or {}
        self.entries_inserting: Callbacks[[int, int]] = Callbacks()
        self.entries_inserted: Callbacks[[int, int]] = Callbacks()
        self.entries_removing: Callbacks[[int, int]] = Callbacks()
        self.entries_removed: Callbacks[[int, int]] = Callbacks()
        self.entries_moving: Callbacks[[int, int, int]] = Callbacks()
        self.entries_moved: Callbacks[[int, int, int]] = Callbacks()
        self.entries_changing: Callbacks[[list[int]]] = Callbacks()
        self.entries_changed: Callbacks[[list[int]]] = Callbacks()

    # ----------------------------------------------------------------- reading

    @property
    def kind(self) -> DocumentKind:
        """Whether this is a ``urlset`` or a ``sitemapindex``."""
        return self.source.kind

    @property
    def raw(self) -> bytes:
        """The bytes the document was read from (UTF-8, without BOM)."""
        return self._raw

    def id_column(self) -> array[int]:
        """Entry id of every row as an array: the document's own, to read, never to keep."""
        return self._ids

    def field_offsets(self, field_index: int) -> tuple[array[int], array[int]]:
        """Begin and end of field ``FIELDS[field_index]``'s text in :attr:`raw`, every row.

        A negative begin means the field is absent (``ABSENT``) or the row is held
        as an :class:`Entry` (``IN_OBJECT``). The document's own arrays: read, never write.
        """
        return self._cols[2 * field_index], self._cols[2 * field_index + 1]

    def text(self, row: int, field_index: int) -> str | None:
        """Value of protocol field ``FIELDS[field_index]`` at ``row``, O(1)."""
        begin = self._cols[2 * field_index][row]
        if begin >= 0:
            text = self._raw[begin : self._cols[2 * field_index + 1][row]].decode("utf-8")
            if self._has_references and "&" in text:
                text = unescape(text)
            return text.strip(XML_WHITESPACE)
        if begin == ABSENT:
            return None
        return self._objects[self._id_view[row]].value(FIELDS[field_index])

    def raw_texts(self, row: int) -> tuple[str | None, str | None, str | None, str | None] | None:
        """The four field texts as written (untrimmed) for a plain row; ``None`` for object rows."""
        cols = self._cols
        if cols[0][row] == IN_OBJECT:
            return None
        raw = self._raw
        texts: list[str | None] = []
        for index in range(0, FIELD_COLUMNS, 2):
            begin = cols[index][row]
            if begin < 0:
                texts.append(None)
                continue
            text = raw[begin : cols[index + 1][row]].decode("utf-8")
            texts.append(unescape(text) if self._has_references and "&" in text else text)
        return texts[0], texts[1], texts[2], texts[3]

    def column_texts(self, field_index: int, start: int, stop: int) -> list[str | None]:
        """Field texts as written (untrimmed) for rows ``start:stop``, in one pass.

        ``None`` where the field is absent; rows held as an :class:`Entry` give
        :data:`OBJECT_ROW` (read them with :meth:`entry_at`).
        """
        raw = self._raw
        begins = self._cols[2 * field_index][start:stop]
        ends = self._cols[2 * field_index + 1][start:stop]
        texts: list[str | None] = [
            raw[begin:end].decode("utf-8") if begin >= 0 else (
                None if begin == ABSENT else OBJECT_ROW)
            for begin, end in zip(begins, ends, strict=True)]
        if self._has_references:
            texts = [unescape(t) if t and "&" in t else t for t in texts]
        return texts

    def url_flags(self, start: int, stop: int) -> list[bool]:
        """For rows ``start:stop``: whether each is a plain ``<url>`` (or a text line)."""
        if self.source.format != SourceFormat.XML:
            return [begin != IN_OBJECT for begin in self._cols[0][start:stop]]
        raw = self._raw
        offset = self._name_offset
        return [begin >= 0 and field != IN_OBJECT and raw[begin + offset] == 0x75  # "u"rl
                for begin, field in zip(self._start[start:stop], self._cols[0][start:stop],
                                        strict=True)]

    def all_plain_urls(self, start: int, stop: int) -> bool:
        """``all(self.url_flags(start, stop))``, in one pass with no Python step per row."""
        if IN_OBJECT in self._cols[0][start:stop]:
            return False
        starts = self._start[start:stop]
        if self.source.format != SourceFormat.XML or not starts:
            return True
        if min(starts) < 0:
            return False
        raw = self._raw
        names = bytes(map(raw.__getitem__, map(self._name_offset.__add__, starts)))
        return names.count(0x75) == len(names)  # every one a "u"rl

    def has_object(self, row: int) -> bool:
        """Whether the entry at ``row`` is held as an :class:`Entry` (rich or edited)."""
        return self._cols[0][row] == IN_OBJECT

    def entry_at(self, row: int) -> Entry:
        """The entry at ``row`` as an immutable value."""
        entry_id = self._id_view[row]
        if self._cols[0][row] == IN_OBJECT:
            return self._objects[entry_id]
        values: dict[str, str | None] = {}
        raw: dict[str, str] = {}
        for index, name in enumerate(FIELDS):
            begin = self._cols[2 * index][row]
            if begin < 0:
                values[name] = None
                continue
            text = self._raw[begin : self._cols[2 * index + 1][row]].decode("utf-8")
            if self._has_references and "&" in text:
                text = unescape(text)
            value = text.strip(XML_WHITESPACE)
            values[name] = value
            if value != text:
                raw[name] = text
        element = "sitemap" if self._is_sitemap_element(row) else "url"
        return Entry(id=entry_id, loc=values["loc"], lastmod=values["lastmod"],
                     changefreq=values["changefreq"], priority=values["priority"],
                     element=element, raw=raw)

    def entry(self, entry_id: int) -> Entry:
        """The entry with ``entry_id``."""
        return self.entry_at(self.row_of(entry_id))

    def entries(self) -> Iterator[Entry]:
        """Every entry in row order."""
        for row in range(len(self._id_view)):
            yield self.entry_at(row)

    def line_of(self, row: int) -> int | None:
        """1-based line where the entry at ``row`` starts in the file, if it came from it."""
        start = self._start[row]
        if start < 0:
            return None
        return self._line_index().line(start)

    def position_of(self, row: int) -> tuple[int, int] | None:
        """1-based (line, column) of the entry at ``row`` in the file it was read from."""
        start = self._start[row]
        if start < 0:
            return None
        return self._line_index().line_column(start)

    def field_position(self, row: int, field: str | None,
                       line: int | None = None) -> tuple[int, int] | None:
        """1-based (line, column) of ``field``'s element in the entry at ``row``, as read.

        ``field`` is a protocol child (``loc``), an extension list (``images``) or another
        element's local name; ``line``, when given, is where to start looking. Without a
        field, or when the element is not found (a missing child), the entry itself (or
        the first markup on ``line``); in a text list or robots.txt, the URL. ``None``
        for an entry that does not come from the file.
        """
        start = self._start[row]
        if start < 0:
            return None
        lines = self._line_index()
        if line is None and field in _FIELD_INDEX:
            value = self._cols[2 * _FIELD_INDEX[field]][row]
            if value >= 0:  # a plain row: its value's offset is known
                if self.source.format == SourceFormat.XML:  # back over "<loc>" (or "<sm:loc>")
                    value -= self._name_offset + len(field) + 1
                return lines.line_column(value)  # a text line: the URL itself
        end = self._end[row]
        begin = start if line is None else min(max(start, lines.line_start(line)), end)
        if field:
            pattern = element_pattern(field)
            found = pattern.search(self._raw, begin, end)
            if found is not None and found.start() == start:  # the entry's own tag: a nested one
                found = pattern.search(self._raw, found.end(), end)
            if found is not None:
                return lines.line_column(found.start())
        if begin == start:
            return lines.line_column(start)
        mark = _NON_BLANK.search(self._raw, begin, end)
        return lines.line_column(mark.start() if mark else begin)

    def field_positions(self, rows: Sequence[int], field: str
                        ) -> tuple[list[int | None], list[int | None]]:
        """:meth:`field_position` of a protocol field in many rows: their lines, their columns.

        Plain rows' positions are found in one pass; ``None`` where unknown.
        """
        values = list(map(self._cols[2 * _FIELD_INDEX[field]].__getitem__, rows))
        if values and min(values) < 0:  # rows held as entries, or without the field
            found = [self.field_position(row, field) or (None, None) for row in rows]
            return [line for line, _ in found], [column for _, column in found]
        back = (self._name_offset + len(field) + 1 if self.source.format == SourceFormat.XML
                else 0)  # back over "<loc>" (or "<sm:loc>")
        lines, columns = self._line_index().lines_and_columns(
            list(map(sub, values, repeat(back))))
        return list[int | None](lines), list[int | None](columns)

    def _line_index(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self._raw)
        return self._lines

    def element_at(self, row: int) -> str:
        """``"url"`` or ``"sitemap"``: the element name of the entry at ``row``."""
        if self._cols[0][row] == IN_OBJECT:
            return self._objects[self._id_view[row]].element
        return "sitemap" if self._is_sitemap_element(row) else "url"

    def _is_sitemap_element(self, row: int) -> bool:
        if self.source.format != SourceFormat.XML:
            return False
        start = self._start[row]
        if start < 0:
            return self.kind == DocumentKind.INDEX
        return self._raw[start + self._name_offset] == 0x73  # "s" of "sitemap"

    def extension_totals(self) -> tuple[int, int, int, int]:
        """Numbers of images, videos, news items and alternates over all entries."""
        totals = [0, 0, 0, 0]
        for entry in self._objects.values():
            for index, count in enumerate(entry.extension_counts):
                totals[index] += count
        return totals[0], totals[1], totals[2], totals[3]

    # ----------------------------------------------------------------- editing

    def allocate_id(self) -> int:
        """A fresh entry id, never used before in this document."""
        self._next_id += 1
        return self._next_id - 1

    def restore_states(self, states: Sequence[RowState]) -> None:
        """Put rows back exactly as :meth:`state` saw them (they must still exist)."""
        rows = [self.row_of(state.id) for state in states]
        self.entries_changing.emit(rows)
        for row, state in zip(rows, states, strict=True):
            self._size -= self._row_size(row)
            self._write_state(row, state)
            self._size += self._row_size(row)
        self.entries_changed.emit(rows)

    def replace_entries(self, changes: Sequence[Entry]) -> list[tuple[RowState, RowState]]:
        """Replace entries by id with new values; return (before, after) states per entry.

        Every new body is computed before anything changes, so a value the
        format cannot hold raises :class:`SitemapError` and leaves the document
        as it was.
        """
        rows = [self.row_of(entry.id) for entry in changes]
        prepared = []
        for row, new in zip(rows, changes, strict=True):
            body, stored = self.codec.edited_body(self.body(row), self.entry_at(row), new)
            prepared.append((row, stored if stored.id == new.id else replace(stored, id=new.id),
                             body))
        self.entries_changing.emit(rows)
        result: list[tuple[RowState, RowState]] = []
        for row, stored, body in prepared:
            before = self.state(row)
            self._store_object(row, stored, body)
            result.append((before, self.state(row)))
        self.entries_changed.emit(rows)
        return result

    def set_text(self, entry_id: int, name: str, value: str | None) -> tuple[RowState, RowState]:
        """Set one protocol field of one entry; ``None`` removes the field."""
        entry = self.entry(entry_id)
        if name not in FIELDS:
            raise ValueError(f"{name!r} is not one of {', '.join(FIELDS)}")
        changed: Entry = replace(entry, **{name: value})  # type: ignore[arg-type]
        return self.replace_entries([changed])[0]

    def insert_entries(
        self,
        row: int,
        entries: Sequence[Entry],
        bodies: Sequence[bytes | None] | None = None,
    ) -> list[int]:
        """Insert new entries before ``row``; entries with ``id < 0`` get fresh ids."""
        count = len(entries)
        if not count:
            return []
        row = max(0, min(row, len(self)))
        prepared: list[tuple[Entry, bytes]] = []
        for index, entry in enumerate(entries):
            given = bodies[index] if bodies is not None else None
            if given is None:
                given, entry = self.codec.new_body(entry)
            entry_id = entry.id if entry.id >= 0 else self.allocate_id()
            self._next_id = max(self._next_id, entry_id + 1)
            prepared.append((replace(entry, id=entry_id), given))
        self.entries_inserting.emit(row, count)
        self._open_rows(row, count)
        line_format = self.source.format != SourceFormat.XML
        for offset, (entry, body) in enumerate(prepared):
            at = row + offset
            self._rows.set_id(at, entry.id)
            self._objects[entry.id] = entry
            self._bodies[entry.id] = body
            # A new first line of a text file needs no line break before it.
            first_line = line_format and at == 0
            self._leads[entry.id] = b"" if first_line else self._new_entry_lead
            self._size += self._row_size(at)
        self._reordered = True
        self.entries_inserted.emit(row, count)
        return [entry.id for entry, _ in prepared]

    def remove_rows(self, rows: Iterable[int]) -> Removal:
        """Remove rows; comments and other markup before them stay in the file."""
        removal = Removal()
        for first, count in ranges_descending(rows):
            self.entries_removing.emit(first, count)
            for row in range(first + count - 1, first - 1, -1):
                removal.steps.append(self._remove_one(row))
            self.entries_removed.emit(first, count)
        self._reordered = True
        return removal

    def restore_rows(self, removal: Removal) -> None:
        """Undo :meth:`remove_rows` exactly, a run of neighbouring rows at a time (one
        notification per run, as the removal sent)."""
        steps = removal.steps[::-1]  # each run's rows ascending, the top run first
        at = 0
        while at < len(steps):
            first, stop = steps[at][0], at + 1
            while stop < len(steps) and steps[stop][0] == first + stop - at:
                stop += 1
            self.entries_inserting.emit(first, stop - at)
            self._open_rows(first, stop - at)
            for row, state, target, previous in steps[at:stop]:
                self._write_state(row, state)
                self._size += self._row_size(row)
                self._set_transfer(target, previous)
            self.entries_inserted.emit(first, stop - at)
            at = stop

    def move_rows(self, row: int, count: int, destination: int) -> None:
        """Move ``count`` rows starting at ``row`` to before ``destination`` (Qt semantics)."""
        if count <= 0 or row <= destination <= row + count:
            return
        self.entries_moving.emit(row, count, destination)
        self._rows.move(row, count, destination)
        self._reordered = True
        self.entries_moved.emit(row, count, destination)


__all__ = [
    "FIELD_COLUMNS",
    "OBJECT_ROW",
    "DocumentSource",
    "EntryCodec",
    "Layout",
    "Removal",
    "RowState",
    "SitemapDocument",
]
