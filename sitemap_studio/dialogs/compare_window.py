"""File > Compare…: two sitemaps side by side, URL by URL, with removed URLs taken back.

The window asks for OLD and NEW (a file, an index, a text list, a project or
an http(s) URL), compares them in the background
(:func:`~sitemap_studio.core.compare.compare_locations` as a job, with a
progress dialog after a moment and Cancel), then shows one tab per group
(added, removed, changed, moved) and one of host and path prefixes, each
with its count, under one filter box. "Restore Removed URLs" hands the
removed URLs the filter shows to ``restore`` (the window's current sitemap,
as one undoable step).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.compare import CompareResult, compare_locations, is_live
from sitemap_studio.core.model import Entry, Limits, SitemapError
from sitemap_studio.qt_models.compare_models import CompareGroupModel
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.widgets.delayed_progress import DelayedProgress

#: The tabs, in order: group name and title.
TABS = (("added", "Added"), ("removed", "Removed"), ("changed", "Changed"),
        ("moved", "Moved"), ("prefixes", "Prefixes"))
_FILES = ("Sitemaps and projects (*.xml *.gz *.txt *.sitemapproj);;All files (*)")

#: Takes removed entries into the current sitemap; returns what to tell the user.
Restorer = Callable[[list[Entry]], str]


def _urls_in(urls: int, files: int) -> str:
    return (f"{urls:,} URL{'' if urls == 1 else 's'} in {files:,} "
            f"file{'' if files == 1 else 's'}")


class CompareWindow(QDialog):
    """A non-modal window comparing two inputs."""

    def __init__(self, runner: JobRunner, parent: QWidget | None = None, *,
                 old: str = "", new: str = "", limits: Limits | None = None,
                 restore: Restorer | None = None, target_name: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compare_window")
        self.setWindowTitle("Compare Sitemaps")
        self.runner = runner
        self.limits = limits
        self.restore = restore
        self.outcome: CompareResult | None = None
        self._job: Job | None = None
        self.old_edit, old_row = self._location_row(old, "OLD: the earlier sitemap")
        self.new_edit, new_row = self._location_row(new, "NEW: the later sitemap")
        self.allow_private = QCheckBox("Fetch from &private and loopback addresses too")
        self.allow_private.setToolTip("Off: a URL on this computer or the local network is "
                                      "not fetched (a sitemap cannot make the app probe it)")
        self.compare_button = QPushButton("&Compare")
        self.compare_button.setDefault(True)
        self.compare_button.clicked.connect(self.start)
        form = QFormLayout()
        form.addRow("&Old:", old_row)
        form.addRow("&New:", new_row)
        options = QHBoxLayout()
        options.addWidget(self.allow_private, 1)
        options.addWidget(self.compare_button)
        self.summary = QLabel("Choose two sitemaps, indexes, URL lists, projects or "
                              "http(s) URLs, then Compare.")
        self.summary.setObjectName("compare_summary")
        self.summary.setWordWrap(True)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter URLs and prefixes")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter)
        self.tabs = QTabWidget()
        self.models: dict[str, CompareGroupModel] = {}
        self.views: dict[str, QTableView] = {}
        for group, _title in TABS:
            model = CompareGroupModel(group, self)
            view = QTableView()
            view.setObjectName(f"compare_{group}")
            view.setModel(model)
            view.verticalHeader().hide()
            view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
            view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
            view.setWordWrap(False)
            view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            self.models[group], self.views[group] = model, view
            self.tabs.addTab(view, "")
        self.restore_button = QPushButton(
            f"&Restore Removed URLs into {target_name}" if target_name
            else "&Restore Removed URLs")
        target = f" into {target_name}" if target_name else ""
        self.restore_button.setToolTip(f"Add the removed URLs the filter shows{target}, "
                                       "as one step you can undo")
        self.restore_button.clicked.connect(self._restore)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(options)
        layout.addWidget(self.summary)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(900, 600)
        self._update()

    def _location_row(self, text: str, tip: str) -> tuple[QLineEdit, QWidget]:
        edit = QLineEdit(text)
        edit.setToolTip(tip)
        edit.setPlaceholderText("a file, a project, or an http(s):// URL")
        edit.textChanged.connect(self._update)
        browse = QPushButton("Browse\N{HORIZONTAL ELLIPSIS}")
        browse.clicked.connect(lambda: self._browse(edit))
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(edit, 1)
        box.addWidget(browse)
        return edit, row

    def _browse(self, edit: QLineEdit) -> None:
        start = edit.text().strip()
        folder = os.path.dirname(start) if start and not is_live(start) else ""
        path, _ = QFileDialog.getOpenFileName(self, "Choose a Sitemap", folder, _FILES)
        if path:
            edit.setText(path)

    # ----------------------------------------------------------------- comparing

    def start(self) -> Job | None:
        """Compare the two inputs in the background; the tabs fill when it is done."""
        old, new = self.old_edit.text().strip(), self.new_edit.text().strip()
        if not old or not new or self._job is not None:
            return None
        job = Job(compare_locations, old, new, self.limits,
                  allow_private=self.allow_private.isChecked())
        job.signals.succeeded.connect(self._compared)
        job.signals.failed.connect(self._failed)
        job.signals.cancelled.connect(self._cancelled)
        self._job = job
        self.summary.setText("Comparing\N{HORIZONTAL ELLIPSIS}")
        DelayedProgress(job, "Comparing sitemaps\N{HORIZONTAL ELLIPSIS}", self)
        self.runner.start_soon(job)
        self._update()
        return job

    def _current(self) -> bool:
        """Whether a job signal comes from the job under way; forgets it if so."""
        if self._job is None or self.sender() is not self._job.signals:
            return False
        self._job = None
        return True

    def _compared(self, result: CompareResult) -> None:
        if not self._current():
            return
        self.outcome = result
        for model in self.models.values():
            model.set_result(result)
        counts = result.summary()
        self.summary.setText(
            f"Old: {_urls_in(result.old_urls, len(result.old.files))}. New: "
            f"{_urls_in(result.new_urls, len(result.new.files))}. {counts['added']:,} added, "
            f"{counts['removed']:,} removed, {counts['changed']:,} changed, "
            f"{counts['unchanged']:,} unchanged, {counts['moved']:,} moved between files.")
        self._update()

    def _failed(self, error: SitemapError) -> None:
        if self._current():
            self.summary.setText(f"Cannot compare: {error.located()}")
            self._update()

    def _cancelled(self) -> None:
        if self._current():
            self.summary.setText("Comparison cancelled.")
            self._update()

    def _filter(self, text: str) -> None:
        for model in self.models.values():
            model.set_filter(text)
        self._update()

    def _restore(self) -> None:
        if self.outcome is None or self.restore is None:
            return
        urls = self.models["removed"].shown_items()
        entries = self.outcome.removed_entries(urls)
        if entries:
            self.summary.setText(self.restore(entries))

    def done(self, result: int) -> None:
        """Override of ``QDialog.done``: closing the window cancels a comparison under way."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        super().done(result)

    def _update(self) -> None:
        for number, (group, title) in enumerate(TABS):
            model = self.models[group]
            shown, total = model.rowCount(), model.total
            count = f"{total:,}" if shown == total else f"{shown:,} of {total:,}"
            self.tabs.setTabText(number, f"{title} ({count})")
        busy = self._job is not None
        self.compare_button.setEnabled(
            not busy and bool(self.old_edit.text().strip() and self.new_edit.text().strip()))
        self.restore_button.setEnabled(
            not busy and self.restore is not None and self.models["removed"].rowCount() > 0)


__all__ = ["TABS", "CompareWindow"]
