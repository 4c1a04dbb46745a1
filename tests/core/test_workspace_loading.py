"""Loading a workspace member by member gives what open_workspace gives, with fingerprints."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.project.workspace import open_workspace
from sitemap_studio.core.project.workspace_loading import (
    PROGRESS_UNITS,
    iter_workspace,
    load_workspace,
    plan_workspace,
)
from sitemap_studio.core.reading.fingerprints import fingerprint_file, fingerprint_of

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example" / "example.sitemapproj"


def test_the_example_project_loads_as_open_workspace_loads_it() -> None:
    expected = open_workspace(EXAMPLE)
    plans: list[object] = []
    items: list[object] = []
    progress: list[tuple[int, int]] = []
    workspace = load_workspace(EXAMPLE, on_plan=plans.append, on_item=items.append,
                               progress=lambda done, total: progress.append((done, total)))
    assert workspace.items == items
    assert [(i.path, i.role, i.ref) for i in workspace.items] == [
        (i.path, i.role, i.ref) for i in expected.items]
    for mine, theirs in zip(workspace.items, expected.items, strict=True):
        assert (mine.error is None) == (theirs.error is None)
        if mine.document is not None:
            assert mine.document.to_bytes() == theirs.document.to_bytes()
            assert fingerprint_of(mine.document) == fingerprint_file(mine.path)
    assert workspace.project == expected.project
    assert len(plans) == 1 and progress[-1] == (PROGRESS_UNITS, PROGRESS_UNITS)
    assert [done for done, _ in progress] == sorted(done for done, _ in progress)


def test_a_lone_file(tmp_path: Path) -> None:
    path = tmp_path / "index.xml"
    path.write_text('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                    "<sitemap><loc>https://e.com/s.xml</loc></sitemap></sitemapindex>")
    plan = plan_workspace(path)
    assert plan.project is None and [m.path for m in plan.members] == [str(path)]
    [item] = iter_workspace(plan)
    assert item.role == "index" and item.document is not None
    path.write_text("<urlset")
    with pytest.raises(SitemapError):
        list(iter_workspace(path))


def test_cancel_stops_before_the_next_member() -> None:
    token = CancelToken()
    items = iter_workspace(EXAMPLE, cancel=token)
    next(items)
    token.cancel()
    with pytest.raises(Cancelled):
        next(items)
