"""The centre of the window: a filter bar over the entry table of one document."""

from __future__ import annotations

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.qt_models.column_kinds import layout_kind
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy
from sitemap_studio.qt_models.entry_table_model import FIELD_COLUMNS, EntryTableModel
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.widgets.column_layouts import ColumnLayouts
from sitemap_studio.widgets.entry_delegates import EntryDelegates, install_delegates

#: Typing pauses this long before the filter runs (a million rows take a while to search).
FILTER_DELAY_MS = 60


class EntryTable(QWidget):
    """Filter box, regex and findings-only toggles, and the table with its editors.

    Signals:
        current_changed: the current entry id changed (``None`` when none).
        selection_changed: the number of selected entries changed.
        counts_changed: (shown, total) after filtering.
    """

    current_changed = Signal(object)
    selection_changed = Signal(int)
    counts_changed = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, *,
                 proxy: EntryFilterProxy | None = None) -> None:
        super().__init__(parent)
        self.model: EntryTableModel | None = None
        self.proxy = proxy or EntryFilterProxy()
        self.proxy.setParent(self)
        self.proxy.counts_changed.connect(self.counts_changed)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self.apply_filter)
        self._build()

    def _build(self) -> None:
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("filter_edit")
        self.filter_edit.setPlaceholderText("Filter locations (substring)")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(lambda _text: self._filter_timer.start())
        self.regex_button = QToolButton()
        self.regex_button.setObjectName("regex_button")
        self.regex_button.setText(".*")
        self.regex_button.setCheckable(True)
        self.regex_button.setToolTip("Treat the filter as a regular expression")
        self.regex_button.toggled.connect(self._regex_toggled)
        self.findings_box = QCheckBox("Only entries with findings")
        self.findings_box.setObjectName("findings_only")
        self.findings_box.toggled.connect(self.proxy.set_only_with_findings)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.filter_edit, 1)
        bar.addWidget(self.regex_button)
        bar.addWidget(self.findings_box)

        self.view = QTableView()
        self.view.setObjectName("entry_view")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.view.setWordWrap(False)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.view.horizontalHeader()
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.setSortIndicatorClearable(True)
        header.setStretchLastSection(True)  # no empty strip; it gives way when the pane opens
        self.view.setSortingEnabled(True)
        self.view.setModel(self.proxy)
        self.columns = ColumnLayouts(self.view)
        self.view.selectionModel().currentRowChanged.connect(self._current_row_changed)
        #: Counts the selection once rows stop changing (see :meth:`_selection_moved`).
        self._count_later = QTimer(self, singleShot=True, interval=0)
        self._count_later.timeout.connect(self._tell_selection)
        self.view.selectionModel().selectionChanged.connect(self._selection_moved)
        self.delegates: EntryDelegates = install_delegates(self.view)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)

    # ------------------------------------------------------------------ content

    def show_model(self, model: EntryTableModel | None) -> None:
        """Show ``model`` (``None`` empties the table); the filter carries over, the columns
        and the sort are those last used for that kind of file."""
        old = self.model
        self._finish_editing()
        self.columns.remember()
        self.model = model
        self.proxy.setSourceModel(model)
        if old is not None and old is not model:
            old.detach()
            old.deleteLater()
        self.columns.apply(layout_kind(model.document) if model is not None else None,
                           audited=model is not None and bool(model.audit.results))
        if model is not None:
            self.delegates.loc.sitemap_index = model.document.kind.value == "sitemapindex"
        self.current_changed.emit(self.current_entry_id())
        self.selection_changed.emit(len(self.selected_rows()))

    def _finish_editing(self) -> None:
        """Commit and close an open cell editor (a reset would orphan it)."""
        index = self.view.currentIndex()
        editor = self.view.indexWidget(index) if index.isValid() else None
        if editor is not None and self.view.state() == QAbstractItemView.State.EditingState:
            self.view.commitData(editor)
            self.view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)

    def apply_filter(self) -> None:
        """Run the filter now (normally a short pause after typing)."""
        self._filter_timer.stop()
        try:
            self.proxy.set_filter(self.filter_edit.text(), regex=self.regex_button.isChecked())
        except ValueError as error:
            self.filter_edit.setStyleSheet("QLineEdit { border: 1px solid #c62828; }")
            self.filter_edit.setToolTip(f"Invalid regular expression: {error}")
            return
        self.filter_edit.setStyleSheet("")
        self.filter_edit.setToolTip("")

    def _regex_toggled(self, regex: bool) -> None:
        self.filter_edit.setPlaceholderText(
            "Filter locations (regular expression)" if regex else "Filter locations (substring)")
        self.apply_filter()

    # ------------------------------------------------------------------ selection

    def _selection_moved(self, *_args: object) -> None:
        """Say how many rows are selected; while the document's rows change (a thousand
        selected rows deleted: a thousand selection changes), once they stopped."""
        if self.model is not None and self.model.rows_changing:
            self._count_later.start()
        else:
            self._tell_selection()

    def _tell_selection(self) -> None:
        self.selection_changed.emit(len(self.selected_rows()))

    def selected_rows(self) -> list[int]:
        """Document rows of the selected entries, in document order."""
        if self.model is None:
            return []
        rows = {self.proxy.source_row(index.row())
                for index in self.view.selectionModel().selectedRows()}
        return sorted(rows)

    def selected_ids(self) -> list[int]:
        """Ids of the selected entries, in document order."""
        if self.model is None:
            return []
        return [self.model.document.id_at(row) for row in self.selected_rows()]

    def current_row(self) -> int | None:
        """Document row of the current entry, if any."""
        index = self.view.currentIndex()
        if self.model is None or not index.isValid():
            return None
        return self.proxy.source_row(index.row())

    def current_entry_id(self) -> int | None:
        """Id of the current entry, if any."""
        index = self.view.currentIndex()
        if self.model is None or not index.isValid():
            return None
        entry_id: int = index.data(Role.ENTRY_ID)
        return entry_id

    def _current_row_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        self.current_changed.emit(current.data(Role.ENTRY_ID) if current.isValid() else None)

    def select_entry(self, entry_id: int, field: str | None = None) -> bool:
        """Make entry ``entry_id`` current and visible, at ``field``'s column; False when hidden."""
        if self.model is None:
            return False
        try:
            row = self.model.document.row_of(entry_id)
        except KeyError:
            return False
        return self.show_source_row(row, field)

    def show_source_row(self, row: int, field: str | None = None) -> bool:
        """Make source ``row`` current and visible at ``field``'s column, clearing the filter
        when it hides the row; False when it stays hidden."""
        proxy_row = self.proxy.proxy_row(row)
        if proxy_row < 0:
            self.filter_edit.clear()
            self.findings_box.setChecked(False)
            self.apply_filter()
            proxy_row = self.proxy.proxy_row(row)
            if proxy_row < 0:
                return False
        column = FIELD_COLUMNS.get(field or "loc", 0)
        index = self.proxy.index(proxy_row, column)
        self.view.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        self.view.setFocus()
        return True

    def select_rows(self, rows: list[int]) -> None:
        """Select the entries at document ``rows`` (after an insert, say)."""
        shown = [proxy_row for proxy_row in map(self.proxy.proxy_row, rows) if proxy_row >= 0]
        # One selection of runs of neighbouring rows, chosen at once: a row at a time would
        # tell everyone following the selection once per row.
        chosen = QItemSelection()
        for first, last in _runs(sorted(shown)):
            chosen.select(self.proxy.index(first, 0), self.proxy.index(last, 0))
        selection = self.view.selectionModel()
        flags = QItemSelectionModel.SelectionFlag
        if shown:
            current = self.proxy.index(shown[0], 0)
            selection.setCurrentIndex(current, flags.NoUpdate)
            self.view.scrollTo(current)
        selection.select(chosen, flags.ClearAndSelect | flags.Rows)

    def has_selection(self) -> bool:
        """Whether any entry is selected (without listing them)."""
        return self.model is not None and self.view.selectionModel().hasSelection()


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """(first, last) of each run of consecutive numbers in ascending ``rows``."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and row <= runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], max(row, runs[-1][1]))
        else:
            runs.append((row, row))
    return runs
