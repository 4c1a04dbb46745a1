"""The composition root's window, in-process (offscreen)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from sitemap_studio.app import APP_NAME, create_main_window


def test_window_names_the_project_given(qtbot: QtBot) -> None:
    window = create_main_window("example.sitemapproj")
    qtbot.addWidget(window)
    label = window.centralWidget()
    assert window.windowTitle() == APP_NAME
    assert isinstance(label, QLabel)
    assert "example.sitemapproj" in label.text()


def test_window_without_a_project(qtbot: QtBot) -> None:
    window = create_main_window(None)
    qtbot.addWidget(window)
    label = window.centralWidget()
    assert isinstance(label, QLabel)
    assert label.text() == "No project open"
