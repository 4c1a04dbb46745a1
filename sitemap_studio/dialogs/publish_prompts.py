"""The questions and system calls of the export and submission dialogs, as replaceable functions.

The dialogs call these through this module (``publish_prompts.choose_folder``),
so tests replace them with ``monkeypatch.setattr`` and no native dialog, file
manager or browser ever opens during a test.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget


def choose_folder(parent: QWidget, title: str, start: str) -> str | None:
    """A folder the user picks, or ``None``."""
    folder = QFileDialog.getExistingDirectory(parent, title, start)
    return folder or None


def choose_file(parent: QWidget, title: str, start: str, filters: str) -> str | None:
    """An existing file the user picks, or ``None``."""
    path, _ = QFileDialog.getOpenFileName(parent, title, start, filters)
    return path or None


def open_folder(folder: str) -> bool:
    """Show ``folder`` in the system's file manager; whether that worked."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(folder))


def confirm(parent: QWidget, title: str, text: str, details: str) -> bool:
    """Ask a yes-or-no question that defaults to No; whether the answer was Yes."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    box.setInformativeText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


__all__ = ["choose_file", "choose_folder", "confirm", "open_folder"]
