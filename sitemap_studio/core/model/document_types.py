"""The plain data a :class:`~sitemap_studio.core.model.documents.SitemapDocument` is made of.

How its bytes are cut (:class:`Layout`), where they came from
(:class:`DocumentSource`), what one row holds (:class:`RowState`), what a
removal took out (:class:`Removal`), and the codec that serialises entries.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.reading.encoding import TextEncoding


class SourceFormat(StrEnum):
    """What kind of file a document was read from, and is written back as."""

    XML = "xml"
    TEXT = "text"
    ROBOTS = "robots"
    #: An RSS or Atom feed, read as a urlset (saved, it becomes an XML sitemap).
    FEED = "feed"


#: What :meth:`SitemapDocument.column_texts` gives for a row held as an :class:`Entry`.
OBJECT_ROW = "\x00object row"


class EntryCodec(Protocol):
    """Turns entries into bytes for one document format (XML or text lines)."""

    format: SourceFormat

    def edited_body(self, body: bytes, old: Entry, new: Entry) -> tuple[bytes, Entry]:
        """Bytes for an entry changed from ``old`` to ``new``, keeping what ``body`` had."""

    def new_body(self, entry: Entry) -> tuple[bytes, Entry]:
        """Bytes for a brand-new entry."""


@dataclass(slots=True)
class DocumentSource:
    """Where a document came from and how to write it back the same way."""

    path: str | None
    format: SourceFormat
    kind: DocumentKind
    encoding: TextEncoding
    compressed: bool = False
    stored_size: int = 0
    #: Bytes of the file as published (uncompressed, in its own encoding), 0 when unknown.
    published_size: int = 0
    #: The same text's size in UTF-8 without a BOM when it was read (to scale edits by).
    read_utf8_size: int = 0
    #: A gzip file's compressed bytes as read (see ``source.KEEP_GZIP_BYTES``), else ``None``.
    stored_gzip: bytes | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class RowState:
    """Everything the document holds for one row: restoring it undoes any change."""

    id: int
    lead: int
    start: int
    end: int
    columns: tuple[int, ...]
    entry: Entry | None
    body: bytes | None
    lead_bytes: bytes | None


@dataclass(slots=True)
class Removal:
    """What :meth:`SitemapDocument.remove_rows` took out, for an exact restore."""

    steps: list[tuple[int, RowState, int | None, bytes | None]] = field(default_factory=list)


@dataclass(slots=True)
class Layout:
    """How a document's bytes are cut: head, per-entry offsets, tail."""

    head_end: int
    tail_start: int
    lead: array[int]
    start: array[int]
    end: array[int]
    columns: list[array[int]]
    objects: dict[int, Entry]
    new_entry_lead: bytes = b"\n"


__all__ = ["OBJECT_ROW", "DocumentSource", "EntryCodec", "Layout", "Removal", "RowState"]
