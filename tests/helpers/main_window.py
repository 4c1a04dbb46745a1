"""Shared set-up for the main window tests: a window with its own settings and journal folder."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt

from sitemap_studio.app import create_main_window
from sitemap_studio.services.jobs import JobRunner
from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.main_window import MainWindow
from sitemap_studio.widgets.prompts import Unsaved

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str, extra: str = "") -> str:
    """A small urlset with one ``<url>`` per location."""
    body = "".join(f"\n  <url><loc>{loc}</loc>{extra}</url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{body}\n</urlset>\n'


@dataclass
class Answers:
    """What the replaced prompts answer, and what they were asked."""

    unsaved: Unsaved = Unsaved.CANCEL
    save_as: tuple[str, Any, bool] | None = None
    confirm: bool = True
    errors: list[tuple[str, str]] = field(default_factory=list)
    asked_unsaved: list[list[str]] = field(default_factory=list)


def make_window(qtbot: Any, tmp_path: Path, monkeypatch: Any,
                settings_name: str = "settings.ini") -> tuple[MainWindow, Answers]:
    """A shown window whose prompts answer from an :class:`Answers` instead of asking."""
    answers = Answers()

    def ask_unsaved(parent: object, names: list[str], action: str) -> Unsaved:
        answers.asked_unsaved.append(names)
        return answers.unsaved

    monkeypatch.setattr(prompts, "ask_unsaved", ask_unsaved)
    monkeypatch.setattr(prompts, "ask_save_as", lambda parent, suggested: answers.save_as)
    monkeypatch.setattr(prompts, "confirm", lambda parent, title, question: answers.confirm)
    # No real folder dialog: a test of the example project answers this itself.
    monkeypatch.setattr(prompts, "ask_example_folder", lambda parent, start: None)
    settings = QSettings(str(tmp_path / settings_name), QSettings.Format.IniFormat)
    window = create_main_window(None, JobRunner(), settings=settings,
                                journal_folder=str(tmp_path / "journals"))
    window.show_error = lambda title, message: answers.errors.append(  # type: ignore[method-assign]
        (title, message))
    qtbot.addWidget(window)
    window.show()
    return window, answers


def write_project(folder: Path, files: dict[str, str], name: str = "shop.sitemapproj") -> Path:
    """Write ``files`` (relative path: text) and a project listing them as its sitemaps."""
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    project = folder / name
    project.write_text(json.dumps({
        "format_version": 2, "site_url": "https://example.com/",
        "sitemaps": [{"path": relative} for relative in files]}), encoding="utf-8")
    return project


def prompted_then_closed_saving(qtbot: Any, window: MainWindow,
                                answers: Answers) -> list[list[str]]:
    """Close the window: Cancel at the unsaved-edits prompt, then close again choosing Save.

    Returns the names each prompt listed, as the first close asked.
    """
    answers.unsaved = Unsaved.CANCEL
    assert not window.close()
    asked = [list(names) for names in answers.asked_unsaved]
    answers.unsaved = Unsaved.SAVE
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.close()
    qtbot.waitUntil(lambda: not window.isVisible())
    return asked


def open_and_wait(qtbot: Any, window: MainWindow, path: Path | str) -> None:
    """Open ``path`` and wait until it is loaded and validated (editable)."""
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        window.open_path(str(path))
    wait_editable(qtbot, window)


def wait_editable(qtbot: Any, window: MainWindow) -> None:
    """Wait until the document shown has its validator and is not being validated."""
    def editable() -> None:
        state = window.current
        assert state is not None and state.validator is not None and not state.validating
        assert window.entry_table.model is not None
        assert window.entry_table.model.editor is state
    qtbot.waitUntil(editable, timeout=15000)


def shown_title(window: MainWindow) -> str:
    """The title as the user sees it (the ``[*]`` placeholder resolved)."""
    return window.windowTitle().replace("[*]", "*" if window.isWindowModified() else "")


def column_texts(window: MainWindow, column: int) -> list[str]:
    """What the table shows in ``column``, top to bottom."""
    proxy = window.entry_table.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def click_issue(qtbot: Any, panel: Any, row: int, group: int | None = None,
                double: bool = False) -> None:
    """Click (or double-click) a row of the issues panel: top-level ``row``, or child ``row``
    of the group at top-level row ``group`` (opened first, as a user would)."""
    model, view = panel.model, panel.view
    if group is None:
        index = model.index(row, 0)
    else:
        view.expand(model.index(group, 0))
        index = model.index(row, 0, model.index(group, 0))
    view.scrollTo(index)
    centre = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    if double:
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)


def open_all_entries(qtbot: Any, tmp_path: Path, monkeypatch: Any,
                     files: dict[str, str]) -> tuple[MainWindow, Answers]:
    """A window showing *All entries* of a project of ``files``, loaded and validated."""
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    project = write_project(tmp_path, files)
    with qtbot.waitSignal(window.workspace_loaded, timeout=30000):
        window.open_path(str(project))
    qtbot.waitUntil(lambda: all(s.validator is not None and not s.validating
                                for s in window.session.states.values()), timeout=30000)
    window.project_view.setCurrentIndex(window.project_model.all_entries_index())
    qtbot.waitUntil(lambda: window.all_view.shown and window.all_view.editable())
    return window, answers
