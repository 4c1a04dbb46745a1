"""What a save writes: lossless in the document's own format, converted when another is asked for.

The bytes and the format decisions are here; writing them is
:mod:`~sitemap_studio.core.writing.snapshots` (the one save path). A save never
replaces a file of another kind without being told to (see
:mod:`~sitemap_studio.core.writing.overwrite`), and writes through symbolic links.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.encoding import encode_document
from sitemap_studio.core.writing.overwrite import OverwriteRefused, overwrite_problem
from sitemap_studio.core.writing.xml_writer import (
    iter_new_document,
    new_robots_document,
    new_text_document,
)

#: Compression level for .gz output; the gzip header carries no time or name, so
#: the same input always gives the same bytes.
GZIP_LEVEL = 6


class OutputFormat(StrEnum):
    """File formats a document can be written as."""

    XML = "xml"
    TEXT = "text"
    ROBOTS = "robots"


def _suffix(name: str) -> str:
    base = os.path.basename(name).lower().removesuffix(".gz")
    return os.path.splitext(base)[1]


def _own_format(document: SitemapDocument) -> OutputFormat:
    own = document.source.format
    line_based = own in (SourceFormat.TEXT, SourceFormat.ROBOTS)
    return OutputFormat(own) if line_based else OutputFormat.XML


def output_for(
    path: str | os.PathLike[str], document: SitemapDocument
) -> tuple[OutputFormat, bool]:
    """(format, gzip) that the file name asks for.

    A name with the same suffix as the file the document came from keeps the
    document's own format (an XML sitemap served as ``sitemap.txt`` stays
    XML); otherwise ``.txt`` means a text sitemap, ``.xml`` XML, ``robots*``
    a robots.txt, and an unknown suffix keeps the document's own format.
    """
    name = os.fspath(path)
    compressed = name.lower().endswith(".gz")
    base = os.path.basename(name).lower()
    source = document.source.path
    if source is not None and _suffix(source) == _suffix(name):
        return _own_format(document), compressed
    if base.startswith("robots"):
        return OutputFormat.ROBOTS, compressed
    suffix = _suffix(name)
    if suffix == ".txt":
        return OutputFormat.TEXT, compressed
    if suffix == ".xml":
        return OutputFormat.XML, compressed
    return _own_format(document), compressed


def _same_format(document: SitemapDocument, fmt: OutputFormat) -> bool:
    own = document.source.format
    return (own in ("xml", "feed") and fmt == OutputFormat.XML) or own == fmt.value


def document_chunks(document: SitemapDocument, fmt: OutputFormat) -> Iterator[bytes]:
    """The bytes of ``document`` written as ``fmt`` (lossless when it is its own format)."""
    if _same_format(document, fmt):
        encoding = document.source.encoding
        if encoding.name == "utf-8" and not encoding.bom:
            yield from document.chunks()
        else:
            yield encode_document(document.to_bytes(), encoding)
        return
    if fmt == OutputFormat.ROBOTS and document.kind != DocumentKind.INDEX:
        raise SitemapError("a robots.txt lists sitemaps, and this urlset lists pages: its URLs "
                           "would become Sitemap: lines naming pages. Convert a sitemap index "
                           "instead", path=document.source.path, code="format-cannot-hold")
    entries = list(document.entries())
    if fmt == OutputFormat.TEXT:
        yield new_text_document(entries, path=document.source.path, line_of=document.line_of)
    elif fmt == OutputFormat.ROBOTS:
        yield new_robots_document(entries, path=document.source.path, line_of=document.line_of)
    else:
        kind = document.kind
        if document.source.format == SourceFormat.ROBOTS:
            kind = DocumentKind.INDEX
        yield from iter_new_document(entries, kind)


def gzip_chunks(chunks: Iterable[bytes | memoryview], level: int = GZIP_LEVEL,
                header: bytes | None = None) -> Iterator[bytes]:
    """Compress ``chunks`` as one gzip member.

    With no ``header`` the header is fixed (no time, no name: reproducible output);
    ``header`` (a gzip member header as read from a file) is written instead, so
    that a saved file keeps its name, time, flags and operating system byte.
    """
    if header is None:
        compressor = zlib.compressobj(level, zlib.DEFLATED, 31)
        for chunk in chunks:
            piece = compressor.compress(chunk)
            if piece:
                yield piece
        yield compressor.flush()
        return
    yield header
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    crc = 0
    size = 0
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
        size += len(chunk)
        piece = compressor.compress(chunk)
        if piece:
            yield piece
    yield compressor.flush() + struct.pack("<II", crc, size & 0xFFFFFFFF)


def gzip_header(stored: bytes) -> bytes | None:
    """The header of the first gzip member of ``stored`` (as written), or ``None``."""
    if len(stored) < 10 or stored[:3] != b"\x1f\x8b\x08":
        return None
    flags, end = stored[3], 10
    try:
        if flags & 0x04:  # FEXTRA
            end += 2 + struct.unpack_from("<H", stored, end)[0]
        for flag in (0x08, 0x10):  # FNAME, FCOMMENT: zero-terminated
            if flags & flag:
                end = stored.index(b"\0", end) + 1
        if flags & 0x02:  # FHCRC
            end += 2
    except (ValueError, struct.error):
        return None
    return stored[:end] if end <= len(stored) else None


@dataclass(frozen=True, slots=True)
class GzipAs:
    """How to gzip a document's output like its file: the very bytes, or the header."""

    stored: bytes | None = None
    header: bytes | None = None

    def chunks(self, chunks: Iterable[bytes | memoryview]) -> Iterable[bytes | memoryview]:
        """``chunks`` gzipped (ignored when the stored bytes are written as they are)."""
        if self.stored is not None:
            return [self.stored]
        return gzip_chunks(chunks, header=self.header)


def gzip_as(document: SitemapDocument, fmt: OutputFormat) -> GzipAs:
    """How to gzip ``document`` written as ``fmt``.

    An unedited document written in its own format gets the very bytes its gzip
    file held; an edited one keeps that file's gzip header (name, time, flags,
    operating system); a document that was not gzip gets a fixed header.
    """
    stored = document.source.stored_gzip if document.source.compressed else None
    if stored is None:
        return GzipAs()
    if document.is_pristine and is_lossless(document, fmt):
        return GzipAs(stored=stored)
    return GzipAs(header=gzip_header(stored))


def is_lossless(document: SitemapDocument, fmt: OutputFormat) -> bool:
    """Whether writing ``document`` as ``fmt`` keeps every byte of the file it came from.

    Never for a feed: its document is a urlset made from the feed's links.
    """
    return _same_format(document, fmt) and document.source.format != SourceFormat.FEED


def holds_document(document: SitemapDocument, fmt: OutputFormat) -> bool:
    """Whether the file written as ``fmt`` holds the document exactly, so it can be its file.

    True in the document's own format, and for a feed written as XML (the
    urlset made from it), unlike :func:`is_lossless`.
    """
    return _same_format(document, fmt)


def written_kind(document: SitemapDocument, fmt: OutputFormat) -> str:
    """The kind of file writing ``document`` as ``fmt`` makes (a key of ``overwrite.WRITTEN``)."""
    if fmt == OutputFormat.TEXT:
        return "text"
    if fmt == OutputFormat.ROBOTS:
        return "robots"
    if document.source.format == SourceFormat.ROBOTS:
        return DocumentKind.INDEX.value
    return document.kind.value


def check_overwrite(document: SitemapDocument, path: str | os.PathLike[str],
                    fmt: OutputFormat) -> None:
    """Refuse to write ``document`` as ``fmt`` over a file of another kind at ``path``.

    A lossless save over the document's own file is always allowed.

    Raises:
        OverwriteRefused: Naming what the file holds and what would be lost.
    """
    if is_lossless(document, fmt) and _is_own_file(document, path):
        return
    problem = overwrite_problem(path, written_kind(document, fmt))
    if problem is not None:
        raise OverwriteRefused(problem, path=os.fspath(path))


def _is_own_file(document: SitemapDocument, path: str | os.PathLike[str]) -> bool:
    own = document.source.path
    try:
        return own is not None and os.path.samefile(own, path)
    except OSError:
        return False
