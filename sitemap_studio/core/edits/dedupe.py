"""Plan removing duplicate entries: the same location after normalisation.

Two entries are duplicates when their locations have the same
:func:`~sitemap_studio.core.urls.parsing.normalize_url` key: scheme and host case,
the default port, escapes of unreserved characters and the fragment do not
count (``https://example.com/page#section`` duplicates
``https://example.com/page``). A trailing slash does count: validation calls
``/page`` and ``/page/`` *possible* duplicates, and those are never removed
here. The first entry of a group (lowest row) stays; the later ones go.

Planning changes nothing: the caller previews :meth:`DedupePlan.preview` and
removes the rows in one step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.location_keys import keyed_rows
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback


@dataclass(frozen=True, slots=True)
class DuplicateLine:
    """One line of a preview: the entry that goes, and the entry it duplicates."""

    row: int
    loc: str
    kept_row: int
    kept_loc: str


@dataclass(slots=True)
class DedupePlan:
    """Which rows a duplicate removal takes out.

    ``remove_rows`` ascending; ``kept_for`` maps each of them to the row that
    stays in its place; ``groups`` counts locations listed more than once.
    ``remove_ids`` are the entry ids of ``remove_rows`` (same order), so the
    plan can still be applied by id after rows moved.
    """

    remove_rows: list[int] = field(default_factory=list)
    kept_for: dict[int, int] = field(default_factory=dict)
    groups: int = 0
    remove_ids: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.remove_rows)

    def preview(self, document: SitemapDocument, limit: int | None = None) -> list[DuplicateLine]:
        """What goes and what it duplicates, in row order (the first ``limit`` lines)."""
        rows = self.remove_rows if limit is None else self.remove_rows[:limit]
        return [DuplicateLine(row, document.text(row, 0) or "", self.kept_for[row],
                              document.text(self.kept_for[row], 0) or "") for row in rows]


def plan_dedupe(
    document: SitemapDocument,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> DedupePlan:
    """Plan removing every entry whose location duplicates an earlier entry's.

    Entries without a location (or with an empty one) are never duplicates.
    """
    first_row: dict[str, int] = {}
    grouped: set[str] = set()
    plan = DedupePlan()
    for row, key in keyed_rows(document, cancel, progress):
        kept = first_row.setdefault(key, row)
        if kept != row:
            plan.remove_rows.append(row)
            plan.kept_for[row] = kept
            grouped.add(key)
    plan.groups = len(grouped)
    plan.remove_ids = [document.id_at(row) for row in plan.remove_rows]
    return plan


__all__ = ["DedupePlan", "DuplicateLine", "plan_dedupe"]
