"""A column's sort, kept: one ascending order that also gives the descending one and
the order of any subset of the rows, without sorting again.

Sorting a million rows is the slow part of a click on a column header; turning
an order around, or keeping only the rows a filter shows, is a pass over an
array. :class:`SortedRows` holds the rows that have a value in ascending
order (stable: equal keys in row order), where runs of equal keys are
(``ties``), and the rows that come last in both directions (``tail``: values
that do not parse, then absent ones). The descending order is the ascending
one reversed, with each run of equal keys turned back into row order, so it
is the order a stable descending sort gives.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress, islice, repeat
from operator import eq
from typing import Any

from sitemap_studio.core.rows.row_mapping import row_typecode

#: A row's sort key (any values that compare with each other).
Lookup = Callable[[int], Any]
_RUN = re.compile(rb"\x01+")


class SortedRows:
    """Rows sorted ascending by a key, and what the other direction and subsets need.

    Build one with :func:`sort_rows` (at once) or :func:`sort_in_steps`.
    """

    __slots__ = ("_order", "_tail", "_ties", "total")

    def __init__(self, order: array[int], ties: bytearray, tail: Sequence[int],
                 total: int) -> None:
        """``order``: rows with a value, ascending; ``ties[i]`` is 1 when ``order[i]``'s key
        equals ``order[i - 1]``'s; ``tail`` follows in both directions; ``total`` rows."""
        self._order = order
        self._ties = ties if 1 in ties else None
        self._tail = array(order.typecode, tail)
        self.total = total

    @property
    def size(self) -> int:
        """Bytes held."""
        return (self._order.itemsize * (len(self._order) + len(self._tail))
                + (len(self._ties) if self._ties is not None else 0))

    def parts(self) -> tuple[array[int], bytearray | None, array[int]]:
        """(rows with a value ascending, a copy of their ties or ``None`` when no two keys
        are equal, the rows that follow in both directions): what :meth:`__init__` took."""
        return self._order, None if self._ties is None else bytearray(self._ties), self._tail

    def rows(self, descending: bool, within: Sequence[int] | None = None) -> array[int]:
        """Every row (or those of ``within``) in ascending or descending order.

        Every row ascending, when no row comes last, is the kept order itself, not a
        copy: read it, never change it (a view's mapping takes new arrays on change).
        """
        order = self._descending() if descending else self._order
        code = order.typecode  # 4 bytes a row below 2**31 rows, as the view keeps them
        if within is None:
            if not descending and not self._tail:
                return order
            result = order if descending else order[:]  # the descending order is a copy
            result.extend(self._tail)
            return result
        shown = bytearray(self.total)
        deque(map(shown.__setitem__, within, repeat(1)), maxlen=0)
        result = array(code, compress(order, map(shown.__getitem__, order)))
        result.extend(array(code, compress(self._tail, map(shown.__getitem__, self._tail))))
        return result

    def _descending(self) -> array[int]:
        """The rows with a value, descending; equal keys keep row order."""
        turned = self._order[::-1]
        if self._ties is not None:
            count = len(turned)
            # A run of 1s at ties[a:b] joins order[a - 1:b] into one key; reversed, those
            # rows sit at count - b:count - a + 1, in reverse row order: turn them back.
            for run in _RUN.finditer(self._ties):
                low, high = count - run.end(), count - run.start() + 1
                turned[low:high] = turned[low:high][::-1]
        return turned


def sort_in_steps(runs: Sequence[Sequence[int]], lookup: Lookup,
                  tail: Sequence[int], total: int, done: Callable[[SortedRows], None],
                  chunk: int = 1 << 16) -> Iterator[None]:
    """Merge ``runs`` (rows, each sorted stably by ``lookup``, the earlier runs' rows
    first on equal keys) and pass the :class:`SortedRows` to ``done``, a slice per step.

    Each row's key is read once, when its slice is merged, so what is held at
    once besides the result is a slice's rows and keys, never every row's key.
    """
    kept = [run for run in runs if len(run)]
    order = array(row_typecode(total))
    ties = bytearray()
    last: list[Any] = []  # the key of the last row merged, for the next slice's first tie
    for piece in _pieces(kept, lookup, chunk):
        keys = list(map(lookup, piece))
        ranked = sorted(range(len(piece)), key=keys.__getitem__)  # stable: runs in order
        ordered = list(map(keys.__getitem__, ranked))
        order.extend(array(order.typecode, map(piece.__getitem__, ranked)))
        ties.extend(map(eq, ordered, [*last, *ordered[:-1]]) if last
                    else (0, *map(eq, islice(ordered, 1, None), ordered)))
        last = ordered[-1:]
        yield
    done(SortedRows(order, ties, tail, total))


def _pieces(runs: list[Sequence[int]], lookup: Lookup, chunk: int) -> Iterator[list[int]]:
    """The rows of sorted ``runs`` in slices of about ``chunk`` rows, cut at keys of the
    longest run: every row of a slice sorts before every row of the next."""
    if not runs:
        return
    longest = max(runs, key=len)
    spacing = max(1, chunk * len(longest) // sum(map(len, runs)))
    done = [0] * len(runs)
    for cut in [*range(spacing, len(longest), spacing), None]:
        if cut is None:
            upto = list(map(len, runs))
        else:  # rows with the pivot's key go to the next slice, from every run
            pivot = lookup(longest[cut])
            upto = [bisect_left(run, pivot, start, key=lookup)
                    for run, start in zip(runs, done, strict=True)]
        piece: list[int] = []
        for run, start, stop in zip(runs, done, upto, strict=True):
            piece.extend(run[start:stop])
        done = upto
        yield piece


def sort_rows(rows: Iterable[int], lookup: Lookup, tail: Sequence[int],
              total: int) -> SortedRows:
    """``rows`` sorted stably by ``lookup``, at once."""
    found: list[SortedRows] = []
    for _step in sort_in_steps([sorted(rows, key=lookup)],
                               lookup, tail, total, found.append):
        pass
    return found[0]


__all__ = ["Lookup", "SortedRows", "sort_in_steps", "sort_rows"]
