"""Rules on the values of ``lastmod``, ``changefreq`` and ``priority``.

Each ``check_*`` function looks at one value of one entry; ``value`` is its
text with XML whitespace trimmed (``None`` when the element is absent) and
``raw`` the text as written when that differs. Checks never change a value:
where a correction is obvious they attach a :class:`QuickFix` proposing it.

A valid value costs one dictionary look-up on repeat: values found clean are
remembered (up to a bound), because real files repeat them a lot.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import TypeVar

from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, Entry
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.model.values import clean_datetime_key, diagnose_datetime, parse_priority
from sitemap_studio.core.model.w3c_dates import EXPECTED_FORMS, DateDiagnosis, DateIssue
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import rule

ERROR, WARNING, NOTICE = Severity.ERROR, Severity.WARNING, Severity.NOTICE

VALUE_EMPTY = rule(
    "value-empty", ERROR, RuleSource.XSD,
    "An empty lastmod, changefreq or priority element: the empty text is not a date, "
    "a frequency or a number.", fix="Remove the empty element")
VALUE_WHITESPACE = rule(
    "value-whitespace", NOTICE, RuleSource.STUDIO,
    "Blanks or line breaks around a lastmod, changefreq or priority value: the schema trims "
    "them, but some parsers do not.")
LASTMOD_NOT_DATE = rule(
    "lastmod-not-date", ERROR, RuleSource.PROTOCOL,
    "A lastmod that is not a date at all.")
LASTMOD_IMPOSSIBLE = rule(
    "lastmod-impossible-date", ERROR, RuleSource.PROTOCOL,
    "A lastmod shaped like a date that names no real day or time (2024-02-30, month 13, "
    "hour 25, second 60, offset beyond 14 hours).")
LASTMOD_FORMAT = rule(
    "lastmod-format", ERROR, RuleSource.PROTOCOL,
    "A lastmod that is a date written in another form than W3C Datetime (a blank instead "
    "of 'T', '+0100', one-digit month, day-first, RSS dates).",
    fix="Rewrite in W3C Datetime form")
LASTMOD_PRECISION = rule(
    "lastmod-reduced-precision", NOTICE, RuleSource.XSD,
    "A lastmod of only a year (YYYY), a month (YYYY-MM) or a time without seconds: legal W3C "
    "Datetime, but the sitemap XSD accepts only full dates or date-times with seconds.",
    fix="Add ':00' seconds (time without seconds only)", xsd=ERROR)
LASTMOD_NO_TIMEZONE = rule(
    "lastmod-no-timezone", WARNING, RuleSource.PROTOCOL,
    "A lastmod with a time but no timezone: W3C Datetime requires one, the sitemap XSD "
    "does not.", fix="Assume UTC (+00:00)", xsd=NOTICE)
LASTMOD_DATE_TIMEZONE = rule(
    "lastmod-date-with-timezone", WARNING, RuleSource.PROTOCOL,
    "A lastmod with a timezone after a date without time (2024-01-15Z): the sitemap XSD "
    "accepts it, W3C Datetime does not.", fix="Drop the timezone", xsd=NOTICE)
LASTMOD_FUTURE = rule(
    "lastmod-future", WARNING, RuleSource.GOOGLE,
    "A lastmod more than a day in the future: lastmod should reflect the date of the last "
    "significant modification.")
LASTMOD_BUILD_STAMP = rule(
    "lastmod-build-stamp", NOTICE, RuleSource.GOOGLE,
    "One lastmod shared by every entry, or by more than 90 % of them (10 entries or more): "
    "a build time stamp rather than the time each page changed.")
CHANGEFREQ_INVALID = rule(
    "changefreq-invalid", ERROR, RuleSource.PROTOCOL,
    "A changefreq other than always, hourly, daily, weekly, monthly, yearly or never "
    "(case-sensitive).", fix="Lower-case it (when that gives a valid value)")
PRIORITY_NOT_DECIMAL = rule(
    "priority-not-decimal", ERROR, RuleSource.XSD,
    "A priority that is not an xsd:decimal ('high', '1e-1', 'NaN', 'inf', '0,5').",
    fix="Rewrite as a decimal (decimal comma, exponent)")
PRIORITY_RANGE = rule(
    "priority-out-of-range", ERROR, RuleSource.PROTOCOL,
    "A priority below 0.0 or above 1.0.", fix="Clamp to 0.0 or 1.0")
CHANGEFREQ_PADDED = rule(
    "changefreq-padded", ERROR, RuleSource.XSD,
    "Blanks or line breaks around a changefreq value: tChangeFreq is an xsd:string "
    "enumeration, which keeps whitespace, so ' daily ' is not 'daily' (every crawler trims "
    "them; elsewhere this is the value-whitespace notice).", protocol=None, google=None)
GOOGLE_IGNORES = rule(
    "google-ignores-changefreq-priority", NOTICE, RuleSource.GOOGLE,
    "The file uses changefreq or priority, which Google ignores.",
    protocol=None, xsd=None)

CHANGEFREQ = frozenset(CHANGEFREQ_VALUES)
#: At most this many distinct clean values are remembered per field.
CLEAN_CACHE_LIMIT = 1 << 16
#: A timestamp shared by more than this share of the entries is a build stamp.
CHURN_SHARE = 0.9
CHURN_MIN_ENTRIES = 10
#: A counted lastmod: the stamp itself, or its hash.
_Stamp = TypeVar("_Stamp", str, int)

_DATE_RULES = {
    DateIssue.NOT_A_DATE: LASTMOD_NOT_DATE,
    DateIssue.IMPOSSIBLE: LASTMOD_IMPOSSIBLE,
    DateIssue.SHAPE: LASTMOD_FORMAT,
    DateIssue.REDUCED_PRECISION: LASTMOD_PRECISION,
    DateIssue.NO_TIMEZONE: LASTMOD_NO_TIMEZONE,
    DateIssue.DATE_WITH_TIMEZONE: LASTMOD_DATE_TIMEZONE,
}
_FIX_LABELS = {
    DateIssue.SHAPE: "Rewrite as {}",
    DateIssue.REDUCED_PRECISION: "Add seconds ({})",
    DateIssue.NO_TIMEZONE: "Assume UTC (+00:00)",
    DateIssue.DATE_WITH_TIMEZONE: "Drop the timezone ({})",
}
_EXPONENT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][+-]?[0-9]{1,3}")
_WHAT = {"lastmod": "date", "changefreq": "change frequency", "priority": "number"}

# Clean values seen so far: lastmod text -> sort key; changefreq/priority texts.
_clean_lastmod: dict[str, float] = {}
_clean_priority: set[str] = set()
_SETTERS: dict[str, Callable[[Entry, str | None], Entry]] = {
    "lastmod": lambda entry, text: replace(entry, lastmod=text),
    "changefreq": lambda entry, text: replace(entry, changefreq=text),
    "priority": lambda entry, text: replace(entry, priority=text),
}


class _FutureLimit:
    """The last ``ctx.now`` seen with the sort key a lastmod must not exceed then.

    Both are kept in one tuple, replaced in one step, so that validations on
    other threads with another ``now`` never see a mixed pair.
    """

    __slots__ = ("pair",)

    def __init__(self) -> None:
        self.pair: tuple[datetime | None, float] = (None, 0.0)


_future = _FutureLimit()


def set_field(name: str, expected: str | None, new: str | None) -> Callable[[Entry], Entry]:
    """A fix setting field ``name`` to ``new``; it leaves an entry whose value is no longer
    ``expected`` (edited since the finding) unchanged."""

    setter = _SETTERS[name]

    def apply(entry: Entry) -> Entry:
        if entry.value(name) != expected:
            return entry
        return setter(entry, new)

    return apply


def _common(name: str, value: str, raw: str | None, report: Reporter) -> bool:
    """Report empty and padded values; ``True`` when the value is empty (nothing else to say)."""
    if not value:
        report(VALUE_EMPTY, f"{name} is empty: an empty <{name}> is not a valid {_WHAT[name]}; "
               "give a value or remove the element", field=name,
               fix=QuickFix(f"Remove the empty <{name}>", set_field(name, value, None)))
        return True
    if raw is not None and raw != value:  # raw == value: a CDATA section, nothing trimmed
        report(VALUE_WHITESPACE, f"{name} {raw!r} has surrounding whitespace, trimmed to "
               f"{value!r}: the schema allows it, but some parsers choke on it", field=name)
    return False


def _future_limit(now: datetime) -> float:
    """Sort key beyond which a lastmod is in the future (a day of grace for time zones)."""
    seen, limit = _future.pair
    if seen is not now:
        aware = now if now.tzinfo is not None else now.replace(tzinfo=UTC)
        limit = (aware + timedelta(days=1)).timestamp()
        _future.pair = (now, limit)
    return limit


def check_lastmod(value: str | None, raw: str | None, report: Reporter,
                  ctx: ValidationContext) -> None:
    """Report what is wrong with a lastmod value (see the ``lastmod-*`` rules)."""
    if value is None:
        return
    key = _clean_lastmod.get(value)
    if key is None:
        key = clean_datetime_key(value)
        if key is not None:
            if len(_clean_lastmod) >= CLEAN_CACHE_LIMIT:
                _clean_lastmod.clear()
            _clean_lastmod[value] = key
    if key is not None and raw is None and key <= _future_limit(ctx.now):
        return
    if _common("lastmod", value, raw, report):
        return
    diagnosis = diagnose_datetime(value)
    issue = diagnosis.issue
    if issue is not None:
        _report_date_issue(value, diagnosis, report)
    if diagnosis.value is None or issue in (DateIssue.SHAPE, DateIssue.IMPOSSIBLE):
        return
    if diagnosis.value.sort_key() > _future_limit(ctx.now):
        report(LASTMOD_FUTURE, f"lastmod {value!r} is in the future (today is "
               f"{ctx.now:%Y-%m-%d}): lastmod should reflect the date of the last significant "
               "modification", field="lastmod")


def _report_date_issue(value: str, diagnosis: DateDiagnosis, report: Reporter) -> None:
    issue = diagnosis.issue
    assert issue is not None
    problem = diagnosis.problem
    suggestion = diagnosis.suggestion
    if issue is DateIssue.NOT_A_DATE:
        message = f"lastmod {value!r} is not a date: expected {EXPECTED_FORMS}"
    elif issue is DateIssue.IMPOSSIBLE:
        message = f"lastmod {value!r} is not a real date: {problem}"
    elif issue is DateIssue.SHAPE:
        message = f"lastmod {value!r} is not in W3C Datetime form: {problem}"
        message += f"; write {suggestion}" if suggestion else f"; expected {EXPECTED_FORMS}"
    elif issue is DateIssue.REDUCED_PRECISION:
        message = (f"lastmod {value!r}: {problem}; legal W3C Datetime (sitemaps.org) but the "
                   "sitemap XSD accepts only full dates (YYYY-MM-DD) or date-times with seconds")
    elif issue is DateIssue.NO_TIMEZONE:
        message = (f"lastmod {value!r} has a time but no timezone: W3C Datetime (sitemaps.org) "
                   "requires one, the sitemap XSD accepts it; crawlers have to guess the zone")
    else:
        message = (f"lastmod {value!r} has a timezone but no time: the sitemap XSD accepts it, "
                   "W3C Datetime (sitemaps.org) allows a timezone only after a time")
    fix = None
    if suggestion is not None:
        label = _FIX_LABELS[issue].format(suggestion)
        fix = QuickFix(label, set_field("lastmod", value, suggestion))
    report(_DATE_RULES[issue], message, field="lastmod", fix=fix)


def check_lastmod_churn(lastmods: Counter[_Stamp], total: int, report: Reporter,
                        name: Callable[[_Stamp], str] = str) -> None:
    """File level: note when one lastmod covers (nearly) every entry, a build-time stamp.

    ``lastmods`` counts each stamp, or each stamp's ``hash`` (``hash("")`` is 0,
    falsy as ``""`` is) with ``name`` giving the stamp of a hash, only when reported.
    """
    if total < CHURN_MIN_ENTRIES:
        return
    for stamp, count in lastmods.most_common(2):
        if not stamp:
            continue
        if count == total or count > CHURN_SHARE * total:
            report(LASTMOD_BUILD_STAMP, f"build-stamp churn: {count:,} of {total:,} entries "
                   f"share lastmod {name(stamp)!r}; crawlers learn to ignore lastmod that "
                   "changes on every build", field="lastmod")
        return


def check_changefreq(value: str | None, raw: str | None, report: Reporter,
                     ctx: ValidationContext) -> None:
    """Report a changefreq outside the (case-sensitive) enumeration, empty or padded."""
    if value is None or (raw is None and value in CHANGEFREQ):
        return
    if (value and raw is not None and raw != value  # raw == value: CDATA, no blanks
            and CHANGEFREQ_PADDED.severity_for(report.profile) is not None):
        # An enumeration over xsd:string: the blanks are part of the value the XSD sees.
        report(CHANGEFREQ_PADDED, f"changefreq {raw!r} has whitespace around {value!r}: the "
               "XSD's enumeration keeps whitespace, so the padded value is not one of its values "
               "(crawlers trim it)", field="changefreq")
        raw = None
    if _common("changefreq", value, raw, report) or value in CHANGEFREQ:
        return
    allowed = ", ".join(CHANGEFREQ_VALUES)
    lowered = value.strip().lower()
    fix = None
    if lowered in CHANGEFREQ:
        message = (f"changefreq {value!r} must be written {lowered!r}: the values are "
                   f"case-sensitive ({allowed})")
        fix = QuickFix(f"Lower-case to {lowered!r}", set_field("changefreq", value, lowered))
    else:
        message = f"changefreq {value!r} is not one of {allowed}"
    report(CHANGEFREQ_INVALID, message, field="changefreq", fix=fix)


def check_priority(value: str | None, raw: str | None, report: Reporter,
                   ctx: ValidationContext) -> None:
    """Report a priority that is not an xsd:decimal from 0.0 to 1.0, empty or padded."""
    if value is None or (raw is None and value in _clean_priority):
        return
    if _common("priority", value, raw, report):
        return
    number = parse_priority(value)
    if number is None:
        _report_not_decimal(value, report)
        return
    if 0 <= number <= 1:
        if raw is None:
            if len(_clean_priority) >= CLEAN_CACHE_LIMIT:
                _clean_priority.clear()
            _clean_priority.add(value)
        return
    clamped = "1.0" if number > 1 else "0.0"
    report(PRIORITY_RANGE, f"priority {value!r} is out of range: it must be from 0.0 to 1.0",
           field="priority",
           fix=QuickFix(f"Clamp to {clamped}", set_field("priority", value, clamped)))


def _report_not_decimal(value: str, report: Reporter) -> None:
    message = f"priority {value!r} is not a decimal number from 0.0 to 1.0 (such as 0.5)"
    suggestion = None
    candidate: str | None
    if "," in value:
        candidate = value.replace(",", ".", 1)
        message += ": use '.' as the decimal point"
    else:
        candidate = _fixed_point(value)
        if candidate is not None:
            message += f": xsd:decimal has no exponent, write {candidate}"
        elif value.lower().lstrip("+-") in ("nan", "inf", "infinity"):
            message += ": NaN and infinity are not decimals"
    number = None if candidate is None else parse_priority(candidate)
    if number is not None and 0 <= number <= 1:
        suggestion = candidate
    fix = None
    if suggestion is not None:
        fix = QuickFix(f"Rewrite as {suggestion}", set_field("priority", value, suggestion))
    report(PRIORITY_NOT_DECIMAL, message, field="priority", fix=fix)


def _fixed_point(value: str) -> str | None:
    """``value`` (a number in exponent form such as '1e-1') in fixed-point form, or ``None``."""
    if _EXPONENT.fullmatch(value) is None:
        return None
    return format(Decimal(value), "f")


def check_ignored_fields(has_changefreq: bool, has_priority: bool, report: Reporter) -> None:
    """File level, Google profile: note that Google ignores changefreq and priority."""
    used = [name for name, present in (("changefreq", has_changefreq),
                                       ("priority", has_priority)) if present]
    if used:
        report(GOOGLE_IGNORES, f"Google ignores {' and '.join(used)}; only loc and an accurate "
               "lastmod affect how Google crawls these URLs")
