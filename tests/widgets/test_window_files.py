"""Files in the window: save, save as, revert, closing with unsaved edits, crash recovery."""

from __future__ import annotations

import gzip
import os

from helpers.main_window import column_texts, make_window, open_and_wait, shown_title, urlset
from PySide6.QtCore import Qt

from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.widgets.prompts import Unsaved

A, B = "https://example.com/a", "https://example.com/b"
COMMENTED = urlset(A, B).replace("<urlset", "<!-- kept as written -->\n<urlset")


def _open(qtbot, tmp_path, monkeypatch, text: str = COMMENTED, name: str = "site.xml"):
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    open_and_wait(qtbot, window, path)
    return window, answers, path


def _edit_first_loc(window, loc: str) -> None:
    """Change the first location through the model, as the cell editor does."""
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), loc, Qt.ItemDataRole.EditRole)


def test_save_writes_the_edit_and_keeps_everything_else(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    assert shown_title(window).startswith("site.xml*")
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    assert path.read_text(encoding="utf-8") == COMMENTED.replace(A, "https://example.com/z")
    assert shown_title(window) == "site.xml \N{EM DASH} Sitemap Studio"
    assert window.message_label.text() == f"Saved {path}"


def test_save_as_gzip_and_text(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, path = _open(qtbot, tmp_path, monkeypatch)
    answers.save_as = (str(tmp_path / "out.xml.gz"), OutputFormat.XML, True)
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_as.trigger()
    assert gzip.decompress((tmp_path / "out.xml.gz").read_bytes()).decode() == COMMENTED
    answers.save_as = (str(tmp_path / "out.txt"), OutputFormat.TEXT, False)
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save_as.trigger()
    assert (tmp_path / "out.txt").read_text(encoding="utf-8").split() == [A, B]
    assert path.read_text(encoding="utf-8") == COMMENTED  # the original is untouched


def test_a_failed_save_leaves_the_file_intact_and_says_so(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    folder = tmp_path / "locked"
    folder.mkdir()
    answers.save_as = (str(folder / "missing" / "out.xml"), OutputFormat.XML, False)
    with qtbot.waitSignal(window.session.save_failed, timeout=10000):
        window.window_actions.save_as.trigger()
    assert answers.errors and answers.errors[0][0] == "Cannot save"
    assert "intact" in window.message_label.text()
    assert path.read_text(encoding="utf-8") == COMMENTED
    assert shown_title(window).startswith("site.xml*")  # still unsaved


def test_revert_drops_the_edits_after_asking(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, _path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    answers.confirm = False
    window.window_actions.revert.trigger()
    assert column_texts(window, 0)[0] == "https://example.com/z"
    answers.confirm = True
    with qtbot.waitSignal(window.session.replaced, timeout=10000):
        window.window_actions.revert.trigger()
    assert column_texts(window, 0) == [A, B]
    assert not window.isWindowModified()
    assert not window.window_actions.undo.isEnabled()


def test_closing_with_unsaved_edits_asks(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    answers.unsaved = Unsaved.CANCEL
    assert not window.close()
    assert answers.asked_unsaved == [["site.xml"]]
    assert window.isVisible()
    answers.unsaved = Unsaved.SAVE
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        assert not window.close()  # closes once the save is done
    qtbot.waitUntil(lambda: not window.isVisible())
    assert "https://example.com/z" in path.read_text(encoding="utf-8")


def test_closing_and_discarding_leaves_the_file(qtbot, tmp_path, monkeypatch) -> None:
    window, answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    answers.unsaved = Unsaved.DISCARD
    assert window.close()
    assert path.read_text(encoding="utf-8") == COMMENTED


def test_unsaved_edits_survive_a_crash_and_are_offered_at_start(qtbot, tmp_path,
                                                                 monkeypatch) -> None:
    from sitemap_studio.core.writing.recovery import find_recoveries
    from sitemap_studio.dialogs import recovery_dialog

    window, _answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    journal = window.session.journal
    with qtbot.waitSignal(journal.written, timeout=5000):  # within a couple of seconds
        pass
    assert find_recoveries([str(path)])
    # A crash: the window disappears without asking or cleaning up.
    window.session.journal.setParent(None)
    window.files.may_close = lambda: True  # type: ignore[method-assign]
    window.session.close_all = lambda: None  # type: ignore[method-assign]
    window.close()

    offered: list[list[str]] = []

    def ask(cls, parent, recoveries):
        offered.append([r.original_path for r in recoveries])
        return recovery_dialog.RecoveryChoice(recovery_dialog.RecoveryAction.RECOVER,
                                              recoveries[0])

    monkeypatch.setattr(recovery_dialog.RecoveryDialog, "ask", classmethod(ask))
    again, _ = make_window(qtbot, tmp_path, monkeypatch)  # the same settings: recent files
    with qtbot.waitSignal(again.session.loaded, timeout=10000):
        assert again.files.offer_startup_recoveries()
    assert offered == [[str(path)]]
    assert column_texts(again, 0) == ["https://example.com/z", B]
    assert again.isWindowModified()  # recovered edits are unsaved edits
    assert path.read_text(encoding="utf-8") == COMMENTED  # never written without asking
    with qtbot.waitSignal(again.session.saved, timeout=10000):
        again.window_actions.save.trigger()
    assert "https://example.com/z" in path.read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: not find_recoveries([str(path)]))


def test_opening_a_file_with_a_journal_offers_it(qtbot, tmp_path, monkeypatch) -> None:
    from sitemap_studio.core.writing.recovery import recovery_path
    from sitemap_studio.dialogs import recovery_dialog

    window, _answers, path = _open(qtbot, tmp_path, monkeypatch)
    _edit_first_loc(window, "https://example.com/z")
    with qtbot.waitSignal(window.session.journal.written, timeout=5000):
        pass
    assert os.path.exists(recovery_path(path))  # beside the user's file
    monkeypatch.setattr(
        recovery_dialog.RecoveryDialog, "ask",
        classmethod(lambda cls, parent, recoveries: recovery_dialog.RecoveryChoice(
            recovery_dialog.RecoveryAction.DISCARD, recoveries[0])))
    other, _ = make_window(qtbot, tmp_path, monkeypatch, settings_name="other.ini")
    open_and_wait(qtbot, other, path)
    assert column_texts(other, 0) == [A, B]  # the file, not the journal
    assert not os.path.exists(recovery_path(path))  # discarded, as chosen
