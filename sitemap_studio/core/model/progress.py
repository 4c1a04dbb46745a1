"""Progress reporting and cancellation for long core operations."""

from __future__ import annotations

import threading
from collections.abc import Callable

from sitemap_studio.core.model.errors import Cancelled

#: Called with (done, total) units of work; total may be 0 when unknown.
ProgressCallback = Callable[[int, int], None]


class CancelToken:
    """A flag a front end sets from any thread to stop a core operation."""

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the operation to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """Whether cancellation was asked for."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if cancellation was asked for."""
        if self._event.is_set():
            raise Cancelled()


def check(token: CancelToken | None) -> None:
    """Raise :class:`Cancelled` when ``token`` is set; ``None`` never cancels."""
    if token is not None:
        token.check()


def report(callback: ProgressCallback | None, done: int, total: int) -> None:
    """Call ``callback`` if there is one."""
    if callback is not None:
        callback(done, total)
