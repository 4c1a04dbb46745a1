"""The live-site step of the import dialog: discover a site's sitemaps, choose, fetch.

Nothing is fetched until the user clicks Discover (robots.txt only) or Fetch
(the checked sitemaps and their index children). Both run in the background
through :class:`~sitemap_studio.services.fetching.FetchService`; the page
shows progress, a Cancel button and one status line per URL.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
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

from sitemap_studio.core.fetching import (
    DEFAULT_TIMEOUT,
    FROM_ROBOTS,
    Discovery,
    UrlStatus,
    site_url_problem,
)
from sitemap_studio.core.imports import ImportBatch
from sitemap_studio.core.model import Limits, SitemapError
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.qt_models.import_models import CandidateModel, StatusModel
from sitemap_studio.services.fetching import FetchService
from sitemap_studio.services.jobs import JobRunner


def _table(model: CandidateModel | StatusModel) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.verticalHeader().hide()
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    view.setWordWrap(False)
    return view


class LiveSitePage(QWidget):
    """Site address, Discover, the candidate list, Fetch with progress and Cancel, statuses."""

    changed = Signal()

    def __init__(self, runner: JobRunner, *, timeout: float = DEFAULT_TIMEOUT,
                 limits: Limits | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = FetchService(runner, timeout=timeout, limits=limits, parent=self)
        self.batch: ImportBatch | None = None
        self.discovery: Discovery | None = None
        self.site_edit = QLineEdit()
        self.site_edit.setPlaceholderText("https://www.example.com/")
        self.site_problem_label = FeedbackLabel()
        self.discover_button = QPushButton("&Discover")
        self.candidate_model = CandidateModel(self)
        self.candidate_view = _table(self.candidate_model)
        self.fetch_button = QPushButton("&Fetch the checked sitemaps")
        self.cancel_button = QPushButton("Cancel")
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setVisible(False)
        self.status_model = StatusModel(self)
        self.status_view = _table(self.status_model)
        self.state_label = QLabel("Enter the site's address and click Discover: it reads the "
                                  "site's robots.txt and nothing else.")
        self.state_label.setWordWrap(True)

        site_row = QHBoxLayout()
        site_row.addWidget(QLabel("Site:"))
        site_row.addWidget(self.site_edit, 1)
        site_row.addWidget(self.discover_button)
        fetch_row = QHBoxLayout()
        fetch_row.addWidget(self.fetch_button)
        fetch_row.addWidget(self.progress_bar, 1)
        fetch_row.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(site_row)
        layout.addWidget(self.site_problem_label)
        layout.addWidget(QLabel("Sitemaps found (check the ones to import; an index brings "
                                "its children on the same host):"))
        layout.addWidget(self.candidate_view, 1)
        layout.addLayout(fetch_row)
        layout.addWidget(self.state_label)
        layout.addWidget(self.status_view, 2)

        self.site_edit.textChanged.connect(self._update)
        self.site_edit.returnPressed.connect(self.discover)
        self.discover_button.clicked.connect(self.discover)
        self.fetch_button.clicked.connect(self.fetch)
        self.cancel_button.clicked.connect(self.service.cancel)
        self.candidate_model.dataChanged.connect(self._update)
        self.service.discovered.connect(self._discovered)
        self.service.url_status.connect(self._url_status)
        self.service.fetched.connect(self._fetched)
        self.service.failed.connect(self._failed)
        self.service.cancelled.connect(self._cancelled)
        self.service.progress.connect(self._progress)
        self.service.busy_changed.connect(self._busy_changed)
        self._update()

    # ---------------------------------------------------------------- actions

    def discover(self) -> None:
        """Read the site's robots.txt and list the candidates (in the background)."""
        if site_url_problem(self.site_edit.text()) is not None or self.service.busy:
            return
        self.batch = None
        self.candidate_model.set_candidates([], [])
        self.status_model.clear()
        self.state_label.setText("Reading robots.txt…")
        self.service.discover(self.site_edit.text())

    def fetch(self) -> None:
        """Fetch the checked candidates and their index children (in the background)."""
        urls = self.candidate_model.checked_urls()
        if not urls or self.service.busy or self.discovery is None:
            return
        self.batch = None
        self.status_model.clear()
        self.state_label.setText(f"Fetching {len(urls):,} sitemaps…")
        self.service.fetch(urls, self.discovery.site_url)

    def cancel(self) -> None:
        """Stop the run under way, if any."""
        self.service.cancel()

    def problem(self) -> str | None:
        """Why the dialog cannot go on from here, or ``None``."""
        if self.service.busy:
            return "wait for the fetch to finish, or cancel it"
        if self.batch is None:
            return "discover the site's sitemaps, check some and fetch them"
        if not self.batch.entries:
            return "the fetched sitemaps gave no URLs"
        return None

    # ---------------------------------------------------------------- results

    def _discovered(self, discovery: Discovery) -> None:
        self.discovery = discovery
        listed = [c.source == FROM_ROBOTS for c in discovery.candidates]
        checked = listed if any(listed) else [True] * len(listed)
        self.candidate_model.set_candidates(discovery.candidates, checked)
        robots = discovery.robots
        if robots.ok:
            found = sum(listed)
            what = (f"robots.txt lists {found:,} sitemaps (checked)" if found else
                    "robots.txt lists no sitemaps; the usual places are checked instead")
        else:
            what = (f"robots.txt could not be read ({robots.describe()}); the usual places are "
                    "checked instead")
        self.state_label.setText(what + ". Uncheck what you do not want, then click Fetch.")
        self._update()

    def _url_status(self, status: UrlStatus) -> None:
        self.status_model.add(status)

    def _fetched(self, batch: ImportBatch) -> None:
        self.batch = batch
        failed = sum(1 for s in self.status_model.statuses() if s.fetched and not s.ok)
        self.state_label.setText(
            f"Fetched: {len(batch.entries):,} URLs from {batch.description}"
            + (f"; {failed:,} URLs failed (see their status)" if failed else "") + ".")
        self._update()

    def _failed(self, error: SitemapError) -> None:
        self.state_label.setText(f"Stopped: {error.message}")
        self._update()

    def _cancelled(self) -> None:
        self.batch = None
        self.state_label.setText("Cancelled: nothing was imported.")
        self._update()

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress_bar.setRange(0, total)
            self.progress_bar.setValue(min(done, total))

    def _busy_changed(self, busy: bool) -> None:
        self.progress_bar.setVisible(busy)
        if busy:
            self.progress_bar.setRange(0, 0)
        self._update()

    def _update(self, *_: object) -> None:
        busy = self.service.busy
        problem = site_url_problem(self.site_edit.text()) if self.site_edit.text() else None
        self.site_problem_label.show_problem(problem or "")
        self.site_problem_label.setVisible(problem is not None)
        self.discover_button.setEnabled(not busy and bool(self.site_edit.text().strip())
                                        and problem is None)
        self.site_edit.setEnabled(not busy)
        self.fetch_button.setEnabled(not busy and bool(self.candidate_model.checked_urls()))
        self.cancel_button.setEnabled(busy)
        self.changed.emit()


__all__ = ["LiveSitePage"]
