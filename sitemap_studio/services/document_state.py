"""One open file's state in the session: its document, undo stack and validator."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QUndoStack

from sitemap_studio.commands import entry_commands
from sitemap_studio.core.model import Entry, SitemapDocument
from sitemap_studio.core.project import ItemKey, WorkspaceItem
from sitemap_studio.core.validation import DocumentValidator
from sitemap_studio.qt_models.cell_edits import CellEdit, edit_answer


@dataclass(eq=False)
class DocumentState:
    """One open file: its document, undo stack, validator and whether it can be edited now."""

    item: WorkspaceItem
    stack: QUndoStack
    validator: DocumentValidator | None = None
    validating: bool = False
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def document(self) -> SitemapDocument:
        """The document (present: unreadable files get no state)."""
        assert self.item.document is not None
        return self.item.document

    @property
    def key(self) -> ItemKey:
        """Which open file this is (kept through Save As, revert and recovery)."""
        return self.item.key

    @property
    def path(self) -> str:
        """The file the document belongs to now."""
        return self.item.path

    @property
    def modified(self) -> bool:
        """Whether there are unsaved edits."""
        return not self.stack.isClean()

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        """Apply an edit as one undoable step, or say why not (the table model's editor)."""
        return edit_answer(lambda refused: entry_commands.edit_entries(
            self.stack, self.document, new_entries, text, on_error=refused))
