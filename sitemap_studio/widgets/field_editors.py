"""Editor widgets of the cell delegates: a date line edit with a calendar, a priority spin box."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QDate, QEvent, QLocale, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QCalendarWidget,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

#: A full date followed by a time: the part a calendar pick keeps.
_DATE_THEN_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(T.*)")
_DATE_PREFIX = re.compile(r"([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?")


class LastmodEditor(QWidget):
    """A line edit and a button that opens a calendar pop-up (also Alt+Down or F4)."""

    date_picked = Signal(QDate)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lastmod_editor")
        self.line_edit = QLineEdit(self)
        self.line_edit.setPlaceholderText("YYYY-MM-DD or YYYY-MM-DDThh:mm:ss+hh:mm")
        self.button = QToolButton(self)
        self.button.setArrowType(Qt.ArrowType.DownArrow)
        self.button.setToolTip("Pick a date from a calendar (Alt+Down)")
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.clicked.connect(self.open_calendar)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.line_edit, 1)
        layout.addWidget(self.button)
        self.setFocusProxy(self.line_edit)
        self.popup: QFrame | None = None
        self.calendar: QCalendarWidget | None = None
        self.line_edit.installEventFilter(self)

    def current_date(self) -> QDate | None:
        """The date at the start of the text (month and day default to 1), if any."""
        match = _DATE_PREFIX.match(self.line_edit.text().strip())
        if match is None:
            return None
        year, month, day = (int(part) if part else 1 for part in match.groups())
        date = QDate(year, month, day)
        return date if date.isValid() else None

    def open_calendar(self) -> None:
        """Show the calendar pop-up below the editor, on the date typed (or today)."""
        if self.popup is None:
            self.popup = QFrame(self, Qt.WindowType.Popup)
            self.popup.setObjectName("lastmod_calendar_popup")
            self.popup.setFrameShape(QFrame.Shape.StyledPanel)
            self.calendar = QCalendarWidget(self.popup)
            self.calendar.setGridVisible(True)
            self.calendar.clicked.connect(self.pick_date)
            self.calendar.activated.connect(self.pick_date)
            layout = QVBoxLayout(self.popup)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.calendar)
        assert self.calendar is not None
        self.calendar.setSelectedDate(self.current_date() or QDate.currentDate())
        self.popup.adjustSize()
        self.popup.move(self.mapToGlobal(QPoint(0, self.height())))
        self.popup.show()
        self.calendar.setFocus(Qt.FocusReason.PopupFocusReason)

    def pick_date(self, date: QDate) -> None:
        """Write ``date`` as YYYY-MM-DD, keeping a time and timezone typed after the date."""
        match = _DATE_THEN_TIME.fullmatch(self.line_edit.text().strip())
        tail = match.group(1) if match else ""
        self.line_edit.setText(date.toString("yyyy-MM-dd") + tail)
        if self.popup is not None:
            self.popup.hide()
        self.line_edit.setFocus(Qt.FocusReason.PopupFocusReason)
        self.date_picked.emit(date)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Alt+Down and F4 open the calendar (overrides ``QWidget.keyPressEvent``)."""
        if event.key() == Qt.Key.Key_F4 or (
                event.key() == Qt.Key.Key_Down
                and event.modifiers() & Qt.KeyboardModifier.AltModifier):
            self.open_calendar()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Pass the line edit's focus-out on to this editor, so that the delegate commits and
        closes when focus leaves for good (overrides ``QObject.eventFilter``)."""
        if watched is self.line_edit and event.type() == QEvent.Type.FocusOut:
            assert isinstance(event, QFocusEvent)
            QApplication.sendEvent(self, QFocusEvent(QEvent.Type.FocusOut, event.reason()))
        return False


#: The spin box value below 0.0 that stands for "no priority".
NONE_PRIORITY = -0.01
#: The protocol's default priority, shown when the old value is not a number.
DEFAULT_PRIORITY = 0.5
#: The largest number the spin box takes: above 1.0 a typed value is kept and flagged.
MAX_TYPED_PRIORITY = 99.99


class PrioritySpinBox(QDoubleSpinBox):
    """0.0 to 1.0 by 0.1, C locale ("0.5" everywhere), "(none)" at the bottom.

    Stepping stays within 0.0-1.0; a larger number can be typed (1.5), so that
    the table keeps it and flags it instead of changing it silently.
    ``touched`` says whether the user changed the number since
    :meth:`set_priority`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("priority_editor")
        self.setLocale(QLocale.c())
        self.setDecimals(2)
        self.setRange(NONE_PRIORITY, MAX_TYPED_PRIORITY)
        self.setSingleStep(0.1)
        self.setSpecialValueText("(none)")
        self.setAlignment(Qt.AlignmentFlag.AlignRight)
        self._initial = self.value()
        self._edited = False
        self.lineEdit().textEdited.connect(self._edit)

    def _edit(self, *_args: Any) -> None:
        self._edited = True

    @property
    def touched(self) -> bool:
        """Whether the user typed or stepped, or the number differs from the one set."""
        return self._edited or self.value() != self._initial

    def set_priority(self, value: float | None) -> None:
        """Show ``value`` (``None``: "(none)") without counting it as a user change."""
        self.setValue(NONE_PRIORITY if value is None else value)
        self._initial = self.value()
        self._edited = False

    def priority_text(self) -> str | None:
        """The value as the sitemap writes it, ``None`` for "(none)"."""
        if self.value() <= self.minimum():
            return None
        return self.textFromValue(self.value())

    def textFromValue(self, val: float) -> str:
        """One decimal, or two when the value has them (overrides ``textFromValue``)."""
        text = f"{max(val, 0.0):.2f}"
        return text[:-1] if text.endswith("0") else text

    def stepBy(self, steps: int) -> None:
        """Stepping up from "(none)" starts at 0.0 (overrides ``QAbstractSpinBox.stepBy``)."""
        self._edited = True
        if self.value() <= self.minimum() and steps > 0:
            self.setValue(min(1.0, (steps - 1) * self.singleStep()))
            self.selectAll()
            return
        before = self.value()
        super().stepBy(steps)
        if steps > 0 and before <= 1.0 < self.value():
            self.setValue(1.0)  # stepping never leaves the protocol's range
