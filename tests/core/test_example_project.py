"""The bundled example project opens, and its deliberate problems are there as written."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.project.project_file import Project, load_project, project_to_json
from sitemap_studio.core.reading.loader import open_document

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example"
PROJECT = EXAMPLE / "example.sitemapproj"
SITE = "https://shop.example.com/"


@pytest.fixture(scope="module")
def project() -> Project:
    return load_project(PROJECT)


def member(project: Project, name: str) -> SitemapDocument:
    refs = [ref for ref in (*project.sitemaps, project.index) if ref and ref.path == name]
    assert len(refs) == 1, name
    return open_document(project.resolve(refs[0]))


def entries(document: SitemapDocument) -> list[Entry]:
    return list(document.entries())


def test_the_project_file_is_current_and_as_we_write_it(project: Project) -> None:
    assert project.upgraded_from is None
    assert project_to_json(project) == PROJECT.read_text(encoding="utf-8")


def test_the_project_settings(project: Project) -> None:
    assert project.site_url == SITE
    assert [(ref.path, ref.url) for ref in project.sitemaps] == [
        ("sitemap-pages.xml", SITE + "sitemap-pages.xml"),
        ("sitemap-blog.xml", SITE + "sitemap-blog.xml"),
    ]
    assert project.index is not None
    assert (project.index.path, project.index.url) == (
        "sitemap-index.xml",
        SITE + "sitemap-index.xml",
    )
    assert project.export.output_folder == "export"
    assert project.export.gzip is True
    assert project.submission.indexnow_key
    assert project.submission.indexnow_key_location == (
        f"{SITE}{project.submission.indexnow_key}.txt"
    )


@pytest.mark.parametrize(
    ("name", "kind", "count"),
    [
        ("sitemap-pages.xml", DocumentKind.URLSET, 40),
        ("sitemap-blog.xml", DocumentKind.URLSET, 25),
        ("sitemap-index.xml", DocumentKind.INDEX, 3),
    ],
)
def test_each_file_opens_cleanly_and_saves_unchanged(
    project: Project, name: str, kind: DocumentKind, count: int
) -> None:
    document = member(project, name)
    assert document.kind == kind
    assert len(document) == count
    assert document.load_findings == []
    assert document.to_bytes() == (EXAMPLE / name).read_bytes()


def test_pages_look_like_cms_output(project: Project) -> None:
    document = member(project, "sitemap-pages.xml")
    raw = (EXAMPLE / "sitemap-pages.xml").read_bytes()
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet ')
    assert b"<!-- generator=" in raw
    assert document.info["stylesheets"] == ["/sitemap.xsl"]
    pages = entries(document)
    assert all(
        entry.loc and entry.lastmod and entry.changefreq and entry.priority for entry in pages
    )
    assert sum(len(entry.images) for entry in pages) >= 5
    with_alternates = [entry for entry in pages if entry.alternates]
    assert len(with_alternates) >= 4
    for entry in with_alternates:
        assert [alternate.hreflang for alternate in entry.alternates] == ["en", "de", "x-default"]


def test_pages_hold_each_deliberate_problem_as_written(project: Project) -> None:
    pages = entries(member(project, "sitemap-pages.xml"))
    locs = [entry.loc or "" for entry in pages]
    assert [entry.priority for entry in pages].count("high") == 1
    assert [entry.lastmod for entry in pages].count("2024-02-30") == 1
    assert [entry.changefreq for entry in pages].count("Daily") == 1
    assert [loc for loc in locs if "#" in loc] == [SITE + "help/faq#returns"]
    assert [loc for loc, times in Counter(locs).items() if times > 1] == [SITE + "backpacks/"]
    assert [loc for loc in locs if not loc.startswith(SITE)] == [
        "/about-us",
        "http://shop.example.net/outlet/clearance-tents",
    ]


def test_blog_holds_news_and_its_deliberate_problems(project: Project) -> None:
    posts = entries(member(project, "sitemap-blog.xml"))
    assert all(entry.loc and entry.lastmod for entry in posts)
    assert sum(len(entry.news) for entry in posts) == 1
    padded = [entry for entry in posts if "loc" in entry.raw]
    assert len(padded) == 1
    assert padded[0].raw["loc"] == padded[0].loc + "   "
    assert [entry.lastmod for entry in posts if (entry.lastmod or "") >= "2031"] == [
        "2031-06-01T10:00:00+00:00"
    ]


def test_the_index_lists_both_members_and_one_missing_file(project: Project) -> None:
    listed = [entry.loc for entry in entries(member(project, "sitemap-index.xml"))]
    assert listed == [ref.url for ref in project.sitemaps] + [SITE + "sitemap-archive.xml"]
    assert not (EXAMPLE / "sitemap-archive.xml").exists()
