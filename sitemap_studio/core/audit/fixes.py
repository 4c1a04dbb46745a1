"""Which fixes an audit proposes for a sitemap, entry by entry, before anything changes.

Each planner reads a document and the audit results of its URLs and returns a
:class:`FixPlan`: the entries a fix would change, their value before and after,
and why, in words. The window shows the plan as a preview and applies it as
one undoable step; nothing here changes a document.

* :func:`plan_redirects`: a URL that redirects is replaced by its final URL,
  when that URL answered 200 and is indexable (no ``noindex``, no canonical
  pointing elsewhere, not blocked by robots.txt) and is not in the sitemap
  already (the replacement would list it twice).
* :func:`plan_removals`: entries whose URL is ``not-found``, ``noindex``,
  ``canonicalised`` or ``blocked`` (the verdicts chosen) leave the sitemap.
  :data:`FixKind.QUARANTINE` takes the same entries out and keeps them in the
  project's quarantine sitemap (see :mod:`.quarantine`).
* :func:`plan_lastmod`: ``lastmod`` takes the ``Last-Modified`` the server
  sent, where the sitemap's value is missing, in the future, or older. A
  value that is not a date is left alone (validation flags it), and so is
  a ``Last-Modified`` in the future or that does not parse.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from sitemap_studio.core.audit.results import UrlAudit, Verdict
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.values import parse_w3c_datetime

#: The verdicts whose entries the removal fix takes out by default.
REMOVABLE = (Verdict.NOT_FOUND, Verdict.NOINDEX, Verdict.CANONICALISED, Verdict.BLOCKED)


class FixKind(StrEnum):
    """The fixes an audit offers; :attr:`label` names each in buttons and the undo history."""

    REPLACE_REDIRECTS = "replace-redirects"
    REMOVE = "remove"
    QUARANTINE = "quarantine"
    LASTMOD = "lastmod"

    @property
    def label(self) -> str:
        """The fix's name, as the window shows it."""
        if self is FixKind.REPLACE_REDIRECTS:
            return "Replace redirected URLs by their final URL"
        if self is FixKind.REMOVE:
            return "Remove URLs that cannot be indexed"
        if self is FixKind.QUARANTINE:
            return "Move URLs that cannot be indexed to the quarantine sitemap"
        return "Set lastmod from Last-Modified"


@dataclass(frozen=True, slots=True)
class FixChange:
    """One entry a fix changes: its value before and after (``None`` after: removed)."""

    entry_id: int
    row: int
    loc: str
    before: str | None
    after: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class FixPlan:
    """What one fix would do to one document."""

    kind: FixKind
    changes: tuple[FixChange, ...]
    #: Entries the fix leaves alone although their URL qualifies, and why (for the preview).
    left_alone: tuple[FixChange, ...] = ()

    @property
    def title(self) -> str:
        """The fix's name."""
        return self.kind.label

    @property
    def entry_ids(self) -> list[int]:
        """The ids of the entries changed, in document order."""
        return [change.entry_id for change in self.changes]

    def __len__(self) -> int:
        return len(self.changes)


def final_is_indexable(result: UrlAudit) -> bool:
    """Whether a redirected URL ends at a page that answered 200 and can be indexed."""
    final = result.final_url
    return (result.verdict == Verdict.REDIRECT and bool(final) and final != result.url
            and result.final_status == 200 and not result.noindex
            and not result.robots_blocked
            and (result.canonical is None or result.canonical == final))


def plan_redirects(document: SitemapDocument, results: Mapping[str, UrlAudit]) -> FixPlan:
    """Replace each redirected URL whose final URL is indexable by that final URL."""
    listed = {document.text(row, 0) for row in range(len(document))}
    changes: list[FixChange] = []
    left: list[FixChange] = []
    for row in range(len(document)):
        loc = document.text(row, 0)
        result = results.get(loc or "")
        if loc is None or result is None or not final_is_indexable(result):
            continue
        final = result.final_url
        assert final is not None
        hops = len(result.redirects) or 1
        change = FixChange(document.id_at(row), row, loc, loc, final,
                           f"redirects ({hops} hop{'s' if hops > 1 else ''}) to a page that "
                           "answers 200 and can be indexed")
        if final in listed:
            left.append(FixChange(change.entry_id, row, loc, loc, final,
                                  "the final URL is in the sitemap already"))
        else:
            changes.append(change)
    return FixPlan(FixKind.REPLACE_REDIRECTS, tuple(changes), tuple(left))


def plan_removals(document: SitemapDocument, results: Mapping[str, UrlAudit],
                  verdicts: Collection[Verdict] = REMOVABLE) -> FixPlan:
    """Remove the entries whose URL has one of ``verdicts``."""
    chosen = set(verdicts)
    changes: list[FixChange] = []
    for row in range(len(document)):
        loc = document.text(row, 0)
        result = results.get(loc or "")
        if loc is None or result is None or result.verdict not in chosen:
            continue
        evidence = result.findings[0].message if result.findings else str(result.verdict)
        reason = evidence if evidence.lower().startswith(str(result.verdict)) \
            else f"{result.verdict}: {evidence}"
        changes.append(FixChange(document.id_at(row), row, loc, loc, None, reason))
    return FixPlan(FixKind.REMOVE, tuple(changes))


def last_modified_instant(header: str | None, now: datetime) -> datetime | None:
    """The instant a ``Last-Modified`` header names, in UTC; ``None`` when it does not parse
    or lies after ``now``."""
    if not header:
        return None
    # Imported here: the email package costs the window about 3 MB at start-up.
    from email.utils import parsedate_to_datetime

    try:
        moment = parsedate_to_datetime(header)
    except (TypeError, ValueError, IndexError):
        return None
    if moment is None:
        return None
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return None if moment > now else moment


def w3c_text(moment: datetime) -> str:
    """``moment`` as the lastmod text the fix writes: seconds, in UTC, ``+00:00``."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def lastmod_reason(lastmod: str | None, modified: datetime, now: datetime) -> str | None:
    """Why ``lastmod`` should become ``modified`` (missing, in the future, older), or ``None``
    when it should stay (it is as recent, or it is not a date at all)."""
    if lastmod is None or not lastmod.strip():
        return "the sitemap gives no lastmod"
    value = parse_w3c_datetime(lastmod.strip())
    if value is None:
        return None
    instant = value.to_datetime().astimezone(UTC)
    if instant > now:
        return "the sitemap's lastmod lies in the future"
    if value.hour is None:  # a date (or month, or year): compare at that precision
        older = _period_start(modified, value.precision) > _period_start(instant, value.precision)
    else:
        older = (modified - instant).total_seconds() >= 1
    return "the sitemap's lastmod is older than the page's Last-Modified" if older else None


def _period_start(moment: datetime, precision: str) -> tuple[int, ...]:
    if precision == "year":
        return (moment.year,)
    if precision == "month":
        return (moment.year, moment.month)
    return (moment.year, moment.month, moment.day)


def plan_lastmod(document: SitemapDocument, results: Mapping[str, UrlAudit],
                 now: datetime) -> FixPlan:
    """Set ``lastmod`` from ``Last-Modified`` where the sitemap's value is missing, in the
    future, or older; a text sitemap holds no lastmod, so its plan is empty."""
    if document.source.format in (SourceFormat.TEXT, SourceFormat.ROBOTS):
        return FixPlan(FixKind.LASTMOD, ())
    changes: list[FixChange] = []
    for row in range(len(document)):
        loc = document.text(row, 0)
        result = results.get(loc or "")
        if loc is None or result is None:
            continue
        modified = last_modified_instant(result.last_modified, now)
        if modified is None:
            continue
        lastmod = document.text(row, 1)
        reason = lastmod_reason(lastmod, modified, now)
        if reason is not None:
            changes.append(FixChange(document.id_at(row), row, loc, lastmod,
                                     w3c_text(modified), reason))
    return FixPlan(FixKind.LASTMOD, tuple(changes))


def plan_fix(kind: FixKind, document: SitemapDocument, results: Mapping[str, UrlAudit],
             now: datetime, removable: Collection[Verdict] = REMOVABLE) -> FixPlan:
    """The plan of fix ``kind`` for ``document``."""
    if kind == FixKind.REPLACE_REDIRECTS:
        return plan_redirects(document, results)
    if kind in (FixKind.REMOVE, FixKind.QUARANTINE):
        plan = plan_removals(document, results, removable)
        return plan if kind == FixKind.REMOVE else FixPlan(kind, plan.changes)
    return plan_lastmod(document, results, now)


__all__ = [
    "REMOVABLE",
    "FixChange",
    "FixKind",
    "FixPlan",
    "final_is_indexable",
    "last_modified_instant",
    "lastmod_reason",
    "plan_fix",
    "plan_lastmod",
    "plan_redirects",
    "plan_removals",
    "w3c_text",
]
