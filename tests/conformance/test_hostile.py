"""Every hostile input against its case in EXPECT.json: ours (tests/fixtures_gen) and shared.

The hard rules of EXPECT.md hold for every file: no network (socket calls fail the test),
no read of another file (FIFO canaries beside the copies, /etc/passwd watched through
``open``/``os.open``), no secret text in messages or saved files, and no crash, memory
error or signal death under a 2 GiB address-space limit (in a subprocess).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from fixtures_gen.hostile import SPECIAL_PATHS, make_special
from helpers.escape_watch import FifoWatcher, guarded, make_fifos
from helpers.shared_data import (
    HOSTILE_CASES,
    MISSING,
    DataSources,
    hostile_expect,
    hostile_params,
    plain_bytes,
)

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes, open_document
from sitemap_studio.core.writing.snapshots import save_document

REPO_ROOT = Path(__file__).resolve().parents[2]
EXPECT_FILES = ("EXPECT.json", "EXPECT.md")
CANARIES = ("xxe_canary.txt", "dtd_canary.dtd", "xsl_canary.xsl")


# --- the sandbox: copies of the files beside FIFO canaries ---------------------------------


@dataclass
class Sandbox:
    folder: Path
    fifos: list[Path]


@pytest.fixture
def sandbox(data_sources: DataSources, tmp_path: Path) -> Callable[[str], Sandbox]:
    """Makes copies of every hostile file of a source, with FIFO canaries beside them."""
    def make(source: str) -> Sandbox:
        assert tuple(hostile_expect(source).get("canaries", CANARIES)) == CANARIES
        folder = tmp_path / "hostile"
        folder.mkdir()
        for path in data_sources.hostile(source).iterdir():
            if path.is_file() and path.name not in EXPECT_FILES:
                shutil.copyfile(path, folder / path.name)
        return Sandbox(folder, make_fifos(folder, CANARIES))
    return make


# --- the cases ------------------------------------------------------------------------------


@pytest.mark.parametrize("source", list(HOSTILE_CASES))
def test_every_hostile_file_has_a_case(data_sources: DataSources, source: str) -> None:
    folder = data_sources.hostile(source)
    cases = HOSTILE_CASES[source]
    files = {p.name for p in folder.iterdir() if p.is_file()} - set(EXPECT_FILES)
    assert sorted(files - set(cases)) == [], "hostile files without a case in EXPECT.json"
    assert sorted(set(cases) - files) == [], "cases in EXPECT.json without a file"


def test_our_hostile_inputs_cover_every_kind_the_shared_ones_do() -> None:
    """One generated input per kind of hostile file (when the shared ones are there)."""
    if HOSTILE_CASES.get("shared"):
        assert sorted(HOSTILE_CASES["shared"]) == sorted(HOSTILE_CASES["own"])
    assert len(HOSTILE_CASES["own"]) >= 45


def keeps_marker(marker: str, saved: bytes) -> bool:
    """A marker ``a||b`` is kept when either alternative appears in ``saved``."""
    return any(option.encode("utf-8") in saved for option in marker.split("||"))


def matches_all(words: list[str], text: str) -> bool:
    return all(re.search(word, text, re.IGNORECASE) for word in words)


def opened(document: SitemapDocument | None, error: SitemapError | None) -> SitemapDocument:
    assert error is None, f"refused although it must open: {error}"
    assert document is not None
    return document


@pytest.mark.parametrize(("source", "name"), hostile_params())
def test_hostile_file(sandbox: Callable[[str], Sandbox], monkeypatch: pytest.MonkeyPatch,
                      tmp_path: Path, source: str, name: str) -> None:
    box = sandbox(source)
    assert name != MISSING
    case = HOSTILE_CASES[source][name]
    tag = case["tag"]
    saved_path = tmp_path / "saved" / name
    saved_path.parent.mkdir()
    document: SitemapDocument | None = None
    error: SitemapError | None = None
    saved = b""
    with FifoWatcher(box.fifos) as watcher, guarded(monkeypatch, CANARIES) as seen:
        began = time.perf_counter()
        try:
            document = open_document(box.folder / name)
        except SitemapError as exc:  # any other exception fails the test
            error = exc
        elapsed = time.perf_counter() - began
        if document is not None:
            save_document(document, saved_path)
            saved = plain_bytes(saved_path.read_bytes())
    assert seen.network == [], f"network use while opening {name}"
    assert seen.files == [], f"{name}: another file was opened"
    assert watcher.readers == [], f"{name}: a FIFO canary was opened for reading"
    if error is not None:
        assert "root:" not in error.message and "root:" not in str(error)
    assert b"root:" not in saved

    if tag in ("ERROR", "REFUSE"):
        assert error is not None, f"{name} opened ({len(document or [])} rows) but must be refused"
        assert matches_all(case["words"], error.message), \
            f"message {error.message!r} does not match {case['words']}"
        if case["line"]:
            assert error.line in case["line"], f"line {error.line}, expected {case['line']}"
        if tag == "REFUSE" and name.startswith("xxe_"):
            assert elapsed < 1.0, f"took {elapsed:.2f} s to refuse"
        return
    if tag == "OK":
        document = opened(document, error)
        errors = [f for f in document.load_findings if f.severity == Severity.ERROR]
        assert errors == [], f"error findings on a file that must open cleanly: {errors}"
    elif tag == "FLAG":
        document = opened(document, error)
        if case["words"] and not case["rows"]:  # a file-level flag
            messages = [f.message for f in document.load_findings]
            assert any(matches_all(case["words"], m) for m in messages), \
                f"no file-level finding matches {case['words']}: {messages}"
    else:
        assert tag == "ANY", f"unknown tag {tag}"
        texts = [error.message] if error else [f.message for f in document.load_findings]
        if case["words"]:
            assert any(matches_all(case["words"], t) for t in texts), \
                f"nothing says {case['words']}: {texts}"
    if document is not None:
        missing = [m for m in case["markers"] if not keeps_marker(m, saved)]
        assert missing == [], f"a no-edit save lost {missing}"


#: The field a format's edit changes: lastmod in XML; a text sitemap's lines hold only a URL.
EDITS = {"xml": ("lastmod", "2021-03-04"), "text": ("loc", "https://example.com/edited-row-2")}


@pytest.mark.parametrize(("source", "name"), hostile_params("OK", "FLAG", markers=True))
def test_an_edit_keeps_the_markers(sandbox: Callable[[str], Sandbox], source: str,
                                   name: str) -> None:
    """EXPECT.md: a save after editing row 2's lastmod keeps every marker too.

    A text sitemap holds nothing but URLs, so there row 2's URL is what gets edited:
    every marker outside that line must be kept, and every other row must read back
    unchanged.
    """
    document = open_document(sandbox(source).folder / name)
    assert name != MISSING
    assert document.source.format in EDITS, f"no edit defined for {document.source.format}"
    field, value = EDITS[document.source.format]
    row = min(1, len(document) - 1)
    before = [entry.value(field) for entry in document.entries()]
    replaced = document.body(row) if field == "loc" else b""
    kept = [m for m in HOSTILE_CASES[source][name]["markers"] if not keeps_marker(m, replaced)]
    document.set_text(document.id_at(row), field, value)
    saved = document.to_bytes()
    missing = [m for m in kept if not keeps_marker(m, saved)]
    assert missing == [], f"a save after an edit lost {missing}"
    after = [entry.value(field) for entry in open_bytes(saved, name).entries()]
    assert after == [*before[:row], value, *before[row + 1 :]]


# --- resource limits, in a subprocess --------------------------------------------------------

CHILD = """
import resource, sys
limit = 2 << 30
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes, open_document
try:
    document = open_document(sys.argv[1])
except SitemapError as exc:
    print("refused", exc.code)
else:
    document.to_bytes()
    print("opened", len(document))
"""


@pytest.mark.slow
@pytest.mark.parametrize(("source", "name"), hostile_params())
def test_hostile_file_under_a_2_gib_address_space(sandbox: Callable[[str], Sandbox],
                                                  source: str, name: str) -> None:
    box = sandbox(source)
    assert name != MISSING
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))}
    try:
        result = subprocess.run(
            [sys.executable, "-c", CHILD, str(box.folder / name)],
            capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL, env=env,
            cwd=box.folder, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: still running after 20 s (or blocked on a FIFO canary)")
    assert result.returncode == 0, (
        f"{name}: exit {result.returncode}\n{result.stdout}\n{result.stderr}")
    assert "Traceback" not in result.stderr
    assert "root:" not in result.stdout + result.stderr


SPECIAL_CHILD = """
import sys
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_document
try:
    open_document(sys.argv[1])
except SitemapError as exc:
    print("refused", exc.code, exc.message)
else:
    print("opened")
"""


@pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev")
@pytest.mark.parametrize("name", sorted(SPECIAL_PATHS))
def test_a_path_that_is_no_regular_file_is_refused_at_once(tmp_path: Path, name: str) -> None:
    """A FIFO, a device or a folder named like a sitemap: refused, never read or waited on."""
    path = make_special(tmp_path, name)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))}
    try:
        result = subprocess.run([sys.executable, "-c", SPECIAL_CHILD, str(path)],
                                capture_output=True, text=True, timeout=20,
                                stdin=subprocess.DEVNULL, env=env, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name} ({SPECIAL_PATHS[name]}): still reading or waiting after 20 s")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused "), f"{name}: {result.stdout}"
    assert re.search("not a regular file|directory", result.stdout), result.stdout


# --- the harness itself catches what it must -----------------------------------------------


def test_the_fifo_watcher_sees_a_reader(tmp_path: Path) -> None:
    fifo = tmp_path / CANARIES[0]
    os.mkfifo(fifo)
    # Opening the FIFO blocks until the watcher opens it for writing.
    with FifoWatcher([fifo]) as watcher, open(fifo, "rb") as handle:
        assert b"root:" in handle.read()
    assert watcher.opened == [fifo.name]


def test_the_guard_sees_passwd_canaries_and_sockets(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    canary = tmp_path / CANARIES[-1]
    canary.write_text("x")
    with guarded(monkeypatch, CANARIES) as seen:
        with open(canary, encoding="utf-8"):
            pass
        os.close(os.open(canary, os.O_RDONLY))
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", 9), timeout=0.1)
        with socket.socket() as sock, pytest.raises(OSError):
            sock.connect(("127.0.0.1", 9))
    assert len(seen.files) == 2
    assert len(seen.network) == 2
