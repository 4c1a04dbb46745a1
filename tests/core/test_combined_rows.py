"""Several documents as one list of rows: locating, filtering and sorting across files."""

from __future__ import annotations

import pytest

from sitemap_studio.core.edits.replace_across import plan_replace_across
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows.combined_rows import FILE_COLUMN, CombinedRows

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _doc(*rows: tuple[str, str | None]):
    body = "".join(f"<url><loc>{loc}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "")
                   + "</url>" for loc, lastmod in rows)
    return open_bytes(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())


def _combined() -> CombinedRows:
    first = _doc(("https://e.com/b", "2024-01-02"), ("https://e.com/Shop/x", None))
    second = _doc(("https://e.com/a", "bad"), ("https://e.com/c", "2023-05-01"),
                  ("https://e.com/shop/y", "2024-01-02"))
    return CombinedRows([first, second], ["one.xml", "two.xml"])


def _locs(rows: CombinedRows, order) -> list[str | None]:
    return [rows.text(row, 0) for row in (range(len(rows)) if order is None else order)]


def test_a_global_row_is_a_file_and_its_row() -> None:
    rows = _combined()
    assert len(rows) == 5 and rows.starts == [0, 2, 5]
    assert [rows.locate(row) for row in range(5)] == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]
    assert rows.global_row(1, 2) == 4
    with pytest.raises(IndexError):
        rows.locate(5)
    rows.documents[0].insert_entries(0, [Entry(loc="https://e.com/new")])
    rows.refresh()
    assert rows.locate(3) == (1, 0) and len(rows) == 6


def test_filters_search_every_file() -> None:
    rows = _combined()
    assert rows.filter_rows("") is None
    found = rows.filter_rows("shop")
    assert _locs(rows, found) == ["https://e.com/Shop/x", "https://e.com/shop/y"]
    assert _locs(rows, rows.filter_rows("shop", case_sensitive=True)) == ["https://e.com/shop/y"]
    assert _locs(rows, rows.filter_rows(r"/[ab]$", regex=True)) == ["https://e.com/b",
                                                                    "https://e.com/a"]
    assert list(rows.filter_rows("shop/", within=[1, 2, 3])) == [1]
    only = rows.filter_rows("", only_ids=[set(), {1}])
    assert _locs(rows, only) == ["https://e.com/c"]


def test_sorts_across_files_as_in_one() -> None:
    rows = _combined()
    assert _locs(rows, rows.sort_order(0)) == [
        "https://e.com/Shop/x", "https://e.com/a", "https://e.com/b", "https://e.com/c",
        "https://e.com/shop/y"]
    # Equal lastmods keep file order in both directions; the unparsable, then the absent, last.
    assert _locs(rows, rows.sort_order(1)) == [
        "https://e.com/c", "https://e.com/b", "https://e.com/shop/y", "https://e.com/a",
        "https://e.com/Shop/x"]
    assert _locs(rows, rows.sort_order(1, descending=True)) == [
        "https://e.com/b", "https://e.com/shop/y", "https://e.com/c", "https://e.com/a",
        "https://e.com/Shop/x"]
    assert list(rows.sort_order(FILE_COLUMN, descending=True)) == [2, 3, 4, 0, 1]
    assert list(rows.sort_order(0, rows=rows.filter_rows("shop"))) == [1, 4]
    with pytest.raises(ValueError, match="no column 9"):
        rows.sort_order(9)


def test_locations_of_other_sites_sort_by_their_text() -> None:
    first = _doc(("https://b.org/1", None))
    second = _doc(("https://a.net/2", None), ("http://z.com/", None))
    rows = CombinedRows([first, second], ["b", "a"])
    assert _locs(rows, rows.sort_order(0)) == ["http://z.com/", "https://a.net/2",
                                               "https://b.org/1"]


def test_find_and_replace_plans_each_file() -> None:
    rows = _combined()
    plan = plan_replace_across(rows.documents, "e.com/shop", "e.com/store",
                               case_sensitive=False)
    assert [len(part.changes) for part in plan.files] == [1, 1]
    assert [entry.loc for entry in plan.changes] == ["https://e.com/store/x",
                                                     "https://e.com/store/y"]
    assert plan.matches == 2
    limited = plan_replace_across(rows.documents, "e.com", "f.org", rows=[[0], None])
    assert [len(part.changes) for part in limited.files] == [1, 3]
