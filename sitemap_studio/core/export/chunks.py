"""The common chunk of an export, judged whole: no Python step per row when all is well.

Also :class:`Uniques`, which tells a URL's first copy from its repeats.

Most chunks of a real export are plain ``<url>`` entries of the one host whose
values are valid as written. :func:`plain_chunk_dates` finds that out from the
chunk's distinct values (a handful of dates, frequencies and priorities) and
returns what the files need (each row's lastmod) with C-level passes only;
any other chunk is left to the row-by-row path, which says what is wrong where.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from typing import cast

from sitemap_studio.core.export.guard import CHANGEFREQS, ValueJudge
from sitemap_studio.core.export.locs import (
    LOC_MAX_LENGTH,
    LOC_MIN_LENGTH,
    PLAIN_HOST_TEXT,
    PLAIN_PATH_TEXT,
)
from sitemap_studio.core.model.documents import OBJECT_ROW, SitemapDocument
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: A lastmod the XSD takes when its date is real (the shape of ``export_guard._FULL_LASTMOD``).
_LASTMOD_SHAPE = (rb"\d{4}-\d{2}-\d{2}(?:T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?"
                  rb"(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)))?")
_LASTMOD_LINES = re.compile(rb"(?:(?:" + _LASTMOD_SHAPE + rb")?\n)*\Z")
_DAYS = re.compile(rb"^(\d{4}-\d{2}-\d{2})", re.MULTILINE)


#: Lines of plain locations, of any host (see ``export_locs.PLAIN_LOC``).
PLAIN_LOC_LINES = re.compile(r"(?:" + PLAIN_HOST_TEXT + PLAIN_PATH_TEXT + r"\n)*\Z")


#: What a plain location may hold after its origin (see ``export_locs.PLAIN_PATH_TEXT``).
_PATH_BYTES = (b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
               b"-._~!$&'()*+,;=:@/?")


def all_plain(locs: list[str | None], origin: str | None = None) -> bool:
    """Whether every one of ``locs`` is a plain location of ``origin`` (of any host: ``None``).

    Plain: the XSD's length, nothing to resolve, encode or check further (see
    ``export_locs.PLAIN_LOC``). Judged over the chunk joined by newlines, with no
    Python step per location (a location holding a newline itself is never plain).
    """
    if not locs:
        return True
    if None in locs or OBJECT_ROW in locs:
        return False
    texts = cast(list[str], locs)  # no None: checked above
    lengths = list(map(len, texts))
    if min(lengths) < LOC_MIN_LENGTH or max(lengths) > LOC_MAX_LENGTH:
        return False
    joined = "\n".join(texts) + "\n"
    if joined.count("\n") != len(texts):
        return False
    if origin is None:
        return PLAIN_LOC_LINES.match(joined) is not None
    if not joined.isascii():
        return False
    lines = "\n" + joined
    starts = lines.count("\n" + origin + "/") + lines.count("\n" + origin + "\n")
    return starts == len(texts) and not joined.encode("ascii").translate(
        None, _PATH_BYTES + b"\n" + origin.encode("ascii"))


def plain_chunk_dates(doc: SitemapDocument, first: int, stop: int, locs: list[str | None],
                      origin: str, judge: ValueJudge) -> list[str | None] | None:
    """Each row's trimmed lastmod when rows ``first:stop`` are all plain and valid, else ``None``.

    Plain: a ``<url>`` whose ``loc`` (``locs``, as :meth:`SitemapDocument.column_texts`
    gives them) is a plain location of ``origin`` (:func:`all_plain`), and whose
    lastmod, changefreq and priority are valid as written.
    """
    if not locs:
        return []
    if not all_plain(locs, origin) or not doc.all_plain_urls(first, stop):
        return None
    lastmods = doc.raw_values(1, first, stop)
    dates = None if lastmods is None else _lastmod_dates(lastmods, judge)
    if dates is None:
        return None
    for index, valid in ((2, CHANGEFREQS.__contains__), (3, lambda text: judge.valid(2, text))):
        values = doc.raw_values(index, first, stop)
        if values is None:
            return None
        for value in set(values):
            if value and (b"&" in value or not valid(value.decode("utf-8"))):
                return None
    return dates


def _lastmod_dates(lastmods: list[bytes], judge: ValueJudge) -> list[str | None] | None:
    """The lastmods (``b""``: absent) trimmed, when all are valid; else ``None``."""
    joined = b"\n".join(lastmods) + b"\n"
    if joined.count(b"\n") == len(lastmods) and _LASTMOD_LINES.match(joined):
        # The common case: every value has a full shape, so its day decides.
        if not all(judge.valid(0, day.decode("ascii")) for day in set(_DAYS.findall(joined))):
            return None
        return [text or None for text in joined.decode("ascii").split("\n")[:-1]]
    trimmed: dict[bytes, str | None] = {b"": None}
    for value in set(lastmods):
        if not value:
            continue
        if b"&" in value:
            return None
        text = value.decode("utf-8")
        if not judge.lastmod_ok(text):
            return None
        trimmed[value] = text.strip(XML_WHITESPACE)
    return list(map(trimmed.__getitem__, lastmods))


class Uniques:
    """Tells the first copy of a URL from a repeat, exactly, keeping strings for repeats only.

    Built from the hashes of every URL the input holds: a URL whose hash is seen
    once is unique and needs no record; only URLs whose hash repeats (true repeats,
    or in a rare case a shared hash) are remembered as strings.
    """

    __slots__ = ("_repeated", "_seen")

    def __init__(self, repeated: set[int] | None = None) -> None:
        #: ``None``: nothing is known, so every URL is remembered.
        self._repeated = repeated
        self._seen: set[str] = set()

    @classmethod
    def of(cls, hashes: array[int]) -> Uniques:
        """From the hashes of every URL to be written (in any order)."""
        if len(set(hashes)) == len(hashes):  # the common case: no URL repeats
            return cls(set())
        return cls({value for value, count in Counter(hashes).items() if count > 1})

    @property
    def repeats(self) -> bool:
        """Whether some URL may be there more than once (else every URL is a first copy)."""
        return self._repeated is None or bool(self._repeated)

    def first(self, url: str) -> bool:
        """Whether ``url`` is seen for the first time (and remember that it was seen)."""
        if self._repeated is not None and hash(url) not in self._repeated:
            return True
        if url in self._seen:
            return False
        self._seen.add(url)
        return True


__all__ = ["PLAIN_LOC_LINES", "Uniques", "all_plain", "plain_chunk_dates"]
