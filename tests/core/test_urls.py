"""URL helpers: normalisation, host splitting, IRI escaping, host classification, display."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.urls.parsing import (
    describe_char,
    host_scripts,
    host_skeleton,
    host_to_unicode,
    ipv4_number,
    is_invisible,
    normalization_differences,
    normalize_host,
    normalize_url,
    origin,
    parse_url,
    percent_encode_iri,
    plain_url_host,
    private_host_kind,
    reveal_invisible,
    split_host,
)

CANONICAL = "https://example.com/page"


# --- normalize_url ------------------------------------------------------------------------------


@pytest.mark.parametrize("spelling", [
    "https://example.com/page",
    "https://EXAMPLE.com/page",
    "HTTPS://example.com/page",
    "HtTpS://ExAmPlE.CoM/page",
    "https://example.com:443/page",
    "https://example.com:0443/page",
    "https://example.com:/page",
    "https://example.com/page#section",
    "https://example.com/page#",
    "https://example.com/%70age",
    "  https://example.com/page\n",
])
def test_equivalent_spellings_normalise_to_one_key(spelling: str) -> None:
    assert normalize_url(spelling) == CANONICAL


@pytest.mark.parametrize("other", [
    "https://example.com/Page",          # path case matters
    "http://example.com/page",           # another scheme
    "https://example.com:8443/page",     # another port
    "https://www.example.com/page",      # another host
    "https://example.com/page/",         # a trailing slash is another URL
    "https://example.com/page?a=1",      # a query is part of the URL
    "https://user@example.com/page",     # userinfo is kept
])
def test_different_urls_keep_different_keys(other: str) -> None:
    assert normalize_url(other) != CANONICAL


def test_default_port_is_per_scheme() -> None:
    assert normalize_url("http://example.com:80/") == "http://example.com/"
    assert normalize_url("http://example.com:443/") == "http://example.com:443/"
    assert normalize_url("https://example.com:80/") == "https://example.com:80/"


def test_escapes_of_unreserved_characters_are_decoded_and_others_upper_cased() -> None:
    assert normalize_url("https://example.com/%7Euser") == "https://example.com/~user"
    assert normalize_url("https://example.com/%7euser") == "https://example.com/~user"
    assert normalize_url("https://example.com/a%2fb%3f") == "https://example.com/a%2Fb%3F"
    assert normalize_url("https://example.com/?q=%e2%82%ac") == "https://example.com/?q=%E2%82%AC"
    assert normalize_url("https://example.com/%41%2D%5F") == "https://example.com/A-_"


def test_raw_non_ascii_and_unsafe_characters_are_escaped_like_their_escaped_forms() -> None:
    iri = "https://example.com/привет?q=a b"
    uri = "https://example.com/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82?q=a%20b"
    assert normalize_url(iri) == normalize_url(uri) == uri
    assert normalize_url("https://example.com/100%") == "https://example.com/100%25"


def test_empty_path_is_a_slash() -> None:
    assert normalize_url("https://example.com") == "https://example.com/"
    assert normalize_url("https://example.com?q") == "https://example.com/?q"


def test_idn_hosts_are_punycode_and_ipv6_is_lower_case() -> None:
    assert normalize_url("https://Exämple.com/") == "https://xn--exmple-cua.com/"
    assert normalize_url("https://xn--exmple-cua.com/") == "https://xn--exmple-cua.com/"
    assert normalize_url("http://[FE80::1]:80/x") == "http://[fe80::1]/x"
    assert normalize_url("https://%45xample.com/") == "https://example.com/"


@pytest.mark.parametrize("junk", ["", "   ", "about.html", "/about", "//example.com/x",
                                  "javascript:alert(1)", "mailto:a@b", "http:example.com",
                                  "https://[::1/", "https://h:port/", "\x00\ud800"])
def test_junk_never_raises_and_comes_back_stripped(junk: str) -> None:
    assert normalize_url(junk) == normalize_url(normalize_url(junk))
    if "://" not in junk:
        assert normalize_url(f"  {junk} ") == junk.strip()


def test_plain_urls_take_the_fast_path_unchanged() -> None:
    url = "https://www.example.com/category/product-1.html?a=1&b=%C3%A9"
    assert normalize_url(url) is url
    assert plain_url_host(url) == "www.example.com"
    assert plain_url_host("https://Example.com/") is None
    assert plain_url_host("https://example.com:8080/") is None
    assert plain_url_host("https://example.com/a#b") is None
    assert plain_url_host("https://u@example.com/") is None


URL_PIECES = st.tuples(
    st.sampled_from(["http", "HTTPS", "https", "ftp", "hTtP", ""]),
    st.sampled_from(["://", ":", "//", ":///"]),
    st.sampled_from(["", "user@", "a:b@", "example.com@"]),
    st.text(alphabet="aBc.-_%9[]:äе\u00a0 xn-", max_size=12),
    st.sampled_from(["", ":", ":80", ":443", ":0443", ":x", ":99999"]),
    st.text(alphabet="/aZ%7eE2.~?#&= \u00e9\u200b<>\\^`{}|\"", max_size=20),
)


@given(URL_PIECES)
def test_normalize_url_is_idempotent_on_url_like_text(pieces: tuple[str, ...]) -> None:
    url = "".join(pieces)
    once = normalize_url(url)
    assert normalize_url(once) == once


@given(st.text())
def test_normalize_url_never_raises_and_is_idempotent(text: str) -> None:
    once = normalize_url(text)
    assert normalize_url(once) == once


@given(st.text())
def test_normalize_url_is_idempotent_on_any_absolute_url(tail: str) -> None:
    once = normalize_url("https://" + tail)
    assert normalize_url(once) == once


# --- split_host and origin ----------------------------------------------------------------------


@pytest.mark.parametrize(("url", "expected"), [
    ("https://example.com/a", ("https", "example.com", 443)),
    ("HTTP://Example.COM", ("http", "example.com", 80)),
    ("https://example.com:8443/", ("https", "example.com", 8443)),
    ("https://example.com:/", ("https", "example.com", 443)),
    ("https://example.com@evil.net/h", ("https", "evil.net", 443)),
    ("https://user:pa:ss@evil.net:81/", ("https", "evil.net", 81)),
    ("http://[::1]:8080/", ("http", "::1", 8080)),
    ("http://[FE80::1]/", ("http", "fe80::1", 80)),
    ("ftp://example.com/f", ("ftp", "example.com", None)),
    ("https://еxample.com/", ("https", "еxample.com", 443)),  # noqa: RUF001 - the point
])
def test_split_host(url: str, expected: tuple[str, str, int | None]) -> None:
    assert split_host(url) == expected


@pytest.mark.parametrize("url", [
    "", "/about", "about.html", "//example.com/x", "mailto:a@example.com", "https://",
    "https:///path", "https://example.com:abc/", "https://example.com:99999/",
    "https://example.com:-1/", "https://[::1/", "https://[::1]x/", "https://user@/",
    "https://example.com:٤٤٣/",
])
def test_split_host_refuses_what_has_no_usable_host(url: str) -> None:
    assert split_host(url) is None


@given(st.text())
def test_split_host_and_origin_never_raise(text: str) -> None:
    split_host(text)
    split_host("https://" + text)
    origin(text)
    origin("https://" + text)


def test_origin() -> None:
    assert origin("https://EXAMPLE.com:443/a?b#c") == "https://example.com"
    assert origin("http://example.com:8080") == "http://example.com:8080"
    assert origin("https://example.com?q=1") == "https://example.com"
    assert origin("https://example.com@evil.net/") == "https://evil.net"
    assert origin("https://exämple.com/") == "https://xn--exmple-cua.com"
    assert origin("http://[::1]:80/") == "http://[::1]"
    assert origin("ftp://example.com/") is None
    assert origin("https://example.com:x/") is None
    assert origin("/relative") is None


def test_parse_url_keeps_parts_as_written() -> None:
    parts = parse_url("HTTPS://u@Example.com:0443/P%7e?q#f")
    assert parts is not None
    assert (parts.scheme, parts.userinfo, parts.host, parts.port, parts.path, parts.query,
            parts.fragment) == ("HTTPS", "u", "Example.com", "0443", "/P%7e", "q", "f")
    assert parse_url("about.html") is None
    assert parse_url("mailto:x@example.com") is None


# --- percent_encode_iri -------------------------------------------------------------------------


def test_percent_encode_iri_escapes_non_ascii_and_unsafe_characters() -> None:
    assert percent_encode_iri("https://example.com/привет") == \
        "https://example.com/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82"
    assert percent_encode_iri("https://example.com/a b<c>?q=\"x\"|y") == \
        "https://example.com/a%20b%3Cc%3E?q=%22x%22%7Cy"
    assert percent_encode_iri("https://exämple.com/ü#teil ü") == \
        "https://xn--exmple-cua.com/%C3%BC#teil%20%C3%BC"
    assert percent_encode_iri("https://example.com/100%") == "https://example.com/100%25"


def test_percent_encode_iri_keeps_what_is_already_fine() -> None:
    url = "https://Example.com:8443/%7euser/a%2Fb?x=1&y=[2]#top"
    assert percent_encode_iri(url) == url
    assert percent_encode_iri(" https://example.com/a ") == "https://example.com/a"


@given(st.text())
def test_percent_encode_iri_gives_ascii_without_blanks_and_is_idempotent(text: str) -> None:
    for url in (text, "https://" + text, "https://example.com/" + text):
        once = percent_encode_iri(url)
        assert percent_encode_iri(once) == once
        assert once.isascii()
        assert not any(char.isspace() for char in once)


# --- normalization_differences ------------------------------------------------------------------


@pytest.mark.parametrize(("other", "reasons"), [
    ("https://EXAMPLE.com/page", ["host case"]),
    ("https://example.com:443/page", ["default port"]),
    ("HTTPS://example.com/page", ["scheme case"]),
    ("https://example.com/page#x", ["fragment"]),
    ("https://example.com/%70age", ["percent-encoding"]),
    ("https://EXAMPLE.com:443/page", ["host case", "default port"]),
    ("https://example.com/page", []),
])
def test_normalization_differences_name_what_was_undone(other: str, reasons: list[str]) -> None:
    assert normalization_differences(CANONICAL, other) == reasons


def test_normalization_differences_of_other_parts() -> None:
    assert normalization_differences("https://u@example.com/", "https://example.com/") == \
        ["user information"]
    assert normalization_differences(" https://example.com/", "https://example.com/") == \
        ["surrounding blanks"]
    assert normalization_differences("https://example.com/?q=%7e", "https://example.com/?q=~") \
        == ["percent-encoding"]
    assert normalization_differences("https://%65xample.com/", "https://example.com/") == \
        ["host escaping"]
    assert normalization_differences("about.html", " about.html") == ["surrounding blanks"]


def test_normalization_differences_of_idn_and_empty_path() -> None:
    assert normalization_differences("https://xn--exmple-cua.com/", "https://exämple.com/") == \
        ["Unicode host vs punycode"]
    assert normalization_differences("https://example.com", "https://example.com/") == \
        ["empty path"]


# --- hosts --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("host", "kind"), [
    ("localhost", "localhost"), ("localhost.", "localhost"), ("app.localhost", "a localhost name"),
    ("printer.local", "a .local (multicast DNS) name"), ("db.internal", "an .internal name"),
    ("127.0.0.1", "a loopback address"), ("127.8.9.10", "a loopback address"),
    ("0x7f.1", "a loopback address"), ("2130706433", "a loopback address"),
    ("::1", "a loopback address"), ("[::1]", "a loopback address"),
    ("::ffff:127.0.0.1", "a loopback address"), ("0.0.0.0", "the unspecified address"),
    ("10.0.0.1", "a private network address"), ("192.168.1.20", "a private network address"),
    ("172.16.0.1", "a private network address"), ("172.31.255.255", "a private network address"),
    ("169.254.1.1", "a link-local address"),
])
def test_private_hosts(host: str, kind: str) -> None:
    assert private_host_kind(host) == kind


@pytest.mark.parametrize("host", ["example.com", "8.8.8.8", "172.32.0.1", "localhost.example.com",
                                  "local", "999.1.1.1", "2001:db8::1x", "xn--exmple-cua.com"])
def test_public_or_unparsable_hosts_are_not_private(host: str) -> None:
    assert private_host_kind(host) is None


def test_ipv4_numbers_are_read_like_browsers() -> None:
    assert ipv4_number("127.0.0.1") == 0x7F000001
    assert ipv4_number("0x7f.0.0.1") == 0x7F000001
    assert ipv4_number("0177.1") == 0x7F000001
    assert ipv4_number("1.2.3.4.") == 0x01020304
    assert ipv4_number("256.0.0.1") is None
    assert ipv4_number("1.2.3.4.5") is None
    assert ipv4_number("08.1.1.1") is None


def test_skeletons_fold_look_alikes() -> None:
    target = host_skeleton("example.com")
    for fake in ("xn--exmple-cua.com", "exämple.com", "\u0435xample.com", "examp1e.com",
                 "exarnple.com", "EXAMPLE.COM", "ex\u0430mple.com", "exam\u03c1le.com"):
        assert host_skeleton(fake) == target, fake
    assert host_skeleton("example.org") != target
    assert host_skeleton("sample.com") != target


def test_scripts_show_mixed_labels() -> None:
    assert host_scripts("example.com") == {"LATIN"}
    assert host_scripts("\u0435xample.com") == {"LATIN", "CYRILLIC"}
    assert host_scripts("xn--xample-2of.com") == {"LATIN", "CYRILLIC"}
    assert host_scripts("\u043f\u0440\u0438\u043c\u0435\u0440.com") == {"CYRILLIC"}


def test_host_forms() -> None:
    assert normalize_host("ExÄmple.COM") == "xn--exmple-cua.com"
    assert host_to_unicode("xn--exmple-cua.com") == "exämple.com"
    assert host_to_unicode("xn--broken-.com") == "xn--broken-.com"


# --- showing invisible characters ---------------------------------------------------------------


def test_reveal_invisible_spells_out_blanks_and_format_characters() -> None:
    assert reveal_invisible("\u00a0https://e.com/a\u00a0") == \
        "⟨U+00A0 NO-BREAK SPACE⟩https://e.com/a⟨U+00A0 NO-BREAK SPACE⟩"
    assert reveal_invisible("a\u200bb\u202ec\u00add\ufeff") == (
        "a⟨U+200B ZERO WIDTH SPACE⟩b⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩c⟨U+00AD SOFT HYPHEN⟩d"
        "⟨U+FEFF ZERO WIDTH NO-BREAK SPACE⟩")
    assert reveal_invisible("a b\tc\x85") == \
        "a⟨U+0020 SPACE⟩b⟨U+0009 CHARACTER TABULATION⟩c⟨U+0085 NEXT LINE⟩"
    assert reveal_invisible("a b", spaces=False) == "a b"
    assert reveal_invisible("https://example.com/привет") == "https://example.com/привет"


def test_reveal_invisible_cuts_long_text() -> None:
    shown = reveal_invisible("x" * 3000, limit=50)
    assert shown.startswith("x" * 50) and shown.endswith("(3,000 characters)")


@given(st.text())
def test_revealed_text_has_no_invisible_characters(text: str) -> None:
    assert not any(is_invisible(char) and char != " " for char in reveal_invisible(text))


def test_describe_char() -> None:
    assert describe_char("\u2066") == "⟨U+2066 LEFT-TO-RIGHT ISOLATE⟩"
    assert describe_char("\x7f") == "⟨U+007F DELETE⟩"
    assert describe_char("\x81") == "⟨U+0081 CONTROL⟩"
