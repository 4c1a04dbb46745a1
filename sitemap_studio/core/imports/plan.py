"""Plan an import into a document: which entries come in, which replace, which are skipped.

An imported entry duplicates an entry already there when their locations
have the same :func:`~sitemap_studio.core.urls.parsing.normalize_url` key, the
comparison :mod:`sitemap_studio.core.edits.dedupe` uses. The user chooses up front
what happens to duplicates (:class:`DuplicatePolicy`): skip the imported
entry, let it replace the one there (same place, same id), or keep both. The
policy applies among the imported entries too (with ``replace`` the later
one wins). Planning changes nothing; the undo command applies the plan.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.location_keys import keyed_rows, location_key
from sitemap_studio.core.model.progress import CancelToken, check

_CHUNK = 65536


class DuplicatePolicy(StrEnum):
    """What happens to an imported entry whose location is already listed."""

    SKIP = "skip"
    REPLACE = "replace"
    KEEP_BOTH = "keep-both"


POLICY_TITLES = {
    DuplicatePolicy.SKIP: "Skip the imported entry",
    DuplicatePolicy.REPLACE: "Replace the entry already there",
    DuplicatePolicy.KEEP_BOTH: "Keep both",
}


@dataclass(slots=True)
class ImportPlan:
    """What an import does.

    ``inserts`` go after the last entry, in order (ids ``-1``); ``replacements``
    carry the ids of the entries they replace. ``*_sources`` give, for each,
    the index of the imported entry it came from.
    """

    inserts: list[Entry] = field(default_factory=list)
    insert_sources: list[int] = field(default_factory=list)
    replacements: list[Entry] = field(default_factory=list)
    replace_sources: list[int] = field(default_factory=list)
    skipped: int = 0

    def summary(self, flagged: Collection[int] = (), target: str = "") -> ImportSummary:
        """The counts of this plan; ``flagged`` are indexes of imported entries with findings."""
        taken = [*self.insert_sources, *self.replace_sources]
        return ImportSummary(len(self.inserts), len(self.replacements), self.skipped,
                             sum(1 for index in taken if index in flagged), target)


@dataclass(frozen=True, slots=True)
class ImportSummary:
    """How an import went: entries added, replaced, skipped, and how many have findings."""

    added: int
    replaced: int
    skipped: int
    with_findings: int
    target: str = ""


def existing_keys(document: SitemapDocument,
                  cancel: CancelToken | None = None) -> dict[str, int]:
    """Location key to the id of the first entry of ``document`` listing it."""
    keys: dict[str, int] = {}
    for row, key in keyed_rows(document, cancel):
        if key not in keys:
            keys[key] = document.id_at(row)
    return keys


def plan_import(document: SitemapDocument, entries: Sequence[Entry], policy: DuplicatePolicy,
                *, cancel: CancelToken | None = None) -> ImportPlan:
    """Plan importing ``entries`` into ``document`` under ``policy``."""
    element = "sitemap" if document.kind == DocumentKind.INDEX else "url"
    there = existing_keys(document, cancel)
    fresh: dict[str, int] = {}  # key -> position in plan.inserts
    swapped: dict[int, int] = {}  # id of a replaced entry -> position in plan.replacements
    plan = ImportPlan()
    for index, entry in enumerate(entries):
        if index % _CHUNK == 0:
            check(cancel)
        new = replace(entry, id=-1, element=element)
        key = location_key(entry.loc)
        known = key is not None and (key in there or key in fresh)
        if not known or policy == DuplicatePolicy.KEEP_BOTH:
            if key is not None and key not in fresh and key not in there:
                fresh[key] = len(plan.inserts)
            plan.inserts.append(new)
            plan.insert_sources.append(index)
        elif policy == DuplicatePolicy.SKIP:
            plan.skipped += 1
        elif key in there:
            assert key is not None
            entry_id = there[key]
            if entry_id in swapped:
                plan.skipped += 1  # an earlier imported entry replaced it: the later one wins
                position = swapped[entry_id]
                plan.replacements[position] = replace(new, id=entry_id)
                plan.replace_sources[position] = index
            else:
                swapped[entry_id] = len(plan.replacements)
                plan.replacements.append(replace(new, id=entry_id))
                plan.replace_sources.append(index)
        else:
            assert key is not None
            position = fresh[key]
            plan.skipped += 1
            plan.inserts[position] = new
            plan.insert_sources[position] = index
    return plan


def _count(number: int, noun: str, plural: str) -> str:
    return f"{number:,} {noun if number == 1 else plural}"


def summary_text(summary: ImportSummary) -> str:
    """The summary as the user reads it, one sentence a line."""
    where = f" into {summary.target}" if summary.target else ""
    came = _count(summary.added + summary.replaced, "entry", "entries")
    lines = [f"{came} came in{where}: {summary.added:,} added, {summary.replaced:,} replaced."]
    if summary.skipped:
        lines.append(f"{_count(summary.skipped, 'duplicate', 'duplicates')} skipped.")
    else:
        lines.append("Nothing was skipped.")
    if summary.with_findings:
        noun = "entry has" if summary.with_findings == 1 else "entries have"
        lines.append(f"{summary.with_findings:,} imported {noun} findings: see the issues panel.")
    else:
        lines.append("No imported entry has findings.")
    return "\n".join(lines)


__all__ = [
    "POLICY_TITLES",
    "DuplicatePolicy",
    "ImportPlan",
    "ImportSummary",
    "existing_keys",
    "location_key",
    "plan_import",
    "summary_text",
]
