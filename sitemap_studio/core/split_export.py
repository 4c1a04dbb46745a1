"""Export: stream the entries of one or more sitemaps into split, gzipped files plus an index.

Entries are written in order (documents in the order given, rows in row
order). File 1 takes entries until it holds ``max_urls`` of them, or until
the next entry would take it over ``max_bytes`` (the exact uncompressed size,
header and footer included); then file 2 begins. Because boundaries depend on
entry counts unless the byte limit binds, editing one entry changes only the
file it lands in.

Entry content is lossless: an XML entry is written as the bytes it has in its
document (images, videos, alternates and unknown extensions included); see
:mod:`sitemap_studio.core.export_bodies` for the namespace handling. Entries of
text sitemaps become plain ``<url><loc>`` entries; feeds, read as urlsets,
keep their XML entries. Index documents (and robots.txt, which lists
sitemaps, not pages) are skipped.

The index (never gzipped: it is small, and robots.txt and search consoles
name it) lists ``base_url`` + each file name, with the newest lastmod of that
file by instant (only full dates, and date-times with seconds and a time
zone, count: values both W3C Datetime and the XSD accept; the newest is
written as found) unless the policy is ``"none"``.

The calling thread serialises; two worker threads compress and write the
finished files (zlib releases the GIL while it deflates), so compression
overlaps serialisation and, once the last file is filled, uses both cores.
Finished files wait in memory only up to :data:`IN_FLIGHT_BYTES` together
(a single file of any size always may), so with the file being filled at
most about two full-size files (2 x 52 MB) are in memory. Output is deterministic: the same input
gives byte-identical files, whichever thread wrote them.
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sitemap_studio.core.documents import SitemapDocument
from sitemap_studio.core.entries import SITEMAP_NS, DocumentKind, Entry
from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.export_bodies import BodyOf, plan_bodies
from sitemap_studio.core.export_options import (
    MAX_FILES,
    ExportedFile,
    ExportedIndex,
    ExportOptions,
    ExportReport,
)
from sitemap_studio.core.export_output import OutputFolder
from sitemap_studio.core.limits import PROTOCOL_MAX_BYTES
from sitemap_studio.core.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.text_escape import escape_text
from sitemap_studio.core.values import clean_datetime_key
from sitemap_studio.core.xml_writer import (
    ENTRY_LEAD,
    XML_DECLARATION,
    root_start_tag,
    simple_entry_xml,
)

#: Threads that compress and write finished files while the caller's thread fills the next.
WORKERS = max(1, min(2, os.cpu_count() or 1))
#: Uncompressed bytes of finished files waiting for or in a writer, together (a single file of
#: any size always may be), so with the file being filled about two full-size files at most.
IN_FLIGHT_BYTES = PROTOCOL_MAX_BYTES
#: Cancellation is checked and progress reported every this many entries.
CHECK_EVERY = 8192
_LASTMOD = 1
_DAY = 86400.0


def export_documents(
    documents: list[SitemapDocument],
    options: ExportOptions,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ExportReport:
    """Write the urlset entries of ``documents`` as split sitemaps plus an index.

    ``progress(done_entries, total_entries)`` is called every few thousand
    entries; ``cancel`` is checked as often. On any error or cancellation the
    output folder is left as it was (:class:`SitemapError` or
    :class:`~sitemap_studio.core.errors.Cancelled` is raised).
    """
    options.validate()
    sources = [doc for doc in documents if doc.kind == DocumentKind.URLSET]
    namespaces, bodies = plan_bodies(sources)
    total = sum(len(doc) for doc in sources)
    if not total:
        raise SitemapError("nothing to export: no urlset entries in the input (a sitemap needs "
                           "at least one <url>)", code="export-empty")
    inputs = [doc.source.path for doc in documents if doc.source.path]
    output = OutputFolder(options.out_dir, protected=inputs)
    try:
        with ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="sitemap-export") as pool:
            writer = _Splitter(options, namespaces, output, pool)
            try:
                for doc, body_of in zip(sources, bodies, strict=True):
                    writer.add_document(doc, body_of, total, cancel, progress)
                files = writer.finish()
            finally:
                writer.drain()
        check(cancel)
        index = _write_index(options, output, files)
        report(progress, total, total)
        check(cancel)
        removed = output.commit()
    except BaseException:
        output.abort()
        raise
    return ExportReport(output.root, files, index, removed)


# --- splitting ----------------------------------------------------------------------------------


class _Splitter:
    """Fills files with entries in order and hands each finished file to a writer thread."""

    def __init__(self, options: ExportOptions, namespaces: dict[str, str],
                 output: OutputFolder, pool: ThreadPoolExecutor) -> None:
        self.options = options
        self.output = output
        self.pool = pool
        stylesheet = b""
        if options.stylesheet:
            stylesheet = (f'<?xml-stylesheet type="text/xsl" '
                          f'href="{escape_text(options.stylesheet)}"?>\n').encode()
        self.header = XML_DECLARATION + stylesheet + root_start_tag(DocumentKind.URLSET,
                                                                    namespaces)
        self.footer = b"\n</" + DocumentKind.URLSET.value.encode() + b">\n"
        self.empty_size = len(self.header) + len(self.footer)
        self.files: list[ExportedFile] = []
        self.pending: deque[_Pending] = deque()
        self.done = 0
        # The file being filled.
        self.buffer = bytearray(self.header)
        self.count = 0
        self.newest_key = float("-inf")
        self.newest: str | None = None

    def add_document(self, doc: SitemapDocument, body_of: BodyOf, total: int,
                     cancel: CancelToken | None, progress: ProgressCallback | None) -> None:
        """Append every entry of ``doc``, closing files as they fill up."""
        max_urls, max_bytes = self.options.max_urls, self.options.max_bytes
        want_lastmod = self.options.index_lastmod == "newest"
        text = doc.text
        lead = ENTRY_LEAD
        lead_size = len(lead)
        footer_size = len(self.footer)
        buffer, count = self.buffer, self.count
        newest_key, newest = self.newest_key, self.newest
        threshold = _threshold(newest_key)
        rows = len(doc)
        for first in range(0, rows, CHECK_EVERY):
            check(cancel)
            report(progress, self.done + first, total)
            for row in range(first, min(first + CHECK_EVERY, rows)):
                try:
                    body = body_of(row)
                except SitemapError as exc:
                    raise _entry_error(doc, row, exc.message) from None
                if count >= max_urls or len(buffer) + lead_size + len(body) + footer_size > \
                        max_bytes:
                    if count:
                        self._close(buffer, count, newest)
                        buffer, count = self.buffer, 0
                        newest_key, newest, threshold = float("-inf"), None, ""
                    if len(buffer) + lead_size + len(body) + footer_size > max_bytes:
                        raise _entry_error(doc, row, f"this entry alone takes "
                                           f"{self.empty_size + lead_size + len(body)} bytes "
                                           f"with the file's header and footer, more than the "
                                           f"limit of {max_bytes} bytes per file")
                buffer += lead
                buffer += body
                count += 1
                if want_lastmod:
                    lastmod = text(row, _LASTMOD)
                    # A date more than a day before the newest cannot be newer: skip the parse.
                    if lastmod is not None and lastmod[:10] >= threshold:
                        key = clean_datetime_key(lastmod)
                        if key is not None and key > newest_key:
                            newest_key, newest = key, lastmod
                            threshold = _threshold(key)
        self.done += rows
        self.buffer, self.count = buffer, count
        self.newest_key, self.newest = newest_key, newest

    def finish(self) -> list[ExportedFile]:
        """Close the last file and wait until every file is written."""
        if self.count:
            self._close(self.buffer, self.count, self.newest)
        while self.pending:
            self._settle()
        return self.files

    def drain(self) -> None:
        """Wait for the files being written, ignoring their outcome (after a failure)."""
        while self.pending:
            self.pending.popleft().future.exception()

    def _close(self, buffer: bytearray, count: int, newest: str | None) -> None:
        buffer += self.footer
        number = len(self.files) + len(self.pending) + 1
        if number > MAX_FILES:
            raise SitemapError(f"the export would need more than {MAX_FILES} files, more than "
                               "one sitemap index can list; raise the per-file limits",
                               code="export-too-large")
        name = self.options.file_name(number)
        path = self.output.add(name)
        # Bound the memory in flight: at most WORKERS files, and together no more than
        # one full-size file unless it is a single one.
        while self.pending and (len(self.pending) >= WORKERS or sum(
                item.size for item in self.pending) + len(buffer) > IN_FLIGHT_BYTES):
            self._settle()
        future = self.pool.submit(OutputFolder.write, path, buffer, self.options.gzip)
        self.pending.append(_Pending(name, count, len(buffer), newest, future))
        self.buffer = bytearray(self.header)
        self.count = 0

    def _settle(self) -> None:
        """Wait for the oldest file being written and record it."""
        item = self.pending.popleft()
        stored = item.future.result()
        self.files.append(ExportedFile(item.name, item.urls, item.size, stored, item.newest))


@dataclass(frozen=True, slots=True)
class _Pending:
    """A finished file handed to a writer thread."""

    name: str
    urls: int
    size: int
    newest: str | None
    future: Future[int]


def _threshold(key: float) -> str:
    """The date (``YYYY-MM-DD``, UTC) before which no lastmod can be newer than ``key``.

    A lastmod's instant lies within 14 hours of its calendar date, so a date
    at least one full day before ``key``'s date minus one day is older.
    """
    if key == float("-inf"):
        return ""
    try:
        moment = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=key - _DAY)
    except OverflowError:
        return ""
    return moment.strftime("%Y-%m-%d") if moment.year >= 1000 else ""


def _entry_error(doc: SitemapDocument, row: int, message: str) -> SitemapError:
    loc = doc.text(row, 0)
    where = f"entry {row + 1}" + (f" ({loc})" if loc else "")
    return SitemapError(f"cannot export {where}: {message}", path=doc.source.path,
                        line=doc.line_of(row), code="export-entry")


# --- the index ----------------------------------------------------------------------------------


def index_bytes(options: ExportOptions, files: list[ExportedFile]) -> bytes:
    """The sitemap index listing ``files`` under ``options.base_url``."""
    assert options.base_url is not None
    parts = [XML_DECLARATION]
    if options.stylesheet:
        parts.append(f'<?xml-stylesheet type="text/xsl" '
                     f'href="{escape_text(options.stylesheet)}"?>\n'.encode())
    parts.append(root_start_tag(DocumentKind.INDEX, {"": SITEMAP_NS}))
    for item in files:
        lastmod = item.lastmod if options.index_lastmod == "newest" else None
        entry = Entry(loc=options.base_url + item.name, lastmod=lastmod)
        parts.append(ENTRY_LEAD)
        parts.append(simple_entry_xml(entry, "sitemap"))
    parts.append(b"\n</" + DocumentKind.INDEX.value.encode() + b">\n")
    return b"".join(parts)


def _write_index(options: ExportOptions, output: OutputFolder,
                 files: list[ExportedFile]) -> ExportedIndex:
    data = index_bytes(options, files)
    path = output.add(options.index_name)
    OutputFolder.write(path, data, False)
    return ExportedIndex(options.index_name, len(files), len(data))


__all__ = ["CHECK_EVERY", "IN_FLIGHT_BYTES", "WORKERS", "export_documents", "index_bytes"]
