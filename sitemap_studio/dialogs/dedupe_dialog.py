"""Preview removing duplicate entries: what goes, and the entry each one duplicates.

:func:`~sitemap_studio.core.edits.dedupe.plan_dedupe` takes no options (its rule
is fixed: the normalised location, a trailing slash counts, the first entry
stays), so the dialog explains the rule instead of offering choices. Planning
50,000 entries takes a few hundredths of a second, so it runs on opening.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.edits import DedupePlan, plan_dedupe
from sitemap_studio.core.model import SitemapDocument
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, ok_cancel_buttons, plural
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.preview_table_model import PreviewRow, PreviewTableModel

#: How many lines the preview table shows at most.
PREVIEW_LIMIT = 500
HEADERS = ("Row", "Line", "Location removed", "Kept row", "Kept location")
NO_DUPLICATES = "No duplicates found."
RULE_TEXT = ("Two entries are duplicates when their locations are the same once the case of the "
             "scheme and host, a default port, escapes of plain characters and a #fragment are "
             "ignored. A trailing slash counts: /page and /page/ are not removed. The first entry "
             "of each group stays.")


class DedupeDialog(QDialog):
    """Shows the duplicate removal :func:`plan_dedupe` plans for ``document``."""

    def __init__(self, document: SitemapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Remove Duplicate Entries")
        self.setMinimumSize(640, 400)
        self.plan: DedupePlan = plan_dedupe(document)

        rule = QLabel(RULE_TEXT, self)
        rule.setWordWrap(True)
        self.status_label = FeedbackLabel(self)
        self.model = PreviewTableModel(HEADERS, numeric=(0, 1, 3), parent=self)
        self.preview = read_only_table(self.model, self, stretch=(2, 4), fit=True)
        self.preview_note = QLabel(self)
        self.buttons, self.ok_button = ok_cancel_buttons(self, "&Remove Duplicates")

        layout = QVBoxLayout(self)
        layout.addWidget(rule)
        layout.addWidget(self.status_label)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.preview_note)
        layout.addWidget(self.buttons)
        QWidget.setTabOrder(self.preview, self.buttons)
        self._show()
        self.status_label.quiet_until_input(self)

    def _show(self) -> None:
        plan, document = self.plan, self.document
        count = len(plan)
        if count:
            self.status_label.show_info(
                f"{plural(count, 'entry', 'entries')} will be removed: "
                f"{plural(plan.groups, 'location is', 'locations are')} listed more than once.")
        else:
            self.status_label.show_problem(NO_DUPLICATES)
        lines = plan.preview(document, PREVIEW_LIMIT)
        rows = []
        for line in lines:
            number = document.line_of(line.row)
            cells = (f"{line.row + 1:,}", "" if number is None else f"{number:,}", line.loc,
                     f"{line.kept_row + 1:,}", line.kept_loc)
            tip = f"Row {line.row + 1:,} repeats row {line.kept_row + 1:,}: {line.kept_loc}"
            rows.append(PreviewRow(cells, tip))
        self.model.set_rows(rows)
        note = f"Showing the first {len(lines):,} of {count:,}." if len(lines) < count else ""
        self.preview_note.setText(note)
        self.preview_note.setVisible(bool(note))
        self.ok_button.setEnabled(count > 0)
        self.ok_button.setDefault(count > 0)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(not count)

    @classmethod
    def ask(cls, parent: QWidget | None, document: SitemapDocument) -> DedupePlan | None:
        """Show what a duplicate removal would take out; the plan, or ``None`` when cancelled.

        The caller removes the entries as one undoable step with
        ``bulk_steps.remove_duplicates(stack, document, plan)``, which finds
        them again by id.
        """
        dialog = cls(document, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.plan if accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["NO_DUPLICATES", "PREVIEW_LIMIT", "DedupeDialog"]
