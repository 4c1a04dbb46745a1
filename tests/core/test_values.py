"""Typed views of lastmod and priority: W3C Datetime with a real calendar, xsd:decimal."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from xml.sax.saxutils import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from sitemap_studio.core.model.values import (
    clean_datetime_key,
    datetime_sort_key,
    diagnose_datetime,
    parse_lenient_datetime,
    parse_priority,
    parse_w3c_datetime,
)
from sitemap_studio.core.model.w3c_dates import DateIssue, W3CDateTime

# --- parse_w3c_datetime: every form of the W3C note ----------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("2024", W3CDateTime(2024, precision="year")),
    ("2024-01", W3CDateTime(2024, 1, precision="month")),
    ("2024-02-29", W3CDateTime(2024, 2, 29, precision="day")),
    ("2024-01-15T10:30Z", W3CDateTime(2024, 1, 15, 10, 30, offset_minutes=0, precision="minute")),
    ("2024-01-15T10:30:05+01:00",
     W3CDateTime(2024, 1, 15, 10, 30, 5, offset_minutes=60, precision="second")),
    ("2024-01-15T10:30:05-05:30",
     W3CDateTime(2024, 1, 15, 10, 30, 5, offset_minutes=-330, precision="second")),
    ("2024-01-15T10:30:00.5Z",
     W3CDateTime(2024, 1, 15, 10, 30, 0, "5", 0, precision="fraction")),
    ("2024-01-15T10:30:00.123456789+14:00",
     W3CDateTime(2024, 1, 15, 10, 30, 0, "123456789", 840, precision="fraction")),
    ("2000-02-29", W3CDateTime(2000, 2, 29, precision="day")),
    ("9999-12-31T23:59:59-14:00",
     W3CDateTime(9999, 12, 31, 23, 59, 59, offset_minutes=-840, precision="second")),
])
def test_every_w3c_form_parses(text: str, expected: W3CDateTime) -> None:
    assert parse_w3c_datetime(text) == expected
    assert parse_lenient_datetime(text) == (expected, None)


@pytest.mark.parametrize("text", [
    "2024-02-30", "2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "2024-06-31",
    "2024-01-00", "0000-01-01", "2024-01-15T24:00:00Z", "2024-01-15T25:00:00Z",
    "2024-01-15T10:60:00Z", "2024-01-15T10:30:60Z", "2024-01-15T10:30:00+14:01",
    "2024-01-15T10:30:00-15:00", "2024-01-15T10:30:00+01:60",
])
def test_impossible_dates_and_times_are_rejected(text: str) -> None:
    assert parse_w3c_datetime(text) is None
    diagnosis = diagnose_datetime(text)
    assert diagnosis.issue is DateIssue.IMPOSSIBLE
    assert diagnosis.value is None and diagnosis.suggestion is None


@pytest.mark.parametrize(("text", "problem"), [
    ("2024-02-30", "February 2024 has 29 days"),
    ("2023-02-29", "2023 is not a leap year"),
    ("2024-06-31", "June 2024 has 30 days"),
    ("2024-13-01", "no month 13"),
    ("2024-01-15T25:00:00Z", "no hour 25"),
    ("2024-01-15T10:30:60Z", "second 60"),
    ("2024-01-15T10:30:00+15:00", "out of range"),
])
def test_impossible_dates_say_why(text: str, problem: str) -> None:
    assert problem in (diagnose_datetime(text).problem or "")


@pytest.mark.parametrize("text", [
    "", " ", "2024-01-15 ", "24-01-15", "20240115", "2024-1-5", "2024-01-15T10:30:00",
    "2024-01-15 10:30:00Z", "2024-01-15T10:30:00+0100", "2024-01-15T10:30:00+01",
    "2024-01-15T10Z", "2024-01-15T10:30:00.Z", "2024-01-15T10:30:00,5Z", "2024-01-15Z",
    "15/01/2024", "yesterday", "2024-01-15t10:30:00z", "\uff12\uff10\uff12\uff14-01-15",
    "-2024-01-15", "12024-01-15", "2024-W03", "1705314600",
])
def test_other_shapes_are_not_w3c(text: str) -> None:
    assert parse_w3c_datetime(text) is None


# --- near-misses: understood, explained, and corrected where it is obvious ------------------


@pytest.mark.parametrize(("text", "issue", "suggestion"), [
    ("2024-01-15T10:30:00", DateIssue.NO_TIMEZONE, "2024-01-15T10:30:00+00:00"),
    ("2024-01-15T10:30", DateIssue.SHAPE, "2024-01-15T10:30:00+00:00"),
    ("2024-01-15T10:30Z", DateIssue.REDUCED_PRECISION, "2024-01-15T10:30:00Z"),
    ("2024-01-15Z", DateIssue.DATE_WITH_TIMEZONE, "2024-01-15"),
    ("2024-01-15+02:00", DateIssue.DATE_WITH_TIMEZONE, "2024-01-15"),
    ("2024-01-15T10:30:00+0100", DateIssue.SHAPE, "2024-01-15T10:30:00+01:00"),
    ("2024-01-15T10:30:00+01", DateIssue.SHAPE, "2024-01-15T10:30:00+01:00"),
    ("2024-01-15 10:30:00", DateIssue.SHAPE, "2024-01-15T10:30:00"),
    ("2024-01-15 10:30:00+01:00", DateIssue.SHAPE, "2024-01-15T10:30:00+01:00"),
    ("2024-01-15T10:30:00 Z", DateIssue.SHAPE, "2024-01-15T10:30:00Z"),
    ("2024-01-15t10:30:00z", DateIssue.SHAPE, "2024-01-15T10:30:00Z"),
    ("2024-01-15T10:30:00 UTC", DateIssue.SHAPE, "2024-01-15T10:30:00Z"),
    ("2024-01-15T10:30:00,25Z", DateIssue.SHAPE, "2024-01-15T10:30:00.25Z"),
    ("2024-01-15T9:30:00Z", DateIssue.SHAPE, "2024-01-15T09:30:00Z"),
    ("2024-1-5", DateIssue.SHAPE, "2024-01-05"),
    ("2024/01/15", DateIssue.SHAPE, "2024-01-15"),
    ("2024.1.15", DateIssue.SHAPE, "2024-01-15"),
    ("15/01/2024", DateIssue.SHAPE, "2024-01-15"),
    ("01/15/2024", DateIssue.SHAPE, "2024-01-15"),
    ("05.05.2024", DateIssue.SHAPE, "2024-05-05"),
    ("Mon, 15 Jan 2024 10:30:00 +0100", DateIssue.SHAPE, "2024-01-15T10:30:00+01:00"),
    ("15 Jan 2024 10:30 GMT", DateIssue.SHAPE, "2024-01-15T10:30:00Z"),
])
def test_near_misses_get_an_obvious_correction(
        text: str, issue: DateIssue, suggestion: str) -> None:
    diagnosis = diagnose_datetime(text)
    assert (diagnosis.issue, diagnosis.suggestion) == (issue, suggestion)
    assert diagnosis.value is not None and diagnosis.problem
    corrected = diagnose_datetime(suggestion)
    assert corrected.value is not None
    if issue is not DateIssue.DATE_WITH_TIMEZONE:  # dropping the zone moves the instant
        assert corrected.value.sort_key() == diagnosis.value.sort_key()


@pytest.mark.parametrize("text", ["01/02/2024", "2024-02-30 10:00:00", "31/02/2024", "soon",
                                  "32 Jan 2024 10:00 GMT", "2024-13-5"])
def test_no_correction_when_it_would_be_a_guess(text: str) -> None:
    diagnosis = diagnose_datetime(text)
    assert diagnosis.suggestion is None and diagnosis.value is None
    assert diagnosis.problem


def test_ambiguous_day_month_order_names_both_readings() -> None:
    problem = diagnose_datetime("01/02/2024").problem or ""
    assert "2024-02-01" in problem and "2024-01-02" in problem


def test_lenient_parse_returns_the_meaning_and_the_problem() -> None:
    value, problem = parse_lenient_datetime("2024-01-15 10:30:00+0100")
    assert value == W3CDateTime(2024, 1, 15, 10, 30, 0, None, 60, "second")
    assert problem is not None and "'T'" in problem and "colon" in problem
    assert parse_lenient_datetime("2024-02-30") == (None, "February 2024 has 29 days")
    assert parse_lenient_datetime("2024")[1] is None


def test_xsd_validity_is_reported_separately() -> None:
    assert diagnose_datetime("2024-01-15").xsd_valid
    assert diagnose_datetime("2024-01-15T10:30:00").xsd_valid
    assert not diagnose_datetime("2024-01").xsd_valid
    assert not diagnose_datetime("2024-01-15T10:30Z").xsd_valid


# --- sort keys -------------------------------------------------------------------------------


def test_sort_key_counts_the_offset_and_fills_missing_parts() -> None:
    def key(text: str) -> float:
        value = parse_lenient_datetime(text)[0]
        assert value is not None
        return value.sort_key()

    assert key("1970-01-01") == 0.0
    assert key("1970-01-01T01:00:00+01:00") == 0.0
    assert key("1970-01-01T00:00:00-00:30") == 1800.0
    assert key("2024") == key("2024-01") == key("2024-01-01") == key("2024-01-01T00:00Z")
    assert key("2024-01-15T10:30:00") == key("2024-01-15T10:30:00Z")  # no zone: UTC
    assert key("2024-01-15T10:30:00.25Z") == key("2024-01-15T10:30:00Z") + 0.25
    assert key("0001-01-01T00:00:00+14:00") < key("0001-01-01")


def test_to_datetime_is_aware_and_keeps_the_offset() -> None:
    value = parse_w3c_datetime("2024-01-15T10:30:00.1234567-05:00")
    assert value is not None
    moment = value.to_datetime()
    assert moment == datetime(2024, 1, 15, 10, 30, 0, 123456,
                              tzinfo=timezone(timedelta(hours=-5)))
    assert moment.timestamp() == value.sort_key()
    reduced = parse_w3c_datetime("2024")
    assert reduced is not None and reduced.to_datetime() == datetime(2024, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize("text", ["2024-01-15", "2024-01-15T10:30:00Z",
                                  "2024-01-15T10:30:00.000001+05:45", "9999-12-31T23:59:59-14:00"])
def test_fast_clean_key_agrees_with_the_parser(text: str) -> None:
    value = parse_w3c_datetime(text)
    assert value is not None
    assert clean_datetime_key(text) == value.sort_key() == datetime_sort_key(text)


@pytest.mark.parametrize("text", ["2024", "2024-01-15T10:30Z", "2024-01-15T10:30:00",
                                  "2024-02-30", "2024-01-15Z", "0000-01-01"])
def test_fast_clean_key_leaves_everything_else_to_the_parser(text: str) -> None:
    assert clean_datetime_key(text) is None


def test_sort_key_of_text_covers_near_misses() -> None:
    assert datetime_sort_key("2024-01-15 10:30:00") == datetime_sort_key("2024-01-15T10:30:00Z")
    assert datetime_sort_key("2024-02-30") is None
    assert datetime_sort_key("high") is None


# --- parse_priority: the xsd:decimal lexical space -------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("0.5", "0.5"), (".5", "0.5"), ("1", "1"), ("1.0", "1"), ("+0.5", "0.5"), ("00.50", "0.5"),
    ("1.", "1"), ("-0.1", "-0.1"), ("1.5", "1.5"), ("-0", "0"), ("0.50000", "0.5"),
])
def test_decimals_parse(text: str, expected: str) -> None:
    assert parse_priority(text) == Decimal(expected)


@pytest.mark.parametrize("text", ["1e-1", "1E1", "NaN", "nan", "inf", "-Infinity", "0,5", "",
                                  " ", " 0.5", "high", ".", "+", "1.0.0", "0x1", "\uff11", "\u00bd",
                                  "1_0", "0.5%"])
def test_non_decimals_do_not_parse(text: str) -> None:
    assert parse_priority(text) is None


# --- properties --------------------------------------------------------------------------------

DATEISH = st.text(alphabet="0123456789-:T+Z./ ,tzUTCGMJanMon", max_size=40)
OFFSETS = st.sampled_from([0, 60, -60, 330, -330, 545, 840, -840, -599])


@settings(max_examples=400)
@given(st.one_of(st.text(max_size=60), DATEISH))
def test_parsers_never_raise(text: str) -> None:
    parse_w3c_datetime(text)
    parse_lenient_datetime(text)
    datetime_sort_key(text)
    parse_priority(text)
    value = parse_w3c_datetime(text)
    if value is not None:
        assert value.sort_key() == value.to_datetime().timestamp()


def _tz(offset: int, zulu: bool) -> str:
    if offset == 0 and zulu:
        return "Z"
    sign = "-" if offset < 0 else "+"
    return f"{sign}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"


def _forms(moment: datetime, zulu: bool, extra: str) -> list[tuple[str, datetime]]:
    """Each W3C form of ``moment`` with the instant it denotes (truncated to its precision)."""
    offset = moment.utcoffset()
    assert offset is not None
    tz = _tz(int(offset.total_seconds()) // 60, zulu)
    ymd = f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"
    hm = f"{moment.hour:02d}:{moment.minute:02d}"
    local = moment.replace(tzinfo=None)
    zone = moment.tzinfo
    return [
        (f"{moment.year:04d}", datetime(moment.year, 1, 1, tzinfo=UTC)),
        (ymd[:7], datetime(moment.year, moment.month, 1, tzinfo=UTC)),
        (ymd, datetime(moment.year, moment.month, moment.day, tzinfo=UTC)),
        (f"{ymd}T{hm}{tz}", local.replace(second=0, microsecond=0, tzinfo=zone)),
        (f"{ymd}T{hm}:{moment.second:02d}{tz}", local.replace(microsecond=0, tzinfo=zone)),
        (f"{ymd}T{hm}:{moment.second:02d}.{moment.microsecond:06d}{extra}{tz}", moment),
    ]


@settings(max_examples=300)
@given(st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
       OFFSETS, st.booleans(), st.sampled_from(["", "0", "999"]))
def test_every_form_of_a_datetime_parses_to_its_instant(
        naive: datetime, offset: int, zulu: bool, extra: str) -> None:
    moment = naive.replace(tzinfo=timezone(timedelta(minutes=offset)))
    for text, instant in _forms(moment, zulu, extra):
        value = parse_w3c_datetime(text)
        assert value is not None, text
        assert value.sort_key() == instant.timestamp(), text
        assert value.to_datetime() == instant, text


@settings(max_examples=300)
@given(st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
       st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
       OFFSETS, OFFSETS, st.integers(0, 5))
def test_sort_key_order_is_datetime_order(
        a: datetime, b: datetime, offset_a: int, offset_b: int, form: int) -> None:
    moment_a = a.replace(tzinfo=timezone(timedelta(minutes=offset_a)))
    moment_b = b.replace(tzinfo=timezone(timedelta(minutes=offset_b)))
    text_a, instant_a = _forms(moment_a, True, "")[form]
    text_b, instant_b = _forms(moment_b, False, "")[form]
    value_a, value_b = parse_w3c_datetime(text_a), parse_w3c_datetime(text_b)
    assert value_a is not None and value_b is not None
    key_a, key_b = value_a.sort_key(), value_b.sort_key()
    # Floats cannot tell microseconds apart near year 9999; order is never reversed.
    if instant_a < instant_b:
        assert key_a <= key_b
        if instant_b - instant_a >= timedelta(milliseconds=1):
            assert key_a < key_b
    elif instant_a == instant_b:
        assert key_a == key_b
    assert (key_a < key_b) <= (instant_a < instant_b)


@given(st.integers(0, 9999), st.integers(0, 13), st.integers(0, 32))
def test_calendar_matches_the_datetime_module(year: int, month: int, day: int) -> None:
    try:
        date(year, month, day)
        real = True
    except ValueError:
        real = False
    text = f"{year:04d}-{month:02d}-{day:02d}"
    assert (parse_w3c_datetime(text) is not None) == real
    assert (clean_datetime_key(text) is not None) == real


@given(st.integers(0, 25), st.integers(0, 61), st.integers(0, 61))
def test_clock_ranges(hour: int, minute: int, second: int) -> None:
    text = f"2024-01-15T{hour:02d}:{minute:02d}:{second:02d}Z"
    valid = hour < 24 and minute < 60 and second < 60
    assert (parse_w3c_datetime(text) is not None) == valid
    assert (clean_datetime_key(text) is not None) == valid


# --- the XSD as an oracle (libxml2) ----------------------------------------------------------

ORACLE_XSD = b"""<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:element name="lastmod"><xsd:simpleType><xsd:union>
    <xsd:simpleType><xsd:restriction base="xsd:date"/></xsd:simpleType>
    <xsd:simpleType><xsd:restriction base="xsd:dateTime"/></xsd:simpleType>
  </xsd:union></xsd:simpleType></xsd:element>
  <xsd:element name="priority" type="xsd:decimal"/>
</xsd:schema>"""
_ORACLE = etree.XMLSchema(etree.fromstring(ORACLE_XSD))


def _xsd_accepts(element: str, text: str) -> bool:
    return bool(_ORACLE.validate(etree.fromstring(f"<{element}>{escape(text)}</{element}>")))


def _two(low: int, high: int) -> st.SearchStrategy[str]:
    return st.integers(low, high).map(lambda number: f"{number:02d}")


# Hour 24 is left out: XSD 1.0 allows 24:00:00, W3C Datetime (hh = 00-23) does not.
DATE_LIKE = st.builds(
    lambda year, month, day, time, zone: f"{year}{month}{day}{time}{zone}",
    st.sampled_from(["2024", "2023", "2000", "1900", "0000", "9999"]),
    st.one_of(st.just(""), _two(0, 13).map(lambda m: "-" + m)),
    st.one_of(st.just(""), _two(0, 32).map(lambda d: "-" + d)),
    st.one_of(st.just(""), st.builds(
        lambda h, m, s, f: f"T{h}:{m}{s}{f}", _two(0, 23), _two(0, 60),
        st.one_of(st.just(""), _two(0, 61).map(lambda s: ":" + s)),
        st.sampled_from(["", ".5", ".", ".123456789"]))),
    st.sampled_from(["", "Z", "+00:00", "-14:00", "+14:01", "+13:59", "+0100", "-15:00", "z"]),
)


@settings(max_examples=500)
@given(DATE_LIKE)
def test_xsd_validity_agrees_with_libxml2(text: str) -> None:
    assert diagnose_datetime(text).xsd_valid == _xsd_accepts("lastmod", text)


@settings(max_examples=500)
@given(st.text(alphabet="0123456789+-.eE,nNaIif_", min_size=1, max_size=8))
def test_decimal_agrees_with_libxml2(text: str) -> None:
    assert (parse_priority(text) is not None) == _xsd_accepts("priority", text)
