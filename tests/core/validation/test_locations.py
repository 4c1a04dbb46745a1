"""Rules on <loc>: the value on its own, its scope (site, directory), duplicates; hostile files."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.urls.parsing import PLAIN_URL_RE, is_invisible
from sitemap_studio.core.validation import locations
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.locations import (
    DuplicateIndex,
    Scope,
    check_loc,
    majority_origin,
)
from sitemap_studio.core.validation.registry import RULES, Profile

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
SITE = "https://example.com"


def run(value: str | None, raw: str | None = None, *, profile: Profile = Profile.PROTOCOL,
        site_url: str | None = None, sitemap_url: str | None = None,
        majority: str | None = SITE, index: bool = False) -> list[Finding]:
    """Findings of ``check_loc`` (which also runs the scope check) for one value."""
    ctx = ValidationContext(profile=profile, site_url=site_url, sitemap_url=sitemap_url)
    report = Reporter(profile, entry_id=7, line=3)
    check_loc(value, raw, report, ctx, Scope.from_context(ctx, majority), index=index)
    for finding in report.findings:
        assert finding.entry == 7 and finding.line == 3 and finding.field == "loc"
        assert finding.code in RULES
        visible(finding.message)
    return report.findings


def codes(findings: list[Finding]) -> list[tuple[str, Severity]]:
    return [(finding.code, finding.severity) for finding in findings]


def code_set(findings: list[Finding]) -> set[str]:
    return {finding.code for finding in findings}


def visible(message: str) -> None:
    """Messages never carry a raw invisible character (the plain space aside)."""
    assert not [char for char in message if is_invisible(char) and char != " "], message


def fixed(finding: Finding, loc: str) -> str | None:
    assert finding.fix is not None
    entry = Entry(id=7, loc=loc, lastmod="2024-01-01", raw={"loc": f" {loc} ", "lastmod": "x"})
    result = finding.fix.apply(entry)
    assert result.id == 7 and result.lastmod == "2024-01-01"
    assert "loc" not in result.raw and result.raw["lastmod"] == "x"
    return result.loc


def only(findings: list[Finding], code: str) -> Finding:
    matching = [finding for finding in findings if finding.code == code]
    assert len(matching) == 1, codes(findings)
    return matching[0]


# --- the registry -------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "protocol", "xsd", "google"), [
    ("loc-empty", E, E, E),
    ("loc-not-absolute", E, E, E),
    ("loc-unsupported-scheme", E, E, E),
    ("loc-no-host", E, E, E),
    ("loc-bad-host", E, E, E),
    ("loc-bad-port", E, E, E),
    ("loc-userinfo", E, E, E),
    ("loc-too-long", E, None, E),
    ("loc-xsd-max-length", None, E, None),
    ("loc-xsd-min-length", None, E, None),
    ("loc-fragment", W, W, W),
    ("loc-whitespace", E, E, E),
    ("loc-invisible-character", E, E, E),
    ("loc-surrounding-whitespace", N, N, N),
    ("loc-not-escaped", W, W, N),
    ("loc-unescaped-character", E, E, E),
    ("loc-bad-percent-escape", E, E, E),
    ("loc-private-host", W, W, W),
    ("loc-double-slash", W, W, W),
    ("loc-placeholder-host", W, W, W),
    ("loc-duplicate", W, W, W),
    ("loc-possible-duplicate", W, W, W),
    ("scope-scheme", E, E, E),
    ("scope-port", E, E, E),
    ("scope-www", E, E, W),
    ("scope-subdomain", E, E, W),
    ("scope-other-host", E, E, W),
    ("scope-lookalike-host", E, E, E),
    ("scope-outside-directory", E, E, E),
])
def test_rule_severities_per_profile(code: str, protocol: Severity | None, xsd: Severity | None,
                                     google: Severity | None) -> None:
    registered = RULES[code]
    assert registered.severity_for(Profile.PROTOCOL) == protocol
    assert registered.severity_for(Profile.XSD) == xsd
    assert registered.severity_for(Profile.GOOGLE) == google
    assert registered.checks


def test_every_loc_and_scope_rule_is_tested_above() -> None:
    assert len([code for code in RULES if code.startswith(("loc-", "scope-"))]) == 29


# --- clean values -------------------------------------------------------------------------------


@pytest.mark.parametrize("loc", [
    "https://example.com/",
    "https://example.com",
    "https://example.com/a/b.html?x=1&y=%C3%A9",
    "https://example.com/~user/%7Efine",
    "https://example.com/a_b/(c)/d;e=f/@g",
    "https://EXAMPLE.com/case",
    "https://example.com:443/explicit-default-port",
    "https://example.com/q?list[]=1",
    "https://example.com/" + "a" * 2026,
])
@pytest.mark.parametrize("profile", list(Profile))
def test_clean_locations_give_nothing(loc: str, profile: Profile) -> None:
    assert run(loc, profile=profile) == []


def test_absent_loc_is_left_to_the_engine() -> None:
    assert run(None) == []
    assert run(None, " ") == []


# --- empty, relative, schemes -------------------------------------------------------------------


@pytest.mark.parametrize(("value", "raw"), [("", None), ("", "  \n "), ("\u00a0", None),
                                          ("\u200b\u00a0", "\t\u200b\u00a0")])
def test_empty_or_blank_loc(value: str, raw: str | None) -> None:
    finding = only(run(value, raw), "loc-empty")
    assert codes(run(value, raw)) == [("loc-empty", E)]
    if value:
        assert "⟨U+00A0 NO-BREAK SPACE⟩" in finding.message


@pytest.mark.parametrize(("value", "kind"), [
    ("/about", "a path"),
    ("about.html", "a relative reference"),
    ("//example.com/x", "a protocol-relative URL"),
    ("../up/page", "a relative reference"),
    ("?q=1", "a relative reference"),
    ("example.com/page", "missing its scheme"),
    ("www.example.com", "missing its scheme"),
    ("example.com:8080/page", "missing its scheme"),
])
def test_relative_locations_are_never_resolved(value: str, kind: str) -> None:
    finding = only(run(value), "loc-not-absolute")
    assert finding.severity == E and kind in finding.message
    assert "never resolved against the file's location" in finding.message


@pytest.mark.parametrize("value", [
    "javascript:alert(document.domain)", "JaVaScRiPt:alert(1)", "\u00a0javascript:alert(1)",
    "java\tscript:alert(1)", "\u200bjavascript:alert(1)", "file:///etc/passwd",
    "data:text/html,<script>alert(1)</script>", "ftp://example.com/file.xml",
    "mailto:webmaster@example.com", "vbscript:msgbox(1)", "android-app://com.example/http/x",
    "C:\\sitemaps\\page.html", "urn:isbn:0451450523", "ws://example.com/socket",
])
def test_unsafe_or_unsupported_schemes(value: str) -> None:
    finding = only(run(value), "loc-unsupported-scheme")
    assert finding.severity == E and "unsafe or unsupported scheme" in finding.message
    assert "scope-" not in " ".join(code_set(run(value)))


@pytest.mark.parametrize("value", ["http:example.com/page", "https:/example.com", "https://",
                                   "https:///path", "https://@/x"])
def test_http_without_host(value: str) -> None:
    assert "loc-no-host" in code_set(run(value))


# --- length -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "protocol", "xsd", "google"), [
    (2047, [], [], []),
    (2048, [("loc-too-long", E)], [], [("loc-too-long", E)]),
    (2049, [("loc-too-long", E)], [("loc-xsd-max-length", E)], [("loc-too-long", E)]),
    (5000, [("loc-too-long", E)], [("loc-xsd-max-length", E)], [("loc-too-long", E)]),
])
def test_length_where_protocol_and_xsd_disagree(length: int, protocol: list[object],
                                                xsd: list[object], google: list[object]) -> None:
    loc = "https://example.com/" + "a" * (length - 20)
    assert len(loc) == length
    assert codes(run(loc)) == protocol
    assert codes(run(loc, profile=Profile.XSD)) == xsd
    assert codes(run(loc, profile=Profile.GOOGLE)) == google
    for finding in run(loc) + run(loc, profile=Profile.XSD):
        assert "2,048" in finding.message and f"{length:,}" in finding.message


def test_xsd_minimum_length_only_under_xsd() -> None:
    assert codes(run("http://a.co", majority="http://a.co", profile=Profile.XSD)) == [
        ("loc-xsd-min-length", E)]
    assert run("http://a.co", majority="http://a.co") == []
    assert run("http://a.co", majority="http://a.co", profile=Profile.GOOGLE) == []
    assert run("http://a.co/", majority="http://a.co", profile=Profile.XSD) == []


# --- fragments, blanks, invisible characters ----------------------------------------------------


def test_fragment_is_a_warning_with_a_fix() -> None:
    finding = only(run("https://example.com/page#section"), "loc-fragment")
    assert finding.severity == W and "#section" in finding.message
    assert "duplicates the one without it" in finding.message
    assert fixed(finding, "https://example.com/page#section") == "https://example.com/page"
    assert run("https://example.com/page") == []


@pytest.mark.parametrize("raw", ["\n      https://example.com/ws-1\n    ",
                                 "\thttps://example.com/ws-2\t", "https://example.com/ws-4\n"])
def test_surrounding_xml_whitespace_is_only_a_notice(raw: str) -> None:
    value = raw.strip(" \t\n\r")
    finding = only(run(value, raw), "loc-surrounding-whitespace")
    assert codes(run(value, raw)) == [("loc-surrounding-whitespace", N)]
    assert "trimmed" in finding.message
    assert fixed(finding, value) == value
    assert run(value, value) == []  # raw equal to value (CDATA): nothing to say


def test_no_break_spaces_around_the_value_are_flagged_visibly() -> None:
    value = "\u00a0https://example.com/ws-3\u00a0"
    finding = only(run(value), "loc-invisible-character")
    assert finding.severity == E
    assert "⟨U+00A0 NO-BREAK SPACE⟩https://example.com/ws-3⟨U+00A0 NO-BREAK SPACE⟩" in \
        finding.message
    assert "\u00a0" not in finding.message
    assert fixed(finding, value) == "https://example.com/ws-3"
    assert code_set(run(value)) == {"loc-invisible-character"}


@pytest.mark.parametrize(("char", "name"), [
    ("\u200b", "ZERO WIDTH SPACE"), ("\u200c", "ZERO WIDTH NON-JOINER"),
    ("\u200d", "ZERO WIDTH JOINER"), ("\u2060", "WORD JOINER"),
    ("\ufeff", "ZERO WIDTH NO-BREAK SPACE"), ("\u00ad", "SOFT HYPHEN"),
    ("\u202a", "LEFT-TO-RIGHT EMBEDDING"), ("\u202e", "RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066", "LEFT-TO-RIGHT ISOLATE"), ("\u2069", "POP DIRECTIONAL ISOLATE"),
    ("\u3000", "IDEOGRAPHIC SPACE"), ("\u2028", "LINE SEPARATOR"), ("\x85", "NEXT LINE"),
])
def test_invisible_characters_inside_are_errors_shown_by_name(char: str, name: str) -> None:
    value = f"https://example.com/a{char}b"
    finding = only(run(value), "loc-invisible-character")
    assert finding.severity == E and name in finding.message and char not in finding.message
    repaired = fixed(finding, value)
    assert repaired is not None and run(repaired) == [] and char not in repaired


def test_whitespace_inside_the_url_is_an_error_with_a_fix() -> None:
    value = "https://example.com/a b\tc\nd"
    finding = only(run(value), "loc-whitespace")
    assert finding.severity == E
    assert "⟨U+0020 SPACE⟩" in finding.message and "⟨U+0009 CHARACTER TABULATION⟩" in \
        finding.message and "\t" not in finding.message
    assert fixed(finding, value) == "https://example.com/a%20bcd"
    assert run("https://example.com/a%20b") == []


# --- escaping -----------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(Profile))
def test_unescaped_non_ascii_is_a_warning_except_a_notice_for_google(profile: Profile) -> None:
    value = "https://example.com/привет"
    finding = only(run(value, profile=profile), "loc-not-escaped")
    assert finding.severity == (N if profile is Profile.GOOGLE else W)
    assert "Google tolerates it" in finding.message
    assert fixed(finding, value) == "https://example.com/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82"
    assert run("https://example.com/%D0%BF%D1%80%D0%B8", profile=profile) == []


@pytest.mark.parametrize("char", list('<>"{}|\\^`'))
def test_characters_that_must_be_escaped(char: str) -> None:
    value = f"https://example.com/a{char}b"
    finding = only(run(value), "loc-unescaped-character")
    assert finding.severity == E and char in finding.message
    repaired = fixed(finding, value)
    assert repaired == f"https://example.com/a%{ord(char):02X}b" and run(repaired) == []


@pytest.mark.parametrize("value", ["https://example.com/100%", "https://example.com/%zz",
                                   "https://example.com/a%2"])
def test_stray_percent_signs(value: str) -> None:
    finding = only(run(value), "loc-bad-percent-escape")
    repaired = fixed(finding, value)
    assert repaired is not None and run(repaired) == []


# --- hosts and ports ----------------------------------------------------------------------------


def test_userinfo_names_the_real_host() -> None:
    found = run("https://example.com@evil.net/h")
    finding = only(found, "loc-userinfo")
    assert finding.severity == E and "the real host is evil.net" in finding.message
    assert only(found, "scope-lookalike-host").severity == E
    assert code_set(run("https://user:pw@example.com/x")) == {"loc-userinfo"}


@pytest.mark.parametrize(("value", "reason"), [
    ("https://a..b.com/", "empty label"),
    ("https://" + "a" * 64 + ".com/", "longer than 63"),
    ("https://999.1.1.1/", "not a valid IPv4 address"),
    ("https://[::1/", "broken IPv6 literal"),
    ("https://[nope]/", "not a valid IPv6 address"),
    ("https://xn--a.com/", "invalid punycode label"),
    ("https://e!x.com/", "not allowed in a host name"),
    ("https://e%2Fx.com/", "percent-escapes"),
])
def test_invalid_hosts(value: str, reason: str) -> None:
    finding = only(run(value, majority=None), "loc-bad-host")
    assert finding.severity == E and reason in finding.message


@pytest.mark.parametrize("value", ["https://exa_mple.com/x", "https://-a.com/", "https://a.com./",
                                   "https://ex%41mple.com/", "https://[2606:4700::1111]/",
                                   "https://1.2.3.4/", "https://xn--exmple-cua.com/"])
def test_unusual_but_valid_hosts(value: str) -> None:
    assert run(value, majority=None) == []


@pytest.mark.parametrize("value", ["https://example.com:abc/", "https://example.com:99999/",
                                   "https://example.com:-1/"])
def test_bad_ports(value: str) -> None:
    assert "loc-bad-port" in code_set(run(value))


@pytest.mark.parametrize("value", [
    "http://localhost/x", "http://localhost:8000/x", "https://127.0.0.1/x",
    "http://127.0.0.1:9/admin", "http://[::1]/x", "http://0.0.0.0/", "http://10.1.2.3/",
    "http://192.168.0.10/", "http://172.16.5.4/", "https://shop.local/", "https://app.localhost/",
    "http://2130706433/", "http://0x7f000001/",
])
def test_private_hosts_warn(value: str) -> None:
    finding = only(run(value), "loc-private-host")
    assert finding.severity == W and "development base URL" in finding.message


@pytest.mark.parametrize("value", ["https://8.8.8.8/", "https://172.32.0.1/",
                                   "https://localhost.example.com/", "https://local.com/"])
def test_public_hosts_do_not_warn(value: str) -> None:
    assert "loc-private-host" not in code_set(run(value))


def test_a_deliberately_private_site_does_not_warn_about_itself() -> None:
    assert run("http://localhost:8000/a", site_url="http://localhost:8000/") == []
    assert "loc-private-host" in code_set(run("http://localhost:8000/a",
                                              majority="http://localhost:8000"))
    assert "loc-private-host" in code_set(run("http://10.0.0.2:8000/a",
                                              site_url="http://localhost:8000/"))


def test_index_entries_say_sitemap_location() -> None:
    finding = only(run("/sitemap-1.xml", index=True), "loc-not-absolute")
    assert "sitemap location" in finding.message


# --- scope --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("loc", "code"), [
    ("https://www.example.com/c", "scope-www"),
    ("https://shop.example.com/d", "scope-subdomain"),
    ("https://evil.example.net/e", "scope-other-host"),
    ("https://example.org/", "scope-other-host"),
    ("http://example.com/f", "scope-scheme"),
    ("https://example.com:8443/page", "scope-port"),
    ("http://example.com:443/", "scope-scheme"),
    ("https://example.com.evil.net/g", "scope-lookalike-host"),
    ("https://example.com@evil.net/h", "scope-lookalike-host"),
    ("https://xn--exmple-cua.com/i", "scope-lookalike-host"),
    ("https://exämple.com/i", "scope-lookalike-host"),
    ("https://\u0435xample.com/j", "scope-lookalike-host"),
    ("https://ex\u0430mple.com/j", "scope-lookalike-host"),
    ("https://exam\u03c1le.com/j", "scope-lookalike-host"),
    ("https://examp1e.com/", "scope-lookalike-host"),
    ("https://www.\u0435xample.com/", "scope-lookalike-host"),
    ("https://p\u0430ypal.com/", "scope-lookalike-host"),
])
@pytest.mark.parametrize("site_url", [None, "https://example.com/", "https://EXAMPLE.com:443"])
def test_out_of_scope(loc: str, code: str, site_url: str | None) -> None:
    found = run(loc, site_url=site_url)
    scope = [finding for finding in found if finding.code.startswith("scope-")]
    assert [finding.code for finding in scope] == [code]
    assert scope[0].severity == E
    if code == "scope-lookalike-host":
        assert "looks like example.com but is not (look-alike host)" in scope[0].message
    where = "the site https://example.com" if site_url else "most URLs in this file"
    assert where in scope[0].message


@pytest.mark.parametrize("loc", ["https://example.com/", "https://EXAMPLE.COM/k",
                                 "https://example.com:443/l", "https://example.com",
                                 "https://Example.com.:443/x", "https://example.com/%7Ea"])
def test_same_site_spellings(loc: str) -> None:
    assert not [f for f in run(loc, site_url="https://example.com/") if f.code.startswith("scope")]


def test_scope_messages_show_the_look_alike_host_in_both_forms() -> None:
    message = only(run("https://\u0435xample.com/j"), "scope-lookalike-host").message
    assert "xn--xample-2of.com" in message
    message = only(run("https://xn--exmple-cua.com/i"), "scope-lookalike-host").message
    assert "exämple.com" in message


def test_scope_under_google_is_a_warning_for_other_hosts() -> None:
    found = run("https://shop.example.com/d", profile=Profile.GOOGLE)
    assert codes(found) == [("scope-subdomain", W)]
    assert codes(run("https://example.com.evil.net/", profile=Profile.GOOGLE)) == [
        ("scope-lookalike-host", E)]


def test_sitemap_directory_limits_urls() -> None:
    sitemap = "https://example.com/blog/sitemap.xml"
    assert run("https://example.com/blog/post-1", sitemap_url=sitemap) == []
    assert run("https://example.com/blog/", sitemap_url=sitemap) == []
    assert run("https://example.com/blog/a/../b", sitemap_url=sitemap) == []
    for loc in ("https://example.com/about", "https://example.com/blog",
                "https://example.com/blogger", "https://example.com/blog/../admin",
                "https://example.com/blog/%2e%2e/admin"):
        finding = only(run(loc, sitemap_url=sitemap), "scope-outside-directory")
        assert finding.severity == E and "/blog/" in finding.message
    # sitemap indexes may list sitemaps anywhere on the site
    assert run("https://example.com/other/sitemap.xml", sitemap_url=sitemap, index=True) == []
    # the site URL wins for the origin; the directory applies when the sitemap is on it
    assert "scope-outside-directory" in code_set(run(
        "https://example.com/about", site_url="https://example.com/", sitemap_url=sitemap))
    assert run("https://example.com/about", site_url="https://example.com/",
               sitemap_url="https://cdn.example.net/blog/sitemap.xml") == []


def test_scope_from_context_precedence() -> None:
    ctx = ValidationContext(site_url="https://a.example/", sitemap_url="https://b.example/s.xml")
    scope = Scope.from_context(ctx, "https://c.example")
    assert scope is not None and scope.origin == "https://a.example" and scope.explicit
    scope = Scope.from_context(ValidationContext(sitemap_url="https://b.example/x/s.xml"), None)
    assert scope is not None and scope.origin == "https://b.example"
    assert scope.directory == "/x/"
    scope = Scope.from_context(ValidationContext(), "https://C.example:443")
    assert scope is not None and scope.origin == "https://c.example" and not scope.explicit
    assert Scope.from_context(ValidationContext(), None) is None
    assert Scope.from_context(ValidationContext(site_url="not a url"), None) is None


def test_scope_check_ignores_what_check_loc_reports() -> None:
    scope = Scope(SITE)
    report = Reporter(Profile.PROTOCOL, 1)
    for loc in ("", "/about", "javascript:alert(1)", "ftp://example.org/", "https://:80/",
                "https://example.com:abc/"):
        scope.check(loc, report)
    assert report.findings == []


def test_majority_origin() -> None:
    assert majority_origin([]) is None
    assert majority_origin(["/a", None, "", "javascript:x"]) is None
    assert majority_origin(["https://a.com/1", "https://B.com/1", "https://b.com:443/2"]) == \
        "https://b.com"
    # ties go to https, then to a public host, then to the first seen
    assert majority_origin(["http://a.com/", "https://b.com/"]) == "https://b.com"
    assert majority_origin(["http://127.0.0.1:9/", "http://a.com/"]) == "http://a.com"
    assert majority_origin(["https://a.com/", "https://b.com/"]) == "https://a.com"
    assert majority_origin(["https://example.com@evil.net/"]) == "https://evil.net"


# --- the fast path agrees with the careful one --------------------------------------------------

PLAIN = st.builds(
    lambda scheme, host, path: f"{scheme}://{host}/{path}",
    st.sampled_from(["http", "https"]),
    st.sampled_from(["example.com", "www.example.com", "a-b.example", "127.0.0.1", "localhost",
                     "999.9.9.9", "a..b", "x-.com", "10.0.0.1", "xn--a.com", "1.2.3.4"]),
    st.text(alphabet="abcXYZ019-._~!$&'()*+,;=:@/?%", max_size=30),
)


@given(PLAIN, st.sampled_from(list(Profile)))
def test_fast_path_matches_the_careful_path(loc: str, profile: Profile) -> None:
    ctx = ValidationContext(profile=profile)
    scope = Scope(SITE)
    fast = Reporter(profile, 1)
    check_loc(loc, None, fast, ctx, scope)
    careful = Reporter(profile, 1)
    locations._check_loc_slowly(loc, None, careful, scope, "URL")
    scope._check_slowly(loc, careful, False)
    assert codes(fast.findings) == codes(careful.findings)


@given(st.text(), st.sampled_from(list(Profile)), st.booleans())
def test_check_loc_never_raises_and_messages_stay_visible(text: str, profile: Profile,
                                                          index: bool) -> None:
    for value in (text, "https://example.com/" + text, "https://" + text, "http://" + text):
        for finding in run(value, profile=profile, index=index):
            if finding.fix is not None:
                fixed(finding, value)


def test_plain_regex_is_what_the_fast_path_uses() -> None:
    assert PLAIN_URL_RE.match("https://example.com/a?b=1") is not None
    assert PLAIN_URL_RE.match("https://example.com/a#b") is None


# --- duplicates ---------------------------------------------------------------------------------


def describe(entry_id: int) -> str:
    return f"entry {entry_id + 1} (line {entry_id + 3})"


def dup_findings(index: DuplicateIndex, entry_id: int) -> list[Finding]:
    report = Reporter(Profile.PROTOCOL, entry_id)
    index.report(entry_id, report, describe)
    return report.findings


def build(locs: list[str | None], *, with_locs: bool = True) -> DuplicateIndex:
    store = dict(enumerate(locs))
    index = DuplicateIndex(loc_of=store.get if with_locs else None)
    for entry_id, loc in enumerate(locs):
        index.add(entry_id, loc)
    return index


def test_exact_duplicates_name_the_first_entry_and_what_differs() -> None:
    index = build(["https://example.com/page", "https://EXAMPLE.com:443/page",
                   "https://example.com/page", "https://example.com/other"])
    assert dup_findings(index, 0) == [] and dup_findings(index, 3) == []
    finding = only(dup_findings(index, 1), "loc-duplicate")
    assert finding.severity == W
    assert "Same URL as entry 1 (line 3) after normalisation: host case, default port" in \
        finding.message
    assert "written identically" in only(dup_findings(index, 2), "loc-duplicate").message


def test_without_loc_of_messages_still_name_the_entry() -> None:
    index = build(["https://example.com/page", "https://EXAMPLE.com/page"], with_locs=False)
    assert "entry 1 (line 3)" in only(dup_findings(index, 1), "loc-duplicate").message


def test_trailing_slash_is_only_a_possible_duplicate() -> None:
    index = build(["https://example.com/page", "https://example.com/page/",
                   "https://example.com/page/", "https://example.com/page/?a=1",
                   "https://example.com/page?a=1", "https://example.com/", "https://example.com"])
    assert dup_findings(index, 0) == []
    finding = only(dup_findings(index, 1), "loc-possible-duplicate")
    assert finding.severity == W and "entry 1 (line 3)" in finding.message
    assert codes(dup_findings(index, 2)) == [("loc-duplicate", W)]
    assert dup_findings(index, 3) == []
    assert codes(dup_findings(index, 4)) == [("loc-possible-duplicate", W)]
    assert dup_findings(index, 5) == []
    assert codes(dup_findings(index, 6)) == [("loc-duplicate", W)]


def test_not_duplicates() -> None:
    index = build(["https://example.com/page", "https://example.com/Page",
                   "http://example.com/page", "https://example.com:8443/page",
                   "https://www.example.com/page", "https://example.com/page?x", None, ""])
    for entry_id in range(8):
        assert dup_findings(index, entry_id) == []


def test_add_and_remove_return_the_ids_to_re_report() -> None:
    index = DuplicateIndex()
    assert index.add(0, "https://example.com/a") == {0}
    assert index.add(1, "https://example.com/b") == {1}
    assert index.add(2, "https://example.com/A".lower()) == {0, 2}
    assert index.add(3, "https://example.com/a/") == {0, 2, 3}
    assert index.group(2) == (0, 2, 3)
    assert len(index) == 4 and 3 in index and 9 not in index
    assert index.remove(0) == {2, 3}
    assert codes(dup_findings(index, 2)) == []  # now the first of its group
    assert codes(dup_findings(index, 3)) == [("loc-possible-duplicate", W)]
    # an edit: re-adding replaces the old location and reports both groups
    assert index.add(3, "https://example.com/b") == {1, 2, 3}
    assert codes(dup_findings(index, 3)) == [("loc-duplicate", W)]
    assert index.remove(3) == {1}
    assert index.remove(3) == set()
    assert index.add(2, None) == {2}
    assert 2 not in index
    index.clear()
    assert len(index) == 0


def test_order_decides_the_canonical_entry() -> None:
    rows = {10: 2, 11: 0, 12: 1}
    index = DuplicateIndex(order=rows.__getitem__)
    for entry_id in (10, 11, 12):
        index.add(entry_id, "https://example.com/x")
    assert dup_findings(index, 11) == []
    assert "entry 12" in only(dup_findings(index, 10), "loc-duplicate").message
    assert index.group(10) == (11, 12, 10)


def test_sparse_and_large_ids() -> None:
    index = DuplicateIndex()
    for entry_id in (5_000_000_000, -3, 1):
        index.add(entry_id, "https://example.com/same")
    assert codes(dup_findings(index, -3)) == [("loc-duplicate", W)]
    assert index.remove(5_000_000_000) == {-3, 1}
    assert index.group(1) == (-3, 1)


def test_hash_collisions_are_caught_when_locations_are_known() -> None:
    store = {0: "https://example.com/a", 1: "https://example.com/b"}
    index = DuplicateIndex(loc_of=store.get)
    index.add(0, store[0])
    index.add(1, store[0])  # pretend 1 hashed like 0, then its location changed underneath
    assert dup_findings(index, 1) == []


def test_groups_of_unknown_and_single_entries() -> None:
    index = build(["https://example.com/a"])
    assert index.group(0) == (0,)
    assert index.group(5) == ()
    assert dup_findings(index, 5) == []


def test_scope_needs_an_http_origin() -> None:
    with pytest.raises(ValueError, match="not an http"):
        Scope("ftp://example.com/")
    assert Scope("https://Example.com:8443/x", directory="docs/").directory == "/docs/"


def test_extend_indexes_a_load() -> None:
    index = DuplicateIndex()
    index.extend(enumerate(["https://example.com/a", "https://example.com/a"]))
    assert codes(dup_findings(index, 1)) == [("loc-duplicate", W)]


# --- the hostile files --------------------------------------------------------------------------


def flagged_rows(path: Path, ctx: ValidationContext | None = None) -> dict[int, list[Finding]]:
    """Findings per 1-based row from check_loc (with scope) and the duplicate index."""
    ctx = ctx or ValidationContext()
    doc = open_document(path)
    entries = [doc.entry_at(row) for row in range(len(doc))]
    scope = Scope.from_context(ctx, majority_origin(entry.loc for entry in entries))
    index = DuplicateIndex(order=doc.row_of, loc_of=lambda entry_id: doc.entry(entry_id).loc)
    reports = []
    for row, entry in enumerate(entries):
        report = Reporter(ctx.profile, doc.id_at(row), doc.line_of(row))
        check_loc(entry.loc, entry.raw.get("loc"), report, ctx, scope,
                  index=entry.element == "sitemap")
        index.add(doc.id_at(row), entry.loc)
        reports.append(report)

    def name(entry_id: int) -> str:
        row = doc.row_of(entry_id)
        return f"entry {row + 1} (line {doc.line_of(row)})"

    for row, report in enumerate(reports):
        index.report(doc.id_at(row), report, name)
        for finding in report.findings:
            visible(finding.message)
    return {row + 1: report.findings for row, report in enumerate(reports)}


def serious(found: dict[int, list[Finding]]) -> set[int]:
    return {row for row, findings in found.items()
            if any(finding.severity in (E, W) for finding in findings)}


def test_hostile_loc_2049(hostile_dir: Path) -> None:
    found = flagged_rows(hostile_dir / "loc_2049.xml")
    assert serious(found) == {1}
    assert "2,048" in found[1][0].message


def test_hostile_loc_relative(hostile_dir: Path) -> None:
    found = flagged_rows(hostile_dir / "loc_relative.xml")
    assert serious(found) == {1, 2, 3}
    assert found[4] == []
    assert all(code_set(found[row]) == {"loc-not-absolute"} for row in (1, 2, 3))


def test_hostile_loc_bad_schemes(hostile_dir: Path) -> None:
    found = flagged_rows(hostile_dir / "loc_bad_schemes.xml")
    assert serious(found) == {1, 2, 3, 4, 5, 6, 7, 8, 10}
    assert found[9] == []
    for row in range(1, 9):
        assert "loc-unsupported-scheme" in code_set(found[row])
    assert {"loc-private-host", "scope-other-host"} <= code_set(found[10])


def test_hostile_duplicates(hostile_dir: Path) -> None:
    found = flagged_rows(hostile_dir / "duplicates.xml")
    assert serious(found) == {2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert found[1] == found[8] == found[9] == []
    assert code_set(found[2]) == {"loc-possible-duplicate"}
    for row, reason in ((3, "host case"), (4, "default port"), (6, "written identically"),
                        (7, "scheme case")):
        message = only(found[row], "loc-duplicate").message
        assert "entry 1 (line 3)" in message and reason in message
    # Only its #fragment sets it apart from entry 1: one finding, the fragment warning.
    assert code_set(found[5]) == {"loc-fragment"}
    assert "entry 9 (line 11)" in only(found[10], "loc-duplicate").message
    assert code_set(found[11]) == {"scope-scheme"}
    assert code_set(found[12]) == {"scope-port"}


@pytest.mark.parametrize("site_url", [None, "https://example.com/"])
def test_hostile_foreign_hosts(hostile_dir: Path, site_url: str | None) -> None:
    found = flagged_rows(hostile_dir / "foreign_hosts.xml", ValidationContext(site_url=site_url))
    assert serious(found) == {4, 5, 6, 7, 8, 9, 10, 11}
    for row in (1, 2, 3, 12, 13):
        assert found[row] == []
    for row in (8, 9, 10, 11):
        assert "look-alike host" in only(found[row], "scope-lookalike-host").message
    assert "the real host is evil.net" in only(found[9], "loc-userinfo").message


def test_hostile_whitespace_values(hostile_dir: Path) -> None:
    found = flagged_rows(hostile_dir / "whitespace_values.xml")
    assert serious(found) == {3}
    for row in (1, 2, 4):
        assert codes(found[row]) == [("loc-surrounding-whitespace", N)]
    message = only(found[3], "loc-invisible-character").message
    assert "⟨U+00A0 NO-BREAK SPACE⟩" in message and "\u00a0" not in message


@given(st.lists(st.tuples(st.integers(0, 11), st.sampled_from(
    [None, "https://example.com/a", "https://example.com/a/", "https://EXAMPLE.com/a",
     "https://example.com/b", "https://example.com/b/?q", "https://example.com/b?q",
     "https://example.com/c"])), max_size=40), st.integers(0, 40))
def test_a_compacted_index_answers_as_a_fresh_one(edits: list[tuple[int, str | None]],
                                                   compact_after: int) -> None:
    """After a load the index moves lone entries out of its dict; edits then go on as before."""
    locs: dict[int, str | None] = {}
    compacted = DuplicateIndex(loc_of=locs.get)
    plain = DuplicateIndex(loc_of=locs.get)
    compacted.extend([(entry_id, f"https://example.com/{entry_id}") for entry_id in range(4)])
    plain.extend([(entry_id, f"https://example.com/{entry_id}") for entry_id in range(4)])
    locs.update((entry_id, f"https://example.com/{entry_id}") for entry_id in range(4))
    for step, (entry_id, loc) in enumerate(edits):
        if step == compact_after:
            compacted.compact()
        locs[entry_id] = loc
        if loc is None and step % 3 == 0:
            assert compacted.remove(entry_id) == plain.remove(entry_id)
        else:
            assert compacted.add(entry_id, loc) == plain.add(entry_id, loc)
        if step % 5 == 4:
            compacted.compact()
    assert len(compacted) == len(plain)
    for entry_id in range(12):
        assert compacted.group(entry_id) == plain.group(entry_id)
        assert entry_id in compacted if entry_id in plain else entry_id not in compacted
        assert dup_findings(compacted, entry_id) == dup_findings(plain, entry_id)
    assert sorted(compacted.shared_ids()) == sorted(plain.shared_ids())
