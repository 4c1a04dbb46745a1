"""Atomic file writes: a temporary file in the same folder, synced, then renamed over the target.

A path that is a symbolic link is written through: the file it points to is
replaced (keeping its permissions and, where allowed, its owner), and the link
stays a link, as text editors do.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable

from sitemap_studio.core.model.errors import SitemapError


def atomic_write(path: str | os.PathLike[str], chunks: Iterable[bytes | memoryview]) -> int:
    """Write ``chunks`` to ``path`` so that readers see the old file or the new one, never half.

    Returns the number of bytes written. On any failure the temporary file is
    removed and the original file is left untouched; the error is raised as a
    :class:`SitemapError` naming the file. A symbolic link is written through
    to the file it points to (see :func:`write_target`).
    """
    named = os.fspath(path)
    target = write_target(named)
    folder = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise SitemapError(f"cannot save: {exc.strerror or exc}", path=named,
                           code="write-failed") from None
    written = 0
    try:
        with os.fdopen(handle, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
                written += len(chunk)
            stream.flush()
            os.fsync(stream.fileno())
        copy_mode(target, temporary)
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise SitemapError(f"cannot save: {exc.strerror or exc}; the original file is "
                               "unchanged", path=named, code="write-failed") from None
        raise
    sync_folder(folder)
    return written


def write_target(path: str | os.PathLike[str]) -> str:
    """The file a write to ``path`` replaces: ``path`` itself, or where its symbolic links lead.

    A chain of links is followed to its end; a link to a file that does not
    exist yet leads to that file's path, so the write creates it.

    Raises:
        SitemapError: The links form a loop.
    """
    named = os.fspath(path)
    if not os.path.islink(named):
        return named
    target = os.path.realpath(named)
    if os.path.islink(target):
        raise SitemapError("cannot save: the symbolic links form a loop", path=named,
                           code="write-failed")
    return target


def copy_mode(target: str, temporary: str) -> None:
    """Give the new file the old one's permissions (and owner, where we may), else the umask's."""
    try:
        status = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        return
    if hasattr(os, "chown") and (status.st_uid, status.st_gid) != _owner(temporary):
        with contextlib.suppress(OSError):
            os.chown(temporary, status.st_uid, status.st_gid)
    os.chmod(temporary, stat.S_IMODE(status.st_mode))


def _owner(path: str) -> tuple[int, int]:
    status = os.stat(path)
    return status.st_uid, status.st_gid


def sync_folder(folder: str) -> None:
    """Ask the operating system to write ``folder``'s entries to disk (best effort)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
