"""The entry table's audit columns: Status, Verdict and Final URL of each entry's URL.

They read the audit results of the document shown (URL to
:class:`~sitemap_studio.core.audit.results.UrlAudit`) through
:class:`AuditColumns`, which the table model asks for the cells of its last
three columns; the table hides them until the document has results.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from sitemap_studio.core.audit import UrlAudit, Verdict
from sitemap_studio.core.model import Severity
from sitemap_studio.qt_models.severity_icons import severity_colour

#: Titles of the audit columns, after the model's own.
AUDIT_TITLES = ("Status", "Verdict", "Final URL")

#: The text colour of "indexable" on a light and on a dark base (contrast 4.5:1 or more);
#: the other verdicts take the colours of the severities (a redirect a warning's).
_INDEXABLE_COLOURS = {False: "#1b7a2e", True: "#81c995"}
_NO_RESULTS: Mapping[str, UrlAudit] = {}


def verdict_colour(verdict: Verdict) -> QColor:
    """The Verdict cell's text colour on the application's base colour (light or dark)."""
    if verdict == Verdict.INDEXABLE:
        base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
        return _indexable_colour(base.lightness() < 128)
    return severity_colour(Severity.WARNING if verdict == Verdict.REDIRECT else Severity.ERROR)


@cache
def _indexable_colour(dark: bool) -> QColor:
    return QColor(_INDEXABLE_COLOURS[dark])


def status_text(result: UrlAudit) -> str:
    """The Status cell: the first status, with the final one after redirects ("301 → 200")."""
    if result.status is None:
        return "\N{EM DASH}"
    if result.redirects and result.final_status is not None:
        return f"{result.status} \N{RIGHTWARDS ARROW} {result.final_status}"
    return str(result.status)


def evidence(result: UrlAudit) -> str:
    """Every finding of ``result`` in words, one a line (the cells' tooltip)."""
    lines = [finding.message for finding in result.findings]
    if result.checked_at:
        lines.append(f"Checked {result.checked_at}")
    return "\n".join(lines)


class AuditColumns:
    """The audit results one table shows, and what its audit cells hold."""

    def __init__(self) -> None:
        self.results: Mapping[str, UrlAudit] = _NO_RESULTS

    def show(self, results: Mapping[str, UrlAudit] | None) -> None:
        """Read from ``results`` (URL to result; a live mapping) from now on."""
        self.results = _NO_RESULTS if results is None else results

    def cell(self, loc: str | None, column: int, role: int) -> Any:
        """The audit cell ``column`` (0 Status, 1 Verdict, 2 Final URL) of an entry at ``loc``."""
        result = self.results.get(loc) if loc else None
        if result is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole or role == Qt.ItemDataRole.EditRole:
            if column == 0:
                return status_text(result)
            if column == 1:
                return str(result.verdict)
            final = result.final_url
            return final if final and final != result.url else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return evidence(result) or None
        if role == Qt.ItemDataRole.ForegroundRole and column == 1:
            return verdict_colour(result.verdict)
        return None

    def sort_text(self, loc: str | None, column: int) -> str | None:
        """What a row sorts by in audit column ``column`` (``None``: not audited, last)."""
        result = self.results.get(loc) if loc else None
        if result is None:
            return None
        if column == 0:
            first = -1 if result.status is None else result.status
            final = -1 if result.final_status is None else result.final_status
            return f"{first + 1:04d}{final + 1:04d}"
        if column == 1:
            return f"{list(Verdict).index(result.verdict):02d}"
        return result.final_url or ""



__all__ = ["AUDIT_TITLES", "AuditColumns", "evidence", "status_text", "verdict_colour"]
