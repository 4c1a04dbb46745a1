"""The window's URL audit: start it, watch results fill the table, keep them, apply the fixes.

Audit asks what to fetch (:class:`~sitemap_studio.dialogs.audit_start_dialog.AuditStartDialog`),
then the :class:`~sitemap_studio.services.audit_service.AuditService` runs
the engine in the background; each batch of results lands in the
workspace's :class:`~sitemap_studio.core.audit.store.AuditStore`, the table's
Status, Verdict and Final URL columns appear and fill, and the issues panel
lists one finding per URL that cannot be indexed. The status bar shows the
progress with the time left, and its Cancel stops the run (results so far
stay).

A project keeps the results in its side file (see
:mod:`sitemap_studio.core.audit.store`), written when a run ends and read
when the project opens; a lone file keeps them while it is open.

Audit Results shows the counts per verdict and the fixes, each previewed
and applied as one undoable step on the document shown (:mod:`audit_fixes`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from sitemap_studio.core.audit import (
    AuditItem,
    AuditOptions,
    AuditRequest,
    AuditScope,
    AuditStore,
    UrlAudit,
    audit_findings,
    load_results,
    now_utc,
    save_results,
    side_file,
    skip_recent,
    targets_of,
)
from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Finding, SitemapDocument, SitemapError
from sitemap_studio.core.project import Workspace
from sitemap_studio.services.audit_service import AuditService
from sitemap_studio.services.jobs import Job
from sitemap_studio.services.session import DocumentState
from sitemap_studio.widgets.audit_fixes import AuditFixes

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost

#: While an audit runs, the issues panel is rebuilt at most this often (milliseconds).
ISSUES_REFRESH_MS = 1000


class AuditOperations(QObject):
    """The audit of the open workspace: its results, the run under way and the fixes.

    Signals:
        results_saved: the project's results file was written (its path).
    """

    results_saved = Signal(object)

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.store = AuditStore()
        self.service = AuditService(window.runner, self)
        self.service.results_arrived.connect(self._arrived)
        self.service.progress.connect(self._progress)
        self.service.finished.connect(self._finished)
        self.service.failed.connect(self._failed)
        self.service.busy_changed.connect(lambda _busy: self.window.window_actions.update_enabled())
        self._issues_timer = QTimer(self)
        self._issues_timer.setSingleShot(True)
        self._issues_timer.setInterval(ISSUES_REFRESH_MS)
        self._issues_timer.timeout.connect(window.issues_panel.refresh)
        self._run_total = 0
        self._run_done = 0
        self._skip_note = ""
        self._saving: Job | None = None
        self._reading: str | None = None
        self._save_again = False
        self.fixes = AuditFixes(window, self)
        window.issues_panel.extra_findings = self.findings_of
        window.session.opened.connect(self._opened)
        window.workspace_loaded.connect(self._workspace_loaded)
        window.document_shown.connect(self._document_shown)
        window.session.renamed.connect(self._renamed)

    # ------------------------------------------------------------------ keys and results

    def key_of(self, path: str) -> str:
        """The name a file's results are kept under: relative to the project, or its path."""
        project = self.window.session.project
        if project is not None and project.path is not None:
            try:
                return project.relative_path(path)
            except SitemapError:
                pass
        return path

    def results_of(self, state: DocumentState) -> dict[str, UrlAudit]:
        """The results of ``state``'s file, by URL (a live mapping the table reads)."""
        return self.store.of_file(self.key_of(state.path))

    def findings_of(self, document: SitemapDocument) -> list[Finding]:
        """The issues panel's audit findings of ``document`` (one per URL not indexable)."""
        state = self.window.current
        if state is None or state.document is not document:
            return []
        return audit_findings(document, self.results_of(state))

    def _side_file(self) -> str | None:
        project = self.window.session.project
        return side_file(project.path) if project is not None and project.path else None

    # ------------------------------------------------------------------ following the window

    def _opened(self, _workspace: object) -> None:
        # An audit of what was open must not fill (or write) the results of what opens now.
        self.service.abandon()
        self.store = AuditStore()
        self._reading = None

    def _workspace_loaded(self, _workspace: Workspace) -> None:
        path = self._side_file()
        if path is None or not os.path.exists(path):
            return
        job = Job(load_results, path)
        self._reading = path
        # A bound method: nothing arrives once the window is gone.
        job.signals.succeeded.connect(self._results_read)
        self.window.runner.start(job)

    def _results_read(self, loaded: tuple[AuditStore, str | None]) -> None:
        """The side file is read (off the GUI thread: a large site's is megabytes)."""
        store, problem = loaded
        if self._reading is None or self._reading != self._side_file():
            return  # another project opened meanwhile
        self._reading = None
        if problem is not None:
            self.window.show_error("The audit results cannot be read", (
                f"{problem}\n\nThe project opened without them; the next audit replaces "
                "that file."))
            return
        store.merge(self.store)  # an audit started meanwhile has the newer results
        self.store = store
        self._show_current()
        if store:
            self.window.show_message(f"{self.window.message_label.text()}; audit results of "
                                     f"{self.taken_text() or 'an earlier audit'} shown")

    def _document_shown(self, state: DocumentState | None) -> None:
        model = self.window.entry_table.model
        if state is None or model is None:
            return
        results = self.results_of(state)
        model.set_audit(results)
        self.window.entry_table.columns.show_audit(bool(results))
        if results:
            self.window.issues_panel.refresh()

    def _show_current(self) -> None:
        self._document_shown(self.window.current)

    def _renamed(self, state: DocumentState, old: str) -> None:
        self.store.rename_file(self.key_of(old), self.key_of(state.path))
        self._show_current()

    # ------------------------------------------------------------------ running

    @property
    def busy(self) -> bool:
        """Whether an audit is under way."""
        return self.service.busy

    def scope_counts(self) -> dict[AuditScope, int]:
        """How many entries each scope the window can audit now holds."""
        window = self.window
        counts: dict[AuditScope, int] = {}
        if window.current is not None:
            counts[AuditScope.SHOWN] = len(window.current.document)
            selected = len(window.entry_table.selected_rows())
            if selected:
                counts[AuditScope.SELECTION] = selected
        if window.session.project is not None:
            counts[AuditScope.PROJECT] = sum(len(state.document)
                                             for state in self.project_states())
        return counts

    def project_states(self) -> list[DocumentState]:
        """The open members of the project (and its index), not the files open beside them
        (the quarantine sitemap, a new sitemap not added to it)."""
        return [state for state in self.window.session.states.values()
                if state.item.ref is not None]

    def audit(self) -> None:
        """Ask what to audit, then start (the toolbar's and the Tools menu's Audit)."""
        from sitemap_studio.dialogs.audit_start_dialog import AuditStartDialog

        settings = self.window.settings
        request = AuditStartDialog.ask(self.window, self.scope_counts(),
                                       allow_private=settings.allow_private(),
                                       skip_days=settings.audit_skip_days())
        if request is None:
            return
        settings.set_allow_private(request.allow_private)
        settings.set_audit_skip_days(request.skip_days)
        self.start(request)

    def items_for(self, scope: AuditScope) -> list[AuditItem]:
        """The URLs ``scope`` covers now, each once per file."""
        window = self.window
        if scope == AuditScope.PROJECT:
            states = self.project_states()
        else:
            states = [window.current] if window.current is not None else []
        rows = window.entry_table.selected_rows() if scope == AuditScope.SELECTION else None
        items: list[AuditItem] = []
        for state in states:
            items.extend(targets_of(state.document, self.key_of(state.path), rows))
        return items

    def start(self, request: AuditRequest) -> bool:
        """Audit what ``request`` asks for; False when there is nothing to fetch."""
        items, skipped = skip_recent(self.items_for(request.scope), self.store,
                                     request.skip_days, now_utc())
        skip_note = (f"; {plural(skipped, 'URL')} checked within {request.skip_days} days "
                     "kept") if skipped else ""
        if not items:
            self.window.show_message(f"Nothing to audit{skip_note}")
            return False
        options = AuditOptions(allow_private=request.allow_private)
        job = self.service.start(items, options)
        self._run_total, self._run_done = len(items), 0
        self._skip_note = skip_note
        label = f"Auditing {plural(len(items), 'URL')}\N{HORIZONTAL ELLIPSIS}"
        self.window.progress.follow(job, label)
        self.window.show_message(label + skip_note)
        return True

    def cancel(self) -> None:
        """Stop the audit under way; the results so far stay."""
        self.service.cancel()

    def _arrived(self, batch: list[UrlAudit]) -> None:
        self.store.add_all(batch)
        self._run_done += len(batch)
        state = self.window.current
        model = self.window.entry_table.model
        if state is None or model is None:
            return
        key = self.key_of(state.path)
        if any(result.file == key for result in batch):
            model.set_audit(self.store.of_file(key))
            self.window.entry_table.columns.show_audit(True)
            if not self._issues_timer.isActive():
                self._issues_timer.start()

    def _progress(self, done: int, total: int, left: str) -> None:
        self.window.progress.label.setText(f"Audited {done:,} of {total:,} URLs, {left}")

    def _finished(self, cancelled: bool) -> None:
        self.store.taken_at = now_utc().replace(microsecond=0).isoformat()
        self._issues_timer.stop()
        self.window.issues_panel.refresh()
        self._save()
        done = self._run_done
        if cancelled:
            text = (f"Audit cancelled after {done:,} of {plural(self._run_total, 'URL')}; "
                    "the results so far are kept")
        else:
            text = f"Audited {plural(done, 'URL')}: {self.describe_counts()}"
        self.window.show_message(text + self._skip_note)

    def _failed(self, error: SitemapError) -> None:
        self._issues_timer.stop()
        self.window.issues_panel.refresh()
        self._save()
        self.window.show_error("The audit stopped", error.located())

    def _save(self) -> None:
        """Write the side file of a project in the background.

        One write at a time, each of a snapshot, the last one of the newest.
        """
        path = self._side_file()
        if path is None:
            return
        if self._saving is not None:
            self._save_again = True
            return
        job = Job(save_results, self.store.snapshot(), path)
        job.cancel_wins = False
        job.signals.failed.connect(self._save_failed)
        job.signals.succeeded.connect(self.results_saved)
        job.signals.finished.connect(self._save_done)
        self._saving = job
        self.window.runner.start(job)

    def _save_failed(self, error: SitemapError) -> None:
        self.window.show_error("Cannot keep the audit results", error.located())

    def _save_done(self) -> None:
        self._saving = None
        if self._save_again:
            self._save_again = False
            self._save()

    def describe_counts(self, keys: list[str] | None = None) -> str:
        """"8 indexable, 2 redirect, 1 not-found": the verdicts of the results, in words."""
        counts = self.store.counts(keys)
        return ", ".join(f"{item.count:,} {item.verdict}" for item in counts) or "no results"

    def taken_text(self) -> str:
        """When the last audit ended, as people write it ("2026-11-25 10:00:00 UTC"), or ""."""
        return self.store.taken_at.replace("T", " ").replace("+00:00", " UTC")


__all__ = ["AuditOperations"]
