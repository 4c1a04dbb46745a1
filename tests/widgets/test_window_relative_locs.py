"""Relative locations: the issues panel offers to make them absolute with the site URL."""

from __future__ import annotations

import json

from helpers.main_window import click_issue, column_texts, make_window, open_and_wait, urlset
from PySide6.QtCore import Qt

from sitemap_studio.core.edits.location_fixes import MAKE_ABSOLUTE
from sitemap_studio.widgets import prompts

RELATIVE = ["/about", "https://example.com/a", "//cdn.example.com/x", "team/index.html"]
FIXED = ["https://example.com/about", "https://example.com/a", "https://cdn.example.com/x",
         "https://example.com/team/index.html"]


def _select_relative(qtbot, window) -> list[int]:
    panel = window.issues_panel
    qtbot.waitUntil(lambda: any(panel.model.finding(r).code == "loc-not-absolute"
                                for r in range(panel.model.rowCount())))
    rows = [r for r in range(panel.model.rowCount())
            if panel.model.finding(r).code == "loc-not-absolute"]
    click_issue(qtbot, panel, rows[0])
    return rows


def test_a_lone_file_asks_for_the_site_url_once(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    asked: list[int] = []
    answer: list[str | None] = [None]
    monkeypatch.setattr(prompts, "ask_site_url",
                        lambda parent: asked.append(1) or answer[0])
    path = tmp_path / "site.xml"
    path.write_text(urlset(*RELATIVE), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    panel = window.issues_panel
    rows = _select_relative(qtbot, window)
    assert len(rows) == 3
    assert panel.fix_button.text() == MAKE_ABSOLUTE and panel.fix_button.isEnabled()
    qtbot.mouseClick(panel.fix_all_button, Qt.MouseButton.LeftButton)  # cancelled
    assert column_texts(window, 0) == RELATIVE
    assert "needs the site URL" in window.message_label.text()
    answer[0] = "https://example.com/"
    qtbot.mouseClick(panel.fix_all_button, Qt.MouseButton.LeftButton)
    assert column_texts(window, 0) == FIXED
    qtbot.waitUntil(lambda: all(panel.model.finding(r).code != "loc-not-absolute"
                                for r in range(panel.model.rowCount())))
    window.window_actions.undo.trigger()  # one step
    assert column_texts(window, 0) == RELATIVE
    _select_relative(qtbot, window)
    qtbot.mouseClick(panel.fix_button, Qt.MouseButton.LeftButton)
    assert column_texts(window, 0)[0] == FIXED[0]
    assert asked == [1, 1]  # asked again only because the first answer was Cancel


def test_a_project_uses_its_site_url(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    monkeypatch.setattr(prompts, "ask_site_url", lambda parent: (_ for _ in ()).throw(
        AssertionError("the project has a site URL: nothing to ask")))
    (tmp_path / "pages.xml").write_text(urlset(*RELATIVE), encoding="utf-8")
    project = tmp_path / "shop.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "site_url": "https://shop.example.org/",
                                   "sitemaps": [{"path": "pages.xml"}]}), encoding="utf-8")
    open_and_wait(qtbot, window, project)
    _select_relative(qtbot, window)
    qtbot.mouseClick(window.issues_panel.fix_all_button, Qt.MouseButton.LeftButton)
    assert column_texts(window, 0) == [
        "https://shop.example.org/about", "https://example.com/a", "https://cdn.example.com/x",
        "https://shop.example.org/team/index.html"]
