"""Where a field's bytes start, row by row, in increasing order: find the row of a byte offset.

A search over a document's raw bytes finds offsets; a :class:`Locator` turns
each back into its row with a binary search.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from itertools import compress, islice, repeat
from operator import ge, lt

from sitemap_studio.core.model.row_columns import id_typecode


@dataclass(frozen=True, slots=True)
class Locator:
    """Field begins in increasing order, with the row of each (``None``: position i is row i)."""

    positions: array[int]
    rows: array[int] | None

    @property
    def size(self) -> int:
        """Bytes held."""
        rows = self.rows
        return (self.positions.itemsize * len(self.positions)
                + (rows.itemsize * len(rows) if rows is not None else 0))


def increasing(values: array[int]) -> bool:
    """Whether ``values`` only go up."""
    return all(map(lt, values, islice(values, 1, None)))


def build_locator(begins: array[int]) -> Locator:
    """A locator over the plain rows of a field.

    When every row has the field, in file order (a document as read), the
    locator reads ``begins`` itself, no copy: whoever keeps it must drop it
    on any change of the document (as
    :class:`~sitemap_studio.core.rows.index_caches.IndexCaches` does).
    Otherwise it holds its own arrays, of the offsets' own width.
    """
    count = len(begins)
    if not count or (min(begins) >= 0 and increasing(begins)):
        return Locator(begins, None)
    code, rows_code = begins.typecode, id_typecode(count)
    rows = array(rows_code, compress(range(count), map(ge, begins, repeat(0))))
    positions = array(code, map(begins.__getitem__, rows))
    if not increasing(positions):
        rows = array(rows_code, sorted(rows, key=begins.__getitem__))
        positions = array(code, map(begins.__getitem__, rows))
    return Locator(positions, rows)


__all__ = ["Locator", "build_locator", "increasing"]
