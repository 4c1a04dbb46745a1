"""The bulk steps: a plan made in the core, applied as one undoable step over many entries.

Quick fixes, a bulk edit, find and replace, duplicate removal and a paste are
each one command (:mod:`entry_commands`), so one undo reverts them all; the
core applies them all or nothing. Like the factories of :mod:`entry_commands`,
each applies first and pushes only a step the core did not refuse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from PySide6.QtGui import QUndoStack

from sitemap_studio.commands.entry_commands import (
    NEVER_MERGE,
    ErrorHandler,
    RemoveEntriesCommand,
    edit_entries,
    insert_entries,
    push_applied,
)
from sitemap_studio.core.edits import DedupePlan, fixed_entries, rows_for_ids
from sitemap_studio.core.model import DocumentKind, Entry, Finding, SitemapDocument


def apply_plan(stack: QUndoStack, document: SitemapDocument, entries: Sequence[Entry],
               text: str, *, on_error: ErrorHandler | None = None) -> bool:
    """Apply planned entries (a bulk edit, a find and replace) as one step that never merges."""
    return edit_entries(stack, document, entries, text, merge_id=NEVER_MERGE, on_error=on_error)


def apply_quick_fixes(stack: QUndoStack, document: SitemapDocument, findings: Iterable[Finding],
                      text: str, *, on_error: ErrorHandler | None = None) -> int:
    """Apply the fixes of ``findings`` as one undoable step; returns how many entries changed.

    Each fix is applied to the entry as it is now; several findings of one
    entry are applied one after the other, in the order given. Findings
    without a fix, without an entry, or whose entry is gone are skipped.
    Returns 0, pushing nothing, when no entry changes or the core refuses.
    """
    changed = fixed_entries(document, findings)
    if not changed:
        return 0
    if not edit_entries(stack, document, changed, text, merge_id=NEVER_MERGE, on_error=on_error):
        return 0
    return len(changed)


def paste_entries(stack: QUndoStack, document: SitemapDocument, row: int,
                  entries: Sequence[Entry], text: str = "Paste entries", *,
                  on_error: ErrorHandler | None = None) -> list[int]:
    """Insert pasted entries (see :mod:`sitemap_studio.core.edits.tsv`) as one step.

    In a sitemap index the entries become ``<sitemap>`` elements, in a urlset
    ``<url>``; their ids are fresh. Returns the new ids (empty when refused:
    a text sitemap cannot hold lastmod, for instance).
    """
    element = "sitemap" if document.kind == DocumentKind.INDEX else "url"
    fresh = [replace(entry, id=-1, element=element) for entry in entries]
    return insert_entries(stack, document, row, fresh, text, on_error=on_error)


def remove_duplicates(stack: QUndoStack, document: SitemapDocument, plan: DedupePlan,
                      text: str = "Remove duplicates") -> int:
    """Remove the entries ``plan`` found as one step; returns how many rows went.

    The plan's entries are found again by id, so rows that moved since the
    plan was made are still the right ones; entries already gone are skipped.
    """
    ids = plan.remove_ids or [document.id_at(row) for row in plan.remove_rows]
    rows = sorted(rows_for_ids(document, ids).values())
    if not rows:
        return 0
    push_applied(stack, RemoveEntriesCommand(document, rows, text))
    return len(rows)


__all__ = ["apply_plan", "apply_quick_fixes", "paste_entries", "remove_duplicates"]
