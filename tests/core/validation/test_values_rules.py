"""Rules on lastmod, changefreq and priority values, per profile, with their quick fixes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, Entry
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import RULES, Profile
from sitemap_studio.core.validation.values_rules import (
    check_changefreq,
    check_ignored_fields,
    check_lastmod,
    check_lastmod_churn,
    check_priority,
)

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
Check = Callable[[str | None, str | None, Reporter, ValidationContext], None]
CHECKS: dict[str, Check] = {
    "lastmod": check_lastmod, "changefreq": check_changefreq, "priority": check_priority}
E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE


def run(field: str, value: str | None, raw: str | None = None,
        profile: Profile = Profile.PROTOCOL, now: datetime = NOW) -> list[Finding]:
    report = Reporter(profile, entry_id=7, line=3)
    CHECKS[field](value, raw, report, ValidationContext(profile=profile, now=now))
    for finding in report.findings:
        assert finding.field == field and finding.entry == 7 and finding.line == 3
    return report.findings


def codes(findings: list[Finding]) -> list[tuple[str, Severity]]:
    return [(finding.code, finding.severity) for finding in findings]


def fixed(finding: Finding, field: str, value: str) -> str | None:
    """The value the finding's fix proposes for an entry holding ``value``."""
    assert finding.fix is not None
    entry = Entry(id=7, loc="https://example.com/", **{field: value})  # type: ignore[arg-type]
    result = finding.fix.apply(entry)
    assert result.loc == entry.loc and result.id == entry.id
    return result.value(field)


# --- the registry --------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "protocol", "xsd", "google"), [
    ("value-empty", E, E, E),
    ("value-whitespace", N, N, N),
    ("lastmod-not-date", E, E, E),
    ("lastmod-impossible-date", E, E, E),
    ("lastmod-format", E, E, E),
    ("lastmod-reduced-precision", N, E, N),
    ("lastmod-no-timezone", W, N, W),
    ("lastmod-date-with-timezone", W, N, W),
    ("lastmod-future", W, W, W),
    ("lastmod-build-stamp", N, N, N),
    ("changefreq-invalid", E, E, E),
    ("priority-not-decimal", E, E, E),
    ("priority-out-of-range", E, E, E),
    ("google-ignores-changefreq-priority", None, None, N),
])
def test_rules_are_registered_with_their_severities(
        code: str, protocol: Severity | None, xsd: Severity | None,
        google: Severity | None) -> None:
    rule = RULES[code]
    assert (rule.severity_for(Profile.PROTOCOL), rule.severity_for(Profile.XSD),
            rule.severity_for(Profile.GOOGLE)) == (protocol, xsd, google)
    assert rule.checks and rule.source


# --- shared: empty and padded values --------------------------------------------------------


@pytest.mark.parametrize("field", ["lastmod", "changefreq", "priority"])
def test_absent_values_are_fine(field: str) -> None:
    assert run(field, None) == []


@pytest.mark.parametrize("field", ["lastmod", "changefreq", "priority"])
@pytest.mark.parametrize("raw", [None, "  ", "\n\t"])
def test_empty_values_are_errors_fixed_by_removing_the_element(field: str,
                                                               raw: str | None) -> None:
    findings = run(field, "", raw)
    assert codes(findings) == [("value-empty", E)]
    assert "empty" in findings[0].message
    assert fixed(findings[0], field, "") is None


@pytest.mark.parametrize(("field", "value"), [
    ("lastmod", "2024-01-15"), ("changefreq", "hourly"), ("priority", "0.5")])
@pytest.mark.parametrize("profile", list(Profile))
def test_padding_around_a_valid_value_is_only_a_notice(field: str, value: str,
                                                       profile: Profile) -> None:
    # Except a changefreq under the XSD profile: an xsd:string enumeration keeps the blanks.
    expected = ([("changefreq-padded", E)] if (field, profile) == ("changefreq", Profile.XSD)
                else [("value-whitespace", N)])
    findings = run(field, value, f" {value}\n", profile)
    assert codes(findings) == expected
    assert repr(f" {value}\n") in findings[0].message
    # Once the padded value has been seen, the bare value is still clean, and vice versa.
    assert run(field, value, None, profile) == []
    assert codes(run(field, value, f"\t{value}", profile)) == expected


def test_padding_around_an_invalid_value_is_reported_too() -> None:
    assert codes(run("priority", "high", " high ")) == [
        ("value-whitespace", N), ("priority-not-decimal", E)]


# --- lastmod ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    "2024-01-15", "2024-02-29", "2024-01-15T10:30:00Z", "2024-01-15T10:30:00+01:00",
    "2024-01-15T10:30:00.123456789-05:30", "1997-07-16T19:20:30.45+01:00", "2025-06-02",
    "2025-06-02T11:00:00Z",
])
@pytest.mark.parametrize("profile", list(Profile))
def test_valid_lastmods_pass_in_every_profile(value: str, profile: Profile) -> None:
    assert run("lastmod", value, profile=profile) == []
    assert run("lastmod", value, profile=profile) == []  # and again, from the cache


@pytest.mark.parametrize(("value", "problem"), [
    ("2024-02-30", "is not a real date: February 2024 has 29 days"),
    ("2023-02-29", "is not a real date: February 2023 has 28 days"),
    ("2024-13-01", "no month 13"),
    ("2024-06-31", "June 2024 has 30 days"),
    ("2024-01-15T25:00:00Z", "no hour 25"),
    ("2024-01-15T10:30:60Z", "second 60"),
])
@pytest.mark.parametrize("profile", list(Profile))
def test_impossible_dates_are_errors_without_a_fix(value: str, problem: str,
                                                   profile: Profile) -> None:
    findings = run("lastmod", value, profile=profile)
    assert codes(findings) == [("lastmod-impossible-date", E)]
    assert problem in findings[0].message and repr(value) in findings[0].message
    assert findings[0].fix is None


@pytest.mark.parametrize("value", ["yesterday", "15.01.24", "1705314600", "2024-W03", "-"])
def test_text_that_is_not_a_date_is_an_error_showing_the_expected_form(value: str) -> None:
    findings = run("lastmod", value)
    assert codes(findings) == [("lastmod-not-date", E)]
    assert "YYYY-MM-DD" in findings[0].message and findings[0].fix is None


@pytest.mark.parametrize(("value", "corrected"), [
    ("2024-01-15 10:30:00+01:00", "2024-01-15T10:30:00+01:00"),
    ("2024-01-15 10:30:00", "2024-01-15T10:30:00"),
    ("2024-01-15T10:30:00+0100", "2024-01-15T10:30:00+01:00"),
    ("2024-1-5", "2024-01-05"),
    ("15/01/2024", "2024-01-15"),
    ("2024-01-15T10:30", "2024-01-15T10:30:00+00:00"),
    ("Mon, 15 Jan 2024 10:30:00 GMT", "2024-01-15T10:30:00Z"),
])
@pytest.mark.parametrize("profile", list(Profile))
def test_wrong_shapes_are_errors_with_the_obvious_fix(value: str, corrected: str,
                                                      profile: Profile) -> None:
    findings = run("lastmod", value, profile=profile)
    assert codes(findings) == [("lastmod-format", E)]
    assert corrected in findings[0].message
    assert fixed(findings[0], "lastmod", value) == corrected


def test_an_ambiguous_day_month_order_gets_no_fix() -> None:
    findings = run("lastmod", "03/04/2024")
    assert codes(findings) == [("lastmod-format", E)]
    assert findings[0].fix is None


@pytest.mark.parametrize(("value", "fix"), [
    ("2024", None), ("2024-01", None), ("2024-01-15T10:30Z", "2024-01-15T10:30:00Z")])
def test_reduced_precision_is_legal_w3c_but_not_xsd(value: str, fix: str | None) -> None:
    for profile, severity in ((Profile.PROTOCOL, N), (Profile.GOOGLE, N), (Profile.XSD, E)):
        findings = run("lastmod", value, profile=profile)
        assert codes(findings) == [("lastmod-reduced-precision", severity)]
        assert "legal W3C Datetime (sitemaps.org) but the sitemap XSD" in findings[0].message
        if fix is None:
            assert findings[0].fix is None
        else:
            assert fixed(findings[0], "lastmod", value) == fix


def test_a_time_without_timezone_is_a_warning_except_under_the_xsd() -> None:
    value = "2024-01-15T10:30:00"
    for profile, severity in ((Profile.PROTOCOL, W), (Profile.GOOGLE, W), (Profile.XSD, N)):
        findings = run("lastmod", value, profile=profile)
        assert codes(findings) == [("lastmod-no-timezone", severity)]
        assert "W3C Datetime" in findings[0].message and "XSD" in findings[0].message
        assert findings[0].fix is not None and findings[0].fix.label == "Assume UTC (+00:00)"
        assert fixed(findings[0], "lastmod", value) == "2024-01-15T10:30:00+00:00"


def test_a_timezone_on_a_plain_date_is_a_warning_except_under_the_xsd() -> None:
    for profile, severity in ((Profile.PROTOCOL, W), (Profile.XSD, N)):
        findings = run("lastmod", "2024-01-15Z", profile=profile)
        assert codes(findings) == [("lastmod-date-with-timezone", severity)]
        assert fixed(findings[0], "lastmod", "2024-01-15Z") == "2024-01-15"


@pytest.mark.parametrize("value", ["9999-12-31", "2025-06-03", "2025-06-02T12:00:01Z",
                                   "2026", "2025-06-02T23:00:00", "2025-06-02T20:00:00+05:00"])
def test_lastmod_more_than_a_day_ahead_is_a_warning(value: str) -> None:
    findings = [f for f in run("lastmod", value) if f.code == "lastmod-future"]
    assert [(f.severity, f.source.name) for f in findings] == [(W, "GOOGLE")]
    assert "future" in findings[0].message


@pytest.mark.parametrize("value", ["2025-06-02", "2025-06-02T12:00:00Z",
                                   "2025-06-02T13:00:00+01:00", "2025-06"])
def test_a_day_of_grace_for_time_zones(value: str) -> None:
    assert [f for f in run("lastmod", value) if f.code == "lastmod-future"] == []


def test_future_check_follows_each_run_s_now_despite_the_cache() -> None:
    value = "2025-03-01T00:00:00Z"
    assert run("lastmod", value) == []
    assert codes(run("lastmod", value, now=datetime(2025, 1, 1, tzinfo=UTC))) == [
        ("lastmod-future", W)]
    assert codes(run("lastmod", value, now=datetime(2025, 1, 1))) == [  # naive: UTC
        ("lastmod-future", W)]
    assert run("lastmod", value) == []


def test_a_fix_leaves_an_entry_that_was_edited_since_alone() -> None:
    finding = run("lastmod", "2024-1-5")[0]
    assert finding.fix is not None
    edited = Entry(id=7, loc="https://example.com/", lastmod="2023-12-31")
    assert finding.fix.apply(edited) is edited


def test_nothing_is_rewritten_by_checking() -> None:
    entry = Entry(id=7, lastmod="2024-02-30", changefreq="Daily", priority="1.5")
    report = Reporter(Profile.PROTOCOL, entry.id)
    ctx = ValidationContext(now=NOW)
    check_lastmod(entry.lastmod, None, report, ctx)
    check_changefreq(entry.changefreq, None, report, ctx)
    check_priority(entry.priority, None, report, ctx)
    assert len(report.findings) == 3
    assert (entry.lastmod, entry.changefreq, entry.priority) == ("2024-02-30", "Daily", "1.5")


# --- changefreq ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", CHANGEFREQ_VALUES)
def test_valid_changefreqs_pass(value: str) -> None:
    assert run("changefreq", value) == []


@pytest.mark.parametrize(("value", "lowered"), [
    ("Daily", "daily"), ("DAILY", "daily"), ("Never", "never"), ("weekly\u00a0", "weekly")])
def test_changefreq_is_case_sensitive_with_a_lower_case_fix(value: str, lowered: str) -> None:
    findings = run("changefreq", value)
    assert codes(findings) == [("changefreq-invalid", E)]
    assert "case-sensitive" in findings[0].message
    assert findings[0].fix is not None
    assert findings[0].fix.label == f"Lower-case to {lowered!r}"
    assert fixed(findings[0], "changefreq", value) == lowered


@pytest.mark.parametrize("value", ["sometimes", "fortnightly", "dayly", "1", "daily weekly"])
def test_unknown_changefreqs_are_errors_listing_the_allowed_values(value: str) -> None:
    findings = run("changefreq", value)
    assert codes(findings) == [("changefreq-invalid", E)]
    assert "always, hourly, daily, weekly, monthly, yearly, never" in findings[0].message
    assert findings[0].fix is None


# --- priority --------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["0.0", "0", "1", "1.0", ".5", "+0.3", "0.50000", "00.8",
                                   "1.", "-0", "-0.0", "1.000"])
def test_valid_priorities_pass(value: str) -> None:
    assert run("priority", value) == []
    assert run("priority", value) == []


@pytest.mark.parametrize(("value", "fix"), [
    ("high", None), ("NaN", None), ("inf", None), ("-Infinity", None), ("50%", None),
    ("1e-1", "0.1"), ("5E-1", "0.5"), ("2e0", None), ("0,5", "0.5"), ("1,5", None),
])
def test_non_decimals_are_errors(value: str, fix: str | None) -> None:
    findings = run("priority", value)
    assert codes(findings) == [("priority-not-decimal", E)]
    assert repr(value) in findings[0].message
    if fix is None:
        assert findings[0].fix is None
    else:
        assert fixed(findings[0], "priority", value) == fix


@pytest.mark.parametrize(("value", "clamped"), [
    ("1.5", "1.0"), ("1.00001", "1.0"), ("-0.1", "0.0"), ("10", "1.0"), ("-.5", "0.0")])
def test_out_of_range_priorities_are_errors_with_a_clamp(value: str, clamped: str) -> None:
    findings = run("priority", value)
    assert codes(findings) == [("priority-out-of-range", E)]
    assert "0.0 to 1.0" in findings[0].message
    assert fixed(findings[0], "priority", value) == clamped


@settings(max_examples=300)
@given(st.text(max_size=30), st.sampled_from(list(CHECKS)), st.sampled_from(list(Profile)))
def test_checks_never_raise(text: str, field: str, profile: Profile) -> None:
    run(field, text, None, profile)
    run(field, text.strip(" \t\r\n"), text if text.strip(" \t\r\n") != text else None, profile)


# --- file level -------------------------------------------------------------------------------


def churn(stamps: list[str], total: int | None = None) -> list[Finding]:
    report = Reporter(Profile.PROTOCOL)
    check_lastmod_churn(Counter(stamps), len(stamps) if total is None else total, report)
    return report.findings


def test_one_stamp_on_every_entry_is_build_churn() -> None:
    findings = churn(["2024-03-01T09:00:00Z"] * 10)
    assert codes(findings) == [("lastmod-build-stamp", N)]
    assert findings[0].entry is None
    assert findings[0].message.startswith(
        "build-stamp churn: 10 of 10 entries share lastmod '2024-03-01T09:00:00Z'")


def test_one_stamp_on_more_than_90_percent_is_build_churn() -> None:
    stamps = ["2024-03-01T09:00:00Z"] * 91 + [f"2024-01-{day:02d}" for day in range(1, 10)]
    assert codes(churn(stamps)) == [("lastmod-build-stamp", N)]
    assert codes(churn(stamps[:90] + ["2024-02-01"] * 10)) == []  # exactly 90 %: fine


def test_small_or_varied_files_are_not_churn() -> None:
    assert churn(["2024-03-01"] * 9) == []
    assert churn([f"2024-01-{day:02d}" for day in range(1, 29)]) == []
    assert churn([]) == []
    # Entries without lastmod count in the total: 10 of 100 sharing one is no build stamp.
    assert churn(["2024-03-01"] * 10, total=100) == []


def test_churn_counted_by_hash_names_the_stamp() -> None:
    stamps = ["2024-03-01T09:00:00Z"] * 19 + [""] * 2
    report = Reporter(Profile.PROTOCOL)
    check_lastmod_churn(Counter(map(hash, stamps)), len(stamps), report,
                        {hash(stamp): stamp for stamp in stamps}.__getitem__)
    assert codes(report.findings) == [("lastmod-build-stamp", N)]
    assert "19 of 21 entries share lastmod '2024-03-01T09:00:00Z'" in report.findings[0].message


def test_empty_lastmods_do_not_make_churn() -> None:
    assert churn([""] * 20) == []
    assert codes(churn([""] * 2 + ["2024-03-01"] * 28)) == [("lastmod-build-stamp", N)]


@pytest.mark.parametrize(("profile", "expected"), [
    (Profile.GOOGLE, [("google-ignores-changefreq-priority", N)]),
    (Profile.PROTOCOL, []), (Profile.XSD, [])])
def test_google_ignores_changefreq_and_priority(profile: Profile,
                                                expected: list[tuple[str, Severity]]) -> None:
    for has_changefreq, has_priority in ((True, True), (True, False), (False, True)):
        report = Reporter(profile)
        check_ignored_fields(has_changefreq, has_priority, report)
        assert codes(report.findings) == expected
    report = Reporter(profile)
    check_ignored_fields(False, False, report)
    assert report.findings == []


def test_the_google_notice_names_the_fields_used() -> None:
    report = Reporter(Profile.GOOGLE)
    check_ignored_fields(False, True, report)
    assert "priority" in report.findings[0].message
    assert "changefreq" not in report.findings[0].message


# --- the hostile files (../shared/hostile/EXPECT.md) ------------------------------------------


def rows_by_severity(path: Path, field: str,
                     profile: Profile) -> dict[int, set[Severity]]:
    """Severities found per 1-based row when ``field`` of every entry is checked."""
    doc = open_document(path)
    ctx = ValidationContext(profile=profile, now=NOW)
    found: dict[int, set[Severity]] = {}
    for row in range(len(doc)):
        entry = doc.entry_at(row)
        report = Reporter(profile, entry.id)
        CHECKS[field](entry.value(field), entry.raw.get(field), report, ctx)
        found[row + 1] = {finding.severity for finding in report.findings}
    return found


def rows_with(found: dict[int, set[Severity]], *severities: Severity) -> set[int]:
    return {row for row, seen in found.items() if seen & set(severities)}


def test_hostile_lastmod_variants(hostile_dir: Path) -> None:
    found = rows_by_severity(hostile_dir / "lastmod_variants.xml", "lastmod", Profile.PROTOCOL)
    assert len(found) == 20
    assert rows_with(found, E) == {8, 9, 10, 11, 13, 14, 15, 16, 18, 19, 20}
    assert {row for row, seen in found.items() if seen and E not in seen} == {2, 3, 4, 12, 17}
    assert not rows_with(found, E, W) & {1, 5, 6, 7}
    xsd = rows_by_severity(hostile_dir / "lastmod_variants.xml", "lastmod", Profile.XSD)
    assert rows_with(xsd, E) == {2, 3, 4, 8, 9, 10, 11, 13, 14, 15, 16, 18, 19, 20}


@pytest.mark.parametrize("profile", list(Profile))
def test_hostile_changefreq_invalid(hostile_dir: Path, profile: Profile) -> None:
    found = rows_by_severity(hostile_dir / "changefreq_invalid.xml", "changefreq", profile)
    assert len(found) == 9
    # 'hourly ': a notice, but under the XSD profile an error (changefreq-padded).
    padded = E if profile is Profile.XSD else N
    assert rows_with(found, E) == {1, 2, 3, 8, 9} | ({7} if padded is E else set())
    assert found[7] == {padded}
    assert found[4] == found[5] == found[6] == set()


@pytest.mark.parametrize("profile", list(Profile))
def test_hostile_priority_invalid(hostile_dir: Path, profile: Profile) -> None:
    found = rows_by_severity(hostile_dir / "priority_invalid.xml", "priority", profile)
    assert len(found) == 14
    assert rows_with(found, E) == {1, 2, 3, 7, 8, 9, 10, 13, 14}
    assert {row for row, seen in found.items() if not seen} == {4, 5, 6, 11, 12}

