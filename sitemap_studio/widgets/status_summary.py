"""The status bar's permanent figures: entries, selection, filter and size against the limits."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from sitemap_studio.core.model import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS

_OVER = "color: #c62828; font-weight: bold;"


def _size_text(size: int) -> str:
    if size < 1024 * 1024:
        return f"{size / 1024:,.1f} KiB"
    return f"{size / (1024 * 1024):,.1f} MiB"


def entries_text(entries: int) -> str:
    """``12,345 / 50,000 entries``."""
    return f"{entries:,} / {PROTOCOL_MAX_URLS:,} entries"


def size_text(size: int) -> str:
    """The uncompressed size against the 52,428,800-byte limit, with the share used."""
    share = 100 * size / PROTOCOL_MAX_BYTES
    return (f"{_size_text(size)} of {_size_text(PROTOCOL_MAX_BYTES)} uncompressed "
            f"({share:.1f}%)")


class StatusSummary(QWidget):
    """Four labels; a figure over its protocol limit turns red and says so in its tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries_label = QLabel()
        self.entries_label.setObjectName("status_entries")
        self.selected_label = QLabel()
        self.selected_label.setObjectName("status_selected")
        self.shown_label = QLabel()
        self.shown_label.setObjectName("status_shown")
        self.size_label = QLabel()
        self.size_label.setObjectName("status_size")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        for label in (self.entries_label, self.selected_label, self.shown_label,
                      self.size_label):
            layout.addWidget(label)
        self.clear()

    def clear(self) -> None:
        """No document shown."""
        for label in (self.entries_label, self.selected_label, self.shown_label,
                      self.size_label):
            label.setText("")
            label.setStyleSheet("")
            label.setToolTip("")

    def set_document_figures(self, entries: int, size: int) -> None:
        """Entry count and uncompressed size of the document shown."""
        self.entries_label.setText(entries_text(entries))
        over = entries > PROTOCOL_MAX_URLS
        self.entries_label.setStyleSheet(_OVER if over else "")
        self.entries_label.setToolTip(
            f"Over the protocol's limit of {PROTOCOL_MAX_URLS:,} URLs a file: "
            "export splits it" if over else f"The protocol allows {PROTOCOL_MAX_URLS:,} URLs "
            "a file")
        self.size_label.setText(size_text(size))
        over = size > PROTOCOL_MAX_BYTES
        self.size_label.setStyleSheet(_OVER if over else "")
        self.size_label.setToolTip(
            f"Over the protocol's limit of {PROTOCOL_MAX_BYTES:,} bytes uncompressed: "
            "export splits it" if over else f"The protocol allows {PROTOCOL_MAX_BYTES:,} bytes "
            "uncompressed")

    def set_selected(self, selected: int) -> None:
        """How many entries are selected."""
        self.selected_label.setText(f"{selected:,} selected")

    def set_shown(self, shown: int, total: int) -> None:
        """How many entries the filter shows."""
        self.shown_label.setText(f"{shown:,} shown" if shown != total else "all shown")
