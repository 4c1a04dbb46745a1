"""Build mistakes before publishing: double slashes, placeholder hosts, an index as a urlset."""

from __future__ import annotations

import pytest

from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.core.validation.publish_checks import (
    collapse_slashes,
    double_slash_at,
    is_sitemap_file,
    placeholder_host_kind,
)

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
SITE = "https://www.harbour-bakery.co.uk"


def urlset(locs: list[str]) -> bytes:
    body = "".join(f"  <url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0"?>\n<urlset xmlns="{SM}">\n{body}</urlset>\n'.encode()


def codes(data: bytes) -> list[tuple[int | None, str, Severity]]:
    document = open_bytes(data, "sitemap.xml")
    return [(None if f.entry is None else document.row_of(f.entry) + 1, f.code, f.severity)
            for f in validate_document(document).findings()]


@pytest.mark.parametrize(("url", "at"), [
    (f"{SITE}//blog/post", len(SITE)), (f"{SITE}/blog//post", len(SITE) + 5),
    ("http://a.b.example.co//x", 21),
    (f"{SITE}/blog/post", -1), (f"{SITE}/go?to=https://other.org//x", -1),
    (f"{SITE}/page#//frag", -1), (SITE, -1)])
def test_double_slash_is_found_in_the_path_only(url: str, at: int) -> None:
    assert double_slash_at(url) == at


def test_collapsing_keeps_the_scheme_query_and_fragment() -> None:
    assert collapse_slashes(f"{SITE}//a///b/?next=//x#//y") == f"{SITE}/a/b/?next=//x#//y"


@pytest.mark.parametrize(("host", "port", "placeholder"), [
    ("example.com", None, True), ("www.example.org", None, True), ("shop.example.net", None, True),
    ("site.example", None, True), ("staging.test", None, True), ("your-site.com", None, True),
    ("yourdomain.co.uk", None, True), ("testtest", "3000", True), ("testtest", None, False),
    ("localhost", "4000", False), ("127.0.0.1", "8080", False),
    ("example-shop.com", None, False), ("examples.com", None, False),
    ("www.harbour-bakery.co.uk", None, False), ("yoursite-reviews.com", None, False)])
def test_placeholder_hosts(host: str, port: str | None, placeholder: bool) -> None:
    assert (placeholder_host_kind(host, port) is not None) is placeholder


def test_a_stray_placeholder_url_among_real_ones_is_flagged_on_its_line() -> None:
    locs = [f"{SITE}/menu/{n}" for n in range(2000)]
    locs[1500] = "https://www.example.com/menu/1500"
    locs[1700] = f"{SITE}//menu/1700"
    found = [item for item in codes(urlset(locs)) if item[2] != Severity.ERROR]
    assert found == [(1501, "loc-placeholder-host", Severity.WARNING),
                     (1701, "loc-double-slash", Severity.WARNING)]


def test_a_file_built_on_a_placeholder_site_gets_one_finding() -> None:
    locs = [f"http://testtest:3000/menu/{n}" for n in range(1000)]
    assert codes(urlset(locs)) == [(None, "site-placeholder-host", Severity.WARNING)]


@pytest.mark.parametrize(("loc", "sitemap"), [
    (f"{SITE}/post-sitemap.xml", True), (f"{SITE}/sitemaps/sitemap-2.xml.gz", True),
    (f"{SITE}/wp-sitemap-posts-post-1.xml?x=1", True), (f"{SITE}/feed.xml", False),
    (f"{SITE}/sitemap/", False), (f"{SITE}/sitemap.html", False)])
def test_sitemap_files_are_recognised(loc: str, sitemap: bool) -> None:
    assert is_sitemap_file(loc) is sitemap


def test_a_urlset_listing_only_sitemaps_looks_like_an_index() -> None:
    locs = [f"{SITE}/sitemap-{n}.xml" for n in range(40)]
    assert codes(urlset(locs)) == [(None, "urlset-lists-sitemaps", Severity.WARNING)]
    assert codes(urlset([*locs, f"{SITE}/about/"])) == []
