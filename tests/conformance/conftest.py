"""Fixtures for the conformance tests: the XSD oracle for documents the editor writes."""

from __future__ import annotations

import pytest
from helpers.xsd_oracle import ProfileOracle, XsdOracle


@pytest.fixture(scope="session")
def xsd_oracle(core_xsd_oracle: XsdOracle | ProfileOracle) -> XsdOracle | ProfileOracle:
    """The official XSDs, or the strict-XSD profile without ../shared (see tests/conftest.py)."""
    return core_xsd_oracle
