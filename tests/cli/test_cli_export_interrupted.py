"""Journey: ``sitemap-studio export`` killed with SIGKILL while it writes, then run again.

A user exports a site, starts a bigger export into the same folder and kills it
(or the machine's OOM killer does). The published files must be the previous
export, byte for byte; the next export must finish the job and leave nothing of
the killed one behind, in the folder or in the system's temporary directory.
"""

from __future__ import annotations

import gzip
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sitemap_studio.core.export.output import TEMP_PREFIX
from sitemap_studio.core.export.recovery import JOURNAL_NAME
from sitemap_studio.core.reading.loader import open_bytes

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="kills with SIGKILL")]

BASE = "https://example.com/"
WORDS = ("blog", "shop", "news", "docs", "team", "café", "size", "über", "a-b", "x_y", "2024")
#: URLs per file of the killed export, tried in turn while the export finishes too early to
#: be killed mid-way (more, smaller files make it write for longer).
MAX_URLS_TRIES = (500, 100, 20)
#: The longest any one export may take on a loaded machine, in seconds.
DEADLINE = 240.0


def url_list(path: Path, count: int, seed: int) -> list[str]:
    """Write ``count`` varied URLs to ``path`` (one a line) and return them."""
    rng = random.Random(seed)
    urls = []
    for n in range(count):
        folder = "/".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        urls.append((f"{BASE}{folder}/{n}", f"{BASE}{folder}?id={n}&sort=asc",
                     f"{BASE}{folder}/item-{n}.html",
                     f"{BASE}{folder}/{n}/%E2%9C%93?q=a%20b&p={n % 97}")[n % 4])
    path.write_text("\n".join(urls) + "\n", encoding="utf-8")
    return urls


def command(source: Path, out: Path, max_urls: int) -> list[str]:
    return [sys.executable, "-m", "sitemap_studio", "export", str(source), "--out", str(out),
            "--base-url", BASE, "--max-urls", str(max_urls)]


def export(source: Path, out: Path, max_urls: int, env: dict[str, str]) -> None:
    result = subprocess.run(command(source, out, max_urls), capture_output=True, text=True,
                            env=env, timeout=DEADLINE, check=False)
    assert result.returncode == 0, result.stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, hidden ones included, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def temp_folders(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX)]


def kill_while_writing(source: Path, out: Path, max_urls: int, env: dict[str, str]) -> bool:
    """Run the export and SIGKILL it once it has staged a file; whether that happened in time.

    False when it finished first, or was killed only once it had begun moving files
    into place (a journal exists: that case has its own tests in tests/core).
    """
    with subprocess.Popen(command(source, out, max_urls), stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, env=env) as process:
        deadline = time.monotonic() + DEADLINE
        while process.poll() is None and time.monotonic() < deadline:
            staged = [p for temp in temp_folders(out) for p in temp.glob("sitemap-*.xml.gz")]
            if staged:
                process.send_signal(signal.SIGKILL)
                break
            time.sleep(0.001)
        else:
            assert process.poll() is not None, f"the export took more than {DEADLINE} s"
        process.wait()
    left = temp_folders(out)
    return (process.returncode == -signal.SIGKILL and len(left) == 1
            and not (left[0] / JOURNAL_NAME).exists())


def test_an_export_killed_while_writing_leaves_the_previous_one_and_is_redone(
        tmp_path: Path) -> None:
    system_temp = tmp_path / "system-temp"
    system_temp.mkdir()
    env = {**os.environ, "TMPDIR": str(system_temp), "TEMP": str(system_temp),
           "TMP": str(system_temp)}
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    url_list(first, 45_000, seed=1)
    urls = url_list(second, 49_000, seed=2)
    out = tmp_path / "out"
    export(first, out, 300, env)  # 150 files
    before = snapshot(out)
    pristine = tmp_path / "pristine"
    shutil.copytree(out, pristine)

    for max_urls in MAX_URLS_TRIES:
        if kill_while_writing(second, out, max_urls, env):
            break
        shutil.rmtree(out)
        shutil.copytree(pristine, out)
    else:
        pytest.fail(f"the export finished before it could be killed, at {MAX_URLS_TRIES} "
                    "URLs per file")

    # The killed export left its temporary folder, with files in it, and nothing else.
    [left] = temp_folders(out)
    assert list(left.glob("sitemap-*.xml.gz"))
    assert {name: data for name, data in snapshot(out).items()
            if not name.startswith(TEMP_PREFIX)} == before
    assert list(system_temp.iterdir()) == []

    export(second, out, max_urls, env)
    assert temp_folders(out) == []
    assert list(out.rglob("*.part")) == []
    assert list(system_temp.iterdir()) == []
    # Complete: the same files as an export into an empty folder, listing every URL in order.
    fresh = tmp_path / "fresh"
    export(second, fresh, max_urls, env)
    assert snapshot(out) == snapshot(fresh)
    index = open_bytes((out / "sitemap-index.xml").read_bytes(), "sitemap-index.xml")
    files = [e.loc or "" for e in index.entries()]
    assert len(files) == -(-len(urls) // max_urls)
    written = [e.loc for name in files
               for e in open_bytes(gzip.decompress((out / name[len(BASE):]).read_bytes()),
                                   name).entries()]
    # Written as URIs: raw non-ASCII characters percent-encoded as UTF-8.
    assert written == [url.replace("é", "%C3%A9").replace("ü", "%C3%BC") for url in urls]
