"""Typed views of the text of ``lastmod`` and ``priority``, for validation, sorting and editors.

Entries keep every value as the text found in the file; this module says what
that text means. :func:`parse_w3c_datetime` accepts exactly the forms of the
W3C Datetime note (https://www.w3.org/TR/NOTE-datetime) that the sitemaps.org
protocol names, with a real calendar check. :func:`diagnose_datetime` also
understands the common near-misses ("2024-01-15 10:30:00", "+0100", no
timezone) so that validation can explain them and propose a correction.
:func:`parse_priority` accepts the lexical space of ``xsd:decimal`` only.

Results are cached: lastmod strings repeat a lot in real files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from typing import Literal

Precision = Literal["year", "month", "day", "minute", "second", "fraction"]

_CACHE_SIZE = 1 << 14
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()
_MAX_OFFSET = 14 * 60
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")

#: The W3C forms, except that the timezone is optional here so that its absence can be explained.
_W3C = re.compile(
    r"([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2})"
    r"(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?(Z|[+-][0-9]{2}:[0-9]{2})?)?)?)?"
)
#: The forms both W3C Datetime and the sitemap XSD accept, shaped right (the calendar aside).
_CLEAN = re.compile(
    r"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
    r"(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
    r"(?:Z|[+-](?:0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00))?"
)
#: A full date followed by a timezone: ``xsd:date`` allows it, W3C Datetime does not.
_DATE_WITH_TZ = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})(Z|[+-][0-9]{2}:[0-9]{2})")
#: Year-first dates written loosely: other separators, one-digit fields, a blank before the time.
_LOOSE = re.compile(
    r"(?P<y>[0-9]{4})(?P<ds>[-/.])(?P<mo>[0-9]{1,2})(?:(?P=ds)(?P<d>[0-9]{1,2})"
    r"(?:(?P<sep>[Tt]| +|[Tt] +| +[Tt])(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2})"
    r"(?::(?P<s>[0-9]{2})(?:(?P<fs>[.,])(?P<f>[0-9]+))?)?"
    r"(?P<tzsep> *)(?P<tz>[Zz]|UTC|GMT|[+-][0-9]{2}(?::?[0-9]{2})?)?)?)?"
)
#: Day-first or month-first dates: 15/01/2024, 01.15.2024.
_NUMERIC_DMY = re.compile(r"([0-9]{1,2})([/.-])([0-9]{1,2})\2([0-9]{4})")
#: RFC 822 dates as found in RSS: "Mon, 15 Jan 2024 10:30:00 +0000".
_RFC822 = re.compile(
    r"(?:[A-Za-z]{3}, *)?([0-9]{1,2}) ([A-Za-z]{3}) ([0-9]{4}) "
    r"([0-9]{2}):([0-9]{2})(?::([0-9]{2}))? *(GMT|UTC|UT|Z|[+-][0-9]{4})"
)
_MONTH_ABBREVIATIONS = {name[:3].lower(): number for number, name in enumerate(MONTH_NAMES, 1)}
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")

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
        days = date(self.year, self.month or 1, self.day or 1).toordinal() - _EPOCH_ORDINAL
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


def _strict(text: str) -> DateDiagnosis | None:
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


def _repair(diagnosis: DateDiagnosis | None, canonical: str, problem: str) -> DateDiagnosis:
    """Diagnosis of a near-miss whose corrected text is ``canonical``."""
    if diagnosis is None:  # cannot happen for texts built from the loose patterns
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, problem)
    if diagnosis.issue is DateIssue.IMPOSSIBLE:
        return DateDiagnosis(None, DateIssue.IMPOSSIBLE, f"{diagnosis.problem}; also, {problem}")
    if diagnosis.issue is not None:  # e.g. still no timezone once the blank is a 'T'
        problem = f"{problem}; also, {diagnosis.problem}"
    return DateDiagnosis(diagnosis.value, DateIssue.SHAPE, problem, canonical)


def _loose(match: re.Match[str]) -> DateDiagnosis:
    """Diagnosis of a year-first date that is written loosely."""
    parts = match.groupdict()
    problems: list[str] = []
    if parts["ds"] != "-":
        problems.append(f"use '-' between year, month and day, not {parts['ds']!r}")
    if len(parts["mo"]) == 1 or (parts["d"] is not None and len(parts["d"]) == 1):
        problems.append("month and day need two digits")
    canonical = f"{parts['y']}-{parts['mo']:0>2}"
    if parts["d"] is not None:
        canonical += f"-{parts['d']:0>2}"
    if parts["h"] is not None:
        if parts["sep"] != "T":
            problems.append("put a 'T' between the date and the time"
                            + (", not a blank" if " " in parts["sep"] else ""))
        if len(parts["h"]) == 1:
            problems.append("the hour needs two digits")
        canonical += f"T{parts['h']:0>2}:{parts['mi']}"
        if parts["s"] is not None:
            canonical += ":" + parts["s"]
        if parts["f"] is not None:
            if parts["fs"] == ",":
                problems.append("use '.' before fractions of a second, not ','")
            canonical += "." + parts["f"]
        tz = parts["tz"]
        if tz is not None:
            if parts["tzsep"]:
                problems.append("no blank before the timezone")
            if tz in ("z", "UTC", "GMT"):
                problems.append(f"write the UTC timezone as 'Z', not {tz!r}")
                tz = "Z"
            elif tz != "Z" and len(tz) == 3:
                problems.append(f"the timezone offset needs minutes: {tz}:00")
                tz += ":00"
            elif tz != "Z" and ":" not in tz:
                tz = f"{tz[:3]}:{tz[3:]}"
                problems.append(f"the timezone offset needs a colon: {tz}")
            canonical += tz
    if not problems:  # e.g. the right shape with nothing wrong but a trailing piece
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")
    return _repair(_strict(canonical), canonical, "; ".join(problems))


def _day_first(match: re.Match[str]) -> DateDiagnosis:
    first, sep, second, year = match.groups()
    a, b = int(first), int(second)
    rule = "dates are written year first (YYYY-MM-DD)"
    if a <= 12 and b <= 12 and a != b:
        return DateDiagnosis(
            None, DateIssue.SHAPE,
            f"{rule}; {first}{sep}{second} could be day-month or month-day, so write "
            f"{year}-{b:02d}-{a:02d} or {year}-{a:02d}-{b:02d}")
    day, month = (second, first) if b > 12 >= a else (first, second)
    canonical = f"{year}-{month:0>2}-{day:0>2}"
    return _repair(_strict(canonical), canonical, rule)


def _rfc822(match: re.Match[str]) -> DateDiagnosis:
    day, month_name, year, hour, minute, second, zone = match.groups()
    month = _MONTH_ABBREVIATIONS.get(month_name.lower())
    if month is None:
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")
    tz = "Z" if zone in ("GMT", "UTC", "UT", "Z") else f"{zone[:3]}:{zone[3:]}"
    canonical = f"{year}-{month:02d}-{day:0>2}T{hour}:{minute}:{second or '00'}{tz}"
    return _repair(_strict(canonical), canonical,
                   "this is an RSS (RFC 822) date; sitemaps use W3C Datetime")


@lru_cache(maxsize=_CACHE_SIZE)
def diagnose_datetime(text: str) -> DateDiagnosis:
    """What ``text`` (a trimmed lastmod value) means, and what is wrong with it.

    Never raises. An empty text is :attr:`DateIssue.NOT_A_DATE`.
    """
    strict = _strict(text)
    if strict is not None:
        return strict
    match = _DATE_WITH_TZ.fullmatch(text)
    if match is not None:
        inner = _strict(match.group(1))
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
    for pattern, explain in ((_LOOSE, _loose), (_NUMERIC_DMY, _day_first), (_RFC822, _rfc822)):
        match = pattern.fullmatch(text)
        if match is not None:
            return explain(match)
    if not text:
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, "it is empty")
    return DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")


def clean_datetime_key(text: str) -> float | None:
    """The sort key of ``text`` if it is a full date or a date-time with seconds and timezone
    (valid for W3C Datetime and the XSD alike), else ``None``. Fast: no parse objects.

    ``None`` says only that :func:`diagnose_datetime` has to look closer.
    """
    if _CLEAN.fullmatch(text) is None:
        return None
    try:
        if len(text) == 10:
            return float((date.fromisoformat(text).toordinal() - _EPOCH_ORDINAL) * 86400)
        return datetime.fromisoformat(text).timestamp()
    except ValueError:  # 2024-02-30, year 0000
        return None


def datetime_sort_key(text: str) -> float | None:
    """Sort key of a lastmod text (see :meth:`W3CDateTime.sort_key`), ``None`` if it means no date.

    Near-misses that evidently name an instant ("2024-01-15 10:30:00") get a
    key too, so that a column sorts the way a reader expects.
    """
    key = clean_datetime_key(text)
    if key is None:
        value = diagnose_datetime(text).value
        if value is not None:
            key = value.sort_key()
    return key


def parse_w3c_datetime(text: str) -> W3CDateTime | None:
    """The W3C Datetime ``text`` denotes, or ``None`` when it is not one (never raises).

    Accepts YYYY, YYYY-MM, YYYY-MM-DD, YYYY-MM-DDThh:mmTZD, YYYY-MM-DDThh:mm:ssTZD
    and YYYY-MM-DDThh:mm:ss.sTZD (any number of fraction digits), TZD being
    ``Z`` or ``+hh:mm``/``-hh:mm`` within 14 hours; the date must exist.
    """
    diagnosis = diagnose_datetime(text)
    if diagnosis.issue is None or diagnosis.issue is DateIssue.REDUCED_PRECISION:
        return diagnosis.value
    return None


def parse_lenient_datetime(text: str) -> tuple[W3CDateTime | None, str | None]:
    """Like :func:`parse_w3c_datetime`, but also understands the common near-misses.

    Returns ``(value, problem)``: ``problem`` is ``None`` for a W3C Datetime,
    otherwise a clause saying what is wrong; ``value`` is what a near-miss
    (a time without timezone, ``+0100``, a blank for ``T``...) evidently
    means, or ``None`` when the text is not a date or not a real one.
    """
    diagnosis = diagnose_datetime(text)
    if diagnosis.issue is None or diagnosis.issue is DateIssue.REDUCED_PRECISION:
        return diagnosis.value, None
    return diagnosis.value, diagnosis.problem


@lru_cache(maxsize=_CACHE_SIZE)
def parse_priority(text: str) -> Decimal | None:
    """The ``xsd:decimal`` ``text`` denotes, or ``None``; the 0.0-1.0 range is not checked.

    ``'0.5'``, ``'.5'``, ``'1.'``, ``'+0.5'`` and ``'00.50'`` are decimals;
    ``'1e-1'``, ``'NaN'``, ``'inf'``, ``'0,5'`` and blank texts are not.
    """
    if _DECIMAL.fullmatch(text) is None:
        return None
    return Decimal(text)
