"""Save As: the name the user typed decides the file type, and the window follows the new file."""

from __future__ import annotations

import gzip

from helpers.main_window import (
    make_window,
    open_and_wait,
    prompted_then_closed_saving,
    shown_title,
    urlset,
    wait_editable,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.prompts import SAVE_AS_CHOICES

LOCS = [f"https://example.com/page/{n}" for n in range(300)]
TEXT = urlset(*LOCS)
DEFAULT_FILTER = SAVE_AS_CHOICES[0][0]  # what the dialog selects for a file named *.xml


def _save_as_typed(qtbot, window, monkeypatch, typed: str, chosen: str = DEFAULT_FILTER) -> None:
    """Save As through the real prompt, the file dialog answering ``typed`` with ``chosen``."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (typed, chosen)))
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_as.trigger()


def _window(qtbot, tmp_path, monkeypatch):
    real_ask = prompts.ask_save_as
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    monkeypatch.setattr(prompts, "ask_save_as", real_ask)  # the real prompt, its dialog faked
    path = tmp_path / "site.xml"
    path.write_text(TEXT, encoding="utf-8")
    open_and_wait(qtbot, window, path)
    return window, answers, path


def test_the_typed_name_decides_the_file_type(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, path = _window(qtbot, tmp_path, monkeypatch)
    gz = tmp_path / "x.xml.gz"
    _save_as_typed(qtbot, window, monkeypatch, str(gz))
    assert not (tmp_path / "x.xml.gz.xml").exists()
    assert gzip.decompress(gz.read_bytes()).decode("utf-8") == TEXT
    text = tmp_path / "list.txt"
    _save_as_typed(qtbot, window, monkeypatch, str(text),
                   chosen=SAVE_AS_CHOICES[1][0])  # the gzip filter, but the name says text
    assert text.read_text(encoding="utf-8").split() == LOCS
    plain = tmp_path / "plain.xml"
    _save_as_typed(qtbot, window, monkeypatch, str(plain), chosen=SAVE_AS_CHOICES[1][0])
    assert plain.read_text(encoding="utf-8") == TEXT  # not gzip, whatever the filter
    bare = tmp_path / "bare"
    _save_as_typed(qtbot, window, monkeypatch, str(bare), chosen=SAVE_AS_CHOICES[1][0])
    assert gzip.decompress((tmp_path / "bare.xml.gz").read_bytes()).decode("utf-8") == TEXT
    assert path.read_text(encoding="utf-8") == TEXT


def test_after_save_as_the_window_names_the_new_file(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, path = _window(qtbot, tmp_path, monkeypatch)
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), "https://example.com/new", Qt.ItemDataRole.EditRole)
    target = tmp_path / "renamed.xml.gz"
    _save_as_typed(qtbot, window, monkeypatch, str(target))
    assert shown_title(window) == "renamed.xml.gz \N{EM DASH} Sitemap Studio"
    tree = window.project_model
    assert tree.index_of(window.current.item).data() == "renamed.xml.gz"
    assert window.settings.recent_files()[0] == str(target)
    recent_menu = [a.text() for a in window.window_actions.recent_menu.actions()]
    assert any("renamed.xml.gz" in text for text in recent_menu)
    wait_editable(qtbot, window)
    assert proxy.setData(proxy.index(1, 0), "https://example.com/newer",
                         Qt.ItemDataRole.EditRole)
    assert prompted_then_closed_saving(qtbot, window, answers) == [["renamed.xml.gz"]]
    saved = gzip.decompress(target.read_bytes()).decode("utf-8")
    assert "https://example.com/newer" in saved and "https://example.com/new<" in saved
    assert path.read_text(encoding="utf-8") == TEXT
