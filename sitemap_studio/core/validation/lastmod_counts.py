"""How many entries share the most common lastmod, kept in a few integers.

The build-stamp rule (:func:`~sitemap_studio.core.validation.values_rules.check_lastmod_churn`)
needs only the most common non-empty lastmod and its count, and only when it
covers more than :data:`~sitemap_studio.core.validation.values_rules.CHURN_SHARE`
of the entries. A counter of every stamp would cost about 90 bytes per entry
for a file of distinct stamps (a million of them: 90 MB), so
:class:`LastmodCounts` counts every stamp (by hash) only during a full run,
then keeps the most common one with its exact count and a bound on any other
stamp's count. An edit moves the count or the bound; only when the bound
could let another stamp reach the share does it count the document again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from sitemap_studio.core.validation.values_rules import CHURN_SHARE


class LastmodCounts:
    """The most common lastmod (by hash) of a document, followed through its edits."""

    __slots__ = ("_loading", "_others", "_top", "_top_count")

    def __init__(self) -> None:
        #: Every stamp's count, by hash, while a full run adds the entries; ``None`` after.
        self._loading: Counter[int] | None = Counter()
        self._top = 0  # hash of the most common stamp when last counted; 0: none
        self._top_count = 0  # its count now
        self._others = 0  # no other stamp is on more entries than this

    def clear(self) -> None:
        """Forget every stamp (a new full run follows)."""
        self._loading = Counter()
        self._top = self._top_count = self._others = 0

    def add_many(self, stamps: Iterable[str]) -> None:
        """:meth:`add` for many stamps."""
        if self._loading is not None:
            self._loading.update(filter(None, map(hash, stamps)))
        else:
            for stamp in stamps:
                self.add(stamp)

    def add(self, stamp: str | None) -> None:
        """One more entry has ``stamp`` (nothing for an absent or empty one)."""
        if not stamp:
            return
        key = hash(stamp)
        if self._loading is not None:
            self._loading[key] += 1
        elif key == self._top:
            self._top_count += 1
        else:
            self._others += 1

    def remove(self, stamp: str | None) -> None:
        """One entry with ``stamp`` changes or goes."""
        if not stamp:
            return
        key = hash(stamp)
        if self._loading is not None:
            self._loading[key] -= 1
            if self._loading[key] <= 0:
                del self._loading[key]
        elif key == self._top:
            self._top_count -= 1

    def most_common(self, total: int, stamps: Callable[[], Iterable[str | None]]
                    ) -> Counter[int]:
        """The stamp (hash) that may cover the share of ``total`` entries, with its count.

        Empty when no stamp is present. ``stamps`` gives every entry's lastmod,
        read only when the bound no longer rules out another stamp.
        """
        if self._loading is not None:
            self._settle(self._loading)
        elif self._others > CHURN_SHARE * total:
            self._settle(Counter(filter(None, map(hash, filter(None, stamps())))))
        return Counter({self._top: self._top_count}) if self._top else Counter()

    def _settle(self, counts: Counter[int]) -> None:
        first = counts.most_common(2)
        self._top, self._top_count = first[0] if first else (0, 0)
        self._others = first[1][1] if len(first) > 1 else 0
        self._loading = None


__all__ = ["LastmodCounts"]
