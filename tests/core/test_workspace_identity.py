"""Each workspace item has one key for as long as it is open; paths only name files."""

from __future__ import annotations

import json
import os
from pathlib import Path

from sitemap_studio.core.project import FileRole, Workspace, WorkspaceItem, open_workspace

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _sitemap(path: Path, loc: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'<urlset xmlns="{NS}"><url><loc>{loc}</loc></url></urlset>',
                    encoding="utf-8")


def _project(folder: Path, members: list[str]) -> Path:
    for number, member in enumerate(members):
        _sitemap(folder / member, f"https://example.com/{number}")
    project = folder / "site.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "site_url": "https://example.com/",
                                   "sitemaps": [{"path": m} for m in members]}),
                       encoding="utf-8")
    return project


def test_every_item_of_every_opening_has_its_own_key(tmp_path) -> None:
    project = _project(tmp_path, ["a.xml", "b.xml"])
    first = open_workspace(project)
    again = open_workspace(project)  # a file opened again is another document
    keys = [item.key for item in [*first.items, *again.items]]
    assert len(set(keys)) == 4
    path = first.items[0].path
    one, other = WorkspaceItem(path, FileRole.SITEMAP), WorkspaceItem(path, FileRole.SITEMAP)
    assert one.key != other.key and one != other


def test_an_item_is_found_by_its_key_whatever_its_path_becomes(tmp_path) -> None:
    workspace = open_workspace(_project(tmp_path, ["a.xml", "b.xml"]))
    b = workspace.items[1]
    key = b.key
    b.path = str(tmp_path / "moved" / "renamed.xml")  # what a Save As does
    assert workspace.item(key) is b and b.key == key
    assert workspace.item_at(tmp_path / "b.xml") is None
    assert workspace.item_at(tmp_path / "moved" / ".." / "moved" / "renamed.xml") is b


def test_a_file_named_by_a_relative_path_is_found(tmp_path, monkeypatch) -> None:
    workspace = open_workspace(_project(tmp_path, ["a.xml"]))
    monkeypatch.chdir(tmp_path)
    assert workspace.item_at("a.xml") is workspace.items[0]
    assert workspace.item_at(os.path.join("sub", "a.xml")) is None


def test_labels_name_folders_only_where_file_names_clash(tmp_path) -> None:
    workspace = open_workspace(_project(tmp_path, [
        "en/sitemap.xml", "de/sitemap.xml", "x/shop/news.xml", "y/shop/news.xml", "pages.xml"]))
    assert [workspace.label(item) for item in workspace.items] == [
        "en/sitemap.xml", "de/sitemap.xml", "x/shop/news.xml", "y/shop/news.xml", "pages.xml"]


def test_a_lone_file_is_labelled_by_its_name() -> None:
    item = WorkspaceItem("sitemap.xml", FileRole.SITEMAP)
    assert Workspace(None, [item]).label(item) == "sitemap.xml"
    untitled = WorkspaceItem("", FileRole.SITEMAP)
    assert Workspace(None, [untitled]).label(untitled) == ""
