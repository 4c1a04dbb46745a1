"""The entry table model follows its document through every change."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sitemap_studio.core.entries import Entry
from sitemap_studio.core.loader import open_bytes
from sitemap_studio.qt_models.entry_table_model import EntryTableModel
from sitemap_studio.qt_models.findings_model import FindingsModel
from sitemap_studio.qt_models.roles import Role

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<urlset xmlns="{NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        "<url><loc>https://example.com/a</loc><lastmod>2024-01-01</lastmod></url>"
        "<url><loc>https://example.com/b</loc><image:image><image:loc>https://example.com/i"
        "</image:loc></image:image></url>"
        "<url><loc>https://example.com/c</loc><priority>high</priority></url></urlset>").encode()


def cells(model: EntryTableModel, column: int) -> list[object]:
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_model_shows_fields_and_counts(qtmodeltester) -> None:
    model = EntryTableModel(open_bytes(DATA))
    qtmodeltester.check(model)
    assert cells(model, 0) == ["https://example.com/a", "https://example.com/b",
                               "https://example.com/c"]
    assert cells(model, 1) == ["2024-01-01", None, None]
    assert cells(model, 3) == [None, None, "high"]
    assert cells(model, 4) == [0, 1, 0]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Location"
    assert model.index(2, 0).data(Role.ENTRY_ID) == 2


def test_model_follows_inserts_removes_moves_and_edits(qtmodeltester, qtbot) -> None:
    doc = open_bytes(DATA)
    model = EntryTableModel(doc)
    with qtbot.waitSignal(model.rowsInserted):
        doc.insert_entries(1, [Entry(loc="https://example.com/new")])
    qtmodeltester.check(model)
    assert cells(model, 0)[1] == "https://example.com/new"
    with qtbot.waitSignal(model.rowsRemoved):
        removal = doc.remove_rows([0, 2])
    qtmodeltester.check(model)
    assert cells(model, 0) == ["https://example.com/new", "https://example.com/c"]
    with qtbot.waitSignal(model.rowsInserted):
        doc.restore_rows(removal)
    assert cells(model, 0) == ["https://example.com/a", "https://example.com/new",
                               "https://example.com/b", "https://example.com/c"]
    with qtbot.waitSignal(model.rowsMoved):
        doc.move_rows(3, 1, 0)
    qtmodeltester.check(model)
    assert cells(model, 0)[0] == "https://example.com/c"
    with qtbot.waitSignal(model.dataChanged) as changed:
        doc.set_text(doc.id_at(0), "priority", "0.4")
    assert changed.args[0].row() == 0
    assert model.index(0, 3).data() == "0.4"
    qtmodeltester.check(model)


def test_detached_model_no_longer_listens() -> None:
    doc = open_bytes(DATA)
    model = EntryTableModel(doc)
    model.detach()
    doc.insert_entries(0, [Entry(loc="https://example.com/z")])
    assert len(doc) == 4


def test_findings_model(qtmodeltester) -> None:
    doc = open_bytes(b"https://example.com/a\n# comment\n", "s.txt")
    model = FindingsModel()
    model.set_findings(doc.load_findings)
    qtmodeltester.check(model)
    assert [model.index(0, column).data() for column in range(3)] == [
        "warning", "2", "text-line-not-url"]
