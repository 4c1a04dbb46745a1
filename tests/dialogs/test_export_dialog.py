"""The export dialog, driven through its widgets: preview, export, cancel, results, settings."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from helpers.export_gate import hold_export
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QSpinBox
from pytestqt.qtbot import QtBot

from sitemap_studio.core.export.output import TEMP_PREFIX
from sitemap_studio.core.export.run import apply_export_settings
from sitemap_studio.core.project.project_file import (
    ExportSettings,
    SitemapRef,
    load_project,
    new_project,
    save_project,
)
from sitemap_studio.core.project.workspace import Workspace, open_workspace
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.dialogs import publish_prompts
from sitemap_studio.dialogs.export_dialog import ExportDialog
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.services.jobs import JobRunner

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
SITE = "https://example.com/"


def sitemap(first: int, count: int, image: bool = False, extra: bytes = b"") -> bytes:
    picture = (f"<image:image><image:loc>{SITE}img-{first}.jpg</image:loc></image:image>"
               if image else "")
    entries = "".join(f"\n  <url><loc>{SITE}page-{n}</loc><lastmod>2024-03-{n % 28 + 1:02d}"
                      f"</lastmod>{picture if n == first else ''}</url>"
                      for n in range(first, first + count))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
            f'xmlns:image="{IMAGE_NS}">{entries}').encode() + extra + b"\n</urlset>\n"


def make_workspace(folder: Path, first: int = 5, second: int = 2,
                   extra: bytes = b"") -> Workspace:
    """A saved project with two sitemaps (``first`` and ``second`` URLs) at the site root."""
    project = new_project(folder / "site.sitemapproj", SITE)
    for name, data in (("a.xml", sitemap(1, first, image=True)),
                       ("b.xml", sitemap(first + 1, second, extra=extra))):
        (folder / name).write_bytes(data)
        project.sitemaps.append(SitemapRef(name, SITE + name))
    save_project(project)
    return open_workspace(folder / "site.sitemapproj")


def open_dialog(qtbot: QtBot, runner: JobRunner, work: Workspace) -> ExportDialog:
    dialog = ExportDialog(runner, work, work.project)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.plan_model.rowCount() > 0, timeout=10_000)
    return dialog


def type_number(qtbot: QtBot, spin: QSpinBox, value: int) -> None:
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), str(value))


def column(model, number: int) -> list[object]:  # type: ignore[no-untyped-def]
    return [model.index(row, number).data(Role.SORT_KEY) for row in range(model.rowCount())]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def click(qtbot: QtBot, button) -> None:  # type: ignore[no-untyped-def]
    assert button.isEnabled() and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_export_writes_what_the_preview_showed(qtbot, runner, tmp_path, oracle,
                                               qtmodeltester, monkeypatch) -> None:
    work = make_workspace(tmp_path)
    dialog = open_dialog(qtbot, runner, work)
    assert column(dialog.plan_model, 1) == [7]
    type_number(qtbot, dialog.form.max_urls_spin, 3)
    assert column(dialog.plan_model, 0) == ["sitemap-1.xml.gz", "sitemap-2.xml.gz",
                                            "sitemap-3.xml.gz"]
    assert column(dialog.plan_model, 1) == [3, 3, 1]
    assert "3 files, 7 URLs" in dialog.preview_label.text()
    assert "sitemap-index.xml" in dialog.preview_label.text()
    qtmodeltester.check(dialog.plan_model)
    planned_sizes = column(dialog.plan_model, 2)

    with qtbot.waitSignal(dialog.service.finished, timeout=10_000) as blocker:
        click(qtbot, dialog.export_button)
        assert not dialog.form.isEnabled() and dialog.cancel_button.isVisible()
    report = blocker.args[0]
    out = tmp_path / "export"
    assert report.out_dir == str(out)
    assert dialog.form.isEnabled() and not dialog.cancel_button.isVisible()

    # On disk: within the limits, valid gzip, XSD-valid, every URL once, in order.
    urls: list[str] = []
    names = []
    for item in report.files:
        data = gzip.decompress((out / item.name).read_bytes())
        document = open_bytes(data, item.name)
        assert len(document) <= 3 and len(data) <= 52_428_800 and len(data) == item.raw_bytes
        oracle.assert_valid(data, item.name)
        urls.extend(entry.loc or "" for entry in document.entries())
        names.append(item.name)
    assert urls == [f"{SITE}page-{n}" for n in range(1, 8)]
    assert planned_sizes == [item.raw_bytes for item in report.files]
    index = (out / "sitemap-index.xml").read_bytes()
    oracle.assert_valid(index, "index")
    listed = [entry.loc for entry in open_bytes(index, "sitemap-index.xml").entries()]
    assert listed == [SITE + name for name in names]

    # The result table lists the files; Open Folder shows the folder.
    assert dialog.result_view.isVisible()
    assert column(dialog.result_model, 0) == names
    assert column(dialog.result_model, 1) == [3, 3, 1]
    assert column(dialog.result_model, 3) == [(out / n).stat().st_size for n in names]
    qtmodeltester.check(dialog.result_model)
    opened: list[str] = []
    monkeypatch.setattr(publish_prompts, "open_folder", lambda folder: opened.append(folder)
                        or True)
    click(qtbot, dialog.open_folder_button)
    assert opened == [str(out)]


def test_a_cancelled_export_leaves_the_previous_output_untouched(qtbot, runner, tmp_path,
                                                                monkeypatch) -> None:
    work = make_workspace(tmp_path)
    dialog = open_dialog(qtbot, runner, work)
    with qtbot.waitSignal(dialog.service.finished, timeout=10_000):
        click(qtbot, dialog.export_button)
    out = tmp_path / "export"
    before = snapshot(out)
    assert len(before) == 3  # one sitemap, the index, the manifest

    # The worker waits after its first file is handed to a writer until Cancel was pressed.
    reached, release = hold_export(monkeypatch, at=3)
    type_number(qtbot, dialog.form.max_urls_spin, 2)
    click(qtbot, dialog.export_button)
    qtbot.waitUntil(reached.is_set, timeout=10_000)
    with qtbot.waitSignal(dialog.service.cancelled, timeout=10_000):
        click(qtbot, dialog.cancel_button)
        release.set()
    assert snapshot(out) == before
    assert not [p for p in out.iterdir() if p.name.startswith(TEMP_PREFIX)]
    assert "cancelled" in dialog.status_label.text()
    assert dialog.export_button.isEnabled() and dialog.chosen_settings(False) is not None
    assert dialog.chosen_settings(False).max_urls == 50_000  # the export that succeeded


@pytest.mark.parametrize(("field", "text", "says"), [
    ("pattern_edit", "sitemap.xml", "name pattern"),
    ("index_name_edit", "sitemap-7.xml.gz", "index name"),
    ("stylesheet_edit", 'a"b.xsl', "stylesheet"),
    ("folder_edit", "", "output folder"),
])
def test_bad_settings_disable_ok_and_export_and_say_why(qtbot, runner, tmp_path, field: str,
                                                        text: str, says: str) -> None:
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path))
    assert dialog.ok_button.isEnabled() and dialog.export_button.isEnabled()
    editor = getattr(dialog.form, field)
    editor.selectAll()
    editor.del_() if not text else qtbot.keyClicks(editor, text)
    assert not dialog.export_button.isEnabled()
    assert dialog.problem_label.is_problem and says in dialog.problem_label.text()
    if field != "index_name_edit":  # a clash with the file pattern only blocks the export
        assert not dialog.ok_button.isEnabled()


def test_a_base_url_is_needed_to_export_but_not_to_save(qtbot, runner, tmp_path) -> None:
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path))
    assert dialog.form.base_url_edit.text() == SITE
    dialog.form.base_url_edit.clear()
    assert not dialog.export_button.isEnabled() and dialog.ok_button.isEnabled()
    assert "base URL" in dialog.problem_label.text()
    qtbot.keyClicks(dialog.form.base_url_edit, "https://example.com/maps")
    assert "must end with '/'" in dialog.problem_label.text()


def test_a_small_byte_limit_splits_the_preview_by_size(qtbot, runner, tmp_path) -> None:
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path, 30, 10))
    spin = dialog.form.max_bytes_spin
    assert (spin.minimum(), spin.maximum()) == (1024, 52_428_800)
    assert column(dialog.plan_model, 1) == [40]
    type_number(qtbot, spin, 1024)
    assert len(column(dialog.plan_model, 1)) > 3 and sum(column(dialog.plan_model, 1)) == 40
    assert set(column(dialog.plan_model, 5)[:-1]) == {"byte limit"}
    assert all(size <= 1024 for size in column(dialog.plan_model, 2))
    assert dialog.export_button.isEnabled()


def test_an_entry_too_large_for_the_byte_limit_is_named_before_export(qtbot, runner,
                                                                      tmp_path) -> None:
    huge = f"\n  <url><loc>{SITE}{'x' * 1200}</loc></url>".encode()
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path, extra=huge))
    assert dialog.export_button.isEnabled()
    type_number(qtbot, dialog.form.max_bytes_spin, 1024)
    assert not dialog.export_button.isEnabled() and dialog.ok_button.isEnabled()
    assert "entry 3" in dialog.problem_label.text() and "of b.xml" in dialog.problem_label.text()


def test_the_chosen_settings_are_saved_in_the_project(qtbot, runner, tmp_path) -> None:
    work = make_workspace(tmp_path)
    assert work.project is not None
    chosen: list[ExportSettings | None] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        try:
            type_number(qtbot, dialog.form.max_urls_spin, 1000)
            dialog.form.gzip_check.click()
            dialog.form.index_lastmod_combo.setCurrentIndex(1)
            click(qtbot, dialog.ok_button)
        finally:
            if dialog.isVisible():  # a failed step must not leave the dialog waiting
                dialog.reject()

    QTimer.singleShot(0, answer)
    chosen.append(ExportDialog.ask(None, runner=runner, workspace=work, project=work.project))
    settings = chosen[0]
    assert settings is not None
    assert (settings.max_urls, settings.gzip, settings.index_lastmod) == (1000, False, "none")
    apply_export_settings(work.project, settings)
    save_project(work.project)
    again = load_project(tmp_path / "site.sitemapproj").export
    assert (again.max_urls, again.gzip, again.index_lastmod) == (1000, False, "none")


def test_closing_while_exporting_cancels_first(qtbot, runner, tmp_path, monkeypatch) -> None:
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path))
    reached, release = hold_export(monkeypatch)
    click(qtbot, dialog.export_button)
    qtbot.waitUntil(reached.is_set, timeout=10_000)
    dialog.reject()
    assert dialog.isVisible()  # still open until the worker has stopped
    with qtbot.waitSignal(dialog.finished, timeout=10_000):
        release.set()
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert not (tmp_path / "export").exists() or not any(
        p.name.startswith("sitemap-") for p in (tmp_path / "export").iterdir())


def test_a_file_opened_without_a_project_exports_beside_it(qtbot, runner, tmp_path) -> None:
    (tmp_path / "lone.xml").write_bytes(sitemap(1, 4))
    work = open_workspace(tmp_path / "lone.xml")
    dialog = ExportDialog(runner, work, None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.plan_model.rowCount() > 0, timeout=10_000)
    assert dialog.form.folder_edit.text() == str(tmp_path / "export")
    assert not dialog.export_button.isEnabled() and "base URL" in dialog.problem_label.text()
    qtbot.keyClicks(dialog.form.base_url_edit, "https://example.com/")
    dialog.form.folder_edit.setText("relative")
    assert "must be absolute" in dialog.problem_label.text()
    assert not dialog.ok_button.isEnabled() and not dialog.export_button.isEnabled()
    dialog.form.folder_edit.setText(str(tmp_path / "export"))
    with qtbot.waitSignal(dialog.service.finished, timeout=10_000):
        click(qtbot, dialog.export_button)
    index = (tmp_path / "export" / "sitemap-index.xml").read_bytes()
    assert b"<loc>https://example.com/sitemap-1.xml.gz</loc>" in index


def test_browse_keeps_a_folder_inside_the_project_relative(qtbot, runner, tmp_path,
                                                          monkeypatch) -> None:
    dialog = open_dialog(qtbot, runner, make_workspace(tmp_path))
    picks = iter([str(tmp_path / "public" / "maps"), str(tmp_path.parent / "elsewhere")])
    monkeypatch.setattr(publish_prompts, "choose_folder", lambda *args: next(picks))
    click(qtbot, dialog.form.browse_button)
    assert dialog.form.folder_edit.text() == "public/maps"
    assert dialog.options().out_dir == str(tmp_path / "public" / "maps")
    click(qtbot, dialog.form.browse_button)
    assert dialog.form.folder_edit.text() == str(tmp_path.parent / "elsewhere")


def test_the_public_url_of_the_folder_is_kept_only_when_it_is_not_the_default(
        qtbot, runner, tmp_path) -> None:
    work = make_workspace(tmp_path)
    assert work.project is not None
    kept: list[ExportSettings | None] = []

    def answer(base: str) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, ExportDialog)
        try:
            assert dialog.form.base_url_edit.text() == (work.project.export.base_url or SITE)
            dialog.form.base_url_edit.clear()
            qtbot.keyClicks(dialog.form.base_url_edit, base)
            click(qtbot, dialog.ok_button)
        finally:
            if dialog.isVisible():
                dialog.reject()

    for base in ("https://cdn.example.com/maps/", SITE):
        QTimer.singleShot(0, lambda base=base: answer(base))
        kept.append(ExportDialog.ask(None, runner=runner, workspace=work, project=work.project))
        settings = kept[-1]
        assert settings is not None
        apply_export_settings(work.project, settings)
        save_project(work.project)
        saved = (tmp_path / "site.sitemapproj").read_text("utf-8")
        if base == SITE:  # what the site URL gives anyway: not pinned in the file
            assert load_project(tmp_path / "site.sitemapproj").export.base_url is None
            assert '"base_url"' not in saved
        else:
            assert load_project(tmp_path / "site.sitemapproj").export.base_url == base
            assert f'"base_url": "{base}"' in saved
