"""Listing the test data at collection time (parametrisation needs names early).

Two sources: the project's own (:data:`OWN`: the hostile inputs ``fixtures_gen`` makes and
the written corpus in ``tests/corpus``), always there, and the shared data beside the
repository (:data:`SHARED`: ``../shared``), a source when it is there or when CI is set
(then a missing folder fails the tests instead of leaving them out).
"""

from __future__ import annotations

import csv
import gzip
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from fixtures_gen.hostile import expectations, write_hostile

TESTS_DIR = Path(__file__).resolve().parents[1]
SHARED_DIR = TESTS_DIR.parent.parent / "shared"
CORPUS_DIR = SHARED_DIR / "corpus" / "real"
HOSTILE_DIR = SHARED_DIR / "hostile"
OWN_CORPUS_DIR = TESTS_DIR / "corpus"
OWN, SHARED = "own", "shared"


def running_in_ci() -> bool:
    """Whether the CI variable is set (to anything non-empty)."""
    return bool(os.environ.get("CI"))


def sources(shared_folder: Path) -> list[str]:
    """The own source, and the shared one when ``shared_folder`` is there or CI is set."""
    return [OWN, SHARED] if shared_folder.is_dir() or running_in_ci() else [OWN]


def require_dir(path: Path, what: str) -> Path:
    """Return ``path`` if it is a directory; otherwise skip, or fail when running in CI."""
    if path.is_dir():
        return path
    message = f"{what} not found at {path}: the shared test data must sit beside the repository"
    if running_in_ci():
        pytest.fail(f"{message} (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(message)


HOSTILE_SOURCES = sources(HOSTILE_DIR)
CORPUS_SOURCES = sources(CORPUS_DIR)

#: Stands in for the file list when the data is missing, so that the test still runs and
#: its ``corpus_dir``/``hostile_dir`` fixture skips (or fails in CI) instead of pytest
#: quietly skipping an empty parameter set.
MISSING = "<shared data missing>"


def plain_bytes(data: bytes) -> bytes:
    """``data`` decompressed when it is gzip, else unchanged."""
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


# --- a corpus (ours or the shared real-world one), described by its MANIFEST.tsv ------------
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


def corpus_dir_of(source: str) -> Path:
    """The corpus folder of ``source`` (whether or not it is there)."""
    return OWN_CORPUS_DIR if source == OWN else CORPUS_DIR


def corpus_files(*, formats: tuple[str, ...] = ("xml", "text"),
                 entries: bool | None = None, source: str = SHARED) -> list[str]:
    """Corpus files (sorted) whose manifest format is in ``formats`` and, when ``entries``
    is given, that have entries (True) or none (False).

    ``[MISSING]`` when the manifest is missing: the test then runs and its ``corpus_dir``
    fixture skips (or fails in CI), or it fails on the missing manifest. An empty
    selection is a collection error (``empty_parameter_set_mark`` in pyproject.toml).
    """
    folder = corpus_dir_of(source)
    if not (folder / "MANIFEST.tsv").is_file():
        return [MISSING]
    return sorted(
        name for name, row in read_manifest(folder).items()
        if manifest_format(row) in formats
        and (entries is None or (expected_entries(row) > 0) == entries))


def corpus_params(*, formats: tuple[str, ...] = ("xml", "text"),
                  entries: bool | None = None) -> list[Any]:
    """``(source, name)`` cases of every corpus source, with ids ``source/name``."""
    return [pytest.param(source, name, id=f"{source}/{name}") for source in CORPUS_SOURCES
            for name in corpus_files(formats=formats, entries=entries, source=source)]


# --- the hostile inputs, described by EXPECT.json (or by fixtures_gen for our own) -----------


def hostile_expect(source: str) -> dict[str, Any]:
    """What EXPECT.json says for ``source`` (no cases when the shared file is missing)."""
    if source == OWN:
        return expectations()
    if not (HOSTILE_DIR / "EXPECT.json").is_file():
        return {"cases": []}
    found: dict[str, Any] = json.loads((HOSTILE_DIR / "EXPECT.json").read_text("utf-8"))
    return found


#: {source: {name: case}} for every hostile source.
HOSTILE_CASES: dict[str, dict[str, dict[str, Any]]] = {
    source: {case["name"]: case for case in hostile_expect(source)["cases"]}
    for source in HOSTILE_SOURCES}


def hostile_params(*tags: str, markers: bool = False) -> list[Any]:
    """``(source, name)`` hostile cases with one of ``tags`` (any tag when none is given)
    and, when ``markers`` is set, with markers; ids ``source/name``. A source without
    cases gives one ``MISSING`` case, which its ``data_sources`` lookup skips or fails."""
    params = []
    for source, cases in HOSTILE_CASES.items():
        names = sorted(name for name, case in cases.items()
                       if (not tags or case["tag"] in tags) and (case["markers"] or not markers))
        params += [pytest.param(source, name, id=f"{source}/{name}")
                   for name in names or [MISSING]]
    return params


class DataSources:
    """Finds each source's folders: our own always, the shared ones when they are there."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self._factory = factory
        self._own_hostile: Path | None = None

    def hostile(self, source: str) -> Path:
        """The hostile inputs with their EXPECT.json (ours are written on first use)."""
        if source != OWN:
            return require_dir(SHARED_DIR / "hostile", "../shared/hostile")
        if self._own_hostile is None:
            self._own_hostile = write_hostile(self._factory.mktemp("own-hostile"))
        return self._own_hostile

    def corpus(self, source: str) -> Path:
        """Sitemaps from the wild (shared) or written for the project, with MANIFEST.tsv."""
        if source == OWN:
            return OWN_CORPUS_DIR
        return require_dir(SHARED_DIR / "corpus" / "real", "../shared/corpus/real")
