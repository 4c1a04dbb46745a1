"""Hold an export's worker at a chosen point until the test lets it go on.

Tests of Cancel need the export to be under way, with files handed to its
writers, when Cancel is pressed: the worker waits in its progress report.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from sitemap_studio.core.export import feed as export_feed
from sitemap_studio.core.export import run as export_run


def hold_export(monkeypatch: pytest.MonkeyPatch,
                at: int | None = None) -> tuple[threading.Event, threading.Event]:
    """Make the next exports wait in their progress report until released.

    The worker waits when its progress reaches ``at`` files (``None``: at
    every report) and reports every file. Returns ``(reached, release)``:
    ``reached`` is set when the worker waits, and setting ``release`` lets
    it go on.
    """
    monkeypatch.setattr(export_feed, "CHECK_EVERY", 1)
    reached, release = threading.Event(), threading.Event()
    real = export_run.export_documents

    def gated(documents: Any, options: Any, *, cancel: Any, progress: Any, **rest: Any) -> Any:
        def hold(done: int, total: int) -> None:
            progress(done, total)
            if at is None or done == at:
                reached.set()
                assert release.wait(10)

        return real(documents, options, cancel=cancel, progress=hold, **rest)

    monkeypatch.setattr(export_run, "export_documents", gated)
    return reached, release
