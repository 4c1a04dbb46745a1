"""What a file about to be overwritten holds, and whether a save may replace it.

A save or conversion replaces its target file whole. Over a file of the same
kind (a urlset over a urlset, a text sitemap over a text sitemap) that is what
the user asked for; over anything else (a feed, a robots.txt with rules, an
index, a web page) it would destroy content the new file does not hold, so
:func:`overwrite_problem` says what would be lost and the front ends refuse
unless told to replace it anyway.

Only the start of the existing file is read (:data:`SNIFF_BYTES`, inflated
when it is gzip), so the check costs the same for any size of file.
"""

from __future__ import annotations

import os
import re
import zlib
from dataclasses import dataclass

from sitemap_studio.core.model.errors import ReadError, SitemapError
from sitemap_studio.core.reading.feeds import is_feed_root
from sitemap_studio.core.reading.loader import looks_binary
from sitemap_studio.core.reading.prolog import looks_like_markup, read_prolog
from sitemap_studio.core.reading.robots import SITEMAP_LINE, looks_like_robots
from sitemap_studio.core.reading.text_reader import looks_like_url
from sitemap_studio.core.writing.atomic_files import write_target

#: How much of an existing file is read (uncompressed) to tell what it is.
SNIFF_BYTES = 1 << 20
_GZIP_MAGIC = b"\x1f\x8b"
_UTF16_STARTS = {b"\xff\xfe": "utf-16", b"\xfe\xff": "utf-16", b"<\x00?\x00": "utf-16-le",
                 b"\x00<\x00?": "utf-16-be"}
_COMMENT_OR_BLANK = re.compile(rb"[ \t]*(#.*)?\Z")

#: Kinds a save can write, as :func:`overwrite_problem` names them.
WRITTEN = {
    "urlset": "a urlset",
    "sitemapindex": "a sitemap index",
    "text": "a text sitemap",
    "robots": "a robots.txt of Sitemap: lines only",
}


@dataclass(frozen=True, slots=True)
class ExistingFile:
    """What an existing file holds: its kind, how to name it and what replacing it would lose."""

    kind: str
    description: str
    loses: str
    #: Lines of a robots.txt that are not ``Sitemap:`` lines (rules a new robots.txt would drop).
    other_lines: int = 0


class OverwriteRefused(SitemapError):
    """A save would replace a file of another kind; nothing was written."""

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(message, path=path, code="overwrite-refused")


def existing_file(path: str | os.PathLike[str]) -> ExistingFile | None:
    """What the file at ``path`` holds; ``None`` when there is none or it holds nothing."""
    name = os.fspath(path)
    try:
        with open(write_target(name), "rb") as stream:
            head = stream.read(SNIFF_BYTES)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return ExistingFile("folder", "a folder", "the folder")
    except OSError as exc:
        raise SitemapError(f"cannot read the file to be replaced: {exc.strerror or exc}",
                           path=name, code="write-failed") from None
    if head.startswith(_GZIP_MAGIC):
        try:
            head = zlib.decompressobj(31).decompress(head, SNIFF_BYTES)
        except zlib.error:
            return ExistingFile("other", "gzip data that is not readable",
                                "its content")
    return _classify(name, head)


def _classify(name: str, head: bytes) -> ExistingFile | None:
    if looks_binary(head):
        return ExistingFile("other", "binary data, not a sitemap", "its content")
    codec = _UTF16_STARTS.get(head[:2]) or _UTF16_STARTS.get(head[:4])
    if codec is not None:
        head = head.decode(codec, "ignore").encode("utf-8")
    head = head.removeprefix(b"\xef\xbb\xbf")
    if not head.strip(b" \t\r\n"):
        return None
    if looks_like_markup(head):
        return _classify_markup(head)
    lines = head.splitlines()
    if looks_like_robots(name, head):
        others = sum(1 for line in lines
                     if not _COMMENT_OR_BLANK.match(line) and not SITEMAP_LINE.match(line))
        if others:
            return ExistingFile("robots", "a robots.txt", f"its {others} line(s) other than "
                                "Sitemap: lines (User-agent, Disallow and the like)", others)
        return ExistingFile("robots", "a robots.txt", "its Sitemap: lines")
    tokens = [line.strip(b" \t") for line in lines[:50]]
    tokens = [token for token in tokens if token]
    if sum(looks_like_url(token) for token in tokens) * 2 > len(tokens):
        return ExistingFile("text", "a text sitemap", "its list of URLs")
    return ExistingFile("other", "a text file that is not a sitemap", "its text")


def _classify_markup(head: bytes) -> ExistingFile:
    try:
        prolog = read_prolog(head)
    except ReadError as exc:
        return ExistingFile("other", f"not a sitemap ({exc.message})", "its content")
    feed = is_feed_root(prolog.local_name, prolog.namespace)
    if feed is not None:
        label = "an RSS feed" if feed == "rss" else "an Atom feed"
        return ExistingFile(feed, label, "the feed itself (its titles, descriptions and "
                            "everything else a sitemap cannot hold)")
    if prolog.local_name == "urlset":
        return ExistingFile("urlset", "a sitemap (urlset)", "its list of pages")
    if prolog.local_name == "sitemapindex":
        return ExistingFile("sitemapindex", "a sitemap index", "its list of sitemaps")
    root = prolog.root_qname.decode("utf-8", "replace")
    return ExistingFile("other", f"an XML file with root <{root}>, not a sitemap",
                        "its content")


def overwrite_problem(path: str | os.PathLike[str], written: str) -> str | None:
    """Why writing ``written`` (a key of :data:`WRITTEN`) over ``path`` would lose content.

    ``None`` when ``path`` does not exist, holds nothing, or holds the same
    kind of file (a robots.txt only when it has nothing but ``Sitemap:``
    lines, since a written one has nothing else).
    """
    existing = existing_file(path)
    if existing is None:
        return None
    if existing.kind == written and not existing.other_lines:
        return None
    return (f"this is {existing.description}; writing {WRITTEN[written]} over it would lose "
            f"{existing.loses}; nothing was written")
