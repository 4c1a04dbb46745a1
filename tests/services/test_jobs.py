"""Jobs: pieces of a result arrive early and in order; late cancels of jobs with effects."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QThread

from sitemap_studio.services.jobs import Job


def produce(count: int, *, cancel, progress, on_piece) -> str:
    for number in range(count):
        on_piece(number)
    return "done"


def test_partials_arrive_on_the_gui_thread_before_success(qtbot, runner) -> None:
    events: list[object] = []
    gui = QThread.currentThread()
    threads: set[bool] = set()
    job = Job(produce, 5, partial_keyword="on_piece")

    def piece(value: object) -> None:
        threads.add(QThread.currentThread() is gui)
        events.append(value)

    job.signals.partial.connect(piece)
    job.signals.succeeded.connect(lambda result: events.append(result))
    with qtbot.waitSignal(job.signals.finished, timeout=5000):
        runner.start(job)
    assert events == [0, 1, 2, 3, 4, "done"]
    assert threads == {True}


def test_a_late_cancel_drops_the_result_unless_the_job_says_otherwise(qtbot, runner) -> None:
    for cancel_wins, expected in ((True, "cancelled"), (False, "succeeded")):
        release = threading.Event()

        def wait(*, cancel, progress, release=release) -> str:
            assert release.wait(5)
            return "written"

        job = Job(wait)
        job.cancel_wins = cancel_wins
        outcome: list[str] = []
        job.signals.succeeded.connect(lambda result, outcome=outcome: outcome.append("succeeded"))
        job.signals.cancelled.connect(lambda outcome=outcome: outcome.append("cancelled"))
        with qtbot.waitSignal(job.signals.finished, timeout=5000):
            runner.start(job)
            job.cancel()  # after the function has checked its token for the last time
            release.set()
        assert outcome == [expected]


def quick(*, cancel, progress) -> int:
    return 42


def test_start_soon_lets_the_caller_connect_first(qtbot, runner) -> None:
    for _ in range(20):
        job = runner.start_soon(Job(quick))
        assert runner.busy
        results: list[object] = []
        job.signals.succeeded.connect(results.append)  # connected after the call returned
        with qtbot.waitSignal(job.signals.finished, timeout=5000):
            pass
        assert results == [42]


class Payload:
    """Stands for a job's large argument (a copy of a document's bytes) or its result."""


def hold(payload: Payload, *, cancel, progress) -> Payload:
    return payload


def test_a_finished_job_lets_go_of_its_arguments_result_and_slots(qtbot, runner) -> None:
    # Services connect slots that name the job itself (``lambda: self._release(job)``); the
    # connection lives in Qt, out of the garbage collector's sight, so a job that kept its
    # slots after finishing kept itself, its arguments and what the slots name for as long
    # as the app ran: every journal write held a copy of the document's bytes.
    gone: list[weakref.ref[Payload]] = []
    for start in (runner.start, runner.start_soon):
        payload, named = Payload(), Payload()
        gone += [weakref.ref(payload), weakref.ref(named)]
        job = Job(hold, payload)
        results: list[object] = []
        job.signals.succeeded.connect(lambda result, job=job, named=named: results.append(
            (job, named, result)))
        with qtbot.waitSignal(job.signals.finished, timeout=5000):
            start(job)
        assert results and results[0][2] is payload
        del payload, named, job, results

    def released() -> bool:
        gc.collect()
        return all(ref() is None for ref in gone)

    qtbot.waitUntil(released, timeout=5000)
    assert not runner.busy
