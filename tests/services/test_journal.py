"""Journaling: written after an edit, found, recovered, discarded; never over the file."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QUndoCommand, QUndoStack
from service_helpers import locs

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.workspace_loading import read_file
from sitemap_studio.core.writing import atomic_files as atomic_module
from sitemap_studio.core.writing.recovery import (
    find_recoveries,
    load_recovery,
    read_recovery,
    recovery_path,
    write_recovery,
)
from sitemap_studio.services.journal import Journal

DEBOUNCE_MS = 30


@pytest.fixture
def journal(runner, tmp_path) -> Journal:
    return Journal(runner, user_folder=str(tmp_path / "user"), debounce_ms=DEBOUNCE_MS)


@pytest.fixture
def original(site: Path) -> Path:
    path = site / "sitemap.xml"
    path.write_bytes(locs("https://e.com/a", "https://e.com/b"))
    return path


def edit(document, url: str = "https://e.com/edited") -> None:
    document.set_text(document.id_at(0), "loc", url)


def test_an_edit_is_journaled_beside_the_file_and_recovered(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    assert not journal.pending(document)
    with qtbot.waitSignal(journal.written, timeout=5000) as blocker:
        edit(document)
        assert journal.pending(document)
    written_document, path = blocker.args
    assert written_document is document
    assert path == str(original.parent / ".sitemap.xml.sitemap-studio-recovery")
    assert path == recovery_path(original) == journal.journal_path(document)
    assert original.read_bytes() == locs("https://e.com/a", "https://e.com/b")

    [found] = find_recoveries([str(original)])
    assert found.journal_path == path
    assert found.original_path == str(original)
    assert found.original_exists and not found.original_changed_since
    assert found.header.original.sha256 and found.header.length == document.uncompressed_size
    recovered = load_recovery(found)
    assert recovered.to_bytes() == document.to_bytes()
    assert recovered.source.path == str(original)
    assert recovered.entry_at(0).loc == "https://e.com/edited"
    # Nothing wrote the user's file.
    assert original.read_bytes() == locs("https://e.com/a", "https://e.com/b")

    journal.discard(document)
    assert not os.path.exists(path)
    assert find_recoveries([str(original), str(original.parent)]) == []


def test_the_journal_follows_the_latest_edit(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document, "https://e.com/one")
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document, "https://e.com/two")
        document.set_text(document.id_at(1), "loc", "https://e.com/three")
    recovered = load_recovery(find_recoveries([str(original)])[0])
    assert recovered.to_bytes() == document.to_bytes()
    assert [e.loc for e in recovered.entries()] == ["https://e.com/two", "https://e.com/three"]


def test_a_file_changed_on_disk_since_is_reported(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document)
    original.write_bytes(locs("https://e.com/someone-else"))
    [found] = find_recoveries([str(original)])
    assert found.original_changed_since and found.original_exists
    original.unlink()
    [found] = find_recoveries([str(original.parent)])
    assert found.original_changed_since and not found.original_exists


def test_a_touched_but_unchanged_file_is_not_reported_as_changed(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document)
    os.utime(original, ns=(1, 1))
    assert not read_recovery(recovery_path(original)).original_changed_since


def test_no_journal_for_an_unchanged_document(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    assert not journal.pending(document)  # nothing changed, nothing scheduled
    written: list[object] = []
    journal.written.connect(lambda doc, path: written.append(path))
    # An edit undone before the journal is due leaves the document as read: nothing to keep.
    before = document.state(0)
    edit(document)
    document.restore_states([before])
    assert document.is_pristine
    qtbot.waitUntil(lambda: not journal.pending(document), timeout=5000)
    assert written == []
    assert not os.path.exists(recovery_path(original))


class SetLoc(QUndoCommand):
    def __init__(self, document, url: str) -> None:
        super().__init__("edit")
        self.document = document
        self.url = url
        self.before = document.state(0)

    def redo(self) -> None:
        self.document.set_text(self.document.id_at(0), "loc", self.url)

    def undo(self) -> None:
        self.document.restore_states([self.before])


def test_going_back_to_the_clean_state_discards_the_journal(qtbot, journal, original) -> None:
    document = read_file(original)
    stack = QUndoStack()
    journal.watch(document, undo_stack=stack)
    with qtbot.waitSignal(journal.written, timeout=5000):
        stack.push(SetLoc(document, "https://e.com/x"))
    assert os.path.exists(recovery_path(original))
    stack.undo()
    assert stack.isClean()
    assert not os.path.exists(recovery_path(original))
    # The write that announced the journal may still be winding up on its thread (its end
    # is delivered after ``written``): once it is done, nothing more is due or written.
    qtbot.waitUntil(lambda: not journal.pending(document), timeout=5000)
    assert not os.path.exists(recovery_path(original))


def test_discard_during_a_write_leaves_no_journal(qtbot, journal, original, monkeypatch) -> None:
    document = read_file(original)
    journal.watch(document)
    entered = threading.Event()
    release = threading.Event()
    real = atomic_module.atomic_write

    def slow_write(path, chunks):
        entered.set()
        assert release.wait(5)
        return real(path, chunks)

    monkeypatch.setattr("sitemap_studio.core.writing.recovery.atomic_write", slow_write)
    edit(document)
    qtbot.waitUntil(entered.is_set, timeout=5000)
    assert journal.pending(document)
    journal.discard(document)  # the save finished while the journal was being written
    release.set()
    qtbot.waitUntil(lambda: not journal.pending(document), timeout=5000)
    assert not os.path.exists(recovery_path(original))
    assert sorted(os.listdir(original.parent)) == ["sitemap.xml"]


def test_an_unsaved_document_is_journaled_in_the_user_folder(qtbot, journal, tmp_path) -> None:
    from sitemap_studio.core.reading.loader import open_bytes

    document = open_bytes(locs("https://e.com/new"))
    assert document.source.path is None
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000) as blocker:
        edit(document)
    path = Path(blocker.args[1])
    assert path.parent == tmp_path / "user"
    [found] = find_recoveries([str(tmp_path / "user")])
    assert found.original_path is None and not found.original_changed_since
    assert found.name == "Untitled"
    recovered = load_recovery(found)
    assert recovered.source.path is None
    assert recovered.to_bytes() == document.to_bytes()


def test_a_read_only_folder_sends_the_journal_to_the_user_folder(qtbot, journal, original,
                                                                 tmp_path, monkeypatch) -> None:
    real_mkstemp = atomic_module.tempfile.mkstemp
    refused = str(original.parent)

    def mkstemp(*args, **kwargs):
        if kwargs.get("dir") == refused:
            raise PermissionError(13, "Permission denied")
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(atomic_module.tempfile, "mkstemp", mkstemp)
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000) as blocker:
        edit(document)
    path = Path(blocker.args[1])
    assert path.parent == tmp_path / "user"
    assert sorted(os.listdir(original.parent)) == ["sitemap.xml"]
    [found] = find_recoveries([str(tmp_path / "user")])
    assert found.original_path == str(original)
    assert load_recovery(found).to_bytes() == document.to_bytes()


def test_a_recovered_document_keeps_its_journal_until_discarded(qtbot, journal, original) -> None:
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document)
    journal.forget(document)  # the "crash": the journal stays
    recovery = find_recoveries([str(original)])[0]
    recovered = load_recovery(recovery)
    journal.watch(recovered)
    with qtbot.waitSignal(journal.written, timeout=5000) as blocker:
        recovered.set_text(recovered.id_at(1), "loc", "https://e.com/later")
    assert blocker.args[1] == recovery.journal_path
    assert [e.loc for e in load_recovery(recovery).entries()] == [
        "https://e.com/edited", "https://e.com/later"]
    journal.discard(recovered)
    assert find_recoveries([str(original)]) == []


def test_a_journal_is_never_written_over_the_file(original, site) -> None:
    document = read_file(original)
    edit(document)
    before = original.read_bytes()
    with pytest.raises(SitemapError, match="sitemap-studio-recovery"):
        write_recovery(document, original, None, journal_path=original)
    impostor = site / ".other.sitemap-studio-recovery"
    impostor.write_bytes(b"user data")
    with pytest.raises(SitemapError, match="not a recovery journal"):
        write_recovery(document, original, None, journal_path=impostor)
    link = site / ".link.sitemap-studio-recovery"
    link.symlink_to(original)
    with pytest.raises(SitemapError, match="over the file itself"):
        write_recovery(document, original, None, journal_path=link)
    assert original.read_bytes() == before
    assert impostor.read_bytes() == b"user data"


def test_edits_without_a_pause_are_still_journaled(qtbot, journal, original) -> None:
    from PySide6.QtCore import QTimer

    document = read_file(original)
    journal.watch(document)
    count = iter(range(10_000))
    ticker = QTimer()
    ticker.setInterval(DEBOUNCE_MS // 3)  # always sooner than the debounce
    ticker.timeout.connect(lambda: edit(document, f"https://e.com/{next(count)}"))
    with qtbot.waitSignal(journal.written, timeout=5000):
        ticker.start()
    assert ticker.isActive()  # the edits were still coming
    ticker.stop()


def test_a_clean_save_removes_the_journal_and_a_dirty_one_keeps_it(qtbot, journal, runner,
                                                                   original) -> None:
    from sitemap_studio.services.saving import SaveService

    saves = SaveService(runner)
    saves.saved.connect(journal.file_saved)
    document = read_file(original)
    journal.watch(document)
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document, "https://e.com/one")
    with qtbot.waitSignal(saves.saved, timeout=5000):
        saves.save(document)
    assert find_recoveries([str(original)]) == []

    # Edited while saving: the file has the first state, the journal the newer one.
    with qtbot.waitSignal(journal.written, timeout=5000):
        edit(document, "https://e.com/two")
        saves.save(document)
        edit(document, "https://e.com/three")
    qtbot.waitUntil(lambda: not saves.is_saving(document) and not journal.pending(document))
    assert b"https://e.com/two" in original.read_bytes()
    [found] = find_recoveries([str(original)])
    assert load_recovery(found).entry_at(0).loc == "https://e.com/three"
    assert not found.original_changed_since  # the journal knows the file as saved

    # A converted copy elsewhere leaves the document's journal alone.
    with qtbot.waitSignal(saves.saved, timeout=5000):
        saves.save(document, original.parent / "copy.txt")
    assert find_recoveries([str(original)])
