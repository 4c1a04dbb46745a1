"""Set lastmod, changefreq or priority on many entries at once.

Each field has a "change" box; a changed field is either set to a value or
removed. The lastmod text is checked as it is typed, by the same core check
:func:`~sitemap_studio.core.edits.bulk_edit.bulk_set` applies, so OK never returns
a value the core would refuse.
"""

from __future__ import annotations

from datetime import datetime
from itertools import pairwise

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.edits import BulkEditChoice, checked_value
from sitemap_studio.core.model import CHANGEFREQ_VALUES, EXPECTED_FORMS
from sitemap_studio.dialogs.feedback_label import FeedbackLabel, ok_cancel_buttons, plural

#: The two things a changed field can do, as the action combo boxes list them.
SET_TO = "Set to"
REMOVE = "Remove"


def now_w3c() -> str:
    """The current local time as a W3C Datetime with seconds and timezone."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


class _FieldRow:
    """The widgets of one field: the change box, set-or-remove, and the value editor."""

    def __init__(self, parent: QWidget, name: str, editor: QWidget) -> None:
        self.name = name
        self.check = QCheckBox(f"Change &{name}", parent)
        self.action = QComboBox(parent)
        self.action.addItems([SET_TO, REMOVE])
        self.action.setAccessibleName(f"What to do with {name}")
        self.editor = editor
        self.check.toggled.connect(self.update_enabled)
        self.action.currentIndexChanged.connect(self.update_enabled)
        self.update_enabled()

    @property
    def removes(self) -> bool:
        """Whether the field is to be removed rather than set."""
        return self.action.currentText() == REMOVE

    def update_enabled(self) -> None:
        """Enable the action while the field is to change, the editor while it is set."""
        chosen = self.check.isChecked()
        self.action.setEnabled(chosen)
        self.editor.setEnabled(chosen and not self.removes)


class BulkEditDialog(QDialog):
    """Choose the fields to change on ``count`` entries, and their new values."""

    def __init__(self, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.setWindowTitle(f"Edit {plural(count, 'Entry', 'Entries')}")
        self.setMinimumWidth(520)
        self._choice: BulkEditChoice | None = None

        self.lastmod_edit = QLineEdit(self)
        self.lastmod_edit.setPlaceholderText("YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm")
        self.lastmod_edit.setToolTip(f"A W3C Datetime: {EXPECTED_FORMS}")
        self.now_button = QPushButton("&Now", self)
        self.now_button.setToolTip("Fill in the current date and time")
        self.now_button.setAutoDefault(False)
        self.changefreq_combo = QComboBox(self)
        self.changefreq_combo.addItems(list(CHANGEFREQ_VALUES))
        self.changefreq_combo.setCurrentText("weekly")
        self.priority_spin = QDoubleSpinBox(self)
        self.priority_spin.setRange(0.0, 1.0)
        self.priority_spin.setSingleStep(0.1)
        self.priority_spin.setDecimals(1)
        self.priority_spin.setValue(0.5)
        self.rows = {
            "lastmod": _FieldRow(self, "lastmod", self.lastmod_edit),
            "changefreq": _FieldRow(self, "changefreq", self.changefreq_combo),
            "priority": _FieldRow(self, "priority", self.priority_spin),
        }
        self.status_label = FeedbackLabel(self)
        self.buttons, self.ok_button = ok_cancel_buttons(self, "&Apply")
        self._lay_out()

        self.now_button.clicked.connect(self.fill_now)
        self.lastmod_edit.textChanged.connect(self._update)
        self.changefreq_combo.currentIndexChanged.connect(self._update)
        self.priority_spin.valueChanged.connect(self._update)
        for row in self.rows.values():
            row.check.toggled.connect(self._update)
            row.action.currentIndexChanged.connect(self._update)
        self.rows["lastmod"].check.toggled.connect(self.now_button.setEnabled)
        self.now_button.setEnabled(False)
        self._update()
        self.status_label.quiet_until_input(self)

    def _lay_out(self) -> None:
        grid = QGridLayout()
        grid.setColumnStretch(2, 1)
        chain: list[QWidget] = []
        for line, row in enumerate(self.rows.values()):
            grid.addWidget(row.check, line, 0)
            grid.addWidget(row.action, line, 1)
            grid.addWidget(row.editor, line, 2)
            chain += [row.check, row.action, row.editor]
            if row.name == "lastmod":
                grid.addWidget(self.now_button, line, 3)
                chain.append(self.now_button)
        layout = QVBoxLayout(self)
        intro = QLabel(f"Change these fields on {plural(self.count, 'entry', 'entries')}; "
                       "fields left unticked keep their values.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addLayout(grid)
        layout.addWidget(self.status_label)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        chain.append(self.buttons)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.rows["lastmod"].check.setFocus()

    @property
    def choice(self) -> BulkEditChoice | None:
        """What the dialog would return now; ``None`` while nothing valid is chosen."""
        return self._choice

    def fill_now(self) -> None:
        """Set lastmod to the current date and time."""
        self.lastmod_edit.setText(now_w3c())
        self.rows["lastmod"].action.setCurrentText(SET_TO)

    def _value(self, name: str) -> str:
        if name == "lastmod":
            return self.lastmod_edit.text()
        if name == "changefreq":
            return self.changefreq_combo.currentText()
        return f"{self.priority_spin.value():.1f}"

    def _update(self) -> None:
        """Check every chosen field; enable OK and say what happens, or why not."""
        self._choice = None
        self.ok_button.setEnabled(False)
        values: list[tuple[str, str | None]] = []
        for name, row in self.rows.items():
            if not row.check.isChecked():
                continue
            if row.removes:
                values.append((name, None))
                continue
            try:
                values.append((name, checked_value(name, self._value(name))))
            except ValueError as error:
                self.status_label.show_problem(str(error)[:1].upper() + str(error)[1:] + ".")
                return
        if not values:
            self.status_label.show_problem("Tick at least one field to change.")
            return
        self._choice = BulkEditChoice(tuple(values))
        self.ok_button.setEnabled(True)
        entries = plural(self.count, "entry", "entries")
        self.status_label.show_info(f"{self._choice.describe()} on {entries}.")

    @classmethod
    def ask(cls, parent: QWidget | None, count: int) -> BulkEditChoice | None:
        """Ask which fields to change on ``count`` entries; ``None`` when cancelled.

        The caller applies the choice as one undoable step::

            entries = choice.entries(document, selected_ids)  # ValueError: refused
            bulk_steps.apply_plan(stack, document, entries, choice.describe())

        (:meth:`BulkEditChoice.entries` calls ``bulk_set`` once per field.)
        """
        dialog = cls(count, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.choice if accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["REMOVE", "SET_TO", "BulkEditDialog", "now_w3c"]
