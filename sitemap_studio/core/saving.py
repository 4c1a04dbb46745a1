"""Save documents: lossless in their own format, converted when another format is asked for."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable, Iterator
from enum import StrEnum

from sitemap_studio.core.atomic_write import atomic_write
from sitemap_studio.core.documents import SitemapDocument
from sitemap_studio.core.encoding import encode_document
from sitemap_studio.core.entries import DocumentKind
from sitemap_studio.core.xml_writer import iter_new_document, new_text_document

#: Compression level for .gz output; the gzip header carries no time or name, so
#: the same input always gives the same bytes.
GZIP_LEVEL = 6


class OutputFormat(StrEnum):
    """File formats a document can be written as."""

    XML = "xml"
    TEXT = "text"
    ROBOTS = "robots"


def output_for(path: str | os.PathLike[str], document: SitemapDocument) -> tuple[OutputFormat, bool]:
    """(format, gzip) that the file name asks for; an unknown suffix keeps the document's own."""
    name = os.fspath(path).lower()
    compressed = name.endswith(".gz")
    if compressed:
        name = name[:-3]
    if name.endswith(".txt") and not name.rsplit("/", 1)[-1].startswith("robots"):
        return OutputFormat.TEXT, compressed
    if name.endswith(".xml"):
        return OutputFormat.XML, compressed
    if name.rsplit("/", 1)[-1].startswith("robots"):
        return OutputFormat.ROBOTS, compressed
    own = document.source.format
    if own == "text":
        return OutputFormat.TEXT, compressed
    if own == "robots":
        return OutputFormat.ROBOTS, compressed
    return OutputFormat.XML, compressed


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
    entries = list(document.entries())
    if fmt == OutputFormat.TEXT:
        yield new_text_document(entries)
    elif fmt == OutputFormat.ROBOTS:
        yield "".join(f"Sitemap: {e.loc}\n" for e in entries if e.loc).encode("utf-8")
    else:
        kind = document.kind
        if document.source.format == "robots":
            kind = DocumentKind.INDEX
        yield from iter_new_document(entries, kind)


def gzip_chunks(chunks: Iterable[bytes], level: int = GZIP_LEVEL) -> Iterator[bytes]:
    """Compress ``chunks`` as one gzip member with a fixed header (reproducible output)."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, 31)
    for chunk in chunks:
        piece = compressor.compress(chunk)
        if piece:
            yield piece
    yield compressor.flush()


def save_document(
    document: SitemapDocument,
    path: str | os.PathLike[str],
    fmt: OutputFormat | None = None,
    compress: bool | None = None,
) -> int:
    """Write ``document`` to ``path`` atomically; return the bytes written."""
    wanted, wanted_gzip = output_for(path, document)
    fmt = fmt or wanted
    compress = wanted_gzip if compress is None else compress
    chunks: Iterable[bytes] = document_chunks(document, fmt)
    if compress:
        chunks = gzip_chunks(chunks)
    return atomic_write(path, chunks)


def is_lossless(document: SitemapDocument, fmt: OutputFormat) -> bool:
    """Whether writing ``document`` as ``fmt`` keeps every byte of it."""
    return _same_format(document, fmt)
