"""Which URLs an audit run fetches: the entries chosen, less those checked lately.

The window audits the sitemap shown, a selection of it, or every sitemap of
the project; a re-audit can skip URLs whose result is younger than a number
of days. :func:`targets_of` lists the entries of one document as
:class:`~sitemap_studio.core.audit.options.AuditItem` values (each URL once per
file), :func:`skip_recent` leaves out the recent ones, and :func:`time_left`
estimates the rest of a run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sitemap_studio.core.audit.inputs import document_items
from sitemap_studio.core.audit.options import AuditItem
from sitemap_studio.core.audit.store import AuditStore
from sitemap_studio.core.model.documents import SitemapDocument


def targets_of(document: SitemapDocument, key: str,
               rows: Iterable[int] | None = None) -> list[AuditItem]:
    """The URLs of ``document`` (all rows, or ``rows``) to audit, in document order.

    ``key`` names the file in the results. A URL listed twice is audited once;
    entries without a location are left out.
    """
    chosen = None if rows is None else sorted(set(rows))
    seen: set[str] = set()
    targets: list[AuditItem] = []
    for item in document_items(document, key, chosen):
        if item.url not in seen:
            seen.add(item.url)
            targets.append(item)
    return targets


def skip_recent(targets: Sequence[AuditItem], store: AuditStore, days: float,
                now: datetime) -> tuple[list[AuditItem], int]:
    """``targets`` less those checked within ``days`` days; and how many were left out."""
    if days <= 0:
        return list(targets), 0
    kept = [t for t in targets if not store.checked_since(t.file, t.url, days, now)]
    return kept, len(targets) - len(kept)


def time_left(elapsed: float, done: int, total: int) -> float | None:
    """Seconds the rest of a run should take at the pace so far (``None``: too early to say)."""
    if done <= 0 or total <= done or elapsed <= 0:
        return None if total > done else 0.0
    return elapsed / done * (total - done)


def describe_time_left(seconds: float | None) -> str:
    """``seconds`` in words for the progress label: "about 3 min left"."""
    if seconds is None:
        return "estimating the time left"
    if seconds < 10:
        return "a few seconds left"
    if seconds < 90:
        return f"about {round(seconds / 5) * 5:.0f} s left"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60):.0f} min left"
    return f"about {seconds / 3600:.1f} h left"




class AuditScope(StrEnum):
    """What an audit run covers."""

    SHOWN = "shown"
    SELECTION = "selection"
    PROJECT = "project"


@dataclass(frozen=True, slots=True)
class AuditRequest:
    """What the user asked to audit, and how.

    Attributes:
        scope: The sitemap shown, its selected entries, or every sitemap of the project.
        allow_private: Fetch URLs whose host is a private or loopback address too.
        skip_days: Leave out URLs checked within this many days (0: none).
    """

    scope: AuditScope
    allow_private: bool = False
    skip_days: int = 0


__all__ = ["AuditRequest", "AuditScope", "describe_time_left", "skip_recent",
           "targets_of", "time_left"]
