"""Sorting and filtering for the entry table, computed in the core, mapped here.

:class:`EntryFilterProxy` is a :class:`QAbstractProxyModel`, not a
``QSortFilterProxyModel``: that one asks Python about every row on every
change. This one holds an array of source rows in display order, computed in
bulk by :class:`~sitemap_studio.core.rows.entry_order.EntryIndex`, and maps indexes
through it:

* no filter and no sort: no array at all, proxy row = source row;
* filtered: an increasing array, mapped back with a binary search;
* sorted: any order, with an inverse array for O(1) mapping back.

Filter and sort changes are layout changes (selection and current index are
kept where their rows stay visible). Source changes are followed as they
come: inserted rows are shown (next to their neighbours) until the filter or
sort is applied again, removed rows leave, an edited row stays where it is.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any, cast

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)

from sitemap_studio.core.rows import FINDINGS_COLUMN, EntryIndex, order_by_text
from sitemap_studio.qt_models.entry_table_model import AUDIT_COLUMN, COLUMNS, EntryTableModel
from sitemap_studio.qt_models.proxy_rows import ProxyRows
from sitemap_studio.qt_models.proxy_source_changes import SourceChangeFollower

ModelIndex = QModelIndex | QPersistentModelIndex

#: Documents with at least this many rows get their sort keys and filter flags computed in
#: idle time after they are shown, so the first sort and the first keystroke are fast.
WARM_UP_ROWS = 200_000
_NO_HINT = QAbstractItemModel.LayoutChangeHint.NoLayoutChangeHint
#: The overload of the layout signals that carries a hint.
_LAYOUT = ("QList<QPersistentModelIndex>", "QAbstractItemModel::LayoutChangeHint")


class EntryFilterProxy(QAbstractProxyModel):
    """The entries of an :class:`EntryTableModel`, filtered and sorted in the core."""

    #: (rows shown, rows in the document), after every change of either.
    counts_changed = Signal(int, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table: EntryTableModel | None = None
        self._index: EntryIndex | None = None
        #: Which source row each row shows (the identity until a filter or sort).
        self.mapping = ProxyRows()
        self._follower = SourceChangeFollower(self)
        self._text = ""
        self._regex = False
        self._case_sensitive = False
        self._only_findings = False
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._warm_up: Iterator[None] | None = None
        self._warm_timer = QTimer(self)
        self._warm_timer.setInterval(0)
        self._warm_timer.timeout.connect(self._warm_step)

    # ------------------------------------------------------------------- source

    def setSourceModel(self, model: QAbstractItemModel | None) -> None:
        """Show ``model``, an :class:`EntryTableModel` (overrides ``setSourceModel``)."""
        self._check_source(model)
        self.beginResetModel()
        if self._table is not None:
            self._follower.stop_following(self._table)
        if self._index is not None:
            self._index.close()
            self._index = None
        self._warm_timer.stop()
        self._warm_up = None
        # _check_source vouched for it: an EntryTableModel, or a subclass's source with the
        # same cell interface (cell_data, cell_flags, rowCount, headerData)
        table = self._table = cast("EntryTableModel | None", model)
        super().setSourceModel(model)  # type: ignore[arg-type]  # None detaches
        if table is not None:
            self._follower.follow(table)
            self._open_index(table)
        self.mapping.set(*self._computed())
        self.endResetModel()
        self.emit_counts()
        if model is not None and model.rowCount() >= WARM_UP_ROWS:
            self.warm_up()

    def _check_source(self, model: QAbstractItemModel | None) -> None:
        """Raise ``TypeError`` for a source this proxy cannot show."""
        if model is not None and not isinstance(model, EntryTableModel):
            raise TypeError("EntryFilterProxy shows an EntryTableModel")

    def _open_index(self, model: EntryTableModel) -> None:
        """Build the core index that sorts and filters ``model``'s rows."""
        self._index = EntryIndex(model.document)

    def _warm_steps(self) -> Iterator[None] | None:
        """The steps of the idle-time warm-up, or ``None`` when there is nothing to warm."""
        if self._index is None:
            return None
        return self._index.warm_up(columns=(1,), filter_column=0)

    def warm_up(self) -> None:
        """Compute lastmod keys and the location filter's flags in idle time, a slice per
        event-loop pass, so the first sort and keystroke do not pay for them."""
        steps = self._warm_steps()
        if steps is None:
            return
        self._warm_up = steps
        self._warm_timer.start()

    @property
    def warming(self) -> bool:
        """Whether the idle-time warm-up is still computing."""
        return self._warm_up is not None

    def _warm_step(self) -> None:
        if self._warm_up is None or next(self._warm_up, StopIteration) is StopIteration:
            self._warm_up = None
            self._warm_timer.stop()

    @property
    def entry_index(self) -> EntryIndex | None:
        """The core object computing orders and filters for the current source."""
        return self._index

    # ------------------------------------------------------------------ mapping

    def _computed(self, within: Sequence[int] | None = None) -> tuple[array[int] | None, bool]:
        """The mapping for the current filter and sort: (rows or None for identity, ascending)."""
        table, index = self._table, self._index
        if table is None or index is None:
            return None, True
        count = len(table.document)
        validator = table.validator
        only = None
        if self._only_findings:
            only = validator.flagged_ids() if validator is not None else set()
        rows = index.filter_rows(self._text, regex=self._regex,
                                 case_sensitive=self._case_sensitive, only_ids=only,
                                 within=within)
        if self._sort_column >= 0:
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            findings_of = validator.entry_findings if validator is not None else None
            flagged = validator.flagged_ids() if validator is not None and \
                self._sort_column == FINDINGS_COLUMN else None
            if self._sort_column == FINDINGS_COLUMN and findings_of is None:
                return rows, True
            if AUDIT_COLUMN <= self._sort_column < len(COLUMNS):
                return self._audit_order(rows, descending), False
            return index.sort_order(self._sort_column, descending, rows=rows,
                                    findings_of=findings_of, flagged=flagged), False
        if rows is not None and len(rows) == count:
            return None, True
        return rows, True

    def _audit_order(self, rows: Sequence[int] | None, descending: bool) -> array[int]:
        """Rows sorted by an audit column (the results live in the model, not the core)."""
        table = self._table
        assert table is not None
        column = self._sort_column - AUDIT_COLUMN
        document = table.document
        chosen = range(len(document)) if rows is None else rows
        keys = {row: table.audit.sort_text(document.text(row, 0), column) for row in chosen}
        return order_by_text(chosen, keys.__getitem__, descending)

    def source_rows_changed(self) -> None:
        """Called after the source's rows came, went or moved and the mapping followed."""

    def source_data_changed(self) -> None:
        """Called when the source's cells changed."""

    def source_reset(self) -> None:
        """Called after the source was reset (or laid out anew) and the mapping rebuilt."""

    def computed_mapping(self) -> tuple[array[int] | None, bool]:
        """The mapping the current filter and sort give: (rows or None, ascending)."""
        return self._computed()

    def reopen_index(self) -> None:
        """Build the core index afresh, after the source was reset."""
        if self._index is not None and self._table is not None:
            self._index.close()
            self._open_index(self._table)

    def source_row(self, proxy_row: int) -> int:
        """The source row shown at ``proxy_row``."""
        return self.mapping.source_row(proxy_row)

    def proxy_row(self, source_row: int) -> int:
        """Where ``source_row`` is shown, or -1 when it is filtered out."""
        table = self._table
        return self.mapping.view_row(source_row, table.rowCount() if table is not None else 0)

    @staticmethod
    def layout_signal(signal: Any) -> Any:
        """The overload of a layout signal that carries a hint (PySide picks by signature)."""
        return signal[_LAYOUT]

    def emit_counts(self) -> None:
        """Tell listeners how many rows are shown of how many."""
        total = self._table.rowCount() if self._table is not None else 0
        self.counts_changed.emit(self.rowCount(), total)

    def _relayout(self, rows: array[int] | None, ascending: bool, *,
                  sort_hint: bool = False) -> None:
        """Show a new mapping as a layout change, keeping persistent indexes on their rows."""
        hint = (QAbstractItemModel.LayoutChangeHint.VerticalSortHint if sort_hint
                else _NO_HINT)
        self.layout_signal(self.layoutAboutToBeChanged).emit([], hint)
        old = self.persistentIndexList()
        sources = [self.source_row(index.row()) for index in old]
        self.mapping.set(rows, ascending)
        self.move_persistent(old, sources)
        self.layout_signal(self.layoutChanged).emit([], hint)
        self.emit_counts()

    def move_persistent(self, old: list[QModelIndex], sources: list[int]) -> None:
        """Point the persistent indexes ``old`` at the rows now showing ``sources``."""
        new: list[QModelIndex] = []
        for index, source in zip(old, sources, strict=True):
            row = self.proxy_row(source) if source >= 0 else -1
            new.append(self.createIndex(row, index.column()) if row >= 0 else QModelIndex())
        if old:
            self.changePersistentIndexList(old, new)

    # ------------------------------------------------------------ filter and sort

    @property
    def filter_text(self) -> str:
        """The current filter text."""
        return self._text

    def set_filter(self, text: str, regex: bool = False, case_sensitive: bool = False) -> None:
        """Show only rows whose location contains ``text`` (or matches it as a regex).

        Raises :class:`~sitemap_studio.core.rows.entry_order.FilterPatternError` for
        an invalid regular expression, leaving the current filter in place.
        """
        if (text, regex, case_sensitive) == (self._text, self._regex, self._case_sensitive):
            return
        within = self._narrowed(text, regex, case_sensitive)
        previous = (self._text, self._regex, self._case_sensitive)
        self._text, self._regex, self._case_sensitive = text, regex, case_sensitive
        try:
            rows, ascending = self._computed(within)
        except ValueError:
            self._text, self._regex, self._case_sensitive = previous
            raise
        self._relayout(rows, ascending)

    def _narrowed(self, text: str, regex: bool, case_sensitive: bool) -> Sequence[int] | None:
        """The rows a longer plain filter can only narrow (typing on), or ``None``."""
        if (regex or self._regex or case_sensitive != self._case_sensitive or not self._text
                or self._only_findings or self.mapping.rows is None or not self.mapping.ascending):
            return None
        if self._table is None or len(self.mapping.rows) * 4 > self._table.rowCount():
            return None  # searching all rows is as fast
        grown = self._text in text if case_sensitive else self._text.lower() in text.lower()
        return self.mapping.rows if grown else None

    def set_only_with_findings(self, only: bool) -> None:
        """Show only entries that have findings (as the validator sees them now)."""
        if only == self._only_findings:
            return
        self._only_findings = only
        self._relayout(*self._computed())

    def refresh(self) -> None:
        """Apply the filter and sort again (edited and inserted rows find their places)."""
        self._relayout(*self._computed(), sort_hint=self._sort_column >= 0)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` in the core; -1 restores file order (overrides ``sort``)."""
        previous = (self._sort_column, self._sort_order)
        self._sort_column, self._sort_order = max(column, -1), order
        self.mapping.forget_inverse()  # the old order's: not held while the new one is made
        try:
            rows, ascending = self._computed()
        except ValueError:
            self._sort_column, self._sort_order = previous
            raise
        self._relayout(rows, ascending, sort_hint=True)

    @property
    def sort_column(self) -> int:
        """The column sorted by, or -1 for file order."""
        return self._sort_column

    # -------------------------------------------------------------- Qt interface

    def mapToSource(self, proxy_index: ModelIndex) -> QModelIndex:
        """Source index of a proxy index (overrides ``QAbstractProxyModel.mapToSource``)."""
        table = self._table
        if table is None or not proxy_index.isValid():
            return QModelIndex()
        row, rows = proxy_index.row(), self.mapping.rows
        if rows is not None:
            if not 0 <= row < len(rows):
                return QModelIndex()
            row = rows[row]
        return table.index(row, proxy_index.column())

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The source cell's data, without building its index (overrides ``data``)."""
        table, rows = self._table, self.mapping.rows
        if table is None or not index.isValid():
            return None
        row = index.row()
        if rows is not None:
            if row >= len(rows):
                return None
            row = rows[row]
        elif row >= table.rowCount():
            return None
        return table.cell_data(row, index.column(), role)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """The source cell's flags (overrides ``QAbstractProxyModel.flags``)."""
        table, rows = self._table, self.mapping.rows
        if table is None or not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        row = index.row()
        if rows is not None:
            if row >= len(rows):
                return Qt.ItemFlag.NoItemFlags
            row = rows[row]
        elif row >= table.rowCount():
            return Qt.ItemFlag.NoItemFlags
        return table.cell_flags(row, index.column())

    def mapFromSource(self, source_index: ModelIndex) -> QModelIndex:
        """Proxy index of a source index (overrides ``QAbstractProxyModel.mapFromSource``)."""
        if self._table is None or not source_index.isValid():
            return QModelIndex()
        row = self.proxy_row(source_index.row())
        return self.createIndex(row, source_index.column()) if row >= 0 else QModelIndex()

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        """Index of a cell (overrides ``QAbstractItemModel.index``)."""
        if parent.isValid() or not (0 <= row < self.rowCount()
                                    and 0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, index: ModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        """A table has no parents (overrides ``QAbstractItemModel.parent``)."""
        return QModelIndex()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Rows shown (overrides ``QAbstractItemModel.rowCount``)."""
        if parent.isValid() or self._table is None:
            return 0
        return self._table.rowCount() if self.mapping.rows is None else len(self.mapping.rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Columns of the source (overrides ``QAbstractItemModel.columnCount``)."""
        if parent.isValid() or self._table is None:
            return 0
        return self._table.columnCount()

    def hasChildren(self, parent: ModelIndex = QModelIndex()) -> bool:  # noqa: B008
        """Only the root has children (overrides ``QAbstractItemModel.hasChildren``)."""
        return not parent.isValid() and self.rowCount() > 0

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles, and each row's number in the file (overrides ``headerData``)."""
        if self._table is None:
            return None
        if orientation == Qt.Orientation.Vertical:
            if not 0 <= section < self.rowCount():
                return None
            section = self.source_row(section)
        return self._table.headerData(section, orientation, role)
