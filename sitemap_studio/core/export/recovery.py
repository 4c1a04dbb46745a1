"""What a killed export leaves behind, told apart from a running one, and undone.

An export stages its files in a temporary folder inside the output folder
(``.sitemap-studio-export-XXXXXXXX``, see :mod:`sitemap_studio.core.export.output`).
Three things make it safe to kill at any moment:

**A lock per export.** The temporary folder holds a file :data:`LOCK_NAME`
that its export keeps open with an exclusive :func:`fcntl.flock` until it has
committed or aborted; it also records the export's process id. The operating
system drops the lock when the process dies, however it dies, so a temporary
folder whose lock can be taken belongs to nobody. Where :mod:`fcntl` is
missing, the recorded process id is checked instead (a folder without a
readable id is left for :data:`STARTUP_GRACE` seconds).

**A lock per output folder.** Creating a temporary folder and its lock,
cleaning up, and committing all happen while holding an exclusive ``flock`` on
the output folder itself (held for milliseconds). A cleanup therefore never
sees a temporary folder whose lock file is not there yet, and two exports into
one folder commit one after the other, never interleaved.

**A journal for the commit.** Before the first file of the previous export
is replaced or removed, the commit hard-links every file it is about to
replace or remove (the index and the manifest included) into ``backup/`` in
the temporary folder (a copy where hard links are not possible), syncs, and
then writes :data:`JOURNAL_NAME` listing the names it changes and which of them
did not exist before. Only then are the staged files moved into place and the
stale ones removed. Deleting the journal is the commit point. A temporary
folder found with its journal belongs to a commit that did not finish:
:func:`roll_back` moves the backups back and removes the files that were new,
which restores the previous export exactly (every backup is the previous
file itself, by hard link), and is safe to repeat if it is interrupted too.

:func:`clean_stale` runs this for every abandoned temporary folder in an
output folder (rolling back half-done commits first) and removes the
manifest's ``.NAME.*.part`` leftovers of older versions. Exports create
nothing outside their output folder, so nothing is left in the system's
temporary directory.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Iterator

from sitemap_studio.core.project.settings_values import file_name_problem
from sitemap_studio.core.writing.atomic_files import sync_folder

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

MANIFEST_NAME = ".sitemap-studio-export.json"
TEMP_PREFIX = ".sitemap-studio-export-"
#: In a temporary folder: the live export's lock, its journal and the previous files.
LOCK_NAME = "lock"
JOURNAL_NAME = "journal.json"
BACKUP_NAME = "backup"
#: Without :mod:`fcntl`: how long a temporary folder without a process id is left alone.
STARTUP_GRACE = 600.0
_PART = re.compile(re.escape(f".{MANIFEST_NAME}.") + r"[A-Za-z0-9_]+\.part")


def export_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a file of an export (a plain ``.xml`` or ``.xml.gz`` name)."""
    return file_name_problem(name[:-3] if name.endswith(".gz") else name)


def _is_ours(name: str) -> bool:
    return name == MANIFEST_NAME or export_name_problem(name) is None


@contextlib.contextmanager
def folder_lock(root: str) -> Iterator[None]:
    """Hold the exclusive lock of the output folder ``root`` (a no-op where there is none)."""
    descriptor = -1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            descriptor = os.open(root, os.O_RDONLY)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
    try:
        yield
    finally:
        if descriptor >= 0:
            os.close(descriptor)


def make_temp_folder(root: str) -> tuple[str, int]:
    """Create a locked temporary folder in ``root``; return it and the lock's descriptor.

    Call while holding :func:`folder_lock`. Close the descriptor only after
    the folder is removed or its commit is complete.
    """
    temp = tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=root)
    descriptor = os.open(os.path.join(temp, LOCK_NAME), os.O_RDWR | os.O_CREAT | os.O_EXCL,
                         0o600)
    try:
        if fcntl is not None:
            with contextlib.suppress(OSError):  # a file system without locks: the id remains
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.write(descriptor, f"{os.getpid()}\n".encode())
    except OSError:
        os.close(descriptor)
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return temp, descriptor


def begin_commit(temp: str, root: str, replaced: list[str], removed: list[str]) -> None:
    """Back up what the commit changes in ``root``, then write the journal.

    ``replaced`` are the names the staged files take; ``removed`` are files of
    the previous export to delete.
    """
    backup = os.path.join(temp, BACKUP_NAME)
    os.mkdir(backup)
    absent = []
    for name in [*replaced, *removed]:
        source = os.path.join(root, name)
        if os.path.lexists(source):
            _keep(source, os.path.join(backup, name))
        else:
            absent.append(name)
    sync_folder(backup)
    journal = os.path.join(temp, JOURNAL_NAME)
    _write_synced(journal + ".new", json.dumps(
        {"names": [*replaced, *removed], "absent": absent}).encode())
    os.replace(journal + ".new", journal)
    sync_folder(temp)


def end_commit(temp: str) -> None:
    """Mark the commit in ``temp`` done: what is in place stays (the commit point)."""
    os.unlink(os.path.join(temp, JOURNAL_NAME))
    sync_folder(temp)


def roll_back(temp: str, root: str) -> bool:
    """Undo the unfinished commit journalled in ``temp``, if any; True when ``temp`` may go.

    False when the journal cannot be read or a file cannot be restored: the
    temporary folder must then be kept (it holds the previous files).
    """
    journal = os.path.join(temp, JOURNAL_NAME)
    if not os.path.lexists(journal):
        return True
    try:
        with open(journal, "rb") as stream:
            data = json.loads(stream.read())
        names = [name for name in data["names"] if isinstance(name, str) and _is_ours(name)]
        absent = {name for name in data["absent"] if isinstance(name, str)}
        for name in names:
            target = os.path.join(root, name)
            kept = os.path.join(temp, BACKUP_NAME, name)
            if name in absent:
                if os.path.lexists(target) and not os.path.isdir(target):
                    os.unlink(target)
            elif os.path.lexists(kept):
                os.replace(kept, target)
        sync_folder(root)
        end_commit(temp)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return True


def clean_stale(folder: str | os.PathLike[str]) -> list[str]:
    """Remove what killed exports left in the output folder ``folder``; return the paths.

    Half-done commits are rolled back first. Temporary folders of exports that
    are still running (in this process or another) are left alone.
    """
    root = os.path.realpath(os.fspath(folder))
    if not os.path.isdir(root):
        return []
    with folder_lock(root):
        return clean_stale_locked(root)


def clean_stale_locked(root: str) -> list[str]:
    """:func:`clean_stale` for a caller that holds :func:`folder_lock` on ``root``."""
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return []
    for entry in entries:
        path = entry.path
        with contextlib.suppress(OSError):
            if entry.name.startswith(TEMP_PREFIX) and entry.is_dir(follow_symlinks=False):
                if _clean_temp(path, root):
                    removed.append(path)
            elif _PART.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(path)
                removed.append(path)
    return removed


def _clean_temp(temp: str, root: str) -> bool:
    """Roll back and remove the temporary folder ``temp`` unless its export is alive."""
    try:
        descriptor = os.open(os.path.join(temp, LOCK_NAME), os.O_RDWR)
    except FileNotFoundError:
        # Killed before its lock existed (holding the folder lock rules out one being made),
        # or made by an older version.
        if fcntl is None and time.time() - os.lstat(temp).st_mtime < STARTUP_GRACE:
            return False
        descriptor = -1
    try:
        if descriptor >= 0 and _alive(descriptor):
            return False
        if not roll_back(temp, root):
            return False
        shutil.rmtree(temp)
    finally:
        if descriptor >= 0:
            os.close(descriptor)
    return True


def _alive(descriptor: int) -> bool:
    """Whether the export owning the lock file open as ``descriptor`` is still running."""
    if fcntl is not None:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            pass  # no locks on this file system: fall back to the process id
        else:
            return False
    os.lseek(descriptor, 0, os.SEEK_SET)
    try:
        return pid_alive(int(os.read(descriptor, 32)))
    except ValueError:  # not written yet, or not by us
        return time.time() - os.fstat(descriptor).st_mtime < STARTUP_GRACE


def pid_alive(pid: int) -> bool:
    """Whether a process with id ``pid`` exists."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return bool(kernel32.GetLastError() == 5)  # access denied: it exists
        code = ctypes.c_ulong()
        try:
            kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        finally:
            kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by somebody else
    return True


def _keep(source: str, copy: str) -> None:
    """Make ``copy`` the same file as ``source`` (a hard link, else an exact copy)."""
    try:
        os.link(source, copy, follow_symlinks=False)
        return
    except (OSError, NotImplementedError):
        pass
    if stat.S_ISLNK(os.lstat(source).st_mode):
        os.symlink(os.readlink(source), copy)
        return
    shutil.copy2(source, copy)
    with open(copy, "rb") as stream:
        os.fsync(stream.fileno())


def _write_synced(path: str, data: bytes) -> None:
    with open(path, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
