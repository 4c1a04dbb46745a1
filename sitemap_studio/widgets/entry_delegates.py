"""Cell editors of the entry table: location, lastmod, changefreq and priority.

* :class:`LocDelegate`: a line edit judged by the core's ``check_loc`` while
  typing (frame colour, tooltip, a message below the editor, the ``feedback``
  signal). An empty or XML-illegal location is refused.
* :class:`LastmodDelegate`: a line edit with a calendar pop-up. Every W3C
  Datetime form is accepted (YYYY, YYYY-MM, YYYY-MM-DD, hh:mmTZD, seconds,
  fractions; the reduced ones with a notice that the sitemap XSD wants a full
  date); anything else is refused with the core's reason, and a correction
  where one is obvious ("2024-01-15 10:30:00": "Suggested:
  2024-01-15T10:30:00+00:00"; "2024-02-30": "Not a real date: February 2024
  has 29 days"). This matches what the entry model's ``setData`` takes.
  Empty text removes the field.
  Picking a date replaces the date part and keeps a time and timezone already
  typed after it ("2024-01-15T10:30:00Z" -> "2024-03-05T10:30:00Z").
* :class:`ChangefreqDelegate`: a combo box of "(none)" and the seven values; a
  value found in the file that is none of them stays as an extra item marked
  "(invalid)" until the user picks another.
* :class:`PriorityDelegate`: a spin box stepping 0.0 to 1.0 by 0.1 (larger typed values are
  kept, and flagged by validation), shown with one
  decimal or two when the value has them; "(none)" below 0.0 removes the
  field. A value that is not a number ("high") or out of range opens as 0.5 (or
  clamped) with a warning, and is replaced only if the user changes the number.

Values go to the model as text (``None`` removes the field); the model has the
last word, and the reason its ``edit_cell`` answer gives is shown when it refuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QLineEdit,
    QStyleOptionViewItem,
    QWidget,
)

from sitemap_studio.core.model import (
    CHANGEFREQ_VALUES,
    DateIssue,
    Severity,
    SitemapError,
    diagnose_datetime,
    parse_priority,
)
from sitemap_studio.core.reading import XML_WHITESPACE
from sitemap_studio.core.validation import Profile, Reporter, ValidationContext, check_loc
from sitemap_studio.core.writing import escape_text
from sitemap_studio.widgets.delegate_feedback import FieldDelegate, ModelIndex, TextDelegate
from sitemap_studio.widgets.field_editors import (
    DEFAULT_PRIORITY,
    MAX_TYPED_PRIORITY,
    LastmodEditor,
    PrioritySpinBox,
)


def _illegal_character(text: str) -> str | None:
    """Why XML cannot hold ``text``, or ``None``."""
    try:
        escape_text(text)
    except SitemapError as error:
        return f"Refused: {error.message[:1].upper()}{error.message[1:]}."
    return None


# --- location ---------------------------------------------------------------------------------


def loc_feedback(text: str, profile: Profile = Profile.PROTOCOL, *, index: bool = False,
                 required: bool = True) -> tuple[str, str]:
    """The worst thing ``check_loc`` says about ``text``, as (message, severity)."""
    value = text.strip(XML_WHITESPACE)
    if not value:
        if required:
            return "An entry needs a location: the URL cannot be empty.", Severity.ERROR.value
        return "Empty: the field will be removed.", Severity.NOTICE.value
    illegal = _illegal_character(value)
    if illegal is not None:
        return illegal, Severity.ERROR.value
    report = Reporter(profile)
    check_loc(value, None, report, ValidationContext(profile=profile), None, index=index)
    if not report.findings:
        return "", ""
    worst = min(report.findings, key=lambda finding: finding.severity.rank)
    more = len(report.findings) - 1
    suffix = f" (and {more} more finding{'s' if more > 1 else ''})" if more else ""
    return worst.message + suffix, worst.severity.value


class LocDelegate(TextDelegate):
    """A line edit for a URL with live feedback; an empty or XML-illegal URL is refused.

    ``profile`` and ``sitemap_index`` (the rows are ``<sitemap>`` elements of an index)
    tune the check; ``required=False`` makes an empty text remove the field (for the
    URLs of extensions).
    """

    def __init__(self, parent: QObject | None = None, *, required: bool = True,
                 profile: Profile = Profile.PROTOCOL) -> None:
        super().__init__(None, parent)
        self.required = required
        self.profile = profile
        self.sitemap_index = False

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: ModelIndex) -> QWidget:
        """The text delegate's line edit, named and with a hint (overrides ``createEditor``)."""
        editor = super().createEditor(parent, option, index)
        editor.setObjectName("loc_editor")
        assert isinstance(editor, QLineEdit)
        editor.setPlaceholderText("https://example.com/page")
        return editor

    def editor_value(self, editor: QWidget) -> str | None:
        """The URL typed, trimmed of surrounding blanks."""
        assert isinstance(editor, QLineEdit)
        return editor.text().strip(XML_WHITESPACE) or None

    def refusal(self, editor: QWidget) -> str | None:
        """An empty URL (when required) or one with characters XML cannot hold."""
        assert isinstance(editor, QLineEdit)
        value = editor.text().strip(XML_WHITESPACE)
        if not value:
            return "Refused: an entry needs a location; the URL cannot be empty." \
                if self.required else None
        return _illegal_character(value)

    def _changed(self, editor: QLineEdit, text: str) -> None:
        message, severity = loc_feedback(text, self.profile, index=self.sitemap_index,
                                         required=self.required)
        self.show_feedback(editor, message, severity)


# --- lastmod ----------------------------------------------------------------------------------


def lastmod_feedback(text: str) -> tuple[str, str, bool]:
    """What a typed lastmod means: (message, severity, refused).

    Only W3C Datetime texts are taken (what ``parse_w3c_datetime`` accepts);
    a near-miss is refused with the core's correction.
    """
    value = text.strip(XML_WHITESPACE)
    if not value:
        return "Empty: the field will be removed.", Severity.NOTICE.value, False
    diagnosis = diagnose_datetime(value)
    suggestion = f" Suggested: {diagnosis.suggestion}" if diagnosis.suggestion else ""
    if diagnosis.issue is None:
        return "", "", False
    if diagnosis.issue is DateIssue.REDUCED_PRECISION:
        return (f"A valid W3C Datetime, but {diagnosis.problem}, which the sitemap XSD does "
                f"not accept.{suggestion}", Severity.NOTICE.value, False)
    if diagnosis.issue is DateIssue.IMPOSSIBLE:
        return f"Not a real date: {diagnosis.problem}.", Severity.ERROR.value, True
    if diagnosis.issue is DateIssue.NOT_A_DATE:
        return f"Not a date: {diagnosis.problem}.", Severity.ERROR.value, True
    return f"Not a W3C Datetime: {diagnosis.problem}.{suggestion}", Severity.ERROR.value, True


class LastmodDelegate(FieldDelegate):
    """A W3C Datetime editor with a calendar; texts that name no real instant are refused."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: ModelIndex) -> QWidget:
        """A :class:`LastmodEditor` checked while typing (overrides ``createEditor``)."""
        editor = LastmodEditor(parent)
        editor.line_edit.textChanged.connect(lambda text: self._changed(editor, text))
        return self._created(editor, parent)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        """Show the cell's text (overrides ``setEditorData``)."""
        assert isinstance(editor, LastmodEditor)
        value = index.data(Qt.ItemDataRole.EditRole)
        editor.line_edit.setText("" if value is None else str(value))
        self._changed(editor, editor.line_edit.text())

    def editor_value(self, editor: QWidget) -> str | None:
        """The text typed, trimmed; empty removes the field."""
        assert isinstance(editor, LastmodEditor)
        return editor.line_edit.text().strip(XML_WHITESPACE) or None

    def refusal(self, editor: QWidget) -> str | None:
        """Why the text names no instant at all ("Not a real date: ..."), or ``None``."""
        assert isinstance(editor, LastmodEditor)
        message, _severity, refused = lastmod_feedback(editor.line_edit.text())
        return f"Refused: {message}" if refused else None

    def _changed(self, editor: LastmodEditor, text: str) -> None:
        message, severity, _refused = lastmod_feedback(text)
        self.show_feedback(editor, message, severity)


# --- changefreq -------------------------------------------------------------------------------


class ChangefreqDelegate(FieldDelegate):
    """A combo box of the seven values and "(none)"; an invalid value is kept as an item."""

    NONE_TEXT = "(none)"

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: ModelIndex) -> QWidget:
        """A combo box that cannot hold a bad value (overrides ``createEditor``)."""
        editor = QComboBox(parent)
        editor.setObjectName("changefreq_editor")
        editor.addItem(self.NONE_TEXT, "")
        for value in CHANGEFREQ_VALUES:
            editor.addItem(value, value)
        editor.currentIndexChanged.connect(lambda _row: self._changed(editor))
        return self._created(editor, parent)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        """Select the cell's value, adding it as "(invalid)" if needed (overrides
        ``setEditorData``)."""
        assert isinstance(editor, QComboBox)
        value = index.data(Qt.ItemDataRole.EditRole) or ""
        row = editor.findData(value)
        if row < 0:
            editor.addItem(f"{value} (invalid)", value)
            row = editor.count() - 1
            editor.setItemData(row, self._invalid_message(value), Qt.ItemDataRole.ToolTipRole)
        editor.setProperty("invalid_value", None if value in ("", *CHANGEFREQ_VALUES) else value)
        editor.setCurrentIndex(row)
        self._changed(editor)

    def editor_value(self, editor: QWidget) -> str | None:
        """The value picked; "(none)" removes the field."""
        assert isinstance(editor, QComboBox)
        return editor.currentData() or None

    @staticmethod
    def _invalid_message(value: str) -> str:
        lowered = value.strip(XML_WHITESPACE).lower()
        hint = f"; did you mean '{lowered}'?" if lowered in CHANGEFREQ_VALUES else "."
        return (f"'{value}' is not a changefreq value{hint} It stays as it is unless you pick "
                "another value.")

    def _changed(self, editor: QComboBox) -> None:
        invalid = editor.property("invalid_value")
        if invalid and editor.currentData() == invalid:
            self.show_feedback(editor, self._invalid_message(invalid), Severity.WARNING.value)
        else:
            self.show_feedback(editor, "", "")


# --- priority ---------------------------------------------------------------------------------

class PriorityDelegate(FieldDelegate):
    """A spin box from 0.0 to 1.0; a value that is not a number survives until replaced."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: ModelIndex) -> QWidget:
        """A :class:`PrioritySpinBox` (overrides ``createEditor``)."""
        editor = PrioritySpinBox(parent)
        editor.valueChanged.connect(lambda _value: self._changed(editor))
        return self._created(editor, parent)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        """Show the cell's priority; warn when it cannot be shown as it is (overrides
        ``setEditorData``)."""
        assert isinstance(editor, PrioritySpinBox)
        text = index.data(Qt.ItemDataRole.EditRole)
        editor.setProperty("old_value", text)
        if text is None or text == "":
            editor.set_priority(None)
        else:
            number = parse_priority(str(text))
            editor.set_priority(DEFAULT_PRIORITY if number is None
                                else min(MAX_TYPED_PRIORITY, max(0.0, float(number))))
        self._changed(editor)

    def _warning(self, editor: PrioritySpinBox) -> str:
        old = editor.property("old_value")
        shown = editor.priority_text()
        if editor.touched and shown is not None and Decimal(shown) > 1:
            return f"{shown} is outside 0.0-1.0: it will be kept and flagged"
        if old is None or old == "" or editor.touched:
            return ""
        number = parse_priority(str(old))
        keep = f"'{old}' stays unless you change the number (Escape keeps it)."
        if number is None:
            return f"The old value '{old}' is not a number; {keep}"
        if not 0 <= number <= 1:
            return f"The old value '{old}' is outside 0.0-1.0; {keep}"
        if shown is not None and Decimal(shown) != number:
            return f"The old value '{old}' is shown rounded to {shown}; {keep}"
        return ""

    def _changed(self, editor: PrioritySpinBox) -> None:
        warning = self._warning(editor)
        self.show_feedback(editor, warning, Severity.WARNING.value if warning else "")

    def editor_value(self, editor: QWidget) -> str | None:
        """The number shown ("0.5", "0.25"), ``None`` for "(none)"."""
        assert isinstance(editor, PrioritySpinBox)
        editor.interpretText()
        return editor.priority_text()

    def is_unchanged(self, editor: QWidget, current: Any) -> bool:
        """Untouched, or the same number: nothing is written (so 'high' or '0.50' stay)."""
        assert isinstance(editor, PrioritySpinBox)
        if not editor.touched:
            return True
        new = self.editor_value(editor)
        old = parse_priority(str(current)) if current else None
        if new is None or old is None:
            return new is None and not current
        return Decimal(new) == old


# --- wiring -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntryDelegates:
    """The four delegates set on a table, so that a window can connect their signals."""

    loc: LocDelegate
    lastmod: LastmodDelegate
    changefreq: ChangefreqDelegate
    priority: PriorityDelegate

    def all(self) -> tuple[FieldDelegate, ...]:
        """The delegates in column order."""
        return self.loc, self.lastmod, self.changefreq, self.priority


def install_delegates(view: QAbstractItemView) -> EntryDelegates:
    """Set the four delegates on columns 0-3 of ``view`` (they are children of ``view``)."""
    delegates = EntryDelegates(LocDelegate(view), LastmodDelegate(view),
                               ChangefreqDelegate(view), PriorityDelegate(view))
    for column, delegate in enumerate(delegates.all()):
        view.setItemDelegateForColumn(column, delegate)
    return delegates
