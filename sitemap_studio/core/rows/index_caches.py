"""What an :class:`~sitemap_studio.core.rows.entry_order.EntryIndex` keeps between calls.

Sorting a column needs its keys, a plain filter its per-row flags, the rows
with capitals, the prefix the rows share and a locator for hits in the
document's bytes. :class:`IndexCaches` computes each on first use, keeps it
current as the document changes (through the document's callbacks: rows
inserted, removed, moved and edited) and, with :meth:`~IndexCaches.warm_up`,
computes them ahead a slice per step, for a front end's idle time. What is
done with them (the orders and the searches) is
:mod:`~sitemap_studio.core.rows.entry_order`'s.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.rows.row_locator import Locator, build_locator, increasing
from sitemap_studio.core.rows.row_facts import raw_facts, row_capitals, row_flags, shared_prefix
from sitemap_studio.core.rows.row_search import offsets
from sitemap_studio.core.rows.sort_keys import KeyReader, field_keys

_T = TypeVar("_T")


class IndexCaches:
    """Per-column caches over one document, kept current while following it.

    With ``follow=True`` the caches listen to the document; without, nothing
    is kept between calls. Call :meth:`close` when done.
    """

    def __init__(self, document: SitemapDocument, *, follow: bool = True) -> None:
        self.document = document
        self._keys: dict[int, array[float]] = {}
        self._flags: dict[int, bytearray] = {}
        self._capitals: dict[int, bytearray] = {}
        self._prefixes: dict[int, bytes] = {}
        self._locators: dict[int, Locator] = {}
        self._facts: tuple[bool, bool] | None = None
        self._following = False
        #: Bumped on every change of the document (a warm-up in progress then stops).
        self._generation = 0
        if follow:
            for event, handler in self._callbacks():
                event.connect(handler)
            self._following = True

    def _callbacks(self) -> list[tuple[Any, Callable[..., None]]]:
        doc = self.document
        return [(doc.entries_inserted, self._inserted), (doc.entries_removed, self._removed),
                (doc.entries_moved, self._moved), (doc.entries_changed, self._changed)]

    def close(self) -> None:
        """Stop following the document and drop every cache."""
        if self._following:
            for event, handler in self._callbacks():
                event.disconnect(handler)
            self._following = False
        for cache in (self._keys, self._flags, self._capitals, self._prefixes, self._locators):
            cache.clear()

    @property
    def generation(self) -> int:
        """A number that changes whenever the followed document changes."""
        return self._generation

    def cache_size(self) -> int:
        """Bytes held by the caches."""
        return (sum(8 * len(keys) for keys in self._keys.values())
                + sum(len(flags) for flags in self._flags.values())
                + sum(len(capitals) for capitals in self._capitals.values())
                + sum(locator.size for locator in self._locators.values()))

    # ---------------------------------------------------------- following changes

    def _refresh(self, start: int, stop: int) -> None:
        """Recompute what the caches hold for rows ``start:stop`` (new or changed)."""
        doc = self.document
        for column, keys in self._keys.items():
            keys[start:stop] = field_keys(doc, column, start, stop)
        for column, flags in self._flags.items():
            flags[start:stop] = row_flags(doc, column, start, stop, self._raw_facts())
        for column, capitals in self._capitals.items():
            capitals[start:stop] = row_capitals(doc, column, start, stop)
        for column, prefix in self._prefixes.items():
            # A restored row may not start with the prefix the others share.
            self._prefixes[column] = shared_prefix(doc, column, start, stop, prefix) or b""

    def _inserted(self, row: int, count: int) -> None:
        self._generation += 1
        for keys in self._keys.values():
            keys[row:row] = array("d", bytes(8 * count))
        for flags in (*self._flags.values(), *self._capitals.values()):
            flags[row:row] = bytes(count)
        self._refresh(row, row + count)
        self._locators.clear()

    def _row_caches(self) -> list[array[float] | bytearray]:
        return [*self._keys.values(), *self._flags.values(), *self._capitals.values()]

    def _removed(self, row: int, count: int) -> None:
        self._generation += 1
        for cache in self._row_caches():
            del cache[row:row + count]
        self._locators.clear()

    def _moved(self, row: int, count: int, destination: int) -> None:
        self._generation += 1
        at = destination if destination < row else destination - count
        for cache in self._row_caches():
            moved = cache[row:row + count]
            del cache[row:row + count]
            cache[at:at] = moved  # type: ignore[assignment]  # same type as cache
        self._locators.clear()

    def _changed(self, rows: list[int]) -> None:
        # A locator may read the document's own offsets (no copy), which an edit changes:
        # it is made again on the next search (a check that the offsets increase).
        self._generation += 1
        self._locators.clear()
        if len(rows) <= 64:
            for row in rows:
                self._refresh(row, row + 1)
        else:
            self._refresh(min(rows), max(rows) + 1)

    # -------------------------------------------------------------------- caches

    def _cached(self, cache: dict[int, _T], column: int, make: Callable[[], _T]) -> _T:
        found = cache.get(column)
        if found is None:
            found = make()
            if self._following:
                cache[column] = found
        return found

    def _raw_facts(self) -> tuple[bool, bool]:
        if self._facts is None:
            self._facts = raw_facts(self.document.raw)
        return self._facts

    def _column_keys(self, column: int) -> array[float]:
        return self._cached(self._keys, column, lambda: field_keys(self.document, column))

    def _column_flags(self, column: int) -> bytearray:
        return self._cached(self._flags, column, lambda: row_flags(
            self.document, column, 0, len(self.document), self._raw_facts()))

    def _column_capitals(self, column: int) -> bytearray:
        return self._cached(self._capitals, column, lambda: row_capitals(
            self.document, column, 0, len(self.document)))

    def _column_prefix(self, column: int) -> bytes:
        return self._cached(self._prefixes, column, lambda: shared_prefix(
            self.document, column, 0, len(self.document), None) or b"")

    def _locator(self, column: int) -> Locator:
        return self._cached(self._locators, column,
                            lambda: build_locator(offsets(self.document, column)[0]))

    # -------------------------------------------------------------------- warm-up

    def warm_up(self, columns: Sequence[int] = (1,), *, filter_column: int | None = 0,
                chunk: int = 1 << 14) -> Iterator[None]:
        """Compute ahead, one slice per step, what the first sort by ``columns`` and the
        first filter of ``filter_column`` need; drive it from idle time (``next``).

        Only useful while following the document. When the document changes
        between two steps, the warm-up stops; what it finished stays cached.
        """
        if not self._following:
            return
        generation = self._generation
        doc = self.document
        total = len(doc)
        spans = [(start, min(total, start + chunk)) for start in range(0, total, chunk)]
        self._raw_facts()
        yield
        if filter_column is not None:
            column = filter_column
            if column not in self._flags:
                flags = bytearray()
                for start, stop in spans:
                    flags += row_flags(doc, column, start, stop, self._raw_facts())
                    yield
                    if generation != self._generation:
                        return
                self._flags[column] = flags
            if column not in self._capitals:
                capitals = bytearray()
                for start, stop in spans:
                    capitals += row_capitals(doc, column, start, stop)
                    yield
                    if generation != self._generation:
                        return
                self._capitals[column] = capitals
            if column not in self._prefixes:
                prefix: bytes | None = None
                for start, stop in spans:
                    prefix = shared_prefix(doc, column, start, stop, prefix)
                    yield
                    if generation != self._generation:
                        return
                self._prefixes[column] = prefix or b""
            if column not in self._locators:
                begins = offsets(doc, column)[0]
                previous = -1
                for start, stop in spans:
                    part = begins[start:stop]
                    if part[0] <= previous or min(part) < 0 or not increasing(part):
                        break  # not in file order: built on first use instead
                    previous = part[-1]
                    yield
                    if generation != self._generation:
                        return
                else:
                    self._locators[column] = Locator(begins, None)  # dropped on any change
        for column in columns:
            if column in self._keys:
                continue
            reader = KeyReader(doc.raw, column)
            keys = array("d")
            for start, stop in spans:
                keys.extend(reader.read(doc, start, stop))
                yield
                if generation != self._generation:
                    return
            self._keys[column] = keys


__all__ = ["IndexCaches"]
