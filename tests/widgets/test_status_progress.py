"""Long work shows its progress in the status bar after a moment, and Cancel stops it."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from sitemap_studio.core.model.progress import check
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.widgets.status_progress import SHOW_AFTER_MS, StatusProgress


def _until_cancelled(*, cancel, progress) -> None:
    """Report progress and wait for the cancel (bounded, so a broken Cancel fails the test)."""
    deadline = time.monotonic() + 20
    done = 0
    while time.monotonic() < deadline:
        done += 1
        progress(min(done, 99), 100)
        check(cancel)
        time.sleep(0.01)


def _quick(*, cancel, progress) -> int:
    return 1


def test_progress_appears_after_a_delay_and_cancel_stops_the_job(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    status = StatusProgress()
    window.statusBar().addPermanentWidget(status)
    window.show()
    runner = JobRunner()
    job = Job(_until_cancelled)
    started = time.monotonic()
    status.follow(job, "Opening big.xml")
    runner.start(job)
    assert not status.isVisible()
    qtbot.waitUntil(status.isVisible, timeout=5000)
    assert (time.monotonic() - started) * 1000 >= SHOW_AFTER_MS * 0.9
    assert status.label.text() == "Opening big.xml"
    qtbot.waitUntil(lambda: status.bar.value() > 0, timeout=5000)
    with qtbot.waitSignal(job.signals.cancelled, timeout=5000):
        qtbot.mouseClick(status.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not status.isVisible())
    runner.wait(5000)


def test_quick_work_never_shows_progress(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    status = StatusProgress()
    window.statusBar().addPermanentWidget(status)
    window.show()
    runner = JobRunner()
    job = Job(_quick)
    status.follow(job, "Saving")
    with qtbot.waitSignal(job.signals.finished, timeout=5000):
        runner.start(job)
    qtbot.wait(SHOW_AFTER_MS + 200)
    assert not status.isVisible()
    runner.wait(5000)
