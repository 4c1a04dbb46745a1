"""Export the project's sitemaps: every export setting, a live preview, a background export.

The preview (:class:`ExportPreviewView`) lists the files the settings would
produce (names, URL counts, sizes against the limits) before anything is
written. It comes from
:mod:`sitemap_studio.core.export.preview`: the entries are measured once in a
worker when the dialog opens, and each change of the settings re-plans the
files in well under a millisecond. Export checks the sitemaps and writes the
files in a worker (progress and Cancel in the dialog); a cancelled or failed
export leaves the previous output as it was. What export resolves by itself
(splitting, duplicates, encodings, relative URLs) never stops it; other errors
are listed in the Errors tab (:class:`BlockersPanel`) and the user decides:
*Export Anyway* or *Cancel*. The Report tab lists the written files with their
counts and sizes and says what export did to the input; Open Folder shows them.

:meth:`ExportDialog.ask` returns the settings chosen; the caller stores them in
the project (``core.export_run.apply_export_settings``) and saves it.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.export import (
    EntrySizes,
    ExportOptions,
    ExportPlan,
    ExportReport,
    LoneFileExport,
    export_sources,
    options_for,
    output_folder_problem,
    plan_export,
    project_base_url,
    settings_problems,
)
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import ExportSettings, Project, Workspace, url_problem
from sitemap_studio.dialogs import publish_prompts
from sitemap_studio.dialogs.blockers_panel import BlockersPanel
from sitemap_studio.dialogs.export_preview_view import ExportPreviewView
from sitemap_studio.dialogs.export_report_view import (
    ExportReportView,
    common_folder,
    report_summary,
)
from sitemap_studio.dialogs.export_settings_form import ExportSettingsForm
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, plural
from sitemap_studio.qt_models.publish_models import Blocker
from sitemap_studio.services.exporting import ExportService
from sitemap_studio.services.jobs import JobRunner

#: Shows an entry in the window: (member path, entry id or None, field or None).
JumpTo = Callable[[str, int | None, str | None], None]


class ExportDialog(QDialog):
    """The export settings with a preview of their files, and the export itself."""

    #: The preview table and summary now show the current settings.
    preview_ready = Signal()
    #: (member path, entry id or None, field or None): the user asked to see this entry.
    jump_requested = Signal(str, object, object)

    def __init__(self, runner: JobRunner, workspace: Workspace, project: Project | None,
                 parent: QWidget | None = None, *, lone: LoneFileExport | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export Sitemaps")
        self.setMinimumSize(720, 640)
        self.resize(900, 700)  # fits a 1366x768 screen with its panels and title bar
        self.project = project
        self.sources = export_sources(workspace)
        self.service = ExportService(runner, self)
        self._sizes: EntrySizes | None = None
        self._plan: ExportPlan | None = None
        self._report: ExportReport | None = None
        self._exported: ExportSettings | None = None
        self._pending_settings: ExportSettings | None = None
        self._close_when_done = False
        #: The entry to show in the window once the dialog has closed (see :meth:`ask`).
        self.jump_target: tuple[str, int | None, str | None] | None = None
        lone = lone or LoneFileExport()
        settings = project.export if project is not None else (
            lone.settings or _lone_file_settings(workspace))
        folder = project.folder() if project is not None and project.path else None
        base = project_base_url(project) if project is not None else lone.base_url
        self.form = ExportSettingsForm(settings, base, folder, self)
        self._build()
        self.form.changed.connect(self._update)
        self.service.measured.connect(self._measured)
        self.service.measure_failed.connect(self._measure_failed)
        self.service.progress.connect(self._progress)
        self.service.finished.connect(self._finished)
        self.service.failed.connect(self._failed)
        self.service.blocked.connect(self._blocked)
        self.service.cancelled.connect(self._cancelled)
        self.service.running_changed.connect(self._running_changed)
        self.preview_label.show_info("Measuring the entries for the preview…")
        self.service.measure(self.sources.documents)
        self._update()
        self.problem_label.quiet_until_input(self)

    @classmethod
    def ask(cls, parent: QWidget | None, *, runner: JobRunner, workspace: Workspace,
            project: Project | None, jump: JumpTo | None = None,
            lone: LoneFileExport | None = None) -> ExportSettings | None:
        """Show the dialog; the settings to keep in the project, or ``None``.

        Without a project, ``lone`` holds the settings and base URL shown
        (Save Settings keeps them there for the next time).

        OK returns the settings shown; Close returns those of the last
        successful export, or ``None`` when nothing was exported. When the
        user double-clicks an error, the dialog closes and ``jump`` is called
        with that entry.
        """
        dialog = cls(runner, workspace, project, parent, lone=lone)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            if accepted and project is None and lone is not None:
                lone.settings, lone.base_url = dialog.form.settings(), dialog.form.base_url()
            if dialog.jump_target is not None and jump is not None:
                jump(*dialog.jump_target)
            return dialog.chosen_settings(accepted)
        finally:
            dialog.deleteLater()

    def chosen_settings(self, accepted: bool) -> ExportSettings | None:
        """The settings to keep when the dialog closes (accepted: the ones shown)."""
        return self.form.settings() if accepted else self._exported

    # --------------------------------------------------------------- building

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        self.problem_label = FeedbackLabel(self)
        layout.addWidget(self.problem_label)

        self.tabs = QTabWidget(self)
        preview = ExportPreviewView(lambda: self.form.max_urls_spin.value(),
                                    lambda: self.form.max_bytes_spin.value(), self)
        self.plan_model = preview.plan_model
        self.preview_view = preview.preview_view
        self.preview_label = preview.preview_label
        self.preview_tab = self.tabs.addTab(preview, "Files this export will write")
        self.preview = preview
        self.blockers_panel = BlockersPanel(parent=self)
        self.blockers_panel.proceed_requested.connect(self._export_anyway)
        self.blockers_panel.dismissed.connect(self._dismiss_blockers)
        self.blockers_panel.jump_requested.connect(self._jump)
        self.errors_tab = self.tabs.addTab(self.blockers_panel, "Errors")
        self.tabs.setTabVisible(self.errors_tab, False)
        self.report_view = ExportReportView(self)
        self.result_model = self.report_view.result_model
        self.result_view = self.report_view.result_view
        self.report_tab = self.tabs.addTab(self.report_view, "Report")
        self.tabs.setTabVisible(self.report_tab, False)
        layout.addWidget(self.tabs, 1)

        row = QHBoxLayout()
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setVisible(False)
        self.cancel_button = QPushButton("&Cancel Export", self)
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.service.cancel)
        row.addWidget(self.progress_bar, 1)
        row.addWidget(self.cancel_button)
        layout.addLayout(row)
        self.status_label = FeedbackLabel(self)
        layout.addWidget(self.status_label)

        self.buttons = QDialogButtonBox(self)
        self.export_button = self.buttons.addButton("&Export",
                                                    QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button.clicked.connect(lambda: self._export())
        self.open_folder_button = self.buttons.addButton(
            "Open &Folder", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_folder_button.setEnabled(False)
        self.open_folder_button.clicked.connect(self._open_folder)
        self.ok_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Save Settings")
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    # ------------------------------------------------------------ validation

    def options(self) -> ExportOptions:
        """The export options the fields give now."""
        return options_for(self.project, self.form.settings(), self.form.base_url())

    def problems(self) -> tuple[list[str], list[str]]:
        """Why the settings cannot be saved, and why the export cannot run (beyond those)."""
        settings = self.form.settings()
        saving = settings_problems(settings)
        folder = output_folder_problem(self.project, settings)
        if folder:
            saving.append(folder)
        saving.extend(f"other hosts' base URLs: {problem}" for problem in
                      map(url_problem, settings.host_base_urls) if problem)
        covered = {problem.split(":", 1)[0] for problem in saving} | {"output folder"}
        said = {problem.split(": ", 1)[-1] for problem in saving}
        exporting = [problem for problem in self.options().problems()
                     if problem.split(":", 1)[0] not in covered
                     and problem.split(": ", 1)[-1] not in said]
        if self.sources.unreadable:
            exporting.append(f"{plural(len(self.sources.unreadable), 'file')} of the project "
                             f"cannot be read: {self.sources.unreadable[0].located()}")
        if self._plan is not None and self._plan.problem:
            exporting.append(self._plan.problem)
        return saving, exporting

    def _update(self) -> None:
        self._replan()
        saving, exporting = self.problems()
        running = self.service.running
        if saving or exporting:
            self.problem_label.show_problem("\n".join(saving + exporting))
        else:
            self.problem_label.show_info("Ready to export. The sitemaps are checked first: "
                                         "what export cannot fix by itself is listed, and "
                                         "you decide.")
        self.ok_button.setEnabled(not saving and not running)
        self.export_button.setEnabled(not saving and not exporting and not running)
        self.blockers_panel.proceed_button.setEnabled(self.export_button.isEnabled())

    def _replan(self) -> None:
        if self._sizes is None:
            return
        options = self.options()
        self._plan = plan_export(self._sizes, options)
        self.preview.show_plan(self._plan, options.gzip, self._sizes.estimated)
        self.preview_ready.emit()

    # ------------------------------------------------------------- measuring

    def _measured(self, sizes: EntrySizes) -> None:
        self._sizes = sizes
        self._update()

    def _measure_failed(self, error: SitemapError) -> None:
        self.preview_label.show_problem(f"No preview: {error.message}")
        self.preview_ready.emit()

    # ------------------------------------------------------------- exporting

    def _export(self, allow_errors: bool = False) -> None:
        if self.service.running or not self.export_button.isEnabled():
            return
        self._pending_settings = self.form.settings()
        self._show_tab(self.preview_tab)
        self.open_folder_button.setEnabled(False)
        self.progress_bar.setRange(0, 0)
        self.status_label.show_info("Writing the files, leaving out what cannot be written "
                                    "validly…" if allow_errors else
                                    "Checking the sitemaps, then writing the files…")
        self.service.export(self.sources, self.options(), allow_errors=allow_errors)

    def _export_anyway(self) -> None:
        self._export(allow_errors=True)

    def _blocked(self, blockers: list[Blocker]) -> None:
        self.blockers_panel.set_blockers(blockers)
        self.tabs.setTabText(self.errors_tab, f"Errors ({len(blockers):,})")
        self._show_tab(self.errors_tab)
        self.blockers_panel.rows_view.setFocus()
        self.status_label.show_problem("Nothing was written: the sitemaps have errors export "
                                       "cannot fix by itself. Fix them, or export anyway.")
        self._maybe_close()

    def _dismiss_blockers(self) -> None:
        self._show_tab(self.preview_tab)
        self.status_label.show_info("Nothing was written.")

    def _jump(self, key: str, entry: int | None, field: str | None) -> None:
        self.jump_target = (key, entry, field)
        self.jump_requested.emit(key, entry, field)
        self.reject()

    def _show_tab(self, shown: int) -> None:
        """Make tab ``shown`` current; the errors tab is only there while it is current."""
        if shown != self.errors_tab:
            self.tabs.setTabVisible(self.errors_tab, False)
        self.tabs.setTabVisible(shown, True)
        self.tabs.setCurrentIndex(shown)

    def _running_changed(self, running: bool) -> None:
        self.form.setEnabled(not running)
        self.progress_bar.setVisible(running)
        self.cancel_button.setVisible(running)
        self.cancel_button.setEnabled(running)
        self._update()

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress_bar.setRange(0, total)
            self.progress_bar.setValue(min(done, total))

    def _finished(self, report: ExportReport) -> None:
        self._report = report
        self._exported = self._pending_settings
        self.report_view.show_report(report, common_folder(self.sources))
        self._show_tab(self.report_tab)
        self.open_folder_button.setEnabled(True)
        text = report_summary(report)
        self.status_label.show_info(text)
        self._maybe_close()

    def _failed(self, error: SitemapError) -> None:
        hint = (" Give the public URL of each other host's files under Other hosts' URLs."
                if error.code == "export-hosts" else "")
        self.status_label.show_problem(f"Nothing was written: {error.message}{hint}")
        self._maybe_close()

    def _cancelled(self) -> None:
        self.status_label.show_info("Export cancelled: the output folder is as it was.")
        self._maybe_close()

    def _maybe_close(self) -> None:
        if self._close_when_done:
            super().reject()

    def _open_folder(self) -> None:
        if self._report is None:
            return
        if not publish_prompts.open_folder(self._report.out_dir):
            self.status_label.show_problem(f"Could not open {self._report.out_dir}.")

    def accept(self) -> None:
        """Keep the settings shown (overrides ``QDialog.accept``); not while exporting."""
        if self.service.running or not self.ok_button.isEnabled():
            return
        super().accept()

    def done(self, result: int) -> None:
        """Close with ``result`` (overrides ``QDialog.done``); stops measuring for the preview."""
        self.service.cancel_measuring()
        super().done(result)

    def reject(self) -> None:
        """Close (overrides ``QDialog.reject``); a running export is cancelled first."""
        if self.service.running:
            self._close_when_done = True
            self.status_label.show_info("Cancelling the export…")
            self.service.cancel()
            return
        super().reject()


def _lone_file_settings(workspace: Workspace) -> ExportSettings:
    """Default settings for a file opened without a project: export beside it."""
    settings = ExportSettings()
    if workspace.items:
        settings.output_folder = os.path.join(os.path.dirname(
            os.path.abspath(workspace.items[0].path)), "export")
    return settings


__all__ = ["ExportDialog"]
