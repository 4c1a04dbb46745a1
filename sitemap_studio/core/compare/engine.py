"""Compare two sides URL by URL, fast enough for a million on each.

Each side becomes one dictionary from ``loc`` to a value key (a hash of the
bytes after the entry's loc, or of the values of an entry held as an object),
built by C loops over the document's columns. A URL on both sides whose keys
are equal is unchanged without decoding anything else; only the others are
read in full and compared field by field, so a formatting difference alone
is never reported as a change. Set operations between the dictionaries find
the added and removed URLs; positions are looked up only for the URLs shown.
"""

from __future__ import annotations

import gc
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from itertools import compress, repeat
from operator import ne
from typing import Any

from sitemap_studio.core.compare.results import (
    COMPARED_FIELDS,
    ChangedUrl,
    CompareResult,
    FieldChange,
    MovedUrl,
    PrefixCount,
)
from sitemap_studio.core.compare.sides import Side
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)(/[^/?#]*)?")
_NOTES = ("padded", "structure")


class _Index:
    """One side as one dictionary ``loc -> value key``, with each file's locs in row order.

    Positions are found only for the few URLs that need them (:meth:`places`),
    so a side costs one dictionary, not two.
    """

    def __init__(self, side: Side) -> None:
        self.side = side
        self.keys: dict[str, int] = {}
        self.locs: list[list[str]] = []
        for item in side.files:
            document = item.document
            locs, keys, objects = document.comparison_columns()
            for row in objects:
                entry = document.entry_at(row)
                locs[row] = (entry.loc or "").strip(XML_WHITESPACE)
                keys[row] = hash(_values(document, row))
            self.locs.append(locs)
            self.keys.update(zip(locs, keys, strict=True))
        self.keys.pop("", None)

    def ordered(self, wanted: set[str]) -> list[str]:
        """The locs of ``wanted`` in this side's order (files, then rows), each once."""
        found: list[str] = []
        for locs in self.locs:
            found.extend(compress(locs, map(wanted.__contains__, locs)))
        return list(dict.fromkeys(found)) if len(found) > len(wanted) else found

    def places(self, wanted: set[str]) -> dict[str, tuple[int, int]]:
        """``loc -> (file index, row)`` for the locs of ``wanted`` (the last row, as for keys)."""
        found: dict[str, tuple[int, int]] = {}
        for number, locs in enumerate(self.locs):
            rows = compress(range(len(locs)), map(wanted.__contains__, locs))
            found.update((locs[row], (number, row)) for row in rows)
        return found

    def values(self, place: tuple[int, int]) -> tuple[Any, ...]:
        """The compared values of the entry at ``place``, in :data:`COMPARED_FIELDS` order."""
        return _values(self.side.files[place[0]].document, place[1])

    def files(self, names: dict[str, int]) -> dict[str, int]:
        """``loc -> number`` of its file's name in ``names`` (filled as met)."""
        found: dict[str, int] = {}
        for item, locs in zip(self.side.files, self.locs, strict=True):
            found.update(zip(locs, repeat(names.setdefault(item.name, len(names)))))
        found.pop("", None)
        return found


def _values(document: SitemapDocument, row: int) -> tuple[Any, ...]:
    if document.has_object(row):
        entry = document.entry_at(row)
        return tuple(getattr(entry, name) for name in COMPARED_FIELDS)
    return (document.text(row, 1), document.text(row, 2), document.text(row, 3), (), (), (), ())


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while millions of new objects are made.

    The objects made here hold no cycles; without the pause the collector
    walks the growing heap again and again, which tripled the time of a
    million-URL comparison.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def compare_sides(old: Side, new: Side, *, cancel: CancelToken | None = None,
                  progress: ProgressCallback | None = None) -> CompareResult:
    """Compare ``old`` with ``new``; see the module notes.

    A URL counts once per side (the last entry wins when a side lists it
    twice). ``moved`` is filled when both sides have more than one file: a URL
    whose file (by name) differs between them. The work is a few set
    operations done by C loops, so it checks ``cancel`` between them.

    Raises:
        Cancelled: ``cancel`` was set.
    """
    with _collector_paused():
        return _compare(old, new, cancel, progress)


def _compare(old: Side, new: Side, cancel: CancelToken | None,
             progress: ProgressCallback | None) -> CompareResult:
    report(progress, 0, 100)
    old_index = _Index(old)
    check(cancel)
    report(progress, 30, 100)
    new_index = _Index(new)
    check(cancel)
    report(progress, 60, 100)
    old_keys, new_keys = old_index.keys, new_index.keys
    result = CompareResult(old, new, old_urls=len(old_keys), new_urls=len(new_keys))
    result.removed = old_index.ordered(old_keys.keys() - new_keys.keys())
    result.added = new_index.ordered(new_keys.keys() - old_keys.keys())
    check(cancel)
    report(progress, 70, 100)
    # Where the other side has no such loc, get() gives None, which differs from any key.
    differ = compress(old_keys, map(ne, map(new_keys.get, old_keys), old_keys.values()))
    suspects = set(differ).intersection(new_keys)
    check(cancel)
    report(progress, 80, 100)
    old_places, new_places = old_index.places(suspects), new_index.places(suspects)
    for loc in old_index.ordered(suspects):
        check(cancel)
        fields = _differences(old_index.values(old_places[loc]),
                              new_index.values(new_places[loc]))
        if fields:
            result.changed.append(ChangedUrl(loc, fields))
    result.unchanged = result.old_urls - len(result.removed) - len(result.changed)
    if len(old.files) > 1 and len(new.files) > 1:
        result.moved = _moves(old_index, new_index)
    result.removed_at = old_index.places(set(result.removed))
    result.prefixes = prefix_counts(result)
    report(progress, 100, 100)
    return result


def _moves(old_index: _Index, new_index: _Index) -> list[MovedUrl]:
    names: dict[str, int] = {}
    old_files, new_files = old_index.files(names), new_index.files(names)
    moved = old_index.ordered({loc for loc, _ in old_files.items() - new_files.items()
                               if loc in new_files})
    titles = {number: name for name, number in names.items()}
    return [MovedUrl(loc, titles[old_files[loc]], titles[new_files[loc]]) for loc in moved]


def _differences(old: tuple[Any, ...], new: tuple[Any, ...]) -> tuple[FieldChange, ...]:
    return tuple(FieldChange(name, json_value(before), json_value(after))
                 for name, before, after in zip(COMPARED_FIELDS, old, new, strict=True)
                 if before != after)


def json_value(value: object) -> Any:
    """A field's value as JSON: text, ``None``, or a list of objects for extension items."""
    if isinstance(value, tuple):
        return [{key: item for key, item in asdict(part).items()
                 if key not in _NOTES and item not in (None, (), [], False)}
                for part in value]
    return value


def url_prefix(url: str) -> str:
    """The host and first path segment of ``url`` (``example.com/blog``); the URL if unparsable."""
    match = _PREFIX.match(url)
    if match is None:
        return url
    return match.group(1).lower() + (match.group(2) or "/")


def prefix_counts(result: CompareResult) -> list[PrefixCount]:
    """Per prefix, URLs added, removed, changed and moved; most affected first."""
    counts: dict[str, Counter[str]] = {}
    groups: list[tuple[str, list[str]]] = [
        ("added", result.added), ("removed", result.removed),
        ("changed", [item.url for item in result.changed]),
        ("moved", [item.url for item in result.moved])]
    for group, urls in groups:
        for url in urls:
            counts.setdefault(url_prefix(url), Counter())[group] += 1
    found = [PrefixCount(prefix, c["added"], c["removed"], c["changed"], c["moved"])
             for prefix, c in counts.items()]
    found.sort(key=lambda p: (-(p.added + p.removed), -(p.changed + p.moved), p.prefix))
    return found
