"""Custom item data roles, in one place."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt


class Role(IntEnum):
    """Roles our models answer beyond Qt's standard ones."""

    ENTRY_ID = Qt.ItemDataRole.UserRole + 1
    SORT_KEY = Qt.ItemDataRole.UserRole + 2
    FINDINGS = Qt.ItemDataRole.UserRole + 3
    DOCUMENT = Qt.ItemDataRole.UserRole + 4
