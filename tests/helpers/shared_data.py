"""Listing the shared test data at collection time (parametrisation needs names early)."""

from __future__ import annotations

import csv
import gzip
import re
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


# --- the real-world corpus, described by its MANIFEST.tsv -------------------------------------
#
# Tests pick their cases from the manifest at collection time, so a file a check does not
# apply to (the not-well-formed file, text files for C14N, a file without entries for an
# edit) is not a case of that test at all, instead of a case that skips.


def read_manifest(folder: Path) -> dict[str, dict[str, str]]:
    """MANIFEST.tsv of ``folder`` as {filename: row}."""
    with (folder / "MANIFEST.tsv").open(encoding="utf-8", newline="") as handle:
        return {row["filename"]: row for row in csv.DictReader(handle, delimiter="\t")}


def is_well_formed(row: dict[str, str]) -> bool:
    """Whether the manifest says the file can be read ('not well-formed XML' otherwise)."""
    return "not well-formed" not in row["format"]


def manifest_format(row: dict[str, str]) -> str:
    """'text' for a text sitemap, 'xml' for a well-formed XML one (whatever its name)."""
    if not is_well_formed(row):
        return "broken"
    return "text" if row["format"].split()[0] == "text" else "xml"


def expected_entries(row: dict[str, str]) -> int:
    """Entries from the ``entries`` column: '9 url', '48 lines / 0 URLs (text format)'."""
    text = row["entries"]
    found = re.search(r"(\d+) URLs", text) or re.match(r"\s*(\d+)", text)
    assert found, f"cannot read an entry count from {text!r}"
    return int(found.group(1))


def corpus_files(*, formats: tuple[str, ...] = ("xml", "text"),
                 entries: bool | None = None) -> list[str]:
    """Corpus files (sorted) whose manifest format is in ``formats`` and, when ``entries``
    is given, that have entries (True) or none (False).

    ``[MISSING]`` when the manifest is missing: the test then runs and its ``corpus_dir``
    fixture skips (or fails in CI), or it fails on the missing manifest. An empty
    selection is a collection error (``empty_parameter_set_mark`` in pyproject.toml).
    """
    if not (CORPUS_DIR / "MANIFEST.tsv").is_file():
        return [MISSING]
    return sorted(
        name for name, row in read_manifest(CORPUS_DIR).items()
        if manifest_format(row) in formats
        and (entries is None or (expected_entries(row) > 0) == entries))
