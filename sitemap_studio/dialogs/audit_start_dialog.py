"""Ask what to audit: the sitemap shown, the selected entries or the whole project, and how.

The two settings of the audit live here too, where the user meets them:
whether URLs on private addresses (a router, a service on this computer) may
be fetched, and how many days a re-audit trusts an earlier result. The
window remembers both.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sitemap_studio.core.audit import AuditRequest, AuditScope
from sitemap_studio.dialogs.feedback_label import ok_cancel_buttons, plural

PRIVATE_TEXT = ("Also fetch URLs whose host is a private or loopback address (a router, a "
                "test server on this computer)")
EXPLANATION = ("The audit fetches every URL chosen, follows its redirects, reads robots.txt, "
               "the robots meta tag and the canonical link, and tells which URLs a search "
               "engine can index. Nothing is changed until you apply a fix.")


class AuditStartDialog(QDialog):
    """Scope radio buttons, the private-address setting and the days a result is trusted."""

    def __init__(self, counts: dict[AuditScope, int], *, allow_private: bool, skip_days: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Audit URLs")
        explanation = QLabel(EXPLANATION, self)
        explanation.setWordWrap(True)
        titles = {AuditScope.SHOWN: "The sitemap shown", AuditScope.SELECTION:
                  "The selected entries", AuditScope.PROJECT: "Every sitemap of the project"}
        self.scopes: dict[AuditScope, QRadioButton] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(explanation)
        for scope, title in titles.items():
            count = counts.get(scope)
            button = QRadioButton(title if count is None else
                                  f"{title} ({plural(count, 'URL')})", self)
            button.setObjectName(f"scope_{scope}")
            button.setEnabled(count is not None and count > 0)
            self.scopes[scope] = button
            layout.addWidget(button)
        chosen = next((s for s in (AuditScope.SELECTION, AuditScope.SHOWN, AuditScope.PROJECT)
                       if self.scopes[s].isEnabled()), None)
        if chosen is not None:
            self.scopes[chosen].setChecked(True)
        self.private_box = QCheckBox(PRIVATE_TEXT, self)
        self.private_box.setObjectName("allow_private")
        self.private_box.setChecked(allow_private)
        self.skip_spin = QSpinBox(self)
        self.skip_spin.setObjectName("skip_days")
        self.skip_spin.setRange(0, 365)
        self.skip_spin.setValue(skip_days)
        self.skip_spin.setSpecialValueText("never (audit every URL)")
        self.skip_spin.setSuffix(" days")
        form = QFormLayout()
        form.addRow(self.private_box)
        form.addRow("Skip URLs checked within:", self.skip_spin)
        layout.addLayout(form)
        self.buttons, self.ok_button = ok_cancel_buttons(self, "&Audit")
        self.ok_button.setEnabled(chosen is not None)
        layout.addWidget(self.buttons)

    def request(self) -> AuditRequest | None:
        """What the dialog asks for now (``None`` when nothing can be audited)."""
        scope = next((s for s, button in self.scopes.items() if button.isChecked()), None)
        if scope is None:
            return None
        return AuditRequest(scope, self.private_box.isChecked(), self.skip_spin.value())

    @classmethod
    def ask(cls, parent: QWidget | None, counts: dict[AuditScope, int], *,
            allow_private: bool, skip_days: int) -> AuditRequest | None:
        """What to audit and how, or ``None`` when cancelled.

        ``counts`` holds the number of URLs of each scope that can be audited;
        a scope left out (no project, no selection) cannot be chosen.
        """
        dialog = cls(counts, allow_private=allow_private, skip_days=skip_days, parent=parent)
        try:
            return dialog.request() if dialog.exec() == QDialog.DialogCode.Accepted else None
        finally:
            dialog.deleteLater()


__all__ = ["AuditStartDialog"]
