"""The output folder of an export, changed all at once or not at all.

Files are written into a fresh temporary folder inside the output folder and
synced; only when every file is written are they moved into place with
:func:`os.replace` (the sitemaps first, the index last, so the index never
lists a file that is not there yet). A failed or cancelled export removes the
temporary folder and leaves the previous export as it was.

A small manifest (:data:`MANIFEST_NAME`) records the names an export wrote,
so that the next export into the same folder can remove the files it no
longer produces. Nothing that the manifest does not list is ever deleted.
Every target is checked to resolve inside the output folder: a symbolic link
there that leads elsewhere is refused, never written through; one that leads
to a file inside the folder is written through (the link stays), and a file
replaced keeps its permissions.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import zlib
from collections.abc import Iterable

from sitemap_studio.core.atomic_write import atomic_write, copy_mode
from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.export_options import file_name_problem
from sitemap_studio.core.saving import GZIP_LEVEL

MANIFEST_NAME = ".sitemap-studio-export.json"
TEMP_PREFIX = ".sitemap-studio-export-"
_MANIFEST_MAX_BYTES = 16 * 1024 * 1024


def _write_failed(exc: OSError, path: str) -> SitemapError:
    return SitemapError(f"cannot write the export: {exc.strerror or exc}; the previous export "
                        "is unchanged", path=path, code="write-failed")


class OutputFolder:
    """A transaction on one output folder: stage files, then :meth:`commit` or :meth:`abort`.

    ``protected`` are paths that must never be overwritten (the inputs).
    """

    def __init__(self, out_dir: str | os.PathLike[str], protected: Iterable[str] = ()) -> None:
        folder = os.path.abspath(os.fspath(out_dir))
        try:
            os.makedirs(folder, exist_ok=True)
            self.root = os.path.realpath(folder)
            self.temp = tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=self.root)
        except OSError as exc:
            raise _write_failed(exc, folder) from None
        self._protected = {os.path.normcase(os.path.realpath(path)) for path in protected}
        self._names: list[str] = []

    def target(self, name: str) -> str:
        """The path ``name`` gets in the output folder, checked to stay inside it."""
        problem = _name_problem(name) if name != MANIFEST_NAME else None
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

        Returns the names removed.
        """
        names = list(self._names)
        targets = [self.target(name) for name in names]
        manifest = self.target(MANIFEST_NAME)
        previous = self._previous_names()
        try:
            # First record everything that may be present, so an interruption leaves no
            # file of ours that a later export would not know about.
            self._write_manifest(manifest, [*names, *(n for n in previous if n not in names)])
            for name, target in zip(names, targets, strict=True):
                staged, real = os.path.join(self.temp, name), os.path.realpath(target)
                copy_mode(real, staged)
                os.replace(staged, real)
            _sync_folder(self.root)
        except OSError as exc:
            raise _write_failed(exc, self.root) from None
        removed: list[str] = []
        for name in previous:
            if name in names:
                continue
            path = os.path.join(self.root, name)
            if os.path.lexists(path) and not os.path.isdir(path):
                with contextlib.suppress(OSError):
                    os.unlink(path)
                    removed.append(name)
        self._write_manifest(manifest, names)
        self.abort()
        return removed

    def abort(self) -> None:
        """Remove the temporary folder and everything staged in it."""
        shutil.rmtree(self.temp, ignore_errors=True)

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
        return [name for name in files if isinstance(name, str) and not _name_problem(name)]

    @staticmethod
    def _write_manifest(path: str, names: list[str]) -> None:
        text = json.dumps({"written_by": "Sitemap Studio", "files": names}, indent=2) + "\n"
        atomic_write(path, [text.encode("utf-8")])


def _name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a file of an export (a plain ``.xml`` or ``.xml.gz`` name)."""
    return file_name_problem(name[:-3] if name.endswith(".gz") else name)


def _sync_folder(folder: str) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
