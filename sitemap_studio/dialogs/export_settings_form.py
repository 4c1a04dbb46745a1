"""The fields of the export dialog: one editor per export setting, plus the base URL.

Number fields cannot leave the protocol's limits (spin boxes bounded to them);
the free-text fields are checked by the dialog as the user types.
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from sitemap_studio.core.export import MIN_MAX_BYTES
from sitemap_studio.core.model import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS
from sitemap_studio.core.project import ExportSettings
from sitemap_studio.dialogs import publish_prompts

LASTMOD_CHOICES = (
    ("newest", "Newest lastmod of each file"),
    ("none", "No lastmod"),
)


class ExportSettingsForm(QWidget):
    """Editors for every field of :class:`ExportSettings`; ``changed`` after any edit."""

    changed = Signal()

    def __init__(self, settings: ExportSettings, base_url: str | None,
                 project_folder: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._original = settings
        self._project_folder = project_folder
        layout = QFormLayout(self)

        self.folder_edit = QLineEdit(settings.output_folder)
        self.folder_edit.setToolTip("Where the files go: relative to the project file's folder, "
                                    "or absolute")
        self.browse_button = QPushButton("Browse…")
        self.browse_button.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder_edit, 1)
        row.addWidget(self.browse_button)
        label = QLabel("Output &folder:", self)
        label.setBuddy(self.folder_edit)  # a row holding a layout gets no buddy by itself
        layout.addRow(label, row)

        self.base_url_edit = QLineEdit(base_url or "")
        self.base_url_edit.setPlaceholderText("https://www.example.com/sitemaps/")
        self.base_url_edit.setToolTip("The public URL of the output folder, ending with '/': "
                                      "the index lists every file under it (not saved; it "
                                      "comes from the project's index or site URL)")
        layout.addRow("Public &URL of the folder:", self.base_url_edit)

        self.hosts_edit = QPlainTextEdit("\n".join(settings.host_base_urls))
        self.hosts_edit.setObjectName("host_base_urls")
        self.hosts_edit.setPlaceholderText("https://shop.example.com/sitemaps/ (one per line)")
        self.hosts_edit.setToolTip("When the sitemaps list URLs of more than one host: the "
                                   "public URL of each other host's files, one per line. "
                                   "Each host gets its own files and index, in a folder "
                                   "named after it")
        self.hosts_edit.setTabChangesFocus(True)
        lines = self.hosts_edit.fontMetrics().lineSpacing()
        self.hosts_edit.setFixedHeight(lines * 2 + 12)
        layout.addRow("&Other hosts' URLs:", self.hosts_edit)

        self.max_urls_spin = QSpinBox()
        self.max_urls_spin.setRange(1, PROTOCOL_MAX_URLS)
        self.max_urls_spin.setGroupSeparatorShown(True)
        self.max_urls_spin.setValue(settings.max_urls)
        self.max_urls_spin.setToolTip(f"At most {PROTOCOL_MAX_URLS:,} (the protocol's limit)")
        layout.addRow("Max &URLs per file:", self.max_urls_spin)

        self.max_bytes_spin = QSpinBox()
        self.max_bytes_spin.setRange(MIN_MAX_BYTES, PROTOCOL_MAX_BYTES)
        self.max_bytes_spin.setGroupSeparatorShown(True)
        self.max_bytes_spin.setSingleStep(1024 * 1024)
        self.max_bytes_spin.setSuffix(" bytes")
        self.max_bytes_spin.setValue(settings.max_bytes)
        self.max_bytes_spin.setToolTip(f"Uncompressed, at most {PROTOCOL_MAX_BYTES:,} bytes "
                                       "(50 MiB, the protocol's limit)")
        layout.addRow("Max &size per file:", self.max_bytes_spin)

        self.gzip_check = QCheckBox("&Gzip the sitemap files (the index stays plain XML)")
        self.gzip_check.setChecked(settings.gzip)
        layout.addRow("", self.gzip_check)

        self.pattern_edit = QLineEdit(settings.name_pattern)
        self.pattern_edit.setToolTip("A file name with {n} where the file number goes; "
                                     ".gz is added when gzipping")
        layout.addRow("File &names:", self.pattern_edit)

        self.index_name_edit = QLineEdit(settings.index_name)
        layout.addRow("&Index file name:", self.index_name_edit)

        self.index_lastmod_combo = QComboBox()
        for value, title in LASTMOD_CHOICES:
            self.index_lastmod_combo.addItem(title, value)
        chosen = self.index_lastmod_combo.findData(settings.index_lastmod)
        self.index_lastmod_combo.setCurrentIndex(max(0, chosen))
        layout.addRow("Index &lastmod:", self.index_lastmod_combo)

        self.stylesheet_edit = QLineEdit(settings.stylesheet or "")
        self.stylesheet_edit.setPlaceholderText("none (e.g. /sitemap.xsl)")
        self.stylesheet_edit.setToolTip("An XSL stylesheet every written file refers to, so "
                                        "browsers show the sitemaps as a page")
        layout.addRow("S&tylesheet:", self.stylesheet_edit)

        for edit in (self.folder_edit, self.base_url_edit, self.pattern_edit,
                     self.index_name_edit, self.stylesheet_edit):
            edit.textChanged.connect(self.changed)
        self.hosts_edit.textChanged.connect(self.changed)
        self.max_urls_spin.valueChanged.connect(self.changed)
        self.max_bytes_spin.valueChanged.connect(self.changed)
        self.gzip_check.toggled.connect(self.changed)
        self.index_lastmod_combo.currentIndexChanged.connect(self.changed)

    def settings(self) -> ExportSettings:
        """The settings as edited (keys this version does not know are kept)."""
        stylesheet = self.stylesheet_edit.text().strip()
        return replace(
            self._original,
            output_folder=self.folder_edit.text().strip(),
            max_urls=self.max_urls_spin.value(),
            max_bytes=self.max_bytes_spin.value(),
            gzip=self.gzip_check.isChecked(),
            name_pattern=self.pattern_edit.text().strip(),
            stylesheet=stylesheet or None,
            index_lastmod=str(self.index_lastmod_combo.currentData()),
            index_name=self.index_name_edit.text().strip(),
            host_base_urls=self.host_base_urls(),
            base_url=self.base_url(),
            extra=dict(self._original.extra),
        )

    def host_base_urls(self) -> list[str]:
        """The other hosts' base URLs as typed, one per non-empty line."""
        return [line.strip() for line in self.hosts_edit.toPlainText().splitlines()
                if line.strip()]

    def base_url(self) -> str | None:
        """The public URL of the output folder as typed, or ``None`` when empty."""
        return self.base_url_edit.text().strip() or None

    def _browse(self) -> None:
        start = self._absolute(self.folder_edit.text().strip())
        folder = publish_prompts.choose_folder(self, "Export folder", start)
        if folder:
            self.folder_edit.setText(self._relative(folder))

    def _absolute(self, folder: str) -> str:
        if self._project_folder is None or os.path.isabs(folder):
            return folder
        return os.path.normpath(os.path.join(self._project_folder, folder))

    def _relative(self, folder: str) -> str:
        """``folder`` relative to the project's folder when inside it (with ``/``), else as is."""
        if self._project_folder is None:
            return folder
        try:
            relative = os.path.relpath(folder, self._project_folder)
        except ValueError:  # another drive on Windows
            return folder
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            return folder
        return relative.replace(os.sep, "/")
