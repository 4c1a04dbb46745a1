"""The submission dialog, driven through its widgets: robots.txt, IndexNow, retired ping links."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from helpers.local_http import Replies, guard_network, local_server
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from sitemap_studio.core.project.project_file import Project, SubmissionSettings
from sitemap_studio.core.project.workspace import open_workspace
from sitemap_studio.core.publishing.indexnow_submit import STATUS_MEANINGS, explain_status
from sitemap_studio.dialogs import publish_prompts
from sitemap_studio.dialogs.submission_dialog import SubmissionDialog, urls_to_publish
from sitemap_studio.qt_models.roles import Role
from sitemap_studio.services.jobs import JobRunner

SITE = "https://shop.example.com/"
INDEX = SITE + "sitemap-index.xml"
KEY = "7c1e9a4f2b6d4e8a9f3c5b1d7e2a6c40"
CODES = (200, 202, 400, 403, 422, 429, 503)


@pytest.fixture(autouse=True)
def no_network(monkeypatch) -> None:
    guard_network(monkeypatch)


def project(endpoint: str = "https://api.indexnow.org/indexnow", key: str | None = KEY) -> Project:
    return Project(path=None, site_url=SITE, submission=SubmissionSettings(
        indexnow_key=key, indexnow_endpoint=endpoint, extra={"future": 1}))


def open_dialog(qtbot: QtBot, runner: JobRunner, the_project: Project,
                entry_urls: list[str] | None = None,
                sitemap_urls: tuple[str, ...] = (INDEX,)) -> SubmissionDialog:
    dialog = SubmissionDialog(runner, the_project, list(sitemap_urls),
                              entry_urls if entry_urls is not None else [SITE + "a", SITE + "b"])
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def click(qtbot: QtBot, button) -> None:  # type: ignore[no-untyped-def]
    assert button.isEnabled() and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def cells(model, column: int, role: int = Qt.ItemDataRole.DisplayRole) -> list[object]:  # type: ignore[no-untyped-def]
    return [model.index(row, column).data(role) for row in range(model.rowCount())]


# --- robots.txt -----------------------------------------------------------------------------------


def test_robots_lines_are_copied_and_a_pasted_robots_txt_is_checked(qtbot, runner, qapp,
                                                                   qtmodeltester) -> None:
    other = SITE + "news-sitemap.xml"
    dialog = open_dialog(qtbot, runner, project(), sitemap_urls=(INDEX, other))
    tab = dialog.robots_tab
    dialog.tabs.setCurrentWidget(tab)
    assert tab.lines_edit.toPlainText() == f"Sitemap: {INDEX}\nSitemap: {other}"
    assert "https://shop.example.com/robots.txt" in tab.where_label.text()
    click(qtbot, tab.copy_button)
    assert qapp.clipboard().text() == f"Sitemap: {INDEX}\nSitemap: {other}\n"

    qapp.clipboard().setText("User-agent: *\nSitemap: /sitemap-index.xml\n"
                             f"Sitemap: {INDEX}\nSitemap: {INDEX}\n")
    tab.robots_edit.setFocus()
    qtbot.keyClick(tab.robots_edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert tab.robots_edit.toPlainText().startswith("User-agent: *\n")
    codes = cells(tab.findings_model, 2, Qt.ItemDataRole.ToolTipRole)
    assert [code.split(":")[0] for code in codes] == [  # type: ignore[union-attr]
        "robots-sitemap-relative", "robots-sitemap-duplicate", "robots-sitemap-missing"]
    assert cells(tab.findings_model, 0) == ["2", "4", ""]
    assert "https://shop.example.com/sitemap-index.xml" in str(cells(tab.findings_model, 2)[0])
    assert tab.summary_label.is_problem
    qtmodeltester.check(tab.findings_model)

    tab.robots_edit.setPlainText(f"Sitemap: {INDEX}\nSitemap: {other}\n")
    assert tab.findings_model.rowCount() == 0
    assert "lists every sitemap" in tab.summary_label.text()


def test_a_robots_txt_that_blocks_the_whole_site_is_reported(qtbot, runner) -> None:
    dialog = open_dialog(qtbot, runner, project())
    tab = dialog.robots_tab
    dialog.tabs.setCurrentWidget(tab)
    tab.robots_edit.setPlainText(f"User-agent: *\nDisallow: /\n\nSitemap: {INDEX}\n")
    tips = cells(tab.findings_model, 2, Qt.ItemDataRole.ToolTipRole)
    assert [str(tip).split(":")[0] for tip in tips] == ["robots-disallow-all"]
    assert cells(tab.findings_model, 0) == ["2"]
    assert "'Disallow: /' blocks every crawler" in str(cells(tab.findings_model, 2)[0])
    assert "no problems" not in tab.summary_label.text()
    assert tab.summary_label.text() == "1 finding, no errors."


def test_a_robots_txt_file_is_loaded_and_checked(qtbot, runner, tmp_path, monkeypatch) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_text("Sitemap: http://localhost/sitemap.xml\n", "utf-8")
    monkeypatch.setattr(publish_prompts, "choose_file", lambda *args: str(robots))
    dialog = open_dialog(qtbot, runner, project())
    dialog.tabs.setCurrentWidget(dialog.robots_tab)
    click(qtbot, dialog.robots_tab.load_button)
    assert dialog.robots_tab.robots_edit.toPlainText() == robots.read_text("utf-8")
    tips = cells(dialog.robots_tab.findings_model, 2, Qt.ItemDataRole.ToolTipRole)
    assert [str(tip).split(":")[0] for tip in tips] == [
        "robots-sitemap-private-host", "robots-sitemap-missing"]


# --- IndexNow -------------------------------------------------------------------------------------


def test_each_answer_of_the_endpoint_is_explained(qtbot, runner, monkeypatch,
                                                 qtmodeltester) -> None:
    urls = [f"https://h{n}.example.com/page" for n in range(1, len(CODES) + 1)]
    replies = Replies(queue=[(code, f"said {code}".encode(), {}) for code in CODES])
    asked: list[str] = []
    monkeypatch.setattr(publish_prompts, "confirm",
                        lambda parent, title, text, details: asked.append(text) or True)
    with local_server(replies) as endpoint:
        dialog = open_dialog(qtbot, runner, project(endpoint), urls)
        tab = dialog.indexnow_tab
        dialog.tabs.setCurrentWidget(tab)
        with qtbot.waitSignal(tab.service.submitted, timeout=20_000):
            click(qtbot, tab.submit_button)
    assert asked == [f"Send 7 URLs to {endpoint}?"]
    assert [json.loads(request.body)["host"] for request in replies.received] == [
        f"h{n}.example.com" for n in range(1, 8)]
    assert all(json.loads(request.body)["key"] == KEY for request in replies.received)
    model = tab.results_model
    assert cells(model, 3, Role.SORT_KEY) == list(CODES)
    meanings = cells(model, 4)
    assert meanings[:6] == [STATUS_MEANINGS[code] for code in CODES[:6]]
    assert meanings[6] == explain_status(503) and "server failed" in meanings[6]
    assert "said 403" in cells(model, 4, Qt.ItemDataRole.ToolTipRole)[3]  # type: ignore[operator]
    assert tab.status_label.is_problem and "2 accepted, 5 not" in tab.status_label.text()
    qtmodeltester.check(model)
    assert dialog.chosen_settings(False) is not None  # a submission was made with this key


def test_declining_the_confirmation_sends_nothing(qtbot, runner, monkeypatch) -> None:
    replies = Replies()
    monkeypatch.setattr(publish_prompts, "confirm", lambda *args: False)
    with local_server(replies) as endpoint:
        dialog = open_dialog(qtbot, runner, project(endpoint))
        dialog.tabs.setCurrentWidget(dialog.indexnow_tab)
        click(qtbot, dialog.indexnow_tab.submit_button)
        assert not dialog.indexnow_tab.service.running
    assert replies.received == []
    assert "Nothing was sent" in dialog.indexnow_tab.status_label.text()
    assert dialog.indexnow_tab.results_model.rowCount() == 0


def test_a_generated_key_is_written_linked_and_batched(qtbot, runner, qapp, tmp_path,
                                                       monkeypatch) -> None:
    dialog = open_dialog(qtbot, runner, project(key=None),
                         [SITE + "a?x=1&y=2", SITE + "b", SITE + "a?x=1&y=2"])
    tab = dialog.indexnow_tab
    dialog.tabs.setCurrentWidget(tab)
    assert not tab.submit_button.isEnabled() and "No key yet" in tab.key_label.text()
    click(qtbot, tab.generate_button)
    key = tab.key_edit.text()
    assert len(key) == 32 and not tab.key_label.is_problem
    location = f"{SITE}{key}.txt"
    assert tab.location_edit.placeholderText() == location

    monkeypatch.setattr(publish_prompts, "choose_folder", lambda *args: str(tmp_path))
    click(qtbot, tab.write_key_button)
    assert (tmp_path / f"{key}.txt").read_text("ascii") == key

    with qtbot.waitSignal(tab.service.links_ready, timeout=10_000):
        click(qtbot, tab.copy_links_button)
    endpoint = quote("https://api.indexnow.org/indexnow", safe=":/")
    assert qapp.clipboard().text().splitlines() == [
        f"{endpoint}?url={quote(url, safe='')}&key={key}&keyLocation={quote(location, safe='')}"
        for url in (SITE + "a?x=1&y=2", SITE + "b")]

    with qtbot.waitSignal(tab.service.batches_saved, timeout=10_000):
        click(qtbot, tab.save_batches_button)
    batch = json.loads((tmp_path / "indexnow-batch-shop.example.com-1.json").read_text("utf-8"))
    assert batch == {"host": "shop.example.com", "key": key, "keyLocation": location,
                     "urlList": [SITE + "a?x=1&y=2", SITE + "b"]}
    assert "1 batch file" in tab.status_label.text()


def test_copy_get_links_copies_the_absolute_urls_and_counts_the_rest(qtbot, runner, qapp) -> None:
    urls = [SITE + "a", "/relative", SITE + "b", "page.html", "//cdn.example.com/x"]
    dialog = open_dialog(qtbot, runner, project(), entry_urls=urls)
    tab = dialog.indexnow_tab
    dialog.tabs.setCurrentWidget(tab)
    qapp.clipboard().setText("before")
    with qtbot.waitSignal(tab.service.links_ready, timeout=10_000):
        click(qtbot, tab.copy_links_button)
    copied = qapp.clipboard().text().splitlines()
    assert [line.split("?url=")[1].split("&")[0] for line in copied] == [
        quote(SITE + "a", safe=""), quote(SITE + "b", safe="")]
    assert tab.status_label.text() == ("Copied 2 GET links. 3 URLs left out: IndexNow takes "
                                       "only absolute http(s) URLs.")

    only_relative = open_dialog(qtbot, runner, project(), entry_urls=["/a"])
    only_relative.tabs.setCurrentWidget(only_relative.indexnow_tab)
    qapp.clipboard().setText("before")
    with qtbot.waitSignal(only_relative.indexnow_tab.service.links_ready, timeout=10_000):
        click(qtbot, only_relative.indexnow_tab.copy_links_button)
    assert qapp.clipboard().text() == "before"
    assert only_relative.indexnow_tab.status_label.text() == (
        "Nothing copied: 1 URL left out: IndexNow takes only absolute http(s) URLs.")


@pytest.mark.parametrize(("field", "text", "says"), [
    ("key_edit", "short", "key:"),
    ("endpoint_edit", "ftp://example.com/", "endpoint:"),
    ("location_edit", "example.com/key.txt", "key location:"),
])
def test_bad_settings_disable_save_and_the_actions(qtbot, runner, field: str, text: str,
                                                   says: str) -> None:
    dialog = open_dialog(qtbot, runner, project())
    dialog.tabs.setCurrentWidget(dialog.indexnow_tab)
    assert dialog.ok_button.isEnabled() and dialog.indexnow_tab.submit_button.isEnabled()
    editor = getattr(dialog.indexnow_tab, field)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    assert not dialog.ok_button.isEnabled()
    assert not dialog.indexnow_tab.submit_button.isEnabled()
    assert dialog.problem_label.is_problem and says in dialog.problem_label.text()


def test_save_settings_returns_the_key_and_endpoint(qtbot, runner) -> None:
    the_project = project()

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SubmissionDialog)
        try:
            tab = dialog.indexnow_tab
            dialog.tabs.setCurrentWidget(tab)
            tab.endpoint_edit.setText("https://yandex.com/indexnow")
            tab.location_edit.setText(f"{SITE}keys/{KEY}.txt")
            click(qtbot, tab.generate_button)
            click(qtbot, dialog.ok_button)
        finally:
            if dialog.isVisible():  # a failed step must not leave the dialog waiting
                dialog.reject()

    QTimer.singleShot(0, answer)
    settings = SubmissionDialog.ask(None, runner=runner, project=the_project,
                                    sitemap_urls=[INDEX], entry_urls=[])
    assert settings is not None
    assert settings.indexnow_endpoint == "https://yandex.com/indexnow"
    assert settings.indexnow_key not in (None, KEY)
    assert settings.indexnow_key_location == f"{SITE}keys/{settings.indexnow_key}.txt"
    assert settings.extra == {"future": 1}


def test_closing_without_using_the_settings_returns_none(qtbot, runner) -> None:
    QTimer.singleShot(0, lambda: QApplication.activeModalWidget().reject())  # type: ignore[union-attr]
    assert SubmissionDialog.ask(None, runner=runner, project=project(), sitemap_urls=[INDEX],
                                entry_urls=[SITE]) is None


# --- the retired ping links -----------------------------------------------------------------------


def test_ping_links_are_encoded_marked_retired_and_copied(qtbot, runner, qapp) -> None:
    sitemap = "https://shop.example.com/maps/sitemap%20index.xml?lang=de&v=2"
    dialog = open_dialog(qtbot, runner, project(), sitemap_urls=(sitemap,))
    tab = dialog.ping_tab
    dialog.tabs.setCurrentWidget(tab)
    assert dialog.tabs.tabText(dialog.tabs.indexOf(tab)) == "Ping links (retired)"
    encoded = "https%3A%2F%2Fshop.example.com%2Fmaps%2Fsitemap%2520index.xml%3Flang%3Dde%26v%3D2"
    assert [edit.text() for edit in tab.link_edits] == [
        f"https://www.google.com/ping?sitemap={encoded}",
        f"https://www.bing.com/ping?sitemap={encoded}"]
    notes = [label.text() for label in tab.note_labels]
    assert all(label.isVisible() for label in tab.note_labels)
    assert "Google" in notes[0] and "retired" in notes[0] and "never sent" in notes[0]
    assert "Bing" in notes[1] and "retired" in notes[1]
    assert "retired" in tab.routes_label.text() and tab.routes_label.isVisible()
    for edit, button in zip(tab.link_edits, tab.copy_buttons, strict=True):
        click(qtbot, button)
        assert qapp.clipboard().text() == edit.text()


# --- what the window passes -----------------------------------------------------------------------


def test_the_urls_to_publish_are_the_index_url_and_the_page_urls(example_project) -> None:
    work = open_workspace(example_project)
    assert work.project is not None and work.project.index is not None
    edited = next(item.document for item in work.items if item.role == "sitemap")
    assert edited is not None
    edited.set_text(edited.id_at(0), "loc", "https://shop.example.com/edited")
    sitemaps, pages = urls_to_publish(work)
    assert sitemaps == ["https://shop.example.com/sitemap-index.xml"]
    expected = [entry.loc for item in work.items if item.role == "sitemap"
                for entry in item.document.entries() if entry.loc]  # type: ignore[union-attr]
    assert pages == expected and pages[0] == "https://shop.example.com/edited"
    assert len(pages) > 20 and not any(page.endswith(".xml") for page in pages)


@pytest.fixture
def example_project(repo_root, tmp_path) -> Path:
    shutil.copytree(repo_root / "resources" / "example", tmp_path / "example")
    return tmp_path / "example" / "example.sitemapproj"
