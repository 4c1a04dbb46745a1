"""Edit actions of the window: rows, clipboard, bulk edit, find and replace, dedupe, fixes.

Each action becomes one undoable step on the current document's stack,
through :mod:`sitemap_studio.commands.entry_commands`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from sitemap_studio.commands import bulk_steps, entry_commands
from sitemap_studio.commands.entry_commands import DuplicateEntriesCommand, RemoveEntriesCommand
from sitemap_studio.core.edits import (
    LOC_NOT_ABSOLUTE,
    entries_to_tsv,
    make_absolute_fix,
    tsv_to_entries,
)
from sitemap_studio.core.export import plural
from sitemap_studio.core.model import DocumentKind, Entry, Finding, SitemapError
from sitemap_studio.services.session import DocumentState
from sitemap_studio.widgets import prompts

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


def new_entry_location(document_locs: list[str | None], site_url: str | None) -> str:
    """A starting URL for a new entry: the site's root, or the origin of a nearby entry."""
    for candidate in [site_url, *document_locs]:
        if candidate:
            parts = urlsplit(candidate)
            if parts.scheme in ("http", "https") and parts.netloc:
                return f"{parts.scheme}://{parts.netloc}/"
    return "https://example.com/"


class EditOperations(QObject):
    """Applies the window's edit actions to the document shown."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        #: The site URL the user gave for fixes, by the workspace it was asked for.
        self._site_urls: dict[int, str] = {}

    @property
    def state(self) -> DocumentState | None:
        """The document shown, when it can be edited now."""
        state = self.window.current
        if state is None or state.validator is None or state.validating:
            return None
        return state

    def _refused(self, error: SitemapError) -> None:
        self.window.show_message(f"Not applied: {error.message}")

    # ------------------------------------------------------------------ rows

    def insert_entry(self) -> None:
        """Insert a new entry after the current one and start editing its URL."""
        state = self.state
        if state is None:
            return
        document = state.document
        current = self.window.entry_table.current_row()
        row = len(document) if current is None else current + 1
        near = [document.text(current, 0)] if current is not None else (
            [document.text(0, 0)] if len(document) else [])
        site = self.window.session.project.site_url if self.window.session.project else None
        element = "sitemap" if document.kind == DocumentKind.INDEX else "url"
        entry = Entry(loc=new_entry_location(near, site), element=element)
        ids = entry_commands.insert_entries(state.stack, document, row, [entry], "Insert entry",
                                            on_error=self._refused)
        if ids:
            self.window.entry_table.select_rows([document.row_of(ids[0])])
            table = self.window.entry_table
            table.view.edit(table.view.currentIndex())

    def duplicate_selected(self) -> None:
        """Copy the selected entries, byte for byte, after the last of them."""
        state = self.state
        rows = self.window.entry_table.selected_rows()
        if state is None or not rows:
            return
        text = f"Duplicate {len(rows)} entr{'y' if len(rows) == 1 else 'ies'}"
        entry_commands.push_applied(state.stack, DuplicateEntriesCommand(state.document, rows,
                                                                         text), self._refused)

    def delete_selected(self) -> None:
        """Remove the selected entries."""
        state = self.state
        rows = self.window.entry_table.selected_rows()
        if state is None or not rows:
            return
        text = f"Delete {len(rows)} entr{'y' if len(rows) == 1 else 'ies'}"
        if entry_commands.push_applied(state.stack, RemoveEntriesCommand(state.document, rows,
                                                                         text), self._refused):
            self.window.show_message(
                f"Deleted {plural(len(rows), 'entry', 'entries')} "
                f"(undo brings {'it' if len(rows) == 1 else 'them'} back)")

    # ------------------------------------------------------------------ clipboard

    def copy_selected(self) -> None:
        """Put the selected entries on the clipboard as tab-separated text with a header."""
        state = self.window.current
        rows = self.window.entry_table.selected_rows()
        if state is None or not rows:
            return
        text = entries_to_tsv(state.document.entry_at(row) for row in rows)
        QGuiApplication.clipboard().setText(text)
        self.window.show_message(f"Copied {plural(len(rows), 'entry', 'entries')}")

    def cut_selected(self) -> None:
        """Copy, then delete, the selected entries."""
        if self.state is None:
            return
        self.copy_selected()
        self.delete_selected()

    def paste(self) -> None:
        """Insert entries from tab-separated text (a spreadsheet, or one URL a line)."""
        state = self.state
        if state is None:
            return
        text = QGuiApplication.clipboard().text()
        element = "sitemap" if state.document.kind == DocumentKind.INDEX else "url"
        result = tsv_to_entries(text, element=element)
        skipped = "; ".join(f"line {line}: {message}" for line, message in result.problems[:3])
        if not result.entries:
            self.window.show_message("Nothing to paste" + (f" ({skipped})" if skipped else ""))
            return
        current = self.window.entry_table.current_row()
        row = len(state.document) if current is None else current + 1
        pasted = plural(len(result.entries), "entry", "entries")
        ids = bulk_steps.paste_entries(state.stack, state.document, row, result.entries,
                                           f"Paste {pasted}",
                                           on_error=self._refused)
        if ids:
            self.window.entry_table.select_rows(sorted(state.document.row_of(i) for i in ids))
            note = (f"; {plural(len(result.problems), 'line')} skipped: {skipped}"
                    if result.problems else "")
            self.window.show_message(f"Pasted {plural(len(ids), 'entry', 'entries')}{note}")

    # ------------------------------------------------------------------ dialogs

    def bulk_edit(self) -> None:
        """Set changefreq, priority or lastmod of every selected entry, as one step."""
        from sitemap_studio.dialogs.bulk_edit_dialog import BulkEditDialog

        if self.window.all_view.shown:
            self.window.all_view.bulk_edit()
            return
        state = self.state
        ids = self.window.entry_table.selected_ids()
        if state is None or not ids:
            return
        choice = BulkEditDialog.ask(self.window, len(ids))
        if choice is None:
            return
        try:
            entries = choice.entries(state.document, ids)
        except ValueError as error:
            self.window.show_error("Bulk edit", str(error))
            return
        if not entries:
            self.window.show_message("The selected entries already hold those values")
            return
        if bulk_steps.apply_plan(state.stack, state.document, entries, choice.describe(),
                                     on_error=self._refused):
            self.window.show_message(f"Changed {plural(len(entries), 'entry', 'entries')}")

    def find_replace(self) -> None:
        """Find and replace in the locations, with a preview; one undoable step."""
        from sitemap_studio.dialogs.find_replace_dialog import FindReplaceDialog

        if self.window.all_view.shown:
            self.window.all_view.find_replace()
            return
        state = self.state
        if state is None:
            return
        selected = self.window.entry_table.selected_ids()
        plan = FindReplaceDialog.ask(self.window, state.document,
                                     selected_ids=selected if len(selected) > 1 else None)
        if plan is None or not plan.changes:
            return
        if bulk_steps.apply_plan(state.stack, state.document, plan.changes,
                                     f"Replace in {len(plan.changes)} locations",
                                     on_error=self._refused):
            self.window.show_message(f"Replaced in {len(plan.changes):,} locations")

    def remove_duplicates(self) -> None:
        """Remove entries whose location repeats an earlier one, after a preview."""
        from sitemap_studio.dialogs.dedupe_dialog import DedupeDialog

        state = self.state
        if state is None:
            return
        plan = DedupeDialog.ask(self.window, state.document)
        if plan is None:
            return
        removed = bulk_steps.remove_duplicates(state.stack, state.document, plan)
        self.window.show_message(f"Removed {removed:,} duplicate entries")

    # ------------------------------------------------------------------ fixes

    def apply_fixes(self, findings: list[Finding], text: str) -> None:
        """Apply the quick fixes of ``findings`` as one undoable step."""
        state = self.state
        if state is None:
            self.window.show_message("Wait for validation to finish before fixing")
            return
        resolved = self.with_context_fixes(findings)
        if resolved is None:
            return
        findings = resolved
        changed = bulk_steps.apply_quick_fixes(state.stack, state.document, findings, text,
                                                   on_error=self._refused)
        self.window.show_message(f"Fixed {plural(changed, 'entry', 'entries')}" if changed
                                 else "The fix changed nothing")


    def with_context_fixes(self, findings: list[Finding]) -> list[Finding] | None:
        """``findings`` with the fixes only the window can build (asking for the site URL
        when one needs it); ``None``, saying why, when the user gives none."""
        if not any(f.fix is None and f.code == LOC_NOT_ABSOLUTE for f in findings):
            return findings
        site = self.site_url_for_fixes()
        if site is None:
            self.window.show_message("Nothing changed: the fix needs the site URL")
            return None
        fix = make_absolute_fix(site)
        return [replace(f, fix=fix) if f.fix is None and f.code == LOC_NOT_ABSOLUTE else f
                for f in findings]

    def site_url_for_fixes(self) -> str | None:
        """The project's site URL; without one, the user's answer (asked once per workspace)."""
        session = self.window.session
        project = session.project
        if project is not None and project.site_url:
            return project.site_url
        key = id(session.workspace)
        if key not in self._site_urls:
            answer = prompts.ask_site_url(self.window)
            if answer is None:
                return None
            self._site_urls = {key: answer}  # only the open workspace's answer is kept
        return self._site_urls[key]


__all__ = ["EditOperations", "new_entry_location"]
