"""File > Compare…: the groups and their counts, the filter, restoring removed URLs, Cancel."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.local_http import guard_network
from helpers.main_window import make_window, open_and_wait, urlset
from helpers.site_server import Route, site_server
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QProgressDialog, QPushButton

SITE = "https://www.example.com/"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


def _compare_action(window):
    file_menu = next(action.menu() for action in window.menuBar().actions()
                     if action.text() == "&File")
    return next(action for action in file_menu.actions()
                if action.text().replace("&", "") == "Compare\N{HORIZONTAL ELLIPSIS}")


def _tab_texts(view) -> list[str]:
    return [view.tabs.tabText(n) for n in range(view.tabs.count())]


def _compare(qtbot, view) -> None:
    qtbot.mouseClick(view.compare_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.outcome is not None and view.compare_button.isEnabled(),
                    timeout=30000)


def test_compare_shows_the_groups_filters_and_restores_removed_urls_as_one_step(
        qtbot, qtmodeltester, tmp_path: Path, monkeypatch) -> None:
    old = tmp_path / "released.xml"
    old.write_text(urlset(*(f"{SITE}{name}" for name in ("a", "blog/b", "blog/c", "d")),
                          extra="<lastmod>2024-01-01</lastmod>"), "utf-8")
    current = tmp_path / "sitemap.xml"
    current.write_text(
        urlset(f"{SITE}a", f"{SITE}d", f"{SITE}e", extra="<lastmod>2024-01-01</lastmod>")
        .replace(f"{SITE}d</loc><lastmod>2024-01-01", f"{SITE}d</loc><lastmod>2024-05-01"),
        "utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, current)

    _compare_action(window).trigger()
    view = window.compares.view
    assert view is not None and view.isVisible()
    assert view.new_edit.text() == str(current)  # NEW is the sitemap shown
    view.old_edit.setText(str(old))
    _compare(qtbot, view)

    assert _tab_texts(view) == ["Added (1)", "Removed (2)", "Changed (1)", "Moved (0)",
                                "Prefixes (3)"]
    assert "2 removed" in view.summary.text() and "1 changed" in view.summary.text()
    for model in view.models.values():
        qtmodeltester.check(model)
    changed = view.models["changed"]
    assert [changed.index(0, column).data() for column in range(4)] == [
        f"{SITE}d", "lastmod", "2024-01-01", "2024-05-01"]
    prefixes = view.models["prefixes"]
    assert prefixes.index(0, 0).data() == "www.example.com/blog"
    assert prefixes.index(0, 2).data() == "2"  # removed

    qtbot.keyClicks(view.filter_edit, "/c")
    assert _tab_texts(view)[:3] == ["Added (0 of 1)", "Removed (1 of 2)", "Changed (0 of 1)"]
    qtmodeltester.check(view.models["removed"])

    document = window.current.document
    before = document.to_bytes()
    qtbot.mouseClick(view.restore_button, Qt.MouseButton.LeftButton)
    locs = [entry.loc for entry in document.entries()]
    assert locs == [f"{SITE}a", f"{SITE}d", f"{SITE}e", f"{SITE}blog/c"]  # only what is shown
    assert document.entry_at(3).lastmod == "2024-01-01"  # with its values from OLD
    assert "1 entry came in" in view.summary.text()
    stack = window.current.stack
    assert stack.undoText() == "Restore 1 removed URL"
    stack.undo()
    assert document.to_bytes() == before

    view.filter_edit.clear()
    assert _tab_texts(view)[1] == "Removed (2)"
    qtbot.mouseClick(view.restore_button, Qt.MouseButton.LeftButton)
    assert len(document) == 5 and stack.count() == 1  # one step for both URLs
    stack.undo()
    assert document.to_bytes() == before


def test_a_broken_input_is_named_and_nothing_is_shown(qtbot, tmp_path: Path,
                                                      monkeypatch) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text("<urlset><url><loc>x</loc></urlset>", "utf-8")
    good = tmp_path / "good.xml"
    good.write_text(urlset(f"{SITE}a"), "utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    _compare_action(window).trigger()
    view = window.compares.view
    view.old_edit.setText(str(broken))
    view.new_edit.setText(str(good))
    qtbot.mouseClick(view.compare_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.summary.text().startswith("Cannot compare"), timeout=30000)
    assert str(broken) in view.summary.text()
    assert not view.restore_button.isEnabled()
    assert _tab_texts(view)[0] == "Added (0)"


def test_a_slow_live_input_shows_progress_and_cancel_stops_it(qtbot, tmp_path: Path,
                                                              monkeypatch) -> None:
    good = tmp_path / "good.xml"
    good.write_text(urlset(f"{SITE}a"), "utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    with site_server() as site:
        site.routes["/sitemap.xml"] = Route(stall=True)
        _compare_action(window).trigger()
        view = window.compares.view
        view.old_edit.setText(str(good))
        view.new_edit.setText(site.url("/sitemap.xml"))
        view.allow_private.setChecked(True)
        qtbot.mouseClick(view.compare_button, Qt.MouseButton.LeftButton)
        assert not view.compare_button.isEnabled()

        def progress_shown() -> QProgressDialog:
            dialog = view.findChild(QProgressDialog)
            assert dialog is not None and dialog.isVisible()
            return dialog

        qtbot.waitUntil(lambda: progress_shown() is not None, timeout=30000)
        assert site.stalled.wait(30)
        cancel = progress_shown().findChild(QPushButton)
        assert cancel.text() == "Cancel"
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
        site.release.set()
        qtbot.waitUntil(lambda: view.summary.text() == "Comparison cancelled.", timeout=30000)
    assert view.outcome is None and view.compare_button.isEnabled()


def test_closing_the_view_cancels_the_comparison_under_way(qtbot, tmp_path: Path,
                                                           monkeypatch) -> None:
    good = tmp_path / "good.xml"
    good.write_text(urlset(f"{SITE}a"), "utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    with site_server() as site:
        site.routes["/sitemap.xml"] = Route(stall=True)
        _compare_action(window).trigger()
        view = window.compares.view
        view.old_edit.setText(str(good))
        view.new_edit.setText(site.url("/sitemap.xml"))
        view.allow_private.setChecked(True)
        job = view.start()
        qtbot.waitUntil(site.stalled.is_set, timeout=30000)
        with qtbot.waitSignal(job.signals.finished, timeout=30000):
            view.reject()
            site.release.set()
        assert job.token.cancelled
    qtbot.waitUntil(lambda: window.compares.view is None, timeout=10000)
    _compare_action(window).trigger()  # a new, empty view
    assert window.compares.view is not view and window.compares.view.outcome is None


def test_journey_a_lost_section_is_found_and_restored_at_real_size(
        qtbot, tmp_path: Path, monkeypatch) -> None:
    """50,000 URLs released, 47,500 in the sitemap being edited: Compare finds and restores them."""
    before = [f"{SITE}section-{n % 20}/page-{n}" for n in range(50_000)]
    lost = {url for url in before if "/section-7/" in url}
    old = tmp_path / "released.xml"
    old.write_text(urlset(*before, extra="<lastmod>2024-01-01</lastmod>"), "utf-8")
    current = tmp_path / "sitemap.xml"
    current.write_text(urlset(*(url for url in before if url not in lost),
                              extra="<lastmod>2024-01-01</lastmod>"), "utf-8")
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, current)
    _compare_action(window).trigger()
    view = window.compares.view
    view.old_edit.setText(str(old))
    _compare(qtbot, view)
    assert _tab_texts(view) == ["Added (0)", "Removed (2,500)", "Changed (0)", "Moved (0)",
                                "Prefixes (1)"]
    assert view.models["prefixes"].index(0, 0).data() == "www.example.com/section-7"

    document = window.current.document
    qtbot.mouseClick(view.restore_button, Qt.MouseButton.LeftButton)
    assert len(document) == 50_000
    assert {entry.loc for entry in document.entries()} == set(before)
    window.current.stack.undo()
    assert len(document) == 47_500
