"""The validator: runs every rule over a document, then keeps its findings current.

A full run checks every entry; afterwards the validator listens to the
document and, after an edit, re-runs only that entry's rules and the
cross-entry indexes it touches (duplicates, hreflang clusters).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from itertools import repeat

from sitemap_studio.core.model.callbacks import Callbacks
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.publishing.robots_kit import sitemap_line_findings
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.urls.parsing import origin
from sitemap_studio.core.validation import (
    entry_checks,
    extensions,
    fast_rows,
    hreflang,
    locations,
    publish_checks,
    scope,
    structure,
    values_rules,
)
from sitemap_studio.core.validation.context import Locate, Reporter, ValidationContext
from sitemap_studio.core.validation.fast_rows import CleanValues
from sitemap_studio.core.validation.held_findings import HeldFindings
from sitemap_studio.core.validation.lastmod_counts import LastmodCounts

_FIELDS = ("loc", "lastmod", "changefreq", "priority")
_CHECK_EVERY = 8192


class DocumentValidator(HeldFindings):
    """Findings of one document, kept up to date as the document changes."""

    def __init__(
        self,
        document: SitemapDocument,
        context: ValidationContext,
        *,
        alternates: hreflang.HreflangIndex | None = None,
        key: object = None,
        index_all_pages: bool | None = None,
    ) -> None:
        super().__init__(document)
        self.context = replace(context, kind=document.kind) if context.kind != document.kind \
            else context
        self.key = key if key is not None else id(document)
        self.alternates = alternates if alternates is not None else hreflang.HreflangIndex()
        self.owns_alternates = alternates is None
        #: Whether pages without alternates enter the hreflang index too (so that "B does
        #: not link back" can be said of B); only worth it where hreflang is used at all.
        self.index_all_pages = (document.extension_totals()[3] > 0 if index_all_pages is None
                                else index_all_pages)
        self._running = False
        self._pending_alternates: set[int] = set()
        self._dup_candidates: set[int] = set()
        self._origins: Counter[str] = Counter()
        self._majority: str | None = None
        self._pending: set[int] = set()
        self._removed_ids: set[int] = set()
        self.scope: locations.Scope | None = None
        #: The most common lastmod (by hash; :meth:`_lastmod_named` finds the one shown).
        self._lastmods = LastmodCounts()
        self._news = 0
        self._fields_present = [0, 0, 0, 0]
        self._listening = False
        #: Called with the ids of entries whose findings changed (after an edit).
        self.findings_changed: Callbacks[[set[int]]] = Callbacks()
        #: Called with (key, ids) of other documents' entries a change here affected.
        self.alternates_affected: Callbacks[[set[tuple[object, int]]]] = Callbacks()

    # ---------------------------------------------------------------- full run

    def run(self, cancel: CancelToken | None = None,
            progress: ProgressCallback | None = None, *, follow: bool = True) -> DocumentValidator:
        """Check every entry and the file; then follow the document's changes.

        With ``follow=False`` (a run in a worker thread) call :meth:`listen` on
        the thread that edits the document once the run is over.
        """
        document = self.document
        total = len(document)
        self._clear()
        self._running = True
        for row in range(total):
            found = document.text(row, 0)
            if found:
                self._count_origin(found, 1)
        self._majority = scope.majority_of(self._origins)
        self._set_scope()
        plain = (document.kind == DocumentKind.URLSET
                 and document.source.format != SourceFormat.ROBOTS)
        clean = CleanValues(self.context)
        for start in range(0, total, _CHECK_EVERY):
            check(cancel)
            report(progress, start, total)
            stop = min(total, start + _CHECK_EVERY)
            done = self._add_plain_rows(start, stop, clean) if plain else [False] * (stop - start)
            for row in range(start, stop):
                if not done[row - start]:
                    self._add_row(row)
        self.duplicates.refresh(None, self.context.profile, self.describe)
        self.duplicates.index.compact()
        self._dup_candidates.clear()
        self._refresh_file()
        if self.owns_alternates:
            self.refresh_alternates(self.alternates.entry_ids(self.key))
        self._running = False
        report(progress, total, total)
        if follow:
            self.listen()
        return self

    def _clear(self) -> None:
        self._own.clear()
        self.duplicates.clear()
        self._alts.clear()
        self._lastmods.clear()
        self._news = 0
        self._fields_present = [0, 0, 0, 0]
        self._dup_candidates = set()
        self._origins.clear()

    def _set_scope(self) -> None:
        # A robots.txt may list sitemaps on any host (sitemaps.org), so it has no scope.
        self.scope = None if self.document.source.format == SourceFormat.ROBOTS else (
            locations.Scope.from_context(self.context, self._majority))

    def _count_origin(self, loc: str, step: int) -> None:
        found = origin(loc)
        if found is not None:
            self._origins[found] += step
            if self._origins[found] <= 0:
                del self._origins[found]

    def describe(self, entry_id: int) -> str:
        """How messages name another entry: ``entry 3 (line 7)``."""
        try:
            row = self.document.row_of(entry_id)
        except KeyError:
            return "a removed entry"
        line = self.document.line_of(row)
        return f"entry {row + 1}" + (f" (line {line})" if line else "")

    # ---------------------------------------------------------- per-entry work

    def _add_plain_rows(self, start: int, stop: int, clean: CleanValues) -> list[bool]:
        """Take the plain, clean rows of ``start:stop`` the cheap way; say which were taken."""
        rows = fast_rows.plain_rows(self.document, start, stop, self.scope, clean)
        present = self._fields_present
        present[0] += len(rows.pairs)
        present[1] += len(rows.lastmods)
        present[2] += rows.changefreqs
        present[3] += rows.priorities
        self._lastmods.add_many(rows.lastmods)
        self.duplicates.index.extend(rows.pairs)
        if self.index_all_pages:
            for entry_id, loc in rows.pairs:
                self.alternates.add(self.key, entry_id, loc, (), collect=False)
        return rows.taken

    def _add_row(self, row: int) -> None:
        """Run the entry's own rules and enter it into the cross-entry indexes."""
        document = self.document
        entry_id = document.id_at(row)
        reporter = Reporter(self.context.profile, entry_id,
                            locate=lambda field, line: document.field_position(row, field, line))
        entry, values, raws, element = entry_checks.row_values(document, row)
        entry_checks.check_entry(entry, values, raws, element, reporter, self.context,
                                 self.scope, document.source.format)
        if reporter.findings:
            self._own[entry_id] = reporter.findings
        for index, value in enumerate(values):
            if value is not None:
                self._fields_present[index] += 1
        self._lastmods.add(values[1])
        if values[0]:
            if self._running:
                # A full run reports every shared URL at its end: no need to collect the group
                # (which costs the group's size for each of its N entries).
                self.duplicates.index.extend(((entry_id, values[0]),))
            else:
                self._dup_candidates |= self.duplicates.index.add(entry_id, values[0])
                self._count_origin(values[0], 1)
        if entry is not None:
            self._news += len(entry.news)
        links = entry.alternates if entry is not None else ()
        if links or (self.index_all_pages and values[0]):
            affected = self.alternates.add(self.key, entry_id, values[0], links,
                                           collect=not self._running)
            if not self._running:
                self._notify_alternates(affected)

    def _remove_row(self, row: int) -> set[int]:
        """Take an entry out of every index before it changes or goes; return affected ids."""
        document = self.document
        entry_id = document.id_at(row)
        self._own.pop(entry_id, None)
        self.duplicates.found.pop(entry_id, None)
        self._alts.pop(entry_id, None)
        texts = document.raw_texts(row)
        entry = None if texts is not None else document.entry_at(row)
        values = (tuple(None if t is None else t.strip(XML_WHITESPACE) for t in texts)
                  if texts is not None else tuple(entry.value(n) for n in _FIELDS))  # type: ignore[union-attr]
        for index, value in enumerate(values):
            if value is not None:
                self._fields_present[index] -= 1
        self._lastmods.remove(values[1])
        if entry is not None:
            self._news -= len(entry.news)
        if values[0]:
            self._count_origin(values[0], -1)
        affected = self.duplicates.index.remove(entry_id)
        self._notify_alternates(self.alternates.remove(self.key, entry_id))
        return affected

    def _refresh_duplicates(self, entry_ids: Iterable[int]) -> None:
        ids = entry_ids if isinstance(entry_ids, (list, set, tuple)) else list(entry_ids)
        self.duplicates.refresh(ids, self.context.profile, self.describe)

    def refresh_alternates(self, entry_ids: Iterable[int]) -> None:
        """Re-report hreflang findings of ``entry_ids`` (after a change elsewhere)."""
        reporters: dict[int, Reporter] = {}

        def reporter(entry_id: int) -> Reporter:
            found = reporters[entry_id] = Reporter(self.context.profile, entry_id,
                                                   locate=self._locator(entry_id))
            return found

        ids = list(entry_ids)
        for entry_id in ids:
            self._alts.pop(entry_id, None)
        self.alternates.report_many(self.key, ids, reporter, self.describe)
        for entry_id, found in reporters.items():
            if found.findings:
                self._alts[entry_id] = found.findings

    def _locator(self, entry_id: int) -> Locate:
        def locate(field: str | None, line: int | None) -> tuple[int, int] | None:
            try:
                return self.document.field_position(self.document.row_of(entry_id), field, line)
            except KeyError:
                return None
        return locate

    def _notify_alternates(self, affected: set[tuple[object, int]]) -> None:
        mine = {entry_id for key, entry_id in affected if key == self.key}
        others = {item for item in affected if item[0] != self.key}
        self._pending_alternates |= mine
        if others:
            self.alternates_affected.emit(others)

    def _refresh_file(self) -> None:
        document = self.document
        ctx = self.context
        size = structure.published_size(document)
        findings = structure.reader_findings(document.load_findings, ctx.profile)
        findings.extend(structure.file_findings(document.kind, len(document), size, ctx,
                                                document.source.format))
        findings.extend(publish_checks.urlset_lists_sitemaps(document, ctx.profile))
        if self.scope is not None and not self.scope.explicit:
            findings.extend(publish_checks.placeholder_site(self.scope.origin, len(document),
                                                            ctx.profile))
        if document.source.format == SourceFormat.ROBOTS:
            text = b"".join(document.chunks()).decode("utf-8", "replace")
            findings.extend(structure.reader_findings(
                sitemap_line_findings(text, ctx.site_url or self._majority), ctx.profile))
        reporter = Reporter(ctx.profile)
        total = len(document)
        values_rules.check_lastmod_churn(
            self._lastmods.most_common(total, lambda: map(document.text, range(total),
                                                          repeat(1, total))),
            total, reporter, self._lastmod_named)
        if self._news:
            extensions.check_news_count(self._news, reporter)
        values_rules.check_ignored_fields(self._fields_present[2] > 0,
                                          self._fields_present[3] > 0, reporter)
        findings.extend(reporter.findings)
        self._file = findings

    def _lastmod_named(self, stamp: int) -> str:
        """The lastmod whose hash is ``stamp`` (one most entries share: found in the first rows)."""
        document = self.document
        for row in range(len(document)):
            text = document.text(row, 1)
            if text and hash(text) == stamp:
                return text
        return ""

    # -------------------------------------------------------------- following

    def listen(self) -> None:
        """Follow the document's changes (idempotent)."""
        if self._listening:
            return
        self._listening = True
        doc = self.document
        doc.entries_changing.connect(self._before_change)
        doc.entries_changed.connect(self._after_change)
        doc.entries_removing.connect(self._before_remove)
        doc.entries_removed.connect(self._after_remove)
        doc.entries_inserted.connect(self._after_insert)
        doc.entries_moved.connect(self._after_move)

    def stop(self) -> None:
        """Stop following the document."""
        if not self._listening:
            return
        self._listening = False
        doc = self.document
        doc.entries_changing.disconnect(self._before_change)
        doc.entries_changed.disconnect(self._after_change)
        doc.entries_removing.disconnect(self._before_remove)
        doc.entries_removed.disconnect(self._after_remove)
        doc.entries_inserted.disconnect(self._after_insert)
        doc.entries_moved.disconnect(self._after_move)

    def _before_change(self, rows: list[int]) -> None:
        self._pending = set()
        for row in rows:
            self._pending |= self._remove_row(row)

    def _after_change(self, rows: list[int]) -> None:
        self._pending_rows(rows)

    def _before_remove(self, row: int, count: int) -> None:
        self._pending = set()
        for at in range(row, row + count):
            self._pending |= self._remove_row(at)
        self._removed_ids = {self.document.id_at(at) for at in range(row, row + count)}

    def _after_remove(self, row: int, count: int) -> None:
        self._finish(self._pending - self._removed_ids, self._removed_ids, structural=True)

    def _after_insert(self, row: int, count: int) -> None:
        self._pending = set()
        self._pending_rows(range(row, row + count), structural=True)

    def _after_move(self, row: int, count: int, destination: int) -> None:
        # Which of a group of duplicates comes first may have changed.
        start = destination if destination < row else destination - count
        moved = {self.document.id_at(at) for at in range(start, start + count)}
        affected: set[int] = set()
        for entry_id in moved:
            affected |= set(self.duplicates.index.group(entry_id))
        self._pending_alternates = set()
        self._finish(affected, set(), structural=True)

    def _pending_rows(self, rows: Iterable[int], structural: bool = False) -> None:
        changed: set[int] = set()
        for row in rows:
            self._dup_candidates = set()
            self._add_row(row)
            self._pending |= self._dup_candidates
            entry_id = self.document.id_at(row)
            changed.add(entry_id)
            self._pending.add(entry_id)
            self._pending_alternates.add(entry_id)
        self._finish(self._pending, set(), structural)

    def _finish(self, affected: set[int], removed: set[int], structural: bool = False) -> None:
        if structural:
            # Messages name other entries by row ("entry 3"): rows have shifted.
            affected = affected | set(self.duplicates.found)
            self._pending_alternates |= set(self._alts)
        majority = scope.majority_of(self._origins)
        if majority != self._majority:
            # The site most URLs are on has changed: every location's scope changes with it.
            self.run()
            self.findings_changed.emit({self.document.id_at(r) for r in range(len(self.document))}
                                       | removed)
            return
        self._refresh_duplicates(affected)
        self.refresh_alternates(self._pending_alternates - removed)
        changed = affected | self._pending_alternates | removed
        self._pending_alternates = set()
        self._refresh_file()
        self.findings_changed.emit(changed)


def validate_document(document: SitemapDocument, context: ValidationContext | None = None,
                      *, cancel: CancelToken | None = None,
                      progress: ProgressCallback | None = None) -> DocumentValidator:
    """Validate ``document`` once; the returned validator keeps following it."""
    return DocumentValidator(document, context or ValidationContext()).run(cancel, progress)
