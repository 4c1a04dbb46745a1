"""The detail pane edits an entry's images, videos, news and alternates through real editors."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from sitemap_studio.core.model.entries import Alternate, Entry, Image, News, Price, Video
from sitemap_studio.qt_models.extension_models import (
    ExtensionListModel,
    alternate_model,
    image_model,
)
from sitemap_studio.widgets.detail_pane import NO_ENTRY_TEXT, NOT_XML_TEXT, DetailPane

VIDEO = Video(thumbnail_loc="https://example.com/t.jpg", title="Clip", description="A clip",
              content_loc="https://example.com/v.mp4", rating="4.5", tags=("a", "b"),
              prices=(Price("1.99", "EUR"),), has_tvshow=True)
ENTRY = Entry(
    id=7, loc="https://example.com/page", lastmod="2024-01-01",
    images=(Image(loc="https://example.com/1.jpg", caption="One"),),
    videos=(VIDEO,),
    news=(News(publication_name="Daily", publication_language="en", title="Hello",
               keywords="k1"),),
    alternates=(Alternate("alternate", "en", "https://example.com/en"),
                Alternate("alternate", "de_DE", "https://example.com/de"),
                Alternate("alternate", "x-default", "https://example.com/")),
)


@pytest.fixture
def pane(qtbot) -> DetailPane:
    widget = DetailPane()
    qtbot.addWidget(widget)
    widget.resize(800, 400)
    widget.set_entry(ENTRY, True)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def wait_closed(qtbot, delegate) -> None:
    qtbot.waitUntil(lambda: delegate.last_editor is None, timeout=2000)


def test_the_pane_shows_the_entry(pane) -> None:
    assert pane.stack.currentWidget() is pane.tabs
    assert [pane.tabs.tabText(i) for i in range(4)] == [
        "Images (1)", "Videos (1)", "News (1)", "Alternates (3)"]
    images = pane.sections["images"].model
    assert images.index(0, 0).data() == "https://example.com/1.jpg"
    assert images.index(0, 1).data() == "One"
    assert images.index(0, 2).data() == ""
    news = pane.sections["news"].model
    assert [news.index(0, c).data() for c in range(4)] == ["Daily", "en", "", "Hello"]


def test_no_entry_or_a_text_file_disables_the_pane(pane) -> None:
    pane.set_entry(None, True)
    assert not pane.tabs.isEnabled()
    assert pane.stack.currentWidget() is pane.notice
    assert pane.notice.text() == NO_ENTRY_TEXT
    assert all(section.model.rowCount() == 0 for section in pane.sections.values())
    pane.set_entry(Entry(id=1, loc="https://example.com/a"), False)
    assert pane.notice.text() == NOT_XML_TEXT
    assert "XML sitemap" in pane.notice.text()
    assert not pane.sections["images"].add_button.isEnabled()
    assert pane.entry() is None
    pane.set_entry(ENTRY, True)
    assert pane.tabs.isEnabled() and pane.stack.currentWidget() is pane.tabs
    assert pane.sections["images"].add_button.isEnabled()


def test_add_an_image_and_type_its_location(pane, qtbot) -> None:
    section = pane.sections["images"]
    pane.tabs.setCurrentWidget(section)
    with qtbot.waitSignal(pane.entry_edited) as added:
        qtbot.mouseClick(section.add_button, Qt.MouseButton.LeftButton)
    assert added.args[0].images == (ENTRY.images[0], Image())
    delegate = section.delegates["loc"]
    editor = delegate.last_editor  # Add opened the editor on the new image's location
    assert editor is not None
    qtbot.keyClicks(editor, "https://example.com/2.jpg")
    assert delegate.last_feedback == ("", "")
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    new = edited.args[0]
    assert isinstance(new, Entry)
    assert new.images == (ENTRY.images[0], Image(loc="https://example.com/2.jpg"))
    assert (new.id, new.loc, new.videos, new.alternates) == (
        ENTRY.id, ENTRY.loc, ENTRY.videos, ENTRY.alternates)
    assert pane.tabs.tabText(0) == "Images (2)"
    wait_closed(qtbot, delegate)


def test_edit_an_image_caption_in_place(pane, qtbot) -> None:
    section = pane.sections["images"]
    index = section.model.index(0, 1)
    section.view.setCurrentIndex(index)
    section.view.edit(index)
    editor = section.delegates["caption"].last_editor
    editor.selectAll()
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClicks(editor, "Cover")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert edited.args[0].images == (Image(loc="https://example.com/1.jpg", caption="Cover"),)


def test_remove_an_alternate(pane, qtbot) -> None:
    section = pane.sections["alternates"]
    pane.tabs.setCurrentWidget(section)
    section.view.setCurrentIndex(section.model.index(1, 0))
    with qtbot.waitSignal(pane.entry_edited) as removed:
        qtbot.mouseClick(section.remove_button, Qt.MouseButton.LeftButton)
    new = removed.args[0]
    assert new.alternates == (ENTRY.alternates[0], ENTRY.alternates[2])
    assert new.images == ENTRY.images
    assert section.current_row() == 1
    assert pane.tabs.tabText(3) == "Alternates (2)"


def test_move_an_alternate_up_and_down(pane, qtbot) -> None:
    section = pane.sections["alternates"]
    section.view.setCurrentIndex(section.model.index(2, 1))
    assert not section.down_button.isEnabled()
    with qtbot.waitSignal(pane.entry_edited) as moved:
        qtbot.mouseClick(section.up_button, Qt.MouseButton.LeftButton)
    hreflangs = [alternate.hreflang for alternate in moved.args[0].alternates]
    assert hreflangs == ["en", "x-default", "de_DE"]
    assert section.current_row() == 1
    with qtbot.waitSignal(pane.entry_edited) as moved:
        qtbot.mouseClick(section.down_button, Qt.MouseButton.LeftButton)
    assert moved.args[0].alternates == ENTRY.alternates
    section.view.setCurrentIndex(section.model.index(0, 0))
    assert not section.up_button.isEnabled()


def test_hreflang_is_checked_in_the_cell_and_while_typing(pane, qtbot) -> None:
    section = pane.sections["alternates"]
    model = section.model
    bad = model.index(1, 1)
    assert "uses '_'" in model.data(bad, Qt.ItemDataRole.ToolTipRole)
    assert isinstance(model.data(bad, Qt.ItemDataRole.ForegroundRole), QBrush)
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) is None
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ForegroundRole) is None
    section.view.setCurrentIndex(bad)
    section.view.edit(bad)
    delegate = section.delegates["hreflang"]
    editor = delegate.last_editor
    assert delegate.last_feedback[1] == "warning"
    editor.selectAll()
    qtbot.keyClicks(editor, "de-D")
    assert "de-D" in delegate.last_feedback[0]
    qtbot.keyClicks(editor, "E")
    assert delegate.last_feedback == ("", "")
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert edited.args[0].alternates[1] == Alternate("alternate", "de-DE",
                                                     "https://example.com/de")
    assert model.data(bad, Qt.ItemDataRole.ToolTipRole) is None


def test_a_video_edit_keeps_the_fields_without_a_column(pane, qtbot) -> None:
    section = pane.sections["videos"]
    index = section.model.index(0, 1)  # title
    section.view.setCurrentIndex(index)
    section.view.edit(index)
    editor = section.delegates["title"].last_editor
    editor.selectAll()
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClicks(editor, "Better clip")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    video = edited.args[0].videos[0]
    assert video.title == "Better clip"
    assert (video.rating, video.tags, video.prices, video.has_tvshow) == (
        "4.5", ("a", "b"), (Price("1.99", "EUR"),), True)


def test_an_impossible_news_date_is_refused(pane, qtbot) -> None:
    section = pane.sections["news"]
    index = section.model.index(0, 2)  # publication_date
    section.view.setCurrentIndex(index)
    section.view.edit(index)
    delegate = section.delegates["publication_date"]
    editor = delegate.last_editor
    qtbot.keyClicks(editor.line_edit, "2023-02-29")
    with qtbot.waitSignal(pane.refused) as refused:
        qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    assert "February 2023 has 28 days" in refused.args[0]
    editor.line_edit.selectAll()
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClicks(editor.line_edit, "2023-02-28T08:00:00Z")
        qtbot.keyClick(editor.line_edit, Qt.Key.Key_Return)
    assert edited.args[0].news[0].publication_date == "2023-02-28T08:00:00Z"
    assert edited.args[0].news[0].keywords == "k1"


def test_an_empty_cell_removes_the_field(pane, qtbot) -> None:
    section = pane.sections["images"]
    index = section.model.index(0, 1)
    section.view.setCurrentIndex(index)
    section.view.edit(index)
    editor = section.delegates["caption"].last_editor
    with qtbot.waitSignal(pane.entry_edited) as edited:
        editor.clear()
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert edited.args[0].images[0].caption is None


def test_set_entry_with_the_stored_entry_does_not_reset(pane, qtbot) -> None:
    section = pane.sections["alternates"]
    section.view.setCurrentIndex(section.model.index(1, 2))
    edited: list[Entry] = []
    pane.entry_edited.connect(edited.append)
    section.model.setData(section.model.index(0, 1), "fr")
    with qtbot.assertNotEmitted(section.model.modelReset):
        pane.set_entry(edited[-1], True)  # what the window does after the undo command
    assert section.current_row() == 1
    pane.set_entry(ENTRY, True)  # undo: the old entry comes back
    assert section.model.index(0, 1).data() == "en"


# --- the little models on their own -------------------------------------------------------------


def test_extension_models_pass_the_model_tester(qtmodeltester) -> None:
    model = alternate_model()
    model.set_items(ENTRY.alternates)
    qtmodeltester.check(model)
    model.add_item(1)
    model.move_item(0, 1)
    model.remove_item(2)
    qtmodeltester.check(model)
    assert [a.hreflang for a in model.items()] == [None, "en", "x-default"]
    assert model.items()[0] == Alternate(rel="alternate")


def test_read_only_models_refuse_edits() -> None:
    model: ExtensionListModel = image_model()
    model.set_items(ENTRY.images, editable=False)
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(model.index(0, 0), "https://example.com/x")
    assert model.move_item(0, 1) is None


def test_a_new_alternate_starts_with_its_hreflang(pane, qtbot) -> None:
    section = pane.sections["alternates"]
    pane.tabs.setCurrentWidget(section)
    section.view.setCurrentIndex(section.model.index(0, 0))
    qtbot.mouseClick(section.add_button, Qt.MouseButton.LeftButton)
    assert section.current_row() == 1
    delegate = section.delegates["hreflang"]
    editor = delegate.last_editor
    assert editor is not None
    assert "empty" in delegate.last_feedback[0]
    with qtbot.waitSignal(pane.entry_edited) as edited:
        qtbot.keyClicks(editor, "fr")
        qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert edited.args[0].alternates[1] == Alternate("alternate", "fr", None)
    assert len(edited.args[0].alternates) == 4


@pytest.mark.skipif("padded" not in Image.__dataclass_fields__, reason="no read-time notes")
def test_an_edit_drops_the_padding_note_of_its_field() -> None:
    model = image_model()
    padded = Image(loc="https://example.com/1.jpg", caption="One",
                   padded=(("loc", 2), ("caption", 1)))
    model.set_items((padded,))
    assert model.setData(model.index(0, 0), "https://example.com/2.jpg")
    assert model.items()[0].padded == (("caption", 1),)
