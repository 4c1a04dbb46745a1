"""The entry table model follows its document, shows findings and checks edits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon

from sitemap_studio.core.edits import parse_cell
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models.cell_edits import ACCEPTED, CellEdit
from sitemap_studio.qt_models.entry_table_model import (
    FINDING_ROLES,
    EntryTableModel,
)
from sitemap_studio.qt_models.finding_groups_model import FindingGroupsModel
from sitemap_studio.qt_models.roles import Role

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<urlset xmlns="{NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        "<url><loc>https://example.com/a</loc><lastmod>2024-01-01</lastmod></url>"
        "<url><loc>https://example.com/b</loc><image:image><image:loc>https://example.com/i"
        "</image:loc></image:image></url>"
        "<url><loc>https://example.com/c</loc><priority>high</priority></url>"
        "<url><loc>https://example.com/a</loc><changefreq>daily</changefreq></url>"
        "</urlset>").encode()
EDIT = Qt.ItemDataRole.EditRole


class FakeEditor:
    """Stands in for the undo stack: applies edits at once and remembers them."""

    def __init__(self, document: SitemapDocument) -> None:
        self.document = document
        self.calls: list[tuple[list[Entry], str]] = []

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        self.calls.append((new_entries, text))
        self.document.replace_entries(new_entries)
        return ACCEPTED


def cells(model: EntryTableModel, column: int, role: int = Qt.ItemDataRole.DisplayRole,
          ) -> list[object]:
    return [model.index(row, column).data(role) for row in range(model.rowCount())]


def editable(model: EntryTableModel, row: int, column: int) -> bool:
    return bool(model.flags(model.index(row, column)) & Qt.ItemFlag.ItemIsEditable)


def test_model_shows_fields_and_counts(qtmodeltester) -> None:
    model = EntryTableModel(open_bytes(DATA))
    qtmodeltester.check(model)
    assert cells(model, 0) == ["https://example.com/a", "https://example.com/b",
                               "https://example.com/c", "https://example.com/a"]
    assert cells(model, 1) == ["2024-01-01", None, None, None]
    assert cells(model, 3) == [None, None, "high", None]
    assert cells(model, 4) == [0, 1, 0, 0]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Location"
    assert model.index(2, 0).data(Role.ENTRY_ID) == 2
    assert model.index(2, 0).data(Role.DOCUMENT) is model.document
    assert model.index(2, 0).data(Role.SORT_KEY) is None  # sorting happens in the core
    assert model.index(0, 0).data(Qt.ItemDataRole.DecorationRole) is None  # no validator


def test_model_follows_inserts_removes_moves_and_edits(qtmodeltester, qtbot) -> None:
    doc = open_bytes(DATA)
    model = EntryTableModel(doc, editor=FakeEditor(doc))
    qtmodeltester.check(model)
    with qtbot.waitSignal(model.rowsInserted):
        doc.insert_entries(1, [Entry(loc="https://example.com/new")])
    qtmodeltester.check(model)
    assert cells(model, 0)[1] == "https://example.com/new"
    with qtbot.waitSignal(model.rowsRemoved):
        removal = doc.remove_rows([0, 2])
    qtmodeltester.check(model)
    assert cells(model, 0) == ["https://example.com/new", "https://example.com/c",
                               "https://example.com/a"]
    with qtbot.waitSignal(model.rowsInserted):
        doc.restore_rows(removal)
    assert cells(model, 0)[:4] == ["https://example.com/a", "https://example.com/new",
                                   "https://example.com/b", "https://example.com/c"]
    with qtbot.waitSignal(model.rowsMoved):
        doc.move_rows(3, 1, 0)
    qtmodeltester.check(model)
    assert cells(model, 0)[0] == "https://example.com/c"
    with qtbot.waitSignal(model.dataChanged) as changed:
        assert model.setData(model.index(0, 3), "0.4", EDIT)
    assert changed.args[0].row() == 0
    assert Qt.ItemDataRole.DisplayRole in changed.args[2]
    assert model.index(0, 3).data() == "0.4"
    qtmodeltester.check(model)


def test_detached_model_no_longer_listens() -> None:
    doc = open_bytes(DATA)
    validator = validate_document(doc)
    model = EntryTableModel(doc, validator=validator)
    model.detach()
    doc.insert_entries(0, [Entry(loc="https://example.com/z")])
    assert len(doc) == 5


# --- editing -------------------------------------------------------------------------------


def test_set_data_builds_the_entry_and_hands_it_to_the_editor() -> None:
    doc = open_bytes(DATA)
    editor = FakeEditor(doc)
    model = EntryTableModel(doc, editor=editor)
    assert model.setData(model.index(0, 0), "  https://example.com/renamed ", EDIT)
    assert model.setData(model.index(0, 1), "2024-03-01T10:00:00+01:00", EDIT)
    assert model.setData(model.index(0, 2), "weekly", EDIT)
    assert model.setData(model.index(0, 3), ".45", EDIT)
    assert model.edit_cell(0, 3, ".45") == ACCEPTED
    assert [text for _, text in editor.calls] == ["Edit loc", "Edit lastmod", "Edit changefreq",
                                                  "Edit priority"]
    assert [model.index(0, column).data() for column in range(4)] == [
        "https://example.com/renamed", "2024-03-01T10:00:00+01:00", "weekly", ".45"]
    assert editor.calls[0][0][0].id == doc.id_at(0)
    # An empty value removes an optional field; an unchanged value is no edit at all.
    assert model.setData(model.index(3, 2), "", EDIT)
    assert model.index(3, 2).data() is None
    assert model.setData(model.index(0, 3), ".45", EDIT)
    assert len(editor.calls) == 5


@pytest.mark.parametrize(("column", "value", "reason"), [
    (0, "   ", "cannot be empty"),
    (0, None, "cannot be empty"),
    (0, "https://example.com/\x07", "U+0007"),
    (0, "https://example.com/a\rb", "U+000D"),
    (1, "2024-01-15 10:30:00", "did you mean '2024-01-15T10:30:00"),
    (1, "2024-02-30", "February 2024 has 29 days"),
    (1, "yesterday", "not a W3C Datetime"),
    (2, "Daily", "lower case: did you mean 'daily'"),
    (2, "sometimes", "not a change frequency"),
    (3, "high", "not a priority"),
    (3, "1e-1", "not a priority"),
])
def test_set_data_refuses_values_with_a_reason(column: int, value: object, reason: str) -> None:
    doc = open_bytes(DATA)
    editor = FakeEditor(doc)
    model = EntryTableModel(doc, editor=editor)
    before = model.index(0, column).data()
    assert not model.setData(model.index(0, column), value, EDIT)
    refusal = model.edit_cell(0, column, value).refusal
    assert refusal is not None and reason in refusal
    assert not editor.calls
    assert model.index(0, column).data() == before
    with pytest.raises(ValueError) as raised:
        parse_cell(column, value)
    assert reason in str(raised.value)


def test_a_priority_out_of_range_is_taken_as_typed() -> None:
    doc = open_bytes(DATA)
    editor = FakeEditor(doc)
    model = EntryTableModel(doc, editor=editor)
    assert parse_cell(3, "1.5") == "1.5"  # it parses: kept, and validation flags it
    assert parse_cell(3, "-0.1") == "-0.1"
    assert model.setData(model.index(0, 3), "1.5", EDIT)
    assert len(editor.calls) == 1


def test_what_can_be_edited() -> None:
    doc = open_bytes(DATA)
    model = EntryTableModel(doc, editor=FakeEditor(doc))
    assert all(editable(model, 0, column) for column in range(4))
    assert not any(editable(model, 1, column) for column in range(4, 8))
    assert model.edit_cell(1, 4, "3").refusal == "the number of images is counted, not typed"
    assert not model.setData(model.index(1, 4), "3", EDIT)
    read_only = EntryTableModel(doc)
    assert not editable(read_only, 0, 0)
    assert read_only.edit_cell(0, 0, "https://example.com/x").refusal == "this table is read-only"
    assert not read_only.setData(read_only.index(0, 0), "https://example.com/x", EDIT)


def test_text_sitemaps_edit_only_locations() -> None:
    doc = open_bytes(b"https://example.com/a\nhttps://example.com/b\n", "urls.txt")
    model = EntryTableModel(doc, editor=FakeEditor(doc))
    assert editable(model, 0, 0)
    assert not any(editable(model, 0, column) for column in range(1, 8))
    assert model.edit_cell(0, 1, "2024-01-01").refusal == "a text sitemap holds only URLs"
    assert not model.setData(model.index(0, 1), "2024-01-01", EDIT)
    assert model.setData(model.index(1, 0), "https://example.com/c", EDIT)
    assert doc.to_bytes() == b"https://example.com/a\nhttps://example.com/c\n"


def test_index_entries_have_no_changefreq_or_priority() -> None:
    doc = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/s.xml</loc>'
                     "</sitemap></sitemapindex>".encode())
    model = EntryTableModel(doc, editor=FakeEditor(doc))
    assert editable(model, 0, 1)
    assert not editable(model, 0, 2) and not editable(model, 0, 3)


def test_an_editor_refusal_becomes_the_reason() -> None:
    doc = open_bytes(DATA)

    class Refusing:
        def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
            raise SitemapError("the format cannot hold that", code="format-cannot-hold")

    class Declining:
        def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
            return CellEdit("the stack is busy")

    model = EntryTableModel(doc, editor=Refusing())
    assert model.edit_cell(0, 0, "https://example.com/x").refusal == "the format cannot hold that"
    assert not model.setData(model.index(0, 0), "https://example.com/x", EDIT)
    model = EntryTableModel(doc, editor=Declining())
    assert model.edit_cell(0, 0, "https://example.com/x").refusal == "the stack is busy"
    assert not model.setData(model.index(0, 0), "https://example.com/x", EDIT)


# --- findings ------------------------------------------------------------------------------


def test_cells_show_their_findings(qtmodeltester) -> None:
    doc = open_bytes(DATA)
    validator = validate_document(doc)
    model = EntryTableModel(doc, validator=validator)
    qtmodeltester.check(model)
    priority = model.index(2, 3)
    assert isinstance(priority.data(Qt.ItemDataRole.DecorationRole), QIcon)
    assert priority.data(Role.SEVERITY) == Severity.ERROR
    tip = priority.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("error: ") and "(sitemaps.org" in tip
    assert isinstance(priority.data(Qt.ItemDataRole.ForegroundRole), QColor)
    assert isinstance(priority.data(Qt.ItemDataRole.BackgroundRole), QColor)
    # The duplicate location is flagged on the location cell of the second one.
    duplicate = model.index(3, 0)
    assert duplicate.data(Role.SEVERITY) == Severity.WARNING
    assert "loc-duplicate" in {f.code for f in duplicate.data(Role.FINDINGS)}
    assert duplicate.data(Qt.ItemDataRole.ToolTipRole).startswith("warning: ")
    # Cells without a finding of their own stay plain.
    for index in (model.index(2, 1), model.index(1, 0), model.index(1, 4)):
        assert index.data(Qt.ItemDataRole.DecorationRole) is None
        assert index.data(Qt.ItemDataRole.ToolTipRole) is None
        assert index.data(Role.SEVERITY) is None
    assert model.index(2, 1).data(Role.FINDINGS)  # the row's findings, whatever the cell


def test_findings_follow_edits_with_explicit_roles(qtmodeltester, qtbot) -> None:
    doc = open_bytes(DATA)
    validator = validate_document(doc)
    model = EntryTableModel(doc, validator=validator, editor=FakeEditor(doc))
    qtmodeltester.check(model)
    seen: list[tuple[int, int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, roles: seen.append((tl.row(), br.row(), roles)))
    assert model.setData(model.index(2, 3), "0.5", EDIT)
    assert model.index(2, 3).data(Qt.ItemDataRole.DecorationRole) is None
    finding_roles = [int(role) for role in FINDING_ROLES]
    assert any(first <= 2 <= last and [int(r) for r in roles] == finding_roles
               for first, last, roles in seen)
    # Findings that change while rows are being removed are announced after the removal.
    seen.clear()
    with qtbot.waitSignal(model.rowsRemoved):
        doc.remove_rows([0])
    qtmodeltester.check(model)
    assert model.index(2, 0).data(Role.SEVERITY) is None  # no duplicate any more
    assert all(last < model.rowCount() for _, last, _ in seen)


def test_findings_model(qtmodeltester) -> None:
    doc = open_bytes(b"https://example.com/a\n# comment\n", "s.txt")
    model = FindingGroupsModel()
    model.set_findings(doc.load_findings)
    qtmodeltester.check(model)
    assert [model.index(0, column).data() for column in (0, 2, 4)] == [
        "warning", "2", "text-line-not-url"]
