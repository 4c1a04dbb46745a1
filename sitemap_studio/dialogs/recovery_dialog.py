"""Offer the unsaved edits found in recovery journals after a crash: recover, discard or later.

The dialog decides, it never acts: the caller opens a recovered journal
(``LoadingService.recover``, a document marked modified whose file is only
written by a later save) or deletes one (``core.recovery.discard_recovery``).
Discarding is confirmed here first, since it cannot be undone.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.writing import Recovery
from sitemap_studio.dialogs.feedback_label import FeedbackLabel
from sitemap_studio.dialogs.read_only_tables import read_only_table
from sitemap_studio.qt_models.preview_table_model import PreviewRow, PreviewTableModel

HEADERS = ("Document", "Folder", "Edits saved at", "Size", "File on disk")


class RecoveryAction(StrEnum):
    """What to do with one journal."""

    RECOVER = "recover"
    DISCARD = "discard"
    LATER = "later"


@dataclass(frozen=True, slots=True)
class RecoveryChoice:
    """The user's decision about one recovery journal."""

    action: RecoveryAction
    recovery: Recovery


def size_text(size: int) -> str:
    """``"812 bytes"``, ``"12.3 KB"``, ``"4.0 MB"``."""
    if size < 1000:
        return f"{size:,} bytes" if size != 1 else "1 byte"
    value = float(size)
    for unit in ("KB", "MB", "GB"):
        value /= 1000
        if value < 1000 or unit == "GB":
            break
    return f"{value:,.1f} {unit}"


def disk_state(recovery: Recovery) -> str:
    """What became of the original file since the edits were journalled, in a few words."""
    if recovery.original_path is None:
        return "never saved"
    if not recovery.original_exists:
        return "missing"
    return "changed since" if recovery.original_changed_since else "unchanged"


def saved_at_text(recovery: Recovery) -> str:
    """When the journal was written, in local time."""
    return recovery.written_at.astimezone().strftime("%Y-%m-%d %H:%M")


class RecoveryDialog(QDialog):
    """Lists recovery journals; the buttons decide about the selected one."""

    def __init__(self, recoveries: Sequence[Recovery], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        if not recoveries:
            raise ValueError("there is nothing to recover")
        self.recoveries = list(recoveries)
        self.choice: RecoveryChoice | None = None
        self.setWindowTitle("Recover Unsaved Edits")
        self.setMinimumSize(640, 320)

        count = len(self.recoveries)
        self.intro_label = QLabel(
            "Sitemap Studio did not close normally. Unsaved edits were found for "
            + ("this document." if count == 1 else f"these {count} documents.")
            + " Recovering opens them as a modified document; the file on disk is not "
            "changed until you save.", self)
        self.intro_label.setWordWrap(True)
        self.model = PreviewTableModel(HEADERS, numeric=(3,), parent=self)
        self.model.set_rows(self._row(recovery) for recovery in self.recoveries)
        self.table = read_only_table(self.model, self, stretch=(1,), fit=True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.details = FeedbackLabel(self)

        self.buttons = QDialogButtonBox(self)
        self.recover_button = self._button("&Recover", QDialogButtonBox.ButtonRole.AcceptRole,
                                           RecoveryAction.RECOVER)
        self.discard_button = self._button("&Discard…",
                                           QDialogButtonBox.ButtonRole.DestructiveRole,
                                           RecoveryAction.DISCARD)
        self.later_button = self._button("&Later", QDialogButtonBox.ButtonRole.ActionRole,
                                         RecoveryAction.LATER)
        self.recover_button.setDefault(True)
        self.discard_button.setAutoDefault(False)
        self.later_button.setAutoDefault(False)
        self.later_button.setToolTip("Keep the edits and ask again at the next start")

        layout = QVBoxLayout(self)
        layout.addWidget(self.intro_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.details)
        layout.addWidget(self.buttons)
        QWidget.setTabOrder(self.table, self.recover_button)
        QWidget.setTabOrder(self.recover_button, self.later_button)
        QWidget.setTabOrder(self.later_button, self.discard_button)

        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.doubleClicked.connect(lambda _index: self.choose(RecoveryAction.RECOVER))
        self.table.selectRow(0)
        self.table.setFocus()

    def _button(self, text: str, role: QDialogButtonBox.ButtonRole,
                action: RecoveryAction) -> QPushButton:
        button = self.buttons.addButton(text, role)
        button.clicked.connect(lambda: self.choose(action))
        return button

    @staticmethod
    def _row(recovery: Recovery) -> PreviewRow:
        folder = os.path.dirname(recovery.original_path) if recovery.original_path else ""
        state = disk_state(recovery)
        cells = (recovery.name, folder, saved_at_text(recovery),
                 size_text(recovery.header.length), state)
        tip = recovery.original_path or "A document that was never saved"
        return PreviewRow(cells, tip, warning=state in ("changed since", "missing"))

    @property
    def selected(self) -> Recovery | None:
        """The recovery the buttons act on."""
        row = self.table.currentIndex().row()
        return self.recoveries[row] if 0 <= row < len(self.recoveries) else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        chosen = current.isValid()
        for button in (self.recover_button, self.discard_button, self.later_button):
            button.setEnabled(chosen)
        recovery = self.selected
        if recovery is None:
            self.details.show_problem("Select the edits to decide about.")
            return
        where = recovery.original_path or "a document that was never saved"
        text = f"Edits of {where}, kept in {recovery.journal_path}."
        state = disk_state(recovery)
        if state == "changed since":
            self.details.show_problem(
                text + " The file has changed on disk since: saving the recovered document "
                "would replace those changes.")
        elif state == "missing":
            self.details.show_problem(text + " The file is no longer there; saving the "
                                      "recovered document creates it again.")
        else:
            self.details.show_info(text)

    def choose(self, action: RecoveryAction) -> None:
        """Decide ``action`` about the selected recovery and close (a discard asks first)."""
        recovery = self.selected
        if recovery is None:
            return
        if action is RecoveryAction.DISCARD and not self.confirm_discard(recovery):
            return
        self.choice = RecoveryChoice(action, recovery)
        self.accept()

    def confirm_discard(self, recovery: Recovery) -> bool:
        """Ask whether to delete the journal of ``recovery`` for good."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Discard Unsaved Edits",
                          f"Discard the unsaved edits of {recovery.name}?",
                          QMessageBox.StandardButton.NoButton, self)
        box.setInformativeText("The recovery journal is deleted. This cannot be undone.")
        discard = box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("&Keep", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        confirmed = box.clickedButton() is discard
        box.deleteLater()
        return confirmed

    @classmethod
    def ask(cls, parent: QWidget | None,
            recoveries: Sequence[Recovery]) -> RecoveryChoice | None:
        """Ask about one of ``recoveries``; ``None`` (Escape, closing) decides later about all.

        The caller acts on the choice: ``RECOVER`` opens
        ``choice.recovery`` (``LoadingService.recover``); ``DISCARD``, already
        confirmed, deletes it (``core.recovery.discard_recovery``); ``LATER``
        keeps it. To decide about every journal, ask again without the one
        just decided until the list is empty or ``None`` comes back.
        """
        if not recoveries:
            return None
        dialog = cls(recoveries, parent)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            return dialog.choice if accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["RecoveryAction", "RecoveryChoice", "RecoveryDialog", "disk_state", "size_text"]
