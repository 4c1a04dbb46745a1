"""The table model and its proxy stay consistent through undoable inserts, removes, moves,
edits, undo and redo (the way the window changes documents)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from sitemap_studio.commands import entry_commands
from sitemap_studio.commands.entry_commands import MoveEntriesCommand, RemoveEntriesCommand
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models.cell_edits import CellEdit, edit_answer
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy
from sitemap_studio.qt_models.entry_table_model import EntryTableModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
LOCS = ["https://example.com/d", "https://example.com/a", "https://example.com/c",
        "https://example.com/b"]
DATA = (f'<urlset xmlns="{NS}">' + "".join(
    f"<url><loc>{loc}</loc><priority>0.{n}</priority></url>" for n, loc in enumerate(LOCS))
    + "</urlset>").encode()


class StackEditor:
    """The window's editor: every edit is a command on an undo stack."""

    def __init__(self, stack: QUndoStack, document) -> None:
        self.stack = stack
        self.document = document

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        return edit_answer(lambda refused: entry_commands.edit_entries(
            self.stack, self.document, new_entries, text, on_error=refused))


def shown(model) -> list[str]:
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_model_and_sorted_filtered_proxy_through_undo_and_redo(qtmodeltester) -> None:
    document = open_bytes(DATA)
    validator = validate_document(document)
    stack = QUndoStack()
    model = EntryTableModel(document, validator=validator,
                            editor=StackEditor(stack, document))
    proxy = EntryFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    proxy.set_filter("example.com/")

    def check(expected_sorted: list[str]) -> None:
        qtmodeltester.check(model)
        qtmodeltester.check(proxy)
        assert shown(proxy) == sorted(expected_sorted)
        assert sorted(shown(model)) == sorted(expected_sorted)

    check(LOCS)
    entry_commands.insert_entries(stack, document, 1, [Entry(loc="https://example.com/e")])
    check([*LOCS, "https://example.com/e"])
    entry_commands.push_applied(stack, RemoveEntriesCommand(document, [0, 2]))
    check(["https://example.com/e", "https://example.com/c", "https://example.com/b"])
    entry_commands.push_applied(stack, MoveEntriesCommand(document, 2, 1, 0))
    assert shown(model)[0] == "https://example.com/b"
    check(["https://example.com/e", "https://example.com/c", "https://example.com/b"])
    assert proxy.setData(proxy.index(0, 0), "https://example.com/z", Qt.ItemDataRole.EditRole)
    qtmodeltester.check(proxy)
    # The edited row stays where it is (no jumping under the cursor) until the next sort.
    assert shown(proxy) == ["https://example.com/z", "https://example.com/c",
                            "https://example.com/e"]
    proxy.refresh()
    check(["https://example.com/z", "https://example.com/c", "https://example.com/e"])
    for _ in range(4):
        stack.undo()
        qtmodeltester.check(model)
        qtmodeltester.check(proxy)
    assert sorted(shown(proxy)) == sorted(LOCS)  # restored rows show; order waits for a sort
    proxy.refresh()
    check(LOCS)
    assert shown(model) == LOCS
    for _ in range(4):
        stack.redo()
        qtmodeltester.check(proxy)
    proxy.refresh()
    check(["https://example.com/z", "https://example.com/c", "https://example.com/e"])
