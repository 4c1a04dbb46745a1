"""Comparing two sides: added, removed, changed (which field) and moved URLs, local and live.

Live inputs are served from 127.0.0.1; the network guard fails a test that
tries any other host.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from helpers.local_http import guard_network
from helpers.site_server import NS, Route, Site, site_server, sitemapindex

from sitemap_studio.core.compare import compare_locations, read_side, shown_value, url_prefix
from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.progress import CancelToken

SITE = "https://www.example.com/"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


def url(path: str, lastmod: str | None = None, priority: str | None = None,
        image: str | None = None) -> str:
    parts = [f"<loc>{SITE}{path}</loc>"]
    if lastmod:
        parts.append(f"<lastmod>{lastmod}</lastmod>")
    if priority:
        parts.append(f"<priority>{priority}</priority>")
    if image:
        parts.append(f"<image:image><image:loc>{image}</image:loc></image:image>")
    return "<url>" + "".join(parts) + "</url>"


def urlset(*entries: str) -> str:
    body = "\n  ".join(entries)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
            f'xmlns:image="{IMAGE_NS}">\n  {body}\n</urlset>\n')


def write(path: Path, text: str) -> str:
    path.write_text(text, "utf-8")
    return str(path)


def test_added_removed_and_changed_name_the_fields(tmp_path: Path) -> None:
    old = write(tmp_path / "old.xml", urlset(
        url("a", "2024-01-01", "0.5"), url("b", "2024-01-01"), url("c"), url("d", image="x.png")))
    new = write(tmp_path / "new.xml", urlset(
        url("a", "2024-02-01", "0.8"), url("c"), url("d", image="y.png"), url("e")))
    result = compare_locations(old, new)
    assert result.added == [f"{SITE}e"]
    assert result.removed == [f"{SITE}b"]
    changed = {item.url: {c.name: (c.old, c.new) for c in item.fields} for item in result.changed}
    assert changed == {
        f"{SITE}a": {"lastmod": ("2024-01-01", "2024-02-01"), "priority": ("0.5", "0.8")},
        f"{SITE}d": {"images": ([{"loc": "x.png"}], [{"loc": "y.png"}])},
    }
    assert result.summary() == {"added": 1, "removed": 1, "changed": 2, "unchanged": 1,
                                "moved": 0}
    document = result.to_json()
    assert document["changed"][0] == {"url": f"{SITE}a", "fields": {
        "lastmod": ["2024-01-01", "2024-02-01"], "priority": ["0.5", "0.8"]}}
    json.dumps(document)  # all of it is JSON


def test_formatting_alone_is_no_change(tmp_path: Path) -> None:
    old = write(tmp_path / "old.xml", urlset(url("a&amp;b", "2024-01-01"), url("c", image="i")))
    new = write(tmp_path / "new.xml", urlset(
        f"<url>\n    <loc> {SITE}a&#38;b </loc>\n    <lastmod>2024-01-01</lastmod>\n  </url>",
        f"<url><loc>{SITE}c</loc><image:image>  <image:loc>i</image:loc></image:image></url>"))
    result = compare_locations(old, new)
    assert result.summary() == {"added": 0, "removed": 0, "changed": 0, "unchanged": 2,
                                "moved": 0}


def test_gzip_and_text_lists_compare_with_xml(tmp_path: Path) -> None:
    gz = tmp_path / "old.xml.gz"
    gz.write_bytes(gzip.compress(urlset(url("a"), url("b", "2024-01-01")).encode()))
    text = write(tmp_path / "new.txt", f"{SITE}a\n{SITE}b\n{SITE}c\n")
    result = compare_locations(str(gz), text)
    assert result.added == [f"{SITE}c"]
    assert [(item.url, [c.name for c in item.fields]) for item in result.changed] == [
        (f"{SITE}b", ["lastmod"])]


def _index_site(folder: Path, files: dict[str, list[str]]) -> str:
    folder.mkdir()
    for name, paths in files.items():
        write(folder / name, urlset(*(url(path) for path in paths)))
    index = sitemapindex(*(f"{SITE}{name}" for name in files))
    (folder / "sitemap-index.xml").write_bytes(index)
    return str(folder / "sitemap-index.xml")


def test_an_index_is_followed_into_its_children_and_moves_are_found(tmp_path: Path) -> None:
    old = _index_site(tmp_path / "old", {"pages.xml": ["a", "b"], "blog.xml": ["blog/1"]})
    new = _index_site(tmp_path / "new", {"pages.xml": ["a"], "blog.xml": ["blog/1", "b"]})
    result = compare_locations(old, new)
    assert [(m.url, m.source, m.target) for m in result.moved] == [
        (f"{SITE}b", "pages.xml", "blog.xml")]
    assert result.summary()["unchanged"] == 3 and not result.added and not result.removed


def test_a_missing_child_of_an_index_is_an_error_naming_it(tmp_path: Path) -> None:
    old = _index_site(tmp_path / "old", {"pages.xml": ["a"]})
    (tmp_path / "old" / "pages.xml").unlink()
    (tmp_path / "old" / "sitemap-index.xml").write_bytes(sitemapindex("pages.xml"))
    with pytest.raises(SitemapError, match=r"pages\.xml"):
        read_side(old)


def test_a_project_is_all_its_member_sitemaps(tmp_path: Path) -> None:
    write(tmp_path / "pages.xml", urlset(url("a")))
    write(tmp_path / "blog.xml", urlset(url("blog/1")))
    project = tmp_path / "site.sitemapproj"
    project.write_text(json.dumps({
        "format_version": 2, "site_url": SITE,
        "sitemaps": [{"path": name} for name in ("pages.xml", "blog.xml")]}), "utf-8")
    side = read_side(str(project))
    assert [item.name for item in side.files] == ["pages.xml", "blog.xml"]
    assert side.url_count == 2


def test_prefixes_count_what_each_host_and_section_gained_and_lost(tmp_path: Path) -> None:
    old = write(tmp_path / "old.xml", urlset(*(url(f"blog/{n}") for n in range(5)), url("x")))
    new = write(tmp_path / "new.xml", urlset(url("x"), *(url(f"shop/{n}") for n in range(3))))
    prefixes = {p.prefix: (p.added, p.removed) for p in compare_locations(old, new).prefixes}
    assert prefixes == {"www.example.com/blog": (0, 5), "www.example.com/shop": (3, 0)}
    assert url_prefix("HTTPS://Example.COM") == "example.com/"


def test_cancel_stops_the_comparison(tmp_path: Path) -> None:
    old = write(tmp_path / "old.xml", urlset(url("a")))
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        compare_locations(old, old, cancel=token)


# --- live ---------------------------------------------------------------------------------------


@pytest.fixture
def site() -> Site:
    with site_server() as served:
        yield served


def test_a_live_index_is_fetched_with_its_children_when_private_is_allowed(site: Site) -> None:
    site.routes["/index.xml"] = Route(body=sitemapindex(site.url("/a.xml"), "/b.xml"))
    site.routes["/a.xml"] = Route(body=urlset(url("a")).encode())
    site.routes["/b.xml"] = Route(body=urlset(url("b")).encode())
    side = read_side(site.url("/index.xml"), allow_private=True)
    assert [item.name for item in side.files] == ["a.xml", "b.xml"]
    assert side.url_count == 2


def test_a_private_address_is_refused_before_anything_connects(site: Site) -> None:
    site.routes["/s.xml"] = Route(body=urlset(url("a")).encode())
    with pytest.raises(SitemapError, match="allow-private") as caught:
        read_side(site.url("/s.xml"))
    assert site.url("/s.xml") in caught.value.located()
    assert site.requests == []


def test_an_index_child_on_another_host_is_refused(site: Site) -> None:
    site.routes["/index.xml"] = Route(body=sitemapindex("http://elsewhere.invalid/a.xml"))
    with pytest.raises(SitemapError, match="another host"):
        read_side(site.url("/index.xml"), allow_private=True)


def test_a_failed_fetch_names_the_url_and_status(site: Site) -> None:
    with pytest.raises(SitemapError, match="404") as caught:
        read_side(site.url("/gone.xml"), allow_private=True)
    assert caught.value.path == site.url("/gone.xml")


def test_redirects_are_followed_one_checked_hop_at_a_time(site: Site) -> None:
    site.routes["/old.xml"] = Route(301, headers={"Location": "/new.xml"})
    site.routes["/new.xml"] = Route(body=urlset(url("a")).encode())
    side = read_side(site.url("/old.xml"), allow_private=True)
    assert side.files[0].name == "new.xml" and site.requests == ["/old.xml", "/new.xml"]


def test_a_local_index_fetches_a_child_that_is_not_beside_it(site: Site, tmp_path: Path) -> None:
    site.routes["/remote.xml"] = Route(body=urlset(url("r")).encode())
    write(tmp_path / "local.xml", urlset(url("l")))
    index = tmp_path / "index.xml"
    index.write_bytes(sitemapindex(f"{SITE}local.xml", site.url("/remote.xml")))
    with pytest.raises(SitemapError, match="allow-private"):
        read_side(str(index))
    assert site.requests == []
    side = read_side(str(index), allow_private=True)
    assert [item.name for item in side.files] == ["local.xml", "remote.xml"]
    assert side.url_count == 2


def test_extension_changes_read_as_their_items(tmp_path: Path) -> None:
    assert shown_value([{"loc": "x.png", "title": "X"}, {"title": "Y"}]) == "x.png, Y"
    assert shown_value([{"loc": f"{n}.png"} for n in range(5)]) == \
        "0.png, 1.png, 2.png and 2 more"
    assert shown_value([]) == shown_value(None) == "(none)"
