"""Fixtures for the conformance tests: the XSD oracle, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.xsd_oracle import XsdOracle, build_oracle


@pytest.fixture(scope="session")
def schemas_dir(shared_dir: Path) -> Path:
    """The official XSDs, ``../shared/schemas`` (an error when ../shared lacks them)."""
    folder = shared_dir / "schemas"
    if not (folder / "sitemap.xsd").is_file():
        pytest.fail(f"the XSDs are missing from {folder}", pytrace=False)
    return folder


@pytest.fixture(scope="session")
def xsd_oracle(schemas_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> XsdOracle:
    """Validates urlsets and sitemap indexes against the shared XSDs."""
    return build_oracle(schemas_dir, tmp_path_factory.mktemp("xsd-oracle"))
