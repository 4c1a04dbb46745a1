"""Plan quick fixes: what the fixes of some findings make of their entries.

Validation attaches a :class:`~sitemap_studio.core.model.findings.QuickFix`
to a finding it knows how to fix. Planning changes nothing:
:func:`fixed_entries` returns the entries the fixes change, and the caller
applies them in one step (an undo command, in one file or across files).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from sitemap_studio.core.edits.bulk_edit import rows_for_ids
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding


def fixed_entries(document: SitemapDocument, findings: Iterable[Finding]) -> list[Entry]:
    """The entries of ``document`` that the fixes of ``findings`` change, fixed, in row order.

    Each fix is applied to the entry as it is now; several findings of one
    entry are applied one after the other, in the order given. Findings
    without a fix, without an entry, or whose entry is gone are skipped.
    """
    fixes: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.fix is not None and finding.entry is not None:
            fixes.setdefault(finding.entry, []).append(finding)
    rows = rows_for_ids(document, fixes)
    changed: list[Entry] = []
    for entry_id, row in sorted(rows.items(), key=lambda item: item[1]):
        original = current = document.entry_at(row)
        for finding in fixes[entry_id]:
            assert finding.fix is not None
            current = finding.fix.apply(current)
        if current != original or current.raw != original.raw:
            changed.append(replace(current, id=entry_id))
    return changed


__all__ = ["fixed_entries"]
