"""The submission kit: robots.txt lines and check, IndexNow keys, links, batches, submitting."""

from __future__ import annotations

import json
import random
import re
import socket
from urllib.parse import unquote

import pytest
from helpers.local_http import Replies, closed_port_url, guard_network, local_server, silent_server
from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.publishing.indexnow import (
    KEY_ALPHABET,
    MAX_URLS_PER_BATCH,
    batches,
    generate_key,
    get_link,
    key_file,
    key_location_url,
    key_problem,
    write_kit,
)
from sitemap_studio.core.publishing.indexnow_submit import submit
from sitemap_studio.core.publishing.robots_kit import check_robots, robots_lines, robots_txt_url
from sitemap_studio.core.publishing.submission import LIVE_ROUTES, ping_links

KEY = "0123abcd-EFGH"
SITE = "https://www.example.com/"
ENDPOINT = "https://api.indexnow.org/indexnow"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


# --- robots.txt ---------------------------------------------------------------------------------


def test_robots_lines_are_absolute_and_listed_once() -> None:
    assert robots_lines([f"{SITE}sitemap-index.xml", f"{SITE}news.xml",
                         f"{SITE}sitemap-index.xml"]) == [
        "Sitemap: https://www.example.com/sitemap-index.xml",
        "Sitemap: https://www.example.com/news.xml"]


@pytest.mark.parametrize("url", ["/sitemap.xml", "sitemap.xml", "//www.example.com/s.xml",
                                 "file:///s.xml", "https://www.example.com/s.xml#top"])
def test_robots_lines_refuse_what_robots_cannot_hold(url: str) -> None:
    with pytest.raises(SitemapError):
        robots_lines([url])


def test_robots_txt_url_is_at_the_hosts_root() -> None:
    assert robots_txt_url("https://Example.com:443/shop/") == "https://example.com/robots.txt"


ROBOTS = """\ufeffUser-agent: *
Disallow: /cart
# Sitemap: /commented-out.xml
Sitemap: /sitemap.xml
Sitemap : https://www.example.com/sitemap-index.xml
sitemap: https://cdn.example.net/sitemap.xml   # cross-host
Sitemap: javascript:alert(1)
Sitemap: file:///etc/passwd
Sitemap: http://localhost:8000/sitemap.xml
Sitemap: HTTPS://WWW.example.com:443/sitemap-index.xml
Sitemap:
Sitemap: https://www.example.com/my sitemap.xml
Sitemap: http://127.0.0.1/sitemap.xml
"""


def test_check_robots_reports_each_problem_on_its_line() -> None:
    expected = [f"{SITE}sitemap-index.xml", f"{SITE}news.xml"]
    found = [(f.line, f.severity, f.code) for f in check_robots(ROBOTS, expected, SITE)]
    assert found == [
        (4, Severity.ERROR, "robots-sitemap-relative"),
        (5, Severity.NOTICE, "robots-field-spacing"),
        (6, Severity.WARNING, "robots-sitemap-foreign-host"),
        (7, Severity.ERROR, "robots-sitemap-scheme"),
        (8, Severity.ERROR, "robots-sitemap-scheme"),
        (9, Severity.ERROR, "robots-sitemap-private-host"),
        (10, Severity.NOTICE, "robots-sitemap-duplicate"),
        (11, Severity.ERROR, "robots-sitemap-empty"),
        (12, Severity.ERROR, "robots-sitemap-invalid"),
        (13, Severity.ERROR, "robots-sitemap-private-host"),
        (None, Severity.WARNING, "robots-sitemap-missing"),
    ]


def test_check_robots_messages_say_what_to_do() -> None:
    findings = {f.code: f for f in check_robots(ROBOTS, [f"{SITE}news.xml"], SITE)}
    relative = findings["robots-sitemap-relative"]
    assert "https://www.example.com/sitemap.xml" in relative.message
    assert relative.column == len("Sitemap: ") + 1
    assert "first on line 5" in findings["robots-sitemap-duplicate"].message
    assert "verified" in findings["robots-sitemap-foreign-host"].message
    assert "Sitemap: https://www.example.com/news.xml" in findings[
        "robots-sitemap-missing"].message


def test_check_robots_without_site_skips_the_host_check_and_counts_crlf_lines() -> None:
    text = "User-agent: *\r\nSitemap: https://other.example.org/s.xml\r\n"
    assert check_robots(text, ["https://other.example.org/s.xml"], None) == []
    text = "User-agent: *\r\n\r\nSitemap: /s.xml\r\n"
    assert [f.line for f in check_robots(text, [], None)] == [3]


def test_a_clean_robots_txt_has_no_findings() -> None:
    text = "User-agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap-index.xml\n"
    assert check_robots(text, [f"{SITE}sitemap-index.xml"], SITE) == []


def test_robots_rules_are_registered() -> None:
    from sitemap_studio.core.validation.registry import RULES

    for finding in check_robots(ROBOTS, [f"{SITE}news.xml"], SITE):
        if finding.code != "robots-field-spacing":  # registered with the reader's codes
            assert RULES[finding.code].severity == finding.severity


# --- keys ---------------------------------------------------------------------------------------


def test_generated_keys_have_the_length_and_alphabet() -> None:
    key = generate_key()
    assert len(key) == 32 and set(key) <= set(KEY_ALPHABET)
    assert generate_key() != key
    assert len(generate_key(8)) == 8 and len(generate_key(128)) == 128
    for length in (7, 129):
        with pytest.raises(ValueError):
            generate_key(length)


@given(st.integers(8, 128), st.integers(0, 2**32))
def test_every_generated_key_passes_key_problem(length: int, seed: int) -> None:
    key = generate_key(length, random.Random(seed))
    assert key_problem(key) is None
    assert len(key) == length


def test_a_key_never_starts_with_a_dash() -> None:
    class Last:
        def choice(self, seq: str) -> str:
            return seq[-1]

    key = generate_key(8, Last())
    assert key == "9-------" and key_problem(key) is None


@pytest.mark.parametrize("key", ["short", "x" * 129, "has space1", "under_score", "ünïcode12"])
def test_key_problem_refuses_bad_keys(key: str) -> None:
    assert key_problem(key)
    with pytest.raises(SitemapError):
        key_file(key)


def test_key_file_and_location() -> None:
    assert key_file(KEY) == (f"{KEY}.txt", KEY)
    assert key_location_url("https://www.example.com", KEY) == f"{SITE}{KEY}.txt"
    assert key_location_url("https://example.com/shop", KEY) == (
        f"https://example.com/shop/{KEY}.txt")
    assert key_location_url("https://example.com/shop/?q=1#x", KEY) == (
        f"https://example.com/shop/{KEY}.txt")
    with pytest.raises(SitemapError):
        key_location_url("/relative/", KEY)


# --- GET links ----------------------------------------------------------------------------------

TRICKY = "https://www.example.com/a b/ü?x=1&y=a=b&z=%41%2F#frag/part~-._"


def _query(link: str) -> dict[str, str]:
    query = link.split("?", 1)[1]
    return {name: value for name, value in (pair.split("=", 1) for pair in query.split("&"))}


def test_get_link_encodes_every_reserved_character() -> None:
    link = get_link(ENDPOINT, TRICKY, KEY, f"{SITE}{KEY}.txt")
    assert link.startswith(ENDPOINT + "?url=")
    values = _query(link)
    assert set(values) == {"url", "key", "keyLocation"}
    assert re.fullmatch(r"[A-Za-z0-9\-._~%]+", values["url"])
    assert unquote(values["url"]) == TRICKY
    assert "%25" in values["url"]  # an escape already present is escaped again
    assert values["url"].endswith("~-._")  # unreserved characters stay
    assert "%C3%BC" in values["url"] and "%20" in values["url"]
    assert unquote(values["keyLocation"]) == f"{SITE}{KEY}.txt"


@given(st.text(st.characters(exclude_categories=("Cs",)), max_size=80))
def test_get_link_round_trips_any_url(url: str) -> None:
    values = _query(get_link(ENDPOINT, url, KEY))
    assert re.fullmatch(r"[A-Za-z0-9\-._~%]*", values["url"])
    assert unquote(values["url"], errors="strict") == url


def test_get_link_appends_to_an_endpoint_with_a_query_and_refuses_bad_input() -> None:
    assert get_link(f"{ENDPOINT}?a=1", SITE, KEY).startswith(f"{ENDPOINT}?a=1&url=")
    with pytest.raises(SitemapError):
        get_link("ftp://example.com/", SITE, KEY)
    with pytest.raises(SitemapError):
        get_link(ENDPOINT, SITE, "bad key")


# --- batches ------------------------------------------------------------------------------------


def test_batches_split_at_ten_thousand_and_by_host() -> None:
    urls = [f"https://b.example.com/{n}" for n in range(25_001)]
    urls += ["https://a.example.com/x", "http://A.Example.com:8080/y"]
    found = batches(urls, KEY, "https://b.example.com/key.txt")
    assert [(b["host"], len(b["urlList"])) for b in found] == [
        ("a.example.com", 2), ("b.example.com", 10_000), ("b.example.com", 10_000),
        ("b.example.com", 5_001)]
    assert MAX_URLS_PER_BATCH == 10_000
    assert list(found[1]) == ["host", "key", "keyLocation", "urlList"]
    assert "keyLocation" not in found[0]  # a key location only counts on its own host
    assert found[1]["urlList"][0] == "https://b.example.com/0"
    assert found[3]["urlList"][-1] == "https://b.example.com/25000"
    assert found == batches(urls, KEY, "https://b.example.com/key.txt")


def test_batches_drop_repeated_urls_and_refuse_relative_ones() -> None:
    found = batches(["https://x.org/a", "HTTPS://X.ORG/a", "https://x.org/b"], KEY)
    assert found == [{"host": "x.org", "key": KEY, "urlList": ["https://x.org/a",
                                                                "https://x.org/b"]}]
    for bad in ("/relative", "javascript:alert(1)", "mailto:a@x.org"):
        with pytest.raises(SitemapError):
            batches([bad], KEY)


def test_batches_name_idn_hosts_in_punycode() -> None:
    assert batches(["https://bücher.example/a"], KEY)[0]["host"] == "xn--bcher-kva.example"


def test_write_kit_writes_the_key_and_json_and_removes_stale_batches(tmp_path) -> None:
    out = tmp_path / "kit"
    found = batches([f"https://a.example/{n}" for n in range(3)] + ["https://b.example/"],
                    KEY, max_urls=2)
    written = write_kit(out, KEY, found)
    assert (out / f"{KEY}.txt").read_text("ascii") == KEY
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"{KEY}.txt", "indexnow-batch-a.example-1.json",
                     "indexnow-batch-a.example-2.json", "indexnow-batch-b.example-1.json"]
    assert json.loads((out / "indexnow-batch-a.example-2.json").read_text("utf-8")) == found[1]
    assert len(written.batch_files) == 3 and written.removed == []
    (out / "notes.json").write_text("{}")
    again = write_kit(out, KEY, found[:1])
    assert [p.rsplit("/", 1)[-1] for p in again.removed] == [
        "indexnow-batch-a.example-2.json", "indexnow-batch-b.example-1.json"]
    assert (out / "notes.json").exists()


def test_write_kit_keeps_odd_hosts_inside_the_folder(tmp_path) -> None:
    written = write_kit(tmp_path, KEY, [{"host": "../../evil/x", "key": KEY, "urlList": []},
                                       {"host": "::1", "key": KEY, "urlList": []}])
    for path in written.batch_files:
        assert (tmp_path / path.rsplit("/", 1)[-1]).exists()
    assert sorted(p.name for p in tmp_path.iterdir())[1:] == [
        "indexnow-batch-.._.._evil_x-1.json", "indexnow-batch-__1-1.json"]


# --- legacy ping --------------------------------------------------------------------------------


def test_ping_links_are_encoded_and_labelled_retired() -> None:
    google, bing = ping_links("https://www.example.com/sitemap-ü.xml?a=1&b=2")
    # The parameter carries the URL in its URI form (as written in robots.txt and the index:
    # sitemap-%C3%BC.xml), itself encoded as a query value.
    encoded = "https%3A%2F%2Fwww.example.com%2Fsitemap-%25C3%25BC.xml%3Fa%3D1%26b%3D2"
    assert (google.engine, google.url) == ("Google",
                                           f"https://www.google.com/ping?sitemap={encoded}")
    assert (bing.engine, bing.url) == ("Bing", f"https://www.bing.com/ping?sitemap={encoded}")
    assert google.status_note == "retired: Google's endpoint has returned 404 since 2023"
    assert bing.status_note == "retired: Bing's endpoint has returned 410 since 2022"
    assert "robots.txt" in LIVE_ROUTES and "IndexNow" in LIVE_ROUTES
    assert "Search Console" in LIVE_ROUTES and "Bing Webmaster Tools" in LIVE_ROUTES


def test_ping_links_refuse_relative_sitemaps() -> None:
    with pytest.raises(SitemapError):
        ping_links("/sitemap.xml")


# --- submitting ---------------------------------------------------------------------------------

BATCH = {"host": "www.example.com", "key": KEY, "keyLocation": f"{SITE}{KEY}.txt",
         "urlList": [f"{SITE}ü?a=1&b=2", f"{SITE}x"]}
MEANINGS = {200: "submitted", 202: "not validated yet", 400: "not in a valid format",
            403: "key file", 422: "do not belong to the host", 429: "slow down",
            500: "Try again later"}


def test_submit_explains_every_response_and_sends_the_exact_json() -> None:
    replies = Replies([(status, b'{"error": "x"}', {}) for status in MEANINGS])
    with local_server(replies) as endpoint:
        results = [submit(endpoint, BATCH, timeout=5) for _ in MEANINGS]
    for (status, words), result in zip(MEANINGS.items(), results, strict=True):
        assert result.status == status
        assert words in result.meaning
        assert result.body_excerpt == '{"error": "x"}'
        assert result.accepted == (status in (200, 202))
    assert len(replies.received) == len(MEANINGS)
    for request in replies.received:
        assert request.method == "POST" and request.path == "/indexnow"
        assert request.headers["Content-Type"] == "application/json; charset=utf-8"
        assert request.body == json.dumps(BATCH, ensure_ascii=False).encode("utf-8")
        assert json.loads(request.body) == BATCH


def test_submit_does_not_follow_redirects() -> None:
    replies = Replies([(301, b"", {"Location": "file:///etc/passwd"}),
                       (307, b"", {"Location": "http://127.0.0.1:1/elsewhere"})])
    with local_server(replies) as endpoint:
        moved = submit(endpoint, BATCH, timeout=5)
        temporary = submit(endpoint, BATCH, timeout=5)
    assert moved.status == 301 and "file:///etc/passwd" in moved.meaning
    assert "nothing was submitted" in moved.meaning
    assert temporary.status == 307
    assert len(replies.received) == 2


def test_submit_reports_a_refused_connection() -> None:
    result = submit(closed_port_url(), BATCH, timeout=5)
    assert result.status is None and "refused" in result.meaning


def test_submit_reports_a_timeout() -> None:
    with silent_server() as endpoint:
        result = submit(endpoint, BATCH, timeout=0.5)
    assert result.status is None and "within 0.5 seconds" in result.meaning


def test_submit_reports_an_unknown_host(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_host(*args: object, **kwargs: object) -> socket.socket:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "create_connection", no_such_host)
    result = submit("https://indexnow.invalid/indexnow", BATCH)
    assert result.status is None and "could not be found" in result.meaning


def test_submit_refuses_other_schemes_without_connecting() -> None:
    result = submit("file:///etc/passwd", BATCH)
    assert result.status is None and result.meaning.startswith("not sent")


@pytest.mark.parametrize(("text", "lines", "who"), [
    ("User-agent: *\nDisallow: /\n", [2], "every crawler (User-agent: *)"),
    ("Disallow: /*   # everything\n", [1], "every crawler"),
    ("User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /\n\nUser-agent: *\nDisallow:\n",
     [3], "Googlebot, Bingbot"),
    ("User-agent: *\nDisallow: /private\nDisallow:\n", [], ""),
    ("User-agent: *\nDisallow: /\nAllow: /public/\n", [], ""),  # Allow opens part of the site
])
def test_disallow_all_is_reported(text: str, lines: list[int], who: str) -> None:
    found = [f for f in check_robots(text, [], None) if f.code == "robots-disallow-all"]
    assert [f.line for f in found] == lines
    assert all(who in f.message and "whole site" in f.message for f in found)
