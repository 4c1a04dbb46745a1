"""Find and replace in the locations of every file of a project, with a live preview.

The *All entries* view's form of :class:`FindReplaceDialog`: the same input,
checks and preview, planned over several documents
(:func:`~sitemap_studio.core.edits.replace_across.plan_replace_across`); the preview
names each row's file. OK returns a
:class:`~sitemap_studio.core.edits.replace_across.FilesPlan`, whose ``files`` the
caller applies as one undoable step.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QWidget

from sitemap_studio.core.edits import FilesPlan, ReplacePlan, plan_replace_across, rows_for_ids
from sitemap_studio.core.model import SitemapDocument
from sitemap_studio.dialogs.find_replace_dialog import PREVIEW_LIMIT, FindReplaceDialog
from sitemap_studio.qt_models.preview_table_model import PreviewRow
from sitemap_studio.services.jobs import Job


class FindReplaceAcrossDialog(FindReplaceDialog):
    """Find and replace over ``documents`` (named ``names``); ``selected_ids`` per document."""

    def __init__(self, names: Sequence[str], documents: Sequence[SitemapDocument],
                 selected_ids: Sequence[Sequence[int]] | None = None,
                 parent: QWidget | None = None, **options: int) -> None:
        if not documents:
            raise ValueError("find and replace needs a document")
        super().__init__(documents[0], None, parent, **options)
        self.names = list(names)
        self.documents = list(documents)
        self.setWindowTitle("Find and Replace in Locations of All Files")
        self._part_rows: list[list[int]] | None = None
        if selected_ids is not None:
            self._part_rows = [sorted(rows_for_ids(document, ids).values())
                               for document, ids in zip(self.documents, selected_ids,
                                                        strict=True)]
            count = sum(len(rows) for rows in self._part_rows)
            self.selected_radio.setText(f"&Selected entries ({count:,})")
            self.selected_radio.setEnabled(count > 0)

    def _start_preview(self) -> None:
        """Plan in the worker over every document (overrides the one-document planning)."""
        find, replace, regex, case_sensitive = self._arguments()
        rows = self._part_rows if self.selected_radio.isChecked() else None
        job = Job(plan_replace_across, self.documents, find, replace, regex=regex,
                  case_sensitive=case_sensitive, rows=rows)
        job.signals.succeeded.connect(self._planned)
        job.signals.failed.connect(self._failed)
        self._job = job
        self._runner.start(job)
        self.preview_started.emit()

    @property
    def files_plan(self) -> FilesPlan | None:
        """The plan the preview shows, per file."""
        plan = self.plan
        return plan if isinstance(plan, FilesPlan) else None

    def _preview_lines(self, plan: ReplacePlan) -> list[PreviewRow]:
        """The first :data:`PREVIEW_LIMIT` changes and refusals, each row named by its file."""
        if not isinstance(plan, FilesPlan):
            return super()._preview_lines(plan)
        lines: list[PreviewRow] = []
        for name, document, part in zip(self.names, self.documents, plan.files, strict=True):
            rows = rows_for_ids(document, (entry.id for entry in part.changes[:PREVIEW_LIMIT]))
            found: list[tuple[int, PreviewRow]] = []
            for entry in part.changes[:PREVIEW_LIMIT]:
                row = rows.get(entry.id)
                if row is not None:
                    found.append((row, PreviewRow((f"{name}:{row + 1:,}",
                                                   document.text(row, 0) or "",
                                                   entry.loc or "", ""))))
            for refusal in part.refused[:PREVIEW_LIMIT]:
                found.append((refusal.row, PreviewRow(
                    (f"{name}:{refusal.row + 1:,}", refusal.old, refusal.new, "refused"),
                    f"Refused: {refusal.reason}", warning=True)))
            found.sort(key=lambda item: item[0])
            lines.extend(line for _row, line in found)
            if len(lines) >= PREVIEW_LIMIT:
                break
        return lines[:PREVIEW_LIMIT]

    @classmethod
    def ask_across(cls, parent: QWidget | None, names: Sequence[str],
                   documents: Sequence[SitemapDocument], *,
                   selected_ids: Sequence[Sequence[int]] | None = None) -> FilesPlan | None:
        """Ask what to replace in every document; the plan, or ``None`` when cancelled.

        The documents must not change between this call and applying the plan.
        """
        dialog = cls(names, documents, selected_ids, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.files_plan if accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["FindReplaceAcrossDialog"]
