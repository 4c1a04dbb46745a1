"""Tell search engines about the sitemaps: robots.txt, IndexNow, and the retired ping links.

Three tabs, mirroring ``sitemap-studio kit``: the ``Sitemap:`` lines for
robots.txt with a check of an existing robots.txt; IndexNow (a key and its
file, GET links, JSON batches, and Submit after a confirmation, each answer
explained); and Google's and Bing's retired ping links, shown for reference
with a note that their endpoints are retired, never sent.

:meth:`SubmissionDialog.ask` returns the IndexNow settings to keep; the caller
stores them in the project and saves it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from sitemap_studio.core.model import OBJECT_ROW, DocumentKind
from sitemap_studio.core.project import Project, SubmissionSettings, Workspace
from sitemap_studio.core.reading import XML_WHITESPACE
from sitemap_studio.core.urls import origin
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.dialogs.indexnow_tab import IndexNowTab
from sitemap_studio.dialogs.ping_tab import PingTab
from sitemap_studio.dialogs.robots_tab import RobotsTab
from sitemap_studio.services.jobs import JobRunner


def site_url_of(project: Project | None, sitemap_urls: list[str]) -> str | None:
    """The project's site URL, else the origin of its first sitemap (as the CLI assumes)."""
    if project is not None and project.site_url:
        return project.site_url
    for url in sitemap_urls:
        found = origin(url)
        if found is not None:
            return found + "/"
    return None


def urls_to_publish(workspace: Workspace) -> tuple[list[str], list[str]]:
    """``(sitemap URLs, page URLs)`` of ``workspace``, as ``sitemap-studio kit`` takes them.

    The sitemap URLs are the index's public URL when the project has one,
    else its sitemaps'; the page URLs are the locations of every urlset
    (an index lists sitemaps, not pages).
    """
    project = workspace.project
    sitemaps: list[str] = []
    if project is not None:
        refs = [project.index] if project.index is not None else project.sitemaps
        sitemaps = [ref.url for ref in refs if ref.url]
    pages: list[str] = []
    for item in workspace.items:
        document = item.document
        if document is None or document.kind != DocumentKind.URLSET:
            continue
        for row, text in enumerate(document.column_texts(0, 0, len(document))):
            loc = document.text(row, 0) if text == OBJECT_ROW else (
                text.strip(XML_WHITESPACE) if text is not None else None)
            if loc:
                pages.append(loc)
    return sitemaps, pages


class SubmissionDialog(QDialog):
    """robots.txt lines and check, IndexNow, and the retired ping links, in tabs."""

    def __init__(self, runner: JobRunner, project: Project | None, sitemap_urls: list[str],
                 entry_urls: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Submit Sitemaps")
        self.setMinimumSize(760, 560)
        self._close_when_done = False
        self._used: SubmissionSettings | None = None
        settings = project.submission if project is not None else SubmissionSettings()
        site = site_url_of(project, sitemap_urls)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        self.robots_tab = RobotsTab(sitemap_urls, site, self)
        self.indexnow_tab = IndexNowTab(runner, settings, site, entry_urls, self)
        self.ping_tab = PingTab(sitemap_urls, self)
        self.tabs.addTab(self.robots_tab, "robots.txt")
        self.tabs.addTab(self.indexnow_tab, "IndexNow")
        self.tabs.addTab(self.ping_tab, "Ping links (retired)")
        layout.addWidget(self.tabs, 1)
        self.problem_label = FeedbackLabel(self)
        layout.addWidget(self.problem_label)
        self.buttons = QDialogButtonBox(self)
        self.ok_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Save Settings")
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.indexnow_tab.changed.connect(self._update)
        self.indexnow_tab.used.connect(self._keep_used)
        self.indexnow_tab.service.running_changed.connect(self._running_changed)
        self._update()

    @classmethod
    def ask(cls, parent: QWidget | None, *, runner: JobRunner, project: Project | None,
            sitemap_urls: list[str], entry_urls: list[str]) -> SubmissionSettings | None:
        """Show the dialog; the IndexNow settings to keep in the project, or ``None``.

        Save Settings returns the settings shown; Close returns those a key
        file, batches or a submission were made with, or ``None``.
        """
        dialog = cls(runner, project, sitemap_urls, entry_urls, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.chosen_settings(accepted)
        finally:
            dialog.deleteLater()

    def chosen_settings(self, accepted: bool) -> SubmissionSettings | None:
        """The settings to keep when the dialog closes (accepted: the ones shown)."""
        return self.indexnow_tab.settings() if accepted else self._used

    def _update(self) -> None:
        problems = self.indexnow_tab.problems()
        if problems:
            self.problem_label.show_problem("Cannot save the IndexNow settings: "
                                            + "; ".join(problems))
        else:
            self.problem_label.show_info("")
        self.ok_button.setEnabled(not problems and not self.indexnow_tab.service.running)

    def _keep_used(self) -> None:
        self._used = self.indexnow_tab.settings()

    def _running_changed(self, running: bool) -> None:
        self._update()
        if not running and self._close_when_done:
            super().reject()

    def accept(self) -> None:
        """Keep the settings shown (overrides ``QDialog.accept``); not while a job runs."""
        if self.ok_button.isEnabled():
            super().accept()

    def reject(self) -> None:
        """Close (overrides ``QDialog.reject``); a running submission is stopped first."""
        if self.indexnow_tab.service.running:
            self._close_when_done = True
            self.indexnow_tab.service.cancel()
            return
        super().reject()


__all__ = ["SubmissionDialog", "site_url_of", "urls_to_publish"]
