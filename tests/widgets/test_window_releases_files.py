"""A file closed in the window leaves memory: nothing the app ran for it holds it any more.

Journal writes, saves and validations run as jobs whose slots name what they
work on, and the issues panel keeps a way to find each finding's row; if any
of them outlived the file, each closed file (its bytes, rows and undo
history) stayed in memory until the app quit, and a user opening one large
file after another saw the app grow without end.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable

from helpers.main_window import make_window, open_all_entries, open_and_wait, urlset
from PySide6.QtCore import Qt

from sitemap_studio.widgets.prompts import Unsaved

LOCS = [f"https://example.com/page/{n}" for n in range(3000)]


def _released(qtbot, documents: list[weakref.ref[object]]) -> None:
    def gone() -> bool:
        gc.collect()
        return all(document() is None for document in documents)

    qtbot.waitUntil(gone, timeout=10000)


def _edit(proxy, row: int, loc: str) -> None:
    assert proxy.setData(proxy.index(row, 0), loc, Qt.ItemDataRole.EditRole)


def _refs(window) -> list[weakref.ref[object]]:
    return [weakref.ref(state.document) for state in window.session.states.values()]


def _close_discarding(qtbot, window, answers, how: Callable[[], object]) -> None:
    answers.unsaved = Unsaved.DISCARD
    how()
    qtbot.waitUntil(lambda: not window.session.states)


def test_a_closed_file_is_let_go_after_edits_journals_and_a_save(qtbot, tmp_path,
                                                                  monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    path.write_text(urlset(*LOCS), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    documents = _refs(window)
    proxy, journal = window.entry_table.proxy, window.session.journal
    with qtbot.waitSignal(journal.written, timeout=10000):  # the crash-recovery copy
        _edit(proxy, 0, "https://example.com/saved")
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    with qtbot.waitSignal(journal.written, timeout=10000):
        _edit(proxy, 1, "https://example.com/discarded")
    _close_discarding(qtbot, window, answers, window.window_actions.close.trigger)
    text = path.read_text(encoding="utf-8")
    assert "https://example.com/saved<" in text and "discarded" not in text
    assert window.entry_table.proxy.rowCount() == 0
    assert window.issues_panel.model.rowCount() == 0
    _released(qtbot, documents)


def test_closed_project_files_are_let_go_after_all_entries_edits(qtbot, tmp_path,
                                                                 monkeypatch) -> None:
    window, answers = open_all_entries(qtbot, tmp_path, monkeypatch, {
        "a.xml": urlset(*LOCS[:1500]), "b.xml": urlset(*LOCS[1500:], "relative/page")})
    documents = _refs(window)
    assert len(documents) == 2
    proxy = window.all_table.proxy
    assert proxy.rowCount() == len(LOCS) + 1
    with qtbot.waitSignal(window.session.journal.written, timeout=10000):
        _edit(proxy, 1600, "https://example.com/edited")
    window.all_table.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, 0).data() == "relative/page"
    _close_discarding(qtbot, window, answers, window.window_actions.close.trigger)
    assert window.all_table.proxy.rowCount() == 0
    _released(qtbot, documents)


def test_the_window_keeps_no_copy_of_its_modules_source(qtbot, tmp_path, monkeypatch) -> None:
    # PySide reads every module's source as it is imported; kept, that text costs a
    # few megabytes the user gets nothing for (a traceback reads the files again).
    import linecache

    window, _answers = open_all_entries(qtbot, tmp_path, monkeypatch, {
        "a.xml": urlset(*LOCS[:10]), "b.xml": urlset(*LOCS[10:20])})
    assert window.all_table.proxy.rowCount() == 20
    ours = [name for name in linecache.cache if "sitemap_studio" in name
            and "tests" not in name]
    assert ours == []
