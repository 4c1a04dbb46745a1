"""Files macOS hands the running app (Finder, the Dock) arrive as QFileOpenEvent and open."""

from __future__ import annotations

from helpers.main_window import column_texts, make_window, shown_title, urlset, wait_editable
from PySide6.QtCore import QEvent, QUrl
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from sitemap_studio.app import install_file_open_handler
from sitemap_studio.widgets.file_open_events import FileOpenEvents

A, B = "https://example.com/from-finder", "https://example.com/second"


def test_a_file_open_event_opens_the_file_in_the_window(qtbot, qapp, tmp_path, monkeypatch):
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    install_file_open_handler(qapp, window)
    path = tmp_path / "from finder.xml"
    path.write_text(urlset(A, B), encoding="utf-8")
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        accepted = QApplication.sendEvent(qapp, QFileOpenEvent(str(path)))
    wait_editable(qtbot, window)
    assert accepted
    assert column_texts(window, 0) == [A, B]
    assert shown_title(window) == "from finder.xml \N{EM DASH} Sitemap Studio"
    assert answers.errors == []


def test_a_file_open_event_by_url_opens_the_project(qtbot, qapp, tmp_path, monkeypatch):
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    install_file_open_handler(qapp, window)
    (tmp_path / "pages.xml").write_text(urlset(A), encoding="utf-8")
    project = tmp_path / "site.sitemapproj"
    project.write_text('{"format_version": 2, "site_url": "https://example.com/", '
                       '"sitemaps": [{"path": "pages.xml"}]}', encoding="utf-8")
    event = QFileOpenEvent(QUrl.fromLocalFile(str(project)))
    with qtbot.waitSignal(window.workspace_loaded, timeout=15000):
        QApplication.sendEvent(qapp, event)
    wait_editable(qtbot, window)
    assert column_texts(window, 0) == [A]
    assert shown_title(window).startswith("pages.xml (site.sitemapproj)")


def test_an_unreadable_file_from_finder_is_reported_with_its_place(qtbot, qapp, tmp_path,
                                                                  monkeypatch):
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    install_file_open_handler(qapp, window)
    path = tmp_path / "broken.xml"
    path.write_text(urlset(A).replace("</urlset>", ""), encoding="utf-8")
    with qtbot.waitSignal(window.load_failed, timeout=15000):
        QApplication.sendEvent(qapp, QFileOpenEvent(str(path)))
    ((_title, message),) = answers.errors
    assert message.startswith("broken.xml cannot be opened.")
    assert "Line 5, column 1:" in message and f"File: {path}" in message
    assert window.current is None


def test_only_file_open_events_are_taken(qapp, tmp_path):
    opened: list[str] = []
    handler = FileOpenEvents()
    handler.file_requested.connect(opened.append)
    assert handler.eventFilter(qapp, QEvent(QEvent.Type.ApplicationActivate)) is False
    assert handler.eventFilter(qapp, QFileOpenEvent(str(tmp_path / "a.xml"))) is True
    assert handler.eventFilter(qapp, QFileOpenEvent(QUrl("https://example.com/x.xml"))) is False
    assert opened == [str(tmp_path / "a.xml")]
