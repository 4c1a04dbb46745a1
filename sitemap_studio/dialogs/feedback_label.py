"""The label under a dialog's fields that says what OK will do, or why it cannot."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from sitemap_studio.core.model import Severity
from sitemap_studio.qt_models.severity_icons import COLOURS

_PROBLEM_STYLE = f"QLabel {{ color: {COLOURS[Severity.ERROR]}; }}"


class FeedbackLabel(QLabel):
    """A word-wrapped, selectable label in the normal colour, or in red for a problem."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._problem = False
        self._quiet = False

    @property
    def is_problem(self) -> bool:
        """Whether the text shown says why OK is disabled."""
        return self._problem

    @property
    def is_red(self) -> bool:
        """Whether the text shows in red (a problem, once the user has changed something)."""
        return self._problem and not self._quiet

    def quiet_until_input(self, container: QWidget) -> None:
        """Show problems in the normal colour until the user types or clicks in ``container``.

        A dialog that opens with OK disabled says why, but shows no red error
        before the user has done anything. Only user actions wake it
        (``textEdited``, ``clicked``, ``activated``), not changes made in code.
        """
        self._quiet = True
        for edit in container.findChildren(QLineEdit):  # spin boxes' editors included
            edit.textEdited.connect(self._wake)
        for button in container.findChildren(QAbstractButton):
            button.clicked.connect(self._wake)
        for combo in container.findChildren(QComboBox):
            combo.activated.connect(self._wake)
        self._show(self.text(), problem=self._problem)

    def _wake(self, *_args: object) -> None:
        if self._quiet:
            self._quiet = False
            self._show(self.text(), problem=self._problem)

    def show_info(self, text: str) -> None:
        """Say what will happen."""
        self._show(text, problem=False)

    def show_problem(self, text: str) -> None:
        """Say why the input cannot be taken."""
        self._show(text, problem=True)

    def _show(self, text: str, *, problem: bool) -> None:
        self._problem = problem
        self.setStyleSheet(_PROBLEM_STYLE if problem and not self._quiet else "")
        self.setText(text)


def plural(count: int, one: str, many: str | None = None) -> str:
    """``"1 entry"``, ``"2 entries"``: ``count`` with the right form, thousands separated."""
    word = one if count == 1 else (many or one + "s")
    return f"{count:,} {word}"


__all__ = ["FeedbackLabel", "plural"]


def ok_cancel_buttons(dialog: QDialog, ok_text: str) -> tuple[QDialogButtonBox, QPushButton]:
    """OK (labelled ``ok_text``, the default button) and Cancel, wired to accept and reject."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok_button.setText(ok_text)
    ok_button.setDefault(True)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, ok_button
