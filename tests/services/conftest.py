"""Fixtures for the services: small sitemaps on disk (the job runner is in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder for the user's files."""
    folder = tmp_path / "site"
    folder.mkdir()
    return folder
