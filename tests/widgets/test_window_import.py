"""Import from the window: into the sitemap shown as one undoable step, or as a new sitemap."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from helpers.main_window import column_texts, make_window, open_and_wait, urlset

from sitemap_studio.core.imports.plan import DuplicatePolicy
from sitemap_studio.core.imports.request import ImportRequest, ImportTarget
from sitemap_studio.core.model.entries import Entry

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example"
A, B, C = "https://example.com/a", "https://example.com/b", "https://example.com/c"


def _answer(monkeypatch, request: ImportRequest) -> list[str]:
    from sitemap_studio.dialogs import import_dialog

    summaries: list[str] = []
    monkeypatch.setattr(import_dialog.ImportDialog, "ask",
                        classmethod(lambda cls, parent, **kwargs: request))
    monkeypatch.setattr(import_dialog, "show_import_summary",
                        lambda parent, summary: summaries.append(summary))
    return summaries


def test_import_into_the_current_sitemap_skips_duplicates_in_one_step(qtbot, tmp_path,
                                                                      monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset(A, B), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    summaries = _answer(monkeypatch, ImportRequest(
        (Entry(loc=B), Entry(loc=C, priority="0.4")), DuplicatePolicy.SKIP))
    window.window_actions.import_.trigger()
    assert column_texts(window, 0) == [A, B, C]
    assert column_texts(window, 3) == [None, None, "0.4"]
    assert summaries[0].added == 1 and summaries[0].skipped == 1
    assert window.message_label.text().startswith("1 entry came in into site.xml")
    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == [A, B]


def test_import_as_a_new_sitemap_of_the_project(qtbot, tmp_path, monkeypatch) -> None:
    folder = tmp_path / "site"
    shutil.copytree(EXAMPLE, folder)
    project = folder / "example.sitemapproj"
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    _answer(monkeypatch, ImportRequest((Entry(loc="https://shop.example.com/new-1"),
                                        Entry(loc="https://shop.example.com/new-2")),
                                       target=ImportTarget.NEW, new_name="sitemap-new.xml"))
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.import_.trigger()
    written = (folder / "sitemap-new.xml").read_text(encoding="utf-8")
    assert "https://shop.example.com/new-2" in written
    assert window.current is not None and window.current.item.name == "sitemap-new.xml"
    assert column_texts(window, 0) == ["https://shop.example.com/new-1",
                                       "https://shop.example.com/new-2"]
    qtbot.waitUntil(lambda: "sitemap-new.xml" in project.read_text(encoding="utf-8"))
    paths = [ref["path"] for ref in json.loads(project.read_text(encoding="utf-8"))["sitemaps"]]
    assert "sitemap-new.xml" in paths
