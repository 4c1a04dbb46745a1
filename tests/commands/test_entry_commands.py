"""Entry commands on a bare QUndoStack: push, check, undo (the original bytes exactly), redo."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QUndoStack

from sitemap_studio.commands.bulk_steps import (
    apply_plan,
    apply_quick_fixes,
    paste_entries,
    remove_duplicates,
)
from sitemap_studio.commands.entry_commands import (
    NEVER_MERGE,
    DuplicateEntriesCommand,
    EditEntriesCommand,
    InsertEntriesCommand,
    MoveEntriesCommand,
    RemoveEntriesCommand,
    cell_merge_id,
    edit_entries,
    insert_entries,
)
from sitemap_studio.core.edits.bulk_edit import bulk_set
from sitemap_studio.core.edits.dedupe import plan_dedupe
from sitemap_studio.core.edits.find_replace import plan_replace
from sitemap_studio.core.edits.tsv import tsv_to_entries
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.context import ValidationContext
from sitemap_studio.core.validation.engine import DocumentValidator

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
PRETTY = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="{NS}" xmlns:acme="urn:acme">
  <!-- first section -->
  <url>
    <loc>http://example.com/a</loc>
    <lastmod>2024-01-01</lastmod>
  </url>
  <url acme:id='7'>
    <loc>http://example.com/b</loc>
    <!-- keep me -->
    <acme:stock level="low">3</acme:stock>
  </url>
  <!-- second section -->
  <url>
    <loc>http://example.com/c</loc>
    <changefreq>Weekly</changefreq>
    <priority>1.5</priority>
  </url>
  <url>
    <loc>http://example.com/d</loc>
    <changefreq>DAILY</changefreq>
  </url>
</urlset>
<!-- trailer -->
""".encode()
INDEX = f"""<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="{NS}">
  <sitemap><loc>https://example.com/s1.xml</loc></sitemap>
</sitemapindex>
""".encode()
TEXT = b"https://example.com/a\nhttps://example.com/b\n"


@pytest.fixture
def stack(qapp: object) -> QUndoStack:
    return QUndoStack()


@pytest.fixture
def doc() -> SitemapDocument:
    return open_bytes(PRETTY)


def locs(document: SitemapDocument) -> list[str | None]:
    return [document.text(row, 0) for row in range(len(document))]


def check_undo_redo(stack: QUndoStack, document: SitemapDocument, original: bytes) -> None:
    """Undo gives ``original`` exactly; redo gives what the push gave, exactly."""
    changed = document.to_bytes()
    assert changed != original
    stack.undo()
    assert document.to_bytes() == original
    stack.redo()
    assert document.to_bytes() == changed
    stack.undo()
    assert document.to_bytes() == original


# --------------------------------------------------------------------------- editing


def test_edit_entries_pushes_one_step(stack: QUndoStack, doc: SitemapDocument) -> None:
    entry = doc.entry_at(1)
    assert edit_entries(stack, doc, [replace(entry, lastmod="2024-06-01")], "Edit lastmod")
    assert stack.count() == 1
    assert stack.undoText() == "Edit lastmod"
    assert doc.entry_at(1).lastmod == "2024-06-01"
    assert b'<acme:stock level="low">3</acme:stock>' in doc.to_bytes()
    check_undo_redo(stack, doc, PRETTY)


def test_edit_command_pushed_directly_applies_on_push(stack: QUndoStack,
                                                      doc: SitemapDocument) -> None:
    command = EditEntriesCommand(doc, [replace(doc.entry_at(0), changefreq="daily")], "Edit")
    stack.push(command)
    assert doc.entry_at(0).changefreq == "daily"
    assert command.applied
    check_undo_redo(stack, doc, PRETTY)


def test_typing_in_one_cell_merges_into_one_step(stack: QUndoStack, doc: SitemapDocument) -> None:
    entry_id = doc.id_at(0)
    for value in ("2", "20", "2025-02-02"):
        assert edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod=value)], "Edit")
    assert stack.count() == 1
    assert doc.entry(entry_id).lastmod == "2025-02-02"
    after = doc.to_bytes()
    stack.undo()
    assert doc.to_bytes() == PRETTY
    stack.redo()
    assert doc.to_bytes() == after


def test_edits_of_other_cells_do_not_merge(stack: QUndoStack, doc: SitemapDocument) -> None:
    first, second = doc.id_at(0), doc.id_at(1)
    edit_entries(stack, doc, [replace(doc.entry(first), lastmod="2024-02-02")], "Edit")
    edit_entries(stack, doc, [replace(doc.entry(first), changefreq="daily")], "Edit")
    edit_entries(stack, doc, [replace(doc.entry(second), changefreq="daily")], "Edit")
    # Two fields of one entry at once: not a cell edit.
    edit_entries(stack, doc, [replace(doc.entry(second), changefreq="weekly", priority="0.3")],
                 "Edit")
    edit_entries(stack, doc, [replace(doc.entry(second), changefreq="monthly")], "Edit")
    assert stack.count() == 5
    for _ in range(5):
        stack.undo()
    assert doc.to_bytes() == PRETTY


def test_no_merge_across_a_save(stack: QUndoStack, doc: SitemapDocument) -> None:
    entry_id = doc.id_at(0)
    edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod="2024-02-02")], "Edit")
    stack.setClean()
    edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod="2024-03-03")], "Edit")
    assert stack.count() == 2
    stack.undo()
    assert stack.isClean()
    assert doc.entry(entry_id).lastmod == "2024-02-02"


def test_explicit_merge_ids(stack: QUndoStack, doc: SitemapDocument) -> None:
    entry_id = doc.id_at(0)
    key = cell_merge_id(entry_id, "lastmod")
    edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod="2024-02-02")], "Edit",
                 merge_id=key)
    edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod="2024-03-03")], "Edit",
                 merge_id=key)
    assert stack.count() == 1
    edit_entries(stack, doc, [replace(doc.entry(entry_id), lastmod="2024-04-04")], "Edit",
                 merge_id=NEVER_MERGE)
    assert stack.count() == 2
    stack.undo()
    stack.undo()
    assert doc.to_bytes() == PRETTY


def test_clean_state_drives_the_modified_mark(stack: QUndoStack, doc: SitemapDocument) -> None:
    marks: list[bool] = []
    stack.cleanChanged.connect(marks.append)
    edit_entries(stack, doc, [replace(doc.entry_at(0), lastmod="2024-02-02")], "Edit")
    stack.setClean()
    stack.undo()
    stack.redo()
    assert marks == [False, True, False, True]


# --------------------------------------------------------------------------- refusals


def test_refused_edit_leaves_stack_and_document_alone(stack: QUndoStack) -> None:
    text_doc = open_bytes(TEXT, "urls.txt")
    errors: list[SitemapError] = []
    ok = edit_entries(stack, text_doc, [replace(text_doc.entry_at(0), lastmod="2024-01-01")],
                      "Edit", on_error=errors.append)
    assert not ok
    assert stack.count() == 0
    assert text_doc.to_bytes() == TEXT
    assert len(errors) == 1
    assert "lastmod" in errors[0].message


def test_illegal_characters_are_refused_as_sitemap_errors(stack: QUndoStack,
                                                          doc: SitemapDocument) -> None:
    errors: list[SitemapError] = []
    entries = [replace(doc.entry_at(0), loc="http://example.com/ok"),
               replace(doc.entry_at(1), loc="http://example.com/\x01")]
    assert not edit_entries(stack, doc, entries, "Edit", on_error=errors.append)
    assert stack.count() == 0
    assert doc.to_bytes() == PRETTY
    assert errors[0].code == "illegal-character"


def test_refused_command_pushed_directly_is_dropped(stack: QUndoStack) -> None:
    text_doc = open_bytes(TEXT, "urls.txt")
    command = EditEntriesCommand(text_doc, [replace(text_doc.entry_at(0), priority="0.5")], "E")
    stack.push(command)
    assert stack.count() == 0
    assert command.error is not None
    assert text_doc.to_bytes() == TEXT


def test_edit_of_a_removed_entry_is_refused(stack: QUndoStack, doc: SitemapDocument) -> None:
    entry = doc.entry_at(0)
    stack.push(RemoveEntriesCommand(doc, [0]))
    before = doc.to_bytes()
    assert not edit_entries(stack, doc, [replace(entry, lastmod="2024-02-02")], "Edit")
    assert stack.count() == 1
    assert doc.to_bytes() == before


# --------------------------------------------------------------------------- structure


def test_insert_redo_gives_back_the_same_ids(stack: QUndoStack, doc: SitemapDocument) -> None:
    new = [Entry(loc="http://example.com/new1", priority="0.4"), Entry(loc="http://example.com/n2")]
    ids = insert_entries(stack, doc, 1, new, "Insert")
    assert len(ids) == 2 and len(doc) == 6
    assert locs(doc)[1:3] == ["http://example.com/new1", "http://example.com/n2"]
    assert [doc.id_at(1), doc.id_at(2)] == ids
    check_undo_redo(stack, doc, PRETTY)
    stack.redo()
    assert [doc.id_at(1), doc.id_at(2)] == ids
    assert doc.entry_at(1).priority == "0.4"


def test_insert_command_at_the_end(stack: QUndoStack, doc: SitemapDocument) -> None:
    command = InsertEntriesCommand(doc, 99, [Entry(loc="http://example.com/z")], text="Add")
    stack.push(command)
    assert locs(doc)[-1] == "http://example.com/z"
    assert doc.id_at(4) == command.ids[0]
    check_undo_redo(stack, doc, PRETTY)


def test_insert_into_a_text_sitemap(stack: QUndoStack) -> None:
    text_doc = open_bytes(TEXT, "urls.txt")
    assert insert_entries(stack, text_doc, 0, [Entry(loc="https://example.com/0")])
    assert text_doc.to_bytes() == b"https://example.com/0\n" + TEXT
    check_undo_redo(stack, text_doc, TEXT)


def test_duplicate_copies_exact_bytes_after_the_last(stack: QUndoStack,
                                                     doc: SitemapDocument) -> None:
    originals = [doc.body(1), doc.body(2)]
    stack.push(DuplicateEntriesCommand(doc, [2, 1]))
    assert len(doc) == 6
    assert [doc.body(3), doc.body(4)] == originals
    assert locs(doc) == ["http://example.com/a", "http://example.com/b", "http://example.com/c",
                         "http://example.com/b", "http://example.com/c", "http://example.com/d"]
    assert len({doc.id_at(row) for row in range(6)}) == 6
    assert doc.to_bytes().count(b'<acme:stock level="low">3</acme:stock>') == 2
    check_undo_redo(stack, doc, PRETTY)


def test_remove_keeps_comments_and_undoes_exactly(stack: QUndoStack,
                                                  doc: SitemapDocument) -> None:
    stack.push(RemoveEntriesCommand(doc, [2, 0]))
    assert locs(doc) == ["http://example.com/b", "http://example.com/d"]
    out = doc.to_bytes()
    assert b"<!-- first section -->" in out and b"<!-- second section -->" in out
    check_undo_redo(stack, doc, PRETTY)


@pytest.mark.parametrize(("row", "count", "destination", "expected"), [
    (0, 1, 3, "bcad"),
    (0, 2, 4, "cdab"),
    (3, 1, 0, "dabc"),
    (2, 2, 1, "acdb"),
])
def test_move(stack: QUndoStack, doc: SitemapDocument, row: int, count: int, destination: int,
              expected: str) -> None:
    stack.push(MoveEntriesCommand(doc, row, count, destination))
    assert "".join(loc[-1] for loc in locs(doc) if loc) == expected
    check_undo_redo(stack, doc, PRETTY)


# --------------------------------------------------------------------------- bulk steps


def test_quick_fixes_apply_as_one_step(stack: QUndoStack, doc: SitemapDocument) -> None:
    validator = DocumentValidator(doc, ValidationContext())
    validator.run(follow=False)
    findings = [f for f in validator.findings() if f.fix is not None]
    codes = sorted(f.code for f in findings)
    assert codes == ["changefreq-invalid", "changefreq-invalid", "priority-out-of-range"]
    assert apply_quick_fixes(stack, doc, findings, "Fix all") == 2
    assert stack.count() == 1
    # Two fixes of one entry, applied one after the other.
    assert (doc.entry_at(2).changefreq, doc.entry_at(2).priority) == ("weekly", "1.0")
    assert doc.entry_at(3).changefreq == "daily"
    check_undo_redo(stack, doc, PRETTY)


def test_quick_fix_of_one_finding_and_stale_fixes(stack: QUndoStack,
                                                  doc: SitemapDocument) -> None:
    validator = DocumentValidator(doc, ValidationContext())
    validator.run(follow=False)
    finding = next(f for f in validator.findings() if f.code == "priority-out-of-range")
    assert apply_quick_fixes(stack, doc, [finding], "Fix") == 1
    assert doc.entry_at(2).priority == "1.0"
    assert doc.entry_at(2).changefreq == "Weekly"
    # The same fix again changes nothing: nothing is pushed.
    assert apply_quick_fixes(stack, doc, [finding], "Fix") == 0
    assert stack.count() == 1
    check_undo_redo(stack, doc, PRETTY)


def test_bulk_edit_plan_is_one_step_that_does_not_merge(stack: QUndoStack,
                                                        doc: SitemapDocument) -> None:
    entry_id = doc.id_at(0)
    edit_entries(stack, doc, [replace(doc.entry(entry_id), changefreq="hourly")], "Edit")
    plan = bulk_set(doc, [doc.id_at(row) for row in range(4)], "changefreq", "monthly")
    assert len(plan) == 4
    assert apply_plan(stack, doc, plan, "Set changefreq")
    assert stack.count() == 2
    assert {doc.entry_at(row).changefreq for row in range(4)} == {"monthly"}
    stack.undo()
    assert doc.entry(entry_id).changefreq == "hourly"
    stack.undo()
    assert doc.to_bytes() == PRETTY


def test_find_replace_plan_applies_and_undoes(stack: QUndoStack, doc: SitemapDocument) -> None:
    plan = plan_replace(doc, "http://", "https://")
    assert plan.preview_count == 4
    assert apply_plan(stack, doc, plan.changes, "Replace")
    assert all(loc and loc.startswith("https://") for loc in locs(doc))
    assert b"<!-- keep me -->" in doc.to_bytes()
    check_undo_redo(stack, doc, PRETTY)


def test_remove_duplicates_is_one_step(stack: QUndoStack, hostile_dir: Path) -> None:
    original = (hostile_dir / "duplicates.xml").read_bytes()
    document = open_bytes(original)
    plan = plan_dedupe(document)
    assert remove_duplicates(stack, document, plan) == 6
    assert stack.count() == 1
    assert len(document) == 6
    check_undo_redo(stack, document, original)


def test_remove_duplicates_follows_ids_after_a_move(stack: QUndoStack,
                                                    hostile_dir: Path) -> None:
    document = open_bytes((hostile_dir / "duplicates.xml").read_bytes())
    plan = plan_dedupe(document)
    gone = {document.id_at(row) for row in plan.remove_rows}
    stack.push(MoveEntriesCommand(document, 11, 1, 0))
    assert remove_duplicates(stack, document, plan) == 6
    assert not gone & {document.id_at(row) for row in range(len(document))}
    assert len(document) == 6


def test_paste_from_a_spreadsheet(stack: QUndoStack, doc: SitemapDocument) -> None:
    pasted = tsv_to_entries("Priority\tLOC\r\n0.9\thttp://example.com/p1\r\n\thttp://example.com/p2\r\n")
    ids = paste_entries(stack, doc, 2, pasted.entries)
    assert len(ids) == 2 and stack.count() == 1
    assert locs(doc)[2:4] == ["http://example.com/p1", "http://example.com/p2"]
    assert doc.entry_at(2).priority == "0.9"
    check_undo_redo(stack, doc, PRETTY)


def test_paste_into_an_index_makes_sitemap_elements(stack: QUndoStack) -> None:
    index = open_bytes(INDEX)
    pasted = tsv_to_entries("https://example.com/s2.xml\n")
    assert paste_entries(stack, index, 1, pasted.entries)
    assert index.element_at(1) == "sitemap"
    assert b"<sitemap><loc>https://example.com/s2.xml</loc></sitemap>" in index.to_bytes()
    check_undo_redo(stack, index, INDEX)


def test_paste_refused_by_a_text_sitemap(stack: QUndoStack) -> None:
    text_doc = open_bytes(TEXT, "urls.txt")
    pasted = tsv_to_entries("loc\tlastmod\nhttps://example.com/c\t2024-01-01\n")
    errors: list[SitemapError] = []
    assert paste_entries(stack, text_doc, 0, pasted.entries, on_error=errors.append) == []
    assert errors and stack.count() == 0
    assert text_doc.to_bytes() == TEXT
