"""The issues panel: every finding of the current sitemap, filterable, with quick fixes.

Findings with one cause over many entries are one row with the count, expanded to
the entries' rows; a group's quick fix applies to all of its entries in one step.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Finding, Severity, SitemapDocument
from sitemap_studio.core.validation import Cause, DocumentValidator
from sitemap_studio.qt_models.finding_groups_model import FindingGroupsModel

#: After an edit, the list is rebuilt at most this often.
REFRESH_MS = 150
#: Width of the entry column when it shows row numbers only.
_ENTRY_WIDTH = 60


class IssuesPanel(QWidget):
    """Lists findings by cause; double-click jumps to the cell; fixes apply to one, a group
    or all of a kind."""

    jump_requested = Signal(object, object)  # entry id (or None), field name (or None)
    #: Several files shown: the file's key, entry id (or None), field name (or None).
    file_jump_requested = Signal(object, object, object)
    fix_requested = Signal(object, str)  # list of findings, undo text
    #: Several files shown: [(the file's key, its findings to fix)], undo text.
    files_fix_requested = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingGroupsModel(self)
        #: Groups the user expanded, by cause, expanded again after each refresh.
        self._expanded: set[Cause] = set()
        self.validator: DocumentValidator | None = None
        self.document: SitemapDocument | None = None
        #: With several files shown: (name, key, document, validator) each.
        self.files: list[tuple[str, Hashable, SitemapDocument,
                               DocumentValidator | None]] | None = None
        #: Fixes the window builds itself, by finding code (they need what only it knows).
        self.context_fixes: dict[str, str] = {}
        #: Findings from elsewhere than the validator (the URL audit's), listed after its own.
        self.extra_findings: Callable[[SitemapDocument], list[Finding]] | None = None
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        self._build()

    def _build(self) -> None:
        self.view = QTreeView()
        self.view.setObjectName("issues_view")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setUniformRowHeights(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setWordWrap(False)
        self.view.expanded.connect(lambda index: self._expanded.add(self.model.cause(index.row())))
        self.view.collapsed.connect(
            lambda index: self._expanded.discard(self.model.cause(index.row())))
        header = self.view.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in enumerate((110, _ENTRY_WIDTH, 60, 90, 210)):
            header.resizeSection(column, width)
        self.view.doubleClicked.connect(self._double_clicked)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        self.boxes: dict[Severity, QCheckBox] = {}
        filters = QHBoxLayout()
        for severity, title in ((Severity.ERROR, "Errors"), (Severity.WARNING, "Warnings"),
                                (Severity.NOTICE, "Notices")):
            box = QCheckBox(title)
            box.setChecked(True)
            box.toggled.connect(self._severities_changed)
            self.boxes[severity] = box
            filters.addWidget(box)
        filters.addStretch(1)
        self.summary = QLabel()
        filters.addWidget(self.summary)
        self.fix_button = QPushButton("Apply fix")
        self.fix_button.setToolTip("Apply the quick fix of the selected findings (one undo step)")
        self.fix_button.clicked.connect(self.fix_selected)
        self.fix_all_button = QPushButton("Fix all of this kind")
        self.fix_all_button.setToolTip("Apply the quick fix to every finding with the same code")
        self.fix_all_button.clicked.connect(self.fix_all_of_kind)
        filters.addWidget(self.fix_button)
        filters.addWidget(self.fix_all_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.view)
        self._update_buttons()

    # ----------------------------------------------------------------- content

    def show_document(self, document: SitemapDocument | None,
                      validator: DocumentValidator | None) -> None:
        """Follow ``validator``'s findings of ``document`` (``None`` clears the panel)."""
        if self.files is not None:
            self.view.header().resizeSection(1, _ENTRY_WIDTH)
        self._disconnect()
        self.document = document
        self.validator = validator
        if validator is not None:
            validator.findings_changed.connect(self._findings_changed)
        self.refresh()

    def show_files(self, files: list[tuple[str, Hashable, SitemapDocument,
                                           DocumentValidator | None]]) -> None:
        """Follow the findings of several files, each named and keyed (the *All entries* view).

        Jumps and fixes name their file by its key.
        """
        self._disconnect()
        self.document = None
        self.files = list(files)
        for _name, _key, _document, validator in self.files:
            if validator is not None:
                validator.findings_changed.connect(self._findings_changed)
        self.refresh()
        self.view.resizeColumnToContents(1)  # "file name: row"

    def _disconnect(self) -> None:
        validators = [self.validator] if self.files is None else [
            validator for _name, _key, _document, validator in self.files]
        for validator in validators:
            if validator is not None:
                validator.findings_changed.disconnect(self._findings_changed)
        self.validator = None
        self.files = None

    def _findings_changed(self, ids: set[int]) -> None:
        self._refresh_timer.start()

    def refresh(self) -> None:
        """Rebuild the list from the validator now."""
        document = self.document
        extra = self.extra_findings(document) if document is not None and \
            self.extra_findings is not None else []
        if self.files is not None:
            self.model.set_file_findings([
                (name, validator.findings() if validator is not None else doc.load_findings,
                 _positions(doc)) for name, _key, doc, validator in self.files])
        elif document is None:
            self.model.set_findings([])
        elif self.validator is None:
            self.model.set_findings([*document.load_findings, *extra], _positions(document))
        else:
            self.model.set_findings([*self.validator.findings(), *extra],
                                    _positions(document))
        self._expand_again()
        counts = self.model.counts()
        self.summary.setText(f"{plural(counts[Severity.ERROR], 'error')}, "
                             f"{plural(counts[Severity.WARNING], 'warning')}, "
                             f"{plural(counts[Severity.NOTICE], 'notice')}")
        self._update_buttons()

    def _expand_again(self) -> None:
        expanded, self._expanded = self._expanded, set()
        for row in self.model.rows_of(expanded):
            self.view.expand(self.model.index(row, 0))
        self._expanded |= expanded  # also those filtered out for now

    def _severities_changed(self) -> None:
        self.model.set_severities(s for s, box in self.boxes.items() if box.isChecked())
        self._expand_again()
        self._update_buttons()

    # ----------------------------------------------------------------- actions

    def selected_findings(self) -> list[Finding]:
        """The findings of the selected rows (a group's row stands for all of its findings)."""
        chosen: dict[int, Finding] = {}
        for index in self.view.selectionModel().selectedRows():
            for finding in self.model.findings_at(index):
                chosen.setdefault(id(finding), finding)
        return list(chosen.values())

    def _fixable(self, finding: Finding) -> bool:
        return finding.fix is not None or finding.code in self.context_fixes

    def _update_buttons(self) -> None:
        selected = self.selected_findings()
        self.fix_button.setEnabled(any(self._fixable(f) for f in selected))
        self.fix_all_button.setEnabled(len({f.code for f in selected}) == 1 and any(
            self._fixable(f) for f in selected))
        labels = {self.context_fixes.get(f.code) for f in selected if f.fix is None}
        label = labels.pop() if len(labels) == 1 else None
        self.fix_button.setText(label or "Apply fix")

    def fix_selected(self) -> None:
        """Ask for the fixes of the selected findings."""
        fixable = [f for f in self.selected_findings() if self._fixable(f)]
        if fixable:
            self._request(fixable, f"Quick fix ({len(fixable)})")

    def fix_all_of_kind(self) -> None:
        """Ask for the fix of every finding with the selected finding's code."""
        selected = self.selected_findings()
        if not selected:
            return
        code = selected[0].code
        fixable = [f for f in self.model.findings() if f.code == code and self._fixable(f)]
        if fixable:
            self._request(fixable, f"Fix all {code} ({len(fixable)})")

    def _request(self, fixable: list[Finding], text: str) -> None:
        """Ask for the fixes of ``fixable`` (grouped by file when several files are shown)."""
        if self.files is None:
            self.fix_requested.emit(fixable, text)
            return
        groups: dict[int, list[Finding]] = {}
        for finding in fixable:
            number = self.model.file_of(finding)
            if number is not None:
                groups.setdefault(number, []).append(finding)
        self.files_fix_requested.emit(
            [(self.files[number][1], found) for number, found in sorted(groups.items())], text)

    def _double_clicked(self, index: QModelIndex) -> None:
        findings = self.model.findings_at(index)
        if len(findings) != 1:  # a group's row opens (QTreeView does that) rather than jumps
            return
        finding = findings[0]
        number = self.model.file_of(finding)
        if self.files is not None and number is not None:
            self.file_jump_requested.emit(self.files[number][1], finding.entry, finding.field)
            return
        self.jump_requested.emit(finding.entry, finding.field)

    def keyPressEvent(self, event: object) -> None:
        """Enter jumps like a double-click, or opens or closes a group (overrides
        ``QWidget.keyPressEvent``)."""
        key = getattr(event, "key", lambda: None)()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            index = self.view.currentIndex().siblingAtColumn(0)
            if self.model.rowCount(index) > 0:
                self.view.setExpanded(index, not self.view.isExpanded(index))
                return
            if index.isValid():
                self._double_clicked(index)
                return
        super().keyPressEvent(event)  # type: ignore[arg-type]


def _positions(document: SitemapDocument) -> Callable[[int], int | None]:
    """Entry id to 1-based row in ``document`` (``None`` once the entry is gone)."""
    def position(entry_id: int) -> int | None:
        try:
            return document.row_of(entry_id) + 1
        except KeyError:
            return None

    return position
