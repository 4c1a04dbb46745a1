"""The window's *All entries* view: every sitemap of the project in one table.

Selecting *All entries* in the project tree shows :class:`AllEntriesTable`
over an :class:`~sitemap_studio.qt_models.all_entries_model.AllEntriesModel`
whose parts are the open sitemaps, the issues panel lists the findings of
every file, and the session's ``all_stack`` becomes the active undo stack:
edits made here (a cell, a bulk edit, a find and replace) land in their files'
stacks, marking those files modified, and undo as one step
(:mod:`sitemap_studio.commands.cross_file_commands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from sitemap_studio.commands.cross_file_commands import AcrossFilesEditor, FileEdit, edit_across
from sitemap_studio.core.edits import fixed_entries
from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Entry, Finding, SitemapError
from sitemap_studio.core.project import ItemKey
from sitemap_studio.qt_models.all_entries_model import AllEntriesModel, Part
from sitemap_studio.qt_models.entry_table_model import EntryTableModel
from sitemap_studio.services.session import DocumentState

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


class AllEntriesView(QObject):
    """Shows, follows and edits the *All entries* table of ``window``."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.table = window.all_table
        #: Whether the window shows the *All entries* table now.
        self.shown = False
        self.table.current_changed.connect(self._current_changed)
        self.table.counts_changed.connect(window.summary.set_shown)
        self.table.selection_changed.connect(window.summary.set_selected)
        self.table.selection_changed.connect(lambda _count: window.window_actions.update_enabled())
        for delegate in self.table.delegates.all():
            delegate.feedback.connect(lambda message, _severity: window.show_message(message))
            delegate.refused.connect(window.show_message)
        window.issues_panel.file_jump_requested.connect(self.jump)
        window.issues_panel.files_fix_requested.connect(self.apply_fixes)

    # ------------------------------------------------------------------ parts

    def states(self) -> list[DocumentState]:
        """The open sitemaps of the workspace (not the index), in the tree's order."""
        session = self.window.session
        workspace = session.workspace
        if workspace is None:
            return []
        found = [session.state_for(item) for item in workspace.items if item.role == "sitemap"]
        return [state for state in found if state is not None]

    def _editor(self, state: DocumentState) -> AcrossFilesEditor | None:
        if state.validator is None or state.validating:
            return None
        return AcrossFilesEditor(self.window.session.all_stack, state.stack, state.document)


    def editable(self) -> bool:
        """Whether every file is validated and none is being validated (edits may start)."""
        states = self.states()
        return bool(states) and all(s.validator is not None and not s.validating
                                    for s in states)

    # ------------------------------------------------------------------ showing

    def show(self) -> None:
        """Show every entry of every sitemap (again, after the files changed)."""
        window = self.window
        self.shown = True
        window.current = None
        states = self.states()
        parts = [self._part(state) for state in states]
        window.summary.clear()
        self._set_figures()
        window.entry_table.show_model(None)
        window.centre_stack.setCurrentWidget(self.table)
        model = AllEntriesModel(parts)
        self.table.show_all(model)
        for signal in (model.dataChanged, model.rowsInserted, model.rowsRemoved):
            signal.connect(self._files_changed)
        self._show_issues()
        window.session.undo_group.setActiveStack(window.session.all_stack)
        window.detail_pane.set_entry(None, False)
        window.window_actions.update_enabled()
        window.show_message(f"All entries: {window.summary.entries_label.text()}")

    def _part(self, state: DocumentState) -> Part:
        model = EntryTableModel(state.document, validator=state.validator,
                                editor=self._editor(state))
        return Part(model, self.window.session.label(state), state.path, state.key)

    def _set_figures(self) -> None:
        states = self.states()
        entries = sum(len(state.document) for state in states)
        label = self.window.summary.entries_label
        label.setText(f"{plural(entries, 'entry', 'entries')} in {plural(len(states), 'file')}")
        label.setToolTip("Each file keeps the protocol's limits: open a file to see its figures")

    def added(self, state: DocumentState | None) -> None:
        """A file was read while the table is shown: its rows join the end of the table."""
        model = self.table.all_model
        if (not self.shown or model is None or state is None or state.item.role != "sitemap"
                or model.part_of(state.key) is not None):
            return
        model.add_part(self._part(state))
        self._set_figures()
        self._show_issues()
        proxy = self.table.proxy
        if proxy.filter_text or proxy.sort_column >= 0:
            proxy.refresh()

    def _show_issues(self) -> None:
        self.window.issues_panel.show_files(
            [(self.window.session.label(state), state.key, state.document, state.validator)
             for state in self.states()])

    def hide(self) -> None:
        """Leave the *All entries* table (another file is shown next)."""
        if not self.shown:
            return
        self.shown = False
        self.table.show_all(None)
        self.window.centre_stack.setCurrentWidget(self.window.entry_table)

    def refresh(self) -> None:
        """Show the files again when they changed (one loaded, replaced, renamed)."""
        if self.shown:
            self.show()

    def follow(self, state: DocumentState) -> None:
        """A file's validator arrived, or it started or finished validating."""
        model = self.table.all_model
        if not self.shown or model is None:
            return
        number = model.part_of(state.key)
        if number is None:
            return
        part = model.parts[number].model
        part.set_validator(state.validator)
        part.set_editor(self._editor(state))
        self._show_issues()
        self.window.window_actions.update_enabled()

    def _files_changed(self, *_args: object) -> None:
        """Entries or findings changed in some files: the tree's counts follow."""
        for state in self.states():
            self.window.project_model.refresh_item(state.item)

    def _current_changed(self, entry_id: int | None) -> None:
        if not self.shown:
            return
        document = self.table.current_document()
        entry: Entry | None = None
        if document is not None and entry_id is not None:
            try:
                entry = document.entry(entry_id)
            except KeyError:
                entry = None
        self.window.detail_pane.set_entry(entry, False)
        self.window.window_actions.update_enabled()

    def jump(self, key: ItemKey, entry_id: int | None, field: str | None) -> None:
        """Select entry ``entry_id`` of the file of ``key`` (a finding was activated)."""
        if entry_id is None:
            self.window.show_message("This finding concerns the whole file")
        elif not self.table.select_in(key, entry_id, field):
            self.window.show_message("That entry is gone")

    # ------------------------------------------------------------------ editing

    def _refused(self, error: SitemapError) -> None:
        self.window.show_message(f"Not applied: {error.message}")

    def _apply(self, edits: list[FileEdit], text: str) -> bool:
        return edit_across(self.window.session.all_stack, edits, text, on_error=self._refused)

    def bulk_edit(self) -> None:
        """Set changefreq, priority or lastmod of the selected entries of every file, as one
        step."""
        from sitemap_studio.dialogs.bulk_edit_dialog import BulkEditDialog

        model = self.table.all_model
        chosen = self.table.selected_by_part()
        count = sum(len(ids) for ids in chosen)
        if model is None or not count or not self.editable():
            return
        choice = BulkEditDialog.ask(self.window, count)
        if choice is None:
            return
        edits: list[FileEdit] = []
        try:
            for part, ids in zip(model.parts, chosen, strict=True):
                state = self.window.session.state(part.key)
                if state is not None and ids:
                    edits.append(FileEdit(state.stack, part.document,
                                          choice.entries(part.document, ids)))
        except ValueError as error:
            self.window.show_error("Bulk edit", str(error))
            return
        changed = sum(len(edit.entries) for edit in edits)
        if not changed:
            self.window.show_message("The selected entries already hold those values")
        elif self._apply(edits, choice.describe()):
            self.window.show_message(
                f"Changed {plural(changed, 'entry', 'entries')} in "
                f"{plural(sum(1 for edit in edits if edit.entries), 'file')}")

    def apply_fixes(self, groups: list[tuple[ItemKey, list[Finding]]], text: str) -> None:
        """Apply the quick fixes of findings in several files (by key) as one undoable step."""
        if not self.editable():
            self.window.show_message("Wait for validation to finish before fixing")
            return
        edits: list[FileEdit] = []
        for key, findings in groups:
            resolved = self.window.edits.with_context_fixes(findings)
            state = self.window.session.state(key)
            if resolved is None:
                return
            if state is not None:
                edits.append(FileEdit(state.stack, state.document,
                                      fixed_entries(state.document, resolved)))
        changed = sum(len(edit.entries) for edit in edits)
        if not changed:
            self.window.show_message("The fix changed nothing")
        elif self._apply(edits, text):
            self.window.show_message(
                f"Fixed {plural(changed, 'entry', 'entries')} in "
                f"{plural(sum(1 for edit in edits if edit.entries), 'file')}")

    def find_replace(self) -> None:
        """Find and replace in the locations of every file, after a preview; one step."""
        from sitemap_studio.dialogs.find_replace_across import FindReplaceAcrossDialog

        model = self.table.all_model
        if model is None or not model.parts or not self.editable():
            return
        chosen = self.table.selected_by_part()
        plan = FindReplaceAcrossDialog.ask_across(
            self.window, [part.name for part in model.parts],
            [part.document for part in model.parts],
            selected_ids=chosen if sum(len(ids) for ids in chosen) > 1 else None)
        if plan is None or not plan.changes:
            return
        edits: list[FileEdit] = []
        for part, part_plan in zip(model.parts, plan.files, strict=True):
            state = self.window.session.state(part.key)
            if state is not None and part_plan.changes:
                edits.append(FileEdit(state.stack, part.document, part_plan.changes))
        if self._apply(edits, f"Replace in {len(plan.changes):,} locations"):
            self.window.show_message(f"Replaced in {len(plan.changes):,} locations in "
                                     f"{plural(len(edits), 'file')}")


__all__ = ["AllEntriesView"]
