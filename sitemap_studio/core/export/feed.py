"""The entries of the input as export writes them: each URL once, absolute, schema-valid.

For every row of every document, in order, :class:`EntryFeed` decides:

* the ``<loc>`` to write (:mod:`export_locs`), or leaves the entry out with
  the reason;
* whether the URL was already written (the same URL in two inputs, or twice in
  one): the first copy wins and the rest are counted as merged;
* which host's files it goes into (:mod:`export_hosts`);
* its bytes: the entry as it is in its document when it is valid as it is,
  else written again without what the schema rejects (:mod:`export_guard`).

Plain rows are read a few thousand at a time from the document's columns;
rows held as entries (extensions, edits) take the careful path.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from dataclasses import replace
from itertools import compress

from sitemap_studio.core.export.bodies import BodyOf, declared_namespaces
from sitemap_studio.core.export.chunks import (
    Uniques,
    all_plain,
    plain_chunk_dates,
)
from sitemap_studio.core.export.files import LOC_HEAD, LOC_TAIL, FileFiller
from sitemap_studio.core.export.guard import CHANGEFREQS, EntryGuard, ValueJudge
from sitemap_studio.core.export.hosts import HostPlan, HostTarget
from sitemap_studio.core.export.locs import (
    LOC_MAX_LENGTH,
    LOC_MIN_LENGTH,
    PLAIN_LOC,
    PLAIN_PATH,
    Loc,
    LocRules,
)
from sitemap_studio.core.export.report import Example, ExportNotes
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import OBJECT_ROW, SitemapDocument
from sitemap_studio.core.model.entries import SITEMAP_NS, DocumentKind, Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.writing.text_escape import escape_text
from sitemap_studio.core.writing.xml_codec import XmlCodec
from sitemap_studio.core.writing.xml_edit import EditStyle
from sitemap_studio.core.writing.xml_writer import simple_entry_xml

#: Cancellation is checked and progress reported every this many entries.
CHECK_EVERY = 8192
#: Why a ``<sitemap>`` inside a ``<urlset>`` is not written.
NOT_A_PAGE = "a <sitemap> entry inside a <urlset> (it names a sitemap file, not a page)"

#: The file filler of a host (created on first use).
FillerFor = Callable[[HostTarget], FileFiller]


class EntryFeed:
    """Walks the documents of an export and hands each entry it writes to its host's files."""

    def __init__(self, rules: LocRules, hosts: HostPlan, notes: ExportNotes,
                 namespaces: dict[str, str], filler_for: FillerFor) -> None:
        self.rules = rules
        self.hosts = hosts
        self.notes = notes
        self.filler_for = filler_for
        self._fast: tuple[Callable[[str], object], HostTarget] | None = None
        self._fast_origin: str | None = None
        targets = list(hosts.targets.values())
        if len(targets) == 1 and targets[0].base_path == "/":
            # Plain locations of the one host, written as its origin is: no check can fail.
            pattern = re.compile(re.escape(targets[0].origin) + PLAIN_PATH)
            self._fast = (pattern.match, targets[0])
            self._fast_origin = targets[0].origin
        self.uniques = Uniques()
        self.judge = ValueJudge()
        self.codec = XmlCodec(namespaces, SITEMAP_NS, "", DocumentKind.URLSET,
                              EditStyle("\n    ", "\n  "))
        self.done = 0

    def note_repeats(self, documents: list[SitemapDocument],
                     cancel: CancelToken | None = None) -> None:
        """Find which URLs the input holds more than once (call before adding documents).

        Only their hashes are kept (8 bytes a URL while looking), so that telling a
        repeat from a first copy later needs a set of strings for the repeats alone.
        """
        hashes: array[int] = array("q")
        prepare = self.rules.prepare
        plain = PLAIN_LOC.match
        for doc in documents:
            for first in range(0, len(doc), CHECK_EVERY):
                check(cancel)
                stop = min(first + CHECK_EVERY, len(doc))
                locs = doc.column_texts(0, first, stop)
                origin = self._fast_origin
                if (origin is not None and all_plain(locs, origin)) or all_plain(locs):
                    hashes.extend(map(hash, locs))  # no None: all_plain says so
                    continue
                quick = [text is not None and LOC_MIN_LENGTH <= len(text) <= LOC_MAX_LENGTH
                         and plain(text) is not None for text in locs]
                hashes.extend(hash(text) for text, ok in zip(locs, quick, strict=True) if ok)
                for offset, ok in enumerate(quick):
                    if not ok:
                        text = locs[offset]
                        loc = prepare(doc.text(first + offset, 0) if text == OBJECT_ROW
                                      else text)
                        if not isinstance(loc, str):
                            hashes.append(hash(loc.url))
        self.uniques = Uniques.of(hashes)

    def add_document(self, doc: SitemapDocument, body_of: BodyOf, total: int,
                     cancel: CancelToken | None, progress: ProgressCallback | None) -> None:
        """Send every entry of ``doc`` that export writes."""
        xml = doc.source.format in (SourceFormat.XML, SourceFormat.FEED)
        guard = EntryGuard(declared_namespaces(doc)) if xml else None
        rows = len(doc)
        for first in range(0, rows, CHECK_EVERY):
            check(cancel)
            report(progress, self.done + first, total)
            stop = min(first + CHECK_EVERY, rows)
            locs = doc.column_texts(0, first, stop)
            if not xml:
                self._text_rows(doc, first, locs)
                continue
            assert guard is not None
            self._xml_rows(doc, first, stop, locs, body_of, guard)
        self.done += rows

    # ------------------------------------------------------------------------------ rows

    def _text_rows(self, doc: SitemapDocument, first: int, locs: list[str | None]) -> None:
        # The common line, a plain URL of the one host (published at its root), takes the
        # short way: judged by one pattern over the chunk and appended to the files in bulk.
        fast = self._fast
        if fast is None:
            for offset, text in enumerate(locs):
                self._text_row(doc, first + offset, text)
            return
        match, target = fast
        if not self.uniques.repeats and all_plain(locs, self._fast_origin):
            self._bulk_locs(doc, first, self.filler_for(target), locs)  # type: ignore[arg-type]
            return
        plain = [text is not None and LOC_MIN_LENGTH <= len(text) <= LOC_MAX_LENGTH
                 and match(text) is not None for text in locs]
        is_first = self.uniques.first
        merged = 0
        pending: list[str] = []
        for offset, is_plain in enumerate(plain):
            text = locs[offset]
            if is_plain:
                if is_first(text):  # type: ignore[arg-type]
                    pending.append(text)  # type: ignore[arg-type]
                else:
                    merged += 1
                continue
            if pending:
                self._bulk_locs(doc, first, self.filler_for(target), pending)
                pending = []
            self._text_row(doc, first + offset, text)
        if pending:
            self._bulk_locs(doc, first, self.filler_for(target), pending)
        self.notes.merged += merged

    def _xml_rows(self, doc: SitemapDocument, first: int, stop: int, locs: list[str | None],
                  body_of: BodyOf, guard: EntryGuard) -> None:
        fast = self._fast
        if fast is not None and self._whole_chunk(doc, first, stop, locs, body_of, fast):
            return
        lastmods, changefreqs, priorities = (doc.column_texts(index, first, stop)
                                             for index in (1, 2, 3))
        urls = doc.url_flags(first, stop)
        target = fast[1] if fast is not None else None
        if fast is not None:
            # A plain <url> of the one host whose values are valid as written is copied as it
            # is, appended to the files in bulk.
            match = fast[0]
            judge = self.judge
            plain = [is_url and text is not None and LOC_MIN_LENGTH <= len(text) <= LOC_MAX_LENGTH
                     and match(text) is not None and (lastmod is None or judge.lastmod_ok(lastmod))
                     and (changefreq is None or changefreq in CHANGEFREQS)
                     and (priority is None or judge.valid(2, priority))
                     for is_url, text, lastmod, changefreq, priority in zip(
                         urls, locs, lastmods, changefreqs, priorities, strict=True)]
        else:
            plain = [False] * len(locs)
        is_first = self.uniques.first
        merged = 0
        bodies = []
        dates = []
        for offset, text in enumerate(locs):
            row = first + offset
            if plain[offset]:
                if is_first(text):  # type: ignore[arg-type]
                    bodies.append(self._body(doc, row, body_of))
                    lastmod = lastmods[offset]
                    dates.append(None if lastmod is None else lastmod.strip(XML_WHITESPACE))
                else:
                    merged += 1
                continue
            if bodies:
                assert target is not None
                self._bulk_bodies(doc, first, target, bodies, dates)
                bodies, dates = [], []
            if text == OBJECT_ROW:
                self._rich_row(doc, row, body_of, guard)
            elif not urls[offset]:
                self._leave_out(doc, row, NOT_A_PAGE, text)
            else:
                self._plain_row(doc, row, text, [lastmods[offset], changefreqs[offset],
                                                 priorities[offset]], body_of)
        if bodies:
            assert target is not None
            self._bulk_bodies(doc, first, target, bodies, dates)
        self.notes.merged += merged

    def _bulk_locs(self, doc: SitemapDocument, first: int, filler: FileFiller,
                   urls: list[str]) -> None:
        # A plain location holds no "<" and no character XML cannot hold; only "&" needs care.
        escaped = [(url.replace("&", "&amp;") if "&" in url else url).encode("ascii")
                   for url in urls]
        try:
            filler.add_locs(escaped)
        except SitemapError as exc:
            raise _entry_error(doc, first, exc.message) from None

    def _bulk_bodies(self, doc: SitemapDocument, first: int, target: HostTarget,
                     bodies: list[bytes], lastmods: list[str | None]) -> None:
        try:
            self.filler_for(target).add_bodies(bodies, lastmods)
        except SitemapError as exc:
            raise _entry_error(doc, first, exc.message) from None

    def _whole_chunk(self, doc: SitemapDocument, first: int, stop: int, locs: list[str | None],
                     body_of: BodyOf, fast: tuple[Callable[[str], object], HostTarget]) -> bool:
        """Copy rows ``first:stop`` in bulk when all are plain and valid; whether it did."""
        assert self._fast_origin is not None  # set with _fast
        dates = plain_chunk_dates(doc, first, stop, locs, self._fast_origin, self.judge)
        if dates is None:
            return False
        rows: range | list[int] = range(first, stop)
        if self.uniques.repeats:
            keep = [self.uniques.first(text) for text in locs]  # type: ignore[arg-type]
            rows = list(compress(rows, keep))
            dates = list(compress(dates, keep))
        try:
            bodies = (doc.bodies(first, stop) if body_of == doc.body and len(rows) == stop - first
                      else list(map(body_of, rows)))
        except SitemapError:
            bodies = [self._body(doc, row, body_of) for row in rows]  # says which entry
        self._bulk_bodies(doc, first, fast[1], bodies, dates)
        self.notes.merged += len(locs) - len(rows)
        return True

    def _text_row(self, doc: SitemapDocument, row: int, text: str | None) -> None:
        if text == OBJECT_ROW:
            text = doc.text(row, 0)
        placed = self._place(doc, row, text)
        if placed is None:
            return
        loc, target = placed
        url = loc.url
        escaped = escape_text(url) if ("&" in url or "<" in url or ">" in url) else url
        self._send(doc, row, target, LOC_HEAD + escaped.encode("utf-8") + LOC_TAIL, None)

    def _plain_row(self, doc: SitemapDocument, row: int, text: str | None,
                   values: list[str | None], body_of: BodyOf) -> None:
        placed = self._place(doc, row, text)
        if placed is None:
            return
        loc, target = placed
        valid = [value is None or self.judge.valid(index, value)
                 for index, value in enumerate(values)]
        lastmod = values[0].strip(XML_WHITESPACE) if values[0] is not None and valid[0] else None
        if all(valid) and not loc.change:
            self._send(doc, row, target, self._body(doc, row, body_of), lastmod)
            return
        for index, ok in enumerate(valid):
            if not ok:
                name = ("lastmod", "changefreq", "priority")[index]
                self.notes.trimmed.add(f"an invalid {name}", self._example(doc, row, text))
        kept = [value.strip(XML_WHITESPACE) if value is not None and ok else None
                for value, ok in zip(values, valid, strict=True)]
        entry = Entry(loc=loc.url, lastmod=kept[0], changefreq=kept[1], priority=kept[2])
        self._send(doc, row, target, simple_entry_xml(entry, "url"), lastmod)

    def _rich_row(self, doc: SitemapDocument, row: int, body_of: BodyOf,
                  guard: EntryGuard) -> None:
        entry = doc.entry_at(row)
        text = entry.loc
        if entry.element != "url":
            self._leave_out(doc, row, NOT_A_PAGE, text)
            return
        placed = self._place(doc, row, text)
        if placed is None:
            return
        loc, target = placed
        repair = guard.repair(entry, doc.body(row))
        if repair is None and not loc.change:
            self._send(doc, row, target, self._body(doc, row, body_of), self._lastmod(entry))
            return
        if repair is not None:
            entry = repair.entry
            for what in repair.left_out:
                self.notes.trimmed.add(what, self._example(doc, row, text))
        entry = replace(entry, id=-1, loc=loc.url, raw={}, notes=())
        try:
            body = self.codec.new_body(entry)[0]
        except ValueError as exc:  # lxml refuses strings XML cannot hold
            raise _entry_error(doc, row, str(exc)) from None
        self._send(doc, row, target, body, self._lastmod(entry))

    # --------------------------------------------------------------------------- helpers

    def _place(self, doc: SitemapDocument, row: int,
               text: str | None) -> tuple[Loc, HostTarget] | None:
        """The location and host of an entry to write, or ``None`` when it is not written."""
        loc = self._admit(doc, row, text)
        if loc is None:
            return None
        target = self._target(doc, row, loc, text)
        return None if target is None else (loc, target)

    def _admit(self, doc: SitemapDocument, row: int, text: str | None) -> Loc | None:
        """The location to write, or ``None`` (counted) when left out or already written."""
        loc = self.rules.prepare(text)
        if isinstance(loc, str):
            self._leave_out(doc, row, loc, text)
            return None
        if not self.uniques.first(loc.url):
            self.notes.merged += 1
            return None
        return loc

    def _target(self, doc: SitemapDocument, row: int, loc: Loc,
                text: str | None) -> HostTarget | None:
        if loc.change:
            self.notes.changed.add(loc.change, Example(doc.source.path, doc.line_of(row), text,
                                                       loc.url))
        targets = self.hosts.targets
        target = targets.get(loc.origin)
        if target is not None and target.base_path == "/":
            return target
        return self.hosts.target(loc.url, loc.origin, self._example(doc, row, text))

    def _send(self, doc: SitemapDocument, row: int, target: HostTarget, body: bytes,
              lastmod: str | None) -> FileFiller:
        filler = self.filler_for(target)
        try:
            filler.add(body, lastmod)
        except SitemapError as exc:
            if exc.code != "export-entry" or exc.path is not None:
                raise
            raise _entry_error(doc, row, exc.message) from None
        return filler

    def _leave_out(self, doc: SitemapDocument, row: int, reason: str, text: str | None) -> None:
        self.notes.left_out.add(reason, self._example(doc, row, text))

    @staticmethod
    def _example(doc: SitemapDocument, row: int, text: str | None) -> Example:
        return Example(doc.source.path, doc.line_of(row), text)

    @staticmethod
    def _body(doc: SitemapDocument, row: int, body_of: BodyOf) -> bytes:
        try:
            return body_of(row)
        except SitemapError as exc:
            raise _entry_error(doc, row, exc.message) from None

    def _lastmod(self, entry: Entry) -> str | None:
        value = entry.lastmod
        return value if value is not None and self.judge.valid(0, value) else None


def _entry_error(doc: SitemapDocument, row: int, message: str) -> SitemapError:
    loc = doc.text(row, 0)
    where = f"entry {row + 1}" + (f" ({loc})" if loc else "")
    return SitemapError(f"cannot export {where}: {message}", path=doc.source.path,
                        line=doc.line_of(row), code="export-entry")


__all__ = ["CHECK_EVERY", "NOT_A_PAGE", "EntryFeed", "FillerFor", "Uniques"]
