"""The main window opens files and projects in the background and shows them."""

from __future__ import annotations

import pytest

from sitemap_studio.app import create_main_window
from sitemap_studio.services.jobs import JobRunner

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


@pytest.fixture
def window(qtbot):
    runner = JobRunner()
    win = create_main_window(None, runner)
    qtbot.addWidget(win)
    errors: list[tuple[str, str]] = []
    win.show_error = lambda title, message: errors.append((title, message))  # type: ignore
    win.errors = errors  # type: ignore[attr-defined]
    yield win
    runner.wait(5000)


def test_opening_a_sitemap_fills_the_table_and_status(window, qtbot, tmp_path) -> None:
    path = tmp_path / "site.xml"
    path.write_text(f'<urlset xmlns="{NS}"><url><loc>https://example.com/a</loc></url>'
                    "<url><loc>https://example.com/b</loc></url></urlset>", encoding="utf-8")
    with qtbot.waitSignal(window.workspace_loaded, timeout=10000):
        window.open_path(str(path))
    model = window.entry_view.model()
    assert model.rowCount() == 2
    assert model.index(1, 0).data() == "https://example.com/b"
    assert "2 entries" in window.status_label.text()
    assert window.windowTitle() == "site.xml \N{EM DASH} Sitemap Studio"
    assert window.project_model.index(0, 0).data() == "site.xml \N{EM DASH} 2 entries"


def test_a_broken_file_shows_the_located_message(window, qtbot, tmp_path) -> None:
    path = tmp_path / "broken.xml"
    path.write_text(f'<urlset xmlns="{NS}">\n<url>\n</urlset>', encoding="utf-8")
    with qtbot.waitSignal(window.load_failed, timeout=10000):
        window.open_path(str(path))
    assert len(window.errors) == 1
    _title, message = window.errors[0]
    assert message.startswith(f"{path}:3:")
    assert "Traceback" not in message
    assert window.entry_view.model() is None


def test_notes_of_the_file_are_listed(window, qtbot, tmp_path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("https://example.com/a\nnot a url\n", encoding="utf-8")
    with qtbot.waitSignal(window.workspace_loaded, timeout=10000):
        window.open_path(str(path))
    assert window.findings_model.rowCount() == 1
    assert window.findings_model.index(0, 2).data() == "2"
