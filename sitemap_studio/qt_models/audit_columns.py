"""The entry table's audit columns: Status, Verdict and Final URL of each entry's URL.

They read the audit results of the document shown (URL to
:class:`~sitemap_studio.core.audit.results.UrlAudit`) through
:class:`AuditColumns`, which the table model asks for the cells of its last
three columns; the table hides them until the document has results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from sitemap_studio.core.audit.results import UrlAudit, Verdict

#: Titles of the audit columns, after the model's own.
AUDIT_TITLES = ("Status", "Verdict", "Final URL")

#: Text colours of the verdicts in the table (readable on light and dark bases).
_VERDICT_COLOURS = {Verdict.INDEXABLE: "#1b7a2e", Verdict.REDIRECT: "#8a5300"}
_PROBLEM_COLOUR = "#b71c1c"
_NO_RESULTS: Mapping[str, UrlAudit] = {}


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
        self._colours: dict[str, QColor] = {}

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
            return self._colour(_VERDICT_COLOURS.get(result.verdict, _PROBLEM_COLOUR))
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

    def _colour(self, name: str) -> QColor:
        colour = self._colours.get(name)
        if colour is None:
            colour = self._colours[name] = QColor(name)
        return colour


__all__ = ["AUDIT_TITLES", "AuditColumns", "evidence", "status_text"]
