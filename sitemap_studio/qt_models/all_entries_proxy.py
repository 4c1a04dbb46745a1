"""Filtering and sorting of the *All entries* table, computed in the core across files.

:class:`AllEntriesProxy` is the entry table's proxy
(:class:`~sitemap_studio.qt_models.entry_filter_proxy.EntryFilterProxy`) with
another source: an :class:`~sitemap_studio.qt_models.all_entries_model.AllEntriesModel`.
The mapping, layout changes and the following of source changes are the
entry proxy's; the rows to show come from the model's
:class:`~sitemap_studio.core.combined_rows.CombinedRows`, which asks each
file's own index and joins the answers.
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, Iterator, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, Qt

from sitemap_studio.core.combined_rows import CombinedRows
from sitemap_studio.qt_models.all_entries_model import AllEntriesModel
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy

if TYPE_CHECKING:
    from sitemap_studio.qt_models.entry_table_model import EntryTableModel


class AllEntriesProxy(EntryFilterProxy):
    """The rows of an :class:`AllEntriesModel`, filtered and sorted across its files."""

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
        return None if combined is None else combined.warm_up(columns=(1,))

    def _computed(self, within: Sequence[int] | None = None) -> tuple[array[int] | None, bool]:
        """The mapping for the current filter and sort, across files (overrides the entry
        proxy's)."""
        model = self.all_entries
        if model is None:
            return None, True
        combined = model.rows
        only: list[Collection[int]] | None = None
        if self._only_findings:
            only = [set() if part.model.validator is None else part.model.validator.flagged_ids()
                    for part in model.parts]
        rows = combined.filter_rows(self._text, regex=self._regex,
                                    case_sensitive=self._case_sensitive, only_ids=only,
                                    within=within)
        if self._sort_column >= 0:
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            return combined.sort_order(self._sort_column, descending, rows=rows), False
        if rows is not None and len(rows) == len(combined):
            return None, True
        return rows, True


__all__ = ["AllEntriesProxy"]
