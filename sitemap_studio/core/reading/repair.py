"""Repair the commonest hand-written error: a bare ``&`` in a URL (``?a=1&b=2``).

XML wants ``&amp;``; a stray ``&`` makes the whole file unreadable.
:func:`open_repaired` reads a file with every stray ampersand escaped, in
memory: the file itself is not touched. Entity and character references
(``&amp;``, ``&#38;``, ``&lt;``), comments and CDATA sections are left as
they are.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback
from sitemap_studio.core.reading.fingerprints import fingerprint_file, set_fingerprint
from sitemap_studio.core.reading.loader import document_from_source
from sitemap_studio.core.reading.source import RawSource, read_source

#: An ``&`` that starts no reference.
_STRAY = re.compile(rb"&(?!(?:[A-Za-z_:][A-Za-z0-9_.:-]*|#[0-9]+|#x[0-9A-Fa-f]+);)")
#: Stretches where ``&`` is literal text: comments and CDATA sections.
_LITERAL = re.compile(rb"<!--.*?-->|<!\[CDATA\[.*?\]\]>", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Repaired:
    """A document read with its stray ampersands escaped, and how many there were."""

    document: SitemapDocument
    ampersands: int


def escape_stray_ampersands(data: bytes) -> tuple[bytes, int]:
    """``data`` with each stray ``&`` written as ``&amp;``, and the number replaced.

    Only ASCII-compatible encodings are repaired (UTF-16 comes back unchanged).
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data, 0
    pieces: list[bytes] = []
    count = 0
    start = 0
    for literal in _LITERAL.finditer(data):
        fixed, found = _STRAY.subn(b"&amp;", data[start : literal.start()])
        pieces += [fixed, literal.group()]
        count += found
        start = literal.end()
    fixed, found = _STRAY.subn(b"&amp;", data[start:])
    pieces.append(fixed)
    return b"".join(pieces), count + found


def open_repaired(path: str | os.PathLike[str], limits: Limits | None = None, *,
                  cancel: CancelToken | None = None,
                  progress: ProgressCallback | None = None) -> Repaired:
    """Read ``path`` with its stray ampersands escaped; the file is left as it is.

    Raises:
        SitemapError: Nothing to repair, or the file is still unreadable
            (another error), located as usual.
    """
    text = os.fspath(path)
    limits = limits or Limits.from_env()
    try:
        fingerprint = fingerprint_file(text, cancel)
    except (OSError, ValueError):
        fingerprint = None
    source = read_source(text, limits, cancel=cancel)
    data, count = escape_stray_ampersands(source.data)
    if count == 0:
        raise SitemapError("there is no stray '&' to repair", path=text, code="nothing-to-repair")
    repaired = RawSource(data, source.path, source.compressed, source.stored_size,
                         source.findings)
    document = document_from_source(repaired, limits, cancel=cancel, progress=progress)
    set_fingerprint(document, fingerprint)
    return Repaired(document, count)


def is_stray_ampersand(error: SitemapError) -> bool:
    """Whether ``error`` is the unreadable file :func:`open_repaired` can help with."""
    return error.code == "not-well-formed" and error.message.startswith("unescaped '&'")
