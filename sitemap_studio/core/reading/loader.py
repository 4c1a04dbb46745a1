"""Open any input the core reads: XML sitemaps and indexes, gzip, text lists, robots.txt, feeds."""

from __future__ import annotations

import os
from array import array

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import DocumentSource, Layout, SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback
from sitemap_studio.core.model.text_position import line_column
from sitemap_studio.core.reading.encoding import DecodedDocument, decode_document
from sitemap_studio.core.reading.feeds import is_feed_root, read_feed
from sitemap_studio.core.reading.not_a_sitemap import refuse_if_not_a_sitemap
from sitemap_studio.core.reading.offset_columns import columns_layout
from sitemap_studio.core.reading.prolog import looks_like_markup, read_prolog
from sitemap_studio.core.reading.robots import (
    SITEMAP_LINE,
    RobotsCodec,
    looks_like_robots,
    robots_findings,
)
from sitemap_studio.core.reading.root_checks import root_findings
from sitemap_studio.core.reading.source import RawSource, read_source, read_source_bytes
from sitemap_studio.core.reading.text_reader import TextCodec, scan_lines
from sitemap_studio.core.reading.xml_parsers import check_well_formed
from sitemap_studio.core.reading.xml_scan import scan_entries
from sitemap_studio.core.writing.new_documents import new_urlset_document
from sitemap_studio.core.writing.xml_codec import XmlCodec
from sitemap_studio.core.writing.xml_edit import entry_style

_BINARY_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"PK\x03\x04", b"%PDF", b"\x7fELF",
                 b"BZh", b"\xfd7zXZ", b"RIFF", b"\x00\x00\x01\x00")


def open_document(
    path: str | os.PathLike[str],
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> SitemapDocument:
    """Read ``path`` into a document, or raise :class:`ReadError` saying where and why."""
    limits = limits or Limits.from_env()
    source = read_source(path, limits, cancel=cancel, progress=_scaled(progress, 0, 30))
    return document_from_source(source, limits, cancel=cancel, progress=progress)


def open_bytes(
    data: bytes, name: str | None = None, limits: Limits | None = None
) -> SitemapDocument:
    """Read a document from bytes (downloads, the clipboard, tests)."""
    limits = limits or Limits.from_env()
    return document_from_source(read_source_bytes(data, name, limits), limits)


def _scaled(progress: ProgressCallback | None, low: int, high: int) -> ProgressCallback | None:
    if progress is None:
        return None

    def scaled(done: int, total: int) -> None:
        fraction = done / total if total else 0.0
        progress(low + int(fraction * (high - low)), 100)

    return scaled


def document_from_source(
    source: RawSource,
    limits: Limits,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> SitemapDocument:
    """Classify the bytes of ``source`` and read them with the matching reader."""
    path = source.path
    data = source.data
    if not data:
        raise ReadError("the file is empty (0 bytes): not a sitemap", path=path, code="empty")
    if looks_binary(data):
        raise ReadError("this is binary data, not XML, gzip or a text sitemap", path=path,
                        code="binary")
    markup = looks_like_markup(data.removeprefix(b"\xef\xbb\xbf")) or _utf16(data)
    decoded = decode_document(data, path=path, xml=markup)
    utf8 = decoded.utf8
    if not utf8.strip(b" \t\r\n"):
        raise ReadError("the file holds only blank space: no sitemap content", path=path,
                        code="blank")
    findings = [*source.findings, *decoded.findings]
    if not markup:
        if looks_like_robots(path, utf8):
            return _robots_document(source, decoded, findings, limits)
        refuse_if_not_a_sitemap(utf8, markup=False, path=path)
        return _text_document(source, decoded, findings, limits, cancel, progress)
    refuse_if_not_a_sitemap(utf8, markup=True, path=path)
    prolog = read_prolog(utf8, path=path)
    feed = is_feed_root(prolog.local_name, prolog.namespace)
    if prolog.local_name not in ("urlset", "sitemapindex") and feed is None:
        line, column = line_column(utf8, prolog.root_start)
        raise ReadError(
            f"unexpected root element <{prolog.root_qname.decode('utf-8', 'replace')}> at line "
            f"{line}; expected <urlset> or <sitemapindex>",
            path=path, line=line, column=column, code="wrong-root")
    check_well_formed(data, path=path, cancel=cancel, progress=_scaled(progress, 30, 50))
    if feed is not None:
        return _feed_document(source, limits, findings)
    scan = scan_entries(utf8, prolog, limits=limits, path=path, cancel=cancel,
                        progress=_scaled(progress, 50, 100))
    kind = DocumentKind(prolog.local_name)
    findings.extend(root_findings(utf8, prolog))
    findings.extend(scan.findings)
    first = (b"", b"")
    if len(scan):
        first = (utf8[scan.lead[0] : scan.start[0]], utf8[scan.start[0] : scan.end[0]])
    entry_lead, style = entry_style(*first)
    layout = Layout(prolog.root_tag_end, scan.tail_start, scan.lead, scan.start, scan.end,
                    scan.columns, scan.objects, new_entry_lead=entry_lead.encode())
    codec = XmlCodec(prolog.namespaces, prolog.namespace, prolog.prefix, kind, style)
    info: dict[str, object] = {
        "namespaces": dict(prolog.namespaces),
        "stylesheets": list(prolog.stylesheets),
        "root": prolog.root_qname.decode("utf-8", "replace"),
        "namespace": prolog.namespace,
    }
    return SitemapDocument(utf8, layout, _source_info(source, decoded, SourceFormat.XML, kind),
                           codec, findings=findings, info=info)


def looks_binary(data: bytes) -> bool:
    """Whether ``data`` (or its start) is an image, archive, program or other binary file."""
    return data.startswith(_BINARY_MAGIC) or (b"\x00" in data[:1024] and not _utf16(data))


def _utf16(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff") or data[:4] in (b"<\x00?\x00", b"\x00<\x00?")


def _source_info(source: RawSource, decoded: DecodedDocument, fmt: SourceFormat,
                 kind: DocumentKind) -> DocumentSource:
    utf8_size = len(decoded.utf8) - (3 if decoded.utf8.startswith(b"\xef\xbb\xbf") else 0)
    return DocumentSource(source.path, fmt, kind, decoded.encoding, source.compressed,
                          source.stored_size, len(source.data), utf8_size, source.stored_gzip)


def _text_document(source: RawSource, decoded: DecodedDocument, findings: list[Finding],
                   limits: Limits, cancel: CancelToken | None,
                   progress: ProgressCallback | None) -> SitemapDocument:
    columns, line_findings, tail = scan_lines(decoded.utf8, limits=limits, path=source.path,
                                              cancel=cancel, progress=progress)
    findings.extend(line_findings)
    if not len(columns[1]):
        findings.append(Finding(Severity.ERROR, "text-no-urls",
                                "this text file contains no URLs, so it is not a usable sitemap",
                                source=RuleSource.PROTOCOL))
    return _line_document(source, decoded, findings, columns, tail, SourceFormat.TEXT, TextCodec())


def _robots_document(source: RawSource, decoded: DecodedDocument, findings: list[Finding],
                     limits: Limits) -> SitemapDocument:
    columns, _, tail = scan_lines(decoded.utf8, limits=limits, path=source.path,
                                  accept=SITEMAP_LINE)
    findings.extend(robots_findings(decoded.utf8))
    document = _line_document(source, decoded, findings, columns, tail, SourceFormat.ROBOTS,
                              RobotsCodec())
    document.source.kind = DocumentKind.INDEX
    return document


def _line_document(source: RawSource, decoded: DecodedDocument, findings: list[Finding],
                   columns: list[array[int]], tail: int, fmt: SourceFormat,
                   codec: TextCodec | RobotsCodec) -> SitemapDocument:
    newline = b"\r\n" if b"\r\n" in decoded.utf8[:65536] else b"\n"
    layout = columns_layout(columns, 0, tail, newline)
    return SitemapDocument(decoded.utf8, layout,
                           _source_info(source, decoded, fmt, DocumentKind.URLSET),
                           codec, findings=findings)


def _feed_document(source: RawSource, limits: Limits, findings: list[Finding]) -> SitemapDocument:
    feed = read_feed(source.data, path=source.path)
    findings.append(Finding(
        Severity.NOTICE, f"feed-{feed.format}",
        f"{'RSS' if feed.format == 'rss' else 'Atom'} feed, not a sitemap: its "
        f"{len(feed.entries)} URLs were imported as a new urlset; save it under a new name",
        source=RuleSource.PROTOCOL))
    findings.extend(feed.findings)
    # Written with each row's offsets recorded as it goes: the rows are offsets into the
    # bytes (compact, in id order) as if the urlset had been read from a file, and nothing
    # written is parsed again. (Inserting the entries one by one made them Python objects
    # serialised one at a time: 3x slower to open.)
    document = new_urlset_document(feed.entries, path=source.path, limits=limits)
    document.source.format = SourceFormat.FEED
    document.source.compressed = source.compressed
    document.load_findings[:0] = findings
    return document
