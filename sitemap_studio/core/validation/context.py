"""What a check needs to know besides the entry, and how it reports what it finds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.findings import Finding, QuickFix
from sitemap_studio.core.validation.registry import Profile, Rule


@dataclass(frozen=True, slots=True)
class ValidationContext:
    """Settings of one validation run.

    ``site_url`` is the project's site URL (or ``--site-url``); ``sitemap_url``
    the public URL the sitemap is served from, when known. ``now`` is fixed per
    run so that "in the future" is judged consistently. ``project_indexes``
    holds the public URLs and file names of the sitemap indexes of the
    project, so that an index listing another index can be caught.
    """

    profile: Profile = Profile.PROTOCOL
    site_url: str | None = None
    sitemap_url: str | None = None
    kind: DocumentKind = DocumentKind.URLSET
    project_indexes: frozenset[str] = frozenset()
    now: datetime = field(default_factory=lambda: datetime.now(UTC))


#: Where a finding about a field of the entry points: ``(field, line or None) -> (line, column)``.
Locate = Callable[[str | None, int | None], tuple[int, int] | None]


class Reporter:
    """Collects the findings of one entry (or of the file, with ``entry_id=None``).

    Checks call it with a registered :class:`Rule`; the reporter applies the
    profile's severity (dropping the finding when the rule is off there) and
    fills in the entry id, and the line and column of what the finding is about
    (the field's element, found by ``locate``; the entry itself without a field).
    """

    __slots__ = ("_locate", "entry_id", "findings", "line", "profile")

    def __init__(self, profile: Profile, entry_id: int | None = None,
                 line: int | None = None, locate: Locate | None = None) -> None:
        self.profile = profile
        self.entry_id = entry_id
        self.line = line
        self._locate = locate
        self.findings: list[Finding] = []

    def __call__(
        self,
        rule: Rule,
        message: str,
        *,
        field: str | None = None,
        fix: QuickFix | None = None,
        line: int | None = None,
        column: int | None = None,
        element: str | None = None,
    ) -> None:
        """Record that ``rule`` found something; ``message`` is for a webmaster.

        ``element`` names the element to point at when it is not ``field``'s own
        (the empty ``news:title`` of a ``news`` finding); ``""`` is the entry itself.
        """
        severity = rule.severity_for(self.profile)
        if severity is None:
            return
        if line is None:
            line = self.line
        if column is None and self._locate is not None:
            found = self._locate(field if element is None else element, line)
            if found is not None:
                line, column = found
        self.findings.append(Finding(
            severity, rule.code, message, self.entry_id, field, line, column, rule.source, fix))
