"""Duplicate locations, found incrementally: the same URL after normalisation, or up to a slash.

Entries whose normalised URLs (:func:`~sitemap_studio.core.urls.parsing.normalize_url`)
are equal are duplicates; entries that differ only by a trailing slash are
possible duplicates. The first entry of a group is canonical and not flagged;
each later one is, naming it.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence

from sitemap_studio.core.model.findings import RuleSource, Severity
from sitemap_studio.core.model.row_columns import id_typecode
from sitemap_studio.core.urls.parsing import normalize_url
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.duplicate_verdicts import judge_group, loose_key
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


#: Bits of a loose hash kept when the URLs can be read back to check a group: a collision
#: then costs a look at two URLs, never a wrong finding (tests narrow it to force some).
LOOSE_MASK = 0xFFFF_FFFF


def _folded(value: int) -> int:
    """A 64-bit hash folded into a non-zero signed 4-byte int (within :data:`LOOSE_MASK`)."""
    folded = (value ^ (value >> 32)) & LOOSE_MASK
    folded -= (folded >> 31) << 32
    return folded or 1


class DuplicateIndex:
    """Which entries list the same URL, kept up to date entry by entry.

    Entries whose normalised URLs (:func:`~sitemap_studio.core.urls.parsing.normalize_url`)
    are equal are duplicates; entries that differ only by a trailing slash are
    possible duplicates. The first entry of a group (lowest ``order``, else the
    first added) is canonical and not flagged; each later one is, naming it.

    Memory stays small for a million entries: per entry, a 64-bit hash in an
    array indexed by entry id (two when the URLs cannot be read back) and one
    slot of a dict from the slash-less URL's hash to an id (a list only for
    groups). After :meth:`compact` (the end of a full run) the entries alone in
    their bucket leave the dict for an array of ids sorted by hash: 4 bytes an
    entry instead of about 110.
    URLs themselves are not kept: ``loc_of`` fetches the URLs of flagged
    entries to check that hashes did not collide and to say what
    normalisation undid ("host case").

    Args:
        order: the engine's current row of an entry id; defaults to the order
            entries were added.
        loc_of: the current ``<loc>`` of an entry id.
        rows_of: ``order`` for many ids at once (a list of rows), which a group
            of N copies asks instead of N calls of ``order``.
        locs_at: the ``<loc>`` of many rows (that ``rows_of`` gave) at once.
    """

    __slots__ = ("_buckets", "_exact", "_keep_exact", "_loc_of", "_locs_at", "_loose", "_order",
                 "_rows_of", "_single_ids", "_sparse")

    def __init__(self, order: Callable[[int], int] | None = None,
                 loc_of: Callable[[int], str | None] | None = None, *,
                 rows_of: Callable[[Sequence[int]], Sequence[int]] | None = None,
                 locs_at: Callable[[Sequence[int]], Sequence[str | None]] | None = None) -> None:
        self._order = order
        self._loc_of = loc_of
        self._rows_of = rows_of
        self._locs_at = locs_at
        self._buckets: dict[int, int | list[int]] = {}
        #: The exact URL's hash tells copies from slash variants only when the URLs cannot be
        #: read back (no ``loc_of``); with them it is never read, so it is not kept.
        self._keep_exact = loc_of is None and (locs_at is None or rows_of is None)
        self._exact = array("q")
        #: 4 bytes an entry when the URLs can be read back (see _folded), else 8.
        self._loose = array("q" if self._keep_exact else "i")
        self._sparse: dict[int, tuple[int, int]] = {}
        #: Compacted one-entry buckets: their ids, in the order of their loose hashes (read
        #: from ``_loose``, so each hash is kept once). An id leaves before its hash changes.
        self._single_ids = array("q")

    def __len__(self) -> int:
        buckets, loose = self._buckets, self._loose
        singles = sum(1 for entry_id in self._single_ids if loose[entry_id] not in buckets)
        return singles + sum(1 if isinstance(bucket, int) else len(bucket)
                             for bucket in buckets.values())

    def _single(self, loose_hash: int) -> int | None:
        """The compacted entry alone under ``loose_hash``, if there is one."""
        ids, loose = self._single_ids, self._loose
        at = bisect_left(ids, loose_hash, key=loose.__getitem__)
        if at < len(ids) and loose[ids[at]] == loose_hash:
            return ids[at]
        return None

    def _leave_singles(self, entry_id: int, loose_hash: int) -> None:
        """Take ``entry_id`` (hashed ``loose_hash``) out of the compacted singles, if there."""
        ids = self._single_ids
        if ids and 0 <= entry_id < len(self._loose):
            at = bisect_left(ids, loose_hash, key=self._loose.__getitem__)
            if at < len(ids) and ids[at] == entry_id:
                del ids[at]

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
        loose = self._loose
        singles = dict(zip(map(loose.__getitem__, self._single_ids), self._single_ids,
                           strict=True))
        groups: dict[int, int | list[int]] = {}
        for loose_hash, bucket in self._buckets.items():
            if isinstance(bucket, int) and 0 <= bucket < len(loose):
                singles[loose_hash] = bucket
            else:
                singles.pop(loose_hash, None)
                groups[loose_hash] = bucket
        self._buckets = groups  # a new dict: a dict never shrinks as keys leave it
        ids = array("q", map(singles.__getitem__, sorted(singles)))
        self._single_ids = array(id_typecode(max(ids, default=0)), ids)  # 4 bytes when they fit
        # The hash arrays grew by doubling: keep them only up to the last id indexed.
        used = -(-len(self._loose.tobytes().rstrip(b"\0")) // self._loose.itemsize)
        self._exact, self._loose = self._exact[:used], self._loose[:used]

    def __contains__(self, entry_id: object) -> bool:
        return isinstance(entry_id, int) and self._hashes(entry_id)[1] != 0

    def _hashes(self, entry_id: int) -> tuple[int, int]:
        if 0 <= entry_id < len(self._loose):
            return self._exact[entry_id] if self._keep_exact else 0, self._loose[entry_id]
        return self._sparse.get(entry_id, (0, 0))

    def _store(self, entry_id: int, exact: int, loose: int) -> None:
        size = len(self._loose)
        if entry_id >= size and 0 <= entry_id <= 2 * size + 65536:
            grow = max(entry_id + 1 - size, size, 1024)
            zeros = bytes(8 * grow)
            if self._keep_exact:
                self._exact.extend(array("q", zeros))
            self._loose.extend(array(self._loose.typecode, zeros[:self._loose.itemsize * grow]))
            size += grow
        if 0 <= entry_id < size:
            if self._keep_exact:
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
        if not self._keep_exact:
            loose_hash = _folded(loose_hash)
        if inside:
            if self._keep_exact:
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
        if highest >= len(self._loose) and highest <= 2 * len(self._loose) + 65536:
            self._store(highest, 0, 0)  # grows both arrays once
        exact_hashes, loose_hashes, buckets = self._exact, self._loose, self._buckets
        keep_exact = self._keep_exact
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
            if not keep_exact:
                loose_hash = _folded(loose_hash)
            if keep_exact:
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
        self._leave_singles(entry_id, loose_hash)
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
        self._single_ids = array("q")
        self._exact = array("q")
        self._loose = array(self._loose.typecode)
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
        return tuple(self._ordered(bucket)[0])

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
        """``(entry id, rule, message)`` of each of ``entry_ids`` that repeats an earlier URL."""
        ids = entry_ids if isinstance(entry_ids, Collection) else list(entry_ids)
        verdicts = {entry_id: (found, message)
                    for found, message, flagged in self.verdicts(ids, describe)
                    for entry_id in flagged}
        for entry_id in ids:
            verdict = verdicts.get(entry_id)
            if verdict is not None:
                yield entry_id, verdict[0], verdict[1]

    def verdicts(self, entry_ids: Iterable[int] | None, describe: Callable[[int], str]
                 ) -> list[tuple[Rule, str, list[int]]]:
        """``(rule, message, entry ids)``: which of ``entry_ids`` (``None``: every entry)
        repeat an earlier URL, and how.

        Copies that get the same message come as one list (in document order), so the
        N copies of one URL cost one ordering and one comparison of their group, not N.
        """
        result: list[tuple[Rule, str, list[int]]] = []
        if entry_ids is None:
            for shared in self._buckets.values():
                if isinstance(shared, list):
                    result.extend(self._group_verdicts(shared, shared, describe))
            return result
        loose_hashes, sparse = self._loose, self._sparse
        size = len(loose_hashes)
        wanted: dict[int, list[int]] = {}  # loose hash -> the ids asked about
        for entry_id in entry_ids:
            loose_hash = (loose_hashes[entry_id] if 0 <= entry_id < size
                          else sparse.get(entry_id, (0, 0))[1])
            if loose_hash:
                found = wanted.get(loose_hash)
                if found is None:
                    wanted[loose_hash] = [entry_id]
                else:
                    found.append(entry_id)
        for loose_hash, asked in wanted.items():
            bucket = self._buckets.get(loose_hash)
            if isinstance(bucket, list):
                result.extend(self._group_verdicts(bucket, asked, describe))
        return result

    def _ordered(self, bucket: list[int]) -> tuple[list[int], Sequence[int] | None]:
        """The bucket in document order, and the rows of its members when known."""
        if self._rows_of is None:
            return (sorted(bucket, key=self._order) if self._order else list(bucket)), None
        rows = self._rows_of(bucket)
        ordered = sorted(rows)
        if ordered == rows:  # as entered: the common case
            return list(bucket), rows
        return [bucket[at] for at in sorted(range(len(bucket)), key=rows.__getitem__)], ordered

    def _group_verdicts(self, bucket: list[int], asked: list[int],
                        describe: Callable[[int], str]) -> list[tuple[Rule, str, list[int]]]:
        members, rows = self._ordered(bucket)
        if self._locs_at is not None and rows is not None:
            locs: Sequence[str | None] | None = self._locs_at(rows)
        elif self._loc_of is not None:
            locs = [self._loc_of(member) for member in members]
        else:
            locs = None
        # Without the URLs, hashes alone: the bucket is one group up to a trailing slash.
        spellings: Sequence[object] = locs if locs is not None else [
            self._hashes(member)[0] for member in members]
        wanted = None if asked is bucket or len(set(asked)) == len(members) else set(asked)
        return [(LOC_POSSIBLE_DUPLICATE if slash else LOC_DUPLICATE, message, flagged)
                for slash, message, flagged in judge_group(
                    members, spellings, locs is not None, wanted, describe)]
