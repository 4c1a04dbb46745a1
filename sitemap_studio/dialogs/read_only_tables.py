"""Tables the dialogs show to be read: previews, results, reports.

Each is a :class:`QTableView` whose rows are chosen whole and never edited,
without row numbers; some columns share the spare width, and the others
either fit their contents or keep the width the user drags them to.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget


def read_only_table(model: QAbstractItemModel, parent: QWidget | None = None, *,
                    stretch: Iterable[int] = (), fit: bool = False) -> QTableView:
    """A table view of ``model`` to read: whole rows selected, no editing, no row numbers.

    Args:
        model: What the table shows.
        parent: The widget that owns the view.
        stretch: Columns that share the width left over.
        fit: Whether every other column fits its contents (else the user sizes it).
    """
    view = QTableView(parent)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    if fit:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for column in stretch:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
    return view


__all__ = ["read_only_table"]
