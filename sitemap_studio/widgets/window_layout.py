"""Sizes of the main window: on-screen geometry, and a detail pane that folds away.

A geometry saved on one screen can be restored on another at the wrong size
(a scale factor that changed, a smaller monitor): the window is kept inside
the screen's available area. The detail pane only matters for entries that
carry images, videos, news or alternates; for the others it folds to nothing
so the entry table gets the width, unless the user dragged it open.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QSplitter, QWidget

from sitemap_studio.core.model import Entry

#: The size of a first start, shrunk to fit smaller screens.
DEFAULT_SIZE = QSize(1400, 860)
#: Room kept for the window frame and title bar before the window manager has drawn them.
FRAME_RESERVE = QSize(16, 48)
#: The width the detail pane opens to when the user has not chosen one.
DETAIL_WIDTH = 320


def first_size(window: QWidget) -> None:
    """The size of a first start: :data:`DEFAULT_SIZE`, or the whole of a smaller screen."""
    window.resize(DEFAULT_SIZE)
    fit_to_screen(window)


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move ``window`` so that it lies within its screen's available area."""
    screen = window.screen()
    if screen is None:
        return
    available: QRect = screen.availableGeometry()
    frame = window.frameGeometry()
    extra = frame.size() - window.geometry().size()
    if not window.isVisible():
        extra = extra.expandedTo(FRAME_RESERVE)
        frame.setSize(window.size() + extra)
    width = min(window.width(), available.width() - extra.width())
    height = min(window.height(), available.height() - extra.height())
    if (width, height) != (window.width(), window.height()):
        window.resize(max(width, window.minimumWidth()), max(height, window.minimumHeight()))
    frame.setSize(QSize(width, height) + extra)
    x = min(max(frame.x(), available.left()), available.right() - frame.width() + 1)
    y = min(max(frame.y(), available.top()), available.bottom() - frame.height() + 1)
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


class DetailFolding:
    """Folds the last widget of ``splitter`` away for entries without extensions."""

    def __init__(self, splitter: QSplitter) -> None:
        self.splitter = splitter
        self.width = DETAIL_WIDTH
        #: The user dragged the pane open: it stays open whatever the entry.
        self.pinned = False
        self._folding = False
        splitter.splitterMoved.connect(self._moved)

    @property
    def folded(self) -> bool:
        """Whether the pane has no width."""
        return self.splitter.sizes()[-1] == 0

    def reserve(self) -> int:
        """The width the pane takes from its neighbours when it unfolds (0 when open)."""
        return self.width if self.folded else 0

    def show_entry(self, entry: Entry | None) -> None:
        """Unfold for an entry with extensions, fold for the others (unless pinned)."""
        wanted = entry is not None and any(entry.extension_counts)
        if wanted and self.folded:
            self._set_last(self.width)
        elif not wanted and not self.folded and not self.pinned:
            self.width = self.splitter.sizes()[-1]
            self._set_last(0)

    def _set_last(self, width: int) -> None:
        sizes = self.splitter.sizes()
        if sum(sizes) <= 0:  # not laid out yet: sizes are relative
            sizes = [320, 1000, sizes[-1]]
        middle = len(sizes) // 2
        sizes[middle] += sizes[-1] - width
        sizes[-1] = width
        self._folding = True
        self.splitter.setSizes(sizes)
        self._folding = False

    def _moved(self, _position: int, _index: int) -> None:
        if not self._folding:
            self.pinned = not self.folded
