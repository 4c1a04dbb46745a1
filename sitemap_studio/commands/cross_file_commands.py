"""One undo step over edits in several files: the *All entries* view's edits.

Each file keeps its own undo stack, whose clean state is the file's modified
mark. An edit made across files therefore lands as one ordinary
:class:`~sitemap_studio.commands.entry_commands.EditEntriesCommand` on each
file's stack (so each file is marked modified, and its own view can undo its
part), and one :class:`CrossFileStep` on the stack of the combined view, which
undoes and redoes those commands together.

Every file's change is applied before anything is pushed: when the core
refuses one, the files already changed are put back and nothing is pushed.
A step whose files' stacks moved on since (an edit or undo in a file's own
view, a revert) no longer undoes anything: the stack drops it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QUndoCommand, QUndoStack

from sitemap_studio.commands.entry_commands import NEVER_MERGE, EditEntriesCommand, ErrorHandler
from sitemap_studio.core.model import Entry, SitemapDocument, SitemapError
from sitemap_studio.qt_models.cell_edits import CellEdit, edit_answer


@dataclass(frozen=True)
class FileEdit:
    """New values for some entries of one file, and the file's undo stack."""

    stack: QUndoStack
    document: SitemapDocument
    entries: Sequence[Entry]


class CrossFileStep(QUndoCommand):
    """Undoes and redoes together the commands one edit pushed on several files' stacks.

    ``steps`` holds each file's stack with its index right after the push.
    """

    def __init__(self, text: str, steps: Sequence[tuple[QUndoStack, int]],
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text, parent)
        self.steps = list(steps)
        self._first = True

    def _in_place(self, offset: int) -> bool:
        """Whether every file's stack stands where this step left it (minus ``offset``)."""
        try:
            return all(stack.index() == index - offset for stack, index in self.steps)
        except RuntimeError:  # a stack of a file closed since
            return False

    def redo(self) -> None:
        """Override of ``QUndoCommand.redo``: redo each file's command (not when pushed)."""
        if self._first:
            self._first = False
            return
        if not self._in_place(1):
            self.setObsolete(True)
            return
        for stack, _index in self.steps:
            stack.redo()

    def undo(self) -> None:
        """Override of ``QUndoCommand.undo``: undo each file's command."""
        if not self._in_place(0):
            self.setObsolete(True)
            return
        for stack, _index in reversed(self.steps):
            stack.undo()


def edit_across(step_stack: QUndoStack, edits: Sequence[FileEdit], text: str, *,
                on_error: ErrorHandler | None = None) -> bool:
    """Apply ``edits`` as one undoable step on ``step_stack``; False when refused or empty.

    All or nothing: when the core refuses a file's change, the files already
    changed are put back, ``on_error`` hears why and nothing is pushed.
    """
    applied: list[tuple[QUndoStack, EditEntriesCommand]] = []
    for edit in edits:
        if not edit.entries:
            continue
        command = EditEntriesCommand(edit.document, edit.entries, text, NEVER_MERGE)
        try:
            command.apply()
        except SitemapError as error:
            for _stack, done in reversed(applied):
                done.undo()
            if on_error is not None:
                on_error(error)
            return False
        applied.append((edit.stack, command))
    if not applied:
        return False
    steps: list[tuple[QUndoStack, int]] = []
    for stack, command in applied:
        stack.push(command)
        steps.append((stack, stack.index()))
    step_stack.push(CrossFileStep(text, steps))
    return True


class AcrossFilesEditor:
    """The editor of one file's rows in the combined view (the table model's protocol).

    Its edits become :class:`CrossFileStep` steps on ``step_stack``.
    """

    def __init__(self, step_stack: QUndoStack, stack: QUndoStack,
                 document: SitemapDocument) -> None:
        self.step_stack = step_stack
        self.stack = stack
        self.document = document

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        """Replace entries by id as one undoable step, or say why not."""
        return edit_answer(lambda refused: edit_across(
            self.step_stack, [FileEdit(self.stack, self.document, new_entries)], text,
            on_error=refused))


__all__ = ["AcrossFilesEditor", "CrossFileStep", "FileEdit", "edit_across"]
