"""File > Compare… from the window: open the compare view, restore removed URLs as one step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from sitemap_studio.commands.import_commands import import_entries
from sitemap_studio.core.imports import DuplicatePolicy, summary_text
from sitemap_studio.core.model import Entry

if TYPE_CHECKING:
    from sitemap_studio.dialogs.compare_window import CompareWindow
    from sitemap_studio.widgets.window_host import WindowHost


class CompareOperations(QObject):
    """Owns the window's compare view (one at a time) and applies what it takes across."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.view: CompareWindow | None = None

    def compare(self) -> CompareWindow:
        """Show the compare view, NEW filled in with the file shown; raise it if open."""
        from sitemap_studio.dialogs.compare_window import CompareWindow

        if self.view is not None:
            self.view.show()
            self.view.raise_()
            self.view.activateWindow()
            return self.view
        window = self.window
        current = window.current
        path = current.document.source.path if current is not None else None
        self.view = CompareWindow(window.runner, window, new=path or "",
                                  restore=self.restore_removed,
                                  target_name=current.item.name if current else None)
        self.view.finished.connect(self._closed)
        self.view.show()
        return self.view

    def _closed(self) -> None:
        if self.view is not None:
            self.view.deleteLater()
            self.view = None

    def restore_removed(self, entries: Sequence[Entry]) -> str:
        """Add ``entries`` to the sitemap shown as one undoable step; say what happened.

        URLs the sitemap lists already are skipped.
        """
        state = self.window.edits.state
        if state is None:
            return "Nothing restored: open the sitemap to restore into, and wait until it is ready."
        problems: list[str] = []
        count = len(entries)
        summary = import_entries(
            state.stack, state.document, entries, DuplicatePolicy.SKIP,
            target_name=state.item.name,
            text=f"Restore {count:,} removed URL{'' if count == 1 else 's'}",
            on_error=lambda error: problems.append(error.located()))
        if summary is None:
            return f"Nothing restored: {problems[0] if problems else 'refused'}"
        message = " ".join(summary_text(summary).splitlines()[:2])
        self.window.show_message(message)
        return message


__all__ = ["CompareOperations"]
