"""Helpers shared by the image, video and news rules: item labels, blanks, dates, list edits.

Messages name an item only when an entry has several ("video 2: ..."), and the
video and news rules judge dates alike: W3C Datetime under the Google and
protocol profiles, ``xsd:date | xsd:dateTime`` under the XSD profile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sitemap_studio.core.model.values import diagnose_datetime
from sitemap_studio.core.model.w3c_dates import EXPECTED_FORMS, DateIssue, W3CDateTime
from sitemap_studio.core.validation.registry import Profile

#: Date issues each profile accepts: W3C Datetime for Google, xsd:date | xsd:dateTime for the XSD.
_ACCEPTED = {
    Profile.XSD: (DateIssue.NO_TIMEZONE, DateIssue.DATE_WITH_TIMEZONE),
    Profile.GOOGLE: (),
    Profile.PROTOCOL: (),
}


@dataclass(frozen=True, slots=True)
class CheckedDate:
    """A checked date: the instant (``None`` if there is none) and what is wrong, if anything."""

    value: W3CDateTime | None
    problem: str | None = None
    suggestion: str | None = None


def check_date(text: str, profile: Profile) -> CheckedDate:
    """Judge a complete W3C date or date-time (under the XSD profile: xsd:date | xsd:dateTime)."""
    diagnosis = diagnose_datetime(text)
    value, issue = diagnosis.value, diagnosis.issue
    if issue is None or issue in _ACCEPTED[profile]:
        return CheckedDate(value)
    if issue is DateIssue.REDUCED_PRECISION and value is not None:
        if value.precision in ("year", "month"):
            return CheckedDate(None, "is not a complete date: give at least YYYY-MM-DD")
        if profile != Profile.XSD:
            return CheckedDate(value)  # hh:mm without seconds: W3C Datetime allows it
    return CheckedDate(None, diagnosis.problem or f"is not a date ({EXPECTED_FORMS})",
                       diagnosis.suggestion)


def date_clause(problem: str) -> str:
    """A date problem as the rest of a sentence that starts with the value."""
    return problem if problem.startswith("is ") else f"is not a valid date: {problem}"


def item_label(kind: str, index: int, count: int) -> str:
    """'the video' when there is one, else 'video 2'."""
    return f"the {kind}" if count == 1 else f"{kind} {index + 1}"


def item_prefix(which: str) -> str:
    """A message prefix naming the item, needed only when there are several ('video 2: ')."""
    return "" if which.startswith("the ") else f"{which}: "


def is_blank(text: str | None) -> bool:
    """Whether ``text`` is missing or only blanks."""
    return text is None or not text.strip()


def lacks(which: str, shown: str, text: str | None) -> str:
    """'the news item has no <news:title>', or '... has an empty <news:title>' when it is there."""
    if text is None:
        return f"{which} has no {shown}"
    return f"{which} has an empty {shown}" + ("" if not text else " (only blanks)")


def map_items(items: Sequence[Any], change: Callable[[Any], Any]) -> tuple[Any, ...]:
    """``change`` applied to each item, as a tuple (for the image, video and news tuples)."""
    return tuple(change(item) for item in items)
