"""Shared test set-up: Qt runs offscreen, and fixtures find the shared test data."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.local_http import guard_network
from helpers.site_server import Site, site_server
from helpers.xsd_oracle import XsdOracle, build_oracle

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from sitemap_studio.services.jobs import JobRunner

# Before anything imports Qt: no display is needed unless one is asked for explicitly.
if os.environ.get("SITEMAP_STUDIO_TEST_DISPLAY") != "1":
    os.environ["QT_QPA_PLATFORM"] = "offscreen"

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DIR = REPO_ROOT.parent / "shared"


def running_in_ci() -> bool:
    """Whether the CI variable is set (to anything non-empty)."""
    return bool(os.environ.get("CI"))


def require_dir(path: Path, what: str) -> Path:
    """Return ``path`` if it is a directory; otherwise skip, or fail when running in CI."""
    if path.is_dir():
        return path
    message = f"{what} not found at {path}: the shared test data must sit beside the repository"
    if running_in_ci():
        pytest.fail(f"{message} (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``../shared`` beside the repository (skipped when missing, an error in CI)."""
    return require_dir(SHARED_DIR, "../shared")


@pytest.fixture(scope="session")
def hostile_dir(shared_dir: Path) -> Path:
    """The hostile inputs, ``../shared/hostile``, with their EXPECT files."""
    return require_dir(shared_dir / "hostile", "../shared/hostile")


@pytest.fixture(scope="session")
def corpus_dir(shared_dir: Path) -> Path:
    """Real-world sitemaps, ``../shared/corpus/real``, with their MANIFEST.tsv."""
    return require_dir(shared_dir / "corpus" / "real", "../shared/corpus/real")


@pytest.fixture(scope="session")
def core_xsd_oracle(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> XsdOracle:
    """Validates urlsets and indexes against the shared XSDs (what every written file must pass).

    Skipped when ``../shared`` is missing (an error when CI is set, through
    ``shared_dir``); an error when ``../shared`` lacks the schemas.
    """
    schemas = shared_dir / "schemas"
    if not (schemas / "sitemap.xsd").is_file():
        pytest.fail(f"the XSDs are missing from {schemas}", pytrace=False)
    return build_oracle(schemas, tmp_path_factory.mktemp("core-xsd-oracle"))


@pytest.fixture(autouse=True)
def _collect_qt_garbage_on_the_gui_thread(request: pytest.FixtureRequest):
    """After a Qt test, free its objects caught in reference cycles here, on the GUI thread.

    Left for later, they are freed by whichever thread next runs the garbage collector, such
    as an export job's worker (core/export_run.py collects explicitly), and a Qt object
    destroyed off the GUI thread crashes the interpreter.
    """
    yield
    if {"qtbot", "qapp"} & set(request.fixturenames):
        gc.collect()


@pytest.fixture
def runner(qapp: QApplication) -> Iterator[JobRunner]:
    """A job runner on a pool of its own; the test waits for its jobs before the next starts."""
    from PySide6.QtCore import QThreadPool  # Qt only where a test asks for it

    from sitemap_studio.services.jobs import JobRunner

    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    runner = JobRunner(pool)
    yield runner
    runner.cancel_all()
    assert runner.wait(30_000)


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """A small web site on 127.0.0.1 (``helpers.site_server``); a connection elsewhere fails."""
    guard_network(monkeypatch)
    with site_server() as served:
        yield served
