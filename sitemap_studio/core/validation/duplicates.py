"""Duplicate locations, found incrementally: the same URL after normalisation, or up to a slash.

Entries whose normalised URLs (:func:`~sitemap_studio.core.urls.normalize_url`)
are equal are duplicates; entries that differ only by a trailing slash are
possible duplicates. The first entry of a group is canonical and not flagged;
each later one is, naming it.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence

from sitemap_studio.core.findings import RuleSource, Severity
from sitemap_studio.core.urls import normalization_differences, normalize_url
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.registry import Rule, rule

E, W = Severity.ERROR, Severity.WARNING
STUDIO = RuleSource.STUDIO

LOC_DUPLICATE = rule(
    "loc-duplicate", W, STUDIO,
    "The same URL as an earlier entry, after normalisation (case of scheme and host, default "
    "port, percent-encoding). Neither the protocol nor Google forbids it, and export writes "
    "each URL once; a URL that differs only by its #fragment gets loc-fragment instead.")
LOC_POSSIBLE_DUPLICATE = rule(
    "loc-possible-duplicate", W, STUDIO,
    "The URL differs from an earlier entry's only by a trailing slash.")


def loose_key(key: str) -> str:
    """A normalised URL without the trailing slash of its path (the root path keeps its ``/``)."""
    query = key.find("?")
    if query < 0:
        if key[-1:] != "/" or key.count("/") <= 3:
            return key
        return key[:-1]
    if query and key[query - 1] == "/" and key.count("/", 0, query) > 3:
        return key[: query - 1] + key[query:]
    return key


class DuplicateIndex:
    """Which entries list the same URL, kept up to date entry by entry.

    Entries whose normalised URLs (:func:`~sitemap_studio.core.urls.normalize_url`)
    are equal are duplicates; entries that differ only by a trailing slash are
    possible duplicates. The first entry of a group (lowest ``order``, else the
    first added) is canonical and not flagged; each later one is, naming it.

    Memory stays small for a million entries: per entry, two 64-bit hashes in
    arrays indexed by entry id and one slot of a dict from the slash-less
    URL's hash to an id (a list only for groups). After :meth:`compact` (the
    end of a full run) the entries alone in their bucket leave the dict for
    two sorted arrays (hash, id): 16 bytes an entry instead of about 110.
    URLs themselves are not kept: ``loc_of`` fetches the URLs of flagged
    entries to check that hashes did not collide and to say what
    normalisation undid ("host case").

    Args:
        order: the engine's current row of an entry id; defaults to the order
            entries were added.
        loc_of: the current ``<loc>`` of an entry id.
    """

    __slots__ = ("_buckets", "_exact", "_loc_of", "_loose", "_order", "_single_hashes",
                 "_single_ids", "_sparse")

    def __init__(self, order: Callable[[int], int] | None = None,
                 loc_of: Callable[[int], str | None] | None = None) -> None:
        self._order = order
        self._loc_of = loc_of
        self._buckets: dict[int, int | list[int]] = {}
        self._exact = array("q")
        self._loose = array("q")
        self._sparse: dict[int, tuple[int, int]] = {}
        #: Compacted one-entry buckets: loose hashes, ascending, and the id of each. A pair
        #: holds only while that id still has that hash and the dict has no bucket for it.
        self._single_hashes = array("q")
        self._single_ids = array("q")

    def __len__(self) -> int:
        buckets = self._buckets
        singles = sum(1 for loose_hash, entry_id in zip(self._single_hashes, self._single_ids,
                                                        strict=True)
                      if loose_hash not in buckets and self._hashes(entry_id)[1] == loose_hash)
        return singles + sum(1 if isinstance(bucket, int) else len(bucket)
                             for bucket in buckets.values())

    def _single(self, loose_hash: int) -> int | None:
        """The compacted entry alone under ``loose_hash``, if it still has that hash."""
        hashes = self._single_hashes
        at = bisect_left(hashes, loose_hash)
        if at < len(hashes) and hashes[at] == loose_hash:
            entry_id = self._single_ids[at]
            if self._hashes(entry_id)[1] == loose_hash:
                return entry_id
        return None

    def _bucket(self, loose_hash: int) -> int | list[int] | None:
        """The entries under ``loose_hash``: one id, a list of ids (a group), or ``None``."""
        bucket = self._buckets.get(loose_hash)
        return bucket if bucket is not None or not self._single_ids else self._single(
            loose_hash)

    def _setdefault(self, loose_hash: int, entry_id: int) -> int | list[int]:
        """``dict.setdefault`` over the dict and the compacted singles (``entry_id`` hashed)."""
        bucket = self._buckets.get(loose_hash)
        if bucket is not None:
            return bucket
        single = self._single(loose_hash)
        if single is None:
            self._buckets[loose_hash] = entry_id
            return entry_id
        if single != entry_id:  # a second entry: the pair becomes a bucket of the dict
            self._buckets[loose_hash] = single
        return single

    def compact(self) -> None:
        """Move every one-entry bucket out of the dict into the sorted arrays (after a load)."""
        singles = {loose_hash: entry_id for loose_hash, entry_id in zip(
            self._single_hashes, self._single_ids, strict=True)
            if self._hashes(entry_id)[1] == loose_hash}
        groups: dict[int, int | list[int]] = {}
        for loose_hash, bucket in self._buckets.items():
            if isinstance(bucket, int):
                singles[loose_hash] = bucket
            else:
                singles.pop(loose_hash, None)
                groups[loose_hash] = bucket
        self._buckets = groups  # a new dict: a dict never shrinks as keys leave it
        order = sorted(singles)
        self._single_hashes = array("q", order)
        self._single_ids = array("q", map(singles.__getitem__, order))
        # The hash arrays grew by doubling: keep them only up to the last id indexed.
        used = -(-len(self._loose.tobytes().rstrip(b"\0")) // 8)
        self._exact, self._loose = self._exact[:used], self._loose[:used]

    def __contains__(self, entry_id: object) -> bool:
        return isinstance(entry_id, int) and self._hashes(entry_id)[1] != 0

    def _hashes(self, entry_id: int) -> tuple[int, int]:
        if 0 <= entry_id < len(self._exact):
            return self._exact[entry_id], self._loose[entry_id]
        return self._sparse.get(entry_id, (0, 0))

    def _store(self, entry_id: int, exact: int, loose: int) -> None:
        size = len(self._exact)
        if entry_id >= size and 0 <= entry_id <= 2 * size + 65536:
            grow = max(entry_id + 1 - size, size, 1024)
            zeros = array("q", bytes(8 * grow))
            self._exact.extend(zeros)
            self._loose.extend(zeros)
            size += grow
        if 0 <= entry_id < size:
            self._exact[entry_id] = exact
            self._loose[entry_id] = loose
        elif loose:
            self._sparse[entry_id] = (exact, loose)
        else:
            self._sparse.pop(entry_id, None)

    def add(self, entry_id: int, loc: str | None) -> set[int]:
        """Index ``entry_id`` under ``loc`` (replacing what it had); returns the ids to re-report.

        The result holds every id whose duplicate findings may have changed,
        ``entry_id`` included. An empty or missing ``loc`` is not indexed.
        """
        loose_hashes = self._loose
        inside = 0 <= entry_id < len(loose_hashes)
        affected = None
        if loose_hashes[entry_id] if inside else entry_id in self._sparse:
            affected = self.remove(entry_id)
        if not loc:
            return {entry_id} if affected is None else affected | {entry_id}
        key = normalize_url(loc)
        exact_hash = hash(key) or 1
        if key[-1] == "/" or "?" in key:
            loose = loose_key(key)
            loose_hash = exact_hash if loose is key else (hash(loose) or 1)
        else:
            loose_hash = exact_hash
        if inside:
            self._exact[entry_id] = exact_hash
            loose_hashes[entry_id] = loose_hash
        else:
            self._store(entry_id, exact_hash, loose_hash)
        bucket = self._setdefault(loose_hash, entry_id)
        if bucket == entry_id:  # a new bucket (entry_id was removed from any other one)
            return {entry_id} if affected is None else affected | {entry_id}
        if isinstance(bucket, int):
            bucket = self._buckets[loose_hash] = [bucket, entry_id]
        else:
            bucket.append(entry_id)
        return set(bucket) if affected is None else set(bucket) | affected

    def extend(self, items: Iterable[tuple[int, str | None]]) -> None:
        """Index many ``(entry_id, loc)`` pairs (a load): :meth:`add` without the results."""
        items = items if isinstance(items, Sequence) else list(items)
        if not items:
            return
        highest = max(entry_id for entry_id, _ in items)
        if highest >= len(self._exact) and highest <= 2 * len(self._exact) + 65536:
            self._store(highest, 0, 0)  # grows both arrays once
        exact_hashes, loose_hashes, buckets = self._exact, self._loose, self._buckets
        setdefault = self._setdefault if self._single_ids else buckets.setdefault
        size = len(loose_hashes)
        for entry_id, loc in items:
            if not loc or not 0 <= entry_id < size or loose_hashes[entry_id]:
                self.add(entry_id, loc)
                continue
            key = normalize_url(loc)
            exact_hash = hash(key) or 1
            loose_hash = exact_hash
            if key[-1] == "/" or "?" in key:
                loose = loose_key(key)
                if loose is not key:
                    loose_hash = hash(loose) or 1
            exact_hashes[entry_id] = exact_hash
            loose_hashes[entry_id] = loose_hash
            bucket = setdefault(loose_hash, entry_id)
            if bucket != entry_id:
                if isinstance(bucket, int):
                    buckets[loose_hash] = [bucket, entry_id]
                else:
                    bucket.append(entry_id)

    def remove(self, entry_id: int) -> set[int]:
        """Forget ``entry_id``; returns the ids whose duplicate findings may have changed.

        The removed id itself is not in the result.
        """
        _exact, loose_hash = self._hashes(entry_id)
        if not loose_hash:
            return set()
        self._store(entry_id, 0, 0)
        bucket = self._buckets.get(loose_hash)
        if bucket is None or bucket == entry_id:
            self._buckets.pop(loose_hash, None)
            return set()
        if isinstance(bucket, int):
            return set()
        if entry_id in bucket:
            bucket.remove(entry_id)
        if len(bucket) == 1:
            self._buckets[loose_hash] = bucket[0]
        return set(bucket)

    def clear(self) -> None:
        """Forget every entry."""
        self._buckets.clear()
        self._single_hashes = array("q")
        self._single_ids = array("q")
        self._exact = array("q")
        self._loose = array("q")
        self._sparse.clear()

    def shared_ids(self) -> list[int]:
        """Ids of every entry that shares its URL (up to a trailing slash) with another."""
        return [entry_id for bucket in self._buckets.values() if not isinstance(bucket, int)
                for entry_id in bucket]

    def group(self, entry_id: int) -> tuple[int, ...]:
        """The ids that share ``entry_id``'s URL up to a trailing slash, in order (itself included).

        After rows move, the engine re-reports these: the canonical entry may change.
        """
        _exact, loose_hash = self._hashes(entry_id)
        bucket = self._bucket(loose_hash) if loose_hash else None
        if bucket is None:
            return ()
        if isinstance(bucket, int):
            return (bucket,)
        return tuple(sorted(bucket, key=self._order) if self._order else bucket)

    def report(self, entry_id: int, report: Reporter, describe: Callable[[int], str]) -> None:
        """Report whether ``entry_id`` duplicates an earlier entry, naming it via ``describe``."""
        self.report_many((entry_id,), lambda _entry_id: report, describe)

    def report_many(self, entry_ids: Iterable[int], reporter: Callable[[int], Reporter],
                    describe: Callable[[int], str]) -> None:
        """:meth:`report` for many entries, each with the reporter ``reporter(entry_id)`` gives."""
        for entry_id, found, message in self.found(entry_ids, describe):
            reporter(entry_id)(found, message, field="loc")

    def found(self, entry_ids: Iterable[int], describe: Callable[[int], str]
              ) -> Iterator[tuple[int, Rule, str]]:
        """``(entry id, rule, message)`` of each of ``entry_ids`` that repeats an earlier URL.

        A group is ordered and compared once for all of its entries given here, so the N
        copies of one URL cost O(N log N) in all, not O(N log N) each.
        """
        groups: dict[int, _Group] = {}
        hashes = self._hashes
        buckets = self._buckets
        for entry_id in entry_ids:
            loose_hash = hashes(entry_id)[1]
            bucket = buckets.get(loose_hash) if loose_hash else None
            if not isinstance(bucket, list):
                continue
            group = groups.get(loose_hash)
            if group is None:
                group = groups[loose_hash] = self._group_of(bucket)
            verdict = group.verdict(entry_id, describe)
            if verdict is not None:
                yield entry_id, verdict[0], verdict[1]

    def _group_of(self, bucket: list[int]) -> _Group:
        members = sorted(bucket, key=self._order) if self._order else list(bucket)
        if self._loc_of is None:
            # Hashes alone: the whole bucket is one group up to a trailing slash.
            return _Group(members, {member: self._hashes(member)[0] for member in members},
                          dict.fromkeys(members, ""), {})
        # Check the hashes against the URLs themselves (and keep the URLs for the message).
        locs = {member: self._loc_of(member) for member in members}
        exact: dict[int, int | str] = {}
        loose: dict[int, str] = {}
        keys: dict[str, tuple[str, str]] = {}  # copies written alike are normalised once
        for member, loc in locs.items():
            if not loc:
                continue
            found = keys.get(loc)
            if found is None:
                key = normalize_url(loc)
                found = keys[loc] = (key, loose_key(key) if key else "")
            if found[0]:
                exact[member], loose[member] = found
        return _Group(members, exact, loose, locs)


class _Group:
    """The entries of one bucket in order: who first holds each URL, exactly and up to a slash."""

    __slots__ = ("exact", "first_exact", "first_loose", "locs", "loose", "messages",
                 "slash_messages")

    def __init__(self, members: list[int], exact: dict[int, int | str], loose: dict[int, str],
                 locs: dict[int, str | None]) -> None:
        self.exact = exact
        self.loose = loose
        self.locs = locs
        self.first_exact: dict[int | str, int] = {}
        self.first_loose: dict[str, int] = {}
        #: Copies of one URL share their message: made once per (first entry, URL as written).
        self.messages: dict[tuple[int, str | None], str | None] = {}
        self.slash_messages: dict[int, str] = {}
        for member in members:
            if member in exact:
                self.first_exact.setdefault(exact[member], member)
                self.first_loose.setdefault(loose[member], member)

    def verdict(self, entry_id: int, describe: Callable[[int], str]) -> tuple[Rule, str] | None:
        """A duplicate of the first entry with the same URL, or a possible one, or nothing."""
        exact = self.exact.get(entry_id)
        if exact is None:
            return None
        first = self.first_exact[exact]
        if first != entry_id:
            loc = self.locs.get(entry_id)
            key = (first, loc)
            if key in self.messages:
                message = self.messages[key]
            else:
                message = self.messages[key] = self._duplicate_message(first, loc, describe)
            return None if message is None else (LOC_DUPLICATE, message)
        earliest = self.first_loose[self.loose[entry_id]]
        if earliest == entry_id:
            return None
        message = self.slash_messages.get(earliest)
        if message is None:
            message = self.slash_messages[earliest] = (
                f"Differs from {describe(earliest)} only by a trailing slash: possibly the "
                "same page (servers often redirect one to the other); keep the one the site "
                "links to.")
        return LOC_POSSIBLE_DUPLICATE, message

    def _duplicate_message(self, first: int, loc: str | None,
                           describe: Callable[[int], str]) -> str | None:
        """What to say of a copy of ``first``; ``None`` when ``loc-fragment`` says it already."""
        if self.locs:
            reasons = normalization_differences(self.locs[first] or "", loc or "")
            if reasons == ["fragment"]:
                return None  # loc-fragment already says the fragment makes it a duplicate
            how = f" after normalisation: {', '.join(reasons)}" if reasons else \
                ", written identically"
        else:
            how = " after normalisation"
        return f"Same URL as {describe(first)}{how}. Crawlers count it once; keep one of them."
