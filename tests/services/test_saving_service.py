"""Saving in the background: atomic, the old file intact on failure, edits meanwhile stay dirty."""

from __future__ import annotations

import gzip
import os
import threading
from pathlib import Path

import pytest
from service_helpers import locs

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.workspace_loading import read_file
from sitemap_studio.core.reading.fingerprints import fingerprint_file, fingerprint_of
from sitemap_studio.core.writing import snapshots
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.services.saving import SaveService

ORIGINAL = locs("https://e.com/a", "https://e.com/b")


@pytest.fixture
def original(site: Path) -> Path:
    path = site / "sitemap.xml"
    path.write_bytes(ORIGINAL)
    return path


def test_save_writes_the_file_and_says_so(qtbot, runner, original) -> None:
    document = read_file(original)
    document.set_text(document.id_at(0), "loc", "https://e.com/edited")
    service = SaveService(runner)
    with qtbot.waitSignal(service.saved, timeout=5000) as blocker:
        service.save(document)
        assert service.is_saving(document)
    saved_document, path, written, clean = blocker.args
    assert (saved_document, path, clean) == (document, str(original), True)
    assert original.read_bytes() == document.to_bytes() and written == original.stat().st_size
    assert fingerprint_of(document) == fingerprint_file(original)
    qtbot.waitUntil(lambda: not service.is_saving(document))
    assert sorted(os.listdir(original.parent)) == ["sitemap.xml"]


def test_a_failed_save_leaves_the_old_file(qtbot, runner, original, monkeypatch) -> None:
    document = read_file(original)
    document.set_text(document.id_at(0), "loc", "https://e.com/edited")
    before = fingerprint_of(document)

    def refuse(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    service = SaveService(runner)
    saved: list[object] = []
    service.saved.connect(lambda *args: saved.append(args))
    with qtbot.waitSignal(service.failed, timeout=5000) as blocker:
        service.save(document)
    failed_document, error = blocker.args
    assert failed_document is document and isinstance(error, SitemapError)
    assert "No space left on device" in error.message and error.path == str(original)
    assert original.read_bytes() == ORIGINAL
    assert sorted(os.listdir(original.parent)) == ["sitemap.xml"]
    assert saved == [] and fingerprint_of(document) == before


def test_edits_made_while_saving_leave_the_document_modified(qtbot, runner, original) -> None:
    document = read_file(original)
    document.set_text(document.id_at(0), "loc", "https://e.com/saved")
    service = SaveService(runner)
    with qtbot.waitSignal(service.saved, timeout=5000) as blocker:
        service.save(document)
        document.set_text(document.id_at(1), "loc", "https://e.com/not-yet-saved")
    assert blocker.args[3] is False
    assert original.read_bytes() == locs("https://e.com/saved", "https://e.com/b")


def test_saves_of_one_file_run_in_order(qtbot, runner, original) -> None:
    document = read_file(original)
    service = SaveService(runner)
    paths: list[str] = []
    service.saved.connect(lambda doc, path, written, clean: paths.append(path))
    for number in range(5):
        document.set_text(document.id_at(0), "loc", f"https://e.com/{number}")
        last = service.save(document)
    with qtbot.waitSignal(last.signals.finished, timeout=5000):
        pass
    assert len(paths) == 5
    assert original.read_bytes() == locs("https://e.com/4", "https://e.com/b")


def test_saves_through_a_link_and_to_its_target_run_in_order(qtbot, runner, original) -> None:
    link = original.parent / "published.xml"
    link.symlink_to(original)
    document = read_file(original)
    service = SaveService(runner)
    finished: list[str] = []
    service.saved.connect(lambda doc, path, written, clean: finished.append(path))
    for number in range(6):
        document.set_text(document.id_at(0), "loc", f"https://e.com/{number}")
        last = service.save(document, link if number % 2 else original)
    with qtbot.waitSignal(last.signals.finished, timeout=5000):
        pass
    assert finished == [str(link if number % 2 else original) for number in range(6)]
    assert link.is_symlink()
    assert original.read_bytes() == locs("https://e.com/5", "https://e.com/b")


def test_save_as_gzip_moves_the_document_and_text_converts(qtbot, runner, original) -> None:
    document = read_file(original)
    document.set_text(document.id_at(0), "loc", "https://e.com/edited")
    service = SaveService(runner)
    target = original.parent / "copy.xml.gz"
    with qtbot.waitSignal(service.saved, timeout=5000) as blocker:
        service.save(document, target)
    assert blocker.args[3] is True
    assert gzip.decompress(target.read_bytes()) == document.to_bytes()
    assert document.source.path == str(target) and document.source.compressed

    text = original.parent / "urls.txt"
    with qtbot.waitSignal(service.saved, timeout=5000) as blocker:
        service.save(document, text, OutputFormat.TEXT, compress=False)
    assert text.read_text() == "https://e.com/edited\nhttps://e.com/b\n"
    assert blocker.args[3] is False  # the document is still XML, and still belongs to copy.xml.gz
    assert document.source.path == str(target) and document.source.format == "xml"


def test_a_document_without_a_file_needs_a_name(runner) -> None:
    from sitemap_studio.core.reading.loader import open_bytes

    with pytest.raises(SitemapError, match="file name"):
        SaveService(runner).save(open_bytes(ORIGINAL))


def test_cancel_during_the_write_keeps_the_old_file(qtbot, runner, original,
                                                    monkeypatch) -> None:
    entered = threading.Event()
    release = threading.Event()
    real = snapshots.atomic_write

    def slow_write(path, chunks):
        entered.set()
        assert release.wait(5)
        return real(path, chunks)

    monkeypatch.setattr(snapshots, "atomic_write", slow_write)
    document = read_file(original)
    document.set_text(document.id_at(0), "loc", "https://e.com/edited")
    service = SaveService(runner)
    with qtbot.waitSignal(service.cancelled, timeout=5000):
        job = service.save(document)
        qtbot.waitUntil(entered.is_set, timeout=5000)
        job.cancel()
        release.set()
    assert original.read_bytes() == ORIGINAL
    assert sorted(os.listdir(original.parent)) == ["sitemap.xml"]
