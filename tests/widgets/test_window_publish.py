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

    def ask(cls, parent, *, runner, workspace, project, jump=None, lone=None):
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


def test_an_export_error_double_clicked_is_shown_in_the_table(qtbot, tmp_path,
                                                              monkeypatch) -> None:
    from helpers.main_window import urlset
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from sitemap_studio.core.project.project_file import SitemapRef, new_project, save_project
    from sitemap_studio.dialogs.export_dialog import ExportDialog

    site = "https://example.com/"
    project = new_project(tmp_path / "site.sitemapproj", site)
    pages = [f"{site}page-{n}" for n in range(1, 40)]
    files = {"a.xml": urlset(*pages[:20]), "b.xml": urlset(*pages[20:], "ftp://example.com/f")}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        project.sitemaps.append(SitemapRef(name, site + name))
    save_project(project)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, tmp_path / "site.sitemapproj")
    assert window.current is not None and window.current.path.endswith("a.xml")
    b_document = next(item.document for item in window.session.workspace.items
                      if item.path.endswith("b.xml"))
    wanted = next(entry.id for entry in b_document.entries() if entry.loc.startswith("ftp:"))
    steps: list[str] = []

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        try:
            qtbot.waitUntil(lambda: dialog.plan_model.rowCount() > 0, timeout=15_000)
            with qtbot.waitSignal(dialog.service.blocked, timeout=15_000):
                dialog.export_button.click()
            view = dialog.blockers_panel.rows_view
            rect = view.visualRect(view.model().index(0, 0))
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            steps.append("jumped")
        finally:
            if dialog.isVisible():  # a failed step must not leave the dialog waiting
                dialog.reject()

    QTimer.singleShot(0, drive)
    window.window_actions.export.trigger()
    assert steps == ["jumped"]
    assert window.current is not None and window.current.path.endswith("b.xml")
    assert window.entry_table.current_entry_id() == wanted
    assert not (tmp_path / "export").exists() or not any((tmp_path / "export").iterdir())


def test_save_settings_on_a_plain_file_keeps_its_base_url(qtbot, tmp_path, monkeypatch) -> None:
    from helpers.main_window import urlset
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from sitemap_studio.dialogs.export_dialog import ExportDialog

    path = tmp_path / "plain.xml"
    path.write_text(urlset(*(f"https://example.com/p{n}" for n in range(300))), encoding="utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, path)
    base = "https://example.com/maps/"
    seen: list[tuple[str, int]] = []

    def drive(type_base: bool) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        try:
            form = dialog.form
            seen.append((form.base_url_edit.text(), form.max_urls_spin.value()))
            if type_base:
                form.base_url_edit.clear()
                qtbot.keyClicks(form.base_url_edit, base)
                form.max_urls_spin.setValue(1000)
                assert dialog.ok_button.isEnabled()
                qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        finally:
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, lambda: drive(True))
    window.window_actions.export.trigger()
    QTimer.singleShot(0, lambda: drive(False))
    window.window_actions.export.trigger()
    assert seen == [("", 50000), (base, 1000)]
    assert not list(tmp_path.glob("*.sitemapproj"))  # nothing written for a plain file
