"""Find and replace in the locations of a document, with a live preview of what would change.

The dialog plans, it never edits: OK returns the core's
:class:`~sitemap_studio.core.edits.find_replace.ReplacePlan` and the caller applies
it as one undoable step. Typing checks the pattern at once (an invalid
regular expression disables OK and says why) but plans only once the typing
pauses (:data:`DEBOUNCE_MS`), in a worker thread: planning a change of every
one of 50,000 locations takes about a second, which the GUI must not wait for.
A plan that is out of date when it arrives is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from PySide6.QtCore import QThreadPool, QTimer, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.edits import PatternError, ReplacePlan, plan_replace, rows_for_ids
from sitemap_studio.core.model import SitemapDocument, SitemapError
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, ok_cancel_buttons, plural
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.preview_table_model import PreviewRow, PreviewTableModel
from sitemap_studio.services.jobs import Job, JobRunner

#: Milliseconds of quiet after the last change before a preview is planned.
DEBOUNCE_MS = 150
#: How many lines the preview table shows at most.
PREVIEW_LIMIT = 100
#: What the caller names the undo step.
UNDO_TEXT = "Find and replace"
HEADERS = ("Row", "Current location", "New location", "Note")


class FindReplaceDialog(QDialog):
    """Find text (or a regular expression) in the locations and preview its replacement."""

    #: A preview was started in the worker (after the typing paused).
    preview_started = Signal()
    #: The label and table now show the current input: a plan, a pattern error, or a failure.
    preview_ready = Signal()

    def __init__(self, document: SitemapDocument, selected_ids: Iterable[int] | None = None,
                 parent: QWidget | None = None, *, debounce_ms: int = DEBOUNCE_MS) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Find and Replace in Locations")
        self.setMinimumSize(620, 440)
        self._selected_rows = (None if selected_ids is None
                               else sorted(rows_for_ids(document, selected_ids).values()))
        self._plan: ReplacePlan | None = None
        self._job: Job | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._runner = JobRunner(self._pool, self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._start_preview)
        self._build()
        self._input_changed()
        self.status_label.quiet_until_input(self)

    # --------------------------------------------------------------- building

    def _build(self) -> None:
        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText("e.g. http://example.com")
        self.replace_edit = QLineEdit(self)
        self.replace_edit.setPlaceholderText("e.g. https://example.com")
        self.regex_box = QCheckBox("Regular e&xpression", self)
        self.regex_box.setToolTip("Python regular expression; the replacement may use \\1 or "
                                  "\\g<name>")
        self.case_box = QCheckBox("Match &case", self)
        self.case_box.setChecked(True)
        self.all_radio = QRadioButton("&All entries", self)
        count = len(self._selected_rows or ())
        self.selected_radio = QRadioButton(f"&Selected entries ({count:,})", self)
        self.selected_radio.setEnabled(count > 0)
        self.all_radio.setChecked(True)
        self._scope = QButtonGroup(self)
        self._scope.addButton(self.all_radio)
        self._scope.addButton(self.selected_radio)

        self.status_label = FeedbackLabel(self)
        self.model = PreviewTableModel(HEADERS, numeric=(0,), parent=self)
        self.preview = read_only_table(self.model, self, stretch=(1, 2), fit=True)
        self.preview_note = QLabel(self)

        self.buttons, self.ok_button = ok_cancel_buttons(self, "&Replace")

        form = QFormLayout()
        form.addRow("&Find:", self.find_edit)
        form.addRow("Replace &with:", self.replace_edit)
        options = QHBoxLayout()
        options.addWidget(self.regex_box)
        options.addWidget(self.case_box)
        options.addStretch(1)
        form.addRow("", options)
        scope = QHBoxLayout()
        scope.addWidget(self.all_radio)
        scope.addWidget(self.selected_radio)
        scope.addStretch(1)
        form.addRow("In:", scope)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status_label)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.preview_note)
        layout.addWidget(self.buttons)

        chain = [self.find_edit, self.replace_edit, self.regex_box, self.case_box,
                 self.all_radio, self.selected_radio, self.preview, self.buttons]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.find_edit.setFocus()

        for edit in (self.find_edit, self.replace_edit):
            edit.textChanged.connect(self._input_changed)
        for box in (self.regex_box, self.case_box, self.selected_radio):
            box.toggled.connect(self._input_changed)

    # --------------------------------------------------------------- state

    @property
    def plan(self) -> ReplacePlan | None:
        """The plan the preview shows, ``None`` while it is being planned or the input is wrong."""
        return self._plan

    @property
    def planning(self) -> bool:
        """Whether a preview is waiting for the typing to pause or for the worker."""
        return self._timer.isActive() or self._job is not None

    def _arguments(self) -> tuple[str, str, bool, bool]:
        return (self.find_edit.text(), self.replace_edit.text(), self.regex_box.isChecked(),
                self.case_box.isChecked())

    def _rows(self) -> list[int] | None:
        return self._selected_rows if self.selected_radio.isChecked() else None

    def _input_changed(self) -> None:
        """Check the input at once; plan it once the typing pauses."""
        self._plan = None
        self._drop_job()
        self.ok_button.setEnabled(False)
        find, replace, regex, case_sensitive = self._arguments()
        if not find:
            self._timer.stop()
            self._show_rows([], "")
            self.status_label.show_problem("Type the text to find.")
            self.preview_ready.emit()
            return
        try:  # no rows: only compiles the pattern and the replacement
            plan_replace(self.document, find, replace, regex=regex,
                         case_sensitive=case_sensitive, rows=())
        except PatternError as error:
            self._timer.stop()
            self._show_rows([], "")
            what = "The regular expression" if error.part == "find" else "The replacement"
            self.status_label.show_problem(f"{what} cannot be used: {error}")
            self.preview_ready.emit()
            return
        self.status_label.show_info("Counting…")
        self._timer.start()

    def _drop_job(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def _start_preview(self) -> None:
        find, replace, regex, case_sensitive = self._arguments()
        job = Job(plan_replace, self.document, find, replace, regex=regex,
                  case_sensitive=case_sensitive, rows=self._rows())
        job.signals.succeeded.connect(self._planned)
        job.signals.failed.connect(self._failed)
        self._job = job
        self._runner.start(job)
        self.preview_started.emit()

    def _is_current(self) -> bool:
        """Whether the signal being handled comes from the job of the current input."""
        return self._job is not None and self.sender() is self._job.signals

    def _planned(self, plan: ReplacePlan) -> None:
        if not self._is_current():
            return
        self._job = None
        self._plan = plan
        self._show_plan(plan)
        self.ok_button.setEnabled(bool(plan.changes))
        self.preview_ready.emit()

    def _failed(self, error: SitemapError) -> None:
        if not self._is_current():
            return
        self._job = None
        self._show_rows([], "")
        self.status_label.show_problem(f"The preview failed: {error}")
        self.preview_ready.emit()

    # --------------------------------------------------------------- showing

    def _show_plan(self, plan: ReplacePlan) -> None:
        changed, refused = len(plan.changes), len(plan.refused)
        if changed or refused:
            text = f"{plural(changed, 'entry', 'entries')} will change"
            if refused:
                text += f"; {refused:,} refused"
            text += f" ({plural(plan.matches, 'match', 'matches')})."
            if not changed:
                self.status_label.show_problem(text + " Every result is refused.")
            else:
                self.status_label.show_info(text)
        elif plan.matches:
            self.status_label.show_problem(
                f"{plural(plan.matches, 'match', 'matches')}, but no location would change.")
        else:
            self.status_label.show_problem("No location matches.")
        lines = self._preview_lines(plan)
        shown = len(lines)
        total = changed + refused
        note = f"Showing the first {shown:,} of {total:,}." if shown < total else ""
        self._show_rows(lines, note)

    def _preview_lines(self, plan: ReplacePlan) -> list[PreviewRow]:
        """The first :data:`PREVIEW_LIMIT` changes and refusals, in row order."""
        document = self.document
        first = plan.changes[:PREVIEW_LIMIT]
        rows = rows_for_ids(document, (entry.id for entry in first))
        lines: list[tuple[int, PreviewRow]] = []
        for entry in first:
            row = rows.get(entry.id)
            if row is None:
                continue
            old = document.text(row, 0) or ""
            lines.append((row, PreviewRow((f"{row + 1:,}", old, entry.loc or "", ""))))
        for refusal in plan.refused[:PREVIEW_LIMIT]:
            cells = (f"{refusal.row + 1:,}", refusal.old, refusal.new, "refused")
            lines.append((refusal.row, PreviewRow(cells, f"Refused: {refusal.reason}",
                                                  warning=True)))
        lines.sort(key=lambda item: item[0])
        return [line for _row, line in lines[:PREVIEW_LIMIT]]

    def _show_rows(self, rows: list[PreviewRow], note: str) -> None:
        self.model.set_rows(rows)
        self.preview_note.setText(note)
        self.preview_note.setVisible(bool(note))

    # --------------------------------------------------------------- closing

    def done(self, result: int) -> None:
        """Override of ``QDialog.done``: stop planning before the caller edits the document."""
        self._timer.stop()
        self._drop_job()
        self._runner.cancel_all()
        self._pool.waitForDone()
        super().done(result)

    @classmethod
    def ask(cls, parent: QWidget | None, document: SitemapDocument, *,
            selected_ids: Iterable[int] | None = None) -> ReplacePlan | None:
        """Ask what to replace; the plan to apply, or ``None`` when cancelled.

        ``selected_ids`` are the ids of the selected entries; with some, the
        user may limit the replacement to them. The plan's ``changes`` are the
        new entries; the caller applies them as one undoable step with
        ``bulk_steps.apply_plan(stack, document, plan.changes, UNDO_TEXT)``.
        The document must not change between this call and that one.
        """
        dialog = cls(document, selected_ids, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.plan if accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["DEBOUNCE_MS", "PREVIEW_LIMIT", "UNDO_TEXT", "FindReplaceDialog"]
