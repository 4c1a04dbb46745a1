"""The entry table's columns per kind of file: which are shown, their widths, order and sort.

Showing another document resets the table's header (Qt gives every column its
default width). :class:`ColumnLayouts` keeps the user's header state per kind
of file (:func:`~sitemap_studio.qt_models.column_kinds.layout_kind`) in the
settings, puts it back when a file of that kind is shown, and fits a kind seen
for the first time to its content.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from sitemap_studio.qt_models.column_kinds import ALL, AUDIT_COLUMNS, shown_columns
from sitemap_studio.qt_models.entry_table_model import PROTOCOL_COLUMNS
from sitemap_studio.settings import AppSettings

#: The location column never grows wider than this when fitted to content...
MAX_FITTED_LOCATION = 560
#: ...nor narrower than this.
MIN_FITTED_LOCATION = 220
#: Room around a count column's title.
TITLE_PADDING = 14
#: Widths of the audit columns when they first appear (Status, Verdict, Final URL).
AUDIT_WIDTHS = (90, 110, 260)
#: Fitting looks at this many rows (a million rows would take seconds).
FIT_SAMPLE_ROWS = 400


class ColumnLayouts:
    """Saves and restores ``view``'s header state per kind of file."""

    def __init__(self, view: QTableView) -> None:
        self.view = view
        self.settings: AppSettings | None = None
        self.kind: str | None = None
        self._states: dict[str, QByteArray] = {}
        #: Width a pane beside the table may still take (the window sets it).
        self.reserve: Callable[[], int] = lambda: 0

    @property
    def header(self) -> QHeaderView:
        """The horizontal header of the view."""
        return self.view.horizontalHeader()

    def remember(self) -> None:
        """Keep the current kind's header state (in the settings too, when there are some)."""
        if self.kind is None or self.view.model() is None or not self.header.count():
            return
        state = self.header.saveState()
        self._states[self.kind] = state
        if self.settings is not None:
            self.settings.save_column_state(self.kind, state)

    def saved(self, kind: str) -> QByteArray | None:
        """The header state remembered for ``kind``, if any."""
        state = self._states.get(kind)
        if state is None and self.settings is not None:
            state = self.settings.column_state(kind)
        return state

    def apply(self, kind: str | None, audited: bool = False) -> None:
        """Lay the header out for a document of ``kind`` just shown (``None``: nothing shown),
        with the audit's columns when it has audit results."""
        self.kind = kind
        if kind is None:
            return
        header = self.header
        state = self.saved(kind)
        restored = state is not None and header.restoreState(state)
        shown = shown_columns(kind, audited)
        self.show_audit(audited)
        for column in range(header.count()):
            header.setSectionHidden(column, column not in shown)
        if not restored:
            self.fit(shown)
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        model = self.view.model()
        if model is not None:
            model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())

    def show_audit(self, audited: bool) -> None:
        """Show or hide the audit's columns (results arrived, or the document has none)."""
        if self.kind is None or self.kind == ALL:  # the All entries view has no audit columns
            return
        header = self.header
        for column in AUDIT_COLUMNS:
            if column < header.count():
                hidden = header.isSectionHidden(column)
                header.setSectionHidden(column, not audited)
                if audited and hidden and header.sectionSize(column) < AUDIT_WIDTHS[0] // 2:
                    header.resizeSection(column, AUDIT_WIDTHS[column - AUDIT_COLUMNS[0]])

    def fit(self, shown: tuple[int, ...]) -> None:
        """Widths that fit the content of the first rows, the location taking what is left."""
        header = self.header
        self.view.verticalHeader().setResizeContentsPrecision(FIT_SAMPLE_ROWS)
        others = 0
        for column in shown[1:]:
            width = max(self.view.sizeHintForColumn(column), self._title_width(column))
            header.resizeSection(column, width)
            others += width
        # The room left once a vertical scroll bar shows (with many rows it will), and once a
        # folded pane beside the table opens: the protocol columns stay in view then.
        scroll_bar = self.view.verticalScrollBar().sizeHint().width()
        protocol = sum(header.sectionSize(c) for c in shown[1:PROTOCOL_COLUMNS])
        room = self.view.viewport().width() - scroll_bar - max(others, protocol + self.reserve())
        wanted = max(self.view.sizeHintForColumn(0), self._title_width(0))
        header.resizeSection(0, max(MIN_FITTED_LOCATION, min(wanted, room, MAX_FITTED_LOCATION)))

    def _title_width(self, column: int) -> int:
        """Room for a column's title; the counts' short numbers leave no room for the sort
        arrow, which then covers a little of the title."""
        if column < PROTOCOL_COLUMNS:
            return self.header.sectionSizeHint(column)
        model = self.view.model()
        title = str(model.headerData(column, Qt.Orientation.Horizontal)) if model else ""
        return self.header.fontMetrics().horizontalAdvance(title) + TITLE_PADDING
