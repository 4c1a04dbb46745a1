"""The export dialog on input over the limits or with errors: it exports, or you decide."""

from __future__ import annotations

import gzip
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from sitemap_studio.core.project.project_file import SitemapRef, new_project, save_project
from sitemap_studio.core.project.workspace import Workspace, open_workspace
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.dialogs.export_dialog import ExportDialog
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.services.jobs import JobRunner

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SITE = "https://example.com/"
FTP = "ftp://example.com/file.zip"
BAD_DATE = f"{SITE}bad-date"


def urlset(locs: list[str], extra: str = "") -> bytes:
    entries = "".join(f"\n  <url><loc>{loc}</loc><lastmod>2024-03-{n % 28 + 1:02d}</lastmod>"
                      "</url>" for n, loc in enumerate(locs))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{entries}{extra}'
            "\n</urlset>\n").encode()


def project(folder: Path, **files: bytes) -> Workspace:
    """A saved project at the site root listing ``files`` (name: content) as its sitemaps."""
    made = new_project(folder / "site.sitemapproj", SITE)
    for name, data in files.items():
        (folder / name).write_bytes(data)
        made.sitemaps.append(SitemapRef(name, SITE + name))
    save_project(made)
    return open_workspace(folder / "site.sitemapproj")


def open_dialog(qtbot: QtBot, runner: JobRunner, work: Workspace) -> ExportDialog:
    dialog = ExportDialog(runner, work, work.project)
    qtbot.addWidget(dialog)
    dialog.resize(1000, 700)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.plan_model.rowCount() > 0, timeout=60_000)
    return dialog


def click(qtbot: QtBot, button) -> None:  # type: ignore[no-untyped-def]
    assert button.isEnabled() and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def cells(model, column: int) -> list[object]:  # type: ignore[no-untyped-def]
    return [model.index(row, column).data(Role.SORT_KEY) for row in range(model.rowCount())]


def written_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("sitemap-*") if p.is_file()) if folder.exists() else []


def error_project(folder: Path) -> Workspace:
    """Ten good URLs, one ``ftp://`` location, one entry with the date 2024-13-45."""
    extra = (f"\n  <url><loc>{FTP}</loc></url>"
             f"\n  <url><loc>{BAD_DATE}</loc><lastmod>2024-13-45</lastmod></url>")
    return project(folder, **{"a.xml": urlset([f"{SITE}page-{n}" for n in range(1, 11)]),
                              "b.xml": urlset([f"{SITE}more-{n}" for n in range(1, 6)], extra)})


def test_an_over_limit_project_exports_every_url_once(qtbot, runner, tmp_path,
                                                      oracle) -> None:
    # a.xml alone is over the 50,000-URL limit; page-50001 is in both files.
    first = [f"{SITE}page-{n}" for n in range(1, 50_002)]
    second = [f"{SITE}page-{n}" for n in range(50_001, 60_002)]
    work = project(tmp_path, **{"a.xml": urlset(first), "b.xml": urlset(second)})
    dialog = open_dialog(qtbot, runner, work)
    assert "you decide" in dialog.problem_label.text()
    assert "stop the export" not in dialog.problem_label.text()
    blocked: list[object] = []
    dialog.service.blocked.connect(blocked.append)

    with qtbot.waitSignal(dialog.service.finished, timeout=120_000) as done:
        click(qtbot, dialog.export_button)
    report = done.args[0]
    assert blocked == []
    out = tmp_path / "export"
    locs: list[str] = []
    for item in report.files:
        data = gzip.decompress((out / item.name).read_bytes())
        document = open_bytes(data, item.name)
        assert len(document) <= 50_000
        locs.extend(entry.loc or "" for entry in document.entries())
    assert len(locs) == 60_001 and set(locs) == set(first) | set(second)
    assert len(report.files) == 2 and report.notes.merged == 1
    oracle.assert_valid((out / "sitemap-index.xml").read_bytes(), "index")

    # The Report tab lists the files and says that one URL was merged.
    assert dialog.tabs.currentIndex() == dialog.report_tab and dialog.result_view.isVisible()
    assert cells(dialog.result_model, 0) == [item.name for item in report.files]
    assert sum(cells(dialog.result_model, 1)) == 60_001  # type: ignore[arg-type]
    notes = dialog.report_view.notes()
    assert notes.startswith("merged: 1 URL listed more than once")
    assert "Wrote 2 files with 60,001 URLs" in dialog.status_label.text()


def test_errors_are_listed_and_the_user_decides(qtbot, runner, tmp_path, oracle,
                                                qtmodeltester) -> None:
    work = error_project(tmp_path)
    out = tmp_path / "export"
    dialog = open_dialog(qtbot, runner, work)
    assert not dialog.tabs.isTabVisible(dialog.errors_tab)

    with qtbot.waitSignal(dialog.service.blocked, timeout=30_000):
        click(qtbot, dialog.export_button)
    panel = dialog.blockers_panel
    assert dialog.tabs.currentIndex() == dialog.errors_tab and panel.isVisible()
    assert dialog.tabs.tabText(dialog.errors_tab) == "Errors (2)"
    assert written_files(out) == []
    assert "Nothing was written" in dialog.status_label.text()
    # Per rule: the count and the first message; then the rows, file:line first.
    codes = list(zip(cells(panel.code_model, 0), cells(panel.code_model, 1), strict=True))
    assert sorted(codes) == [("lastmod-impossible-date", 1), ("loc-unsupported-scheme", 1)]
    first = dict(zip(cells(panel.code_model, 0), cells(panel.code_model, 2), strict=True))
    assert FTP in str(first["loc-unsupported-scheme"])
    assert "no month 13" in str(first["lastmod-impossible-date"])
    rows = list(zip(cells(panel.rows_model, 0), cells(panel.rows_model, 1), strict=True))
    assert rows == [("b.xml:8", "loc-unsupported-scheme"),
                    ("b.xml:9", "lastmod-impossible-date")]
    assert "2 errors in 1 file" in panel.summary_label.text()
    qtmodeltester.check(panel.code_model)
    qtmodeltester.check(panel.rows_model)

    # Cancel writes nothing and goes back to the preview.
    click(qtbot, panel.dismiss_button)
    assert written_files(out) == [] and not dialog.tabs.isTabVisible(dialog.errors_tab)
    assert dialog.tabs.currentIndex() == dialog.preview_tab

    # Export again: the same panel; Export Anyway writes schema-valid files.
    with qtbot.waitSignal(dialog.service.blocked, timeout=30_000):
        click(qtbot, dialog.export_button)
    with qtbot.waitSignal(dialog.service.finished, timeout=30_000) as done:
        click(qtbot, panel.proceed_button)
    report = done.args[0]
    files = written_files(out)
    assert [p.name for p in files] == ["sitemap-1.xml.gz", "sitemap-index.xml"]
    data = gzip.decompress(files[0].read_bytes())
    oracle.assert_valid(data, "sitemap-1.xml.gz")
    oracle.assert_valid(files[1].read_bytes(), "sitemap-index.xml")
    assert b"ftp:" not in data and b"2024-13-45" not in data and BAD_DATE.encode() in data
    assert report.urls == 16 and "1 entry left out" in dialog.status_label.text()
    notes = dialog.report_view.notes().splitlines()
    assert "left out: 1 entry: not an http or https URL" in notes
    assert f"  b.xml:8: {FTP}" in notes
    assert any(line.startswith("written without") and "lastmod" in line for line in notes)
    assert f"  b.xml:9: {BAD_DATE}" in notes
    assert any(line.startswith("errors carried into the output") for line in notes)
    assert dialog.tabs.currentIndex() == dialog.report_tab
    assert not dialog.tabs.isTabVisible(dialog.errors_tab)


def test_double_clicking_an_error_asks_for_its_entry(qtbot, runner, tmp_path) -> None:
    work = error_project(tmp_path)
    document = work.items[1].document
    assert document is not None
    ftp_entry = next(entry.id for entry in document.entries() if entry.loc == FTP)
    dialog = open_dialog(qtbot, runner, work)
    with qtbot.waitSignal(dialog.service.blocked, timeout=30_000):
        click(qtbot, dialog.export_button)
    view = dialog.blockers_panel.rows_view
    row = cells(dialog.blockers_panel.rows_model, 0).index("b.xml:8")
    rect = view.visualRect(view.model().index(row, 2))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(dialog.jump_requested, timeout=5000) as jumped:
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert jumped.args == [work.items[1].path, ftp_entry, "loc"]
    assert dialog.jump_target == (work.items[1].path, ftp_entry, "loc")
    assert not dialog.isVisible()


def test_urls_of_another_host_get_its_base_url_in_the_dialog(qtbot, runner, tmp_path,
                                                             oracle) -> None:
    shop = "https://shop.example.com/"
    work = project(tmp_path, **{
        "a.xml": urlset([f"{SITE}page-{n}" for n in range(1, 6)]),
        "b.xml": urlset([f"{shop}item-{n}" for n in range(1, 4)])})
    dialog = open_dialog(qtbot, runner, work)
    with qtbot.waitSignal(dialog.service.failed, timeout=30_000):
        click(qtbot, dialog.export_button)
    assert dialog.status_label.is_problem and "shop.example.com" in dialog.status_label.text()
    assert "under Other hosts' URLs" in dialog.status_label.text()
    assert written_files(tmp_path / "export") == []

    # A bad URL is refused as it is typed; a good one lets the export write both hosts.
    qtbot.keyClicks(dialog.form.hosts_edit, "shop.example.com/maps")
    assert dialog.problem_label.is_problem and "other hosts" in dialog.problem_label.text()
    assert not dialog.export_button.isEnabled() and not dialog.ok_button.isEnabled()
    dialog.form.hosts_edit.clear()
    qtbot.keyClicks(dialog.form.hosts_edit, shop)
    assert dialog.export_button.isEnabled() and not dialog.problem_label.is_problem
    with qtbot.waitSignal(dialog.service.finished, timeout=30_000) as done:
        click(qtbot, dialog.export_button)
    report = done.args[0]
    assert [(each.base_url, [f.urls for f in each.files]) for each in report.sets] == [
        (SITE, [5]), (shop, [3])]
    names = cells(dialog.result_model, 0)
    assert len(names) == 2 and names[1].startswith("shop.example.com")  # type: ignore[union-attr]
    for each in report.sets:
        index = Path(each.out_dir) / "sitemap-index.xml"
        oracle.assert_valid(index.read_bytes(), str(index))
        assert each.base_url.encode() in index.read_bytes()
    assert ("the indexes example.com/sitemap-index.xml, shop.example.com/sitemap-index.xml"
            in dialog.status_label.text())
    assert dialog.chosen_settings(False).host_base_urls == [shop]  # type: ignore[union-attr]
