"""Export and submission from the window: settings chosen there are kept in the project file."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from helpers.main_window import make_window, open_and_wait

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example"


def _project(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    shutil.copytree(EXAMPLE, folder)
    return folder / "example.sitemapproj"


def test_export_settings_chosen_in_the_dialog_are_saved(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.dialogs import export_dialog

    path = _project(tmp_path)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    seen: list[object] = []

    def ask(cls, parent, *, runner, workspace, project):
        seen.append(workspace)
        return replace(project.export, name_pattern="part-{n}.xml", max_urls=1000)

    monkeypatch.setattr(export_dialog.ExportDialog, "ask", classmethod(ask))
    assert window.window_actions.export.isEnabled()
    window.window_actions.export.trigger()
    assert seen == [window.session.workspace]
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["export"]["name_pattern"] == "part-{n}.xml"
    assert saved["export"]["max_urls"] == 1000
    assert "Saved the export settings" in window.message_label.text()


def test_submission_key_is_saved_in_the_project(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.dialogs import submission_dialog

    path = _project(tmp_path)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    given: dict[str, object] = {}

    def ask(cls, parent, *, runner, project, sitemap_urls, entry_urls):
        given.update(sitemaps=sitemap_urls, entries=len(entry_urls))
        return replace(project.submission, indexnow_key="a1b2c3d4e5f6a7b8")

    monkeypatch.setattr(submission_dialog.SubmissionDialog, "ask", classmethod(ask))
    window.window_actions.submission.trigger()
    assert given["sitemaps"] and all(str(url).startswith("https://")
                                     for url in given["sitemaps"])
    assert given["entries"] == 65  # every page of the two sitemaps, not the index
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["submission"]["indexnow_key"] == "a1b2c3d4e5f6a7b8"
