"""The bulk edit dialog: choosing fields, live validation, and applying the choice."""

from __future__ import annotations

import pytest
from dialog_helpers import NS, document_of
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from sitemap_studio.commands.bulk_steps import apply_plan
from sitemap_studio.core.edits.bulk_edit import BulkEditChoice
from sitemap_studio.core.model.values import parse_w3c_datetime
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.dialogs.bulk_edit_dialog import REMOVE, BulkEditDialog


@pytest.fixture
def dialog(qtbot) -> BulkEditDialog:
    widget = BulkEditDialog(3)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def tick(qtbot, dialog: BulkEditDialog, name: str) -> None:
    qtbot.mouseClick(dialog.rows[name].check, Qt.MouseButton.LeftButton)


def test_nothing_chosen_means_no_ok(dialog) -> None:
    assert dialog.windowTitle() == "Edit 3 Entries"
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == "Tick at least one field to change."
    assert dialog.status_label.is_problem
    for row in dialog.rows.values():
        assert not row.editor.isEnabled() and not row.action.isEnabled()
    assert not dialog.now_button.isEnabled()
    assert dialog.choice is None
    assert dialog.ok_button.isDefault()
    lastmod = dialog.rows["lastmod"]
    assert lastmod.check.nextInFocusChain() is lastmod.action
    assert lastmod.action.nextInFocusChain() is dialog.lastmod_edit


def test_choosing_a_changefreq(qtbot, dialog) -> None:
    tick(qtbot, dialog, "changefreq")
    assert dialog.changefreq_combo.isEnabled()
    dialog.changefreq_combo.setCurrentText("daily")
    assert dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == "Set changefreq to daily on 3 entries."
    assert not dialog.status_label.is_problem
    tick(qtbot, dialog, "changefreq")
    assert not dialog.ok_button.isEnabled()


def test_lastmod_is_checked_as_it_is_typed(qtbot, dialog) -> None:
    tick(qtbot, dialog, "lastmod")
    assert dialog.now_button.isEnabled()
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == ("An empty lastmod is not valid; remove the field "
                                          "instead.")
    qtbot.keyClicks(dialog.lastmod_edit, "2024-02-30")
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.text().startswith("Lastmod '2024-02-30' is not a W3C Datetime:")
    assert "29" in dialog.status_label.text()  # February 2024 has 29 days
    dialog.lastmod_edit.clear()
    qtbot.keyClicks(dialog.lastmod_edit, "2024-01-15 10:30:00+01:00")
    assert not dialog.ok_button.isEnabled()
    assert "2024-01-15T10:30:00+01:00" in dialog.status_label.text()  # the suggestion
    dialog.lastmod_edit.clear()
    qtbot.keyClicks(dialog.lastmod_edit, "2024-01-15T10:30:00+01:00")
    assert dialog.ok_button.isEnabled()
    assert dialog.choice == BulkEditChoice((("lastmod", "2024-01-15T10:30:00+01:00"),))


def test_now_fills_in_a_valid_lastmod(qtbot, dialog) -> None:
    tick(qtbot, dialog, "lastmod")
    qtbot.mouseClick(dialog.now_button, Qt.MouseButton.LeftButton)
    text = dialog.lastmod_edit.text()
    value = parse_w3c_datetime(text)
    assert value is not None and value.second is not None and value.offset_minutes is not None
    assert dialog.ok_button.isEnabled()


def test_removing_a_field_disables_its_editor(qtbot, dialog) -> None:
    tick(qtbot, dialog, "priority")
    assert dialog.priority_spin.isEnabled()
    dialog.rows["priority"].action.setCurrentText(REMOVE)
    assert not dialog.priority_spin.isEnabled()
    assert dialog.status_label.text() == "Remove priority on 3 entries."
    assert dialog.choice == BulkEditChoice((("priority", None),))


def test_the_priority_spin_box_stays_in_range(qtbot, dialog) -> None:
    tick(qtbot, dialog, "priority")
    dialog.priority_spin.selectAll()
    qtbot.keyClicks(dialog.priority_spin, "0.8")
    assert dialog.status_label.text() == "Set priority to 0.8 on 3 entries."
    dialog.priority_spin.selectAll()
    qtbot.keyClicks(dialog.priority_spin, "7")  # refused by the spin box: out of range
    assert dialog.priority_spin.value() <= 1.0
    qtbot.keyClick(dialog.priority_spin, Qt.Key.Key_Up)
    assert dialog.choice is not None
    assert dict(dialog.choice.values)["priority"] in ("0.9", "1.0")


def test_an_invalid_field_blocks_the_others(qtbot, dialog) -> None:
    tick(qtbot, dialog, "changefreq")
    tick(qtbot, dialog, "lastmod")
    qtbot.keyClicks(dialog.lastmod_edit, "yesterday")
    assert not dialog.ok_button.isEnabled()
    assert dialog.status_label.is_problem
    dialog.rows["lastmod"].action.setCurrentText(REMOVE)
    assert dialog.ok_button.isEnabled()
    assert dialog.status_label.text() == "Remove lastmod, set changefreq to weekly on 3 entries."


def test_the_choice_applies_as_one_undoable_step(qtbot, dialog, stack) -> None:
    document = open_bytes(
        f'<urlset xmlns="{NS}">'
        "<url><loc>https://e.com/a</loc><priority>0.3</priority></url>"
        "<url><loc>https://e.com/b</loc><changefreq>daily</changefreq></url>"
        "<url><loc>https://e.com/c</loc></url></urlset>".encode())
    before = document.to_bytes()
    tick(qtbot, dialog, "changefreq")
    tick(qtbot, dialog, "priority")
    dialog.rows["priority"].action.setCurrentText(REMOVE)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    choice = dialog.choice
    assert choice is not None
    ids = [document.id_at(row) for row in range(3)]
    entries = choice.entries(document, ids)
    assert [(e.loc, e.changefreq, e.priority) for e in entries] == [
        ("https://e.com/a", "weekly", None),
        ("https://e.com/b", "weekly", None),
        ("https://e.com/c", "weekly", None),
    ]
    assert apply_plan(stack, document, entries, choice.describe())
    assert stack.undoText() == "Set changefreq to weekly, remove priority"
    assert [document.text(row, 2) for row in range(3)] == ["weekly"] * 3
    assert document.text(0, 3) is None
    stack.undo()
    assert document.to_bytes() == before


def test_index_entries_refuse_changefreq(qtbot, dialog) -> None:
    document = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/s.xml</loc>'
                          "</sitemap></sitemapindex>".encode())
    tick(qtbot, dialog, "changefreq")
    assert dialog.choice is not None
    with pytest.raises(ValueError, match="has no changefreq"):
        dialog.choice.entries(document, [document.id_at(0)])


def test_ask_returns_the_choice(qtbot, run_modal) -> None:
    def drive(dialog: BulkEditDialog) -> None:
        assert dialog.windowTitle() == "Edit 1 Entry"
        tick(qtbot, dialog, "lastmod")
        qtbot.keyClicks(dialog.lastmod_edit, "2024-05-01")
        qtbot.keyClick(dialog.lastmod_edit, Qt.Key.Key_Return)

    choice = run_modal(BulkEditDialog, lambda: BulkEditDialog.ask(None, 1), drive)
    assert choice == BulkEditChoice((("lastmod", "2024-05-01"),))
    document = document_of("https://e.com/a")
    entries = choice.entries(document, [document.id_at(0)])
    assert [entry.lastmod for entry in entries] == ["2024-05-01"]


def test_ask_returns_none_when_cancelled(qtbot, run_modal) -> None:
    def drive(dialog: BulkEditDialog) -> None:
        tick(qtbot, dialog, "priority")
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    assert run_modal(BulkEditDialog, lambda: BulkEditDialog.ask(None, 2), drive) is None


def test_a_choice_cannot_hold_what_bulk_set_refuses() -> None:
    with pytest.raises(ValueError, match="lower case"):
        BulkEditChoice((("changefreq", "Weekly"),))
    with pytest.raises(ValueError, match="named twice"):
        BulkEditChoice((("priority", "0.5"), ("priority", None)))
