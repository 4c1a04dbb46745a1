"""Where each row's field text ends, kept as its length: 2 bytes a row instead of 4.

A field's text ends where it began plus its length, and lengths are short: a
date, a word, a number (the location's ends stay offsets: read for every
search, sort and comparison, they are worth their 4 bytes).
:class:`FieldEnds` stands in a document's columns for the absolute end
offsets and reads as them (an item, a slice, every row in turn: the sums are
made in C, no Python code per row). It keeps the lengths after the begin
column it is given, so that begin column must be written first: a row's
begin, then its end (the order of the columns, which every writer follows).
A length that does not fit 2 bytes widens the lengths to 4 bytes a row.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from operator import add, sub
from typing import overload

#: Lengths are kept in 2 bytes a row ("H") while every one fits, then in 4 ("i").
_NARROW, _WIDE = "H", "i"


def _lengths(values: Iterable[int], typecode: str = _NARROW) -> array[int]:
    """``values`` as lengths, in ``typecode`` if they all fit, else 4 bytes each."""
    values = list(values)
    try:
        return array(typecode, values)
    except OverflowError:
        return array(_WIDE, values)


class FieldEnds:
    """The absolute end offsets of one field, stored as lengths after ``begins``.

    Reads as an ``array`` of ends (index, slice, iteration, ``len``); writes
    take absolute ends and keep ``end - begin``, so write a row's begin
    first. Rows are inserted, removed and moved through :attr:`lengths`,
    which the owner changes in step with ``begins`` (new rows: length 0).
    """

    __slots__ = ("_begins", "lengths")

    def __init__(self, begins: array[int], ends: Iterable[int]) -> None:
        self._begins = begins
        #: ``end - begin`` of each row (0 where the field is absent or the row is an object).
        self.lengths = _lengths(map(sub, ends, begins))

    @property
    def typecode(self) -> str:
        """The typecode of the ends as read (that of the begins)."""
        return self._begins.typecode

    @property
    def itemsize(self) -> int:
        """Bytes a row the lengths take."""
        return self.lengths.itemsize

    def __len__(self) -> int:
        return len(self.lengths)

    def __iter__(self) -> Iterator[int]:
        return map(add, self._begins, self.lengths)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> array[int]: ...

    def __getitem__(self, index: int | slice) -> int | array[int]:
        if isinstance(index, slice):
            return array(self._begins.typecode, map(add, self._begins[index],
                                                    self.lengths[index]))
        return self._begins[index] + self.lengths[index]

    def __setitem__(self, index: int, end: int) -> None:
        """Set row ``index``'s end (its begin already written)."""
        length = end - self._begins[index]
        try:
            self.lengths[index] = length
        except OverflowError:
            self.lengths = _lengths(self.lengths, _WIDE)
            self.lengths[index] = length


__all__ = ["FieldEnds"]
