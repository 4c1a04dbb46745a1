"""Fixtures for the core tests: the XSD oracle over ``../shared/schemas``, built once."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.xsd_oracle import XsdOracle, build_oracle


@pytest.fixture(scope="session")
def core_xsd_oracle(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> XsdOracle:
    """Validates urlsets and indexes against the shared XSDs.

    Skipped when ``../shared`` is missing (an error when CI is set, through
    ``shared_dir``); an error when ``../shared`` lacks the schemas.
    """
    schemas = shared_dir / "schemas"
    if not (schemas / "sitemap.xsd").is_file():
        pytest.fail(f"the XSDs are missing from {schemas}", pytrace=False)
    return build_oracle(schemas, tmp_path_factory.mktemp("core-xsd-oracle"))
