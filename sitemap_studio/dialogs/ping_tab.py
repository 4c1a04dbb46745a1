"""The retired ping links tab: Google's and Bing's old links, for reference, never sent.

Each link is shown with a Copy button and, right under it, the note that its
endpoint is retired; the tab starts with what works instead.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.model import Severity, SitemapError
from sitemap_studio.core.publishing import LIVE_ROUTES, PingLink, ping_links
from sitemap_studio.qt_models.severity_icons import COLOURS

#: Sitemaps whose links are shown (an index covers the rest).
MAX_SITEMAPS = 20
_NOTE_STYLE = f"QLabel {{ color: {COLOURS[Severity.WARNING]}; }}"


class PingTab(QWidget):
    """The retired ping links of each sitemap, with a Copy button and a retired note for each."""

    def __init__(self, sitemap_urls: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.routes_label = QLabel(LIVE_ROUTES, self)
        self.routes_label.setWordWrap(True)
        self.routes_label.setStyleSheet(_NOTE_STYLE)
        layout.addWidget(self.routes_label)
        self.links: list[PingLink] = []
        self.link_edits: list[QLineEdit] = []
        self.copy_buttons: list[QPushButton] = []
        self.note_labels: list[QLabel] = []
        self.problems: list[str] = []
        body = QWidget(self)
        grid = QGridLayout(body)
        row = 0
        for url in sitemap_urls[:MAX_SITEMAPS]:
            try:
                links = ping_links(url)
            except SitemapError as exc:
                self.problems.append(exc.message)
                grid.addWidget(QLabel(exc.message, body), row, 0, 1, 3)
                row += 1
                continue
            for link in links:
                row = self._add_link(grid, body, row, link)
        if len(sitemap_urls) > MAX_SITEMAPS:
            grid.addWidget(QLabel(f"… and {len(sitemap_urls) - MAX_SITEMAPS} more sitemaps "
                                  "(not shown)", body), row, 0, 1, 3)
        if not sitemap_urls:
            grid.addWidget(QLabel("The project has no public sitemap URL.", body), 0, 0, 1, 3)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(grid.rowCount(), 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        layout.addWidget(scroll, 1)

    def _add_link(self, grid: QGridLayout, body: QWidget, row: int, link: PingLink) -> int:
        edit = QLineEdit(link.url, body)
        edit.setReadOnly(True)
        edit.setCursorPosition(0)
        button = QPushButton("Copy", body)
        button.setToolTip(f"Copy {link.engine}'s retired ping link (nothing is sent)")
        button.clicked.connect(lambda: self._copy(link))
        reason = link.status_note.removeprefix("retired: ")
        note = QLabel(f"\N{WARNING SIGN} Endpoint retired: {reason}. Shown for reference "
                      "only; never sent.", body)
        note.setWordWrap(True)
        note.setStyleSheet(_NOTE_STYLE)
        grid.addWidget(QLabel(f"{link.engine} (retired):", body), row, 0)
        grid.addWidget(edit, row, 1)
        grid.addWidget(button, row, 2)
        grid.addWidget(note, row + 1, 1, 1, 2)
        self.links.append(link)
        self.link_edits.append(edit)
        self.copy_buttons.append(button)
        self.note_labels.append(note)
        return row + 2

    @staticmethod
    def _copy(link: PingLink) -> None:
        QGuiApplication.clipboard().setText(link.url)
