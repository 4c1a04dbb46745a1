"""The first and last steps of the import dialog: choose the source; choose duplicates and target.

Each page says through :meth:`problem` why the dialog cannot go on yet (or
``None``), and emits ``changed`` whenever that may have changed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.imports import (
    AUTO,
    DOCUMENT,
    POLICY_TITLES,
    TABLE,
    DuplicatePolicy,
    ImportBatch,
    ImportTarget,
    new_name_problem,
)
from sitemap_studio.qt_models.finding_groups_model import FindingGroupsModel

FILE, CLIPBOARD, LIVE = "file", "clipboard", "live"
READ_AS = ((AUTO, "Detect by content"), (TABLE, "A table (CSV or TSV)"),
           (DOCUMENT, "A sitemap, index, feed, robots.txt or URL list"))
FILE_FILTER = ("Importable files (*.xml *.gz *.txt *.csv *.tsv *.rss *.atom);;"
               "All files (*)")
_CLIPBOARD_SHOWN = 80


class SourcePage(QWidget):
    """Where the entries come from: a file, the clipboard, or a live site."""

    changed = Signal()

    def __init__(self, clipboard_text: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clipboard_text = clipboard_text or ""
        self.file_radio = QRadioButton("A &file: sitemap, index, feed, text list, CSV or TSV")
        self.clipboard_radio = QRadioButton("The &clipboard")
        self.live_radio = QRadioButton("A &live site (reads its robots.txt; fetches only "
                                       "when you ask)")
        self.group = QButtonGroup(self)
        for radio in (self.file_radio, self.clipboard_radio, self.live_radio):
            self.group.addButton(radio)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("File to import")
        self.browse_button = QPushButton("&Browse…")
        self.read_as_combo = QComboBox()
        for key, title in READ_AS:
            self.read_as_combo.addItem(title, key)
        self.clipboard_label = QLabel(self._clipboard_summary())
        self.clipboard_label.setWordWrap(True)
        self.clipboard_radio.setEnabled(bool(self.clipboard_text.strip()))

        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(self.browse_button)
        file_form = QFormLayout()
        file_form.addRow("File:", file_row)
        file_form.addRow("Read it as:", self.read_as_combo)
        file_box = QWidget()
        file_box.setLayout(file_form)
        file_form.setContentsMargins(24, 0, 0, 0)
        self.clipboard_label.setContentsMargins(24, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Import entries from:"))
        layout.addWidget(self.file_radio)
        layout.addWidget(file_box)
        layout.addWidget(self.clipboard_radio)
        layout.addWidget(self.clipboard_label)
        layout.addWidget(self.live_radio)
        layout.addStretch(1)

        self.file_radio.setChecked(True)
        self.group.buttonToggled.connect(self._toggled)
        self.path_edit.textChanged.connect(self.changed)
        self.browse_button.clicked.connect(self._browse)
        self._toggled()

    def _clipboard_summary(self) -> str:
        text = self.clipboard_text.strip()
        if not text:
            return "The clipboard holds no text."
        lines = text.splitlines()
        first = lines[0] if len(lines[0]) <= _CLIPBOARD_SHOWN else \
            lines[0][: _CLIPBOARD_SHOWN - 1] + "…"
        return f"{len(lines):,} lines, starting with: {first}"

    def _toggled(self, *_: object) -> None:
        on = self.file_radio.isChecked()
        for widget in (self.path_edit, self.browse_button, self.read_as_combo):
            widget.setEnabled(on)
        self.changed.emit()

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import from a file", self.path_edit.text(),
                                              FILE_FILTER)
        if path:
            self.path_edit.setText(path)

    def choice(self) -> str:
        """:data:`FILE`, :data:`CLIPBOARD` or :data:`LIVE`."""
        if self.clipboard_radio.isChecked():
            return CLIPBOARD
        return LIVE if self.live_radio.isChecked() else FILE

    def path(self) -> str:
        """The file chosen (blanks around it removed)."""
        return self.path_edit.text().strip()

    def read_as(self) -> str:
        """How to read the file: :data:`AUTO`, :data:`TABLE` or :data:`DOCUMENT`."""
        return str(self.read_as_combo.currentData())

    def problem(self) -> str | None:
        """Why the dialog cannot go on from here, or ``None``."""
        if self.choice() == FILE:
            path = self.path()
            if not path:
                return "choose the file to import"
            if not os.path.isfile(path):
                return f"no such file: {path}"
        if self.choice() == CLIPBOARD and not self.clipboard_text.strip():
            return "the clipboard holds no text"
        return None


class OptionsPage(QWidget):
    """What came in, what happens to duplicates, and where the entries go."""

    changed = Signal()

    def __init__(self, target_name: str | None, can_create_new: bool,
                 name_problem: Callable[[str], str | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_problem = name_problem
        self.batch: ImportBatch | None = None
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.problems_model = FindingGroupsModel(self)  # a note on many rows is one line
        self.problems_view = QTreeView()
        self.problems_view.setModel(self.problems_model)
        self.problems_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.problems_view.setUniformRowHeights(True)
        self.problems_view.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.problems_view.header().setStretchLastSection(True)
        for column in (1, 3):  # entry position and field: not meaningful before the import
            self.problems_view.hideColumn(column)

        self.policy_group = QButtonGroup(self)
        self.policy_radios: dict[DuplicatePolicy, QRadioButton] = {}
        policy_box = QGroupBox("When an imported URL is already listed")
        policy_layout = QVBoxLayout(policy_box)
        for policy in DuplicatePolicy:
            radio = QRadioButton(POLICY_TITLES[policy])
            self.policy_radios[policy] = radio
            self.policy_group.addButton(radio)
            policy_layout.addWidget(radio)
        self.policy_radios[DuplicatePolicy.SKIP].setChecked(True)
        self.duplicates_label = QLabel()
        policy_layout.addWidget(self.duplicates_label)

        target_box = QGroupBox("Import")
        self.current_radio = QRadioButton(f"Into {target_name}" if target_name
                                          else "Into the current sitemap (none is open)")
        self.new_radio = QRadioButton("As a new sitemap in the project, named:")
        self.target_group = QButtonGroup(self)
        self.target_group.addButton(self.current_radio)
        self.target_group.addButton(self.new_radio)
        self.name_edit = QLineEdit("imported-sitemap.xml")
        self.current_radio.setEnabled(target_name is not None)
        self.new_radio.setEnabled(can_create_new)
        target_layout = QVBoxLayout(target_box)
        target_layout.addWidget(self.current_radio)
        new_row = QHBoxLayout()
        new_row.addWidget(self.new_radio)
        new_row.addWidget(self.name_edit, 1)
        target_layout.addLayout(new_row)
        (self.current_radio if target_name is not None else self.new_radio).setChecked(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.problems_view, 1)
        layout.addWidget(policy_box)
        layout.addWidget(target_box)
        self.target_group.buttonToggled.connect(self._target_toggled)
        self.name_edit.textChanged.connect(self.changed)
        self._target_toggled()

    def _target_toggled(self, *_: object) -> None:
        self.name_edit.setEnabled(self.new_radio.isChecked())
        self.changed.emit()

    def set_batch(self, batch: ImportBatch, duplicates: int | None) -> None:
        """Show what ``batch`` holds; ``duplicates`` is how many are listed already, if known."""
        self.batch = batch
        count = len(batch.entries)
        parts = [f"From {batch.description}: {count:,} "
                 + ("entry" if count == 1 else "entries") + " to import"]
        if batch.flagged:
            parts.append(f"{len(batch.flagged):,} with findings")
        if batch.problems:
            parts.append(f"{len(batch.problems):,} notes while reading (below)")
        self.summary_label.setText(", ".join(parts) + ".")
        self.problems_model.set_findings(batch.problems)
        self.problems_view.setVisible(bool(batch.problems))
        self.duplicates_label.setText("" if duplicates is None else
                                      f"{duplicates:,} of the imported URLs are already listed in "
                                      "the current sitemap.")
        self.changed.emit()

    def policy(self) -> DuplicatePolicy:
        """The duplicates policy chosen."""
        for policy, radio in self.policy_radios.items():
            if radio.isChecked():
                return policy
        return DuplicatePolicy.SKIP

    def target(self) -> ImportTarget:
        """Where the entries go."""
        return ImportTarget.NEW if self.new_radio.isChecked() else ImportTarget.CURRENT

    def new_name(self) -> str:
        """The new sitemap's file name as typed."""
        return self.name_edit.text()

    def problem(self) -> str | None:
        """Why the import cannot be done as set, or ``None``."""
        if self.batch is None or not self.batch.entries:
            return "nothing to import: the source gave no entries"
        if self.target() == ImportTarget.NEW:
            return self.name_problem(self.new_name())
        if not self.current_radio.isEnabled():
            return "no sitemap is open to import into"
        return None


def name_checker(folder: str | None, taken: Collection[str]) -> Callable[[str], str | None]:
    """A check of new file names against ``folder`` and the names ``taken``."""
    return lambda name: new_name_problem(name, folder, taken)


__all__ = ["CLIPBOARD", "FILE", "LIVE", "OptionsPage", "SourcePage", "name_checker"]
