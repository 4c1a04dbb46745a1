"""The duplicate removal dialog: its preview, the no-duplicates case, and applying its plan."""

from __future__ import annotations

from dialog_helpers import document_of, locs
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from sitemap_studio.commands.bulk_steps import remove_duplicates
from sitemap_studio.dialogs.dedupe_dialog import NO_DUPLICATES, PREVIEW_LIMIT, DedupeDialog

LOCS = (
    "https://example.com/a",
    "https://example.com/b",
    "https://EXAMPLE.com:443/a",
    "https://example.com/page",
    "https://example.com/page/",
    "https://example.com/a#top",
    "https://example.com/b",
)


def make_dialog(qtbot, document) -> DedupeDialog:
    dialog = DedupeDialog(document)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def cells(dialog: DedupeDialog) -> list[list[str]]:
    model = dialog.model
    return [[model.index(row, column).data() for column in range(model.columnCount())]
            for row in range(model.rowCount())]


def test_the_preview_lists_what_goes_and_what_stays(qtbot, qtmodeltester) -> None:
    document = document_of(*LOCS)
    dialog = make_dialog(qtbot, document)
    assert dialog.windowTitle() == "Remove Duplicate Entries"
    assert dialog.status_label.text() == ("3 entries will be removed: 2 locations are listed "
                                          "more than once.")
    assert dialog.ok_button.isEnabled() and dialog.ok_button.isDefault()
    # Row, line in the file (the urlset starts on line 2, one entry a line), loc, kept row, kept.
    assert cells(dialog) == [
        ["3", "5", "https://EXAMPLE.com:443/a", "1", "https://example.com/a"],
        ["6", "8", "https://example.com/a#top", "1", "https://example.com/a"],
        ["7", "9", "https://example.com/b", "2", "https://example.com/b"],
    ]
    assert not dialog.preview_note.isVisible()
    tip = dialog.model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == "Row 3 repeats row 1: https://example.com/a"
    qtmodeltester.check(dialog.model)


def test_the_plan_removes_the_duplicates_in_one_undoable_step(qtbot, stack) -> None:
    document = document_of(*LOCS)
    before = document.to_bytes()
    dialog = make_dialog(qtbot, document)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert remove_duplicates(stack, document, dialog.plan) == 3
    assert locs(document) == ["https://example.com/a", "https://example.com/b",
                              "https://example.com/page", "https://example.com/page/"]
    stack.undo()
    assert document.to_bytes() == before


def test_no_duplicates_disables_ok(qtbot, qtmodeltester) -> None:
    document = document_of("https://example.com/page", "https://example.com/page/",
                           "http://example.com/page")
    dialog = make_dialog(qtbot, document)
    assert dialog.status_label.text() == NO_DUPLICATES == "No duplicates found."
    assert dialog.status_label.is_problem
    assert not dialog.ok_button.isEnabled()
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).isDefault()
    assert dialog.model.rowCount() == 0
    qtmodeltester.check(dialog.model)


def test_a_long_preview_is_cut(qtbot) -> None:
    document = document_of(*(["https://example.com/x"] * (PREVIEW_LIMIT + 51)))
    dialog = make_dialog(qtbot, document)
    assert dialog.status_label.text() == ("550 entries will be removed: 1 location is listed "
                                          "more than once.")
    assert dialog.model.rowCount() == PREVIEW_LIMIT
    assert dialog.preview_note.text() == "Showing the first 500 of 550."


def test_ask_returns_the_plan(qtbot, run_modal, stack) -> None:
    document = document_of(*LOCS)

    def drive(dialog: DedupeDialog) -> None:
        qtbot.keyClick(dialog.preview, Qt.Key.Key_Return)

    plan = run_modal(DedupeDialog, lambda: DedupeDialog.ask(None, document), drive)
    assert plan is not None and plan.remove_rows == [2, 5, 6]
    assert remove_duplicates(stack, document, plan) == 3


def test_ask_returns_none_when_cancelled(qtbot, run_modal) -> None:
    document = document_of(*LOCS)

    def drive(dialog: DedupeDialog) -> None:
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()

    assert run_modal(DedupeDialog, lambda: DedupeDialog.ask(None, document), drive) is None
    assert len(document) == len(LOCS)
