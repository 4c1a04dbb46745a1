"""Atomic file writes: a temporary file in the same folder, synced, then renamed over the target."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable

from sitemap_studio.core.errors import SitemapError


def atomic_write(path: str | os.PathLike[str], chunks: Iterable[bytes]) -> int:
    """Write ``chunks`` to ``path`` so that readers see the old file or the new one, never half.

    Returns the number of bytes written. On any failure the temporary file is
    removed and the original file is left untouched; the error is raised as a
    :class:`SitemapError` naming the file.
    """
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise SitemapError(f"cannot save: {exc.strerror or exc}", path=target,
                           code="write-failed") from None
    written = 0
    try:
        with os.fdopen(handle, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
                written += len(chunk)
            stream.flush()
            os.fsync(stream.fileno())
        _copy_mode(target, temporary)
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise SitemapError(f"cannot save: {exc.strerror or exc}; the original file is "
                               "unchanged", path=target, code="write-failed") from None
        raise
    sync_folder(folder)
    return written


def _copy_mode(target: str, temporary: str) -> None:
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temporary, mode)


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
