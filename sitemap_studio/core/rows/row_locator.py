"""Where a field's bytes start, row by row, in increasing order: find the row of a byte offset.

A search over a document's raw bytes finds offsets; a :class:`Locator` turns
each back into its row with a binary search.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from itertools import compress, islice, repeat
from operator import ge, lt


@dataclass(frozen=True, slots=True)
class Locator:
    """Field begins in increasing order, with the row of each (``None``: position i is row i)."""

    positions: array[int]
    rows: array[int] | None

    @property
    def size(self) -> int:
        """Bytes held."""
        return 8 * len(self.positions) + (8 * len(self.rows) if self.rows is not None else 0)


def increasing(values: array[int]) -> bool:
    """Whether ``values`` only go up."""
    return all(map(lt, values, islice(values, 1, None)))


def build_locator(begins: array[int]) -> Locator:
    """A locator over the plain rows of a field (a copy: edits do not disturb it)."""
    count = len(begins)
    if not count or (min(begins) >= 0 and increasing(begins)):
        return Locator(array("q", begins), None)
    rows = array("q", compress(range(count), map(ge, begins, repeat(0))))
    positions = array("q", map(begins.__getitem__, rows))
    if not increasing(positions):
        rows = array("q", sorted(rows, key=begins.__getitem__))
        positions = array("q", map(begins.__getitem__, rows))
    return Locator(positions, rows)


__all__ = ["Locator", "build_locator", "increasing"]
