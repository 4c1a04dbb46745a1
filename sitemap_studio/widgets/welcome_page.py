"""What a blank window shows: what can be done first, and the files opened lately."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

INTRO = ("<h2>Sitemap Studio</h2><p>Open a sitemap, a URL list or a project; import URLs from a "
         "file, a spreadsheet or a live site; or start a new sitemap or project. You can also "
         "drop a file on this window.</p>")
if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost

NO_RECENT = "No recent files yet."


class WelcomePage(QWidget):
    """Buttons for the first steps (each triggers a window action) and the recent files."""

    def __init__(self, actions: list[QAction], open_path: Callable[[str], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome_page")
        self._open_path = open_path
        column = QWidget(self)
        column.setFixedWidth(480)  # a word-wrapped label would otherwise get its narrowest
        layout = QVBoxLayout(column)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(intro)
        self.buttons: dict[str, QPushButton] = {}
        for action in actions:
            button = QPushButton(action.icon(), action.text().replace("&", ""))
            button.setToolTip(action.toolTip())
            button.clicked.connect(action.trigger)
            button.setEnabled(action.isEnabled())
            action.enabledChanged.connect(button.setEnabled)
            self.buttons[button.text()] = button
            layout.addWidget(button)
        layout.addSpacing(12)
        layout.addWidget(QLabel("<b>Recent files</b>"))
        self.recent_box = QVBoxLayout()
        layout.addLayout(self.recent_box)
        layout.addStretch(1)
        row = QHBoxLayout()  # stretches, not an alignment: the label's height follows its width
        row.addStretch(1)
        row.addWidget(column)
        row.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.recent_buttons: list[QPushButton] = []
        self.set_recent([])

    @classmethod
    def install(cls, window: WindowHost) -> WelcomePage:
        """Put a start page before ``window``'s panes and show it."""
        actions = window.window_actions
        page = cls([actions.open, actions.import_, actions.new_sitemap, actions.new_project,
                    actions.example], window.open_path)
        window.pages.insertWidget(0, page)
        window.pages.setCurrentWidget(page)
        page.set_recent(window.settings.recent_files())
        return page

    def set_recent(self, paths: list[str]) -> None:
        """List ``paths`` (newest first), each a button that opens it."""
        while self.recent_box.count():
            item = self.recent_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.recent_buttons = []
        if not paths:
            self.recent_box.addWidget(QLabel(NO_RECENT))
            return
        for path in paths:
            button = QPushButton(os.path.basename(path))
            button.setFlat(True)
            button.setStyleSheet("text-align: left")
            button.setToolTip(path)
            button.clicked.connect(lambda _checked=False, p=path: self._open_path(p))
            self.recent_box.addWidget(button)
            self.recent_buttons.append(button)
