"""Files the system asks the running app to open: macOS Finder and Dock, as ``QFileOpenEvent``.

On macOS, double-clicking a ``.sitemapproj`` (the bundle's Info.plist claims the type) or
dropping a file on the Dock icon never reaches ``sys.argv``: Qt delivers a
``QEvent.Type.FileOpen`` event to the application object, at launch as well as later. An
event filter on the application hands each such file to the window.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QFileOpenEvent


class FileOpenEvents(QObject):
    """Emits :attr:`file_requested` with the path of every file-open event it filters.

    A signal rather than a stored callback: the window owns the filter, and a callback bound
    to the window would tie the two in a reference cycle.
    """

    file_requested = Signal(str)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Override of ``QObject.eventFilter``: take file-open events, pass the rest on."""
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            path = event.file() or event.url().toLocalFile()
            if path:
                self.file_requested.emit(path)
                return True
        return super().eventFilter(watched, event)


__all__ = ["FileOpenEvents"]
