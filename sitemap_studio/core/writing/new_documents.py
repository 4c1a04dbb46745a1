"""New urlsets made from entries in one pass: their bytes and their rows' offsets together.

A feed opened as a sitemap and a new sitemap made from imported entries are
built here. Each plain entry (a location and up to three protocol fields, no
extensions) is written with the offsets of its values recorded as they are
written, so the document holds it as offsets into its bytes, exactly as if
those bytes had been read from a file, and nothing written is parsed or
scanned again. An entry with extensions (or without a location) is written by
the document's codec and read back from its own bytes into an
:class:`~sitemap_studio.core.model.entries.Entry`, as the reader does with such
an entry in a file.
"""

from __future__ import annotations

from collections.abc import Sequence

from sitemap_studio.core.model.document_types import DocumentSource, SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import FIELDS, SITEMAP_NS, DocumentKind, Entry
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, check
from sitemap_studio.core.reading.encoding import decode_document
from sitemap_studio.core.reading.offset_columns import (
    NARROW_LIMIT,
    columns_layout,
    offset_columns,
    too_many_entries,
)
from sitemap_studio.core.reading.xml_extract import entry_from_element
from sitemap_studio.core.reading.xml_scan import ABSENT, IN_OBJECT
from sitemap_studio.core.writing.text_escape import escape_text
from sitemap_studio.core.writing.xml_codec import XmlCodec
from sitemap_studio.core.writing.xml_edit import EditStyle, entry_style
from sitemap_studio.core.writing.xml_writer import (
    ENTRY_LEAD,
    XML_DECLARATION,
    entry_bytes,
    is_simple,
    namespaces_for,
    ordered_namespaces,
    root_start_tag,
)

# A plain entry is written as xml_writer.simple_entry_xml writes one (the same bytes; the
# test of this route holds them equal), in pieces whose lengths give the offsets.
_URL = b"<url>"
_URL_END = b"\n  </url>"
#: Each protocol field's opening (with the blanks before it) and closing tag, in order.
_FIELD_TAGS = tuple((name, f"\n    <{name}>".encode(), f"</{name}>".encode())
                    for name in FIELDS)


def new_urlset_document(entries: Sequence[Entry], *, path: str | None = None,
                        limits: Limits | None = None,
                        cancel: CancelToken | None = None) -> SitemapDocument:
    """A new urlset holding ``entries`` in their order, as if read from its written bytes.

    Args:
        entries: The entries (their ids are not kept: rows get new ones).
        path: The document's file path or display name (not written here).
        limits: The entry cap; the environment's when ``None``.
        cancel: Checked every few thousand entries.

    Raises:
        LimitExceeded: More entries than the cap.
        SitemapError: A value holds a character XML cannot hold (``illegal-character``).
    """
    limits = limits or Limits.from_env()
    if len(entries) > limits.max_entries:
        raise too_many_entries(limits.max_entries, path)
    try:
        return _UrlsetWriter(entries, path, 0).document(cancel)
    except OverflowError:  # past 2 GiB of text the offsets need the wide columns
        return _UrlsetWriter(entries, path, NARROW_LIMIT).document(cancel)


class _UrlsetWriter:
    """Writes one new urlset, filling its offset columns as it goes."""

    def __init__(self, entries: Sequence[Entry], path: str | None, size: int) -> None:
        self.entries = entries
        self.path = path
        self.columns = offset_columns(size)
        self.namespaces = ordered_namespaces(namespaces_for(entries))
        self.head = XML_DECLARATION + root_start_tag(DocumentKind.URLSET, self.namespaces)
        # The codec new_xml_document writes entries with extensions through.
        self.codec = XmlCodec(self.namespaces, SITEMAP_NS, "", DocumentKind.URLSET,
                              EditStyle("\n    ", "\n  "))

    def document(self, cancel: CancelToken | None) -> SitemapDocument:
        """Write the entries and make the document over the bytes."""
        pieces, objects = self._write(cancel)
        data = b"".join(pieces)
        tail_start, first = len(self.head), (b"", b"")
        if self.entries:
            lead, start, end = (column[0] for column in self.columns[:3])
            tail_start, first = self.columns[2][-1], (data[lead:start], data[start:end])
        entry_lead, style = entry_style(*first)
        layout = columns_layout(self.columns, len(self.head), tail_start, entry_lead.encode(),
                                objects)
        decoded = decode_document(self.head)
        size = len(data)
        source = DocumentSource(self.path, SourceFormat.XML, DocumentKind.URLSET,
                                decoded.encoding, False, size, size, size)
        codec = XmlCodec(self.namespaces, SITEMAP_NS, "", DocumentKind.URLSET, style)
        info: dict[str, object] = {"namespaces": dict(self.namespaces), "stylesheets": [],
                                   "root": DocumentKind.URLSET.value, "namespace": SITEMAP_NS}
        return SitemapDocument(data, layout, source, codec, findings=decoded.findings,
                               info=info)

    def _write(self, cancel: CancelToken | None) -> tuple[list[bytes], dict[int, Entry]]:
        """The document's bytes in pieces, and the rows held as entries."""
        pieces = [self.head]
        add = pieces.append
        more = pieces.extend
        objects: dict[int, Entry] = {}
        lead, start, end, *fields = self.columns
        fields_of = [(name, opening, closing, fields[2 * index].append,
                      fields[2 * index + 1].append)
                     for index, (name, opening, closing) in enumerate(_FIELD_TAGS)]
        pos = len(self.head)
        lines = _LineCounter(pieces)
        for row, entry in enumerate(self.entries):
            if not row & 4095:
                check(cancel)
            lead.append(pos)
            add(ENTRY_LEAD)
            pos += len(ENTRY_LEAD)
            start.append(pos)
            if entry.loc is None or not is_simple(entry):
                line = lines.line_after(len(pieces))
                body = entry_bytes(entry, DocumentKind.URLSET, self.codec)
                element = self.codec.fragments.parse(body, path=self.path)
                objects[row] = entry_from_element(element, SITEMAP_NS, line_base=line)
                for column in fields:
                    column.append(IN_OBJECT)
                add(body)
                pos += len(body)
                end.append(pos)
                continue
            add(_URL)
            pos += len(_URL)
            for name, opening, closing, begins, ends in fields_of:
                value = getattr(entry, name)
                if value is None:
                    begins(ABSENT)
                    ends(ABSENT)
                    continue
                text = escape_text(value).encode("utf-8")
                pos += len(opening)
                begins(pos)
                pos += len(text)
                ends(pos)
                pos += len(closing)
                more((opening, text, closing))
            add(_URL_END)
            pos += len(_URL_END)
            end.append(pos)
        add(b"\n</urlset>\n")
        return pieces, objects


class _LineCounter:
    """Line numbers in pieces being written, counted once over each piece when first asked."""

    def __init__(self, pieces: list[bytes]) -> None:
        self.pieces = pieces
        self.counted = 0
        self.breaks = 0

    def line_after(self, count: int) -> int:
        """The line on which the text after the first ``count`` pieces starts (1-based)."""
        self.breaks += sum(piece.count(b"\n") for piece in self.pieces[self.counted : count])
        self.counted = count
        return self.breaks + 1
