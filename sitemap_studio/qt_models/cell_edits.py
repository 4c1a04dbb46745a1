"""How an edited cell's value reaches a model, and why it was refused, as a result.

``QAbstractItemModel.setData`` answers only yes or no. Models whose refusals
the user must read (the entry table, and any table over entries) implement
:class:`CellEditing`; :func:`edit_cell` finds such a model behind any proxies
and returns its :class:`CellEdit`, so the reason travels back with the answer
instead of being read from the model afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from sitemap_studio.core.model import SitemapError

ModelIndex = QModelIndex | QPersistentModelIndex

#: What a refusal says when the model gives no reason of its own.
NO_REASON = "The value was refused."


@dataclass(frozen=True, slots=True)
class CellEdit:
    """The answer to one cell edit: accepted, or refused with the reason in the user's words."""

    refusal: str | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


ACCEPTED = CellEdit()


@runtime_checkable
class CellEditing(Protocol):
    """A model that says why it refuses a value."""

    def edit_cell(self, row: int, column: int, value: Any) -> CellEdit:
        """Set the cell at ``row``, ``column`` to ``value``, or say why not."""


def edit_cell(model: QAbstractItemModel, index: ModelIndex, value: Any) -> CellEdit:
    """Set ``index`` of ``model`` (or of the model behind its proxies) to ``value``."""
    source = model
    source_index = index if isinstance(index, QModelIndex) else model.index(index.row(),
                                                                          index.column())
    while isinstance(source, QAbstractProxyModel):
        source_index = source.mapToSource(source_index)
        source = source.sourceModel()
    if isinstance(source, CellEditing) and source_index.isValid():
        return source.edit_cell(source_index.row(), source_index.column(), value)
    if model.setData(index, value, Qt.ItemDataRole.EditRole):
        return ACCEPTED
    return CellEdit(NO_REASON)


def edit_answer(apply: Callable[[Callable[[SitemapError], None]], bool]) -> CellEdit:
    """The answer to an edit that ``apply`` makes, telling the handler it is given why not.

    ``apply`` returns whether the edit was applied; the first refusal it reported
    is the reason (:data:`NO_REASON` when it reported none).
    """
    reasons: list[str] = []
    if apply(lambda error: reasons.append(error.message)):
        return ACCEPTED
    return CellEdit(reasons[0] if reasons else NO_REASON)


__all__ = ["ACCEPTED", "NO_REASON", "CellEdit", "CellEditing", "edit_answer", "edit_cell"]
