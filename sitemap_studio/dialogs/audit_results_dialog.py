"""The audit's summary, like a coverage report, and its fixes with a preview of each.

The top lists how many URLs got each verdict (the indexable ones first, then
why the others are not). Below, each fix the audit offers for the sitemap
shown says how many entries it changes; choosing one previews every change
(row, location, value before and after, and why) before it is applied. The
dialog changes nothing: :meth:`AuditResultsDialog.ask` returns the chosen
:class:`~sitemap_studio.core.audit.fixes.FixPlan`, which the window applies
as one undoable step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QRadioButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.audit import FixChange, FixKind, FixPlan, Verdict, VerdictCount
from sitemap_studio.dialogs.feedback_label import ok_cancel_buttons, plural
from sitemap_studio.qt_models.preview_table_model import PreviewRow, PreviewTableModel

#: How many changes the preview lists at most.
PREVIEW_LIMIT = 500
SUMMARY_HEADERS = ("Verdict", "URLs", "What it means")
#: The preview's columns for each fix (the location is the value a redirect fix changes).
PREVIEW_HEADERS = {
    FixKind.REPLACE_REDIRECTS: ("Row", "Location", "Final URL", "Why"),
    FixKind.REMOVE: ("Row", "Location removed", "Why"),
    FixKind.QUARANTINE: ("Row", "Location moved", "Why"),
    FixKind.LASTMOD: ("Row", "Location", "lastmod now", "lastmod after", "Why"),
}
MEANINGS = {
    Verdict.INDEXABLE: "answers 200 and may be indexed",
    Verdict.BLOCKED: "robots.txt disallows crawling it",
    Verdict.REDIRECT: "redirects elsewhere; list the final URL instead",
    Verdict.NOT_FOUND: "answers 404 or 410",
    Verdict.CLIENT_ERROR: "answers another 4xx status",
    Verdict.SERVER_ERROR: "answers a 5xx status",
    Verdict.NOINDEX: "asks search engines not to index it",
    Verdict.CANONICALISED: "names another URL as its canonical one",
    Verdict.UNREACHABLE: "did not answer (or was not fetched)",
}


def preview_cells(kind: FixKind, change: FixChange, after: str | None = None) -> tuple[str, ...]:
    """One line of the preview of fix ``kind`` (``after`` replaces the new value's text)."""
    row = f"{change.row + 1:,}"
    new = after if after is not None else (change.after or "")
    if kind == FixKind.REPLACE_REDIRECTS:
        return row, change.loc, new, change.reason
    if kind in (FixKind.REMOVE, FixKind.QUARANTINE):
        return row, change.loc, change.reason
    return row, change.loc, change.before or "(none)", new, change.reason


def summary_rows(counts: Sequence[VerdictCount]) -> list[PreviewRow]:
    """The summary table: indexable first, then each reason a URL is not, with totals."""
    total = sum(item.count for item in counts)
    rows = []
    for item in sorted(counts, key=lambda c: (c.verdict != Verdict.INDEXABLE, -c.count)):
        share = f" ({item.count * 100 / total:.0f} %)" if total else ""
        rows.append(PreviewRow((str(item.verdict), f"{item.count:,}{share}",
                                MEANINGS[item.verdict]),
                               warning=item.verdict != Verdict.INDEXABLE))
    return rows


class AuditResultsDialog(QDialog):
    """Counts per verdict, and the fixes for one document with their previews."""

    def __init__(self, counts: Sequence[VerdictCount], plans: Mapping[FixKind, FixPlan], *,
                 heading: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Audit Results")
        self.setMinimumSize(760, 480)
        self.plans = dict(plans)
        heading_label = QLabel(heading, self)
        heading_label.setWordWrap(True)
        self.summary_model = PreviewTableModel(SUMMARY_HEADERS, numeric=(1,), parent=self)
        self.summary_model.set_rows(summary_rows(counts))
        self.summary_view = self._table(self.summary_model, stretch=2)
        self.summary_view.setObjectName("audit_summary")
        rows = self.summary_model.rowCount()
        self.summary_view.setFixedHeight(  # every verdict in view, no scrolling
            self.summary_view.horizontalHeader().sizeHint().height()
            + self.summary_view.verticalHeader().defaultSectionSize() * max(rows, 1)
            + 2 * self.summary_view.frameWidth())
        fixes = QGroupBox("Fixes for the sitemap shown", self)
        fixes_layout = QVBoxLayout(fixes)
        self.fix_buttons: dict[FixKind, QRadioButton] = {}
        for kind in FixKind:
            plan = self.plans.get(kind)
            if plan is None:  # a lone file has no quarantine sitemap
                continue
            count = len(plan) if plan is not None else 0
            button = QRadioButton(f"{kind.label} ({plural(count, 'entry', 'entries')})", fixes)
            button.setObjectName(f"fix_{kind}")
            button.setEnabled(count > 0)
            button.toggled.connect(self._show_preview)
            self.fix_buttons[kind] = button
            fixes_layout.addWidget(button)
        self.preview_models = {kind: PreviewTableModel(headers, numeric=(0,), parent=self)
                               for kind, headers in PREVIEW_HEADERS.items()}
        self.preview_model = self.preview_models[FixKind.REPLACE_REDIRECTS]
        self.preview = self._table(self.preview_model, stretch=1)
        self.preview.setObjectName("fix_preview")
        self.preview_note = QLabel(self)
        self.preview_note.setWordWrap(True)
        self.buttons, self.apply_button = ok_cancel_buttons(self, "&Apply Fix")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Close")
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label)
        layout.addWidget(self.summary_view)
        layout.addWidget(fixes)
        layout.addWidget(self.preview, 2)
        layout.addWidget(self.preview_note)
        layout.addWidget(self.buttons)
        first = next((b for b in self.fix_buttons.values() if b.isEnabled()), None)
        if first is not None:
            first.setChecked(True)
        self._show_preview()

    def _table(self, model: PreviewTableModel, stretch: int) -> QTableView:
        view = QTableView(self)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(22)
        view.setWordWrap(False)
        self._set_model(view, model, stretch)
        return view

    @staticmethod
    def _set_model(view: QTableView, model: PreviewTableModel, stretch: int) -> None:
        view.setModel(model)
        header = view.horizontalHeader()
        for column in range(model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # The location (or the meaning) and the last column share what is left.
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(model.columnCount() - 1, QHeaderView.ResizeMode.Stretch)

    def chosen(self) -> FixPlan | None:
        """The plan of the fix chosen, if it changes anything."""
        kind = next((k for k, b in self.fix_buttons.items() if b.isChecked()), None)
        plan = self.plans.get(kind) if kind is not None else None
        return plan if plan is not None and len(plan) else None

    def _show_preview(self, *_args: object) -> None:
        plan = self.chosen()
        rows = []
        if plan is not None:
            self.preview_model = self.preview_models[plan.kind]
            rows = [PreviewRow(preview_cells(plan.kind, change), change.reason)
                    for change in plan.changes[:PREVIEW_LIMIT]]
            rows.extend(PreviewRow(preview_cells(plan.kind, change, "(left as it is)"),
                                   change.reason, True)
                        for change in plan.left_alone[:PREVIEW_LIMIT])
        self.preview_model.set_rows(rows)
        if self.preview.model() is not self.preview_model:
            self._set_model(self.preview, self.preview_model, 1)
        if plan is None:
            note = "No fix applies to the sitemap shown." if not any(
                b.isEnabled() for b in self.fix_buttons.values()) else ""
        else:
            note = (f"{plural(len(plan), 'entry', 'entries')} will change, as one step you "
                    "can undo.")
            if len(plan) > PREVIEW_LIMIT:
                note += f" Showing the first {PREVIEW_LIMIT:,}."
        self.preview_note.setText(note)
        self.apply_button.setEnabled(plan is not None)

    @classmethod
    def ask(cls, parent: QWidget | None, counts: Sequence[VerdictCount],
            plans: Mapping[FixKind, FixPlan], *, heading: str) -> FixPlan | None:
        """Show the summary and the fixes; the plan of the fix to apply, or ``None``."""
        dialog = cls(counts, plans, heading=heading, parent=parent)
        try:
            return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["MEANINGS", "PREVIEW_HEADERS", "AuditResultsDialog", "preview_cells",
           "summary_rows"]
