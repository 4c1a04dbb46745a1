"""Fetching from a live site: bounded GETs, discovery from robots.txt, sitemaps with children.

Everything is served from 127.0.0.1; the network guard fails a test that
tries any other host.
"""

from __future__ import annotations

import gzip
import socket
import zlib

import pytest
from helpers.local_http import closed_port_url, guard_network
from helpers.site_server import NS, Route, Site, gzipped, site_server, sitemapindex, urlset

from sitemap_studio.core.fetching.http_fetch import (
    USER_AGENT,
    Failure,
    Redirect,
    fetch,
    make_fetcher,
    network_error,
)
from sitemap_studio.core.fetching.site_fetch import (
    FROM_ROBOTS,
    WELL_KNOWN,
    discover,
    fetch_sitemaps,
    robots_sitemaps,
    site_root,
    site_url_problem,
)
from sitemap_studio.core.imports.sources import read_live_site
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken

SHORT = 0.5


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


@pytest.fixture
def site() -> Site:
    with site_server() as served:
        yield served


# --- one request --------------------------------------------------------------------------------


def test_a_plain_get_brings_the_body_and_says_who_asks(site: Site) -> None:
    site.routes["/s.xml"] = Route(body=b"<urlset/>", headers={"Content-Type": "application/xml"})
    result = fetch(site.url("/s.xml"), timeout=SHORT)
    assert result.ok and result.status == 200 and result.data == b"<urlset/>"
    assert result.content_type == "application/xml"
    assert result.describe() == "HTTP 200 OK"
    assert site.user_agents == [USER_AGENT] and USER_AGENT.startswith("SitemapStudio/")


def test_an_error_status_has_no_body(site: Site) -> None:
    result = fetch(site.url("/missing.xml"), timeout=SHORT)
    assert not result.ok and result.status == 404 and result.data is None
    assert result.describe() == "HTTP 404 Not Found"


def test_redirects_are_followed_checked_and_bounded(site: Site) -> None:
    site.routes["/old"] = Route(301, headers={"Location": "/new"})
    site.routes["/new"] = Route(body=b"moved here")
    result = fetch(site.url("/old"), timeout=SHORT)
    assert result.ok and result.data == b"moved here" and result.final_url == site.url("/new")

    site.routes["/loop"] = Route(302, headers={"Location": "/loop"})
    looped = fetch(site.url("/loop"), timeout=SHORT, max_redirects=3)
    assert not looped.ok and "too many redirects (more than 3)" in looped.error
    assert site.requests.count("/loop") == 4

    site.routes["/elsewhere"] = Route(302, headers={"Location": "file:///etc/passwd"})
    refused = fetch(site.url("/elsewhere"), timeout=SHORT)
    assert not refused.ok and refused.status == 302
    assert "redirect to file:///etc/passwd refused" in refused.error

    site.routes["/nowhere"] = Route(302)
    assert "without a Location" in fetch(site.url("/nowhere"), timeout=SHORT).error


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/s.xml", "file:///etc/passwd",
                                 "javascript:alert(1)", "http:///no-host"])
def test_only_http_and_https_are_fetched(url: str) -> None:
    result = fetch(url, timeout=SHORT)
    assert not result.ok and result.status is None and result.error


def test_a_slow_server_times_out(site: Site) -> None:
    site.routes["/slow.xml"] = Route(stall=True)
    result = fetch(site.url("/slow.xml"), timeout=SHORT)
    assert site.stalled.is_set()
    assert not result.ok and result.status is None
    assert result.error.startswith("timed out") and "0.5 s" in result.error


def test_a_refused_connection_is_explained() -> None:
    result = fetch(closed_port_url(), timeout=SHORT)
    assert not result.ok and result.error.startswith("connection refused")


def test_network_errors_read_like_a_webmaster_would_say_them() -> None:
    assert "DNS lookup of example.invalid failed" in network_error(
        socket.gaierror(-2, "Name or service not known"), "example.invalid", 10)
    assert network_error(TimeoutError(), "h", 2.5) == "timed out: no answer from h within 2.5 s"


@pytest.mark.parametrize("length", [True, False])
def test_an_oversize_body_is_refused(site: Site, length: bool) -> None:
    site.routes["/big.xml"] = Route(body=b"x" * 5000, length=length)
    result = fetch(site.url("/big.xml"), timeout=SHORT, max_bytes=1000)
    assert not result.ok and result.data is None and result.status == 200
    assert "too big: more than the limit of 1,000 bytes" in result.error
    assert fetch(site.url("/big.xml"), timeout=SHORT, max_bytes=5000).ok


def test_gzip_content_encoding_is_inflated_within_the_cap(site: Site) -> None:
    body = urlset("https://example.com/")
    site.routes["/enc.xml"] = Route(body=gzip.compress(body), headers={"Content-Encoding": "gzip"})
    result = fetch(site.url("/enc.xml"), timeout=SHORT)
    assert result.ok and result.data == body

    site.routes["/bomb.xml"] = Route(body=gzip.compress(b"\0" * 200_000),
                                     headers={"Content-Encoding": "gzip"})
    bomb = fetch(site.url("/bomb.xml"), timeout=SHORT, max_bytes=10_000)
    assert len(gzip.compress(b"\0" * 200_000)) < 10_000
    assert not bomb.ok and "once inflated" in bomb.error

    site.routes["/cut.xml"] = Route(body=gzip.compress(body)[:-12],
                                    headers={"Content-Encoding": "gzip"})
    assert "truncated" in fetch(site.url("/cut.xml"), timeout=SHORT).error
    site.routes["/br.xml"] = Route(body=zlib.compress(body), headers={"Content-Encoding": "br"})
    assert "'br' Content-Encoding" in fetch(site.url("/br.xml"), timeout=SHORT).error


def test_a_cancelled_fetch_raises(site: Site) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        fetch(site.url("/s.xml"), timeout=SHORT, cancel=token)
    assert site.requests == []


# --- discovery ----------------------------------------------------------------------------------


def test_site_addresses() -> None:
    assert site_root("example.com/shop/page") == "https://example.com/"
    assert site_root("HTTP://Example.com:8080/x") == "http://Example.com:8080/"
    assert site_url_problem("") is not None
    assert "ftp" in site_url_problem("ftp://example.com/")
    assert site_url_problem("https://www.example.com") is None


def test_robots_sitemap_lines_resolved_and_listed_once() -> None:
    robots = (b"User-agent: *\nDisallow: /private\nSitemap: https://example.com/a.xml\n"
              b"sitemap:/b.xml # relative\nSITEMAP : https://example.com/a.xml\n")
    assert robots_sitemaps(robots, "https://example.com/robots.txt") == [
        "https://example.com/a.xml", "https://example.com/b.xml"]


def test_discover_lists_robots_sitemaps_then_well_known_places(site: Site) -> None:
    site.routes["/robots.txt"] = Route(body=(
        f"User-agent: *\nSitemap: {site.url('/index.xml')}\nSitemap: {site.url('/sitemap.xml')}\n"
    ).encode())
    found = discover(site.base + "/some/page", make_fetcher(timeout=SHORT))
    assert found.site_url == site.url("/") and found.robots.ok
    assert [(c.url, c.source) for c in found.candidates] == [
        (site.url("/index.xml"), FROM_ROBOTS), (site.url("/sitemap.xml"), FROM_ROBOTS),
        (site.url("/sitemap_index.xml"), WELL_KNOWN), (site.url("/sitemap-index.xml"), WELL_KNOWN),
        (site.url("/sitemap.xml.gz"), WELL_KNOWN), (site.url("/wp-sitemap.xml"), WELL_KNOWN)]
    assert site.requests == ["/robots.txt"]  # discovery fetches nothing else


def test_discover_without_robots_offers_the_well_known_places(site: Site) -> None:
    found = discover(site.base, make_fetcher(timeout=SHORT))
    assert found.robots.status == 404
    assert {c.source for c in found.candidates} == {WELL_KNOWN} and len(found.candidates) == 5


# --- fetching sitemaps and their children -------------------------------------------------------


def serve_site(site: Site) -> None:
    """robots.txt -> an index with a gzip child, a 404, a slow one, a redirect, and more."""
    page = site.url
    site.routes["/robots.txt"] = Route(body=f"User-agent: *\nSitemap: {page('/index.xml')}\n"
                                       .encode())
    site.routes["/index.xml"] = Route(body=sitemapindex(
        page("/pages.xml.gz"), page("/missing.xml"), page("/slow.xml"), page("/moved.xml"),
        "https://elsewhere.example/s.xml", page("/broken.xml"), page("/nested.xml"),
        page("/pages.xml.gz")))
    site.routes["/pages.xml.gz"] = Route(body=gzipped(urlset(page("/a"), page("/b"))),
                                         headers={"Content-Type": "application/gzip"})
    site.routes["/slow.xml"] = Route(stall=True)
    site.routes["/moved.xml"] = Route(301, headers={"Location": "/moved-here.xml"})
    site.routes["/moved-here.xml"] = Route(body=urlset(page("/c")).replace(  # no namespace
        f' xmlns="{NS}"'.encode(), b""))
    site.routes["/broken.xml"] = Route(body=b'<?xml version="1.0"?>\n<urlset xmlns="x">\n'
                                       b"<url><loc>a & b</loc></url></urlset>")
    site.routes["/nested.xml"] = Route(body=sitemapindex(page("/deeper.xml")))
    site.routes["/deeper.xml"] = Route(body=sitemapindex(page("/deepest.xml")))
    site.routes["/deepest.xml"] = Route(body=urlset(page("/never")))


def test_fetch_sitemaps_follows_an_index_and_reports_every_url(site: Site) -> None:
    serve_site(site)
    seen = []
    outcome = fetch_sitemaps([site.url("/index.xml")], make_fetcher(timeout=SHORT),
                             on_status=seen.append)
    assert seen == outcome.statuses
    lines = {status.url.removeprefix(site.base): status for status in outcome.statuses}
    assert lines["/index.xml"].ok and "sitemap index, 8 sitemaps" in lines["/index.xml"].message
    assert lines["/pages.xml.gz"].ok and lines["/pages.xml.gz"].entries == 2
    assert lines["/missing.xml"].message == "HTTP 404 Not Found"
    assert lines["/slow.xml"].message.startswith("timed out")
    assert "redirected to" in lines["/moved.xml"].message and lines["/moved.xml"].entries == 1
    broken = lines["/broken.xml"].message
    assert not lines["/broken.xml"].ok and "'&'" in broken and "(line 3, column" in broken
    other = lines["https://elsewhere.example/s.xml"]
    assert not other.fetched and "another host" in other.message
    assert lines["/deeper.xml"].depth == 2 and lines["/deeper.xml"].ok
    assert not lines["/deepest.xml"].fetched and "more than 2 index levels" in \
        lines["/deepest.xml"].message
    assert "/deepest.xml" not in site.requests
    assert site.requests.count("/pages.xml.gz") == 1  # listed twice, fetched once
    assert [e.loc for e in outcome.entries] == [site.url("/a"), site.url("/b"), site.url("/c")]
    assert {e.id for e in outcome.entries} == {-1}
    assert outcome.sitemaps == 8  # /deepest.xml and the other host's are not fetched


def test_fetch_sitemaps_stops_at_the_count_limit(site: Site) -> None:
    site.routes["/index.xml"] = Route(body=sitemapindex(*[site.url(f"/{n}.xml")
                                                          for n in range(5)]))
    for n in range(5):
        site.routes[f"/{n}.xml"] = Route(body=urlset(site.url(f"/p{n}")))
    outcome = fetch_sitemaps([site.url("/index.xml")], make_fetcher(timeout=SHORT),
                             max_sitemaps=3)
    assert outcome.sitemaps == 3 and len(outcome.entries) == 2
    assert "3 more sitemaps than the limit of 3" in outcome.statuses[-1].message


def test_fetch_sitemaps_caps_entries_over_all_sitemaps(site: Site) -> None:
    site.routes["/s.xml"] = Route(body=urlset(*[site.url(f"/{n}") for n in range(3)]))
    site.routes["/t.xml"] = Route(body=urlset(*[site.url(f"/t{n}") for n in range(3)]))
    site.routes["/u.xml"] = Route(body=urlset(*[site.url(f"/u{n}") for n in range(5)]))
    outcome = fetch_sitemaps([site.url("/s.xml"), site.url("/t.xml"), site.url("/u.xml")],
                             make_fetcher(timeout=SHORT), limits=Limits(max_entries=4))
    assert len(outcome.entries) == 4
    assert "1 URL; 2 more left out" in outcome.statuses[1].message
    assert "more than 4 entries" in outcome.statuses[2].message  # the loader's own cap


def test_fetch_sitemaps_can_be_cancelled_between_urls(site: Site) -> None:
    site.routes["/a.xml"] = Route(body=urlset(site.url("/a")))
    token = CancelToken()
    with pytest.raises(Cancelled):
        fetch_sitemaps([site.url("/a.xml"), site.url("/b.xml")], make_fetcher(timeout=SHORT),
                       cancel=token, on_status=lambda status: token.cancel())
    assert site.requests == ["/a.xml"]


def test_read_live_site_gives_a_batch_with_findings_and_failures(site: Site) -> None:
    serve_site(site)
    batch = read_live_site([site.url("/index.xml")], site.url("/"), timeout=SHORT)
    assert len(batch.entries) == 3 and site.url("/") in batch.description
    assert "8 sitemaps fetched" in batch.description
    failed = [p.message for p in batch.problems if p.code == "import-url-failed"]
    expected = [site.url("/missing.xml"), site.url("/slow.xml"),
                "https://elsewhere.example/s.xml", site.url("/broken.xml"),
                site.url("/deepest.xml")]
    assert sorted(message.split(": ", 1)[0] for message in failed) == sorted(expected)
    assert any(p.code == "namespace-missing" and p.message.startswith("moved-here.xml: ")
               for p in batch.problems)  # a reading note of a child, naming it


# --- under the private-address rule, and what a fetch records -----------------------------------


def test_a_private_host_is_refused_before_any_request(site: Site) -> None:
    site.routes["/s.xml"] = Route(body=b"<urlset/>")
    refused = fetch(site.url("/s.xml"), timeout=SHORT, allow_private=False)
    assert not refused.ok and refused.failure == Failure.PRIVATE
    assert "127.0.0.1 is a loopback address" in refused.error and "--allow-private" in refused.error
    assert site.requests == []
    assert fetch(site.url("/s.xml"), timeout=SHORT).ok  # the default: as the import always did


def test_the_address_connected_to_is_checked_again(site: Site,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A name judged public before the request may resolve to a private address at connect."""
    from sitemap_studio.core.fetching import http_fetch

    site.routes["/s.xml"] = Route(body=b"<urlset/>")
    monkeypatch.setattr(http_fetch, "host_refusal", lambda *args, **kwargs: None)
    refused = fetch(site.url("/s.xml"), timeout=SHORT, allow_private=False)
    assert not refused.ok and refused.failure == Failure.PRIVATE and site.requests == []
    assert "a loopback address" in refused.error


def test_redirects_content_encoding_and_sizes_are_recorded(site: Site) -> None:
    body = gzipped(b"<urlset>" + b" " * 5000 + b"</urlset>")
    site.routes["/old"] = Route(301, headers={"Location": "/mid"})
    site.routes["/mid"] = Route(302, headers={"Location": site.url("/s.xml")})
    site.routes["/s.xml"] = Route(body=body, headers={"Content-Encoding": "gzip"})
    result = fetch(site.url("/old"), timeout=SHORT)
    assert result.ok and result.redirects == (Redirect(site.url("/old"), 301, "/mid"),
                                              Redirect(site.url("/mid"), 302, site.url("/s.xml")))
    assert (result.content_encoding, result.raw_bytes, len(result.data)) == (
        "gzip", len(body), 5017)


@pytest.mark.parametrize(("route", "failure"), [
    (Route(404, b"no"), Failure.STATUS),
    (Route(body=b"\x1f\x8b\x08\x00broken", headers={"Content-Encoding": "gzip"}),
     Failure.ENCODING),
    (Route(body=b"x" * 100), Failure.TOO_BIG),
])
def test_each_failure_has_its_kind(site: Site, route: Route, failure: str) -> None:
    site.routes["/f"] = route
    result = make_fetcher(timeout=SHORT, max_bytes=50)(site.url("/f"))
    assert not result.ok and result.failure == failure
