"""Shared test set-up: Qt runs offscreen, and fixtures find the test data (ours and ../shared)."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.local_http import guard_network
from helpers.shared_data import (
    CORPUS_SOURCES,
    HOSTILE_SOURCES,
    SHARED_DIR,
    DataSources,
    running_in_ci,
)
from helpers.site_server import Site, site_server
from helpers.xsd_oracle import (
    RECORD_VARIABLE,
    ProfileOracle,
    RecordedOracle,
    XsdOracle,
    build_oracle,
    read_verdicts,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from sitemap_studio.services.jobs import JobRunner

# Before anything imports Qt: no display is needed unless one is asked for explicitly.
if os.environ.get("SITEMAP_STUDIO_TEST_DISPLAY") != "1":
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
# What the app keeps between runs (settings: recent files, window geometry; crash journals)
# goes to folders of this test run, never into the configuration of whoever runs the tests.
_KEPT_BETWEEN_RUNS = tempfile.mkdtemp(prefix="sitemap-studio-tests-")
atexit.register(shutil.rmtree, _KEPT_BETWEEN_RUNS, True)
for _variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    os.environ[_variable] = os.path.join(_KEPT_BETWEEN_RUNS, _variable.lower())

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's top folder."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def data_sources(tmp_path_factory: pytest.TempPathFactory) -> DataSources:
    """Each source's hostile inputs and corpus (see helpers/shared_data.py)."""
    return DataSources(tmp_path_factory)


@pytest.fixture(scope="session", params=HOSTILE_SOURCES)
def hostile_dir(request: pytest.FixtureRequest, data_sources: DataSources) -> Path:
    """The hostile inputs of each source (ours, and ``../shared/hostile`` when there)."""
    return data_sources.hostile(request.param)


@pytest.fixture(scope="session", params=CORPUS_SOURCES)
def corpus_dir(request: pytest.FixtureRequest, data_sources: DataSources) -> Path:
    """The corpus of each source (``tests/corpus``, and ``../shared/corpus/real`` when there)."""
    return data_sources.corpus(request.param)


def official_schemas(factory: pytest.TempPathFactory) -> XsdOracle | None:
    """The official XSDs from ``../shared/schemas``; None when missing (an error in CI)."""
    schemas = SHARED_DIR / "schemas"
    if (schemas / "sitemap.xsd").is_file():
        return build_oracle(schemas, factory.mktemp("xsd-oracle"))
    if running_in_ci():
        pytest.fail(f"the XSDs are missing from {schemas} (CI is set)", pytrace=False)
    return None


@pytest.fixture(scope="session")
def official_xsd_oracle(tmp_path_factory: pytest.TempPathFactory) -> XsdOracle:
    """The official XSDs alone, for tests of documents made up as they run (Hypothesis):
    skipped without ``../shared/schemas`` (an error when CI is set)."""
    oracle = official_schemas(tmp_path_factory)
    if oracle is None:
        pytest.skip("the official XSDs (../shared/schemas) judge generated documents; "
                    "the project may not carry them")
    return oracle


@pytest.fixture(scope="session")
def core_xsd_oracle(tmp_path_factory: pytest.TempPathFactory) -> XsdOracle | ProfileOracle:
    """What every file the editor writes must pass: the official XSDs, or without
    ``../shared`` the strict-XSD profile, which the differential tests hold to them."""
    return official_schemas(tmp_path_factory) or ProfileOracle()


@pytest.fixture(scope="session")
def fixed_xsd_oracle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecordedOracle]:
    """The official XSDs' verdicts on fixed documents: live and checked against the record
    with ``../shared``, as recorded without it (see helpers/xsd_oracle.py)."""
    oracle = RecordedOracle(official_schemas(tmp_path_factory), read_verdicts(),
                            record=os.environ.get(RECORD_VARIABLE) == "1")
    if oracle.record and oracle.official is None:
        pytest.fail(f"{RECORD_VARIABLE}=1 needs ../shared/schemas", pytrace=False)
    yield oracle
    if oracle.record:
        oracle.save()


@pytest.fixture(autouse=True)
def _collect_qt_garbage_on_the_gui_thread(request: pytest.FixtureRequest):
    """After a Qt test, free its objects caught in reference cycles here, on the GUI thread.

    Left for later, they are freed by whichever thread next runs the garbage collector, such
    as an export job's worker (core/export/run.py collects explicitly), and a Qt object
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
