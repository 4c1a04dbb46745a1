"""Exports killed at any moment: the previous export survives, the next export cleans up.

The kills are real: a child process runs the export and sends itself SIGKILL at a
chosen step, so no ``finally`` or ``except`` of ours runs.
"""

from __future__ import annotations

import errno
import gzip
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sitemap_studio.core.export import recovery as export_recovery
from sitemap_studio.core.export.options import ExportOptions, ExportReport
from sitemap_studio.core.export.output import MANIFEST_NAME, TEMP_PREFIX, OutputFolder, clean_stale
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kills with SIGKILL")

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
BASE = "https://example.com/"
#: Calls that change the file system; the child counts them during the commit and dies at one.
STEPS = ("link", "symlink", "mkdir", "rmdir", "replace", "rename", "unlink", "remove")

#: Exports ``argv[2]`` into ``argv[1]`` (7 URLs, 2 a file, gzipped, index ``all.xml``),
#: sending itself SIGKILL before the ``argv[3]``-th file-system change of the commit
#: (never when negative); prints the number of changes the commit made.
KILLED_EXPORT = f"""
import os, signal, sys
from sitemap_studio.core.export.options import ExportOptions
from sitemap_studio.core.export.output import OutputFolder
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.export.split import export_documents

folder, source, kill_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
steps = 0

def counted(real):
    def step(*args, **kwargs):
        global steps
        if steps == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        steps += 1
        return real(*args, **kwargs)
    return step

real_commit = OutputFolder.commit

def commit(self):
    for name in {STEPS!r}:
        setattr(os, name, counted(getattr(os, name)))
    return real_commit(self)

OutputFolder.commit = commit
options = ExportOptions(folder, {BASE!r}, max_urls=2, gzip=True, index_name="all.xml")
export_documents([open_document(source)], options)
print(steps)
"""

#: Stages one file in ``argv[1]``, prints its temporary folder, then commits when told.
LIVE_EXPORT = """
import sys
from sitemap_studio.core.export.output import OutputFolder

output = OutputFolder(sys.argv[1])
OutputFolder.write(output.add("sitemap-1.xml"), sys.argv[2].encode(), False)
print(output.temp, flush=True)
if sys.stdin.readline().strip() == "commit":
    output.commit()
"""


def urlset(first: int, count: int) -> bytes:
    rows = "".join(f"\n  <url><loc>https://example.com/page-{n}</loc>"
                   f"<lastmod>2024-03-{n % 28 + 1:02d}</lastmod></url>"
                   for n in range(first, first + count))
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">'
    return f"{head}{rows}\n</urlset>\n".encode()


def document(first: int, count: int) -> SitemapDocument:
    return open_bytes(urlset(first, count), "in.xml")


def export(out: Path, first: int, count: int, **settings: object) -> ExportReport:
    options = ExportOptions(str(out), BASE, **settings)  # type: ignore[arg-type]
    return export_documents([document(first, count)], options)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones and temporary folders included) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def temp_folders(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX))


def outside_temp(folder: Path) -> dict[str, bytes]:
    """:func:`snapshot` without the temporary folders."""
    return {name: data for name, data in snapshot(folder).items()
            if not name.startswith(TEMP_PREFIX)}


def previous_export(out: Path) -> dict[str, bytes]:
    """Five URLs, two a file, gzipped, plus a file of the user's own; returns the snapshot."""
    export(out, 1, 5, max_urls=2, gzip=True)
    (out / "notes.txt").write_bytes(b"the user's own file")
    return snapshot(out)


def run_killed(folder: Path, source: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", KILLED_EXPORT, str(folder), str(source),
                           str(kill_at)], capture_output=True, text=True, timeout=120, check=False)


def start_live(out: Path, staged: str) -> subprocess.Popen[str]:
    """An export in another process that stages a file and waits (kill it, or send "commit")."""
    return subprocess.Popen([sys.executable, "-c", LIVE_EXPORT, str(out), staged],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def live_temp(process: subprocess.Popen[str]) -> Path:
    """The temporary folder of the export in ``process``, once it has staged its file."""
    assert process.stdout is not None
    return Path(process.stdout.readline().strip())


def test_a_commit_killed_at_any_step_is_rolled_back_by_the_next_export(tmp_path) -> None:
    out = tmp_path / "out"
    before = previous_export(out)
    source = tmp_path / "new.xml"
    source.write_bytes(urlset(100, 7))
    finished = tmp_path / "finished"
    shutil.copytree(out, finished)
    result = run_killed(finished, source, -1)
    assert result.returncode == 0, result.stderr
    total = int(result.stdout)
    after = snapshot(finished)
    # Replaced, new and removed files: sitemap-1..3 replaced, sitemap-4 and all.xml new,
    # sitemap-index.xml removed.
    assert sorted(after) == [MANIFEST_NAME, "all.xml", "notes.txt", *(
        f"sitemap-{n}.xml.gz" for n in range(1, 5))]
    assert b"page-106" in gzip.decompress(after["sitemap-4.xml.gz"])
    assert sorted(before) == [MANIFEST_NAME, "notes.txt", "sitemap-1.xml.gz",
                              "sitemap-2.xml.gz", "sitemap-3.xml.gz", "sitemap-index.xml"]

    outcomes = []
    half_done = 0
    for kill_at in range(total):
        folder = tmp_path / f"killed-{kill_at}"
        shutil.copytree(out, folder)
        result = run_killed(folder, source, kill_at)
        assert result.returncode == -signal.SIGKILL, (kill_at, result.stderr)
        left = outside_temp(folder)
        if left not in (before, after):
            half_done += 1
        OutputFolder(folder).abort()  # what the next export does first
        recovered = snapshot(folder)
        assert recovered in (before, after), kill_at
        outcomes.append("before" if recovered == before else "after")
    # Every kill up to the commit point leaves the previous export, every later one the new.
    commit_point = outcomes.count("before")
    assert outcomes == ["before"] * commit_point + ["after"] * (total - commit_point)
    assert 0 < commit_point < total
    # Some kills landed with files half moved into place, and were rolled back.
    assert half_done >= 5


@pytest.mark.parametrize("failing_call", range(7))
def test_a_commit_that_fails_half_way_restores_the_previous_export(tmp_path, monkeypatch,
                                                                   failing_call) -> None:
    out = tmp_path / "out"
    before = previous_export(out)
    real_replace = os.replace
    calls = []

    def replace(source: str, target: str) -> None:
        calls.append(target)
        if len(calls) == failing_call + 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(source, target)

    original_commit = OutputFolder.commit

    def commit(self: OutputFolder) -> list[str]:
        monkeypatch.setattr(os, "replace", replace)
        return original_commit(self)

    monkeypatch.setattr(OutputFolder, "commit", commit)
    with pytest.raises(SitemapError, match="No space left"):
        export(out, 100, 7, max_urls=2, gzip=True, index_name="all.xml")
    monkeypatch.undo()
    assert len(calls) > failing_call
    assert snapshot(out) == before


def test_a_killed_export_is_cleaned_up_and_a_live_one_left_alone(tmp_path) -> None:
    out = tmp_path / "out"
    export(out, 1, 3)
    staged = urlset(50, 1).decode()
    with start_live(out, staged) as live:
        temp = live_temp(live)
        assert temp.parent == out and (temp / "sitemap-1.xml").read_text() == staged
        assert clean_stale(out) == []
        # A whole export into the same folder meanwhile leaves the live one's files alone.
        report = export(out, 1, 4)
        assert [f.urls for f in report.files] == [4]
        assert temp_folders(out) == [temp]
        assert (temp / "sitemap-1.xml").read_text() == staged
        live.communicate("commit\n", timeout=60)
    assert live.returncode == 0
    assert temp_folders(out) == []
    assert (out / "sitemap-1.xml").read_text() == staged

    before = snapshot(out)
    with start_live(out, staged) as killed:
        temp = live_temp(killed)
        killed.kill()
    assert outside_temp(out) == before and temp_folders(out) == [temp]
    assert clean_stale(out) == [str(temp)]
    assert snapshot(out) == before


def test_without_fcntl_the_process_id_tells_live_from_dead(tmp_path, monkeypatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(export_recovery, "fcntl", None)
    with start_live(out, "x") as live:
        temp = live_temp(live)
        assert clean_stale(out) == []
        assert (temp / "sitemap-1.xml").is_file()
        live.kill()
    assert clean_stale(out) == [str(temp)]
    assert temp_folders(out) == []


def test_leftovers_without_a_lock_are_removed_and_nothing_else(tmp_path) -> None:
    out = tmp_path / "out"
    export(out, 1, 2)
    before = snapshot(out)
    # Killed before its lock file existed; a manifest half written by atomic_write.
    (out / f"{TEMP_PREFIX}abcd1234").mkdir()
    (out / f"{TEMP_PREFIX}abcd1234" / "sitemap-1.xml").write_bytes(b"<urlset")
    (out / f".{MANIFEST_NAME}.k2j4_x9z.part").write_bytes(b'{"fil')
    # Not ours: a user's part file, and a link that looks like a temporary folder.
    (out / ".notes.txt.abc.part").write_bytes(b"keep")
    os.symlink(tmp_path, out / f"{TEMP_PREFIX}link")
    (tmp_path / "precious.xml").write_bytes(b"keep")
    export(out, 1, 2)
    assert snapshot(out) == {**before, ".notes.txt.abc.part": b"keep"}
    assert os.path.islink(out / f"{TEMP_PREFIX}link")
    assert (tmp_path / "precious.xml").read_bytes() == b"keep"
