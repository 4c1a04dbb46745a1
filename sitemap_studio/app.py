"""Composition root: creates the application and its long-lived objects, and wires them."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from sitemap_studio import __version__
from sitemap_studio.services.jobs import JobRunner
from sitemap_studio.widgets.main_window import APP_NAME, MainWindow

#: When set to a number of milliseconds, the app quits by itself after that long (tests use it).
ENV_EXIT_AFTER_MS = "SITEMAP_STUDIO_EXIT_AFTER_MS"


def create_main_window(path: str | None, runner: JobRunner | None = None) -> MainWindow:
    """Build the main window and start opening ``path`` if one was given."""
    window = MainWindow(runner or JobRunner())
    if path:
        window.open_path(path)
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
        QTimer.singleShot(delay, window.close)
        QTimer.singleShot(delay, app.quit)
    return app.exec()
