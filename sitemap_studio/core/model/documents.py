"""The in-memory sitemap document: entries over the original bytes, edited losslessly.

A document keeps the bytes it was read from. Untouched entries are only
offsets into those bytes (about 44 bytes per entry, no Python object), so a
million entries fit in memory and a save with no edits writes the original
bytes back. An edited or new entry gets its own serialised bytes; saving
splices them between the untouched bytes, so editing one entry changes only
that entry's bytes. The rows are kept by
:class:`~sitemap_studio.core.model.document_store.RowStore` (its columns packed by
:class:`~sitemap_studio.core.model.row_columns.RowColumns`), written out by
:class:`~sitemap_studio.core.model.document_bytes.DocumentBytes` and located in
the file by :class:`~sitemap_studio.core.model.document_markup.DocumentMarkup`;
the document holds one of each and reads the store through its public API.

Listeners are plain callbacks, called before and after every structural
change (so a Qt model can call ``beginInsertRows``/``endInsertRows``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace

from sitemap_studio.core.model.callbacks import Callbacks
from sitemap_studio.core.model.document_bytes import DocumentBytes
from sitemap_studio.core.model.document_markup import DocumentMarkup
from sitemap_studio.core.model.document_store import RowLookup, RowStore, ranges_descending
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
from sitemap_studio.core.model.field_ends import FieldEnds
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.reading.xml_scan import ABSENT, FIELD_COLUMNS, IN_OBJECT
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE, unescape


class SitemapDocument:
    """A sitemap's entries over its original bytes, with change notifications."""

    #: Stable id of the entry at ``row`` (the store's own method: a hot path).
    id_at: Callable[[int], int]
    #: ``row_of(entry_id, hint=None)``: current row of the entry with ``entry_id``,
    #: ``KeyError`` if it is gone (the store's own method: a hot path).
    row_of: RowLookup
    #: The serialised bytes of the entry at ``row`` (its element, or its text line).
    body: Callable[[int], bytes]

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
        store = self._store = RowStore(raw, layout)
        self._bytes = DocumentBytes(store, source)
        self.source = source
        self.codec = codec
        markup = self._markup = DocumentMarkup(store, source, getattr(codec, "prefix", ""))
        # What the readers below need, bound once: the store's bytes, offset arrays and
        # objects are changed in place, never replaced; ids are read through the store.
        self._raw = store.raw
        self._start = store.start
        self._end = store.end
        self._begins, self._ends = store.begins, store.ends
        self._objects = store.objects
        self._has_references = self._bytes.has_references
        self._is_sitemap_element = markup.is_sitemap_element
        self.id_at = store.id_at
        self.row_of = store.row_of
        self.body = self._bytes.body
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

    def __len__(self) -> int:
        return len(self._store)

    def ids_view(self) -> Sequence[int]:
        """Entry id of every row in row order, to read; valid until the rows change."""
        return self._store.ids_view()

    def id_column(self) -> array[int]:
        """Entry id of every row as an array: the document's own, to read, never to keep."""
        return self._store.ids

    def field_offsets(self, field_index: int) -> tuple[array[int], array[int] | FieldEnds]:
        """Begin and end of field ``FIELDS[field_index]``'s text in :attr:`raw`, every row.

        A negative begin means the field is absent (``ABSENT``) or the row is held
        as an :class:`Entry` (``IN_OBJECT``). The document's own columns: read, never
        write. The ends are an array or read as one (:class:`FieldEnds`: lengths).
        """
        return self._begins[field_index], self._ends[field_index]

    def state(self, row: int) -> RowState:
        """Snapshot of everything held for ``row``."""
        return self._store.state(row)

    def text(self, row: int, field_index: int) -> str | None:
        """Value of protocol field ``FIELDS[field_index]`` at ``row``, O(1)."""
        begin = self._begins[field_index][row]
        if begin >= 0:
            text = self._raw[begin : self._ends[field_index][row]].decode("utf-8")
            if self._has_references and "&" in text:
                text = unescape(text)
            return text.strip(XML_WHITESPACE)
        if begin == ABSENT:
            return None
        return self._objects[self._store.id_at(row)].value(FIELDS[field_index])

    def raw_texts(self, row: int) -> tuple[str | None, str | None, str | None, str | None] | None:
        """The four field texts as written (untrimmed) for a plain row; ``None`` for object rows."""
        if self._begins[0][row] == IN_OBJECT:
            return None
        raw = self._raw
        texts: list[str | None] = []
        for begins, ends in zip(self._begins, self._ends, strict=True):
            begin = begins[row]
            if begin < 0:
                texts.append(None)
                continue
            text = raw[begin : ends[row]].decode("utf-8")
            texts.append(unescape(text) if self._has_references and "&" in text else text)
        return texts[0], texts[1], texts[2], texts[3]

    def column_texts(self, field_index: int, start: int, stop: int) -> list[str | None]:
        """Field texts as written (untrimmed) for rows ``start:stop``, in one pass.

        ``None`` where the field is absent; rows held as an :class:`Entry` give
        :data:`OBJECT_ROW` (read them with :meth:`entry_at`).
        """
        raw = self._raw
        begins = self._begins[field_index][start:stop]
        ends = self._ends[field_index][start:stop]
        texts: list[str | None] = [
            raw[begin:end].decode("utf-8") if begin >= 0 else (
                None if begin == ABSENT else OBJECT_ROW)
            for begin, end in zip(begins, ends, strict=True)]
        if self._has_references:
            texts = [unescape(t) if t and "&" in t else t for t in texts]
        return texts

    def url_flags(self, start: int, stop: int) -> list[bool]:
        """For rows ``start:stop``: whether each is a plain ``<url>`` (or a text line)."""
        return self._markup.url_flags(start, stop)

    def all_plain_urls(self, start: int, stop: int) -> bool:
        """``all(self.url_flags(start, stop))``, in one pass with no Python step per row."""
        return self._markup.all_plain_urls(start, stop)

    def has_object(self, row: int) -> bool:
        """Whether the entry at ``row`` is held as an :class:`Entry` (rich or edited)."""
        return self._begins[0][row] == IN_OBJECT

    def entry_at(self, row: int) -> Entry:
        """The entry at ``row`` as an immutable value."""
        entry_id = self._store.id_at(row)
        if self._begins[0][row] == IN_OBJECT:
            return self._objects[entry_id]
        values: dict[str, str | None] = {}
        raw: dict[str, str] = {}
        for index, name in enumerate(FIELDS):
            begin = self._begins[index][row]
            if begin < 0:
                values[name] = None
                continue
            text = self._raw[begin : self._ends[index][row]].decode("utf-8")
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
        for row in range(len(self._store)):
            yield self.entry_at(row)

    def line_of(self, row: int) -> int | None:
        """1-based line where the entry at ``row`` starts in the file, if it came from it."""
        return self._markup.line_of(row)

    def position_of(self, row: int) -> tuple[int, int] | None:
        """1-based (line, column) of the entry at ``row`` in the file it was read from."""
        return self._markup.position_of(row)

    def field_position(self, row: int, field: str | None,
                       line: int | None = None) -> tuple[int, int] | None:
        """1-based (line, column) of ``field``'s element at ``row``: see :class:`DocumentMarkup`."""
        return self._markup.field_position(row, field, line)

    def field_positions(self, rows: Sequence[int], field: str
                        ) -> tuple[list[int | None], list[int | None]]:
        """:meth:`field_position` of a protocol field in many rows: their lines, their columns."""
        return self._markup.field_positions(rows, field)

    def element_at(self, row: int) -> str:
        """``"url"`` or ``"sitemap"``: the element name of the entry at ``row``."""
        if self._begins[0][row] == IN_OBJECT:
            return self._objects[self._store.id_at(row)].element
        return "sitemap" if self._is_sitemap_element(row) else "url"

    def extension_totals(self) -> tuple[int, int, int, int]:
        """Numbers of images, videos, news items and alternates over all entries."""
        totals = [0, 0, 0, 0]
        for entry in self._objects.values():
            for index, count in enumerate(entry.extension_counts):
                totals[index] += count
        return totals[0], totals[1], totals[2], totals[3]

    # ----------------------------------------------------------------- bytes

    def bodies(self, start: int, stop: int) -> list[bytes]:
        """:meth:`body` of rows ``start:stop``, in one pass (no Python call per unedited row)."""
        return self._bytes.bodies(start, stop)

    def raw_values(self, field_index: int, start: int, stop: int) -> list[bytes] | None:
        """See :meth:`DocumentBytes.raw_values`."""
        return self._bytes.raw_values(field_index, start, stop)

    def comparison_columns(self) -> tuple[list[str], list[int], list[int]]:
        """See :meth:`DocumentBytes.comparison_columns`."""
        return self._bytes.comparison_columns()

    @property
    def uncompressed_size(self) -> int:
        """Bytes the document takes in UTF-8 without a BOM, kept current on every change."""
        return self._bytes.uncompressed_size

    @property
    def is_pristine(self) -> bool:
        """Whether saving now would write back exactly the bytes that were read."""
        return self._bytes.is_pristine

    def chunks(self) -> Iterator[bytes]:
        """The document's bytes in pieces, untouched runs as single slices of the original."""
        return self._bytes.chunks()

    def chunk_views(self) -> Iterator[bytes | memoryview]:
        """:meth:`chunks`, untouched runs as views of the original bytes (never copied)."""
        return self._bytes.chunk_views()

    def to_bytes(self) -> bytes:
        """The whole document as UTF-8 bytes (no BOM; the writer adds encoding and BOM)."""
        return self._bytes.to_bytes()

    # ----------------------------------------------------------------- editing

    def allocate_id(self) -> int:
        """A fresh entry id, never used before in this document."""
        return self._store.allocate_id()

    def restore_states(self, states: Sequence[RowState]) -> None:
        """Put rows back exactly as :meth:`state` saw them (they must still exist)."""
        rows = [self.row_of(state.id) for state in states]
        self.entries_changing.emit(rows)
        for row, state in zip(rows, states, strict=True):
            self._store.restore(row, state)
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
            before = self._store.state(row)
            self._store.store_object(row, stored, body)
            result.append((before, self._store.state(row)))
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
            entry_id = entry.id if entry.id >= 0 else self._store.allocate_id()
            self._store.reserve_id(entry_id)
            prepared.append((replace(entry, id=entry_id), given))
        self.entries_inserting.emit(row, count)
        # A new first line of a text file needs no line break before it.
        self._store.insert(row, prepared, bare_first=self.source.format != SourceFormat.XML)
        self.entries_inserted.emit(row, count)
        return [entry.id for entry, _ in prepared]

    def remove_rows(self, rows: Iterable[int]) -> Removal:
        """Remove rows; comments and other markup before them stay in the file."""
        removal = Removal()
        for first, count in ranges_descending(rows):
            self.entries_removing.emit(first, count)
            for row in range(first + count - 1, first - 1, -1):
                removal.steps.append(self._store.remove(row))
            self.entries_removed.emit(first, count)
        self._store.mark_reordered()
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
            self._store.open_rows(first, stop - at)
            for step in steps[at:stop]:
                self._store.put_back(step)
            self.entries_inserted.emit(first, stop - at)
            at = stop

    def move_rows(self, row: int, count: int, destination: int) -> None:
        """Move ``count`` rows starting at ``row`` to before ``destination`` (Qt semantics)."""
        if count <= 0 or row <= destination <= row + count:
            return
        self.entries_moving.emit(row, count, destination)
        self._store.move(row, count, destination)
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
