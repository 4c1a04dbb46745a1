"""What the cell editors share: live feedback beside the editor, refusal, the commit rule.

Every delegate here follows the lifecycle of Qt's spin-box delegate example
(``createEditor``, ``setEditorData``, ``setModelData``,
``updateEditorGeometry``). On top of it, :class:`FieldDelegate` gives each
editor a small :class:`FeedbackBubble` (a label just below the editor, inside
the view) and two signals a window can show in its status bar:

* ``feedback(message, severity)`` while the user types (an empty message means
  "nothing to say"); severity is ``"error"``, ``"warning"``, ``"notice"`` or ``""``;
* ``refused(reason)`` when a value cannot be committed: the model refused it
  (the :class:`~sitemap_studio.qt_models.cell_edits.CellEdit` that ``edit_cell``
  returns says why), or the delegate knew beforehand that the text cannot be parsed.

Enter on a value that cannot be parsed keeps the editor open with the reason
shown; leaving the cell any other way closes it and keeps the old value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from sitemap_studio.qt_models.cell_edits import edit_cell

ModelIndex = QModelIndex | QPersistentModelIndex

#: Frame and text colours per severity ("" is a value with nothing to say).
SEVERITY_COLOURS = {"error": "#c62828", "warning": "#e65100", "notice": "#1565c0"}

#: Bubbles are never narrower than this, so that a message in a narrow column stays readable.
BUBBLE_MIN_WIDTH = 280


def paint_frame(editor: QLineEdit, severity: str) -> None:
    """Colour the frame of a line edit by ``severity`` (``""`` restores the normal look)."""
    colour = SEVERITY_COLOURS.get(severity)
    editor.setStyleSheet(f"QLineEdit {{ border: 2px solid {colour}; }}" if colour else "")


class FeedbackBubble(QLabel):
    """A message shown just below (or above) an editor, over the neighbouring cells.

    It is a sibling of the editor (a child of the view's viewport), so it is
    not clipped to the cell; the delegate deletes it with the editor.
    """

    def __init__(self, editor: QWidget, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("feedback_bubble")
        self._editor = editor
        self.severity = ""
        self.setWordWrap(True)
        self.setAutoFillBackground(True)
        self.setFrameShape(QFrame.Shape.Box)
        self.setMargin(3)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.hide()

    def show_message(self, message: str, severity: str) -> None:
        """Show ``message`` coloured by ``severity``, or hide when ``message`` is empty."""
        self.severity = severity if message else ""
        self.setText(message)
        self._editor.setToolTip(message)
        self._editor.setProperty("feedback_severity", self.severity)
        if not message or self.parentWidget() is None:
            self.hide()
            return
        palette = self.palette()
        colour = SEVERITY_COLOURS.get(severity) or palette.color(QPalette.ColorRole.Text).name()
        background = palette.color(QPalette.ColorRole.ToolTipBase).name()
        self.setStyleSheet(f"QLabel {{ color: {colour}; border: 1px solid {colour};"
                           f" background: {background}; }}")
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """Put the bubble under the editor (above it when there is no room below)."""
        area = self.parentWidget()
        if area is None:
            return
        box = self._editor.geometry()
        width = min(max(box.width(), BUBBLE_MIN_WIDTH), max(area.width(), 1))
        height = self.heightForWidth(width)
        if height <= 0:
            height = self.sizeHint().height()
        x = max(0, min(box.x(), area.width() - width))
        y = box.bottom() + 1
        if y + height > area.height() and box.top() - height >= 0:
            y = box.top() - height
        self.setGeometry(x, y, width, height)


class FieldDelegate(QStyledItemDelegate):
    """Base of the cell delegates: feedback, refusal and the commit rule.

    Subclasses implement ``createEditor`` (calling :meth:`_created`),
    ``setEditorData``, :meth:`editor_value` and, where some texts cannot be
    parsed, :meth:`refusal`. ``last_editor`` is the editor most recently
    created (``None`` once it is closed), for tests and for the window.
    """

    #: (message, severity) while the user edits; ("", "") when the editor closes.
    feedback = Signal(str, str)
    #: Why a value was not committed.
    refused = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.last_editor: QWidget | None = None
        self.last_feedback: tuple[str, str] = ("", "")
        self.last_refusal: str | None = None

    # --- hooks for subclasses ------------------------------------------------------------------

    def editor_value(self, editor: QWidget) -> str | None:
        """The value the editor holds, as the model's text (``None`` removes the field)."""
        raise NotImplementedError

    def refusal(self, editor: QWidget) -> str | None:
        """Why the editor's value cannot be committed at all, or ``None`` when it can."""
        return None

    def is_unchanged(self, editor: QWidget, current: Any) -> bool:
        """Whether committing would not change the cell (then nothing is committed)."""
        return (self.editor_value(editor) or None) == (current or None)

    # --- shared machinery ----------------------------------------------------------------------

    def _created(self, editor: QWidget, parent: QWidget | None) -> QWidget:
        editor.setProperty("feedback_severity", "")
        editor.bubble = FeedbackBubble(editor, parent)  # type: ignore[attr-defined]
        self.last_editor = editor
        self.last_refusal = None
        return editor

    def show_feedback(self, editor: QWidget, message: str, severity: str) -> None:
        """Show ``message`` beside ``editor`` and announce it through :attr:`feedback`."""
        bubble: FeedbackBubble | None = getattr(editor, "bubble", None)
        if bubble is not None:
            bubble.show_message(message, severity)
        frame = getattr(editor, "line_edit", editor)
        if isinstance(frame, QLineEdit):
            paint_frame(frame, severity if message else "")
        self.last_feedback = (message, severity if message else "")
        self.feedback.emit(*self.last_feedback)

    def _refuse(self, editor: QWidget | None, reason: str) -> None:
        self.last_refusal = reason
        if editor is not None:
            self.show_feedback(editor, reason, "error")
        self.refused.emit(reason)

    def commit(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> bool:
        """Write the editor's value into the model; report a refusal with the model's reason."""
        reason = self.refusal(editor)
        if reason is not None:
            self._refuse(None, reason)
            return False
        if self.is_unchanged(editor, index.data(Qt.ItemDataRole.EditRole)):
            return True
        outcome = edit_cell(model, index, self.editor_value(editor))
        if outcome.refusal is not None:
            self._refuse(None, outcome.refusal)
        return outcome.accepted

    # --- QStyledItemDelegate -------------------------------------------------------------------

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: ModelIndex) -> None:
        """Commit the editor's value (overrides ``QStyledItemDelegate.setModelData``)."""
        self.commit(editor, model, index)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem,
                             index: ModelIndex) -> None:
        """Fill the cell, wider when the editor needs it (overrides ``updateEditorGeometry``)."""
        rect = option.rect
        wanted = editor.minimumSizeHint() if isinstance(editor, QLineEdit) else editor.sizeHint()
        width = max(rect.width(), wanted.width())
        editor.setGeometry(rect.x(), rect.y(), width, rect.height())
        bubble: FeedbackBubble | None = getattr(editor, "bubble", None)
        if bubble is not None and bubble.isVisible():
            bubble.place()

    def destroyEditor(self, editor: QWidget, index: ModelIndex) -> None:
        """Remove the bubble with the editor (overrides ``QAbstractItemDelegate.destroyEditor``)."""
        bubble: FeedbackBubble | None = getattr(editor, "bubble", None)
        if bubble is not None:
            bubble.hide()
            bubble.deleteLater()
        if editor is self.last_editor:
            self.last_editor = None
        if self.last_feedback != ("", ""):
            self.last_feedback = ("", "")
            self.feedback.emit("", "")
        super().destroyEditor(editor, index)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Keep the editor open when Enter would commit a value that cannot be parsed
        (overrides ``QStyledItemDelegate.eventFilter``)."""
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and isinstance(watched, QWidget)):
            reason = self.refusal(watched)
            if reason is not None:
                self._refuse(watched, reason)
                return True
        return super().eventFilter(watched, event)


class TextDelegate(FieldDelegate):
    """A plain line edit; an optional check colours it and explains while the user types.

    The check only advises: every text is committed (an empty one removes the
    field), and the model decides.
    """

    def __init__(self, check: Callable[[str], str | None] | None = None,
                 parent: QObject | None = None, severity: str = "warning") -> None:
        super().__init__(parent)
        self.check = check
        self.severity = severity

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: ModelIndex) -> QWidget:
        """A line edit checked while typing (overrides ``createEditor``)."""
        editor = QLineEdit(parent)
        editor.textChanged.connect(lambda text: self._changed(editor, text))
        return self._created(editor, parent)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        """Show the cell's text (overrides ``setEditorData``)."""
        assert isinstance(editor, QLineEdit)
        value = index.data(Qt.ItemDataRole.EditRole)
        editor.setText("" if value is None else str(value))
        self._changed(editor, editor.text())

    def editor_value(self, editor: QWidget) -> str | None:
        """The text typed; empty removes the field."""
        assert isinstance(editor, QLineEdit)
        return editor.text() or None

    def _changed(self, editor: QLineEdit, text: str) -> None:
        problem = self.check(text) if self.check is not None else None
        self.show_feedback(editor, problem or "", self.severity if problem else "")
