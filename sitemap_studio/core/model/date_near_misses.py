"""Lastmod texts that miss W3C Datetime but evidently name a date: what they mean, what to write.

Year-first dates written loosely ("2024-01-15 10:30:00", "2024/1/5",
"+0100"), day-first or month-first ones ("15/01/2024") and RSS (RFC 822)
dates are understood, explained in a clause for a webmaster, and given the
corrected text where the correction is obvious; an ambiguous day and month
is named as such, with both readings.
"""

from __future__ import annotations

import re

from sitemap_studio.core.model.w3c_dates import (
    EXPECTED_FORMS,
    MONTH_NAMES,
    DateDiagnosis,
    DateIssue,
    strict_diagnosis,
)

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


def near_miss(text: str) -> DateDiagnosis | None:
    """Diagnosis of ``text`` if it has the shape of a near-miss, else ``None``."""
    for pattern, explain in ((_LOOSE, _loose), (_NUMERIC_DMY, _day_first), (_RFC822, _rfc822)):
        match = pattern.fullmatch(text)
        if match is not None:
            return explain(match)
    return None


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
    return _repair(strict_diagnosis(canonical), canonical, "; ".join(problems))


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
    return _repair(strict_diagnosis(canonical), canonical, rule)


def _rfc822(match: re.Match[str]) -> DateDiagnosis:
    day, month_name, year, hour, minute, second, zone = match.groups()
    month = _MONTH_ABBREVIATIONS.get(month_name.lower())
    if month is None:
        return DateDiagnosis(None, DateIssue.NOT_A_DATE, f"expected {EXPECTED_FORMS}")
    tz = "Z" if zone in ("GMT", "UTC", "UT", "Z") else f"{zone[:3]}:{zone[3:]}"
    canonical = f"{year}-{month:02d}-{day:0>2}T{hour}:{minute}:{second or '00'}{tz}"
    return _repair(strict_diagnosis(canonical), canonical,
                   "this is an RSS (RFC 822) date; sitemaps use W3C Datetime")


__all__ = ["near_miss"]
