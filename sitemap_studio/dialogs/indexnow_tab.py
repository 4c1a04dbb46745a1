"""The IndexNow tab of the submission dialog: key, key file, GET links, JSON batches, Submit.

Nothing is sent until Submit is pressed and the confirmation answered Yes;
the batches then go out one after another in a worker, and each answer is
listed with what its status code means. Batching, saving and linking run in
the worker too (batching a million URLs takes seconds).
"""

from __future__ import annotations

import os

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import SubmissionSettings, url_problem
from sitemap_studio.core.publishing import (
    MAX_URLS_PER_BATCH,
    WrittenKit,
    generate_key,
    key_file,
    key_location_url,
    key_problem,
)
from sitemap_studio.core.writing import atomic_write
from sitemap_studio.dialogs import publish_prompts
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, plural
from sitemap_studio.qt_models.publish_models import Column, RecordTableModel
from sitemap_studio.services.jobs import JobRunner
from sitemap_studio.services.submitting import BatchOutcome, Links, SubmitService

#: GET links copied at most (one URL per request; batches are the way for more).
LINK_LIMIT = 10_000


def outcome_model(parent: QWidget | None = None) -> RecordTableModel[BatchOutcome]:
    """One row per answered batch: which, the host, URLs, the status and what it means."""
    columns: list[Column[BatchOutcome]] = [
        Column("Batch", lambda o: f"{o.number}/{o.total}", lambda o: o.number, numeric=True),
        Column("Host", lambda o: o.host),
        Column("URLs", lambda o: f"{o.urls:,}", lambda o: o.urls, numeric=True),
        Column("Status", lambda o: "no answer" if o.result.status is None
               else str(o.result.status), lambda o: o.result.status, numeric=True),
        Column("What it means", lambda o: o.result.meaning, lambda o: o.result.meaning,
               tooltip=lambda o: o.result.meaning + (
                   f"\n\nThe endpoint said: {o.result.body_excerpt}"
                   if o.result.body_excerpt else "")),
    ]
    return RecordTableModel(columns, warning=lambda o: not o.result.accepted, parent=parent)


class IndexNowTab(QWidget):
    """Edit the IndexNow settings and act on them; ``changed`` after each edit."""

    changed = Signal()
    #: Something was written or sent with the settings shown (keep them).
    used = Signal()

    def __init__(self, runner: JobRunner, settings: SubmissionSettings, site_url: str | None,
                 entry_urls: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._original = settings
        self._site_url = site_url
        self._urls = list(entry_urls)
        self._folder = ""
        self.service = SubmitService(runner, self)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.key_edit = QLineEdit(settings.indexnow_key or "", self)
        self.key_edit.setPlaceholderText("8 to 128 of a-z A-Z 0-9 -")
        self.generate_button = QPushButton("&Generate", self)
        self.generate_button.clicked.connect(self._generate)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key_edit, 1)
        key_row.addWidget(self.generate_button)
        key_label = QLabel("&Key:", self)
        key_label.setBuddy(self.key_edit)  # a row holding a layout gets no buddy by itself
        form.addRow(key_label, key_row)
        self.location_edit = QLineEdit(settings.indexnow_key_location or "", self)
        form.addRow("Key &location:", self.location_edit)
        self.endpoint_edit = QLineEdit(settings.indexnow_endpoint, self)
        form.addRow("&Endpoint:", self.endpoint_edit)
        layout.addLayout(form)
        self.key_label = FeedbackLabel(self)
        layout.addWidget(self.key_label)

        actions = QHBoxLayout()
        self.write_key_button = QPushButton("&Write Key File…", self)
        self.copy_links_button = QPushButton("Copy GET &Links", self)
        self.save_batches_button = QPushButton("Save JSON &Batches…", self)
        self.submit_button = QPushButton("&Submit…", self)
        for button in (self.write_key_button, self.copy_links_button, self.save_batches_button,
                       self.submit_button):
            actions.addWidget(button)
        layout.addLayout(actions)
        self.write_key_button.clicked.connect(self._write_key)
        self.copy_links_button.clicked.connect(self._copy_links)
        self.save_batches_button.clicked.connect(self._save_batches)
        self.submit_button.clicked.connect(self._submit)

        progress_row = QHBoxLayout()
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, 0)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.clicked.connect(self.service.cancel)
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.cancel_button)
        layout.addLayout(progress_row)
        self.status_label = FeedbackLabel(self)
        self.status_label.show_info(f"{plural(len(self._urls), 'URL')} to submit. Nothing is "
                                    "sent until you press Submit and confirm.")
        layout.addWidget(self.status_label)
        self.results_model = outcome_model(self)
        self.results_view = QTableView(self)
        self.results_view.setModel(self.results_model)
        self.results_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.results_view.verticalHeader().setVisible(False)
        self.results_view.horizontalHeader().setSectionResizeMode(
            4, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.results_view, 1)

        for edit in (self.key_edit, self.location_edit, self.endpoint_edit):
            edit.textChanged.connect(self._update)
        self.service.batch_submitted.connect(self._answered)
        self.service.submitted.connect(self._submitted)
        self.service.batches_saved.connect(self._saved)
        self.service.links_ready.connect(self._links)
        self.service.failed.connect(self._failed)
        self.service.cancelled.connect(self._cancelled)
        self.service.running_changed.connect(self._running_changed)
        self._running_changed(False)
        self.key_label.quiet_until_input(self)

    # ------------------------------------------------------------ the fields

    def key(self) -> str:
        """The key as typed (may be empty or invalid)."""
        return self.key_edit.text().strip()

    def endpoint(self) -> str:
        """The endpoint as typed."""
        return self.endpoint_edit.text().strip()

    def location(self) -> str | None:
        """Where the key file is served: as typed, else ``<key>.txt`` in the site's folder."""
        typed = self.location_edit.text().strip()
        if typed:
            return typed
        key = self.key()
        if self._site_url and not key_problem(key) and not url_problem(self._site_url):
            return key_location_url(self._site_url, key)
        return None

    def settings(self) -> SubmissionSettings:
        """The settings as edited (keys this version does not know are kept)."""
        return SubmissionSettings(indexnow_key=self.key() or None,
                                  indexnow_key_location=self.location_edit.text().strip() or None,
                                  indexnow_endpoint=self.endpoint(),
                                  extra=dict(self._original.extra))

    def problems(self) -> list[str]:
        """Why the settings cannot be saved (empty when they can)."""
        found = []
        key = self.key()
        if key and (problem := key_problem(key)):
            found.append(f"key: {problem}")
        typed = self.location_edit.text().strip()
        if typed and (problem := url_problem(typed)):
            found.append(f"key location: {problem}")
        if problem := url_problem(self.endpoint()):
            found.append(f"endpoint: {problem}")
        return found

    def _update(self) -> None:
        problems = self.problems()
        key = self.key()
        running = self.service.running
        location = self.location()
        if problems:
            self.key_label.show_problem("\n".join(problems))
        elif not key:
            self.key_label.show_problem("No key yet: generate one (or type yours).")
        else:
            self.key_label.show_info(f"Valid key. Upload {key_file(key)[0]} so that it is served "
                                     f"at {location or 'the root of each host'}; URLs on other "
                                     "hosts need it at their root.")
            if not self.location_edit.text().strip():
                self.location_edit.setPlaceholderText(location or "")
        ready = bool(key) and not problems and not running
        self.generate_button.setEnabled(not running)
        self.write_key_button.setEnabled(ready)
        self.save_batches_button.setEnabled(ready)
        self.copy_links_button.setEnabled(ready and bool(self._urls))
        self.submit_button.setEnabled(ready and bool(self._urls))
        self.changed.emit()

    def _generate(self) -> None:
        old, new = self.key(), generate_key()
        typed = self.location_edit.text()
        if old and old in typed:
            self.location_edit.setText(typed.replace(old, new))
        self.key_edit.setText(new)

    # -------------------------------------------------------------- actions

    def _choose_folder(self, title: str) -> str | None:
        folder = publish_prompts.choose_folder(self, title, self._folder)
        if folder:
            self._folder = folder
        return folder

    def _write_key(self) -> None:
        folder = self._choose_folder("Folder for the key file")
        if not folder:
            return
        name, content = key_file(self.key())
        path = os.path.join(folder, name)
        try:
            atomic_write(path, [content.encode("ascii")])
        except (OSError, SitemapError) as exc:
            self.status_label.show_problem(f"Cannot write {path}: {exc}")
            return
        self.status_label.show_info(f"Wrote {path}. Upload it to {self.location() or 'the root'}"
                                    " before submitting.")
        self.used.emit()

    def _copy_links(self) -> None:
        self.status_label.show_info("Making the GET links…")
        self.service.links(self.endpoint(), self._urls, self.key(), self.location(), LINK_LIMIT)

    def _save_batches(self) -> None:
        folder = self._choose_folder("Folder for the key file and the JSON batches")
        if folder:
            self.status_label.show_info("Writing the batches…")
            self.service.save_batches(folder, self._urls, self.key(), self.location())

    def _submit(self) -> None:
        endpoint = self.endpoint()
        details = (f"The URLs are POSTed as JSON, at most {MAX_URLS_PER_BATCH:,} per request "
                   f"and one host per request. The key file {key_file(self.key())[0]} must "
                   f"be online at {self.location() or 'the root of each host'} first, or the "
                   "search engine refuses the key (403).")
        if not publish_prompts.confirm(self, "Submit to IndexNow",
                                       f"Send {plural(len(self._urls), 'URL')} to {endpoint}?",
                                       details):
            self.status_label.show_info("Nothing was sent.")
            return
        self.results_model.set_records([])
        self.status_label.show_info(f"Submitting to {endpoint}…")
        self.service.submit(endpoint, self._urls, self.key(), self.location())

    # ------------------------------------------------------------- outcomes

    def _running_changed(self, running: bool) -> None:
        self.progress_bar.setVisible(running)
        self.cancel_button.setVisible(running)
        for edit in (self.key_edit, self.location_edit, self.endpoint_edit):
            edit.setReadOnly(running)
        self._update()

    def _answered(self, outcome: BatchOutcome) -> None:
        self.results_model.append(outcome)
        self.progress_bar.setRange(0, outcome.total)
        self.progress_bar.setValue(outcome.number)

    def _submitted(self, count: int) -> None:
        accepted = sum(1 for item in self.results_model.records() if item.result.accepted)
        if not count:
            self.status_label.show_info("No URLs to submit; nothing was sent.")
        elif accepted == count:
            self.status_label.show_info(f"Submitted {plural(count, 'batch', 'batches')}; "
                                        "every one was accepted.")
        else:
            self.status_label.show_problem(f"Submitted {plural(count, 'batch', 'batches')}: "
                                           f"{accepted} accepted, {count - accepted} not "
                                           "(see what each answer means below).")
        self.used.emit()

    def _saved(self, kit: WrittenKit) -> None:
        text = (f"Wrote {kit.key_file} and {plural(len(kit.batch_files), 'batch file')} to "
                f"{os.path.dirname(kit.key_file)}.")
        if kit.removed:
            text += f" Removed {plural(len(kit.removed), 'batch file')} of an earlier run."
        self.status_label.show_info(text)
        self.used.emit()

    def _links(self, links: Links) -> None:
        skipped = (f"{plural(links.left_out, 'URL')} left out: IndexNow takes only absolute "
                   "http(s) URLs" if links.left_out else "")
        if not links.links:
            self.status_label.show_problem(f"Nothing copied: {skipped or 'no URL to submit'}.")
            return
        QGuiApplication.clipboard().setText("\n".join(links.links) + "\n")
        text = f"Copied {plural(len(links.links), 'GET link')}"
        if links.total > len(links.links):
            text += (f", for the first {len(links.links):,} of {links.total:,} URLs (a GET "
                     "submits one URL: submit or save the batches for all)")
        self.status_label.show_info(text + (f". {skipped[:1].upper()}{skipped[1:]}."
                                            if skipped else "."))

    def _failed(self, error: SitemapError) -> None:
        self.status_label.show_problem(error.message)

    def _cancelled(self) -> None:
        self.status_label.show_info("Stopped. Batches already answered are listed.")
