"""Bring a kept sort up to date after some rows changed, instead of sorting every row again.

A kept sort (:class:`~sitemap_studio.core.rows.sorted_rows.SortedRows`) holds
global rows; an edit, insert, removal or move in one file changes a few rows'
values or places and shifts the rows after them. :class:`RowOrigins` follows
one part (file) from the moment the sort was made: for each of its rows now,
the row it was then, or :data:`CHANGED` for a row that is new, edited or
moved. :func:`repaired` then renumbers the rows that did not change (their
order holds: their keys are the same and their file and row order too), takes
the others out and puts them back where their keys now belong, found by
bisection with keys read on demand. The work is a few passes over the kept
arrays and a few dozen key reads per changed row, so an edit of one cell costs
milliseconds where sorting a million rows costs a second; no list of a
million keys is made.

Rows are placed by a *place*: ``(0, key, row)`` for a row with a value,
``(1, text, row)`` for one whose value does not parse and ``(2, row)`` for
one without a value. The kept order followed by its tail is ascending in
places, which is the order a stable sort gives (equal keys in file order,
then row order; unparsable values, then absent ones, last).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate, compress, pairwise, repeat
from operator import lt
from struct import pack
from typing import Any

from sitemap_studio.core.rows.sorted_rows import SortedRows

#: Origin of a row that is new, or whose value or place changed, since the sort was made.
CHANGED = -1
#: Up to this many changed rows are looked for in the kept bytes one by one (then in a pass).
FIND_ROWS = 32
#: Rows renumbered per Python list (the ints of a whole list of a million would cost 36 MB).
_SLICE = 1 << 16
#: A global row's place in the ascending order (see the module).
Place = Callable[[int], tuple[Any, ...]]


class RowOrigins:
    """One part's rows now, each as the row it was when a sort was made (or :data:`CHANGED`).

    Call the four methods as the part's document reports its changes.
    """

    __slots__ = ("changed", "origin")

    def __init__(self, count: int, *, fresh: bool = False) -> None:
        """Follow ``count`` rows, unchanged (or all new with ``fresh``)."""
        self.origin = array("i", [CHANGED]) * count if fresh else array("i", range(count))
        #: How many rows are :data:`CHANGED`.
        self.changed = count if fresh else 0

    def inserted(self, row: int, count: int) -> None:
        """``count`` new rows came before ``row``."""
        self.origin[row:row] = array("i", [CHANGED]) * count
        self.changed += count

    def removed(self, row: int, count: int) -> None:
        """Rows ``row:row + count`` went."""
        self.changed -= self.origin[row:row + count].count(CHANGED)
        del self.origin[row:row + count]

    def moved(self, row: int, count: int, destination: int) -> None:
        """Rows ``row:row + count`` moved before ``destination`` (Qt's convention)."""
        self.changed += count - self.origin[row:row + count].count(CHANGED)
        del self.origin[row:row + count]
        at = destination if destination < row else destination - count
        self.origin[at:at] = array("i", [CHANGED]) * count

    def edited(self, rows: Sequence[int]) -> None:
        """The values of ``rows`` changed."""
        origin = self.origin
        for row in rows:
            if origin[row] != CHANGED:
                origin[row] = CHANGED
                self.changed += 1


def repaired(kept: SortedRows, before: Sequence[int], now: Sequence[int],
             origins: Mapping[int, RowOrigins], place: Place) -> SortedRows:
    """``kept``, made when the parts had ``before`` rows each, for the parts as they are now
    (``now`` rows each); ``origins`` follows every part that changed since (the others
    did not), ``place`` gives a row's place now (see the module)."""
    order, ties, tail = kept.parts()
    renumber = _Renumbering(before, now, origins)
    order, ties = renumber.apply(order, ties)
    tail = renumber.apply(tail, None)[0]
    starts = [0, *accumulate(now)]
    changed: list[int] = []
    for part, follow in origins.items():
        start = starts[part]
        changed.extend(start + row for row in compress(
            range(len(follow.origin)), map(lt, follow.origin, repeat(0))))
    places = sorted(map(place, changed))
    valued = [found for found in places if found[0] == 0]
    order, ties = _merged(order, ties if ties is not None else bytearray(len(order)),
                          valued, place)
    others = [found for found in places if found[0] != 0]
    tail = _merged(tail, None, others, place)[0]
    assert ties is not None
    return SortedRows(order, ties, tail, starts[-1])


class _Renumbering:
    """Global rows when a sort was made -> global rows now, for the rows that did not
    change; changed and removed rows are left out.

    A pass over a million rows in Python is the cost to keep down: when no row moved
    (edits only) the rows keep their numbers and the few left out are found in the
    kept bytes; when one part changed, one comprehension renumbers (no table of a
    million rows to look up at random).
    """

    def __init__(self, before: Sequence[int], now: Sequence[int],
                 origins: Mapping[int, RowOrigins]) -> None:
        self.starts = [0, *accumulate(before)]
        self.now_starts = [0, *accumulate(now)]
        #: Per part followed: its old rows -> global rows now (-1: changed or removed).
        self.inverses: dict[int, array[int]] = {}
        self.same = True  # every row that did not change kept its number
        for part, (count_before, count_now) in enumerate(zip(before, now, strict=True)):
            follow = origins.get(part)
            if follow is None:
                if count_before != count_now:
                    raise ValueError(f"part {part} changed without being followed")
            else:
                start = self.now_starts[part]
                inverse = array("q", [-1]) * count_before
                for row, origin in enumerate(follow.origin):
                    if origin >= 0:
                        inverse[origin] = start + row
                        self.same = self.same and origin == row
                self.inverses[part] = inverse
            self.same = self.same and self.now_starts[part] == self.starts[part]

    def apply(self, rows: array[int], ties: bytearray | None
              ) -> tuple[array[int], bytearray | None]:
        """``rows`` (and their ``ties``) renumbered, changed and removed rows left out."""
        if self.same:
            return _without(rows, ties, self._found(rows))
        if len(self.inverses) == 1:  # rows before the part keep their numbers
            [(part, inverse)] = self.inverses.items()
            low, high = self.starts[part], self.starts[part + 1]
            shift = self.now_starts[part + 1] - high
            mapped = array(rows.typecode)
            gone: list[int] = []
            for at in range(0, len(rows), _SLICE):  # a slice's ints at a time, not a million
                listed = [row if row < low else inverse[row - low] if row < high
                          else row + shift for row in rows[at:at + _SLICE]]
                gone.extend(at + found for found in _positions(listed))
                mapped.extend(array(rows.typecode, listed))
            return _without(mapped, ties, gone, owned=True)
        moves = array(rows.typecode)
        for part, (low, high) in enumerate(pairwise(self.starts)):
            start = self.now_starts[part]
            moves.extend(iter(self.inverses.get(part) or range(start, start + high - low)))
        mapped = array(rows.typecode, map(moves.__getitem__, rows))
        return _without(mapped, ties, _positions(mapped), owned=True)

    def _found(self, rows: array[int]) -> list[int]:
        """Where the changed rows are in ``rows`` (their numbers did not change)."""
        gone = [self.starts[part] + old for part, inverse in self.inverses.items()
                for old in compress(range(len(inverse)), map(lt, inverse, repeat(0)))]
        if len(gone) > FIND_ROWS:
            flags = bytearray(self.starts[-1])
            for row in gone:
                flags[row] = 1
            return list(compress(range(len(rows)), map(flags.__getitem__, rows)))
        data = rows.tobytes()
        size = rows.itemsize
        found = []
        for row in gone:
            probe = pack("=" + rows.typecode, row)
            at = data.find(probe)
            while at >= 0 and at % size:
                at = data.find(probe, at + 1)
            if at >= 0:
                found.append(at // size)
        return sorted(found)


def _positions(mapped: Sequence[int]) -> list[int]:
    """Where ``mapped`` holds -1."""
    found = []
    at = -1
    try:
        while True:
            at = mapped.index(-1, at + 1)
            found.append(at)
    except ValueError:
        return found


def _without(rows: array[int], ties: bytearray | None, gone: list[int], *,
             owned: bool = False) -> tuple[array[int], bytearray | None]:
    """``rows`` without those at (ascending) positions ``gone``; a row left out passes its
    tie on to the next one (both equal the row before it). ``owned``: ``rows`` is the
    caller's own, to change in place (no second array of a million rows)."""
    if not gone:
        return rows, ties
    if owned:
        return _compacted(rows, ties, gone)
    kept = array(rows.typecode)
    kept_ties = None if ties is None else bytearray()
    last = len(rows) - 1
    previous = 0
    for at in gone:
        kept.extend(rows[previous:at])
        if ties is not None and kept_ties is not None:
            if at < last:
                ties[at + 1] &= ties[at]
            kept_ties.extend(ties[previous:at])
        previous = at + 1
    kept.extend(rows[previous:])
    if ties is not None and kept_ties is not None:
        kept_ties.extend(ties[previous:])
    return kept, kept_ties


def _compacted(rows: array[int], ties: bytearray | None,
               gone: list[int]) -> tuple[array[int], bytearray | None]:
    """:func:`_without`, in place: each kept run moves down over the gaps before it."""
    last = len(rows) - 1
    write = previous = 0
    for at in [*gone, len(rows)]:
        if at > previous:
            rows[write:write + at - previous] = rows[previous:at]
            if ties is not None:
                ties[write:write + at - previous] = ties[previous:at]
            write += at - previous
        if ties is not None and at < last:
            ties[at + 1] &= ties[at]
        previous = at + 1
    del rows[write:]
    if ties is not None:
        del ties[write:]
    return rows, ties


def _after(rows: array[int], wanted: tuple[Any, ...], low: int, place: Place) -> int:
    """The first index from ``low`` whose row's place is past ``wanted`` (galloping: the
    indexes asked for only grow, so few rows' keys are read for each)."""
    count = len(rows)
    step = 1
    while True:
        probe = low + step - 1
        if probe >= count:
            high = count
            break
        if place(rows[probe]) < wanted:
            low = probe + 1
            step *= 2
        else:
            high = probe
            break
    return bisect_left(rows, wanted, low, high, key=place)


def _merged(rows: array[int], ties: bytearray | None, places: list[tuple[Any, ...]],
            place: Place) -> tuple[array[int], bytearray | None]:
    """``rows`` (ascending in places, with their ``ties``) with the rows of ``places``
    (ascending) put where they belong."""
    if not places:
        return rows, ties
    merged = array(rows.typecode)
    merged_ties = bytearray() if ties is not None else None
    low = 0
    #: The key of the row last put in, when it was one of ``places``.
    put: tuple[Any, ...] | None = None
    for wanted in places:
        at = _after(rows, wanted, low, place)
        if at > low:
            merged.extend(rows[low:at])
            if ties is not None and merged_ties is not None:
                first = len(merged_ties)
                merged_ties.extend(ties[low:at])
                if put is not None and not ties[low]:
                    merged_ties[first] = place(rows[low])[1] == put[1]
            put = None
        if merged_ties is not None:
            previous = put if put is not None else place(merged[-1]) if merged else None
            merged_ties.append(previous is not None and previous[1] == wanted[1])
        merged.append(wanted[-1])
        put = wanted
        low = at
    if low < len(rows):
        merged.extend(rows[low:])
        if ties is not None and merged_ties is not None:
            first = len(merged_ties)
            merged_ties.extend(ties[low:])
            if put is not None and not ties[low]:
                merged_ties[first] = place(rows[low])[1] == put[1]
    return merged, merged_ties


__all__ = ["CHANGED", "Place", "RowOrigins", "repaired"]
