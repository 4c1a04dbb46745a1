"""Fixtures for the dialog tests: a job runner, the XSD oracle, a driver for a modal ``ask()``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from helpers.xsd_oracle import XsdOracle
from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication, QDialog

T = TypeVar("T")


@pytest.fixture
def oracle(core_xsd_oracle: XsdOracle) -> XsdOracle:
    """The official sitemap XSDs, to check what an export wrote."""
    return core_xsd_oracle


@pytest.fixture
def stack(qapp: QApplication) -> QUndoStack:
    """A bare undo stack."""
    return QUndoStack()


ModalRunner = Callable[[type[QDialog], Callable[[], T], Callable[[Any], None]], T]


@pytest.fixture
def run_modal(qapp: QApplication) -> ModalRunner[Any]:
    """Call ``ask()`` and, once its dialog is shown, hand the dialog to ``drive``.

    ``drive`` must close the dialog (a button, ``accept()``, ``reject()``);
    an exception in it rejects the dialog and is raised again here.
    """

    def run(dialog_class: type[QDialog], ask: Callable[[], T],
            drive: Callable[[Any], None]) -> T:
        failures: list[BaseException] = []
        seen: list[QDialog] = []
        tries = [0]

        def step() -> None:
            shown = [widget for widget in QApplication.topLevelWidgets()
                     if isinstance(widget, dialog_class) and widget.isVisible()]
            if not shown:
                tries[0] += 1
                if tries[0] < 500:  # five seconds
                    QTimer.singleShot(10, step)
                return
            dialog = shown[0]
            seen.append(dialog)
            try:
                drive(dialog)
            except BaseException as exc:  # raised again once exec() returns
                failures.append(exc)
                dialog.reject()

        QTimer.singleShot(0, step)
        result = ask()
        if failures:
            raise failures[0]
        assert seen, "the dialog was never shown"
        assert not seen[0].isVisible()
        return result

    return run
