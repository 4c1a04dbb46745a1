"""robots.txt as Google reads it: groups by product token, longest match, wildcards, ties."""

from __future__ import annotations

import gzip
import itertools
import time

import pytest
from aiohttp import web
from helpers.audit_server import Audit, AuditSite, codes, page, redirect

from sitemap_studio.core.audit import Verdict


def robots(text: str, status: int = 200) -> web.RequestHandler:
    return page(text, status=status, content_type="text/plain")  # type: ignore[return-value]


RULES = """\
User-agent: *
Disallow: /shop
Allow: /shop/open
Disallow: /*.pdf$
Allow: /tie
Disallow: /tie

User-agent: otherbot
Disallow: /
"""


@pytest.mark.parametrize(("path", "blocked"), [
    ("/", False),
    ("/shop", True),
    ("/shop/closed", True),
    ("/shop/open", False),        # the longer Allow wins
    ("/shop/open/deeper", False),
    ("/file.pdf", True),          # * and $
    ("/dir/file.pdf", True),
    ("/file.pdf?page=2", False),  # $ anchors the end
    ("/file.pdfx", False),
    ("/tie", False),              # Allow beats Disallow of the same length
])
def test_googles_matching_rules(site: AuditSite, audit: Audit, path: str, blocked: bool) -> None:
    site["/robots.txt"] = robots(RULES)
    site.routes.setdefault(path.split("?")[0], page())
    [result] = audit(site.url(path))
    assert result.robots_blocked is blocked
    assert result.verdict is (Verdict.BLOCKED if blocked else Verdict.INDEXABLE)


GROUPS = """\
User-agent: *
Disallow: /everyone-else

User-agent: SitemapStudio
Disallow: /not-for-studio
"""


@pytest.mark.parametrize(("agent", "blocked_path"), [
    (None, "/not-for-studio"),                     # the app's own group, not *
    ("sitemapstudio/9 (tests)", "/not-for-studio"),  # product tokens match in any case
    ("SomeBot/1.0", "/everyone-else"),            # no group of its own: *
])
def test_the_group_of_the_product_token_else_star(site: AuditSite, audit: Audit,
                                                  agent: str | None, blocked_path: str) -> None:
    site["/robots.txt"] = robots(GROUPS)
    site["/not-for-studio"] = page()
    site["/everyone-else"] = page()
    changes = {"user_agent": agent} if agent else {}
    results = audit(site.url("/not-for-studio"), site.url("/everyone-else"), **changes)
    blocked = [result.url for result in results if result.verdict is Verdict.BLOCKED]
    assert blocked == [site.url(blocked_path)]


@pytest.mark.parametrize("status", [404, 403, 410])
def test_a_missing_robots_txt_allows_everything(site: AuditSite, audit: Audit,
                                                status: int) -> None:
    site["/robots.txt"] = robots("User-agent: *\nDisallow: /\n", status)
    site["/a"] = page()
    [result] = audit(site.url("/a"))
    assert result.verdict is Verdict.INDEXABLE


@pytest.mark.parametrize("status", [500, 503])
def test_a_failing_robots_txt_blocks_the_site_and_says_why(site: AuditSite, audit: Audit,
                                                           status: int) -> None:
    site["/robots.txt"] = page(status=status, headers={"Retry-After": "0"})
    site["/a"] = page()
    [result] = audit(site.url("/a"))
    assert result.verdict is Verdict.BLOCKED and result.robots_blocked
    assert f"answered {status}" in result.findings[0].message
    assert site.methods("/a") == []


def test_robots_txt_redirects_are_followed(site: AuditSite, audit: Audit) -> None:
    site["/robots.txt"] = redirect("/real-robots.txt")
    site["/real-robots.txt"] = robots("User-agent: *\nDisallow: /no\n")
    site["/no"] = page()
    [result] = audit(site.url("/no"))
    assert result.verdict is Verdict.BLOCKED


def test_robots_txt_is_fetched_once_per_site(site: AuditSite, other_site: AuditSite,
                                             audit: Audit) -> None:
    for served in (site, other_site):
        served["/robots.txt"] = robots("User-agent: *\nAllow: /\n")
    urls = [served.url(f"/page{number}") for number in range(10) for served in (site, other_site)]
    audit(*urls)
    assert site.methods("/robots.txt") == ["GET"] and other_site.methods("/robots.txt") == ["GET"]


def test_a_gzip_robots_txt_with_a_bom_and_crlf(site: AuditSite, audit: Audit) -> None:
    body = gzip.compress(b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /x\r\n")

    async def handle(request: web.Request) -> web.StreamResponse:
        return web.Response(body=body, headers={"Content-Encoding": "gzip",
                                                "Content-Type": "text/plain"})

    site["/robots.txt"] = handle
    site["/x"] = page()
    [result] = audit(site.url("/x"))
    assert result.verdict is Verdict.BLOCKED


def test_crawl_delay_spaces_the_requests_to_a_host(site: AuditSite, audit: Audit) -> None:
    stamps: list[float] = []

    async def stamped(request: web.Request) -> web.StreamResponse:
        stamps.append(time.monotonic())
        return web.Response(status=404)

    site["/robots.txt"] = robots("User-agent: *\nCrawl-delay: 0.3\n")
    for number in range(4):
        site[f"/p{number}"] = stamped
    results = audit(*(site.url(f"/p{number}") for number in range(4)))
    assert [result.verdict for result in results] == [Verdict.NOT_FOUND] * 4
    # A lower bound only: a slow machine makes the gaps longer, never shorter.
    gaps = [later - earlier for earlier, later in itertools.pairwise(stamps)]
    assert len(gaps) == 3 and min(gaps) >= 0.25


def test_a_blocked_url_says_which_robots_txt_and_agent(site: AuditSite, audit: Audit) -> None:
    site["/robots.txt"] = robots("User-agent: *\nDisallow: /\n")
    [result] = audit(site.url("/x"), user_agent="Checker/1.0")
    assert codes(result) == ["robots-disallowed"]
    assert site.url("/robots.txt") in result.findings[0].message
    assert "Checker" in result.findings[0].message
