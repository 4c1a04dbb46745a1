"""How the members of one group of duplicate URLs are judged: which copies are flagged, and why.

A group is the entries whose normalised URLs are equal up to a trailing slash
(:class:`~sitemap_studio.core.validation.duplicates.DuplicateIndex` finds them).
The first entry of each exact URL is canonical and not flagged; each later
copy is, naming it; a canonical entry that repeats another only up to a slash
is a possible duplicate.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import filterfalse

from sitemap_studio.core.urls.parsing import normalization_differences, normalize_url


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


def judge_group(members: Sequence[int], spellings: Sequence[object], with_locs: bool,
                wanted: Collection[int] | None, describe: Callable[[int], str]
                ) -> list[tuple[bool, str, list[int]]]:
    """``(a slash only?, message, entry ids)`` for the copies among ``members``.

    Args:
        members: the group's entry ids in document order.
        spellings: each member's ``<loc>`` as written (``with_locs``), else its URL's hash.
        with_locs: whether ``spellings`` are the URLs themselves.
        wanted: the members to judge (``None``: every one).
        describe: how a message names another entry.
    """
    # Each spelling's earliest member; copies written alike are normalised once.
    earliest = dict(zip(reversed(spellings), range(len(members) - 1, -1, -1), strict=True))
    keys: dict[object, tuple[object, object]] = {}
    for spelling in earliest:
        if not with_locs:
            keys[spelling] = (spelling, "")
        elif isinstance(spelling, str) and spelling:
            key = normalize_url(spelling)
            if key:
                keys[spelling] = (key, loose_key(key))
    first_exact: dict[object, int] = {}  # key -> index of its first member
    first_loose: dict[object, int] = {}
    for spelling, (exact, loose) in keys.items():
        at = earliest[spelling]
        if at < first_exact.get(exact, at + 1):
            first_exact[exact] = at
        if at < first_loose.get(loose, at + 1):
            first_loose[loose] = at
    verdicts: dict[tuple[bool, str], list[int]] = {}  # (a slash only?, message)
    # Where the copies of each spelling go (None: nowhere, loc-fragment says it).
    targets: dict[object, list[int] | None] = {}
    for spelling, (exact, _loose) in keys.items():
        first = first_exact[exact]
        message = _duplicate_message(members[first], spellings[first], spelling,
                                     with_locs, describe)
        targets[spelling] = (None if message is None
                             else verdicts.setdefault((False, message), []))
    canonical = {members[at] for at in first_exact.values()}
    if len(earliest) == 1 and wanted is None:  # copies all written alike
        found = targets.get(spellings[0])
        if found is not None:
            found.extend(filterfalse(canonical.__contains__, members))
    else:
        for member, spelling in zip(members, spellings, strict=True):
            found = targets.get(spelling)
            if found is not None and member not in canonical and (
                    wanted is None or member in wanted):
                found.append(member)
    slash_messages: dict[int, str] = {}
    for at in sorted(first_exact.values()):  # a canonical entry may repeat up to a slash
        first = first_loose[keys[spellings[at]][1]]
        if first == at or (wanted is not None and members[at] not in wanted):
            continue
        message = slash_messages.get(first)
        if message is None:
            message = slash_messages[first] = (
                f"Differs from {describe(members[first])} only by a trailing slash: "
                "possibly the same page (servers often redirect one to the other); keep "
                "the one the site links to.")
        verdicts.setdefault((True, message), []).append(members[at])
    return [(slash, message, flagged) for (slash, message), flagged in verdicts.items()
            if flagged]


def _duplicate_message(first: int, first_spelling: object, spelling: object, with_locs: bool,
                       describe: Callable[[int], str]) -> str | None:
    """What to say of a copy of ``first``; ``None`` when ``loc-fragment`` says it already."""
    if with_locs:
        reasons = normalization_differences(str(first_spelling), str(spelling))
        if reasons == ["fragment"]:
            return None  # loc-fragment already says the fragment makes it a duplicate
        how = f" after normalisation: {', '.join(reasons)}" if reasons else ", written identically"
    else:
        how = " after normalisation"
    return f"Same URL as {describe(first)}{how}. Crawlers count it once; keep one of them."
