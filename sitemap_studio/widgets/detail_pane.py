"""The detail pane: the current entry's images, videos, news items and alternates.

Four tabs, each a compact table over one tuple of frozen values with Add,
Remove, Up and Down. Every change builds a new :class:`Entry` with
:func:`dataclasses.replace` (untouched fields and extensions stay) and emits
:attr:`DetailPane.entry_edited`; the window pushes it onto the undo stack. The
pane shows the new entry at once; when the window later calls
:meth:`DetailPane.set_entry` with the entry as stored, tables whose values did
not change are left alone (no reset, the current cell stays). If the window
refuses an edit it calls ``set_entry`` with the old entry to revert the pane.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.model import Entry
from sitemap_studio.qt_models.extension_models import (
    ExtensionListModel,
    alternate_model,
    hreflang_problem,
    image_model,
    news_model,
    video_model,
)
from sitemap_studio.widgets.delegate_feedback import FieldDelegate, TextDelegate
from sitemap_studio.widgets.entry_delegates import LastmodDelegate, LocDelegate

NO_ENTRY_TEXT = "Select an entry to see its images, videos, news and alternates."
NOT_XML_TEXT = ("Images, videos, news and hreflang alternates need an XML sitemap: this "
                "document is a text file and cannot hold them.")
INDEX_ENTRY_TEXT = "Entries of a sitemap index have no images, videos, news or alternates."

#: Fields edited with a URL editor (live check_loc feedback; empty removes the field).
URL_FIELDS = frozenset({"loc", "thumbnail_loc", "content_loc", "player_loc", "href"})
#: Fields edited with the W3C Datetime editor (calendar; impossible dates refused).
DATE_FIELDS = frozenset({"publication_date"})


@dataclass(frozen=True, slots=True)
class _Kind:
    attribute: str  # the Entry field holding the tuple
    title: str
    noun: str
    first_field: int = 0  # the column edited first after Add


KINDS = (_Kind("images", "Images", "image"), _Kind("videos", "Videos", "video"),
         _Kind("news", "News", "news item"), _Kind("alternates", "Alternates", "alternate", 1))


class ExtensionSection(QWidget):
    """One tab: a table over one extension's values and the buttons that change the list."""

    def __init__(self, kind: _Kind, model: ExtensionListModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.model = model
        self.view = QTableView(self)
        self.view.setObjectName(f"{kind.attribute}_view")
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().setDefaultSectionSize(
            self.view.verticalHeader().minimumSectionSize() + 6)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.delegates: dict[str, FieldDelegate] = {}
        for column, spec in enumerate(model.columns):
            delegate = self._delegate_for(spec.field)
            self.delegates[spec.field] = delegate
            self.view.setItemDelegateForColumn(column, delegate)
        self.add_button = QPushButton("Add")
        self.remove_button = QPushButton("Remove")
        self.up_button = QPushButton("Up")
        self.down_button = QPushButton("Down")
        for button, tip in ((self.add_button, f"Add an empty {kind.noun} after the current one"),
                            (self.remove_button, f"Remove the current {kind.noun}"),
                            (self.up_button, f"Move the current {kind.noun} up"),
                            (self.down_button, f"Move the current {kind.noun} down")):
            button.setToolTip(tip)
        self.add_button.clicked.connect(self.add_after_current)
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button.clicked.connect(lambda: self.move_current(1))
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.up_button, self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.view.selectionModel().currentChanged.connect(lambda *_: self.update_buttons())
        model.modelReset.connect(self.update_buttons)
        model.rowsInserted.connect(lambda *_: self.update_buttons())
        model.rowsRemoved.connect(lambda *_: self.update_buttons())
        model.rowsMoved.connect(lambda *_: self.update_buttons())
        self.update_buttons()

    def _delegate_for(self, field: str) -> FieldDelegate:
        if field in URL_FIELDS:
            return LocDelegate(self, required=False)
        if field in DATE_FIELDS:
            return LastmodDelegate(self)
        if field == "hreflang":
            return TextDelegate(hreflang_problem, self)
        return TextDelegate(None, self)

    def current_row(self) -> int:
        """The row of the current cell, or -1."""
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    def select_row(self, row: int, column: int = 0) -> None:
        """Make ``row`` current and selected."""
        index = self.model.index(row, column)
        if index.isValid():
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index)

    def add_after_current(self) -> None:
        """Insert an empty value after the current one and start editing its first field
        (for an alternate, whose rel is already "alternate": its hreflang)."""
        current = self.current_row()
        row = self.model.add_item(current + 1 if current >= 0 else None)
        column = self.kind.first_field
        self.select_row(row, column)
        self.view.edit(self.model.index(row, column))

    def remove_current(self) -> None:
        """Remove the current value; the next one (or the last) becomes current."""
        row = self.current_row()
        if self.model.remove_item(row) and self.model.rowCount():
            self.select_row(min(row, self.model.rowCount() - 1))

    def move_current(self, delta: int) -> None:
        """Move the current value up (-1) or down (+1); it stays current."""
        column = max(self.view.currentIndex().column(), 0)
        target = self.model.move_item(self.current_row(), delta)
        if target is not None:
            self.select_row(target, column)

    def update_buttons(self) -> None:
        """Enable the buttons that can act now."""
        editable = self.model.editable and self.isEnabled()
        row, count = self.current_row(), self.model.rowCount()
        self.add_button.setEnabled(editable)
        self.remove_button.setEnabled(editable and row >= 0)
        self.up_button.setEnabled(editable and row > 0)
        self.down_button.setEnabled(editable and 0 <= row < count - 1)


class DetailPane(QWidget):
    """Images, videos, news and alternates of the current entry, all editable."""

    #: The new :class:`Entry` after an edit in any tab.
    entry_edited = Signal(object)
    #: (message, severity) from the cell editors, for the status bar.
    feedback = Signal(str, str)
    #: Why a cell editor refused a value.
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entry: Entry | None = None
        self._editable = False
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.sections: dict[str, ExtensionSection] = {}
        for kind, model in zip(KINDS, (image_model(self), video_model(self), news_model(self),
                                       alternate_model(self)), strict=True):
            section = ExtensionSection(kind, model)
            self.sections[kind.attribute] = section
            self.tabs.addTab(section, kind.title)
            model.items_edited.connect(
                lambda items, name=kind.attribute: self._items_edited(name, items))
            for delegate in section.delegates.values():
                delegate.feedback.connect(self.feedback)
                delegate.refused.connect(self.refused)
        self.notice = QLabel(NO_ENTRY_TEXT)
        self.notice.setObjectName("detail_notice")
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.notice)
        self.stack.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.set_entry(None, False)

    def entry(self) -> Entry | None:
        """The entry shown (with the pane's own edits), or ``None``."""
        return self._entry

    def set_entry(self, entry: Entry | None, editable: bool) -> None:
        """Show ``entry``'s extensions; ``editable=False`` for documents that cannot hold them.

        With no entry, a non-XML document or a sitemap-index entry the pane is
        disabled and empty, and a label says why.
        """
        reason = None
        if entry is None:
            reason = NO_ENTRY_TEXT
        elif not editable:
            reason = NOT_XML_TEXT
        elif entry.element == "sitemap":
            reason = INDEX_ENTRY_TEXT
        self._entry = entry if reason is None else None
        self._editable = reason is None
        for name, section in self.sections.items():
            items: tuple[Any, ...] = getattr(entry, name) if reason is None else ()
            if section.model.items() != items or section.model.editable != self._editable:
                section.model.set_items(items, self._editable)
        self.notice.setText(reason or "")
        self.stack.setCurrentWidget(self.notice if reason else self.tabs)
        self.tabs.setEnabled(reason is None)
        self._update_titles()
        for section in self.sections.values():
            section.update_buttons()

    def _items_edited(self, name: str, items: tuple[Any, ...]) -> None:
        if self._entry is None:
            return
        changes: dict[str, Any] = {name: items}
        self._entry = replace(self._entry, **changes)
        self._update_titles()
        self.entry_edited.emit(self._entry)

    def _update_titles(self) -> None:
        for position, (kind, section) in enumerate(zip(KINDS, self.sections.values(),
                                                       strict=True)):
            count = section.model.rowCount()
            self.tabs.setTabText(position, f"{kind.title} ({count})" if count else kind.title)
