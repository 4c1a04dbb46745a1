"""The row mapping of a filtered, sorted view: which source row each view row shows.

One object holds the mapping (``None`` for the identity), whether it is in
increasing order, and the inverse it builds when lookups call for it. The
entry proxy owns one; the object that follows the source's changes updates
it through the same methods. The bulk arithmetic is in
:mod:`sitemap_studio.core.rows.row_mapping`.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left

from sitemap_studio.core.rows import (
    insert_ascending,
    insert_unordered,
    inverse_of,
    remove_ascending,
    remove_unordered,
)

#: Source -> view lookups answered by a linear search before the inverse array is built.
_LINEAR_LOOKUPS = 4


class ProxyRows:
    """View row -> source row, and back, for a view over ``source_count()`` rows."""

    def __init__(self) -> None:
        #: Source rows in view order; ``None`` shows every source row in its own order. Only
        #: an increasing mapping is changed in place: another one may be a kept sort's own
        #: array (see ``SortedRows.rows``), so each change makes a new one.
        self.rows: array[int] | None = None
        #: Whether ``rows`` is increasing (a filter without a sort).
        self.ascending = True
        self._inverse: array[int] | None = None
        self._lookups = 0

    def set(self, rows: array[int] | None, ascending: bool) -> None:
        """Show ``rows`` (``None``: the identity); ``ascending`` when they increase."""
        self.rows = rows
        self.ascending = ascending or rows is None
        self._inverse = None  # a sorted mapping builds it when first needed
        self._lookups = 0

    def forget_inverse(self) -> None:
        """Drop the inverse (it is built again when lookups call for it)."""
        self._inverse = None
        self._lookups = 0

    def count(self, source_count: int) -> int:
        """Rows shown over a source of ``source_count`` rows."""
        return source_count if self.rows is None else len(self.rows)

    def source_row(self, view_row: int) -> int:
        """The source row shown at ``view_row``."""
        return view_row if self.rows is None else self.rows[view_row]

    def view_row(self, source_row: int, source_count: int) -> int:
        """Where ``source_row`` is shown, or -1 when it is filtered out."""
        rows = self.rows
        if rows is None:
            return source_row
        if self.ascending:
            at = bisect_left(rows, source_row)
            return at if at < len(rows) and rows[at] == source_row else -1
        inverse = self._inverse
        if inverse is None:
            if self._lookups < _LINEAR_LOOKUPS:  # a few lookups after a sort: just search
                self._lookups += 1
                try:
                    return rows.index(source_row)
                except ValueError:
                    return -1
            inverse = self._inverse = inverse_of(rows, source_count)
        return inverse[source_row] if 0 <= source_row < len(inverse) else -1

    def extend(self, rows: array[int]) -> None:
        """Show ``rows`` after those shown (a filter that found more)."""
        assert self.rows is not None
        if rows.typecode == self.rows.typecode:
            self.rows.extend(rows)
        else:
            self.rows.extend(iter(rows))
        self.forget_inverse()

    def insert(self, first: int, count: int, at: int) -> None:
        """Source rows ``first``.. (``count`` of them) were inserted; show them at ``at``."""
        rows = self.rows
        if rows is None:
            return
        if self.ascending:
            insert_ascending(rows, first, count, at)
        else:
            # The inverse is built again when lookups call for it: shifting it too cost a
            # second pass over every row and a second new array at once.
            self.rows = insert_unordered(rows, None, first, count, at)[0]
            self.forget_inverse()

    def remove(self, first: int, last: int, start: int, stop: int) -> None:
        """Source rows ``first``..``last`` were removed (shown at ``start``..``stop`` when
        the mapping is ascending)."""
        rows = self.rows
        if rows is None:
            return
        if self.ascending:
            remove_ascending(rows, first, last, start, stop)
        else:
            self.rows = remove_unordered(rows, first, last)
            self._inverse = None
            self._lookups = 0
