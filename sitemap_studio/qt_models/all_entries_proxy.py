"""Filtering and sorting of the *All entries* table, computed in the core across files.

:class:`AllEntriesProxy` is the entry table's proxy
(:class:`~sitemap_studio.qt_models.entry_filter_proxy.EntryFilterProxy`) with
another source: an :class:`~sitemap_studio.qt_models.all_entries_model.AllEntriesModel`.
The mapping, layout changes and the following of source changes are the
entry proxy's; the rows to show come from the model's
:class:`~sitemap_studio.core.rows.combined_rows.CombinedRows`, which asks each
file's own index and joins the answers.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Collection, Iterator, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt, QTimer

from sitemap_studio.core.rows import CombinedRows, row_typecode
from sitemap_studio.qt_models.all_entries_model import AllEntriesModel
from sitemap_studio.qt_models.entry_filter_proxy import WARM_UP_ROWS, EntryFilterProxy

if TYPE_CHECKING:
    from sitemap_studio.qt_models.entry_table_model import EntryTableModel

#: A filter shows the rows found in this long at once (at least one file is searched)...
FIRST_SLICE_SECONDS = 0.08
#: ...or as soon as this many rows are found (more than a screenful).
FIRST_ROWS = 500
#: Then each pass of the event loop searches files for this long.
SLICE_SECONDS = 0.04
#: A longer filter searches only the rows the shorter one kept when they are this few.
NARROW_ROWS = 50_000
#: Columns sorted ahead in idle time (location, lastmod, priority), so a click only maps.
WARM_SORTS = (0, 1, 3)
#: Numeric columns whose keys each file computes ahead (lastmod, priority).
WARM_KEYS = (1, 3)
#: After a change, sorting ahead starts again once no change came for this long (ms).
REWARM_DELAY_MS = 500


class AllEntriesProxy(EntryFilterProxy):
    """The rows of an :class:`AllEntriesModel`, filtered and sorted across its files.

    A filter without a sort is applied a file at a time: the files searched
    within :data:`FIRST_SLICE_SECONDS` (or until :data:`FIRST_ROWS` rows are
    found) are shown at once, the others join the end of the table from the
    event loop, each as an insertion, so a keystroke repaints before a
    million rows are searched. A sort needs every row and is computed whole;
    a large table sorts the :data:`WARM_SORTS` columns in idle time and the
    core keeps those sorts, so a click on their headers (either direction,
    with or without a filter) reads them. After an edit, insert, removal or
    move in a file the core repairs a kept sort (the changed rows are put back
    in their places) when a header is clicked, or in idle time
    :data:`REWARM_DELAY_MS` after the last change (each further change puts
    that off); a sort dropped because too many rows changed is made again then.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: What is left of a filter being applied a file at a time: the next file, and
        #: each file's entry ids to keep (entries with findings) or ``None``.
        self._rest: tuple[int, list[Collection[int]] | None] | None = None
        self._rest_timer = QTimer(self)
        self._rest_timer.setInterval(0)
        self._rest_timer.timeout.connect(self._filter_more)
        #: How many files the idle-time warm-up covers.
        self._warmed_parts = 0
        #: The files' generations when the running warm-up started.
        self._warming_from: tuple[int, ...] = ()
        #: Starts sorting ahead again a moment after the last change.
        self._rewarm_timer = QTimer(self)
        self._rewarm_timer.setSingleShot(True)
        self._rewarm_timer.setInterval(REWARM_DELAY_MS)
        self._rewarm_timer.timeout.connect(self._rewarm)

    @property
    def filtering(self) -> bool:
        """Whether files are still being searched for the current filter."""
        return self._rest is not None

    def _check_source(self, model: QAbstractItemModel | None) -> None:
        """Raise ``TypeError`` for a source other than an :class:`AllEntriesModel`."""
        if model is not None and not isinstance(model, AllEntriesModel):
            raise TypeError("AllEntriesProxy shows an AllEntriesModel")

    def _open_index(self, model: EntryTableModel) -> None:
        """The combined rows are the model's own: nothing to build (overrides the entry
        proxy's, which builds one file's index)."""
        self._index = None

    @property
    def combined(self) -> CombinedRows | None:
        """The rows of every file, as the source model joins them."""
        table = self._table
        return table.rows if isinstance(table, AllEntriesModel) else None

    @property
    def all_entries(self) -> AllEntriesModel | None:
        """The source model."""
        table = self._table
        return table if isinstance(table, AllEntriesModel) else None

    def _warm_steps(self) -> Iterator[None] | None:
        """Each file's warm-up in turn (overrides the entry proxy's)."""
        combined = self.combined
        if combined is None:
            return None
        self._warmed_parts = len(combined.documents)
        self._warming_from = combined.generations()
        return combined.warm_up(columns=WARM_KEYS, sorts=WARM_SORTS)

    def warm_up(self) -> None:
        """Sort ahead in idle time now (see the entry proxy's), starting over."""
        self._rewarm_timer.stop()
        super().warm_up()

    @property
    def warming(self) -> bool:
        """Whether the idle-time warm-up is computing, or will start again after a change."""
        return super().warming or self._rewarm_timer.isActive()

    def _rewarm_later(self) -> None:
        """Something changed: sort ahead again once changes stop for a moment."""
        combined = self.combined
        if combined is not None and len(combined) >= WARM_UP_ROWS:
            self._rewarm_timer.start()  # restarts the delay when already waiting

    def _rewarm(self) -> None:
        """Changes stopped: sort ahead again, unless the warm-up running still holds (the
        change was not to a file, e.g. findings or audit results arrived)."""
        combined = self.combined
        if combined is None:
            return
        if super().warming and combined.generations() == self._warming_from:
            return
        self.warm_up()

    def _computed(self, within: Sequence[int] | None = None) -> tuple[array[int] | None, bool]:
        """The mapping for the current filter and sort, across files (overrides the entry
        proxy's); without a sort, perhaps the first files' rows only (see the class)."""
        self._rest = None
        self._rest_timer.stop()
        model = self.all_entries
        if model is None:
            return None, True
        combined = model.rows
        only: list[Collection[int]] | None = None
        if self._only_findings:
            only = [set() if part.model.validator is None else part.model.validator.flagged_ids()
                    for part in model.parts]
        if self._sort_column < 0 and within is None and (self._text or only is not None):
            return self._first_slice(combined, only), True
        rows = combined.filter_rows(self._text, regex=self._regex,
                                    case_sensitive=self._case_sensitive, only_ids=only,
                                    within=within)
        if self._sort_column >= 0:
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            return combined.sort_order(self._sort_column, descending, rows=rows), False
        if rows is not None and len(rows) == len(combined):
            return None, True
        return rows, True

    def _first_slice(self, combined: CombinedRows,
                     only: list[Collection[int]] | None) -> array[int]:
        """The rows of the files searched first; the rest is left to :meth:`_filter_more`."""
        started = time.perf_counter()
        rows = array(row_typecode(len(combined)))
        count = len(combined.documents)
        part = 0
        while part < count and (len(rows) < FIRST_ROWS
                                and time.perf_counter() - started < FIRST_SLICE_SECONDS):
            rows.extend(combined.filter_parts(part, part + 1, self._text, regex=self._regex,
                                              case_sensitive=self._case_sensitive,
                                              only_ids=only))
            part += 1
        if part < count:
            self._rest = (part, only)
            self._rest_timer.start()
        return rows

    def _filter_more(self) -> None:
        """Search the next files for a slice of time and add their rows at the end."""
        combined, rest = self.combined, self._rest
        if combined is None or rest is None or self.mapping.rows is None:
            self._rest = None
            self._rest_timer.stop()
            return
        part, only = rest
        started = time.perf_counter()
        found = array(row_typecode(len(combined)))
        count = len(combined.documents)
        while part < count and time.perf_counter() - started < SLICE_SECONDS:
            found.extend(combined.filter_parts(part, part + 1, self._text, regex=self._regex,
                                               case_sensitive=self._case_sensitive,
                                               only_ids=only))
            part += 1
        self._rest = (part, only) if part < count else None
        if self._rest is None:
            self._rest_timer.stop()
        if found:
            at = len(self.mapping.rows)
            self.beginInsertRows(QModelIndex(), at, at + len(found) - 1)
            self.mapping.extend(found)
            self.endInsertRows()
        self.emit_counts()

    def _narrowed(self, text: str, regex: bool, case_sensitive: bool) -> Sequence[int] | None:
        """As the entry proxy's, but never from the rows of a filter still being applied, and
        only for a few rows: searching many rows at once would keep the first rows waiting,
        where searching the files a slice at a time shows them at once."""
        if self._rest is not None:
            return None
        rows = super()._narrowed(text, regex, case_sensitive)
        return rows if rows is not None and len(rows) <= NARROW_ROWS else None

    def _restart_if_filtering(self) -> None:
        """A file changed while the filter was searching the others: search them again."""
        if self._rest is not None:
            self.refresh()

    def source_rows_changed(self) -> None:
        """Rows of a file came, went or moved (overrides the proxy's hook); a file read while
        the table is shown gets its keys and flags computed in idle time too."""
        self._restart_if_filtering()
        combined = self.combined
        if (combined is not None and len(combined.documents) != self._warmed_parts
                and len(combined) >= WARM_UP_ROWS):
            self.warm_up()  # a file was added: start again with every file
        else:
            self._rewarm_later()

    def source_data_changed(self) -> None:
        """Cells changed (overrides the proxy's hook): sort ahead again later."""
        self._rewarm_later()

    def source_reset(self) -> None:
        """The source was reset or laid out anew (overrides the proxy's hook)."""
        self._rewarm_later()


__all__ = ["AllEntriesProxy"]
