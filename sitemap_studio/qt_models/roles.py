"""Custom item data roles, in one place."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt


class Role(IntEnum):
    """Roles our models answer beyond Qt's standard ones.

    ``ENTRY_ID`` is the stable id of a row's entry; ``FINDINGS`` the list of a
    row's findings; ``SEVERITY`` the worst severity of a cell (``None`` when
    the cell has no finding); ``DOCUMENT`` the document a row or item belongs
    to. ``SORT_KEY`` is reserved: the entry table sorts in the core
    (:mod:`sitemap_studio.core.rows.entry_order`), not through a role.
    """

    ENTRY_ID = Qt.ItemDataRole.UserRole + 1
    SORT_KEY = Qt.ItemDataRole.UserRole + 2
    FINDINGS = Qt.ItemDataRole.UserRole + 3
    DOCUMENT = Qt.ItemDataRole.UserRole + 4
    SEVERITY = Qt.ItemDataRole.UserRole + 5
