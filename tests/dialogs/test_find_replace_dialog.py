"""The find and replace dialog: live preview, pattern errors, scope, and applying its plan."""

from __future__ import annotations

import time

import pytest
from dialog_helpers import document_of, locs
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from sitemap_studio.commands.bulk_steps import apply_plan
from sitemap_studio.core.edits.find_replace import plan_replace
from sitemap_studio.dialogs.find_replace_dialog import (
    PREVIEW_LIMIT,
    UNDO_TEXT,
    FindReplaceDialog,
)

LOCS = ("http://example.com/a", "http://example.com/b", "https://example.com/c",
        "http://other.org/d")


@pytest.fixture
def doc():
    return document_of(*LOCS)


def make_dialog(qtbot, document, selected_ids=None) -> FindReplaceDialog:
    dialog = FindReplaceDialog(document, selected_ids, debounce_ms=20)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def type_into(qtbot, dialog: FindReplaceDialog, widget, text: str, *, append: bool = False
              ) -> None:
    """Type ``text`` (replacing what was there) and wait for the preview of the whole text.

    A keystroke that makes the pattern invalid updates the preview at once, so
    the wait is for planning to end, not for the first ``preview_ready``.
    """
    if not append:
        widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.waitUntil(lambda: not dialog.planning, timeout=10_000)


def preview_cells(dialog: FindReplaceDialog) -> list[list[str]]:
    model = dialog.model
    return [[model.index(row, column).data() for column in range(model.columnCount())]
            for row in range(model.rowCount())]


def test_the_preview_counts_and_lists_the_changes(qtbot, qtmodeltester, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    assert dialog.windowTitle() == "Find and Replace in Locations"
    assert dialog.ok_button.isDefault()
    chain = [dialog.find_edit]
    while len(chain) < 5:
        chain.append(chain[-1].nextInFocusChain())
    assert chain == [dialog.find_edit, dialog.replace_edit, dialog.regex_box, dialog.case_box,
                     dialog.all_radio]
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == "Type the text to find."
    type_into(qtbot, dialog, dialog.find_edit, "http:")
    assert dialog.status_label.text() == "3 entries will change (3 matches)."
    assert preview_cells(dialog) == [
        ["1", "http://example.com/a", "//example.com/a", ""],
        ["2", "http://example.com/b", "//example.com/b", ""],
        ["4", "http://other.org/d", "//other.org/d", ""],
    ]
    type_into(qtbot, dialog, dialog.replace_edit, "https:")
    assert dialog.status_label.text() == "3 entries will change (3 matches)."
    assert not dialog.status_label.is_problem
    assert preview_cells(dialog) == [
        ["1", "http://example.com/a", "https://example.com/a", ""],
        ["2", "http://example.com/b", "https://example.com/b", ""],
        ["4", "http://other.org/d", "https://other.org/d", ""],
    ]
    assert dialog.ok_button.isEnabled()
    qtmodeltester.check(dialog.model)


def test_ok_returns_a_plan_that_applies_as_one_undoable_step(qtbot, stack, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    type_into(qtbot, dialog, dialog.find_edit, "example.com")
    type_into(qtbot, dialog, dialog.replace_edit, "example.net")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    plan = dialog.plan
    assert plan is not None and plan.preview_count == 3
    before = doc.to_bytes()
    assert apply_plan(stack, doc, plan.changes, UNDO_TEXT)
    assert locs(doc) == ["http://example.net/a", "http://example.net/b", "https://example.net/c",
                         "http://other.org/d"]
    assert stack.count() == 1 and stack.undoText() == UNDO_TEXT
    stack.undo()
    assert locs(doc) == list(LOCS)
    assert doc.to_bytes() == before


def test_an_invalid_regex_disables_ok_and_says_why(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    dialog.regex_box.click()
    type_into(qtbot, dialog, dialog.find_edit, "(http")
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.is_problem
    assert dialog.status_label.text().startswith(
        "The regular expression cannot be used: invalid regular expression at position 0:")
    assert "missing )" in dialog.status_label.text()
    assert dialog.model.rowCount() == 0
    type_into(qtbot, dialog, dialog.find_edit, "s?)://", append=True)
    assert dialog.find_edit.text() == "(https?)://"
    type_into(qtbot, dialog, dialog.replace_edit, r"\1s://")
    assert dialog.status_label.text() == "4 entries will change (4 matches)."
    assert dialog.ok_button.isEnabled()
    assert dialog.model.index(2, 2).data() == "httpss://example.com/c"


def test_a_bad_group_reference_in_the_replacement_is_reported(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    dialog.regex_box.setChecked(True)
    type_into(qtbot, dialog, dialog.find_edit, "(a)")
    type_into(qtbot, dialog, dialog.replace_edit, r"\2")
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.text().startswith("The replacement cannot be used: invalid "
                                                 "replacement")
    # Plain text takes the same texts literally: no error, but no location holds "(a)".
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.regex_box.click()
    assert dialog.status_label.text() == "No location matches."
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.regex_box.click()
    assert dialog.status_label.text().startswith("The replacement cannot be used")
    type_into(qtbot, dialog, dialog.replace_edit, r"\1\1")
    assert dialog.status_label.text() == "3 entries will change (4 matches)."
    assert dialog.plan is not None
    assert dialog.plan.changes[0].loc == "http://exaample.com/aa"


def test_refused_results_are_counted_and_shown_with_their_reason(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    type_into(qtbot, dialog, dialog.find_edit, "http://example.com/a")
    assert dialog.status_label.text() == ("0 entries will change; 1 refused (1 match). "
                                          "Every result is refused.")
    assert not dialog.ok_button.isEnabled()
    assert preview_cells(dialog) == [["1", "http://example.com/a", "", "refused"]]
    tooltip = dialog.model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Refused: the result would be an empty location"
    assert dialog.model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    dialog.regex_box.click()
    type_into(qtbot, dialog, dialog.find_edit, r"^http://example\.com/a$|example")
    assert dialog.status_label.text() == "2 entries will change; 1 refused (3 matches)."
    assert dialog.ok_button.isEnabled()
    assert preview_cells(dialog) == [  # in row order, refusals among the changes
        ["1", "http://example.com/a", "", "refused"],
        ["2", "http://example.com/b", "http://.com/b", ""],
        ["3", "https://example.com/c", "https://.com/c", ""],
    ]


def test_match_case(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    assert dialog.case_box.isChecked()
    type_into(qtbot, dialog, dialog.find_edit, "EXAMPLE")
    type_into(qtbot, dialog, dialog.replace_edit, "sample")
    assert dialog.status_label.text() == "No location matches."
    assert not dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.case_box.click()
    assert dialog.status_label.text() == "3 entries will change (3 matches)."
    assert dialog.plan is not None
    assert [entry.loc for entry in dialog.plan.changes] == [
        "http://sample.com/a", "http://sample.com/b", "https://sample.com/c"]


def test_a_match_that_changes_nothing_is_not_a_change(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    type_into(qtbot, dialog, dialog.find_edit, "other")
    type_into(qtbot, dialog, dialog.replace_edit, "other")
    assert dialog.status_label.text() == "1 match, but no location would change."
    assert not dialog.ok_button.isEnabled()


def test_the_selection_scope(qtbot, stack, doc) -> None:
    unselected = make_dialog(qtbot, doc)
    assert not unselected.selected_radio.isEnabled()
    assert unselected.all_radio.isChecked()
    ids = [doc.id_at(1), doc.id_at(3)]
    dialog = make_dialog(qtbot, doc, selected_ids=ids)
    assert dialog.selected_radio.isEnabled()
    assert dialog.selected_radio.text() == "&Selected entries (2)"
    type_into(qtbot, dialog, dialog.find_edit, "http:")
    type_into(qtbot, dialog, dialog.replace_edit, "ftp:")
    assert dialog.status_label.text() == "3 entries will change (3 matches)."
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        qtbot.mouseClick(dialog.selected_radio, Qt.MouseButton.LeftButton)
    assert dialog.status_label.text() == "2 entries will change (2 matches)."
    assert [row[0] for row in preview_cells(dialog)] == ["2", "4"]
    dialog.ok_button.click()
    assert dialog.plan is not None
    apply_plan(stack, doc, dialog.plan.changes, UNDO_TEXT)
    assert locs(doc) == ["http://example.com/a", "ftp://example.com/b", "https://example.com/c",
                         "ftp://other.org/d"]


def test_the_preview_shows_the_first_lines_only(qtbot, qtmodeltester) -> None:
    document = document_of(*(f"http://example.com/{n}" for n in range(150)))
    dialog = make_dialog(qtbot, document)
    type_into(qtbot, dialog, dialog.find_edit, "http:")
    type_into(qtbot, dialog, dialog.replace_edit, "https:")
    assert dialog.status_label.text() == "150 entries will change (150 matches)."
    assert dialog.model.rowCount() == PREVIEW_LIMIT
    assert dialog.preview_note.text() == f"Showing the first {PREVIEW_LIMIT} of 150."
    assert dialog.preview_note.isVisible()
    qtmodeltester.check(dialog.model)


def test_typing_waits_for_a_pause_and_plans_off_the_gui_thread(qtbot) -> None:
    document = document_of(*(f"http://example.com/page/{n}" for n in range(50_000)))
    dialog = FindReplaceDialog(document)  # the real debounce
    qtbot.addWidget(dialog)
    dialog.show()
    started: list[None] = []
    dialog.preview_started.connect(lambda: started.append(None))
    clock = time.perf_counter()
    qtbot.keyClicks(dialog.replace_edit, "https:")
    qtbot.keyClicks(dialog.find_edit, "http:")
    typing = time.perf_counter() - clock
    # Planning 50,000 changes takes about a second; eleven keystrokes must not wait for it.
    assert typing < 1.0
    assert started == [] and dialog.planning and not dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == "Counting…"
    with qtbot.waitSignal(dialog.preview_started, timeout=5_000):
        pass
    # More typing while the worker plans: the stale plan is dropped when it arrives.
    with qtbot.waitSignal(dialog.preview_ready, timeout=30_000):
        qtbot.keyClicks(dialog.find_edit, "//")
        qtbot.keyClicks(dialog.replace_edit, "//www.")
    assert len(started) == 2
    assert dialog.status_label.text() == "50,000 entries will change (50,000 matches)."
    assert dialog.plan is not None
    assert dialog.plan.changes[0].loc == "https://www.example.com/page/0"
    assert dialog.plan.changes == plan_replace(document, "http://", "https://www.").changes
    assert dialog.model.index(0, 2).data() == "https://www.example.com/page/0"


def test_cancel_returns_nothing_and_stops_planning(qtbot, doc) -> None:
    dialog = make_dialog(qtbot, doc)
    qtbot.keyClicks(dialog.find_edit, "http")
    assert dialog.planning
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert not dialog.planning and dialog.plan is None


def test_ask_returns_the_plan(qtbot, run_modal, stack, doc) -> None:
    def drive(dialog: FindReplaceDialog) -> None:
        qtbot.keyClicks(dialog.find_edit, "/a")
        qtbot.keyClicks(dialog.replace_edit, "/z")
        qtbot.waitUntil(dialog.ok_button.isEnabled, timeout=10_000)
        qtbot.keyClick(dialog.find_edit, Qt.Key.Key_Return)

    plan = run_modal(FindReplaceDialog, lambda: FindReplaceDialog.ask(None, doc), drive)
    assert plan is not None and [entry.loc for entry in plan.changes] == ["http://example.com/z"]
    apply_plan(stack, doc, plan.changes, UNDO_TEXT)
    assert locs(doc)[0] == "http://example.com/z"
    stack.undo()
    assert locs(doc)[0] == "http://example.com/a"


def test_ask_returns_none_when_cancelled(qtbot, run_modal, doc) -> None:
    def drive(dialog: FindReplaceDialog) -> None:
        qtbot.keyClicks(dialog.find_edit, "http")
        dialog.buttons.button(dialog.buttons.StandardButton.Cancel).click()

    assert run_modal(FindReplaceDialog,
                     lambda: FindReplaceDialog.ask(None, doc, selected_ids=[0]), drive) is None
