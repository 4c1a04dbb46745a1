"""A sorted view's mapping may be a kept sort's own array: a change never writes into it."""

from __future__ import annotations

from array import array

from sitemap_studio.core.rows.sorted_rows import sort_rows
from sitemap_studio.qt_models.proxy_rows import ProxyRows

KEYS = [30, 10, 50, 20, 40]


def test_changes_to_a_sorted_mapping_leave_the_kept_sort_as_it_was() -> None:
    kept = sort_rows(range(5), KEYS.__getitem__, [], 5)
    shown = kept.rows(False)
    assert list(shown) == [1, 3, 0, 4, 2]
    mapping = ProxyRows()
    mapping.set(shown, False)
    assert mapping.view_row(2, 5) == 4
    mapping.insert(1, 2, 0)  # two rows inserted before row 1, shown first
    assert list(mapping.rows or ()) == [1, 2, 3, 5, 0, 6, 4]
    assert mapping.view_row(4, 7) == 6
    mapping.remove(1, 2, 0, 0)
    assert list(mapping.rows or ()) == [1, 3, 0, 4, 2]
    assert list(kept.rows(False)) == [1, 3, 0, 4, 2]  # the kept sort never changed
    assert list(kept.rows(True)) == [2, 4, 0, 3, 1]
    assert shown.typecode == "i"


def test_an_increasing_mapping_is_changed_in_place_and_grows() -> None:
    mapping = ProxyRows()
    rows = array("i", [0, 2, 4])
    mapping.set(rows, True)
    mapping.insert(3, 1, 2)
    assert mapping.rows is rows and list(rows) == [0, 2, 3, 5]
    mapping.extend(array("q", [7, 8]))  # rows of files searched later, of another width
    assert list(rows) == [0, 2, 3, 5, 7, 8] and rows.typecode == "i"
