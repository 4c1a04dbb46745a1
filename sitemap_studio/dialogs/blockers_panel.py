"""Errors that export does not resolve, listed so that the user decides: fix them, or go on.

The export dialog (and any dialog that writes what export writes) shows this
panel instead of refusing: a table with the count per rule code and the first
message of each, the first rows one by one (file:line, rule, message), and
*Export Anyway* beside *Cancel*. Double-clicking a row (or Enter on it) asks
for that entry to be shown in the window.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.export import plural
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.publish_models import (
    Blocker,
    blocker_model,
    code_count_model,
    code_counts,
)

#: Rows listed one by one (the counts per code always cover every error).
SHOWN_ROWS = 200
#: Rule codes the code table shows without scrolling.
SHOWN_CODES = 4


class BlockersPanel(QWidget):
    """The errors that stop an export, with *Export Anyway* and *Cancel*."""

    #: The user chose to go on: write, leaving out what cannot be written validly.
    proceed_requested = Signal()
    #: The user chose not to go on (nothing is written).
    dismissed = Signal()
    #: (member path, entry id or None, field or None): show this entry in the window.
    jump_requested = Signal(str, object, object)

    def __init__(self, proceed_text: str = "Export &Anyway",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._blockers: list[Blocker] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.summary_label = QLabel(self)
        self.summary_label.setWordWrap(True)
        layout.addWidget(self.summary_label)

        self.code_model = code_count_model(self)
        self.code_view = _table(self.code_model, self, stretch=2)
        layout.addWidget(self.code_view)

        self.rows_label = QLabel(self)
        layout.addWidget(self.rows_label)
        self.rows_model = blocker_model(self)
        self.rows_view = _table(self.rows_model, self, stretch=2)
        self.rows_view.setToolTip("Double-click a row to show that entry in the window")
        self.rows_view.doubleClicked.connect(self._activated)
        self.rows_view.installEventFilter(self)
        layout.addWidget(self.rows_view, 2)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.proceed_button = QPushButton(proceed_text, self)
        self.proceed_button.setToolTip("Write the files anyway: entries that cannot be written "
                                       "validly are left out, values the schema rejects are "
                                       "dropped, and the report lists both")
        self.proceed_button.clicked.connect(self.proceed_requested)
        self.dismiss_button = QPushButton("Cancel", self)
        self.dismiss_button.setToolTip("Write nothing; fix the errors first")
        self.dismiss_button.clicked.connect(self.dismissed)
        buttons.addWidget(self.proceed_button)
        buttons.addWidget(self.dismiss_button)
        layout.addLayout(buttons)

    def set_blockers(self, blockers: Sequence[Blocker], what: str = "export") -> None:
        """Show ``blockers``; ``what`` names the action they stop (``export``, ``kit``)."""
        self._blockers = list(blockers)
        files = len({key for key, _finding in self._blockers})
        self.summary_label.setText(
            f"<b>{plural(len(self._blockers), 'error')} in {plural(files, 'file')} that "
            f"{what} cannot resolve by itself.</b> Fix them (double-click a row to go to the "
            "entry), or go on anyway: entries that cannot be written validly are then left "
            "out, values the schema rejects are dropped, and the report lists both.")
        self.code_model.set_records(code_counts(self._blockers))
        self._fit_code_view()
        shown = self._blockers[:SHOWN_ROWS]
        self.rows_model.set_records(shown)
        if len(shown) < len(self._blockers):
            self.rows_label.setText(f"The first {len(shown):,} of "
                                    f"{plural(len(self._blockers), 'error')}:")
        else:
            self.rows_label.setText(f"Every error ({len(shown):,}):")

    def _fit_code_view(self) -> None:
        """As tall as its rows (up to :data:`SHOWN_CODES`), so the rows below get the room."""
        view = self.code_view
        rows = max(1, min(SHOWN_CODES, self.code_model.rowCount()))
        height = (view.horizontalHeader().sizeHint().height()
                  + rows * view.verticalHeader().defaultSectionSize()
                  + 2 * view.frameWidth() + 2)
        view.setFixedHeight(height)

    def blockers(self) -> list[Blocker]:
        """Every blocking finding shown (also those beyond the rows listed)."""
        return list(self._blockers)

    def eventFilter(self, watched: object, event: object) -> bool:
        """Enter on a row jumps like a double-click (overrides ``QObject.eventFilter``)."""
        if (watched is self.rows_view and isinstance(event, QKeyEvent)
                and event.type() == QKeyEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self._activated(self.rows_view.currentIndex())
            return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]

    def _activated(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        key, finding = self.rows_model.record(index.row())
        self.jump_requested.emit(key, finding.entry, finding.field)


def _table(model: QAbstractItemModel, parent: QWidget, *, stretch: int) -> QTableView:
    view = read_only_table(model, parent, stretch=(stretch,), fit=True)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setWordWrap(False)
    return view


__all__ = ["SHOWN_ROWS", "BlockersPanel"]
