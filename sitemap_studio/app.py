"""Composition root: creates the application and its long-lived objects, and wires them."""

from __future__ import annotations

import linecache
import os
import sys
from collections.abc import Mapping

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from sitemap_studio import __version__, cli, resource_paths
from sitemap_studio.cli.names import COMMANDS
from sitemap_studio.core.model import keep_big_blocks_apart
from sitemap_studio.services.jobs import JobRunner
from sitemap_studio.services.journal import Journal
from sitemap_studio.services.session import Session
from sitemap_studio.settings import AppSettings
from sitemap_studio.widgets.file_open_events import FileOpenEvents
from sitemap_studio.widgets.main_window import APP_NAME, MainWindow

#: When set to a number of milliseconds, the app quits by itself after that long (tests use it).
ENV_EXIT_AFTER_MS = "SITEMAP_STUDIO_EXIT_AFTER_MS"


def create_main_window(path: str | None, runner: JobRunner | None = None, *,
                       settings: QSettings | None = None,
                       journal_folder: str | None = None) -> MainWindow:
    """Build the session and the main window around it, and start opening ``path`` if given.

    ``settings`` and ``journal_folder`` default to the user's own (tests pass
    their own so that they never touch the user's).
    """
    keep_big_blocks_apart()  # each file's big temporaries leave no resident holes (core/)
    runner = runner or JobRunner()
    journal = Journal(runner, user_folder=journal_folder)
    session = Session(runner, journal=journal)
    journal.setParent(session)
    window = MainWindow(session, AppSettings(settings or QSettings()))
    forget_module_sources()
    window.workspace_loaded.connect(forget_module_sources)  # modules the first load imported
    if path:
        window.open_path(path)
    return window


def forget_module_sources(*_args: object) -> None:
    """Drop the source text of imported modules that PySide's import hook read.

    PySide6 reads the whole source of every module imported after it (to see
    whether the module uses PySide), and :mod:`linecache` keeps it: about
    3 MB of text for the window's modules, 7 MB once a project is loaded.
    Only a traceback reads it again, from the files.
    """
    linecache.clearcache()


def install_file_open_handler(app: QApplication, window: MainWindow) -> FileOpenEvents:
    """Open in ``window`` the files the system hands ``app`` (macOS Finder, the Dock).

    The handler belongs to the window and goes with it.
    """
    handler = FileOpenEvents(window)
    handler.file_requested.connect(window.open_path)
    app.installEventFilter(handler)
    return handler


def _arguments_problem(remaining: list[str], paths: list[str]) -> str | None:
    """Why the arguments Qt left are not one file to open (options Qt does not know, ...)."""
    unknown = [arg for arg in remaining if arg.startswith("-")]
    if unknown:
        return (f"{cli.PROG}: unknown option {unknown[0]}. Commands: {', '.join(COMMANDS)}; "
                f"see '{cli.PROG} --help'")
    if len(paths) > 1:
        return (f"{cli.PROG}: the window opens one file at a time; given {len(paths)}: "
                f"{', '.join(paths)}")
    return next((p for p in map(cli.window_argument_problem, paths) if p is not None), None)


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
    app.setDesktopFileName(resource_paths.APP_ID)
    app.setWindowIcon(QIcon(str(resource_paths.app_icon_path())))

    # Qt removes the options it knows (-platform, -style, ...); the rest are ours.
    remaining = app.arguments()[1:] if existing is None else args
    paths = [arg for arg in remaining if not arg.startswith("-")]
    problem = _arguments_problem(remaining, paths)
    if problem is not None:
        print(problem, file=sys.stderr)
        return cli.EXIT_UNREADABLE
    window = create_main_window(None)
    install_file_open_handler(app, window)
    window.show()
    # After the first paint: offer crash journals, then open what was asked for.
    start_path = paths[0] if paths else None

    def start() -> None:
        extra = [start_path] if start_path else []
        if not window.files.offer_startup_recoveries(extra) and start_path:
            window.files.open_path(start_path, offer_recovery=False)

    QTimer.singleShot(0, start)

    delay = _exit_after_ms(os.environ)
    if delay is not None:
        QTimer.singleShot(delay, window.close)
        QTimer.singleShot(delay, app.quit)
    return app.exec()
