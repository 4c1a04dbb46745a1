"""What validation says about entries before they are imported, and the CSV preview rows.

:func:`check_entries` runs each entry's own rules (the validator's per-entry
checks, without the site scope and the cross-entry ones, which depend on the
target) so that the import can say how many entries come in with findings.
:func:`preview_rows` is the first rows of a table as the mapping step shows
them: the mapped values, and what reading and validation say about each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sitemap_studio.core.imports.csv_source import ColumnMapping, Table, rows_to_entries
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.entries import FIELDS, Entry
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.entry_checks import check_entry

_CHECK_EVERY = 4096


def entry_findings(entry: Entry, context: ValidationContext,
                   entry_id: int | None = None) -> list[Finding]:
    """The findings of ``entry``'s own rules (``entry_id`` fills their ``entry``)."""
    reporter = Reporter(context.profile, entry_id)
    values = (entry.loc, entry.lastmod, entry.changefreq, entry.priority)
    raws = (entry.raw.get(FIELDS[0]), entry.raw.get(FIELDS[1]), entry.raw.get(FIELDS[2]),
            entry.raw.get(FIELDS[3]))
    check_entry(entry, values, raws, entry.element, reporter, context, None, SourceFormat.XML)
    return reporter.findings


def check_entries(
    entries: Sequence[Entry],
    context: ValidationContext | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> set[int]:
    """Indexes of the entries that have at least one finding of their own."""
    context = context or ValidationContext()
    flagged: set[int] = set()
    total = len(entries)
    for index, entry in enumerate(entries):
        if index % _CHECK_EVERY == 0:
            check(cancel)
            report(progress, index, total)
        if entry_findings(entry, context):
            flagged.add(index)
    report(progress, total, total)
    return flagged


def worst(findings: Sequence[Finding]) -> Severity | None:
    """The most severe severity among ``findings``, ``None`` for none."""
    return min((f.severity for f in findings), key=lambda severity: severity.rank, default=None)


@dataclass(frozen=True, slots=True)
class PreviewRow:
    """One row of the mapping preview.

    ``values`` are the mapped texts of loc, lastmod, changefreq and priority
    (``None`` where the column is not chosen or the cell is empty);
    ``messages`` what reading and validation say; ``dropped`` whether the
    row gives no entry.
    """

    line: int
    values: tuple[str | None, str | None, str | None, str | None]
    messages: tuple[str, ...]
    severity: Severity | None
    dropped: bool


def preview_rows(table: Table, mapping: ColumnMapping,
                 context: ValidationContext | None = None) -> list[PreviewRow]:
    """Every row of ``table`` (a preview's few) as the mapping would import it."""
    context = context or ValidationContext()
    mapped = rows_to_entries(table, mapping)
    by_line: dict[int, list[Finding]] = {}
    for problem in mapped.problems:
        if problem.line is not None:
            by_line.setdefault(problem.line, []).append(problem)
    entry_at = dict(zip(mapped.lines, mapped.entries, strict=True))
    rows = []
    for cells, line in zip(table.rows, table.lines, strict=True):
        texts = []
        for name in FIELDS:
            column = mapping.column(name)
            text = cells[column].strip() if column is not None and column < len(cells) else ""
            texts.append(text or None)
        found = list(by_line.get(line, ()))
        entry = entry_at.get(line)
        if entry is not None:
            flagged_fields = {f.field for f in found}
            found += [f for f in entry_findings(entry, context)
                      if f.field is None or f.field not in flagged_fields]
        rows.append(PreviewRow(line, (texts[0], texts[1], texts[2], texts[3]),
                               tuple(f.message for f in found), worst(found), entry is None))
    return rows


__all__ = ["PreviewRow", "check_entries", "entry_findings", "preview_rows", "worst"]
