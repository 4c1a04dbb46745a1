"""Check Live Site from the window: a published project checked, marked file by file, compared.

The project is exported, its files served by a real HTTP server on
127.0.0.1, and the dialog is driven with qtbot: the URL is the project's
public index URL, Check runs in the background, each file gets a green or
red mark, and the problems of the file selected are shown with evidence and
what to do.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.main_window import make_window, open_and_wait
from helpers.site_server import Route, Site, urlset
from PySide6.QtCore import Qt

from sitemap_studio import cli
from sitemap_studio.dialogs.check_live_dialog import CheckLiveDialog
from sitemap_studio.qt_models.live_check_models import file_passed

PAGES = 1_500


def published_project(tmp_path: Path, site: Site) -> Path:
    """A project of two sitemaps, exported, and its files served at the site's root."""
    (tmp_path / "maps").mkdir()
    pages = [site.url(f"/page-{n}") for n in range(PAGES)]
    (tmp_path / "maps" / "a.xml").write_bytes(urlset(*pages[:1000]))
    (tmp_path / "maps" / "b.xml").write_bytes(urlset(*pages[1000:]))
    project = tmp_path / "site.sitemapproj"
    project.write_text(json.dumps({
        "format_version": 2, "site_url": site.url("/"), "index": None,
        "sitemaps": [{"path": "maps/a.xml"}, {"path": "maps/b.xml"}],
        "export": {"output_folder": "public", "max_urls": 1000}}), "utf-8")
    assert cli.main(["export", str(project)]) == 0
    for file in (tmp_path / "public").glob("sitemap*"):
        site.routes["/" + file.name] = Route(body=file.read_bytes(),
                                             headers={"Content-Type": "application/xml"})
    robots = f"User-agent: *\nAllow: /\nSitemap: {site.url('/sitemap-index.xml')}\n"
    site.routes["/robots.txt"] = Route(body=robots.encode())
    return project


def open_dialog(qtbot, window) -> CheckLiveDialog:
    window.window_actions.check_live.trigger()
    dialog = window.publish.check_live_dialog
    assert isinstance(dialog, CheckLiveDialog)
    qtbot.waitExposed(dialog)
    return dialog


def run_check(qtbot, dialog: CheckLiveDialog) -> None:
    dialog.allow_private.setChecked(True)
    with qtbot.waitSignal(dialog.service.busy_changed, timeout=60_000,
                          check_params_cb=lambda busy: not busy):
        qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)


def rows(dialog: CheckLiveDialog, model) -> list[list[str]]:
    return [[model.index(row, column).data() or "" for column in range(model.columnCount())]
            for row in range(model.rowCount())]


def test_a_published_project_is_green_then_red_where_it_went_wrong(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, site: Site) -> None:
    project = published_project(tmp_path, site)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    dialog = open_dialog(qtbot, window)
    assert dialog.url_edit.text() == site.url("/sitemap-index.xml")
    assert "compared with what the project would export now" in dialog.where_label.text()

    run_check(qtbot, dialog)
    shown = rows(dialog, dialog.files)
    assert [row[0].strip() for row in shown] == [
        site.url("/sitemap-index.xml"), site.url("/sitemap-1.xml.gz"),
        site.url("/sitemap-2.xml.gz")]
    assert [row[1:] for row in shown] == [["index", "2", "200", "none", "same"],
                                          ["sitemap", "1,000", "200", "none", "same"],
                                          ["sitemap", "500", "200", "none", "same"]]
    assert all(file_passed(item) for item in dialog.files.records())
    assert dialog.verdict_label.text() == ("3 files checked, 0 with problems; the live files "
                                           "match what the project would export now")
    assert not dialog.verdict_label.is_problem

    # The server now sends one sitemap as an HTML page, and robots.txt lost its line.
    site.routes["/sitemap-2.xml.gz"].headers["Content-Type"] = "text/html"
    site.routes["/robots.txt"] = Route(body=b"User-agent: *\nAllow: /\n")
    run_check(qtbot, dialog)
    marks = [file_passed(item) for item in dialog.files.records()]
    assert marks == [False, True, False]
    assert dialog.verdict_label.is_problem
    assert "3 files checked, 2 with problems" in dialog.verdict_label.text()
    # The first red file is selected: the index, with its own and its children's problems.
    problems = rows(dialog, dialog.problems)
    assert [row[0] for row in problems] == ["No Sitemap: line in robots.txt",
                                            "Sitemap index has sitemaps with errors",
                                            "Project export"]
    dialog.files_view.selectRow(2)
    problems = rows(dialog, dialog.problems)
    assert problems[0][:3] == ["Sitemap is HTML", "the server says the answer is an HTML page",
                               "Content-Type: text/html"]
    assert problems[0][3].startswith("Serve the XML file itself")
    dialog.close_button.click()
    qtbot.waitUntil(lambda: window.publish.check_live_dialog is None)


def test_a_slow_check_shows_progress_and_can_be_cancelled(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, site: Site) -> None:
    site.routes["/slow.xml"] = Route(stall=True)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    dialog = open_dialog(qtbot, window)
    assert dialog.url_edit.text() == "" and not dialog.check_button.isEnabled()
    qtbot.keyClicks(dialog.url_edit, "ftp://example.com/s.xml")
    assert not dialog.check_button.isEnabled()
    assert "only http and https" in dialog.where_label.text()
    dialog.url_edit.setText(site.url("/slow.xml"))
    dialog.allow_private.setChecked(True)
    dialog.timeout = 2.0
    qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.progress_bar.isVisible() and dialog.cancel_button.isVisible(),
                    timeout=10_000)
    assert not dialog.check_button.isEnabled() and site.stalled.wait(10)
    with qtbot.waitSignal(dialog.service.cancelled, timeout=30_000):
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert dialog.verdict_label.text() == "Cancelled: the files checked so far are shown"
    assert not dialog.progress_bar.isVisible() and dialog.check_button.isEnabled()
    dialog.close_button.click()


def test_private_addresses_are_refused_until_allowed(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, site: Site) -> None:
    site.routes["/s.xml"] = Route(body=urlset(site.url("/a")))
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    dialog = open_dialog(qtbot, window)
    dialog.url_edit.setText(site.url("/s.xml"))
    with qtbot.waitSignal(dialog.service.finished, timeout=60_000):
        qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)
    (problem,) = rows(dialog, dialog.problems)
    assert problem[0] == "Couldn't fetch" and "a loopback address" in problem[1]
    assert site.requests == []
    dialog.close_button.click()
