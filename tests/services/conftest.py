"""Fixtures for the services: a job runner with its own pool, and small sitemaps on disk."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from sitemap_studio.services.jobs import JobRunner


@pytest.fixture
def runner(qapp) -> Iterator[JobRunner]:
    """A runner on a pool of its own; the test waits for its jobs before the next one starts."""
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    runner = JobRunner(pool)
    yield runner
    runner.cancel_all()
    assert runner.wait(10_000)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder for the user's files."""
    folder = tmp_path / "site"
    folder.mkdir()
    return folder
