"""The installed PySide6 keeps Python's singletons' reference counts intact.

PySide6 6.12.0 dropped a reference to ``None`` on every call returning nothing
and to ``True`` on every signal emit (CPython 3.11): a long session aborted the
interpreter. This guards the pinned version range.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel


class _Emitter(QObject):
    changed = Signal(bool)


def test_calls_and_emits_do_not_leak_singleton_references(qtbot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    emitter = _Emitter()
    emitter.changed.connect(lambda value: None)
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(2000):
        label.setText("x")
        emitter.changed.emit(True)
    assert abs(sys.getrefcount(None) - none_before) < 100
    assert abs(sys.getrefcount(True) - true_before) < 100
