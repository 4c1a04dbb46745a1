"""Where crash journals are looked for: a project stands for its members."""

from __future__ import annotations

import json
import os

from sitemap_studio.core.writing.journal_places import recovery_places


def test_a_project_adds_its_members_and_a_plain_file_only_itself(tmp_path) -> None:
    for name in ("a.xml", "sub/b.xml"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("<urlset/>", encoding="utf-8")
    project = tmp_path / "p.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "sitemaps": [
        {"path": "a.xml"}, {"path": "sub/b.xml"}]}), encoding="utf-8")
    lone = tmp_path / "lone.xml"
    places = recovery_places([project, lone, tmp_path])
    assert places == {str(project): None, str(tmp_path / "a.xml"): str(project),
                      str(tmp_path / "sub" / "b.xml"): str(project),
                      str(lone): None, str(tmp_path): None}


def test_an_unreadable_project_adds_nothing_but_itself(tmp_path) -> None:
    project = tmp_path / "broken.sitemapproj"
    project.write_text("{not json", encoding="utf-8")
    missing = os.path.join(tmp_path, "gone.sitemapproj")
    assert recovery_places([project, missing]) == {str(project): None, missing: None}
