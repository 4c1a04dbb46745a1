"""What a W3C Datetime is: the value, what keeps a text from being one, and the strict forms.

:func:`strict_diagnosis` reads exactly the forms of the W3C Datetime note
(https://www.w3.org/TR/NOTE-datetime) that the sitemaps.org protocol names,
the timezone aside (so that its absence can be explained), with a real
calendar check; :func:`date_with_timezone` reads the date followed by a
timezone that the sitemap XSD accepts and W3C Datetime does not. The
near-misses are :mod:`date_near_misses`'; :mod:`values` puts them together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from enum import StrEnum
from typing import Literal

Precision = Literal["year", "month", "day", "minute", "second", "fraction"]

EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
_MAX_OFFSET = 14 * 60
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")

#: The W3C forms, except that the timezone is optional here so that its absence can be explained.
_W3C = re.compile(
    r"([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2})"
    r"(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?(Z|[+-][0-9]{2}:[0-9]{2})?)?)?)?"
)
#: A full date followed by a timezone: ``xsd:date`` allows it, W3C Datetime does not.
_DATE_WITH_TZ = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})(Z|[+-][0-9]{2}:[0-9]{2})")

EXPECTED_FORMS = "YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm (e.g. 2024-01-15T10:30:00+01:00)"


@dataclass(frozen=True, slots=True)
class W3CDateTime:
    """A parsed W3C Datetime; fields finer than ``precision`` are ``None``.

    ``fraction`` holds the digits after the decimal point of the seconds, as
    written. ``offset_minutes`` is the timezone offset east of UTC, or
    ``None`` when no timezone was given (a date alone, or a malformed time).
    """

    year: int
    month: int | None = None
    day: int | None = None
    hour: int | None = None
    minute: int | None = None
    second: int | None = None
    fraction: str | None = None
    offset_minutes: int | None = None
    precision: Precision = "year"

    def sort_key(self) -> float:
        """POSIX seconds of the instant, for sorting (equal to ``to_datetime().timestamp()``).

        A missing timezone counts as UTC, a missing month or day as 1 and a
        missing time as midnight, so a value sorts at the start of its period.
        Like :class:`datetime`, it resolves microseconds.
        """
        days = date(self.year, self.month or 1, self.day or 1).toordinal() - EPOCH_ORDINAL
        seconds = (days * 86400 + (self.hour or 0) * 3600 + (self.minute or 0) * 60
                   + (self.second or 0) - (self.offset_minutes or 0) * 60)
        if self.fraction:
            return (seconds * 1_000_000 + int(self.fraction[:6].ljust(6, "0"))) / 1_000_000
        return float(seconds)

    def to_datetime(self) -> datetime:
        """An aware :class:`datetime` (UTC when no timezone was given; microseconds truncated)."""
        offset = self.offset_minutes
        tz = UTC if not offset else timezone(timedelta(minutes=offset))
        micro = int(self.fraction[:6].ljust(6, "0")) if self.fraction else 0
        return datetime(self.year, self.month or 1, self.day or 1, self.hour or 0,
                        self.minute or 0, self.second or 0, micro, tzinfo=tz)


class DateIssue(StrEnum):
    """What keeps a lastmod text from being a plain, schema-valid W3C Datetime."""

    REDUCED_PRECISION = "reduced-precision"  # YYYY, YYYY-MM, hh:mm: W3C yes, XSD no
    NO_TIMEZONE = "no-timezone"  # a time without TZD: XSD yes, W3C no
    DATE_WITH_TIMEZONE = "date-with-timezone"  # 2024-01-15Z: XSD yes, W3C no
    SHAPE = "shape"  # a near-miss neither accepts, understood as a date
    IMPOSSIBLE = "impossible"  # the shape of a date, but no such day or time
    NOT_A_DATE = "not-a-date"


@dataclass(frozen=True, slots=True)
class DateDiagnosis:
    """What a lastmod text means and what, if anything, is wrong with it.

    ``value`` is the instant understood (``None`` when there is none, or it is
    ambiguous); ``problem`` a clause for a webmaster ("February 2024 has 29
    days"); ``suggestion`` a corrected text where the correction is obvious.
    """

    value: W3CDateTime | None
    issue: DateIssue | None = None
    problem: str | None = None
    suggestion: str | None = None

    @property
    def xsd_valid(self) -> bool:
        """Whether ``xsd:date | xsd:dateTime`` accepts the text, for years 0001-9999 and hours
        00-23 (W3C Datetime); the XSD also takes ``24:00:00``, ``10000``, ``-2024``: we do not."""
        return self.issue in (None, DateIssue.NO_TIMEZONE, DateIssue.DATE_WITH_TIMEZONE)


def is_leap_year(year: int) -> bool:
    """Whether ``year`` has a February 29 (proleptic Gregorian calendar)."""
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_in_month(year: int, month: int) -> int:
    """Number of days of ``month`` (1-12) in ``year``."""
    if month == 2:
        return 29 if is_leap_year(year) else 28
    return 30 if month in (4, 6, 9, 11) else 31


def _calendar_problem(year: int, month: int | None, day: int | None, hour: int | None,
                      minute: int | None, second: int | None, offset: str | None) -> str | None:
    """Why these fields name no real day and time, or ``None`` when they do."""
    if year == 0:
        return "there is no year 0000"
    if month is not None and not 1 <= month <= 12:
        return f"there is no month {month:02d} (months run 01-12)"
    if month is not None and day is not None:
        length = days_in_month(year, month)
        if day == 0:
            return "there is no day 00"
        if day > length:
            name = MONTH_NAMES[month - 1]
            if month == 2 and day == 29:
                return f"February {year} has 28 days ({year} is not a leap year)"
            return f"{name} {year} has {length} days"
    if hour is not None and hour > 23:
        return f"there is no hour {hour:02d} (hours run 00-23)"
    if minute is not None and minute > 59:
        return f"there is no minute {minute:02d} (minutes run 00-59)"
    if second == 60:
        return "second 60 (a leap second) is not allowed; seconds run 00-59"
    if second is not None and second > 59:
        return f"there is no second {second:02d} (seconds run 00-59)"
    if offset is not None and offset != "Z":
        hours, minutes = int(offset[1:3]), int(offset[4:6])
        if minutes > 59 or hours * 60 + minutes > _MAX_OFFSET:
            return f"timezone offset {offset} is out of range (-14:00 to +14:00)"
    return None


def _offset_minutes(tzd: str) -> int:
    if tzd == "Z":
        return 0
    minutes = int(tzd[1:3]) * 60 + int(tzd[4:6])
    return -minutes if tzd[0] == "-" else minutes



def strict_diagnosis(text: str) -> DateDiagnosis | None:
    """Diagnosis of ``text`` if it has the W3C shape (timezone optional), else ``None``."""
    match = _W3C.fullmatch(text)
    if match is None:
        return None
    y, mo, d, h, mi, s, fraction, tzd = match.groups()
    year = int(y)
    month = None if mo is None else int(mo)
    day = None if d is None else int(d)
    hour = None if h is None else int(h)
    minute = None if mi is None else int(mi)
    second = None if s is None else int(s)
    problem = _calendar_problem(year, month, day, hour, minute, second, tzd)
    if problem is not None:
        return DateDiagnosis(None, DateIssue.IMPOSSIBLE, problem)
    precision: Precision
    if fraction is not None:
        precision = "fraction"
    elif s is not None:
        precision = "second"
    elif h is not None:
        precision = "minute"
    elif d is not None:
        precision = "day"
    elif mo is not None:
        precision = "month"
    else:
        precision = "year"
    value = W3CDateTime(year, month, day, hour, minute, second, fraction,
                        None if tzd is None else _offset_minutes(tzd), precision)
    if h is not None and tzd is None:
        if s is None:
            return DateDiagnosis(
                value, DateIssue.SHAPE,
                "a time needs a timezone (W3C Datetime) and seconds (the sitemap XSD)",
                text + ":00+00:00")
        return DateDiagnosis(
            value, DateIssue.NO_TIMEZONE,
            "there is no timezone after the time (W3C Datetime requires one; the sitemap XSD "
            "does not)", text + "+00:00")
    if precision == "minute":
        return DateDiagnosis(value, DateIssue.REDUCED_PRECISION, "the time has no seconds",
                             f"{text[:16]}:00{text[16:]}")
    if precision in ("year", "month"):
        return DateDiagnosis(value, DateIssue.REDUCED_PRECISION, f"it gives only the {precision}")
    return DateDiagnosis(value)


def date_with_timezone(text: str) -> DateDiagnosis | None:
    """Diagnosis of ``text`` if it is a full date followed by a timezone, else ``None``."""
    match = _DATE_WITH_TZ.fullmatch(text)
    if match is None:
        return None
    inner = strict_diagnosis(match.group(1))
    if inner is None or inner.value is None:  # only an impossible date gets here
        return inner or DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")
    problem = _calendar_problem(inner.value.year, None, None, None, None, None,
                                match.group(2))
    if problem is not None:
        return DateDiagnosis(None, DateIssue.IMPOSSIBLE, problem)
    value = W3CDateTime(inner.value.year, inner.value.month, inner.value.day,
                        offset_minutes=_offset_minutes(match.group(2)), precision="day")
    return DateDiagnosis(
        value, DateIssue.DATE_WITH_TIMEZONE,
        "W3C Datetime allows a timezone only after a time (the sitemap XSD accepts it)",
        match.group(1))


__all__ = [
    "EPOCH_ORDINAL",
    "EXPECTED_FORMS",
    "MONTH_NAMES",
    "DateDiagnosis",
    "DateIssue",
    "Precision",
    "W3CDateTime",
    "date_with_timezone",
    "days_in_month",
    "is_leap_year",
    "strict_diagnosis",
]
