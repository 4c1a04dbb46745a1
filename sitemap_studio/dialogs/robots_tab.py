"""The robots.txt tab of the submission dialog: the ``Sitemap:`` lines, and a check of a robots.txt.

The check runs on every change of the text (it reads only ``Sitemap:`` lines,
a few milliseconds even for the 500 KiB crawlers read) and lists what is
wrong: missing sitemaps, relative or foreign URLs, duplicates.
"""

from __future__ import annotations

import os

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.model import Severity, SitemapError
from sitemap_studio.core.publishing import check_robots, robots_lines, robots_txt_url
from sitemap_studio.dialogs import publish_prompts
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, plural
from sitemap_studio.qt_models.publish_models import findings_model

#: Crawlers read the first 500 KiB of a robots.txt; more is not worth checking.
MAX_ROBOTS_BYTES = 512 * 1024
ROBOTS_FILTER = "robots.txt (robots.txt *.txt);;All files (*)"


class RobotsTab(QWidget):
    """Lines to add to robots.txt with a Copy button; a pasted or loaded robots.txt, checked."""

    def __init__(self, sitemap_urls: list[str], site_url: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sitemaps = list(sitemap_urls)
        self._site_url = site_url
        self._folder = ""
        layout = QVBoxLayout(self)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

        where = (robots_txt_url(site_url) if site_url else None) or \
            "the robots.txt at the root of the site"
        self.where_label = QLabel(f"Add these lines to {where} (anywhere in the file; crawlers "
                                  "then find the sitemaps on their own):")
        self.where_label.setWordWrap(True)
        layout.addWidget(self.where_label)
        self.lines_edit = QPlainTextEdit(self)
        self.lines_edit.setReadOnly(True)
        self.lines_edit.setFont(fixed)
        self.lines_edit.setMaximumHeight(110)
        self.lines_problem = FeedbackLabel(self)
        self.copy_button = QPushButton("&Copy Lines", self)
        self.copy_button.clicked.connect(self._copy)
        try:
            self.lines = robots_lines(self._sitemaps)
        except SitemapError as exc:
            self.lines = []
            self.lines_problem.show_problem(exc.message)
        if not self._sitemaps:
            self.lines_problem.show_problem("The project has no public sitemap URL: set the URL "
                                            "of its index or of its sitemaps.")
        self.lines_edit.setPlainText("\n".join(self.lines))
        self.copy_button.setEnabled(bool(self.lines))
        row = QHBoxLayout()
        row.addWidget(self.lines_problem, 1)
        row.addWidget(self.copy_button)
        layout.addWidget(self.lines_edit)
        layout.addLayout(row)

        check_row = QHBoxLayout()
        check_row.addWidget(QLabel("Check a robots.txt: paste it below, or load the file."), 1)
        self.load_button = QPushButton("&Load…", self)
        self.load_button.clicked.connect(self._load)
        check_row.addWidget(self.load_button)
        layout.addLayout(check_row)
        self.robots_edit = QPlainTextEdit(self)
        self.robots_edit.setFont(fixed)
        self.robots_edit.setPlaceholderText("User-agent: *\nDisallow:\n\nSitemap: https://…")
        self.robots_edit.textChanged.connect(self.check)
        layout.addWidget(self.robots_edit, 1)
        self.summary_label = FeedbackLabel(self)
        layout.addWidget(self.summary_label)
        self.findings_model = findings_model(self)
        self.findings_view = QTableView(self)
        self.findings_view.setModel(self.findings_model)
        self.findings_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.findings_view.verticalHeader().setVisible(False)
        self.findings_view.horizontalHeader().setSectionResizeMode(
            2, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.findings_view, 1)
        self.check()

    def check(self) -> None:
        """Check the robots.txt text shown and list the findings."""
        text = self.robots_edit.toPlainText()
        if not text.strip():
            self.findings_model.set_records([])
            self.summary_label.show_info("No robots.txt to check yet.")
            return
        findings = check_robots(text, self._sitemaps, self._site_url)
        self.findings_model.set_records(findings)
        errors = sum(1 for finding in findings if finding.severity == Severity.ERROR)
        if not findings:
            self.summary_label.show_info("This robots.txt lists every sitemap; no problems "
                                         "found.")
        elif errors:
            self.summary_label.show_problem(f"{plural(len(findings), 'finding')}, "
                                            f"{plural(errors, 'error')}.")
        else:
            self.summary_label.show_info(f"{plural(len(findings), 'finding')}, no errors.")

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText("\n".join(self.lines) + "\n")
        self.lines_problem.show_info(f"Copied {plural(len(self.lines), 'line')}.")

    def _load(self) -> None:
        path = publish_prompts.choose_file(self, "Load robots.txt", self._folder, ROBOTS_FILTER)
        if not path:
            return
        self._folder = os.path.dirname(path)
        try:
            with open(path, "rb") as stream:
                data = stream.read(MAX_ROBOTS_BYTES)
        except OSError as exc:
            self.summary_label.show_problem(f"Cannot read {path}: {exc.strerror or exc}")
            return
        self.robots_edit.setPlainText(data.decode("utf-8", "replace"))
