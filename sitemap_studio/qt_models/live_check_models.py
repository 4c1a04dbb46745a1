"""Tables of Check Live Site: the files checked, and the problems of the file selected.

Both are :class:`~sitemap_studio.qt_models.publish_models.RecordTableModel`
tables. :func:`live_files_model` shows one row per file with a green or red
mark; :func:`live_problems_model` shows :class:`ProblemRow` values: each
problem of one file with its evidence and what to do, and a last row for the
comparison with the project's export when there is one (see
:func:`problem_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap

from sitemap_studio.core.publish_check import FileCheck, MatchState
from sitemap_studio.qt_models.publish_models import Column, RecordTableModel

PASS_COLOUR, FAIL_COLOUR = "#2e7d32", "#c62828"
_MATCH_WORDS = {MatchState.SAME: "same", MatchState.SAME_URLS: "same URLs, other bytes",
                MatchState.DIFFERENT: "different URLs", MatchState.NOT_LIVE: "not live",
                MatchState.NOT_IN_PROJECT: "not in the project"}
_KINDS = {"sitemapindex": "index", "urlset": "sitemap", "text": "URL list"}


@cache
def mark_icon(passed: bool) -> QIcon:
    """A green disc with a tick, or a red disc with a cross."""
    pixmap = QPixmap(16, 16)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(PASS_COLOUR if passed else FAIL_COLOUR)
    painter.setPen(QPen(colour.darker(130), 1))
    painter.setBrush(QBrush(colour))
    painter.drawEllipse(QRectF(1, 1, 14, 14))
    pen = QPen(QColor("white"), 2)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    if passed:
        painter.drawPolyline([QPointF(4.5, 8.5), QPointF(7, 11), QPointF(11.5, 5.5)])
    else:
        painter.drawLine(QPointF(5, 5), QPointF(11, 11))
        painter.drawLine(QPointF(11, 5), QPointF(5, 11))
    painter.end()
    return QIcon(pixmap)


def file_passed(item: FileCheck) -> bool:
    """Green: no problem, and the same as the project's export when compared."""
    return item.passed


def _problems_tip(item: FileCheck) -> str:
    if item.problems:
        return "\n".join(f"{problem.title}: {problem.message}" for problem in item.problems)
    return "No problem found" + (f"; listed in {item.parent}" if item.parent else "")


def live_files_model(parent: QObject | None = None) -> RecordTableModel[FileCheck]:
    """One row per file checked, in the order the check found them."""
    columns: list[Column[FileCheck]] = [
        Column("File", lambda f: ("\N{EM SPACE}\N{EM SPACE}" if f.parent else "") + f.url,
               lambda f: f.url, tooltip=_problems_tip, icon=lambda f: mark_icon(file_passed(f))),
        Column("Kind", lambda f: _KINDS.get(f.kind, "")),
        Column("Entries", lambda f: "" if f.urls is None else f"{f.urls:,}",
               lambda f: f.urls or 0, numeric=True),
        Column("HTTP", lambda f: "" if f.status is None else str(f.status),
               lambda f: f.status or 0, numeric=True),
        Column("Problems", lambda f: str(len(f.problems)) if f.problems else "none",
               lambda f: len(f.problems), numeric=True),
        Column("Project", lambda f: "" if f.match is None else _MATCH_WORDS[f.match.state],
               tooltip=lambda f: None if f.match is None else f.match.message),
    ]
    return RecordTableModel(columns, warning=lambda f: not file_passed(f), parent=parent)


@dataclass(frozen=True, slots=True)
class ProblemRow:
    """One row of the problems table."""

    passed: bool
    title: str
    message: str
    evidence: str
    action: str


def problem_rows(item: FileCheck | None) -> list[ProblemRow]:
    """The rows for ``item``: its problems, then its comparison, or one "No problem" row."""
    if item is None:
        return []
    rows = [ProblemRow(False, p.title, p.message, p.evidence, p.action) for p in item.problems]
    if item.match is not None:
        same = item.match.state == MatchState.SAME
        rows.append(ProblemRow(same, "Project export", item.match.message,
                               "bytes after decompression, then the URLs listed",
                               "" if same else "Export the project and upload the files again."))
    if not rows:
        rows.append(ProblemRow(True, "No problem", "fetched and read as a search engine would",
                               "" if item.status is None else f"HTTP {item.status}", ""))
    return rows


def live_problems_model(parent: QObject | None = None) -> RecordTableModel[ProblemRow]:
    """The problems of one file: Search Console's words, what is wrong, evidence, what to do."""
    columns: list[Column[ProblemRow]] = [
        Column("Problem", lambda r: r.title, icon=lambda r: mark_icon(r.passed)),
        Column("What is wrong", lambda r: r.message, tooltip=lambda r: r.message),
        Column("Evidence", lambda r: r.evidence, tooltip=lambda r: r.evidence),
        Column("What to do", lambda r: r.action, tooltip=lambda r: r.action),
    ]
    return RecordTableModel(columns, parent=parent)


__all__ = ["ProblemRow", "file_passed", "live_files_model", "live_problems_model", "mark_icon",
           "problem_rows"]
