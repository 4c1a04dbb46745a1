"""Toolbar and menu icons: the desktop's icon theme first, our own drawings otherwise.

Each action names a freedesktop icon (``document-open``, ``edit-undo``, ...) and a
fallback drawn for this app in ``resources/icons/action-*.svg``, so the toolbar
has pictures on desktops without an icon theme (and in a frozen bundle).
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QAction, QIcon, QKeySequence

from sitemap_studio.resource_paths import resource

#: Our action name -> the freedesktop theme icon it shows when the theme has one.
THEME_NAMES = {
    "new": "document-new", "new-project": "folder-new", "open": "document-open",
    "save": "document-save", "close": "document-close", "undo": "edit-undo",
    "redo": "edit-redo", "insert": "list-add", "duplicate": "edit-copy",
    "delete": "edit-delete", "bulk-edit": "document-edit", "find-replace": "edit-find-replace",
    "dedupe": "edit-clear", "import": "document-import", "export": "document-export",
    "audit": "applications-internet",
    "check-live": "web-browser",
}


@cache
def fallback_icon(name: str) -> QIcon:
    """Our own drawing for action ``name``."""
    return QIcon(str(resource("icons", f"action-{name}.svg")))


def action_icon(name: str) -> QIcon:
    """The theme's icon for action ``name``, or our drawing when the theme lacks it."""
    return QIcon.fromTheme(THEME_NAMES[name], fallback_icon(name))


def tip_with_shortcut(text: str, action: QAction) -> str:
    """``text`` followed by the action's shortcut as the user types it, when it has one."""
    shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    return f"{text} ({shortcut})" if shortcut else text


def decorate(action: QAction, name: str) -> None:
    """Give ``action`` its icon, and a tooltip that names its shortcut."""
    action.setIcon(action_icon(name))
    action.setToolTip(tip_with_shortcut(action.toolTip() or action.text().replace("&", ""),
                                        action))
