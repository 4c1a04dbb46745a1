"""What a file on disk looked like: size, modification time and a hash of its bytes.

A document remembers the fingerprint of the file it was read from (or last
saved to), so that a recovery journal can tell later whether the real file
has changed since.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.progress import CancelToken, check

#: Key of :attr:`SitemapDocument.info` that holds the file's :class:`FileFingerprint`.
FINGERPRINT_INFO = "file_fingerprint"

_BLOCK = 1 << 20


@dataclass(frozen=True, slots=True)
class FileFingerprint:
    """A file's size in bytes, its ``st_mtime_ns`` and the SHA-256 of its bytes as stored."""

    size: int
    mtime_ns: int
    sha256: str


def fingerprint_file(path: str | os.PathLike[str],
                     cancel: CancelToken | None = None) -> FileFingerprint:
    """Fingerprint the file at ``path`` (reads it once); ``OSError`` when it cannot be read."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        status = os.fstat(stream.fileno())
        while block := stream.read(_BLOCK):
            check(cancel)
            digest.update(block)
    return FileFingerprint(status.st_size, status.st_mtime_ns, digest.hexdigest())


def file_matches(path: str | os.PathLike[str], fingerprint: FileFingerprint) -> bool:
    """Whether the file at ``path`` still has the bytes ``fingerprint`` describes.

    Same size and modification time count as unchanged without reading the
    file; otherwise a same-size file is hashed (a ``touch`` changes nothing).
    A missing or unreadable file does not match.
    """
    try:
        status = os.stat(path)
        if status.st_size != fingerprint.size:
            return False
        if status.st_mtime_ns == fingerprint.mtime_ns:
            return True
        return fingerprint_file(path).sha256 == fingerprint.sha256
    except OSError:
        return False


def fingerprint_of(document: SitemapDocument) -> FileFingerprint | None:
    """The fingerprint of the file ``document`` was read from or saved to, if known."""
    found = document.info.get(FINGERPRINT_INFO)
    return found if isinstance(found, FileFingerprint) else None


def set_fingerprint(document: SitemapDocument, fingerprint: FileFingerprint | None) -> None:
    """Remember ``fingerprint`` as the state of ``document``'s file on disk."""
    if fingerprint is None:
        document.info.pop(FINGERPRINT_INFO, None)
    else:
        document.info[FINGERPRINT_INFO] = fingerprint
