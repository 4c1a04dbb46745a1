"""Expanding a project's index into its local child sitemaps."""

from __future__ import annotations

import shutil

from sitemap_studio.core.project.expand import child_path, expand_index
from sitemap_studio.core.project.project_file import SitemapRef, load_project
from sitemap_studio.core.reading.loader import open_document


def test_child_paths_resolve_only_inside_the_index_folder(tmp_path) -> None:
    index = tmp_path / "sitemap-index.xml"
    url = "https://shop.example.com/maps/sitemap-index.xml"
    assert child_path("https://shop.example.com/maps/a.xml", url, str(index)) == str(
        tmp_path / "a.xml")
    assert child_path("https://shop.example.com/maps/sub/b.xml", url, str(index)) == str(
        tmp_path / "sub" / "b.xml")
    assert child_path("https://shop.example.com/other/a.xml", url, str(index)) is None
    assert child_path("https://evil.example.net/maps/a.xml", url, str(index)) is None
    assert child_path("https://shop.example.com/maps/%2e%2e/x.xml", url, str(index)) is None
    assert child_path("file:///etc/passwd", url, str(index)) is None
    assert child_path("https://any.example/deep/c.xml", None, str(index)) == str(tmp_path / "c.xml")


def test_expanding_the_example_index(tmp_path, repo_root) -> None:
    folder = tmp_path / "example"
    shutil.copytree(repo_root / "resources" / "example", folder)
    project = load_project(folder / "example.sitemapproj")
    pages = project.sitemaps[0]
    project.sitemaps = [pages]
    assert project.index is not None
    index = open_document(project.resolve(project.index))
    result = expand_index(project, index)
    assert [ref.path for ref in result.added] == ["sitemap-blog.xml"]
    assert result.added[0].url == "https://shop.example.com/sitemap-blog.xml"
    assert result.already == ["https://shop.example.com/sitemap-pages.xml"]
    assert [url for url, _ in result.skipped] == ["https://shop.example.com/sitemap-archive.xml"]
    assert "no local file" in result.skipped[0][1]
    assert project.sitemaps == [pages, SitemapRef("sitemap-blog.xml",
                                                  "https://shop.example.com/sitemap-blog.xml")]
    again = expand_index(project, index)
    assert again.added == []
