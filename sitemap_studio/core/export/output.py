"""The output folder of an export, changed all at once or not at all.

Files are written into a fresh temporary folder inside the output folder and
synced; only when every file is written are they moved into place with
:func:`os.replace` (the sitemaps first, then the index, so the index never
lists a file that is not there yet, and the manifest last). A failed or
cancelled export removes the temporary folder and leaves the previous export
as it was.

An export killed at any moment (``kill -9`` included) is undone by
the next one: creating an :class:`OutputFolder` first calls
:func:`~sitemap_studio.core.export.recovery.clean_stale`, which removes the
temporary folders of dead exports and rolls back a commit that was cut short,
restoring the previous export byte for byte. A live export's folder is
recognised by the lock it holds and left alone. The design (locks, the
commit's backups and journal) is described in
:mod:`sitemap_studio.core.export.recovery`.

A small manifest (:data:`MANIFEST_NAME`) records the names an export wrote,
so that the next export into the same folder can remove the files it no
longer produces. Nothing that the manifest does not list is ever deleted.
Every target is checked to resolve inside the output folder: a symbolic link
there that leads elsewhere is refused, never written through.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import zlib
from collections.abc import Iterable

from sitemap_studio.core.export.recovery import (
    MANIFEST_NAME,
    TEMP_PREFIX,
    begin_commit,
    clean_stale,
    clean_stale_locked,
    end_commit,
    export_name_problem,
    folder_lock,
    make_temp_folder,
    roll_back,
)
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.writing.atomic_files import copy_mode, sync_folder
from sitemap_studio.core.writing.saving import GZIP_LEVEL

__all__ = ["MANIFEST_NAME", "TEMP_PREFIX", "OutputFolder", "clean_stale"]

_MANIFEST_MAX_BYTES = 16 * 1024 * 1024


def _write_failed(exc: OSError, path: str) -> SitemapError:
    return SitemapError(f"cannot write the export: {exc.strerror or exc}; the previous export "
                        "is unchanged", path=path, code="write-failed")


class OutputFolder:
    """A transaction on one output folder: stage files, then :meth:`commit` or :meth:`abort`.

    ``protected`` are paths that must never be overwritten (the inputs).
    Creating one first cleans up after killed exports (:func:`clean_stale`).
    """

    def __init__(self, out_dir: str | os.PathLike[str], protected: Iterable[str] = ()) -> None:
        folder = os.path.abspath(os.fspath(out_dir))
        try:
            os.makedirs(folder, exist_ok=True)
            self.root = os.path.realpath(folder)
            with folder_lock(self.root):
                clean_stale_locked(self.root)
                self.temp, self._lock = make_temp_folder(self.root)
        except OSError as exc:
            raise _write_failed(exc, folder) from None
        self._protected = {os.path.normcase(os.path.realpath(path)) for path in protected}
        self._names: list[str] = []

    def target(self, name: str) -> str:
        """The path ``name`` gets in the output folder, checked to stay inside it."""
        problem = export_name_problem(name) if name != MANIFEST_NAME else None
        if problem:
            raise SitemapError(f"cannot export: file name {problem}", code="export-options")
        path = os.path.join(self.root, name)
        real = os.path.realpath(path)
        if os.path.dirname(real) != self.root:
            raise SitemapError(
                f"{name} in the output folder is a symbolic link to {real}, outside the folder; "
                "remove it or choose another folder", path=path, code="export-escape")
        if os.path.isdir(real):
            raise SitemapError(f"{name} is a folder in the output folder; remove it or choose "
                               "another name", path=path, code="export-escape")
        if os.path.normcase(real) in self._protected:
            raise SitemapError(f"{name} would overwrite an input of this export; choose another "
                               "folder or name pattern", path=path, code="export-escape")
        return path

    def add(self, name: str) -> str:
        """Reserve ``name`` for a staged file and return its temporary path."""
        self.target(name)
        self._names.append(name)
        return os.path.join(self.temp, name)

    @staticmethod
    def write(path: str, data: bytes | bytearray, compress: bool) -> int:
        """Write ``data`` (gzipped when ``compress``) to ``path`` and sync it; return bytes stored.

        Runs in a worker thread: zlib releases the GIL while it compresses.
        """
        if compress:
            compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)
            data = compressor.compress(data) + compressor.flush()
        try:
            with open(path, "xb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as exc:
            raise _write_failed(exc, path) from None
        return len(data)

    def commit(self) -> list[str]:
        """Move the staged files into place; remove stale files of the previous export.

        Returns the names removed. The previous files are backed up and the
        change journalled first, so that a commit cut short, here or by the
        death of the process, is rolled back (here, or by the next export).
        """
        names = [*self._names, MANIFEST_NAME]
        # A symbolic link inside the folder is written through, to the file it names there.
        places = [os.path.basename(os.path.realpath(self.target(name))) for name in names]
        with folder_lock(self.root):
            previous = self._previous_names()
            stale = [name for name in previous if name not in names and _is_file(
                os.path.join(self.root, name))]
            text = json.dumps({"written_by": "Sitemap Studio", "files": self._names}, indent=2)
            self.write(os.path.join(self.temp, MANIFEST_NAME), (text + "\n").encode(), False)
            try:
                begin_commit(self.temp, self.root, places, stale)
                for name, place in zip(names, places, strict=True):
                    staged, target = os.path.join(self.temp, name), os.path.join(self.root, place)
                    if os.path.exists(target):
                        copy_mode(target, staged)
                    os.replace(staged, target)
                removed = []
                for name in stale:
                    with contextlib.suppress(OSError):
                        os.unlink(os.path.join(self.root, name))
                        removed.append(name)
                sync_folder(self.root)
                end_commit(self.temp)
            except OSError as exc:
                roll_back(self.temp, self.root)
                raise _write_failed(exc, self.root) from None
        self.abort()
        return removed

    def abort(self) -> None:
        """Remove the temporary folder and everything staged in it.

        A commit that failed half way is rolled back first; if that is not
        possible the temporary folder stays (it holds the previous files) and
        the next export retries.
        """
        if self._lock < 0:
            return
        try:
            if roll_back(self.temp, self.root):
                shutil.rmtree(self.temp, ignore_errors=True)
        finally:
            os.close(self._lock)
            self._lock = -1

    def _previous_names(self) -> list[str]:
        path = os.path.join(self.root, MANIFEST_NAME)
        if os.path.islink(path) or not os.path.isfile(path):
            return []
        try:
            with open(path, "rb") as stream:
                data = json.loads(stream.read(_MANIFEST_MAX_BYTES))
        except (OSError, ValueError):
            return []
        files = data.get("files") if isinstance(data, dict) else None
        if not isinstance(files, list):
            return []
        return [name for name in files
                if isinstance(name, str) and not export_name_problem(name)]


def _is_file(path: str) -> bool:
    """Whether ``path`` exists and is not a folder (a symbolic link counts as a file)."""
    return os.path.lexists(path) and not os.path.isdir(path)
