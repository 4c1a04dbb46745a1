"""Crash recovery of a project member: a real ``kill -9`` of the app, then the edits come back."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

from helpers.main_window import column_texts, make_window, shown_title, urlset, wait_editable

from sitemap_studio.core.writing.recovery import recovery_path
from sitemap_studio.dialogs import recovery_dialog
from sitemap_studio.services.journal import DEBOUNCE_MS

EDITED = "https://example.com/edited-before-crash"
A_LOCS = [f"https://example.com/a/{n}" for n in range(400)]
B_LOCS = [f"https://example.com/b/{n}" for n in range(400)]

#: The app in a child process: opens the project, edits member b.xml, reports, runs on.
CHILD = '''
import sys, time
from PySide6.QtCore import QSettings, QTimer, Qt
from PySide6.QtWidgets import QApplication
from sitemap_studio.app import create_main_window

project, settings_path, journals = sys.argv[1:4]
app = QApplication([])
window = create_main_window(None, settings=QSettings(settings_path, QSettings.Format.IniFormat),
                            journal_folder=journals)
window.show()

def say(text):
    print(text, flush=True)

def edit():
    state = next(s for s in window.session.states.values() if s.path.endswith("b.xml"))
    window.select_item(state.item)
    model = window.entry_table.model
    if state.validator is None or state.validating or model is None or model.editor is not state:
        QTimer.singleShot(20, edit)
        return
    window.session.journal.written.connect(
        lambda _document, path: say(f"JOURNALED {time.monotonic():.3f} {path}"))
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), sys.argv[4], Qt.ItemDataRole.EditRole)
    say(f"EDITED {time.monotonic():.3f}")

window.session.loaded.connect(lambda _workspace: QTimer.singleShot(0, edit))
window.open_path(project)
app.exec()
'''


def _project(folder: Path) -> Path:
    (folder / "a.xml").write_text(urlset(*A_LOCS), encoding="utf-8")
    (folder / "b.xml").write_text(urlset(*B_LOCS), encoding="utf-8")
    project = folder / "shop.sitemapproj"
    project.write_text(json.dumps({
        "format_version": 2, "site_url": "https://example.com/",
        "sitemaps": [{"path": "a.xml"}, {"path": "b.xml"}]}), encoding="utf-8")
    return project


def _lines(process: subprocess.Popen[str]) -> tuple[queue.Queue[str], threading.Thread]:
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return lines, reader


def _expect(lines: queue.Queue[str], word: str, process: subprocess.Popen[str]) -> list[str]:
    """The next line starting with ``word`` (bounded generously: the machine may be busy)."""
    while True:
        try:
            line = lines.get(timeout=60)
        except queue.Empty:
            process.kill()
            raise AssertionError(f"the app never said {word}") from None
        if line.startswith(word):
            return line.split()


def test_a_project_member_is_journaled_soon_and_recovered_after_kill_9(qtbot, tmp_path,
                                                                       monkeypatch) -> None:
    assert DEBOUNCE_MS < 1000  # the journal is due within a second of the last edit
    project = _project(tmp_path)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(project), str(tmp_path / "child.ini"),
         str(tmp_path / "journals"), EDITED],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    lines, reader = _lines(process)
    edited_at = float(_expect(lines, "EDITED", process)[1])
    _word, journaled_at, journal = _expect(lines, "JOURNALED", process)
    os.kill(process.pid, signal.SIGKILL)  # a crash: nothing is cleaned up
    process.wait(timeout=30)
    reader.join(timeout=30)
    assert process.stdout is not None
    process.stdout.close()
    print(f"journal written {float(journaled_at) - edited_at:.3f} s after the edit")
    member = tmp_path / "b.xml"
    assert journal == recovery_path(member)  # beside the member, not beside the project
    assert os.path.isfile(journal)
    assert member.read_text(encoding="utf-8") == urlset(*B_LOCS)  # the file itself untouched

    offered: list[list[str | None]] = []

    def ask(cls, parent, recoveries):
        offered.append([r.original_path for r in recoveries])
        return recovery_dialog.RecoveryChoice(recovery_dialog.RecoveryAction.RECOVER,
                                              recoveries[0])

    monkeypatch.setattr(recovery_dialog.RecoveryDialog, "ask", classmethod(ask))
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    with qtbot.waitSignal(window.session.replaced, timeout=30000):
        window.open_path(str(project))  # opening the project offers its members' journals
    assert offered == [[str(member)]]
    assert window.session.project is not None  # the project is open, not the member alone
    assert [item.name for item in window.session.workspace.items] == ["a.xml", "b.xml"]
    wait_editable(qtbot, window)
    assert window.current.item.name == "b.xml"
    assert column_texts(window, 0)[:2] == [EDITED, B_LOCS[1]]
    assert shown_title(window).startswith("b.xml (shop.sitemapproj)*")
    assert [s.item.name for s in window.session.modified_states] == ["b.xml"]
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    assert EDITED in member.read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: not os.path.exists(journal))
