"""What the app remembers between runs: recent files, window geometry, splitters, columns.

A thin layer over :class:`QSettings`; the composition root decides where the
settings live (tests give each window its own INI file).
"""

from __future__ import annotations

import os

from PySide6.QtCore import QByteArray, QSettings

#: How many files the recent-files menu lists.
MAX_RECENT = 10

_RECENT_KEY = "files/recent"
_GEOMETRY_KEY = "window/geometry"
_STATE_KEY = "window/state"
_ALLOW_PRIVATE_KEY = "audit/allow_private"
_SKIP_DAYS_KEY = "audit/skip_days"


class AppSettings:
    """Typed access to the app's :class:`QSettings`."""

    def __init__(self, settings: QSettings) -> None:
        self.store = settings

    # ------------------------------------------------------------------ recent files

    def recent_files(self) -> list[str]:
        """Files and projects opened lately, newest first (missing ones left out)."""
        value = self.store.value(_RECENT_KEY, [])
        if isinstance(value, str):  # QSettings returns a one-element list as a string
            value = [value]
        items = value if isinstance(value, list | tuple) else []
        paths = [str(path) for path in items if path]
        return [path for path in paths if os.path.exists(path)][:MAX_RECENT]

    def add_recent(self, path: str) -> list[str]:
        """Put ``path`` first in the recent files; returns the new list."""
        path = os.path.abspath(path)
        paths = [path, *[p for p in self.recent_files() if p != path]][:MAX_RECENT]
        self.store.setValue(_RECENT_KEY, paths)
        return paths

    def clear_recent(self) -> None:
        """Forget the recent files."""
        self.store.setValue(_RECENT_KEY, [])

    # ------------------------------------------------------------------ layout

    def geometry(self) -> QByteArray | None:
        """The saved window geometry, if any."""
        return self._bytes(_GEOMETRY_KEY)

    def window_state(self) -> QByteArray | None:
        """The saved toolbar and dock state, if any."""
        return self._bytes(_STATE_KEY)

    def splitter_state(self, name: str) -> QByteArray | None:
        """The saved state of splitter ``name``, if any."""
        return self._bytes(f"splitters/{name}")

    def save_layout(self, geometry: QByteArray, state: QByteArray,
                    splitters: dict[str, QByteArray]) -> None:
        """Remember the window's geometry, toolbar state and splitter positions."""
        self.store.setValue(_GEOMETRY_KEY, geometry)
        self.store.setValue(_STATE_KEY, state)
        for name, value in splitters.items():
            self.store.setValue(f"splitters/{name}", value)
        self.store.sync()

    def column_state(self, kind: str) -> QByteArray | None:
        """The saved entry-table header (widths, order, sort) for files of ``kind``, if any."""
        return self._bytes(f"columns/{kind}")

    def save_column_state(self, kind: str, state: QByteArray) -> None:
        """Remember the entry-table header for files of ``kind``."""
        self.store.setValue(f"columns/{kind}", state)

    # ------------------------------------------------------------------ audit

    def allow_private(self) -> bool:
        """Whether the audit may fetch URLs whose host is a private or loopback address."""
        return _flag(self.store.value(_ALLOW_PRIVATE_KEY, False))

    def set_allow_private(self, allowed: bool) -> None:
        """Allow (or stop allowing) the audit to fetch private addresses."""
        self.store.setValue(_ALLOW_PRIVATE_KEY, bool(allowed))

    def audit_skip_days(self) -> int:
        """A re-audit skips URLs checked within this many days (0: audit every URL)."""
        try:
            return max(0, int(str(self.store.value(_SKIP_DAYS_KEY, 0))))
        except ValueError:
            return 0

    def set_audit_skip_days(self, days: int) -> None:
        """Remember how many days a re-audit trusts an earlier result."""
        self.store.setValue(_SKIP_DAYS_KEY, max(0, int(days)))

    def _bytes(self, key: str) -> QByteArray | None:
        value = self.store.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            return value
        if isinstance(value, bytes) and value:
            return QByteArray(value)
        return None


def _flag(value: object) -> bool:
    """A boolean as QSettings gives it back (INI files return ``"true"``/``"false"``)."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)
