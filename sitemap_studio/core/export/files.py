"""Fill sitemap files with entries, in order, and hand each full file to a writer thread.

File 1 takes entries until it holds ``max_urls`` of them, or until the next
entry would take it over ``max_bytes`` (the exact uncompressed size, header
and footer included); then file 2 begins. Because boundaries depend on entry
counts unless the byte limit binds, editing one entry changes only the file
it lands in.

The calling thread serialises; writer threads compress and write the
finished files (zlib releases the GIL while it deflates), so compression
overlaps serialisation. Finished files wait in memory only up to
:data:`IN_FLIGHT_BYTES` together (a single file of any size always may).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from itertools import accumulate

from sitemap_studio.core.export.options import MAX_FILES, ExportOptions
from sitemap_studio.core.export.output import OutputFolder
from sitemap_studio.core.export.report import ExportedFile
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES
from sitemap_studio.core.model.values import clean_datetime_key
from sitemap_studio.core.writing.text_escape import escape_text
from sitemap_studio.core.writing.xml_writer import ENTRY_LEAD, XML_DECLARATION, root_start_tag

#: Threads that compress and write finished files while the caller's thread fills the next.
WORKERS = max(1, min(2, os.cpu_count() or 1))
#: Uncompressed bytes of finished files waiting for or in a writer, together (a single file of
#: any size always may), so with the file being filled about two full-size files at most.
IN_FLIGHT_BYTES = PROTOCOL_MAX_BYTES
_DAY = 86400.0
#: A plain entry around its escaped URL.
LOC_HEAD = b"<url>\n    <loc>"
LOC_TAIL = b"</loc>\n  </url>"


def stylesheet_line(options: ExportOptions) -> bytes:
    """The ``xml-stylesheet`` processing instruction of every written file, or nothing."""
    if not options.stylesheet:
        return b""
    return f'<?xml-stylesheet type="text/xsl" href="{escape_text(options.stylesheet)}"?>\n'.encode()


class FileFiller:
    """The files of one host: fills them entry by entry and writes them off the calling thread."""

    def __init__(self, options: ExportOptions, namespaces: dict[str, str],
                 output: OutputFolder, pool: ThreadPoolExecutor) -> None:
        self.options = options
        self.output = output
        self.pool = pool
        self.header = (XML_DECLARATION + stylesheet_line(options)
                       + root_start_tag(DocumentKind.URLSET, namespaces))
        self.footer = b"\n</" + DocumentKind.URLSET.value.encode() + b">\n"
        self._room = options.max_bytes - len(self.footer) - len(ENTRY_LEAD)
        self._max_urls = options.max_urls
        self._want_lastmod = options.index_lastmod == "newest"
        self.files: list[ExportedFile] = []
        self.pending: deque[_Pending] = deque()
        self._start_file()

    def _start_file(self) -> None:
        self.buffer = bytearray(self.header)
        self.count = 0
        self.newest_key = float("-inf")
        self.newest: str | None = None
        self.threshold = ""

    def add(self, body: bytes, lastmod: str | None) -> None:
        """Append one entry's bytes (``lastmod``: its valid lastmod, for the index)."""
        if self.count >= self._max_urls or len(self.buffer) + len(body) > self._room:
            if self.count:
                self._close()
            if len(self.buffer) + len(body) > self._room:
                alone = len(self.header) + len(ENTRY_LEAD) + len(body) + len(self.footer)
                raise SitemapError(
                    f"this entry alone takes {alone} "
                    f"bytes with the file's header and footer, more than the limit of "
                    f"{self.options.max_bytes} bytes per file", code="export-entry")
        buffer = self.buffer
        buffer += ENTRY_LEAD
        buffer += body
        self.count += 1
        # A date more than a day before the newest cannot be newer: skip the parse.
        if self._want_lastmod and lastmod is not None and lastmod[:10] >= self.threshold:
            key = clean_datetime_key(lastmod)
            if key is not None and key > self.newest_key:
                self.newest_key, self.newest = key, lastmod
                self.threshold = _threshold(key)

    def add_locs(self, locs: list[bytes]) -> None:
        """Append plain ``<url><loc>`` entries, one per escaped URL, many at a time."""
        self.add_bodies([LOC_HEAD + loc + LOC_TAIL for loc in locs], None)

    def add_bodies(self, bodies: list[bytes], lastmods: list[str | None] | None) -> None:
        """Append many entries (``lastmods``: their valid lastmods, or ``None`` for none).

        The same files as :meth:`add` one by one, without a Python call per entry:
        the entries that fit are found from their sizes and appended in one join.
        """
        lead = ENTRY_LEAD
        start = 0
        while start < len(bodies):
            room_urls = self._max_urls - self.count
            if room_urls <= 0:
                self._close()
                continue
            take = bodies[start:start + room_urls]
            room = self._room + len(lead) - len(self.buffer)
            ends = list(accumulate(len(body) + len(lead) for body in take))
            fit = bisect_right(ends, room)
            if not fit:
                if not self.count:
                    self.add(take[0], None)  # too big for any file: add() says so
                self._close()
                continue
            self.buffer += lead + lead.join(take[:fit])
            self.count += fit
            if lastmods is not None and self._want_lastmod:
                self._note_lastmods(lastmods[start:start + fit])
            start += fit

    def _note_lastmods(self, lastmods: list[str | None]) -> None:
        """Keep the newest of ``lastmods``, parsing only those near the latest date."""
        days = [value for value in lastmods if value is not None and value[:10] >= self.threshold]
        if not days:
            return
        floor = _threshold_of_day(max(value[:10] for value in days))
        for value in days:
            if value[:10] >= floor:
                key = clean_datetime_key(value)
                if key is not None and key > self.newest_key:
                    self.newest_key, self.newest = key, value
                    self.threshold = _threshold(key)

    def finish(self) -> list[ExportedFile]:
        """Close the last file and wait until every file is written."""
        if self.count:
            self._close()
        while self.pending:
            self._settle()
        return self.files

    def drain(self) -> None:
        """Wait for the files being written, ignoring their outcome (after a failure)."""
        while self.pending:
            self.pending.popleft().future.exception()

    def _close(self) -> None:
        buffer = self.buffer
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
        self.pending.append(_Pending(name, self.count, len(buffer), self.newest, future))
        self._start_file()

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


def _threshold_of_day(day: str) -> str:
    """Two days before ``day`` (``YYYY-MM-DD``): no lastmod dated earlier can be newer.

    A lastmod's instant lies between 10:00 UTC the day before its date (at +14:00) and
    12:00 UTC the day after (at -12:00), so dates more than two days apart never cross.
    """
    try:
        return (date.fromisoformat(day) - timedelta(days=2)).isoformat()
    except ValueError:
        return ""


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


__all__ = ["IN_FLIGHT_BYTES", "LOC_HEAD", "LOC_TAIL", "WORKERS", "FileFiller", "stylesheet_line"]
