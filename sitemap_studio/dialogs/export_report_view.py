"""What an export wrote and did, in the export dialog: the files, then the notes in words.

The table lists every file written (in an export of several hosts the names
start with the host's folder); under it a read-only text says what export did
to the input on the way: URLs merged as duplicates, relative URLs resolved,
entries left out and why, values written without because the schema rejects
them, and the errors written anyway (with a few examples each).
"""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.export import ExportReport, ExportSources, plural
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.publish_models import human_size, result_model

#: Examples listed per kind of note (the counts always cover everything).
NOTE_EXAMPLES = 5


def report_notes(report: ExportReport, folder: str | None = None) -> list[str]:
    """The report's notes as lines; paths inside ``folder`` are shown relative to it."""
    lines = report.note_lines(examples=NOTE_EXAMPLES)
    if not lines:
        return ["Every entry was written as it is: nothing was merged, resolved or left out."]
    if folder:
        prefix = os.path.join(folder, "")
        lines = [line.replace(prefix, "") for line in lines]
    return lines


def common_folder(sources: ExportSources) -> str | None:
    """The folder every input file is in (the report names files relative to it)."""
    folders = {os.path.dirname(member.path) for member in sources.members}
    try:
        return os.path.commonpath(list(folders)) if folders else None
    except ValueError:  # different drives on Windows
        return None


def report_summary(report: ExportReport) -> str:
    """One paragraph: the files and indexes written, where, and how many entries were left out."""
    text = (f"Wrote {plural(len(report.files), 'file')} with {plural(report.urls, 'URL')}"
            f" ({human_size(report.raw_bytes)} uncompressed, {human_size(report.stored_bytes)}"
            " on disk)")
    indexes = [each.index.name for each in report.sets if each.index is not None]
    if indexes:
        text += f" and the {'index' if len(indexes) == 1 else 'indexes'} " + ", ".join(indexes)
    text += f" to {report.out_dir}."
    left_out = report.notes.left_out.total
    if left_out:
        text += f" {plural(left_out, 'entry', 'entries')} left out (see below)."
    if report.removed:
        text += (" Removed files of the previous export that are no longer produced: "
                 + ", ".join(report.removed) + ".")
    return text


class ExportReportView(QWidget):
    """The files an export wrote, and its notes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.result_model = result_model(self)
        # Numbers always whole; a long name (host folder first) keeps its distinct end.
        self.result_view = read_only_table(self.result_model, self, stretch=(0,), fit=True)
        self.result_view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # Measuring 50,000 rows would stall the dialog.
        self.result_view.horizontalHeader().setResizeContentsPrecision(200)
        layout.addWidget(self.result_view, 3)
        layout.addWidget(QLabel("What export did to the input:", self))
        self.notes_view = QPlainTextEdit(self)
        self.notes_view.setReadOnly(True)
        self.notes_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.notes_view.setObjectName("export_notes")
        layout.addWidget(self.notes_view, 2)

    def show_report(self, report: ExportReport, folder: str | None = None) -> None:
        """List ``report``'s files and notes (paths relative to ``folder`` when inside it)."""
        self.result_model.set_records(report.files)
        self.notes_view.setPlainText("\n".join(report_notes(report, folder)))

    def notes(self) -> str:
        """The notes as shown."""
        return self.notes_view.toPlainText()


__all__ = [
    "NOTE_EXAMPLES", "ExportReportView", "common_folder", "report_notes", "report_summary",
]
