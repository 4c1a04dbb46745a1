"""Composition root: creates the application and its long-lived objects, and wires them."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from sitemap_studio import __version__

APP_NAME = "Sitemap Studio"

#: When set to a number of milliseconds, the app quits by itself after that long (tests use it).
ENV_EXIT_AFTER_MS = "SITEMAP_STUDIO_EXIT_AFTER_MS"


def create_main_window(path: str | None) -> QMainWindow:
    """Build the main window, showing which file or project was given, if any."""
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    text = f"Opened from the command line: {path}" if path else "No project open"
    label = QLabel(text)
    label.setObjectName("placeholder_label")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    window.setCentralWidget(label)
    window.resize(900, 600)
    return window


def _exit_after_ms(environ: Mapping[str, str]) -> int | None:
    """Read the self-quit delay from the environment; ``None`` when unset or not a number."""
    text = environ.get(ENV_EXIT_AFTER_MS, "").strip()
    try:
        value = int(text)
    except ValueError:
        return None
    return value if value >= 0 else None


def main(argv: list[str] | None = None) -> int:
    """Start the desktop app; ``argv`` excludes the program name. Returns the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *args])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)

    # Qt removes the options it knows (-platform, -style, ...); the rest are ours.
    remaining = app.arguments()[1:] if existing is None else args
    paths = [arg for arg in remaining if not arg.startswith("-")]
    window = create_main_window(paths[0] if paths else None)
    window.show()

    delay = _exit_after_ms(os.environ)
    if delay is not None:
        QTimer.singleShot(delay, app.quit)
    return app.exec()
