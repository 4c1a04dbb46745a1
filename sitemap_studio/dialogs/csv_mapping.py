"""The column-mapping step of the import dialog, for CSV and TSV files.

The encoding, delimiter and header row start as guessed and can be
overridden (a new delimiter cuts new columns, so the columns are guessed
again; the other changes keep the choices); one combo box per field chooses
its column. The preview table
shows the first rows as the current choices import them, with what reading
and validation say about each; it follows every change at once (it reads
only the start of the file).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.imports import (
    DELIMITER_NAMES,
    DELIMITERS,
    ENCODING_NAMES,
    ENCODINGS,
    ColumnMapping,
    Table,
    TableFormat,
    TableSource,
    guess_mapping,
    preview_rows,
    read_table,
)
from sitemap_studio.core.model import FIELDS, SitemapError
from sitemap_studio.qt_models.import_models import PreviewModel

#: Rows the preview shows.
PREVIEW_ROWS = 50
NO_COLUMN = -1


class CsvMappingPage(QWidget):
    """Format overrides, the field-to-column choices and the live preview."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source: TableSource | None = None
        self.table = Table()
        self._error: str | None = None
        #: The last choices made on readable rows, kept across a failed re-read.
        self._kept = ColumnMapping()
        self.encoding_combo = QComboBox()
        for encoding in ENCODINGS:
            self.encoding_combo.addItem(ENCODING_NAMES[encoding], encoding)
        self.delimiter_combo = QComboBox()
        for delimiter in DELIMITERS:
            self.delimiter_combo.addItem(DELIMITER_NAMES[delimiter], delimiter)
        self.header_check = QCheckBox("The first row names the columns")
        self.field_combos: dict[str, QComboBox] = {name: QComboBox() for name in FIELDS}
        self.preview_model = PreviewModel(self)
        self.preview_view = QTableView()
        self.preview_view.setModel(self.preview_model)
        self.preview_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.preview_view.verticalHeader().hide()
        self.preview_view.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.Interactive)
        self.preview_view.horizontalHeader().setStretchLastSection(True)
        self.preview_view.horizontalHeader().resizeSection(1, 280)
        self.preview_view.setWordWrap(False)
        self.preview_label = QLabel()
        self.preview_label.setWordWrap(True)

        format_row = QHBoxLayout()
        format_row.addWidget(QLabel("Encoding:"))
        format_row.addWidget(self.encoding_combo)
        format_row.addWidget(QLabel("Delimiter:"))
        format_row.addWidget(self.delimiter_combo)
        format_row.addWidget(self.header_check)
        format_row.addStretch(1)
        fields = QFormLayout()
        for name, combo in self.field_combos.items():
            fields.addRow(f"{name}:" + (" (required)" if name == "loc" else ""), combo)
        layout = QVBoxLayout(self)
        self.title_label = QLabel()
        layout.addWidget(self.title_label)
        layout.addLayout(format_row)
        layout.addLayout(fields)
        layout.addWidget(self.preview_label)
        layout.addWidget(self.preview_view, 1)

        self.encoding_combo.currentIndexChanged.connect(lambda _: self._reread(guess=False))
        self.delimiter_combo.currentIndexChanged.connect(lambda _: self._reread(guess=True))
        self.header_check.toggled.connect(lambda _: self._reread(guess=False))
        for combo in self.field_combos.values():
            combo.currentIndexChanged.connect(self._mapping_changed)

    # ------------------------------------------------------------------- state

    def set_source(self, source: TableSource) -> None:
        """Show ``source`` with its guessed format and mapping."""
        self.source = source
        self.title_label.setText(f"Map the columns of {source.name} to sitemap fields.")
        fmt = source.format
        widgets = (self.encoding_combo, self.delimiter_combo, self.header_check)
        for widget in widgets:
            widget.blockSignals(True)
        self.encoding_combo.setCurrentIndex(max(0, self.encoding_combo.findData(fmt.encoding)))
        self.delimiter_combo.setCurrentIndex(max(0, self.delimiter_combo.findData(fmt.delimiter)))
        self.header_check.setChecked(fmt.has_header)
        for widget in widgets:
            widget.blockSignals(False)
        self._reread(guess=True)

    def table_format(self) -> TableFormat:
        """The format as chosen."""
        return TableFormat(str(self.encoding_combo.currentData()),
                           str(self.delimiter_combo.currentData()),
                           self.header_check.isChecked())

    def mapping(self) -> ColumnMapping:
        """The field-to-column choices."""
        columns: dict[str, int | None] = {}
        for name, combo in self.field_combos.items():
            column = combo.currentData()
            columns[name] = None if column is None or column == NO_COLUMN else int(column)
        return ColumnMapping(**columns)

    def problem(self) -> str | None:
        """Why the mapping cannot be used yet, or ``None``."""
        if self.source is None:
            return "no table is open"
        if self._error is not None:
            return self._error
        if not self.table.rows:
            return "the file holds no rows to import"
        return self.mapping().problem()

    # -------------------------------------------------------------- internals

    def _reread(self, guess: bool) -> None:
        """Read the preview rows again with the current format."""
        if self.source is None:
            return
        fmt = self.table_format()
        try:
            self.table = read_table(self.source.data, fmt.delimiter, fmt.encoding,
                                    fmt.has_header, max_rows=PREVIEW_ROWS)
            self._error = None
        except SitemapError as exc:
            self.table = Table()
            self._error = exc.located().removeprefix("<input>:")
        self._fill_columns(guess_mapping(self.table) if guess else self._kept)
        self._mapping_changed()

    def _fill_columns(self, mapping: ColumnMapping) -> None:
        titles = self.table.column_titles()
        for name, combo in self.field_combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItem("(none)" if name != "loc" else "(choose a column)", NO_COLUMN)
            for index, title in enumerate(titles):
                combo.addItem(title, index)
            column = mapping.column(name)
            at = combo.findData(column) if column is not None else 0
            combo.setCurrentIndex(max(0, at))
            combo.blockSignals(False)

    def _mapping_changed(self, *_: object) -> None:
        mapping = self.mapping()
        if self._error is None:
            self._kept = mapping
        rows = preview_rows(self.table, mapping) if self._error is None else []
        self.preview_model.set_rows(rows)
        if self._error is not None:
            self.preview_label.setText(f"Cannot read the file this way: {self._error}")
        else:
            shown = f"the first {len(rows):,}" if not self.table.complete else f"all {len(rows):,}"
            dropped = sum(1 for row in rows if row.dropped)
            flagged = sum(1 for row in rows if row.messages and not row.dropped)
            self.preview_label.setText(
                f"Preview of {shown} rows: {flagged:,} with findings, {dropped:,} without a "
                "URL (they will not be imported).")
        self.changed.emit()


__all__ = ["PREVIEW_ROWS", "CsvMappingPage"]
