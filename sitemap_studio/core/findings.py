"""Findings: what the reader and the validator say about a document, as data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sitemap_studio.core.entries import Entry


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
