"""What validation flags in the hostile files, row by row, as EXPECT.json says.

``rows`` must each get an error or a warning; ``warn`` rows must get a finding but
no error (a note); in a FLAG file every other row must get neither an error nor a
warning, and an OK file must have no error at all. Rows
are entries, except in text files and robots.txt, where they are lines. A FLAG
case without rows wants a file-level finding whose message matches its words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.shared_data import HOSTILE_CASES, MISSING, DataSources, hostile_params

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.core.validation.project import Member, ProjectValidator

#: Files whose rules span a project: validated together with their partner.
PARTNERS = {"index_nested.xml": "index_nested_child.xml"}
SERIOUS = (Severity.ERROR, Severity.WARNING)


def findings_for(folder: Path, name: str) -> tuple[SitemapDocument, list[Finding]]:
    document = open_document(folder / name)
    partner = PARTNERS.get(name)
    if partner is None:
        return document, validate_document(document).findings()
    members = [Member(name, document), Member(partner, open_document(folder / partner))]
    return document, ProjectValidator(members).run().validators[name].findings()


def by_row(document: SitemapDocument, findings: list[Finding]) -> dict[int, list[Finding]]:
    """Findings keyed by 1-based row: the entry's position, or the line for line formats."""
    lines = document.source.format in ("text", "robots")
    rows: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.entry is None:
            if lines and finding.line is not None:
                rows.setdefault(finding.line, []).append(finding)
            continue
        row = document.row_of(finding.entry)
        key = document.line_of(row) if lines else row + 1
        assert key is not None
        rows.setdefault(key, []).append(finding)
    return rows


def row_count(document: SitemapDocument) -> int:
    if document.source.format in ("text", "robots"):
        return document.raw.count(b"\n") + 1
    return len(document)


@pytest.mark.parametrize(("source", "name"), hostile_params("FLAG", "OK", "ANY"))
def test_rows_are_flagged_as_expected(data_sources: DataSources, source: str, name: str) -> None:
    folder = data_sources.hostile(source)
    assert name != MISSING
    case = HOSTILE_CASES[source][name]
    try:
        document, findings = findings_for(folder, name)
    except SitemapError as exc:
        assert case["tag"] == "ANY", f"{name} must open: {exc}"
        return
    rows = by_row(document, findings)
    flagged = set(case["rows"])
    noted = set(case["warn"])
    for row in flagged:
        assert any(f.severity in SERIOUS for f in rows.get(row, [])), (
            f"{name}: row {row} must be flagged; found {rows.get(row, [])}")
    for row in noted:
        found = rows.get(row, [])
        assert found, f"{name}: row {row} needs at least a note"
        assert all(f.severity != Severity.ERROR for f in found), (
            f"{name}: row {row} deserves a note, not an error: {found}")
    # An OK file opens "with no errors" (deprecated-tag warnings are fine); an ANY file may
    # be flagged anywhere; a FLAG file is clean outside its listed rows.
    checked = row_count(document) if case["tag"] == "FLAG" else 0
    for row in range(1, checked + 1):
        if row in flagged or row in noted:
            continue
        serious = [f for f in rows.get(row, []) if f.severity in SERIOUS]
        assert not serious, f"{name}: row {row} should be clean, got {serious}"
    if case["tag"] == "OK":
        assert not [f for f in findings if f.severity == Severity.ERROR], findings
    file_level = [f for f in findings if f.entry is None]
    for words in case["words"]:
        assert any(re.search(words, f.message, re.IGNORECASE) for f in findings), (
            f"{name}: no finding says {words!r}: {[f.message for f in findings]}")
    if case["tag"] == "FLAG" and not flagged:
        assert [f for f in file_level if f.severity in SERIOUS], (
            f"{name}: a file-level flag is expected: {findings}")


def test_duplicate_findings_name_the_entry_they_duplicate(hostile_dir: Path) -> None:
    document, findings = findings_for(hostile_dir, "duplicates.xml")
    messages = {document.row_of(f.entry) + 1: f.message for f in findings
                if f.entry is not None and f.code in ("loc-duplicate", "loc-possible-duplicate")}
    for row in (2, 3, 4, 6, 7):
        assert "entry 1 " in messages[row], messages[row]
    assert 5 not in messages  # only its #fragment differs: loc-fragment alone says so
    assert "entry 9 " in messages[10]


def test_index_nested_alone_is_clean(hostile_dir: Path) -> None:
    document = open_document(hostile_dir / "index_nested.xml")
    # Its URLs are all on example.com: the one finding is that placeholder site.
    assert [f.code for f in validate_document(document).findings()
            if f.severity in SERIOUS] == ["site-placeholder-host"]
