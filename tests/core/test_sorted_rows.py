"""A kept sort gives what sorting again would: both directions, subsets, after edits."""

from __future__ import annotations

import random

from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows.combined_rows import CombinedRows
from sitemap_studio.core.rows.sorted_rows import sort_in_steps, sort_rows

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _stable(rows: list[int], keys: list[object], descending: bool) -> list[int]:
    return sorted(rows, key=keys.__getitem__, reverse=descending)


def test_both_directions_and_subsets_match_a_fresh_stable_sort() -> None:
    chance = random.Random(7)
    for size, spread in ((0, 1), (1, 1), (2, 1), (50, 3), (400, 40), (400, 4000)):
        keys: list[object] = [chance.randrange(spread) for _ in range(size)]
        valid = [row for row in range(size) if row % 7]
        tail = [row for row in range(size) if not row % 7]
        kept = sort_rows(valid, keys.__getitem__, tail, size)
        for descending in (False, True):
            assert list(kept.rows(descending)) == _stable(valid, keys, descending) + tail
            subset = sorted(chance.sample(range(size), size // 3))
            chosen = [row for row in subset if row % 7]
            assert list(kept.rows(descending, subset)) == (
                _stable(chosen, keys, descending) + [row for row in subset if not row % 7])


def test_equal_keys_keep_row_order_in_both_directions() -> None:
    keys: list[object] = [b"b", b"a", b"b", b"a", b"c", b"b"]
    kept = sort_rows(range(6), keys.__getitem__, [], 6)
    assert list(kept.rows(False)) == [1, 3, 0, 2, 5, 4]
    assert list(kept.rows(True)) == [4, 0, 2, 5, 1, 3]


def test_runs_merged_a_slice_at_a_time_sort_as_one() -> None:
    chance = random.Random(3)
    keys: list[object] = [chance.randrange(30) for _ in range(1000)]
    runs = [sorted(range(start, start + 100), key=keys.__getitem__)
            for start in range(0, 1000, 100)]
    found = []
    steps = sum(1 for _ in sort_in_steps(runs, keys.__getitem__, [], 1000, found.append,
                                         chunk=64))
    assert steps > 16
    for descending in (False, True):
        assert list(found[0].rows(descending)) == _stable(list(range(1000)), keys, descending)


def _doc(*locs: str):
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return open_bytes(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())


def test_non_ascii_locations_sort_by_code_point_as_their_text_does() -> None:
    locs = ["https://e.com/é", "https://e.com/z", "https://e.com/日本", "https://e.com/E",
            "https://e.com/ü", "https://e.com/z"]
    rows = CombinedRows([_doc(*locs[:3]), _doc(*locs[3:])], ["one", "two"])
    texts = [rows.text(row, 0) or "" for row in range(len(rows))]
    for warmed in (False, True):  # sorted at the click, then read from the kept sort
        if warmed:
            assert sum(1 for _ in rows.warm_up(sorts=(0,))) > 2
        for descending in (False, True):
            expected = sorted(range(len(texts)), key=texts.__getitem__, reverse=descending)
            assert list(rows.sort_order(0, descending)) == expected
    rows.close()


def test_kept_sorts_order_as_sorting_at_the_click_does() -> None:
    def combined() -> CombinedRows:
        lastmods = ["2024-01-02", "bad", None, "2023-05-01", "2024-01-02", "2024-01-02T00:00:00Z"]
        body = [f"<url><loc>https://e.com/{n % 3}</loc>"
                + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "") + "</url>"
                for n, lastmod in enumerate(lastmods)]
        return CombinedRows([open_bytes(f'<urlset xmlns="{NS}">{"".join(half)}</urlset>'.encode())
                             for half in (body[:4], body[4:])], ["one", "two"])

    clicked, warmed = combined(), combined()
    for _step in warmed.warm_up(sorts=(0, 1)):
        pass
    for column in (0, 1):
        for descending in (False, True):
            for rows in (None, [0, 2, 3, 5]):
                assert list(warmed.sort_order(column, descending, rows=rows)) == list(
                    clicked.sort_order(column, descending, rows=rows))


def test_an_edit_after_a_sort_is_sorted_in_next_time() -> None:
    first = _doc("https://e.com/b", "https://e.com/d")
    second = _doc("https://e.com/a", "https://e.com/c")
    rows = CombinedRows([first, second], ["one", "two"])
    for _step in rows.warm_up(sorts=(0,)):
        pass
    assert [rows.text(row, 0) for row in rows.sort_order(0)] == [
        "https://e.com/a", "https://e.com/b", "https://e.com/c", "https://e.com/d"]
    second.set_text(second.id_at(0), "loc", "https://e.com/z")
    assert [rows.text(row, 0) for row in rows.sort_order(0, descending=True)] == [
        "https://e.com/z", "https://e.com/d", "https://e.com/c", "https://e.com/b"]
    assert [rows.text(row, 0) for row in rows.sort_order(0, rows=[0, 2, 3])] == [
        "https://e.com/b", "https://e.com/c", "https://e.com/z"]
    rows.close()
