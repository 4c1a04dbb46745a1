"""Small questions the window asks; each is a plain function so tests can replace it."""

from __future__ import annotations

import html
import os
from enum import StrEnum

from PySide6.QtCore import QDir, QStandardPaths, Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from sitemap_studio.core.edits import site_url_problem
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.writing import OutputFormat

OPEN_FILTER = ("Sitemaps and projects (*.sitemapproj *.xml *.xml.gz *.gz *.txt *.rss *.atom);;"
               "Sitemap projects (*.sitemapproj);;All files (*)")

#: Save As choices: (file dialog filter, format, gzip, suffix).
SAVE_AS_CHOICES = (
    ("XML sitemap (*.xml)", OutputFormat.XML, False, ".xml"),
    ("XML sitemap, gzip-compressed (*.xml.gz)", OutputFormat.XML, True, ".xml.gz"),
    ("Plain-text URL list (*.txt)", OutputFormat.TEXT, False, ".txt"),
)


class Unsaved(StrEnum):
    """What to do with unsaved edits."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def ask_unsaved(parent: QWidget, names: list[str], action: str) -> Unsaved:
    """Ask whether to save the edits of ``names`` before ``action`` (closing, opening)."""
    listed = "\n".join(f"\N{BULLET} {name}" for name in names[:10])
    more = f"\n\N{HORIZONTAL ELLIPSIS} and {len(names) - 10} more" if len(names) > 10 else ""
    box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved changes",
                      f"Save your changes before {action}?", parent=parent)
    box.setInformativeText(f"These files have unsaved changes:\n{listed}{more}")
    box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                           | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    answer = box.exec()
    if answer == QMessageBox.StandardButton.Save:
        return Unsaved.SAVE
    if answer == QMessageBox.StandardButton.Discard:
        return Unsaved.DISCARD
    return Unsaved.CANCEL


def ask_open_path(parent: QWidget, folder: str) -> str | None:
    """A file or project to open, or ``None``."""
    path, _ = QFileDialog.getOpenFileName(parent, "Open sitemap or project", folder, OPEN_FILTER)
    return path or None


def ask_example_folder(parent: QWidget, start: str) -> str | None:
    """The folder to copy the example project into, or ``None``."""
    folder = QFileDialog.getExistingDirectory(
        parent, "Copy the example project into\N{HORIZONTAL ELLIPSIS}", start)
    return folder or None


def documents_folder() -> str:
    """The user's documents folder (their home folder when the system names none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return found or QDir.homePath()


def ask_save_as(parent: QWidget, suggested: str) -> tuple[str, OutputFormat, bool] | None:
    """Where and how to save: (path, format, gzip), or ``None``."""
    filters = ";;".join(choice[0] for choice in SAVE_AS_CHOICES)
    initial = next((c[0] for c in SAVE_AS_CHOICES if suggested.lower().endswith(c[3])),
                   SAVE_AS_CHOICES[0][0])
    path, chosen = QFileDialog.getSaveFileName(parent, "Save As", suggested, filters, initial)
    if not path:
        return None
    return save_as_choice(path, chosen)


def save_as_choice(path: str, chosen_filter: str) -> tuple[str, OutputFormat, bool]:
    """The format of a Save As: the name the user typed decides, the filter only when it cannot.

    ``x.xml.gz`` is gzip-compressed XML, ``x.txt`` a text list and ``x.xml``
    plain XML whatever filter is selected; a name without a known suffix
    (``sitemap``) gets the selected filter's suffix and format.
    """
    lowered = path.lower()
    for _title, fmt, compress, suffix in sorted(SAVE_AS_CHOICES, key=lambda c: -len(c[3])):
        if lowered.endswith(suffix):
            return path, fmt, compress
    if lowered.endswith(".gz"):
        return path, OutputFormat.XML, True
    for title, fmt, compress, suffix in SAVE_AS_CHOICES:
        if title == chosen_filter:
            return path + suffix, fmt, compress
    return path, OutputFormat.XML, False


def ask_site_url(parent: QWidget) -> str | None:
    """The site's URL, to make relative locations absolute; ``None`` when cancelled."""
    label = "The site's address, to put before relative locations (https://example.com/):"
    text, ok = QInputDialog.getText(parent, "Site URL", label, text="https://")
    while ok and site_url_problem(text) is not None:
        text, ok = QInputDialog.getText(parent, "Site URL",
                                        f"{label}\n\n{site_url_problem(text)}.", text=text)
    return text.strip() if ok else None


def confirm(parent: QWidget, title: str, question: str) -> bool:
    """A yes/no question; ``True`` for yes."""
    answer = QMessageBox.question(parent, title, question)
    return answer == QMessageBox.StandardButton.Yes


def read_error_text(error: SitemapError) -> str:
    """Why a file cannot be opened, in words: file, line and column, then the offending line.

    The offending line is indented four spaces, with a caret under the column
    (:func:`show_error` sets indented paragraphs in a fixed-width font).
    """
    name = os.path.basename(error.path) if error.path else "The file"
    where = ""
    if error.line is not None:
        where = f"Line {error.line}" + (f", column {error.column}" if error.column else "")
        where += ": "
    message = error.message.rstrip(".")
    parts = [f"{name} cannot be opened.", f"{where}{message[:1].upper()}{message[1:]}."]
    if error.source_line is not None and error.line is not None:
        gutter = f"{error.line} | "
        shown = error.source_line.expandtabs(4)
        part = f"    {gutter}{shown}"
        if error.column:
            part += "\n    " + " " * (len(gutter) + min(error.column - 1, len(shown))) + "^"
        parts.append(part)
    if error.path:
        parts.append(f"File: {error.path}")
    return "\n\n".join(parts)


def ask_open_repaired(parent: QWidget, message: str) -> bool:
    """Offer to open a file with stray ampersands escaped; ``True`` to open it repaired."""
    return repair_box(parent, message).exec() == QMessageBox.StandardButton.Open


def repair_box(parent: QWidget | None, message: str) -> QMessageBox:
    """The question :func:`ask_open_repaired` asks (not yet shown)."""
    box = error_box(parent, "Open a repaired copy?", message)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setInformativeText(html.escape(  # shown as rich text, like the message
        "A URL with '&' not written as &amp; is the usual cause. Sitemap Studio can open the "
        "file with every stray '&' written as &amp;. The document is then marked as changed; "
        "the file on disk stays as it is until you save."))
    box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
    box.button(QMessageBox.StandardButton.Open).setText("Open Repaired")
    box.setDefaultButton(QMessageBox.StandardButton.Open)
    return box


def show_error(parent: QWidget, title: str, message: str) -> None:
    """Tell the user what went wrong; paragraphs indented four spaces show in a fixed font."""
    error_box(parent, title, message).exec()


def error_box(parent: QWidget | None, title: str, message: str) -> QMessageBox:
    """The message box :func:`show_error` shows (not yet shown)."""
    box = QMessageBox(QMessageBox.Icon.Critical, title, message, parent=parent)
    paragraphs = message.split("\n\n")
    if any(p.startswith("    ") for p in paragraphs):
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText("".join(
            f"<pre>{html.escape(p)}</pre>" if p.startswith("    ")
            else f"<p>{html.escape(p)}</p>".replace("\n", "<br>") for p in paragraphs))
    return box


def show_info(parent: QWidget, title: str, message: str) -> None:
    """Tell the user how something went."""
    QMessageBox.information(parent, title, message)


def ask_new_project_path(parent: QWidget, folder: str) -> str | None:
    """Where to create a new project file, or ``None``."""
    path, _ = QFileDialog.getSaveFileName(parent, "New Project", folder,
                                          "Sitemap projects (*.sitemapproj)")
    if path and not path.endswith(".sitemapproj"):
        path += ".sitemapproj"
    return path or None
