"""A view's row mapping follows inserts, removals and moves like a plain list would."""

from __future__ import annotations

from array import array

from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.rows import row_mapping


def _naive_view(document: list[str], shown: set[str], order: list[str] | None) -> list[int]:
    """Rows of the shown items: in document order, or in ``order``."""
    items = order if order is not None else document
    return [document.index(item) for item in items if item in shown]


@st.composite
def scenes(draw):
    size = draw(st.integers(1, 30))
    document = [f"e{n}" for n in range(size)]
    shown = set(draw(st.sets(st.sampled_from(document))))
    return document, shown


@given(scenes(), st.data())
def test_inserts_follow_the_document(scene, data) -> None:
    document, shown = scene
    rows = array("q", _naive_view(document, shown, None))
    first = data.draw(st.integers(0, len(document)))
    count = data.draw(st.integers(1, 4))
    new = [f"n{n}" for n in range(count)]
    after = document[:first] + new + document[first:]
    at = sum(1 for row in rows if row < first)
    row_mapping.insert_ascending(rows, first, count, at)
    assert list(rows) == _naive_view(after, shown | set(new), None)


@given(scenes(), st.data())
def test_unordered_inserts_keep_the_inverse(scene, data) -> None:
    document, shown = scene
    order = data.draw(st.permutations(document))
    rows = array("q", _naive_view(document, shown, order))
    inverse = row_mapping.inverse_of(rows, len(document))
    first = data.draw(st.integers(0, len(document)))
    at = data.draw(st.integers(0, len(rows)))
    new_rows, new_inverse = row_mapping.insert_unordered(rows, inverse, first, 2, at)
    assert new_inverse is not None
    assert list(new_rows[at:at + 2]) == [first, first + 1]
    assert list(new_inverse) == list(row_mapping.inverse_of(new_rows, len(document) + 2))
    old_items = [document[row] for row in rows]
    after = [*document[:first], "x", "y", *document[first:]]
    assert [after[row] for row in new_rows if after[row] not in ("x", "y")] == old_items


@given(scenes(), st.data())
def test_removals_follow_the_document(scene, data) -> None:
    document, shown = scene
    first = data.draw(st.integers(0, len(document) - 1))
    last = data.draw(st.integers(first, len(document) - 1))
    after = document[:first] + document[last + 1:]
    rows = array("q", _naive_view(document, shown, None))
    start = sum(1 for row in rows if row < first)
    stop = sum(1 for row in rows if row <= last)
    row_mapping.remove_ascending(rows, first, last, start, stop)
    assert list(rows) == _naive_view(after, shown, None)
    order = data.draw(st.permutations(document))
    unordered = array("q", _naive_view(document, shown, order))
    assert list(row_mapping.remove_unordered(unordered, first, last)) == _naive_view(
        after, shown, [item for item in order if item in after])


@given(scenes(), st.data())
def test_moves_follow_the_document(scene, data) -> None:
    document, shown = scene
    start = data.draw(st.integers(0, len(document) - 1))
    count = data.draw(st.integers(1, len(document) - start))
    destination = data.draw(st.integers(0, len(document)).filter(
        lambda d: not start <= d <= start + count))
    block = document[start:start + count]
    rest = document[:start] + document[start + count:]
    insert_at = destination if destination < start else destination - count
    after = rest[:insert_at] + block + rest[insert_at:]
    rows = array("q", _naive_view(document, shown, None))
    assert list(row_mapping.after_move(rows, start, count, destination, True)) == \
        _naive_view(after, shown, None)
    order = data.draw(st.permutations(document))
    unordered = array("q", _naive_view(document, shown, order))
    assert list(row_mapping.after_move(unordered, start, count, destination, False)) == \
        _naive_view(after, shown, order)


def test_a_four_byte_mapping_stays_four_bytes_through_every_change() -> None:
    # A sorted view of a million rows holds its mapping and its inverse: 4 bytes a row
    # each, not 8, as long as each change keeps the width it was given.
    rows = array("i", [5, 0, 3, 1, 4, 2])
    inverse = row_mapping.inverse_of(rows, 6)
    assert inverse.typecode == "i" and list(inverse) == [1, 3, 5, 2, 4, 0]
    shifted, moved = row_mapping.insert_unordered(rows, inverse, 2, 2, 1)
    assert (shifted.typecode, moved.typecode) == ("i", "i")
    assert list(shifted) == [7, 2, 3, 0, 5, 1, 6, 4]
    assert list(moved) == [3, 5, 1, 2, 7, 4, 6, 0]
    kept = row_mapping.remove_unordered(shifted, 2, 3)
    assert kept.typecode == "i" and list(kept) == [5, 0, 3, 1, 4, 2]
    assert row_mapping.after_move(kept, 0, 2, 6, False).typecode == "i"
    ascending = array("i", [0, 2, 4])
    row_mapping.insert_ascending(ascending, 3, 1, 2)
    assert ascending.typecode == "i" and list(ascending) == [0, 2, 3, 5]
