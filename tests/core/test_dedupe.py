"""Duplicate removal plans: exact duplicates after normalisation, the first one stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_studio.core.edits.dedupe import DuplicateLine, plan_dedupe
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.loader import open_bytes, open_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str) -> bytes:
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return f'<urlset xmlns="{NS}">{body}</urlset>'.encode()


def test_hostile_duplicates(hostile_dir: Path) -> None:
    """EXPECT.md rows (1-based): 3, 4, 6, 7 duplicate row 1; 10 duplicates 9.

    Row 5 (``#section``) goes too: normalize_url drops the fragment, so it is
    an exact duplicate of row 1 after normalisation (EXPECT.md: "flag
    fragment + duplicate"). Row 2 (trailing slash) is only a possible
    duplicate and stays, as do 8 (path case), 11 (http) and 12 (:8443).
    """
    doc = open_document(hostile_dir / "duplicates.xml")
    plan = plan_dedupe(doc)
    assert [row + 1 for row in plan.remove_rows] == [3, 4, 5, 6, 7, 10]
    assert {row + 1: kept + 1 for row, kept in plan.kept_for.items()} == {
        3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 10: 9}
    assert plan.groups == 2
    assert len(plan) == 6
    assert plan.remove_ids == [doc.id_at(row) for row in plan.remove_rows]
    preview = plan.preview(doc)
    assert preview[0] == DuplicateLine(2, "https://EXAMPLE.com/page", 0, "https://example.com/page")
    assert preview[-1] == DuplicateLine(9, "https://example.com/~user", 8,
                                        "https://example.com/%7Euser")
    assert len(plan.preview(doc, limit=2)) == 2


def test_first_occurrence_stays_and_blank_locs_are_not_duplicates() -> None:
    doc = open_bytes(urlset("https://b.example/", "https://a.example/", "https://B.example:443/",
                            " https://a.example/ ", "", "https://a.example"))
    doc.insert_entries(len(doc), [Entry(loc=None, lastmod="2024-01-01"),
                                  Entry(loc="https://b.example/")])
    plan = plan_dedupe(doc)
    assert plan.remove_rows == [2, 3, 5, 7]
    assert plan.kept_for == {2: 0, 3: 1, 5: 1, 7: 0}
    assert plan.groups == 2


def test_nothing_to_remove() -> None:
    plan = plan_dedupe(open_bytes(urlset("https://example.com/a", "https://example.com/a/")))
    assert (plan.remove_rows, plan.kept_for, plan.groups) == ([], {}, 0)


def test_planning_changes_nothing_and_can_be_cancelled() -> None:
    data = urlset("https://example.com/a", "https://example.com/a")
    doc = open_bytes(data)
    seen: list[tuple[int, int]] = []
    plan_dedupe(doc, progress=lambda done, total: seen.append((done, total)))
    assert doc.to_bytes() == data
    assert seen == [(2, 2)]
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        plan_dedupe(doc, cancel=token)
