"""The *All entries* table: the entry table's filter bar and editors over every file at once."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from sitemap_studio.core.model import SitemapDocument
from sitemap_studio.qt_models.all_entries_model import FILE_COLUMN, AllEntriesModel
from sitemap_studio.qt_models.all_entries_proxy import AllEntriesProxy
from sitemap_studio.qt_models.column_kinds import ALL
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.widgets.entry_table import EntryTable


class AllEntriesTable(EntryTable):
    """An :class:`EntryTable` over an :class:`AllEntriesModel`; the file column comes first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        proxy = AllEntriesProxy()
        super().__init__(parent, proxy=proxy)
        self.all_proxy = proxy
        self.all_model: AllEntriesModel | None = None
        self.setObjectName("all_entries_table")
        self.view.setObjectName("all_entries_view")
        self.filter_edit.setObjectName("all_filter_edit")

    def show_all(self, model: AllEntriesModel | None) -> None:
        """Show ``model`` (``None`` empties the table); the columns are those last used here."""
        old = self.all_model
        self._finish_editing()
        self.columns.remember()
        self.all_model = model
        self.proxy.setSourceModel(model)
        if old is not None and old is not model:
            old.detach()
            old.deleteLater()
        header = self.view.horizontalHeader()
        first_time = model is not None and self.columns.saved(ALL) is None
        self.columns.apply(ALL if model is not None else None)
        if first_time:  # once the table has its width (the event loop lays it out)
            header.moveSection(header.visualIndex(FILE_COLUMN), 0)
            QTimer.singleShot(0, self._first_layout)
        self.current_changed.emit(self.current_entry_id())
        self.selection_changed.emit(len(self.selected_rows()))

    def _first_layout(self) -> None:
        """The file column first, fitted to its names; the location takes the room left."""
        header = self.view.horizontalHeader()
        if self.all_model is None:
            return
        shown = [header.logicalIndex(visual) for visual in range(header.count())
                 if not header.isSectionHidden(header.logicalIndex(visual))]
        last = shown[-1]  # stretched over the room left: count what it needs instead
        others = sum(header.sectionSize(column) for column in shown[:-1] if column != 0)
        if last != 0:
            others += max(self.view.sizeHintForColumn(last), header.sectionSizeHint(last))
        room = self.view.viewport().width() - others
        if room > header.sectionSize(0):
            header.resizeSection(0, room)

    # ------------------------------------------------------------------ selection

    def selected_rows(self) -> list[int]:
        """Global rows of the selected entries, in file order."""
        if self.all_model is None:
            return []
        return sorted({self.proxy.source_row(index.row())
                       for index in self.view.selectionModel().selectedRows()})

    def selected_ids(self) -> list[int]:
        """Entry ids are per file here: see :meth:`selected_by_part`."""
        return []

    def selected_by_part(self) -> list[list[int]]:
        """Per file of the model, the ids of its selected entries, in row order."""
        model = self.all_model
        if model is None:
            return []
        chosen: list[list[int]] = [[] for _ in model.parts]
        for row in self.selected_rows():
            number, local = model.rows.locate(row)
            chosen[number].append(model.parts[number].document.id_at(local))
        return chosen

    def current_row(self) -> int | None:
        """Global row of the current entry, if any."""
        index = self.view.currentIndex()
        if self.all_model is None or not index.isValid():
            return None
        return self.proxy.source_row(index.row())

    def current_entry_id(self) -> int | None:
        """Id of the current entry in its file, if any."""
        entry_id: int | None = self._current_data(Role.ENTRY_ID)
        return entry_id

    def current_document(self) -> SitemapDocument | None:
        """The file of the current entry, if any."""
        document: SitemapDocument | None = self._current_data(Role.DOCUMENT)
        return document

    def _current_data(self, role: Role) -> Any:
        index = self.view.currentIndex()
        if self.all_model is None or not index.isValid():
            return None
        return index.data(role)

    def select_entry(self, entry_id: int, field: str | None = None) -> bool:
        """Without a file an id is ambiguous here: see :meth:`select_in`."""
        return False

    def select_in(self, key: Hashable, entry_id: int, field: str | None = None) -> bool:
        """Make entry ``entry_id`` of the file of ``key`` current and visible; False when gone."""
        model = self.all_model
        number = model.part_of(key) if model is not None else None
        if model is None or number is None:
            return False
        try:
            row = model.rows.global_row(number, model.parts[number].document.row_of(entry_id))
        except KeyError:
            return False
        return self.show_source_row(row, field)


__all__ = ["AllEntriesTable"]
