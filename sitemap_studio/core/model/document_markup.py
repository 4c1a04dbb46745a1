"""What a document's markup says at its rows' offsets: where they lie, which element each is.

:class:`DocumentMarkup` answers a
:class:`~sitemap_studio.core.model.documents.SitemapDocument`'s questions about
the file it was read from: lines and columns (a finding's place, a jump to the
source), from the offsets its
:class:`~sitemap_studio.core.model.document_store.RowStore` keeps and a line
index built on first use, and whether a row is a ``<url>`` or a ``<sitemap>``,
from its start tag.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat
from operator import sub

from sitemap_studio.core.model.document_store import RowStore
from sitemap_studio.core.model.document_types import DocumentSource, SourceFormat
from sitemap_studio.core.model.entries import FIELDS, DocumentKind
from sitemap_studio.core.model.text_position import LineIndex
from sitemap_studio.core.reading.xml_scan import IN_OBJECT

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


class DocumentMarkup:
    """Lines, columns and element names of the rows of ``store`` in its bytes.

    ``source`` is the document's own, read on each use; ``prefix`` is the namespace
    prefix of the document's elements (``"sm"`` for ``<sm:url>``), ``""`` if none.
    """

    def __init__(self, store: RowStore, source: DocumentSource, prefix: str) -> None:
        # The raw bytes and offset arrays: changed in place, never replaced.
        self._raw = store.raw
        self._start = store.start
        self._end = store.end
        self._begins = store.begins
        self._source = source
        # Where the element name starts after "<" and the document's prefix ("<sm:url").
        self._name_offset = 1 + (len(prefix.encode("utf-8")) + 1 if prefix else 0)
        self._lines: LineIndex | None = None

    def url_flags(self, start: int, stop: int) -> list[bool]:
        """For rows ``start:stop``: whether each is a plain ``<url>`` (or a text line)."""
        if self._source.format != SourceFormat.XML:
            return [begin != IN_OBJECT for begin in self._begins[0][start:stop]]
        raw = self._raw
        offset = self._name_offset
        return [begin >= 0 and field != IN_OBJECT and raw[begin + offset] == 0x75  # "u"rl
                for begin, field in zip(self._start[start:stop], self._begins[0][start:stop],
                                        strict=True)]

    def all_plain_urls(self, start: int, stop: int) -> bool:
        """``all(self.url_flags(start, stop))``, in one pass with no Python step per row."""
        if IN_OBJECT in self._begins[0][start:stop]:
            return False
        starts = self._start[start:stop]
        if self._source.format != SourceFormat.XML or not starts:
            return True
        if min(starts) < 0:
            return False
        raw = self._raw
        names = bytes(map(raw.__getitem__, map(self._name_offset.__add__, starts)))
        return names.count(0x75) == len(names)  # every one a "u"rl

    def is_sitemap_element(self, row: int) -> bool:
        """Whether the row is a ``<sitemap>`` (a new entry: whether the document is an index)."""
        if self._source.format != SourceFormat.XML:
            return False
        start = self._start[row]
        if start < 0:
            return self._source.kind == DocumentKind.INDEX
        return self._raw[start + self._name_offset] == 0x73  # "s" of "sitemap"

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
            value = self._begins[_FIELD_INDEX[field]][row]
            if value >= 0:  # a plain row: its value's offset is known
                if self._source.format == SourceFormat.XML:  # back over "<loc>" (or "<sm:loc>")
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
        values = list(map(self._begins[_FIELD_INDEX[field]].__getitem__, rows))
        if values and min(values) < 0:  # rows held as entries, or without the field
            found = [self.field_position(row, field) or (None, None) for row in rows]
            return [line for line, _ in found], [column for _, column in found]
        back = (self._name_offset + len(field) + 1 if self._source.format == SourceFormat.XML
                else 0)  # back over "<loc>" (or "<sm:loc>")
        lines, columns = self._line_index().lines_and_columns(
            list(map(sub, values, repeat(back))))
        return list[int | None](lines), list[int | None](columns)

    def _line_index(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self._raw)
        return self._lines


__all__ = ["DocumentMarkup", "element_pattern"]
