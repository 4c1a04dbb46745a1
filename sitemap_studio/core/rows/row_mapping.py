"""Arithmetic on a view's row mapping: an array of document rows in display order.

A filtered view holds an increasing array (``ascending``); a sorted one any
order, often with its inverse (document row -> view row, -1 where hidden).
These functions follow the document's inserts, removals and moves in bulk
(``map`` over ``array``, no Python loop per row), so a view of a million rows
keeps up with an edit.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from itertools import compress, repeat
from operator import add, ge, gt, lt, mul, or_, sub

from sitemap_studio.core.model.row_columns import id_typecode


def _consume(iterator: Iterator[object]) -> None:
    for _ in iterator:
        pass


def row_typecode(count: int) -> str:
    """The array typecode for row numbers below ``count``: 4 bytes while they fit (the
    functions below keep the typecode of the mapping they are given)."""
    return id_typecode(count)


def inverse_of(rows: array[int], count: int) -> array[int]:
    """Document row -> view row (-1 where hidden) for the mapping ``rows`` of ``count`` rows."""
    inverse = array(row_typecode(count), [-1]) * count
    _consume(map(inverse.__setitem__, rows, range(len(rows))))
    return inverse


def moved_row(start: int, count: int, destination: int) -> Callable[[int], int]:
    """Where a document row goes when ``count`` rows at ``start`` move before ``destination``."""
    end = start + count
    if destination > end:
        shift = destination - end

        def down(row: int) -> int:
            if start <= row < end:
                return row + shift
            return row - count if end <= row < destination else row
        return down
    shift = start - destination

    def up(row: int) -> int:
        if start <= row < end:
            return row - shift
        return row + count if destination <= row < start else row
    return up


def insert_ascending(rows: array[int], first: int, count: int, at: int) -> None:
    """Show ``count`` new document rows at ``first`` in an increasing mapping, at view row ``at``.

    The rows from ``at`` on move down by ``count`` in the document; ``rows``
    changes in place.
    """
    tail = array(rows.typecode, map(add, rows[at:], repeat(count)))
    del rows[at:]
    rows.extend(range(first, first + count))
    rows.extend(tail)


def insert_unordered(rows: array[int], inverse: array[int] | None, first: int, count: int,
                     at: int) -> tuple[array[int], array[int] | None]:
    """The same for any order: new ``(rows, inverse)`` with the new rows at view row ``at``."""
    code = rows.typecode
    shifted = array(code, map(add, rows, map(mul, map(ge, rows, repeat(first)), repeat(count))))
    shifted[at:at] = array(code, range(first, first + count))
    if inverse is None:
        return shifted, None
    code = inverse.typecode
    moved = array(code, map(add, inverse, map(mul, map(ge, inverse, repeat(at)), repeat(count))))
    moved[first:first] = array(code, range(at, at + count))
    return shifted, moved


def remove_ascending(rows: array[int], first: int, last: int, start: int, stop: int) -> None:
    """Drop document rows ``first..last`` (view rows ``start:stop``) from an increasing mapping.

    Later rows move up by the number removed; ``rows`` changes in place.
    """
    tail = array(rows.typecode, map(sub, rows[stop:], repeat(last - first + 1)))
    del rows[start:]
    rows.extend(tail)


def remove_unordered(rows: array[int], first: int, last: int) -> array[int]:
    """The same for any order: the mapping without document rows ``first..last``."""
    count = last - first + 1
    shifted = map(sub, rows, map(mul, map(gt, rows, repeat(last)), repeat(count)))
    kept = map(or_, map(lt, rows, repeat(first)), map(gt, rows, repeat(last)))
    return array(rows.typecode, compress(shifted, kept))  # one pass, one new array


def after_move(rows: array[int], start: int, count: int, destination: int,
               ascending: bool) -> array[int]:
    """The mapping once ``count`` document rows at ``start`` moved before ``destination``."""
    code = rows.typecode
    moved = array(code, map(moved_row(start, count, destination), rows))
    return array(code, sorted(moved)) if ascending else moved


__all__ = ["after_move", "insert_ascending", "insert_unordered", "inverse_of", "moved_row",
           "remove_ascending", "remove_unordered", "row_typecode"]
