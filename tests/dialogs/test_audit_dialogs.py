"""The audit's dialogs: what to audit and how, and the summary with the fixes' previews."""

from __future__ import annotations

from datetime import UTC, datetime

from dialog_helpers import document_of
from PySide6.QtWidgets import QDialogButtonBox

from sitemap_studio.core.audit.fixes import FixKind, plan_fix
from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict
from sitemap_studio.core.audit.store import VerdictCount
from sitemap_studio.core.audit.targets import AuditRequest, AuditScope
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.dialogs.audit_results_dialog import AuditResultsDialog
from sitemap_studio.dialogs.audit_start_dialog import AuditStartDialog

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
LOCS = ("https://e.com/a", "https://e.com/old", "https://e.com/gone")


def results() -> dict[str, UrlAudit]:
    gone = AuditFinding("audit-not-found", Severity.ERROR, "answers 404: the page does not exist")
    return {
        LOCS[0]: UrlAudit(LOCS[0], "a.xml", 3, Verdict.INDEXABLE, status=200,
                          last_modified="Fri, 20 Nov 2026 08:30:00 GMT"),
        LOCS[1]: UrlAudit(LOCS[1], "a.xml", 4, Verdict.REDIRECT, status=301,
                          final_url="https://e.com/new", final_status=200,
                          redirects=(Hop(LOCS[1], 301, "https://e.com/new"),)),
        LOCS[2]: UrlAudit(LOCS[2], "a.xml", 5, Verdict.NOT_FOUND, status=404, findings=(gone,)),
    }


def texts(model) -> list[list[str]]:
    return [[model.index(r, c).data() for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def test_start_dialog_offers_the_scopes_there_are(qtbot, run_modal) -> None:
    counts = {AuditScope.SHOWN: 120, AuditScope.SELECTION: 3}
    dialog = AuditStartDialog(counts, allow_private=False, skip_days=7)
    qtbot.addWidget(dialog)
    assert dialog.scopes[AuditScope.SELECTION].isChecked()
    assert dialog.scopes[AuditScope.SHOWN].text() == "The sitemap shown (120 URLs)"
    assert not dialog.scopes[AuditScope.PROJECT].isEnabled()
    assert dialog.request() == AuditRequest(AuditScope.SELECTION, False, 7)

    def drive(shown: AuditStartDialog) -> None:
        shown.scopes[AuditScope.SHOWN].click()
        shown.private_box.click()
        shown.skip_spin.setValue(0)
        assert shown.skip_spin.text() == "never (audit every URL)"
        shown.ok_button.click()

    asked = run_modal(AuditStartDialog, lambda: AuditStartDialog.ask(
        None, counts, allow_private=False, skip_days=7), drive)
    assert asked == AuditRequest(AuditScope.SHOWN, True, 0)


def test_start_dialog_cannot_start_without_urls(qtbot) -> None:
    dialog = AuditStartDialog({AuditScope.SHOWN: 0}, allow_private=True, skip_days=0)
    qtbot.addWidget(dialog)
    assert not dialog.ok_button.isEnabled()
    assert dialog.request() is None
    assert dialog.private_box.isChecked()


def test_results_dialog_counts_verdicts_and_previews_each_fix(qtbot, qtmodeltester) -> None:
    document = document_of(*LOCS)
    plans = {kind: plan_fix(kind, document, results(), NOW) for kind in FixKind}
    counts = [VerdictCount(Verdict.NOT_FOUND, 1), VerdictCount(Verdict.INDEXABLE, 2),
              VerdictCount(Verdict.REDIRECT, 1)]
    dialog = AuditResultsDialog(counts, plans, heading="a.xml: 4 URLs audited.")
    qtbot.addWidget(dialog)
    dialog.show()
    assert texts(dialog.summary_model) == [
        ["indexable", "2 (50 %)", "answers 200 and may be indexed"],
        ["not-found", "1 (25 %)", "answers 404 or 410"],
        ["redirect", "1 (25 %)", "redirects elsewhere; list the final URL instead"],
    ]
    buttons = dialog.fix_buttons
    assert buttons[FixKind.REPLACE_REDIRECTS].isChecked()
    assert buttons[FixKind.REMOVE].text() == "Remove URLs that cannot be indexed (1 entry)"
    assert texts(dialog.preview.model()) == [
        ["2", LOCS[1], "https://e.com/new",
         "redirects (1 hop) to a page that answers 200 and can be indexed"]]
    qtmodeltester.check(dialog.preview.model())
    buttons[FixKind.REMOVE].click()
    assert texts(dialog.preview.model()) == [
        ["3", LOCS[2], "not-found: answers 404: the page does not exist"]]
    buttons[FixKind.LASTMOD].click()
    assert [row[2:4] for row in texts(dialog.preview.model())] == [
        ["(none)", "2026-11-20T08:30:00+00:00"]]
    assert dialog.preview_note.text() == "1 entry will change, as one step you can undo."
    assert dialog.chosen() is plans[FixKind.LASTMOD]
    assert dialog.apply_button.isEnabled()


def test_results_dialog_without_fixes_cannot_apply(qtbot, run_modal) -> None:
    document = document_of(LOCS[0])
    only_ok = {LOCS[0]: UrlAudit(LOCS[0], "a.xml", 3, Verdict.INDEXABLE, status=200)}
    plans = {kind: plan_fix(kind, document, only_ok, NOW) for kind in FixKind}
    counts = [VerdictCount(Verdict.INDEXABLE, 1)]

    def drive(dialog: AuditResultsDialog) -> None:
        assert not dialog.apply_button.isEnabled()
        assert not any(button.isEnabled() for button in dialog.fix_buttons.values())
        assert dialog.preview_note.text() == "No fix applies to the sitemap shown."
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()

    assert run_modal(AuditResultsDialog, lambda: AuditResultsDialog.ask(
        None, counts, plans, heading="a.xml"), drive) is None
