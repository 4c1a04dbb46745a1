"""The columns of a finding: severity, entry, line, field, code and message."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from sitemap_studio.core.model import Finding
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.qt_models.severity_icons import severity_colour, severity_icon

HEADERS = ("Severity", "Entry", "Line", "Field", "Code", "Message")


def header_title(section: int, orientation: Qt.Orientation, role: int) -> str | None:
    """The title of a findings column."""
    if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
        return HEADERS[section] if 0 <= section < len(HEADERS) else None
    return None


def finding_text(finding: Finding, position: int | str | None, column: int) -> str:
    """The text of ``finding``'s cell in ``column``; ``position`` is its entry's row
    (or ``"file: row"`` when several files are shown)."""
    if column == 0:
        return finding.severity.value
    if column == 1:
        return "" if position is None else str(position)
    if column == 2:
        return "" if finding.line is None else str(finding.line)
    if column == 3:
        return finding.field or ""
    if column == 4:
        return finding.code
    return finding.message


def finding_data(finding: Finding, column: int, role: int) -> Any:
    """Icons, colours, tooltips and our roles of ``finding``'s cell (not its text)."""
    if role == Qt.ItemDataRole.DecorationRole and column == 0:
        return severity_icon(finding.severity)
    if role == Qt.ItemDataRole.ForegroundRole and column == 0:
        return severity_colour(finding.severity)
    if role == Qt.ItemDataRole.ToolTipRole:
        fix = f"\nQuick fix: {finding.fix.label}" if finding.fix else ""
        return f"{finding.message}\nSource: {finding.source.value}{fix}"
    if role == Role.ENTRY_ID:
        return finding.entry
    if role == Role.FINDINGS:
        return finding
    return None
