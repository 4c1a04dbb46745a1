"""The audit's fixes in the window: plan each one, show them with the results, apply one.

Audit Results (:class:`~sitemap_studio.dialogs.audit_results_dialog.AuditResultsDialog`)
shows the counts per verdict of the sitemap shown and a preview of every fix
the results allow; the one chosen is applied as one undoable step on that
document (a move to quarantine as two, see :mod:`audit_quarantine`). The
results themselves, and the run that fills them, are
:class:`~sitemap_studio.widgets.audit_operations.AuditOperations`'.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from sitemap_studio.commands import bulk_steps, entry_commands
from sitemap_studio.commands.entry_commands import RemoveEntriesCommand
from sitemap_studio.core.audit import (
    FixKind,
    FixPlan,
    Verdict,
    final_is_indexable,
    now_utc,
    plan_fix,
)
from sitemap_studio.core.edits import rows_for_ids, with_field
from sitemap_studio.core.export import plural
from sitemap_studio.core.model import SitemapError
from sitemap_studio.services.session import DocumentState
from sitemap_studio.widgets.audit_quarantine import QuarantineMover

if TYPE_CHECKING:
    from sitemap_studio.widgets.audit_operations import AuditOperations
    from sitemap_studio.widgets.window_host import WindowHost


class AuditFixes:
    """The fixes of the audit results ``audits`` keeps, for the document the window shows."""

    def __init__(self, window: WindowHost, audits: AuditOperations) -> None:
        self.window = window
        self.audits = audits
        self.quarantine = QuarantineMover(window)

    def plans(self, state: DocumentState) -> dict[FixKind, FixPlan]:
        """Each fix's plan for ``state``'s document."""
        results = self.audits.results_of(state)
        now = now_utc()
        kinds = [kind for kind in FixKind
                 if kind != FixKind.QUARANTINE or self.quarantine.can_move_from(state)]
        return {kind: plan_fix(kind, state.document, results, now) for kind in kinds}

    def heading(self, state: DocumentState) -> str:
        """What the results dialog says first: the file, how many URLs, when."""
        audits = self.audits
        counts = audits.store.counts([audits.key_of(state.path)])
        taken = audits.taken_text()
        text = (f"{os.path.basename(state.path)}: {plural(sum(c.count for c in counts), 'URL')}"
                " audited" + (f", last on {taken}" if taken else "") + ".")
        if len(self.window.session.states) > 1 and len(audits.store) > sum(c.count for c in counts):
            text += f" The whole project: {audits.describe_counts()}."
        return text

    def show_results(self) -> None:
        """The summary, and the fixes for the sitemap shown with their previews."""
        from sitemap_studio.dialogs.audit_results_dialog import AuditResultsDialog

        state = self.window.current
        if state is None:
            return
        counts = self.audits.store.counts([self.audits.key_of(state.path)])
        plan = AuditResultsDialog.ask(self.window, counts, self.plans(state),
                                      heading=self.heading(state))
        if plan is not None:
            self.apply(plan)

    def apply(self, plan: FixPlan) -> int:
        """Apply ``plan`` to the document shown as one undoable step; how many entries changed."""
        state = self.window.edits.state
        if state is None:
            self.window.show_message("Not applied: the sitemap is being validated; apply the "
                                     "fix again when it is done")
            return 0
        if not plan.changes:
            return 0
        if plan.kind == FixKind.QUARANTINE:
            moved = self.quarantine.move(state, plan)
            if moved:
                self.window.issues_panel.refresh()
            return moved
        document, stack = state.document, state.stack
        count = len(plan.changes)
        text = f"{plan.title} ({count:,})"
        if plan.kind == FixKind.REMOVE:
            rows = sorted(rows_for_ids(document, plan.entry_ids).values())
            done = bool(rows) and entry_commands.push_applied(
                stack, RemoveEntriesCommand(document, rows, text), self._refused)
        else:
            field = "loc" if plan.kind == FixKind.REPLACE_REDIRECTS else "lastmod"
            rows_of = rows_for_ids(document, plan.entry_ids)
            entries = [with_field(document.entry_at(rows_of[change.entry_id]), field,
                                  change.after)
                       for change in plan.changes if change.entry_id in rows_of]
            if plan.kind == FixKind.REPLACE_REDIRECTS:
                self._keep_final_results(state, plan)
            done = bulk_steps.apply_plan(stack, document, entries, text,
                                             on_error=self._refused)
        if not done:
            return 0
        self.window.issues_panel.refresh()
        self.window.show_message(f"{text}: done; Undo reverts it")
        return count

    def _keep_final_results(self, state: DocumentState, plan: FixPlan) -> None:
        """After a replacement the entries list the final URLs: their results are what the
        audit saw at the end of the redirects (200, indexable)."""
        results = self.audits.results_of(state)
        for change in plan.changes:
            result = results.get(change.loc)
            if result is None or change.after is None or not final_is_indexable(result):
                continue
            if change.after not in results:
                self.audits.store.add(replace(result, url=change.after, status=result.final_status,
                                       redirects=(), verdict=Verdict.INDEXABLE, findings=()))

    def _refused(self, error: SitemapError) -> None:
        self.window.show_message(f"Not applied: {error.message}")


__all__ = ["AuditFixes"]
