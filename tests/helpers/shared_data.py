"""Listing the shared test data at collection time (parametrisation needs names early)."""

from __future__ import annotations

import gzip
from pathlib import Path

SHARED_DIR = Path(__file__).resolve().parents[2].parent / "shared"
CORPUS_DIR = SHARED_DIR / "corpus" / "real"
HOSTILE_DIR = SHARED_DIR / "hostile"
SCHEMAS_DIR = SHARED_DIR / "schemas"

#: Stands in for the file list when the data is missing, so that the test still runs and
#: its ``corpus_dir``/``hostile_dir`` fixture skips (or fails in CI) instead of pytest
#: quietly skipping an empty parameter set.
MISSING = "<shared data missing>"


def data_files(folder: Path, exclude: tuple[str, ...]) -> list[str]:
    """Names of the data files in ``folder`` (sorted), or ``[MISSING]``."""
    if not folder.is_dir():
        return [MISSING]
    return sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in exclude)


def plain_bytes(data: bytes) -> bytes:
    """``data`` decompressed when it is gzip, else unchanged."""
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data
