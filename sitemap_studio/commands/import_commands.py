"""Importing entries into a document as one undoable step.

:func:`import_entries` plans the import (:func:`~sitemap_studio.core.imports.plan.plan_import`:
duplicates skipped, replaced or kept, as the user chose up front), applies
it all or nothing, and pushes one :class:`ImportEntriesCommand`: one undo
puts the document back byte for byte, one redo brings back the same entries
with the same ids.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtGui import QUndoCommand, QUndoStack

from sitemap_studio.commands.entry_commands import DocumentCommand, ErrorHandler, push_applied
from sitemap_studio.core.imports import DuplicatePolicy, ImportPlan, ImportSummary, plan_import
from sitemap_studio.core.model import Entry, RowState, SitemapDocument


class ImportEntriesCommand(DocumentCommand):
    """Replace the planned entries in place and add the new ones after the last entry."""

    def __init__(self, document: SitemapDocument, plan: ImportPlan,
                 text: str = "Import entries", parent: QUndoCommand | None = None) -> None:
        super().__init__(document, text, parent)
        self.plan = plan
        self.row = len(document)
        #: Ids of the added entries, known once applied.
        self.ids: list[int] = []
        self._entries: list[Entry] = list(plan.inserts)
        self._bodies: list[bytes | None] | None = None
        self._before: list[RowState] = []
        self._after: list[RowState] = []

    def _apply(self) -> None:
        pairs = self.document.replace_entries(self.plan.replacements) \
            if self.plan.replacements else []
        self._before = [before for before, _ in pairs]
        self._after = [after for _, after in pairs]
        self.row = len(self.document)
        try:
            self.ids = self.document.insert_entries(self.row, self._entries)
        except Exception:
            if self._before:
                self.document.restore_states(self._before)
            raise
        rows = range(self.row, self.row + len(self.ids))
        # Keep what the document stored, so that a redo inserts exactly the same entries.
        self._entries = [self.document.entry_at(row) for row in rows]
        self._bodies = [self.document.body(row) for row in rows]

    def _redo(self) -> None:
        if self._after:
            self.document.restore_states(self._after)
        if self._entries:
            self.document.insert_entries(self.row, self._entries, self._bodies)

    def _undo(self) -> None:
        if self.ids:
            self.document.remove_rows(range(self.row, self.row + len(self.ids)))
        if self._before:
            self.document.restore_states(self._before)


def import_entries(
    stack: QUndoStack,
    document: SitemapDocument,
    entries: Sequence[Entry],
    policy: DuplicatePolicy,
    *,
    flagged: Collection[int] = (),
    target_name: str = "",
    text: str | None = None,
    on_error: ErrorHandler | None = None,
) -> ImportSummary | None:
    """Import ``entries`` into ``document`` as one undoable step.

    Args:
        stack: The document's undo stack.
        document: The sitemap the entries go into (in an index they become ``<sitemap>``).
        entries: The entries to import, in order.
        policy: What happens to an entry whose location is already listed.
        flagged: Indexes of ``entries`` that have findings (counted in the summary).
        target_name: How the summary names the document.
        text: The undo text; ``Import N entries`` when ``None``.
        on_error: Called with the core's reason when the document refuses the entries
            (a text sitemap cannot hold a lastmod, for instance).

    Returns:
        The summary, or ``None`` when the core refused (nothing changed, nothing pushed).
        Nothing is pushed either when every entry was skipped.
    """
    plan = plan_import(document, entries, policy)
    summary = plan.summary(flagged, target_name)
    if not plan.inserts and not plan.replacements:
        return summary
    count = len(plan.inserts) + len(plan.replacements)
    label = text or f"Import {count:,} " + ("entry" if count == 1 else "entries")
    if not push_applied(stack, ImportEntriesCommand(document, plan, label), on_error):
        return None
    return summary


__all__ = ["ImportEntriesCommand", "import_entries"]
