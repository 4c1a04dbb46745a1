"""A minimal callback list, so Qt-free objects can tell listeners what happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Callbacks(Generic[P]):
    """Plain Python callbacks called in the order they were connected."""

    __slots__ = ("_callbacks",)

    def __init__(self) -> None:
        self._callbacks: list[Callable[P, object]] = []

    def connect(self, callback: Callable[P, object]) -> None:
        """Call ``callback`` on every :meth:`emit`."""
        self._callbacks.append(callback)

    def disconnect(self, callback: Callable[P, object]) -> None:
        """Stop calling ``callback``; unknown callbacks are ignored."""
        if callback in self._callbacks:
            self._callbacks.remove(callback)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every connected callback."""
        for callback in list(self._callbacks):
            callback(*args, **kwargs)
