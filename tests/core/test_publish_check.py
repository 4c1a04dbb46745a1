"""Check Live Site against a real HTTP server on 127.0.0.1: every problem, good and bad variants.

Each test serves a small site (robots.txt, an index, sitemaps) and asserts
the problems the report names, by code and by Search Console's words, with
their evidence.
"""

from __future__ import annotations

import gzip
import socket
import threading

import pytest
from helpers.local_http import closed_port_url, guard_network
from helpers.site_server import Route, Site, gzipped, sitemapindex, urlset

from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.publish_check import (
    Code,
    FileCheck,
    LiveCheckOptions,
    LiveReport,
    check_urls,
    report_lines,
)

SHORT = 1.0
XML = {"Content-Type": "application/xml"}


def robots(site: Site, *lines: str, rules: str = "User-agent: *\nAllow: /\n") -> None:
    body = rules + "".join(f"Sitemap: {site.url(line)}\n" for line in lines)
    site.routes["/robots.txt"] = Route(body=body.encode(), headers={"Content-Type": "text/plain"})


def serve(site: Site, path: str, body: bytes, headers: dict[str, str] | None = None) -> str:
    site.routes[path] = Route(body=body, headers=dict(XML if headers is None else headers))
    return site.url(path)


def check(url: str, timeout: float = SHORT, *, allow_private: bool = True) -> LiveReport:
    return check_urls([url], LiveCheckOptions(allow_private, timeout))


def codes(item: FileCheck) -> list[Code]:
    return [problem.code for problem in item.problems]


def only(report: LiveReport, url: str) -> FileCheck:
    return next(item for item in report.files if item.url == url)


def a_good_site(site: Site) -> str:
    """An index with a gzip file and a sitemap served with gzip Content-Encoding."""
    robots(site, "/sitemaps/index.xml")
    one = site.url("/sitemaps/one.xml.gz")
    two = site.url("/sitemaps/two.xml")
    serve(site, "/sitemaps/one.xml.gz", gzipped(urlset(site.url("/sitemaps/a"),
                                                        site.url("/sitemaps/b"))),
          {"Content-Type": "application/gzip"})
    serve(site, "/sitemaps/two.xml", gzipped(urlset(site.url("/sitemaps/c"))),
          {"Content-Type": "application/xml", "Content-Encoding": "gzip"})
    return serve(site, "/sitemaps/index.xml", sitemapindex(one, two))


def test_a_healthy_index_and_its_children_pass(site: Site) -> None:
    report = check(a_good_site(site))
    assert [item.ok for item in report.files] == [True, True, True], report_lines(report)
    index, one, two = report.files
    assert (index.kind, index.urls, one.kind, one.urls, two.urls) == ("sitemapindex", 2,
                                                                      "urlset", 2, 1)
    assert one.parent == index.url and one.raw_bytes is not None
    assert one.uncompressed_bytes > one.raw_bytes
    assert report.ok and report.anything_fetched and report.matches_project is None
    assert all("SitemapStudio/" in agent for agent in site.user_agents)
    assert site.requests.count("/robots.txt") == 1  # once per site
    assert report_lines(report)[-1] == "3 files checked, 0 with problems"


@pytest.mark.parametrize("status", [404, 403, 500, 503])
def test_an_error_status_is_couldnt_fetch(site: Site, status: int) -> None:
    robots(site, "/s.xml")
    site.routes["/s.xml"] = Route(status, b"no")
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.COULDNT_FETCH] and item.problems[0].title == "Couldn't fetch"
    assert f"HTTP {status}" in item.problems[0].evidence and not item.fetched


def test_no_answer_at_all_is_couldnt_fetch_with_the_reason(site: Site) -> None:
    refused = check(closed_port_url())
    assert not refused.anything_fetched
    assert "connection refused" in refused.files[0].problems[0].message

    robots(site, "/slow.xml")
    site.routes["/slow.xml"] = Route(stall=True)
    slow = check(site.url("/slow.xml"), 0.3)
    assert codes(slow.files[0]) == [Code.COULDNT_FETCH]
    assert "timed out" in slow.files[0].problems[0].message


def test_a_tls_failure_is_couldnt_fetch(site: Site) -> None:
    robots(site, "/s.xml")
    serve(site, "/s.xml", urlset(site.url("/a")))
    secure = site.url("/s.xml").replace("http://", "https://")  # TLS to a plain HTTP server
    item = check(secure).files[0]
    assert codes(item) == [Code.COULDNT_FETCH]
    assert "secure connection" in item.problems[0].message


def test_an_unknown_host_is_couldnt_fetch(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_host(host: str, *args: object, **kwargs: object) -> list[object]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    guard_network(monkeypatch)
    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    report = check("https://sitemaps.no-such-host.test/index.xml", allow_private=False)
    item = report.files[0]
    assert codes(item) == [Code.COULDNT_FETCH] and "DNS" in item.problems[0].message
    assert not report.anything_fetched


def test_private_addresses_are_refused_unless_allowed(site: Site) -> None:
    robots(site, "/s.xml")
    serve(site, "/s.xml", urlset(site.url("/a")))
    refused = check(site.url("/s.xml"), allow_private=False)
    item = refused.files[0]
    assert codes(item) == [Code.NOT_FETCHED_PRIVATE]
    assert "--allow-private" in item.problems[0].message
    assert site.requests == []  # not even robots.txt was asked
    assert check(site.url("/s.xml")).ok


def test_a_redirect_is_reported_with_its_hops_and_the_target_checked(site: Site) -> None:
    robots(site, "/new.xml")
    site.routes["/old.xml"] = Route(301, headers={"Location": "/new.xml"})
    serve(site, "/new.xml", urlset(site.url("/a")))
    item = check(site.url("/old.xml")).files[0]
    assert codes(item) == [Code.REDIRECTED] and item.problems[0].title == "Redirected"
    assert f"{site.url('/old.xml')} (301) -> {site.url('/new.xml')}" == item.problems[0].evidence
    assert item.fetched and item.urls == 1  # robots.txt names the final URL: no line problem


def test_robots_txt_blocking_googlebot_is_reported(site: Site) -> None:
    robots(site, "/private/s.xml", rules="User-agent: Googlebot\nDisallow: /private/\n")
    serve(site, "/private/s.xml", urlset(site.url("/private/a")))
    item = check(site.url("/private/s.xml")).files[0]
    assert codes(item) == [Code.ROBOTS_BLOCKED] and item.problems[0].title == \
        "Blocked by robots.txt"
    assert "Disallow: /private/" in item.problems[0].evidence
    assert item.fetched  # allowed for us, so its content is judged too


def test_a_url_disallowed_for_everyone_is_not_fetched(site: Site) -> None:
    robots(site, "/s.xml", rules="User-agent: *\nDisallow: /\n")
    serve(site, "/s.xml", urlset(site.url("/a")))
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.ROBOTS_BLOCKED] and "/s.xml" not in site.requests


def test_a_failing_robots_txt_stops_the_crawl(site: Site) -> None:
    site.routes["/robots.txt"] = Route(503, b"busy")
    serve(site, "/s.xml", urlset(site.url("/a")))
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.ROBOTS_UNREACHABLE] and "HTTP 503" in item.problems[0].evidence
    assert "/s.xml" not in site.requests


def test_the_robots_sitemap_line_missing_or_elsewhere(site: Site) -> None:
    serve(site, "/s.xml", urlset(site.url("/a")))
    missing = check(site.url("/s.xml")).files[0]  # robots.txt answers 404
    assert codes(missing) == [Code.NO_SITEMAP_LINE] and "404" in missing.problems[0].evidence
    robots(site, "/other.xml")
    elsewhere = check(site.url("/s.xml")).files[0]
    assert codes(elsewhere) == [Code.SITEMAP_LINE_ELSEWHERE]
    assert f"Sitemap: {site.url('/other.xml')}" in elsewhere.problems[0].evidence


def test_html_by_content_type_or_by_content(site: Site) -> None:
    robots(site, "/s.xml", "/page.xml")
    serve(site, "/s.xml", urlset(site.url("/a")), {"Content-Type": "text/html; charset=utf-8"})
    typed = check(site.url("/s.xml")).files[0]
    assert codes(typed) == [Code.HTML] and typed.problems[0].title == "Sitemap is HTML"
    assert typed.problems[0].evidence == "Content-Type: text/html; charset=utf-8"
    serve(site, "/page.xml", b"<!DOCTYPE html>\n<html><body><p>Our sitemap</p></body></html>\n")
    page = check(site.url("/page.xml")).files[0]
    assert codes(page) == [Code.HTML] and "line 1" in page.problems[0].evidence


def test_another_wrong_content_type(site: Site) -> None:
    robots(site, "/s.xml")
    serve(site, "/s.xml", urlset(site.url("/a")), {"Content-Type": "image/png"})
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.CONTENT_TYPE] and "image/png" in item.problems[0].evidence


@pytest.mark.parametrize("how", ["encoding-corrupt", "file-corrupt", "file-truncated",
                                 "unasked-encoding"])
def test_compression_errors(site: Site, how: str) -> None:
    robots(site, "/s.xml.gz")
    packed = gzipped(urlset(*(site.url(f"/p{n}") for n in range(200))))
    body, headers = {
        "encoding-corrupt": (packed[:20] + b"\x00" * 40 + packed[60:],
                             {"Content-Encoding": "gzip"}),
        "file-corrupt": (packed[:20] + b"\xff" * 40 + packed[60:], {}),
        "file-truncated": (packed[: len(packed) // 2], {}),
        "unasked-encoding": (packed, {"Content-Encoding": "br"}),
    }[how]
    serve(site, "/s.xml.gz", body, {"Content-Type": "application/gzip", **headers})
    item = check(site.url("/s.xml.gz")).files[0]
    assert codes(item) == [Code.COMPRESSION] and item.problems[0].title == "Compression error"


def test_not_well_formed_is_a_parsing_error_with_line_and_column(site: Site) -> None:
    robots(site, "/s.xml")
    broken = urlset(site.url("/a"), site.url("/b")).replace(b"</url>", b"</ur>", 1)
    serve(site, "/s.xml", broken)
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.PARSING] and "line 3, column" in item.problems[0].evidence


@pytest.mark.parametrize("body", [b'{"urls": ["https://a.example/"]}\n',
                                  b'<?xml version="1.0"?>\n<catalog><item/></catalog>\n'])
def test_not_a_sitemap_is_unsupported_format(site: Site, body: bytes) -> None:
    robots(site, "/s.xml")
    serve(site, "/s.xml", body)
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.UNSUPPORTED] and item.problems[0].title == "Unsupported format"


def test_over_the_url_limit(site: Site) -> None:
    robots(site, "/s.xml")
    serve(site, "/s.xml", urlset(*(site.url(f"/p{n}") for n in range(50_001))))
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.TOO_MANY_URLS] and item.urls == 50_001


@pytest.mark.parametrize("encoded", [False, True])
def test_over_the_size_limit_once_decompressed(site: Site, encoded: bool) -> None:
    robots(site, "/s.xml.gz")
    filler = b"<!--" + b" " * (52_428_800 + 10) + b"-->"
    big = urlset(site.url("/a")).replace(b"<url>", filler + b"<url>", 1)
    headers = {"Content-Encoding": "gzip"} if encoded else {}
    serve(site, "/s.xml.gz", gzip.compress(big, compresslevel=1, mtime=0),
          {"Content-Type": "application/gzip", **headers})
    item = check(site.url("/s.xml.gz")).files[0]
    assert codes(item) == [Code.SIZE_LIMIT]
    assert item.problems[0].title == "Sitemap file size limit exceeded"


def test_urls_outside_the_sitemaps_host_or_folder_are_not_allowed(site: Site) -> None:
    robots(site, "/shop/s.xml")
    serve(site, "/shop/s.xml", urlset(site.url("/shop/a"), site.url("/blog/b"),
                                      "https://elsewhere.example/c"))
    item = check(site.url("/shop/s.xml")).files[0]
    assert codes(item) == [Code.URL_NOT_ALLOWED] and item.problems[0].title == "URL not allowed"
    assert item.problems[0].message.startswith("2 of 3 entries")
    assert "line 4" in item.problems[0].evidence and "elsewhere.example" in \
        item.problems[0].evidence


def test_invalid_dates(site: Site) -> None:
    robots(site, "/s.xml")
    body = urlset(site.url("/a"), site.url("/b")).replace(
        b"</loc></url>", b"</loc><lastmod>2024-02-30</lastmod></url>", 1)
    serve(site, "/s.xml", body)
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.INVALID_DATE] and "2024-02-30" in item.problems[0].evidence


def test_nested_indexes_and_failing_children_mark_the_index(site: Site) -> None:
    robots(site, "/index.xml")
    inner = serve(site, "/inner.xml", sitemapindex(site.url("/deep.xml")))
    missing = site.url("/gone.xml")
    good = serve(site, "/good.xml", urlset(site.url("/a")))
    top = serve(site, "/index.xml", sitemapindex(inner, missing, good,
                                                 "https://elsewhere.example/x.xml"))
    report = check(top)
    assert [item.url for item in report.files] == [top, inner, missing, good]
    assert codes(only(report, inner)) == [Code.NESTED_INDEX]
    assert codes(only(report, missing)) == [Code.COULDNT_FETCH]
    assert only(report, good).ok and "/deep.xml" not in site.requests
    index = only(report, top)
    assert codes(index) == [Code.URL_NOT_ALLOWED, Code.CHILDREN_FAILED]
    assert index.problems[1].message == "2 of the 3 sitemaps it lists have problems"
    assert f"{inner}: Nested indexes" in index.problems[1].evidence


def test_a_text_sitemap_is_read_too(site: Site) -> None:
    robots(site, "/urls.txt")
    serve(site, "/urls.txt", f"{site.url('/a')}\n{site.url('/b')}\n".encode(),
          {"Content-Type": "text/plain"})
    item = check(site.url("/urls.txt")).files[0]
    assert item.ok and (item.kind, item.urls) == ("text", 2)


def test_cancel_stops_the_check(site: Site) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        check_urls([a_good_site(site)], LiveCheckOptions(allow_private=True), cancel=token)


def test_json_has_the_documented_shape(site: Site) -> None:
    serve(site, "/s.xml", urlset(site.url("/a")))
    data = check(site.url("/s.xml")).to_json()
    assert data["matches_project"] is None
    (entry,) = data["files"]
    assert entry["url"] == site.url("/s.xml") and entry["ok"] is False
    (problem,) = entry["problems"]
    assert set(problem) >= {"code", "message", "evidence"}
    assert problem["code"] == "robots-sitemap-missing" and problem["action"]


def test_a_crawl_delay_is_honoured_up_to_the_cap(site: Site) -> None:
    robots(site, "/index.xml", rules="User-agent: *\nCrawl-delay: 3600\n")
    child = serve(site, "/one.xml", urlset(site.url("/a")))
    top = serve(site, "/index.xml", sitemapindex(child))
    report = check_urls([top], LiveCheckOptions(allow_private=True, timeout=SHORT,
                                                max_crawl_delay=0.2))
    assert report.ok and site.requests == ["/robots.txt", "/index.xml", "/one.xml"]


def test_cancel_stops_a_crawl_delay_wait(site: Site) -> None:
    robots(site, "/index.xml", rules="User-agent: *\nCrawl-delay: 3600\n")
    child = serve(site, "/one.xml", urlset(site.url("/a")))
    top = serve(site, "/index.xml", sitemapindex(child))
    token = CancelToken()

    def cancel_once_the_index_is_asked() -> None:
        while "/index.xml" not in site.requests:
            site.release.wait(0.05)
        token.cancel()

    canceller = threading.Thread(target=cancel_once_the_index_is_asked, daemon=True)
    canceller.start()
    with pytest.raises(Cancelled):
        check_urls([top], LiveCheckOptions(allow_private=True, max_crawl_delay=3600),
                   cancel=token)
    canceller.join(30)
    assert "/one.xml" not in site.requests  # cancelled while waiting its turn


def test_a_robots_txt_answering_429_stops_the_crawl_too(site: Site) -> None:
    site.routes["/robots.txt"] = Route(429, b"slow down")
    serve(site, "/s.xml", urlset(site.url("/a")))
    item = check(site.url("/s.xml")).files[0]
    assert codes(item) == [Code.ROBOTS_UNREACHABLE] and "/s.xml" not in site.requests


def test_a_robots_txt_that_does_not_answer_is_reported(site: Site) -> None:
    site.routes["/robots.txt"] = Route(stall=True)
    serve(site, "/s.xml", urlset(site.url("/a")))
    item = check(site.url("/s.xml"), 0.5).files[0]
    assert codes(item) == [Code.ROBOTS_UNREACHABLE] and "timed out" in item.problems[0].evidence
    assert item.fetched and item.urls == 1
