"""Whole-column sorts of several documents, kept for the next click and kept current.

:class:`KeptSorts` holds the last few columns' sorts over the rows of
several documents shown one after another (the parts of
:class:`~sitemap_studio.core.rows.combined_rows.CombinedRows`) and follows
the documents: each change is noted per part (:class:`RowOrigins`), and a
sort asked for after changes is repaired (:func:`repaired`: the changed rows
are taken out and put back by bisection) rather than made again, as long as
no more than :func:`repair_limit` rows changed. Past that, the sort is
dropped and following its changes stops. An edit counts for a column's sort
only where it changed what orders the row by that column: a lastmod typed in
leaves the location sort as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.rows.sort_repair import Place, RowOrigins, repaired
from sitemap_studio.core.rows.sorted_rows import SortedRows

#: Whole-column sorts kept for the next click (the most recent ones).
KEPT_SORTS = 3
#: At most this many changed rows are put back one by one (besides the share below).
REPAIR_ROWS = 4096
#: ... or this share of every row (each costs a few dozen key reads where sorting costs one).
REPAIR_SHARE = 16
#: Idle time repairs a sort only for this many changed rows (one step: more would stall the
#: window); a click repairs it for more.
IDLE_REPAIR_ROWS = 4096


def repair_limit(total: int) -> int:
    """How many changed rows a kept sort of ``total`` rows is repaired for."""
    return max(REPAIR_ROWS, total // REPAIR_SHARE)


@dataclass
class _Kept:
    """A sort, the parts' lengths when it was made, and what changed since."""

    rows: SortedRows
    lengths: list[int]
    origins: dict[int, RowOrigins] = field(default_factory=dict)

    @property
    def changed(self) -> int:
        return sum(follow.changed for follow in self.origins.values())


class KeptSorts:
    """The kept sorts of several documents' rows (see the module).

    Call :meth:`follow` for each document in turn (its part number is its
    turn) and :meth:`close` when done.
    """

    def __init__(self, value_of: Callable[[int, int], Callable[[int], Any] | None]) -> None:
        """``value_of(part, column)`` reads what orders a row of that part by that column
        (``None`` when unknown): an edit that leaves it as it was moves no row."""
        self._kept: dict[int, _Kept] = {}
        self._lengths: list[int] = []
        self._connections: list[tuple[Any, Callable[..., None]]] = []
        self._value_of = value_of
        #: The part being edited and its rows' values per kept column, before the edit.
        self._before: tuple[int, dict[int, list[Any]]] | None = None

    def follow(self, document: SitemapDocument) -> None:
        """Note the changes of ``document``, the next part; kept sorts take its rows as
        changed (or are dropped when they are too many)."""
        part = len(self._lengths)
        self._lengths.append(len(document))
        for kept in self._kept.values():
            kept.lengths.append(0)
            kept.origins[part] = RowOrigins(len(document), fresh=True)
        self._drop_overgrown()
        handlers: list[tuple[Any, Callable[..., None]]] = [
            (document.entries_inserted, self._handler(part, "inserted")),
            (document.entries_removed, self._handler(part, "removed")),
            (document.entries_moved, self._handler(part, "moved")),
            (document.entries_changing, self._editing(part)),
            (document.entries_changed, self._handler(part, "edited"))]
        for event, handler in handlers:
            event.connect(handler)
            self._connections.append((event, handler))

    def _editing(self, part: int) -> Callable[[list[int]], None]:
        def noted(rows: list[int]) -> None:
            values = {}
            for column in self._kept:
                value = self._value_of(part, column)
                if value is not None:
                    values[column] = list(map(value, rows))
            self._before = (part, values)

        return noted

    def _edited(self, part: int, column: int, rows: list[int]) -> list[int]:
        """Those of ``rows`` (just edited) whose value by ``column`` changed."""
        before = self._before[1].get(column) if self._before and self._before[0] == part \
            else None
        value = self._value_of(part, column)
        if before is None or value is None or len(before) != len(rows):
            return rows
        return [row for row, was in zip(rows, before, strict=True) if value(row) != was]

    def _handler(self, part: int, name: str) -> Callable[..., None]:
        def noted(*args: Any) -> None:
            if name == "inserted":
                self._lengths[part] += args[1]
            elif name == "removed":
                self._lengths[part] -= args[1]
            for column, kept in self._kept.items():
                given = args
                if name == "edited":  # only the rows whose value for this column changed
                    given = (self._edited(part, column, args[0]),)
                    if not given[0]:
                        continue
                follow = kept.origins.get(part)
                if follow is None:
                    follow = kept.origins[part] = RowOrigins(kept.lengths[part])
                getattr(follow, name)(*given)
            if name == "edited":
                self._before = None
            self._drop_overgrown()

        return noted

    def _drop_overgrown(self) -> None:
        limit = repair_limit(sum(self._lengths))
        for column in [column for column, kept in self._kept.items() if kept.changed > limit]:
            del self._kept[column]

    def close(self) -> None:
        """Stop following the documents and drop every sort."""
        for event, handler in self._connections:
            event.disconnect(handler)
        self._connections.clear()
        self._kept.clear()

    def keep(self, column: int, rows: SortedRows) -> None:
        """Keep ``rows``, the sort of ``column`` over the parts as they are now."""
        if rows.total != sum(self._lengths):
            raise ValueError("the sort is not of the rows as they are")
        self._kept.pop(column, None)
        while len(self._kept) >= KEPT_SORTS:
            del self._kept[next(iter(self._kept))]
        self._kept[column] = _Kept(rows, list(self._lengths))

    def current(self) -> list[int]:
        """The columns whose kept sort holds as it is (no change since it was made)."""
        return [column for column, kept in self._kept.items() if not kept.origins]

    def pending(self, column: int) -> int | None:
        """How many rows changed since the kept sort of ``column`` was made (``None``: no sort
        of it is kept)."""
        kept = self._kept.get(column)
        return None if kept is None else kept.changed

    def get(self, column: int, place: Callable[[], Place | None]) -> SortedRows | None:
        """The sort of ``column`` as the rows are now, repaired when they changed (``place``
        makes the lookup of :func:`repaired`, or ``None`` when the column has none), or
        ``None`` when no sort of it is kept."""
        kept = self._kept.pop(column, None)
        if kept is None:
            return None
        if kept.origins:
            lookup = place()
            if lookup is None:
                return None
            kept = _Kept(repaired(kept.rows, kept.lengths, self._lengths, kept.origins, lookup),
                         list(self._lengths))
        self._kept[column] = kept  # the most recent last
        return kept.rows


__all__ = ["IDLE_REPAIR_ROWS", "KEPT_SORTS", "KeptSorts", "repair_limit"]
