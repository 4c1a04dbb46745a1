"""The audit's "move to quarantine" fix: entries leave the sitemap shown for the quarantine one.

The quarantine sitemap (``<project file>.quarantine.xml``, see
:mod:`sitemap_studio.core.audit.quarantine`) opens as one more file of the
workspace, outside the project's members, and is saved with the others. The
move is two undoable steps, one in each file: the removal from the sitemap
shown, and the insertion at the end of the quarantine sitemap, done once that
file is read and validated (it cannot be edited before).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from sitemap_studio.commands import entry_commands
from sitemap_studio.commands.entry_commands import RemoveEntriesCommand
from sitemap_studio.core.audit import FixPlan, entries_to_move, quarantine_file
from sitemap_studio.core.edits import rows_for_ids
from sitemap_studio.core.export import plural
from sitemap_studio.core.imports import new_sitemap_document
from sitemap_studio.core.model import Entry, SitemapError
from sitemap_studio.core.reading import open_document
from sitemap_studio.services.session import DocumentState

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


class QuarantineMover(QObject):
    """Moves entries of the document shown into the project's quarantine sitemap."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self._pending: list[tuple[DocumentState, list[Entry], str]] = []
        window.session.validated.connect(self._ready)
        window.session.busy_changed.connect(self._busy_changed)

    def path(self) -> str | None:
        """The quarantine sitemap of the open project (``None`` without a saved project)."""
        project = self.window.session.project
        return quarantine_file(project.path) if project is not None and project.path else None

    def can_move_from(self, state: DocumentState) -> bool:
        """Whether entries of ``state`` can go to quarantine (a project, and not from there)."""
        path = self.path()
        return path is not None and os.path.abspath(state.path) != os.path.abspath(path)

    def move(self, state: DocumentState, plan: FixPlan) -> int:
        """Take ``plan``'s entries out of ``state`` and into the quarantine; how many moved."""
        path = self.path()
        if path is None or not self.can_move_from(state):
            return 0
        entries = entries_to_move(state.document, plan.entry_ids)
        rows = sorted(rows_for_ids(state.document, plan.entry_ids).values())
        if not rows:
            return 0
        try:
            target = self._target(path)
        except SitemapError as error:
            self.window.show_error("Cannot open the quarantine sitemap", error.located())
            return 0
        text = f"{plan.title} ({len(rows):,})"
        if not entry_commands.push_applied(state.stack,
                                           RemoveEntriesCommand(state.document, rows, text),
                                           self._refused):
            return 0
        moved = plural(len(entries), "entry", "entries")
        self._pending.append((target, entries, f"Quarantine {moved}"))
        self._ready(target)
        return len(rows)

    def _target(self, path: str) -> DocumentState:
        session = self.window.session
        state = session.state_at(path)
        if state is not None:
            return state
        document = open_document(path) if os.path.exists(path) else \
            new_sitemap_document([], path)
        return session.add_document(path, document)

    def _busy_changed(self, state: DocumentState, busy: bool) -> None:
        if not busy:
            self._ready(state)

    def _ready(self, state: DocumentState) -> None:
        if state.validator is None or state.validating:
            return
        for pending in [item for item in self._pending if item[0] is state]:
            self._pending.remove(pending)
            _target, entries, text = pending
            ids = entry_commands.insert_entries(state.stack, state.document, len(state.document),
                                                entries, text, on_error=self._refused)
            if ids:
                name = os.path.basename(state.path)
                self.window.show_message(
                    f"Moved {plural(len(ids), 'entry', 'entries')} to {name} (not a member of "
                    "the project: never exported); save it to keep them")

    def _refused(self, error: SitemapError) -> None:
        self.window.show_message(f"Not applied: {error.message}")


__all__ = ["QuarantineMover"]
