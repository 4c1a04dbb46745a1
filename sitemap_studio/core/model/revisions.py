"""Notice that a document changed, whatever the change was."""

from __future__ import annotations

from collections.abc import Callable

from sitemap_studio.core.model.documents import SitemapDocument


def on_document_change(document: SitemapDocument,
                       callback: Callable[[], object]) -> Callable[[], None]:
    """Call ``callback()`` after every change of ``document``; return a function that stops it.

    Covers every change the document announces: edited, inserted, removed
    and moved entries (undo and redo go through the same calls).
    """

    def changed(*_args: object) -> None:
        callback()

    document.entries_changed.connect(changed)
    document.entries_inserted.connect(changed)
    document.entries_removed.connect(changed)
    document.entries_moved.connect(changed)

    def stop() -> None:
        document.entries_changed.disconnect(changed)
        document.entries_inserted.disconnect(changed)
        document.entries_removed.disconnect(changed)
        document.entries_moved.disconnect(changed)

    return stop


class RevisionCounter:
    """Counts the changes of one document, so a caller can tell whether it changed since."""

    __slots__ = ("_stop", "revision")

    def __init__(self, document: SitemapDocument) -> None:
        self.revision = 0
        self._stop = on_document_change(document, self._bump)

    def _bump(self) -> None:
        self.revision += 1

    def close(self) -> None:
        """Stop counting."""
        self._stop()
