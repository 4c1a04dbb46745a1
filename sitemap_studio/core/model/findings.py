"""Findings: what the reader and the validator say about a document, as data."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from dataclasses import field as dataclass_field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sitemap_studio.core.model.entries import Entry


class Severity(StrEnum):
    """How bad a finding is; errors block export, notices are advice."""

    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"

    @property
    def rank(self) -> int:
        """0 for an error, 1 for a warning, 2 for a notice: sort by it to put the worst first."""
        return _SEVERITY_RANKS[self]


_SEVERITY_RANKS = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTICE: 2}


class RuleSource(StrEnum):
    """Where a rule comes from, so users can weigh it."""

    PROTOCOL = "sitemaps.org protocol"
    XSD = "sitemaps.org XSD"
    GOOGLE = "Google Search Central"
    INDEXNOW = "IndexNow"
    XML = "XML 1.0"
    STUDIO = "Sitemap Studio"


@dataclass(frozen=True, slots=True)
class QuickFix:
    """A proposed correction: a pure function from an entry to the corrected entry."""

    label: str
    apply: Callable[[Entry], Entry]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing worth telling the user about a file or an entry.

    ``entry`` is the stable id of the entry concerned, or ``None`` for a
    file-level finding. ``line`` and ``column`` are 1-based where known.
    ``fix``, where there is one, proposes the corrected entry.
    """

    severity: Severity
    code: str
    message: str
    entry: int | None = None
    field: str | None = None
    line: int | None = None
    column: int | None = None
    source: RuleSource = RuleSource.STUDIO
    fix: QuickFix | None = dataclass_field(default=None, compare=False)


def findings_alike(severity: Severity, code: str, message: str, entries: Iterable[int],
                   field: str | None, lines: Iterable[int | None],
                   columns: Iterable[int | None], source: RuleSource) -> list[Finding]:
    """``Finding(severity, code, message, entry, field, line, column, source)`` for each
    ``(entry, line, column)`` of ``entries``, ``lines`` and ``columns`` taken together.

    The same findings as the constructor makes, made about twice as fast: each field is
    set by its slot directly, not through the frozen class's guarded ``__setattr__``.
    100,000 copies of one URL need 100,000 of them.
    """
    made: list[Finding] = []
    add = made.append
    new = object.__new__
    set_severity, set_code, set_message, set_entry, set_field, set_line, set_column, \
        set_source, set_fix = _SLOT_SETTERS
    for entry, line, column in zip(entries, lines, columns, strict=True):
        finding = new(Finding)
        set_severity(finding, severity)
        set_code(finding, code)
        set_message(finding, message)
        set_entry(finding, entry)
        set_field(finding, field)
        set_line(finding, line)
        set_column(finding, column)
        set_source(finding, source)
        set_fix(finding, None)
        add(finding)
    return made


def _slot_setters() -> tuple[Callable[[Finding, object], None], ...]:
    names = ("severity", "code", "message", "entry", "field", "line", "column", "source", "fix")
    if tuple(field.name for field in fields(Finding)) != names:  # pragma: no cover
        raise TypeError("findings_alike must set every field of Finding")
    return tuple(getattr(Finding, name).__set__ for name in names)


_SLOT_SETTERS = _slot_setters()
