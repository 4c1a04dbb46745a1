"""Undo commands for entry operations: edit, insert, duplicate, remove, move, and the bulk steps.

Each command does one document operation through the core API and undoes it
exactly (the document's bytes come back as they were). Commands name entries
by id or by document row, never by a view's or proxy's row.

A change the core refuses (a value the format cannot hold raises
:class:`SitemapError`) must not leave a command on the stack. The factories
(:func:`edit_entries`, :func:`insert_entries`, and the bulk steps) run
the core call first and push only a command that succeeded; pushing then
calls ``redo()``, which does nothing for a command already applied. A command
pushed directly whose first ``redo()`` is refused marks itself obsolete, so
the stack drops it, and keeps the error in :attr:`DocumentCommand.error`.

The bulk steps (quick fixes, a bulk edit, find and replace, duplicate removal,
a paste) are each one of these commands over many entries, so one undo
reverts them; :mod:`bulk_steps` applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import replace

from PySide6.QtGui import QUndoCommand, QUndoStack

from sitemap_studio.core.edits import with_field
from sitemap_studio.core.model import (
    FIELDS,
    Entry,
    Removal,
    RowState,
    SitemapDocument,
    SitemapError,
)

#: Called with the core's reason when a factory does not push a refused change.
ErrorHandler = Callable[[SitemapError], None]

#: ``merge_id`` for an edit that never merges with the one before it.
NEVER_MERGE: Hashable = ("never merge",)

_EDIT_COMMAND_ID = 0x5E_ED17


def cell_merge_id(entry_id: int, field: str) -> Hashable:
    """The merge key of edits of one cell: consecutive edits with equal keys merge."""
    return ("cell", entry_id, field)


def _refusal(error: Exception) -> SitemapError:
    """``error`` as the core's :class:`SitemapError`.

    lxml refuses text XML cannot carry with ``ValueError``; an entry deleted
    since the change was planned gives ``KeyError``.
    """
    if isinstance(error, SitemapError):
        return error
    if isinstance(error, KeyError):
        return SitemapError("the entry is no longer in the document", code="entry-gone")
    return SitemapError(f"the value cannot be written: {error}", code="illegal-character")


class DocumentCommand(QUndoCommand):
    """Base of the entry commands: applies once, then redoes and undoes.

    Subclasses implement :meth:`_apply` (the first time: the core call that
    may be refused), :meth:`_redo` and :meth:`_undo`.
    """

    def __init__(self, document: SitemapDocument, text: str,
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text, parent)
        self.document = document
        #: Why the core refused the first application, if it did.
        self.error: SitemapError | None = None
        self._applied = False
        self._ever_applied = False

    @property
    def applied(self) -> bool:
        """Whether the document now holds this command's change."""
        return self._applied

    def apply(self) -> None:
        """Make the change now; raises :class:`SitemapError`, changing nothing, when refused."""
        if self._applied:
            return
        try:
            if self._ever_applied:
                self._redo()
            else:
                self._apply()
        except (SitemapError, ValueError, KeyError) as error:
            raise _refusal(error) from error
        self._applied = self._ever_applied = True

    def redo(self) -> None:
        """Override of ``QUndoCommand.redo``: apply, or nothing when applied already."""
        if self._applied:
            return
        try:
            self.apply()
        except SitemapError as error:
            self.error = error
            self.setObsolete(True)

    def undo(self) -> None:
        """Override of ``QUndoCommand.undo``: put the document back as it was."""
        if self._applied:
            self._undo()
            self._applied = False

    def _apply(self) -> None:
        raise NotImplementedError

    def _redo(self) -> None:
        self._apply()

    def _undo(self) -> None:
        raise NotImplementedError


class EditEntriesCommand(DocumentCommand):
    """Replace entries (by id) with new values.

    ``merge_id`` decides merging with the command before it on the stack:
    ``None`` (the default) merges consecutive edits of the same field of the
    same single entry (typing in one cell, one undo); :data:`NEVER_MERGE`
    never merges; any other key merges with a command of an equal key.
    """

    def __init__(self, document: SitemapDocument, new_entries: Sequence[Entry], text: str,
                 merge_id: Hashable | None = None, parent: QUndoCommand | None = None) -> None:
        super().__init__(document, text, parent)
        self.entries = list(new_entries)
        self._merge_id = merge_id
        explicit = merge_id is not None and merge_id != NEVER_MERGE
        self._key: Hashable | None = merge_id if explicit else None
        self._before: list[RowState] = []
        self._after: list[RowState] = []

    @property
    def entry_ids(self) -> list[int]:
        """Ids of the entries this command changes (after merges too)."""
        return [state.id for state in self._before]

    def _apply(self) -> None:
        if self._merge_id is None and len(self.entries) == 1:
            self._key = _cell_key(self.document.entry(self.entries[0].id), self.entries[0])
        pairs = self.document.replace_entries(self.entries)
        self._before = [before for before, _ in pairs]
        self._after = [after for _, after in pairs]

    def _redo(self) -> None:
        self.document.restore_states(self._after)

    def _undo(self) -> None:
        self.document.restore_states(self._before)

    def id(self) -> int:
        """Override of ``QUndoCommand.id``: one id for every mergeable edit, else -1."""
        return _EDIT_COMMAND_ID if self._key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Override of ``QUndoCommand.mergeWith``: absorb the next edit of the same cell."""
        if (not isinstance(other, EditEntriesCommand) or self._key is None
                or other._key != self._key or other.document is not self.document):
            return False
        known = {state.id for state in self._before}
        self._before += [state for state in other._before if state.id not in known]
        after = {state.id: state for state in self._after}
        after.update((state.id, state) for state in other._after)
        self._after = list(after.values())
        self.entries = [*self.entries, *other.entries]
        return True


def _cell_key(old: Entry, new: Entry) -> Hashable | None:
    """The merge key of a change from ``old`` to ``new`` when it touches one protocol field."""
    changed = [name for name in FIELDS if old.value(name) != new.value(name)]
    if len(changed) != 1 or with_field(old, changed[0], new.value(changed[0])) != new:
        return None
    return cell_merge_id(new.id, changed[0])


class InsertEntriesCommand(DocumentCommand):
    """Insert entries before ``row``; a redo puts back the same ids and the same bytes.

    ``bodies``, where given, are the exact bytes of the new entries (a copy of
    existing ones); otherwise the document's codec writes them.
    """

    def __init__(self, document: SitemapDocument, row: int, entries: Sequence[Entry],
                 bodies: Sequence[bytes | None] | None = None, text: str = "Insert entries",
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(document, text, parent)
        self.row = max(0, min(row, len(document)))
        self._entries = list(entries)
        self._bodies: list[bytes | None] | None = None if bodies is None else list(bodies)
        #: Ids of the inserted entries, known once applied.
        self.ids: list[int] = []

    def _apply(self) -> None:
        self.ids = self.document.insert_entries(self.row, self._entries, self._bodies)
        rows = range(self.row, self.row + len(self.ids))
        # Keep what the document stored, so that a redo inserts exactly the same entries.
        self._entries = [self.document.entry_at(row) for row in rows]
        self._bodies = [self.document.body(row) for row in rows]

    def _undo(self) -> None:
        self.document.remove_rows(range(self.row, self.row + len(self.ids)))


class DuplicateEntriesCommand(InsertEntriesCommand):
    """Copy entries, byte for byte, as one block right after the last of them.

    The copies keep the originals' order and every byte of their elements
    (extensions, comments inside, unknown markup), but not the comments
    before them. One block after the last original, rather than each copy
    after its original, keeps the copies together: the new rows are one
    range to select and edit.
    """

    def __init__(self, document: SitemapDocument, rows: Iterable[int],
                 text: str = "Duplicate entries", parent: QUndoCommand | None = None) -> None:
        ordered = sorted(set(rows))
        entries = [replace(document.entry_at(row), id=-1) for row in ordered]
        bodies: list[bytes | None] = [document.body(row) for row in ordered]
        after = ordered[-1] + 1 if ordered else len(document)
        super().__init__(document, after, entries, bodies, text, parent)


class RemoveEntriesCommand(DocumentCommand):
    """Remove rows; undo puts them back exactly, where they were."""

    def __init__(self, document: SitemapDocument, rows: Iterable[int],
                 text: str = "Remove entries", parent: QUndoCommand | None = None) -> None:
        super().__init__(document, text, parent)
        self.rows = sorted(set(rows))
        self._removal: Removal | None = None

    def _apply(self) -> None:
        self._removal = self.document.remove_rows(self.rows)

    def _undo(self) -> None:
        if self._removal is not None:
            self.document.restore_rows(self._removal)
            self._removal = None


class MoveEntriesCommand(DocumentCommand):
    """Move ``count`` rows from ``row`` to before ``destination`` (Qt's ``moveRows`` semantics)."""

    def __init__(self, document: SitemapDocument, row: int, count: int, destination: int,
                 text: str = "Move entries", parent: QUndoCommand | None = None) -> None:
        super().__init__(document, text, parent)
        self.row = row
        self.count = count
        self.destination = destination

    def _apply(self) -> None:
        self.document.move_rows(self.row, self.count, self.destination)

    def _undo(self) -> None:
        row, count, destination = self.row, self.count, self.destination
        if count <= 0 or row <= destination <= row + count:
            return
        if destination > row:
            self.document.move_rows(destination - count, count, row)
        else:
            self.document.move_rows(destination, count, row + count)


# --------------------------------------------------------------------------- factories


def push_applied(stack: QUndoStack, command: DocumentCommand,
                 on_error: ErrorHandler | None = None) -> bool:
    """Apply ``command`` and push it; when the core refuses, push nothing and return False."""
    try:
        command.apply()
    except SitemapError as error:
        command.error = error
        if on_error is not None:
            on_error(error)
        return False
    stack.push(command)
    return True


def edit_entries(stack: QUndoStack, document: SitemapDocument, new_entries: Sequence[Entry],
                 text: str, *, merge_id: Hashable | None = None,
                 on_error: ErrorHandler | None = None) -> bool:
    """Replace entries by id as one undoable step; False (and ``on_error``) when refused.

    Nothing is pushed, and False returned, for an empty list too. See
    :class:`EditEntriesCommand` for ``merge_id``.
    """
    if not new_entries:
        return False
    return push_applied(stack, EditEntriesCommand(document, new_entries, text, merge_id),
                        on_error)


def insert_entries(stack: QUndoStack, document: SitemapDocument, row: int,
                   entries: Sequence[Entry], text: str = "Insert entries", *,
                   bodies: Sequence[bytes | None] | None = None,
                   on_error: ErrorHandler | None = None) -> list[int]:
    """Insert entries before ``row`` as one step; returns their ids (empty when refused)."""
    if not entries:
        return []
    command = InsertEntriesCommand(document, row, entries, bodies, text)
    return list(command.ids) if push_applied(stack, command, on_error) else []



__all__ = [
    "NEVER_MERGE",
    "DocumentCommand",
    "DuplicateEntriesCommand",
    "EditEntriesCommand",
    "ErrorHandler",
    "InsertEntriesCommand",
    "MoveEntriesCommand",
    "RemoveEntriesCommand",
    "cell_merge_id",
    "edit_entries",
    "insert_entries",
    "push_applied",
]
