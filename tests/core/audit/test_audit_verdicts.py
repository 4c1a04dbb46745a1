"""Every verdict, and the precedence when several apply, against a real server on 127.0.0.1."""

from __future__ import annotations

import pytest
from helpers.audit_server import Audit, AuditSite, codes, page, redirect

from sitemap_studio.core.audit import Verdict

NOINDEX_HEAD = '<html><head><meta name="robots" content="noindex, follow"></head><body/></html>'


def canonical_page(href: str) -> str:
    return f'<html><head><link rel="canonical" href="{href}"></head><body>x</body></html>'


def test_a_plain_page_is_indexable_with_its_evidence(site: AuditSite, audit: Audit) -> None:
    site["/a"] = page(headers={"Last-Modified": "Wed, 01 May 2024 10:00:00 GMT"})
    [result] = audit(site.url("/a"))
    assert result.verdict is Verdict.INDEXABLE and result.findings == ()
    assert (result.status, result.final_status, result.final_url) == (200, 200, site.url("/a"))
    assert result.last_modified == "Wed, 01 May 2024 10:00:00 GMT"
    assert result.content_type == "text/html; charset=utf-8"
    assert result.response_ms is not None and result.response_ms >= 0
    assert (result.file, result.line) == ("sitemap.xml", 3)
    assert result.checked_at.endswith("+00:00")


@pytest.mark.parametrize(("status", "verdict", "code"), [
    (404, Verdict.NOT_FOUND, "not-found"),
    (410, Verdict.NOT_FOUND, "not-found"),
    (403, Verdict.CLIENT_ERROR, "client-error"),
    (451, Verdict.CLIENT_ERROR, "client-error"),
    (500, Verdict.SERVER_ERROR, "server-error"),
    (502, Verdict.SERVER_ERROR, "server-error"),
])
def test_error_statuses_have_their_verdict_and_no_get(site: AuditSite, audit: Audit,
                                                      status: int, verdict: Verdict,
                                                      code: str) -> None:
    site["/e"] = page(NOINDEX_HEAD, status=status)
    [result] = audit(site.url("/e"))
    assert result.verdict is verdict and result.status == status
    assert codes(result) == [code] and str(status) in result.findings[0].message
    assert site.methods("/e") == ["HEAD"]
    assert not result.noindex  # an error page's head is never read


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_any_redirect_is_a_redirect_whatever_follows(site: AuditSite, audit: Audit,
                                                    status: int) -> None:
    site["/old"] = redirect("/new", status)
    site["/new"] = page(NOINDEX_HEAD)
    [result] = audit(site.url("/old"))
    assert result.verdict is Verdict.REDIRECT
    assert (result.status, result.final_url, result.final_status) == (status, site.url("/new"),
                                                                      200)
    assert [(hop.url, hop.status, hop.location) for hop in result.redirects] == [
        (site.url("/old"), status, site.url("/new"))]
    assert "redirect" in codes(result) and site.url("/new") in result.findings[0].message
    assert site.methods("/old") == ["HEAD"]


def test_a_redirect_to_a_missing_page_is_still_a_redirect(site: AuditSite, audit: Audit) -> None:
    site["/old"] = redirect("/gone")
    [result] = audit(site.url("/old"))
    assert result.verdict is Verdict.REDIRECT and result.final_status == 404
    assert "404" in result.findings[0].message


def test_noindex_in_the_meta_tag(site: AuditSite, audit: Audit) -> None:
    site["/n"] = page(NOINDEX_HEAD)
    [result] = audit(site.url("/n"))
    assert result.verdict is Verdict.NOINDEX and result.noindex
    assert codes(result) == ["noindex"] and "meta" in result.findings[0].message
    assert site.methods("/n") == ["HEAD", "GET"]


@pytest.mark.parametrize(("name", "content", "noindex"), [
    ("robots", "NOINDEX", True),
    ("robots", "none", True),
    ("googlebot", "noindex", True),
    ("SitemapStudio", "noindex", True),
    ("bingbot", "noindex", False),
    ("robots", "index, follow", False),
    ("robots", "nofollow", False),
])
def test_which_robots_meta_tags_count(site: AuditSite, audit: Audit, name: str, content: str,
                                      noindex: bool) -> None:
    site["/m"] = page(f'<html><head><meta name="{name}" content="{content}"></head></html>')
    [result] = audit(site.url("/m"))
    assert result.noindex is noindex
    assert result.verdict is (Verdict.NOINDEX if noindex else Verdict.INDEXABLE)


@pytest.mark.parametrize(("header", "noindex"), [
    ("noindex", True),
    ("noindex, nofollow", True),
    ("none", True),
    ("googlebot: noindex", True),
    ("otherbot: noindex", False),
    ("unavailable_after: 25 Jun 2010 15:00:00 PST", False),
    ("nofollow", False),
])
def test_the_x_robots_tag_header(site: AuditSite, audit: Audit, header: str,
                                 noindex: bool) -> None:
    site["/h"] = page(headers={"X-Robots-Tag": header})
    [result] = audit(site.url("/h"))
    assert result.noindex is noindex
    assert result.verdict is (Verdict.NOINDEX if noindex else Verdict.INDEXABLE)


def test_x_robots_tag_on_a_pdf_needs_no_get(site: AuditSite, audit: Audit) -> None:
    site["/doc.pdf"] = page(b"%PDF-1.4", content_type="application/pdf",
                            headers={"X-Robots-Tag": "noindex"})
    [result] = audit(site.url("/doc.pdf"))
    assert result.verdict is Verdict.NOINDEX and "X-Robots-Tag" in result.findings[0].message
    assert site.methods("/doc.pdf") == ["HEAD"]


def test_a_canonical_elsewhere_is_canonicalised_resolved_against_the_url(
        site: AuditSite, audit: Audit) -> None:
    site["/dir/p"] = page(canonical_page("../main"))
    [result] = audit(site.url("/dir/p"))
    assert result.verdict is Verdict.CANONICALISED
    assert result.canonical == site.url("/main")
    assert codes(result) == ["canonicalised"] and site.url("/main") in result.findings[0].message


def test_a_canonical_in_the_link_header(site: AuditSite, audit: Audit) -> None:
    site["/p"] = page(headers={"Link": f'<{site.url("/main")}>; rel="canonical"'})
    site["/q"] = page(headers={"Link": '</x.css>; rel=preload, </q>; rel="canonical"'})
    first, second = audit(site.url("/p"), site.url("/q"))
    assert first.verdict is Verdict.CANONICALISED and first.canonical == site.url("/main")
    assert second.verdict is Verdict.INDEXABLE and second.canonical == site.url("/q")


@pytest.mark.parametrize("href", ["/self", "{base}/self", "{base}/self#top", "{upper}/self"])
def test_a_canonical_to_the_url_itself_is_not_canonicalised(site: AuditSite, audit: Audit,
                                                            href: str) -> None:
    upper = site.base.replace("http://", "HTTP://")
    site["/self"] = page(canonical_page(href.format(base=site.base, upper=upper)))
    [result] = audit(site.url("/self"))
    assert result.verdict is Verdict.INDEXABLE and result.findings == ()
    assert result.canonical is not None


def test_a_canonical_in_the_body_does_not_count(site: AuditSite, audit: Audit) -> None:
    site["/b"] = page('<html><head><title>t</title></head><body>'
                      '<link rel="canonical" href="/other"></body></html>')
    [result] = audit(site.url("/b"))
    assert result.verdict is Verdict.INDEXABLE and result.canonical is None


def test_noindex_wins_over_canonicalised(site: AuditSite, audit: Audit) -> None:
    site["/both"] = page('<html><head><meta name="robots" content="noindex">'
                         '<link rel="canonical" href="/other"></head></html>')
    [result] = audit(site.url("/both"))
    assert result.verdict is Verdict.NOINDEX and result.canonical == site.url("/other")


def test_blocked_wins_over_everything_and_nothing_is_fetched(site: AuditSite,
                                                            audit: Audit) -> None:
    site["/robots.txt"] = page("User-agent: *\nDisallow: /secret\n", content_type="text/plain")
    site["/secret"] = redirect("/elsewhere")
    site["/secret-404"] = page(NOINDEX_HEAD, status=404)
    first, second = audit(site.url("/secret"), site.url("/secret-404"))
    for result in (first, second):
        assert result.verdict is Verdict.BLOCKED and result.robots_blocked
        assert codes(result) == ["robots-disallowed"] and result.status is None
        assert "robots.txt" in result.findings[0].message
    assert site.methods("/secret") == [] and site.methods("/secret-404") == []


def test_the_status_wins_over_noindex_and_canonical(site: AuditSite, audit: Audit) -> None:
    site["/gone"] = page('<html><head><meta name="robots" content="noindex">'
                         '<link rel="canonical" href="/x"></head></html>', status=410)
    [result] = audit(site.url("/gone"))
    assert result.verdict is Verdict.NOT_FOUND and not result.noindex


def test_every_url_that_is_not_indexable_has_a_finding(site: AuditSite, audit: Audit) -> None:
    site["/robots.txt"] = page("User-agent: *\nDisallow: /b\n", content_type="text/plain")
    site["/r"] = redirect("/a")
    site["/a"] = page()
    site["/n"] = page(NOINDEX_HEAD)
    site["/c"] = page(canonical_page("/a"))
    site["/s"] = page(status=503, headers={"Retry-After": "0"})
    results = audit(*(site.url(path) for path in ("/a", "/b", "/r", "/n", "/c", "/s", "/404")),
                    "ftp://example.invalid/file")
    assert [result.verdict for result in results] == [
        Verdict.INDEXABLE, Verdict.BLOCKED, Verdict.REDIRECT, Verdict.NOINDEX,
        Verdict.CANONICALISED, Verdict.SERVER_ERROR, Verdict.NOT_FOUND, Verdict.UNREACHABLE]
    assert all(result.findings for result in results[1:])
