"""The cell editors, driven with real key clicks on a table over a real document."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QComboBox, QLineEdit, QTableView, QVBoxLayout, QWidget

from sitemap_studio.commands.entry_commands import edit_entries
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.qt_models.cell_edits import CellEdit, edit_answer
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy
from sitemap_studio.qt_models.entry_table_model import EntryTableModel
from sitemap_studio.widgets.entry_delegates import (
    EntryDelegates,
    install_delegates,
    lastmod_feedback,
    loc_feedback,
)
from sitemap_studio.widgets.field_editors import LastmodEditor, PrioritySpinBox

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<urlset xmlns="{NS}">'
        "<url><loc>https://example.com/a</loc><lastmod>2024-01-15T10:30:00Z</lastmod>"
        "<changefreq>daily</changefreq><priority>0.5</priority></url>"
        "<url><loc>https://example.com/b</loc><lastmod>2024-01-01</lastmod>"
        "<changefreq>Daily</changefreq><priority>high</priority></url>"
        "<url><loc>https://example.com/c</loc></url></urlset>").encode()

class UndoEditor:
    """What the entry model hands its edits to: the undo stack's side, as the window wires it."""

    def __init__(self, document: SitemapDocument) -> None:
        self.document = document
        self.stack = QUndoStack()

    def edit_entries(self, new_entries: list[Entry], text: str) -> CellEdit:
        return edit_answer(lambda refused: edit_entries(self.stack, self.document, new_entries,
                                                        text, on_error=refused))


def make_model() -> EntryTableModel:
    document = open_bytes(DATA)
    return EntryTableModel(document, editor=UndoEditor(document))


def undo_count(view: QTableView) -> int:
    return view.model().editor.stack.count()


@pytest.fixture
def table(qtbot) -> tuple[QTableView, EntryDelegates]:
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(make_model())
    view.resize(900, 300)
    delegates = install_delegates(view)
    view.show()
    qtbot.waitExposed(view)
    return view, delegates


def open_editor(view: QTableView, delegate, row: int, column: int):
    index = view.model().index(row, column)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = delegate.last_editor
    assert editor is not None, "the delegate made no editor"
    return index, editor


#: The offscreen platform cannot raise a pop-up or grab the keyboard for it, and says so.
offscreen_popup = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard)", extend=True)


def wait_closed(qtbot, delegate) -> None:
    qtbot.waitUntil(lambda: delegate.last_editor is None, timeout=2000)


# --- location ---------------------------------------------------------------------------------


def test_loc_edit_commits_with_enter(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 0, 0)
    assert editor.text() == "https://example.com/a"
    editor.selectAll()
    qtbot.keyClicks(editor, "https://example.com/new-page")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/new-page"


def test_loc_feedback_follows_typing(table, qtbot) -> None:
    view, delegates = table
    _index, editor = open_editor(view, delegates.loc, 0, 0)
    editor.clear()
    with qtbot.waitSignal(delegates.loc.feedback):
        qtbot.keyClicks(editor, "example.com/x")
    message, severity = delegates.loc.last_feedback
    assert severity == "error"
    assert "not an absolute URL" in message
    assert editor.toolTip() == message
    assert editor.property("feedback_severity") == "error"
    assert editor.bubble.isVisible() and editor.bubble.text() == message
    assert "border" in editor.styleSheet()
    editor.clear()
    qtbot.keyClicks(editor, "https://example.com/x")
    assert delegates.loc.last_feedback == ("", "")
    assert not editor.bubble.isVisible()
    assert editor.styleSheet() == ""


def test_loc_with_a_fragment_is_accepted_and_flagged(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 1, 0)
    editor.selectAll()
    qtbot.keyClicks(editor, "https://example.com/b#top")
    assert delegates.loc.last_feedback[1] == "warning"
    assert "fragment" in delegates.loc.last_feedback[0]
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/b#top"


def test_empty_loc_is_refused_and_the_editor_stays_open(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 0, 0)
    editor.clear()
    with qtbot.waitSignal(delegates.loc.refused) as refused:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "cannot be empty" in refused.args[0]
    qtbot.wait(20)
    assert delegates.loc.last_editor is editor
    assert editor.bubble.text() == refused.args[0]
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/a"
    assert delegates.loc.last_feedback == ("", "")


def test_escape_cancels_a_loc_edit(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 2, 0)
    editor.selectAll()
    qtbot.keyClicks(editor, "https://example.com/other")
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/c"


def test_a_refusal_of_the_model_is_shown_and_the_value_kept(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 0, 0)
    editor.setText("https://example.com/a\rb")  # XML can hold it, a sitemap URL cannot
    with qtbot.waitSignal(delegates.loc.refused) as refused:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "U+000D" in refused.args[0]  # the model's own reason, not a generic one
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/a"
    assert undo_count(view) == 0


def test_an_edit_is_one_undo_step(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.loc, 2, 0)
    editor.selectAll()
    qtbot.keyClicks(editor, "https://example.com/d")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.loc)
    assert index.data() == "https://example.com/d"
    stack = view.model().editor.stack
    assert stack.count() == 1
    stack.undo()
    assert index.data() == "https://example.com/c"


def test_loc_feedback_function() -> None:
    assert loc_feedback("https://example.com/") == ("", "")
    assert loc_feedback("")[1] == "error"
    assert loc_feedback("", required=False)[1] == "notice"
    message, severity = loc_feedback("https://example.com/a\x01")
    assert severity == "error" and "U+0001" in message


# --- lastmod ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["2024", "2024-03", "2024-03-05", "2024-03-05T10:30+01:00",
                                  "2024-03-05T10:30:15Z", "2024-03-05T10:30:15.25-05:00"])
def test_every_w3c_form_is_committed(table, qtbot, text) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 0, 1)
    assert isinstance(editor, LastmodEditor)
    editor.line_edit.selectAll()
    qtbot.keyClicks(editor.line_edit, text)
    assert delegates.lastmod.last_feedback[1] in ("", "notice")
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == text


def test_an_impossible_date_is_refused_with_the_reason(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 0, 1)
    editor.line_edit.selectAll()
    qtbot.keyClicks(editor.line_edit, "2024-02-30")
    assert delegates.lastmod.last_feedback == (
        "Not a real date: February 2024 has 29 days.", "error")
    assert editor.bubble.isVisible()
    with qtbot.waitSignal(delegates.lastmod.refused) as refused:
        qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    assert "February 2024 has 29 days" in refused.args[0]
    qtbot.wait(20)
    assert delegates.lastmod.last_editor is editor  # still open, reason shown
    # Leaving the cell another way closes the editor and keeps the old value.
    view.setCurrentIndex(view.model().index(1, 1))
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2024-01-15T10:30:00Z"
    assert "February 2024 has 29 days" in delegates.lastmod.last_refusal


def test_a_near_miss_is_refused_with_a_correction(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 1, 1)
    editor.line_edit.selectAll()
    qtbot.keyClicks(editor.line_edit, "2024-03-05T10:30:00")
    message, severity = delegates.lastmod.last_feedback
    assert severity == "error"
    assert "no timezone" in message and "Suggested: 2024-03-05T10:30:00+00:00" in message
    with qtbot.waitSignal(delegates.lastmod.refused):
        qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(editor.line_edit, "+00:00")
    assert delegates.lastmod.last_feedback == ("", "")
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2024-03-05T10:30:00+00:00"


def test_a_reduced_date_is_accepted_with_a_notice(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 1, 1)
    editor.line_edit.selectAll()
    qtbot.keyClicks(editor.line_edit, "2024-03-05T10:30Z")
    message, severity = delegates.lastmod.last_feedback
    assert severity == "notice" and "no seconds" in message
    assert editor.line_edit.property("feedback_severity") is None  # the frame is on the editor
    assert editor.property("feedback_severity") == "notice"
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2024-03-05T10:30Z"


def test_empty_lastmod_removes_the_field(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 1, 1)
    editor.line_edit.clear()
    assert delegates.lastmod.last_feedback[0].startswith("Empty")
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() is None


def test_escape_keeps_the_lastmod(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 0, 1)
    editor.line_edit.selectAll()
    qtbot.keyClicks(editor.line_edit, "1999")
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Escape)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2024-01-15T10:30:00Z"


@offscreen_popup
def test_the_calendar_writes_a_date_and_keeps_the_time(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 0, 1)
    qtbot.mouseClick(editor.button, Qt.MouseButton.LeftButton)
    assert editor.popup is not None and editor.popup.isVisible()
    assert editor.calendar.selectedDate() == QDate(2024, 1, 15)
    assert delegates.lastmod.last_editor is editor  # the pop-up did not close the editor
    editor.calendar.setSelectedDate(QDate(2024, 3, 5))
    days = editor.calendar.findChild(QTableView)  # the calendar's grid of days takes the keys
    qtbot.keyClick(days, Qt.Key.Key_Right)
    with qtbot.waitSignal(editor.date_picked):
        qtbot.keyClick(days, Qt.Key.Key_Return)
    assert not editor.popup.isVisible()
    assert editor.line_edit.text() == "2024-03-06T10:30:00Z"
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2024-03-06T10:30:00Z"


@offscreen_popup
def test_the_calendar_writes_a_plain_date(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 2, 1)
    assert editor.line_edit.text() == ""
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert editor.popup.isVisible()
    assert editor.calendar.selectedDate() == QDate.currentDate()
    editor.pick_date(QDate(2023, 12, 31))
    qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2023-12-31"


def test_lastmod_feedback_function() -> None:
    assert lastmod_feedback("2024-01-15") == ("", "", False)
    assert lastmod_feedback("2024-13-01")[2] is True
    assert lastmod_feedback("yesterday")[0].startswith("Not a date: expected")
    message, severity, refused = lastmod_feedback("2024-01")
    assert (severity, refused) == ("notice", False) and "only the month" in message
    message, severity, refused = lastmod_feedback("2024-01-15T10:30:00")
    assert (severity, refused) == ("error", True) and "2024-01-15T10:30:00+00:00" in message


# --- changefreq -------------------------------------------------------------------------------


def test_changefreq_combo_commits_a_value(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.changefreq, 0, 2)
    assert isinstance(editor, QComboBox)
    assert [editor.itemText(row) for row in range(editor.count())] == ["(none)",
                                                                       *CHANGEFREQ_VALUES]
    assert editor.currentText() == "daily"
    qtbot.keyClicks(editor, "w")  # keyboard search in a closed combo box
    assert editor.currentText() == "weekly"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.changefreq)
    assert index.data() == "weekly"


def test_an_invalid_changefreq_is_kept_until_replaced(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.changefreq, 1, 2)
    assert editor.currentText() == "Daily (invalid)"
    assert editor.count() == 9
    message, severity = delegates.changefreq.last_feedback
    assert severity == "warning" and "did you mean 'daily'" in message
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # committing the invalid item changes nothing
    wait_closed(qtbot, delegates.changefreq)
    assert index.data() == "Daily"
    assert undo_count(view) == 0
    index, editor = open_editor(view, delegates.changefreq, 1, 2)
    editor.setCurrentIndex(0)  # "(none)"
    assert delegates.changefreq.last_feedback == ("", "")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.changefreq)
    assert index.data() is None


# --- priority ---------------------------------------------------------------------------------


def test_priority_spin_box_commits_typed_and_stepped_values(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.priority, 0, 3)
    assert isinstance(editor, PrioritySpinBox)
    assert editor.text() == "0.5"
    editor.selectAll()
    qtbot.keyClicks(editor, "0.25")
    assert editor.text() == "0.25"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "0.25"
    index, editor = open_editor(view, delegates.priority, 0, 3)
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "0.35"


def test_priority_steps_stay_in_range_and_a_typed_value_above_is_kept(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.priority, 0, 3)
    editor.setValue(0.95)
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert editor.text() == "1.0"
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert editor.text() == "1.0"  # stepping never leaves 0.0-1.0
    editor.selectAll()
    qtbot.keyClicks(editor, "7")
    assert "7.0 is outside 0.0-1.0" in delegates.priority.last_feedback[0]
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "7.0"  # kept, for validation to flag


def test_none_removes_the_priority_and_stepping_up_starts_at_zero(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.priority, 2, 3)
    assert editor.text() == "(none)"
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    assert editor.text() == "0.0"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "0.0"
    index, editor = open_editor(view, delegates.priority, 2, 3)
    qtbot.keyClick(editor, Qt.Key.Key_Down)
    assert editor.text() == "(none)"
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() is None


def test_an_unparsable_priority_survives_until_a_number_is_chosen(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.priority, 1, 3)
    assert editor.text() == "0.5"
    message, severity = delegates.priority.last_feedback
    assert severity == "warning" and "'high'" in message
    assert editor.bubble.isVisible()
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # untouched: 'high' stays
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "high"
    index, editor = open_editor(view, delegates.priority, 1, 3)
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # Escape keeps it too
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "high"
    index, editor = open_editor(view, delegates.priority, 1, 3)
    editor.selectAll()
    qtbot.keyClicks(editor, "0.8")
    assert delegates.priority.last_feedback == ("", "")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_closed(qtbot, delegates.priority)
    assert index.data() == "0.8"


def test_editors_close_on_focus_out_and_commit(table, qtbot) -> None:
    view, delegates = table
    index, editor = open_editor(view, delegates.lastmod, 2, 1)
    qtbot.keyClicks(editor.line_edit, "2022-06")
    view.setCurrentIndex(view.model().index(0, 0))
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2022-06"


def test_the_lastmod_editor_commits_when_focus_leaves_the_view(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    view = QTableView(window)
    view.setModel(make_model())
    delegates = install_delegates(view)
    elsewhere = QLineEdit(window)
    layout = QVBoxLayout(window)
    layout.addWidget(view)
    layout.addWidget(elsewhere)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    index, editor = open_editor(view, delegates.lastmod, 2, 1)
    qtbot.waitUntil(lambda: editor.line_edit.hasFocus(), timeout=2000)
    qtbot.keyClicks(editor.line_edit, "2021-07-08")
    elsewhere.setFocus()
    wait_closed(qtbot, delegates.lastmod)
    assert index.data() == "2021-07-08"


def test_a_refusal_reaches_the_user_through_the_sorted_and_filtered_table(qtbot) -> None:
    view = QTableView()
    qtbot.addWidget(view)
    proxy = EntryFilterProxy()
    proxy.setSourceModel(make_model())
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    view.setModel(proxy)
    view.resize(900, 300)
    delegates = install_delegates(view)
    view.show()
    qtbot.waitExposed(view)
    first_shown = proxy.index(0, 0).data()
    assert first_shown == "https://example.com/c"
    _index, editor = open_editor(view, delegates.loc, 0, 0)
    editor.setText("https://example.com/c\rd")
    with qtbot.waitSignal(delegates.loc.refused) as refused:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert "U+000D" in refused.args[0]  # the model's own reason, not a generic one
    wait_closed(qtbot, delegates.loc)
    assert proxy.index(0, 0).data() == first_shown
    assert proxy.sourceModel().editor.stack.count() == 0
