"""Import as one undoable step: duplicates skipped, replaced or kept; undo gives the bytes back."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoStack

from sitemap_studio.commands.import_commands import ImportEntriesCommand, import_entries
from sitemap_studio.core.imports.plan import (
    DuplicatePolicy,
    ImportSummary,
    plan_import,
    summary_text,
)
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.qt_models.entry_table_model import EntryTableModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ORIGINAL = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="{NS}">
  <!-- the shop -->
  <url>
    <loc>https://example.com/a</loc>
    <lastmod>2024-01-01</lastmod>
  </url>
  <url><loc>https://EXAMPLE.com:443/b</loc><priority>0.3</priority></url>
  <url>
    <loc>https://example.com/c</loc>
  </url>
</urlset>
""".encode()

IMPORTED = [
    Entry(loc="https://example.com/new-1", lastmod="2024-05-01"),
    Entry(loc="https://example.com/b#reviews", priority="0.9"),  # duplicates /b once normalised
    Entry(loc="https://example.com/new-2"),
    Entry(loc="https://example.com/a", changefreq="daily"),
    Entry(loc="https://example.com/new-1", priority="0.1"),  # duplicates an imported entry
]


@pytest.fixture
def stack(qapp) -> QUndoStack:
    return QUndoStack()


def document() -> SitemapDocument:
    return open_bytes(ORIGINAL)


def rows(doc: SitemapDocument) -> list[tuple[str | None, ...]]:
    return [tuple(doc.text(row, field) for field in range(4)) for row in range(len(doc))]


def test_skip_keeps_what_is_there_and_adds_the_rest(stack: QUndoStack) -> None:
    doc = document()
    summary = import_entries(stack, doc, IMPORTED, DuplicatePolicy.SKIP, flagged={0, 1, 2})
    assert summary == ImportSummary(added=2, replaced=0, skipped=3, with_findings=2)
    assert rows(doc)[3:] == [("https://example.com/new-1", "2024-05-01", None, None),
                             ("https://example.com/new-2", None, None, None)]
    assert rows(doc)[:3] == rows(document())
    assert stack.count() == 1 and stack.undoText() == "Import 2 entries"


def test_replace_puts_the_imported_entry_in_place_and_the_later_duplicate_wins(
        stack: QUndoStack) -> None:
    doc = document()
    ids = [doc.id_at(row) for row in range(3)]
    summary = import_entries(stack, doc, IMPORTED, DuplicatePolicy.REPLACE, flagged={3, 4},
                             target_name="shop.xml")
    assert summary == ImportSummary(added=2, replaced=2, skipped=1, with_findings=2,
                                    target="shop.xml")
    assert rows(doc) == [
        ("https://example.com/a", None, "daily", None),
        ("https://example.com/b#reviews", None, None, "0.9"),
        ("https://example.com/c", None, None, None),
        ("https://example.com/new-1", None, None, "0.1"),
        ("https://example.com/new-2", None, None, None),
    ]
    assert [doc.id_at(row) for row in range(3)] == ids  # replaced in place, same ids
    assert b"<!-- the shop -->" in doc.to_bytes()


def test_keep_both_adds_everything(stack: QUndoStack) -> None:
    doc = document()
    summary = import_entries(stack, doc, IMPORTED, DuplicatePolicy.KEEP_BOTH)
    assert summary == ImportSummary(added=5, replaced=0, skipped=0, with_findings=0)
    assert [row[0] for row in rows(doc)[3:]] == [entry.loc for entry in IMPORTED]


@pytest.mark.parametrize("policy", list(DuplicatePolicy))
def test_one_undo_restores_the_bytes_and_redo_brings_back_the_same_entries(
        stack: QUndoStack, policy: DuplicatePolicy, qtmodeltester) -> None:
    doc = document()
    model = EntryTableModel(doc)
    qtmodeltester.check(model)
    before = doc.to_bytes()
    assert import_entries(stack, doc, IMPORTED, policy) is not None
    after = doc.to_bytes()
    after_ids = [doc.id_at(row) for row in range(len(doc))]
    assert after != before and model.rowCount() == len(doc)
    qtmodeltester.check(model)
    stack.undo()
    assert doc.to_bytes() == before and len(doc) == 3
    qtmodeltester.check(model)
    stack.redo()
    assert doc.to_bytes() == after
    assert [doc.id_at(row) for row in range(len(doc))] == after_ids
    stack.undo()
    assert doc.to_bytes() == before


def test_in_an_index_imported_entries_become_sitemaps(stack: QUndoStack) -> None:
    doc = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/s1.xml'
                     "</loc></sitemap></sitemapindex>".encode())
    import_entries(stack, doc, [Entry(loc="https://example.com/s2.xml")], DuplicatePolicy.SKIP)
    assert doc.element_at(1) == "sitemap"
    assert doc.to_bytes().endswith(b"<sitemap><loc>https://example.com/s2.xml</loc></sitemap>"
                                   b"</sitemapindex>")


def test_a_refused_import_changes_nothing_and_pushes_nothing(stack: QUndoStack) -> None:
    doc = open_bytes(b"https://example.com/a\nhttps://example.com/b\n", "urls.txt")
    before = doc.to_bytes()
    errors: list[SitemapError] = []
    summary = import_entries(stack, doc, [Entry(loc="https://example.com/a", lastmod="2024"),
                                          Entry(loc="https://example.com/x", lastmod="2024")],
                             DuplicatePolicy.REPLACE, on_error=errors.append)
    assert summary is None and stack.count() == 0
    assert doc.to_bytes() == before  # the replacement made first was rolled back
    assert errors and errors[0].code == "format-cannot-hold"


def test_a_text_sitemap_takes_plain_urls(stack: QUndoStack) -> None:
    doc = open_bytes(b"https://example.com/a\n", "urls.txt")
    import_entries(stack, doc, [Entry(loc="https://example.com/b")], DuplicatePolicy.SKIP)
    assert doc.to_bytes() == b"https://example.com/a\nhttps://example.com/b\n"
    stack.undo()
    assert doc.to_bytes() == b"https://example.com/a\n"


def test_nothing_is_pushed_when_everything_is_skipped(stack: QUndoStack) -> None:
    doc = document()
    summary = import_entries(stack, doc, [Entry(loc="https://example.com/a")],
                             DuplicatePolicy.SKIP)
    assert summary == ImportSummary(0, 0, 1, 0) and stack.count() == 0


def test_the_command_pushed_directly_applies_once(stack: QUndoStack) -> None:
    doc = document()
    command = ImportEntriesCommand(doc, plan_import(doc, IMPORTED[:1], DuplicatePolicy.SKIP))
    stack.push(command)
    assert len(doc) == 4 and command.ids == [doc.id_at(3)]
    stack.undo()
    assert doc.to_bytes() == ORIGINAL


def test_entries_without_a_location_are_never_duplicates() -> None:
    plan = plan_import(document(), [Entry(lastmod="2024"), Entry(lastmod="2024")],
                       DuplicatePolicy.SKIP)
    assert len(plan.inserts) == 2 and plan.skipped == 0


def test_summary_text() -> None:
    text = summary_text(ImportSummary(added=2, replaced=1, skipped=4, with_findings=1,
                                      target="shop.xml"))
    assert text.splitlines() == [
        "3 entries came in into shop.xml: 2 added, 1 replaced.",
        "4 duplicates skipped.",
        "1 imported entry has findings: see the issues panel."]
    assert summary_text(ImportSummary(1, 0, 0, 0)).splitlines() == [
        "1 entry came in: 1 added, 0 replaced.", "Nothing was skipped.",
        "No imported entry has findings."]
