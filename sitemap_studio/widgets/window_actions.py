"""The window's actions, menus and toolbar, with standard shortcuts."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QToolBar

from sitemap_studio import __version__
from sitemap_studio.core.edits import LOC_NOT_ABSOLUTE, MAKE_ABSOLUTE
from sitemap_studio.core.validation import PROFILE_TITLES, Profile
from sitemap_studio.resource_paths import copy_example_project
from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.action_icons import decorate, tip_with_shortcut

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost

_PROFILE_NAMES = {Profile.PROTOCOL: "sitemaps.org &protocol", Profile.XSD: "Official &XSD schemas",
                  Profile.GOOGLE: "&Google's rules"}

ABOUT_TEXT = (
    "<p><b>Sitemap Studio</b> {version}</p>"
    "<p>A lossless editor for XML sitemaps: it keeps every element, namespace, comment and "
    "processing instruction it does not edit.</p>"
    "<p>Google's and Bing's sitemap ping endpoints are retired; publish your sitemaps through "
    "robots.txt <code>Sitemap:</code> lines and IndexNow.</p>"
    "<p>Built with Qt {qt} (PySide6) and lxml.</p>")


class WindowActions:
    """Creates every action of ``window`` and puts them in menus and a toolbar."""

    def __init__(self, window: WindowHost) -> None:
        self.window = window
        files, edits = window.files, window.edits
        new = self._action
        std = QKeySequence.StandardKey
        starts = window.starts
        self.new_sitemap = new("&New Sitemap", starts.new_sitemap, std.New,
                               "Start an empty sitemap")
        self.new_project = new("New &Project\N{HORIZONTAL ELLIPSIS}", starts.new_project, None,
                               "Create a project that groups sitemaps, their index and "
                               "export settings")
        self.new_project.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.close = new("&Close", starts.close, std.Close,
                         "Close the project or file shown")
        self.open = new("&Open\N{HORIZONTAL ELLIPSIS}", files.choose_and_open, std.Open,
                        "Open a sitemap, a URL list, a feed or a project")
        self.save = new("&Save", files.save_current, std.Save, "Save the sitemap shown")
        self.save_as = new("Save &As\N{HORIZONTAL ELLIPSIS}", files.save_current_as, std.SaveAs,
                           "Save as XML, gzip-compressed XML or a plain URL list")
        self.save_all = new("Save A&ll", lambda: files.save_all(), None,
                            "Save every modified file of the project")
        self.save_all.setShortcut(QKeySequence("Ctrl+Alt+S"))
        self.revert = new("&Revert", files.revert_current, None,
                          "Read the file again, dropping unsaved changes")
        publish = window.publish
        self.import_ = new("&Import\N{HORIZONTAL ELLIPSIS}", window.imports.import_entries, None,
                           "Import URLs from a file, a spreadsheet, the clipboard, a feed or a "
                           "live site")
        self.import_.setShortcut(QKeySequence("Ctrl+I"))
        self.export = new("&Export for Upload\N{HORIZONTAL ELLIPSIS}", publish.export, None,
                          "Split, gzip and index the sitemaps into a folder for upload")
        self.export.setShortcut(QKeySequence("Ctrl+E"))
        self.compare = new("Co&mpare\N{HORIZONTAL ELLIPSIS}", window.compares.compare, None,
                           "Compare two sitemaps, indexes, URL lists or projects, local or "
                           "live: URLs added, removed, changed and moved")
        self.submission = new("Su&bmission Kit\N{HORIZONTAL ELLIPSIS}", publish.submission_kit,
                              None, "robots.txt lines, IndexNow, and the retired ping links")
        audits = window.audits
        self.audit = new("&Audit URLs\N{HORIZONTAL ELLIPSIS}", audits.audit, None,
                         "Fetch every URL of the sitemap shown, a selection or the project and "
                         "tell which ones search engines can index")
        self.audit.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.audit_results = new("Audit &Results and Fixes\N{HORIZONTAL ELLIPSIS}",
                                 audits.fixes.show_results, None,
                                 "Counts per verdict, and fixes with a preview for the sitemap "
                                 "shown")
        self.cancel_audit = new("&Cancel Audit", audits.cancel, None,
                                "Stop the audit under way (its results so far stay)")
        self.check_live = new("Check &Live Site\N{HORIZONTAL ELLIPSIS}", publish.check_live, None,
                              "Fetch the published sitemaps as a search engine would, report "
                              "every problem and compare them with the project's export")
        self.check_live.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self.quit = new("&Quit", window.close, std.Quit, "Close Sitemap Studio")
        group = window.session.undo_group
        self.undo = group.createUndoAction(window, "&Undo")
        self.undo.setShortcut(std.Undo)
        self.redo = group.createRedoAction(window, "&Redo")
        self.redo.setShortcut(std.Redo)
        self.cut = new("Cu&t", edits.cut_selected, std.Cut, "Cut the selected entries")
        self.copy = new("&Copy", edits.copy_selected, std.Copy,
                        "Copy the selected entries as tab-separated text")
        self.paste = new("&Paste", edits.paste, std.Paste,
                         "Insert entries from tab-separated text or a URL list")
        self.insert = new("&Insert Entry", edits.insert_entry, None, "Insert a new entry")
        self.insert.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.duplicate = new("D&uplicate Entries", edits.duplicate_selected, None,
                             "Duplicate the selected entries")
        self.duplicate.setShortcut(QKeySequence("Ctrl+D"))
        self.delete = new("&Delete Entries", edits.delete_selected, std.Delete,
                          "Delete the selected entries")
        self.select_all = new("Select &All", window.entry_table.view.selectAll, std.SelectAll,
                              "Select every entry shown")
        self.bulk_edit = new("&Bulk Edit\N{HORIZONTAL ELLIPSIS}", edits.bulk_edit, None,
                             "Set changefreq, priority or lastmod of the selected entries")
        self.bulk_edit.setShortcut(QKeySequence("Ctrl+B"))
        self.find_replace = new("Find and &Replace\N{HORIZONTAL ELLIPSIS}", edits.find_replace,
                                std.Replace, "Replace text in the locations")
        if self.find_replace.shortcut().isEmpty():
            self.find_replace.setShortcut(QKeySequence("Ctrl+H"))
        self.dedupe = new("Remove Du&plicates\N{HORIZONTAL ELLIPSIS}", edits.remove_duplicates,
                          None, "Remove entries whose location repeats an earlier one")
        self.find = new("&Filter", self._focus_filter, std.Find, "Filter the entries shown")
        self.example = new("Open the &Example Project\N{HORIZONTAL ELLIPSIS}",
                           self._open_example, None,
                           "Copy a small shop project with a few deliberate problems to a "
                           "folder of yours and open the copy")
        self.about = new("&About Sitemap Studio", self.show_about, None, "Version and credits")
        self.profiles = QActionGroup(window)
        self.profile_actions: dict[Profile, QAction] = {}
        for profile in Profile:
            action = QAction(_PROFILE_NAMES.get(profile, profile.value), window)
            action.setCheckable(True)
            action.setChecked(profile == window.session.profile)
            action.setStatusTip(f"Judge entries by {PROFILE_TITLES[profile]}")
            action.triggered.connect(lambda _checked=False, p=profile: self._set_profile(p))
            self.profiles.addAction(action)
            self.profile_actions[profile] = action
        window.issues_panel.fix_requested.connect(edits.apply_fixes)
        self._decorate()
        window.issues_panel.context_fixes[LOC_NOT_ABSOLUTE] = MAKE_ABSOLUTE
        self._menus()
        self.update_enabled()

    def _action(self, text: str, slot: Callable[[], object],
                key: QKeySequence.StandardKey | None, tip: str) -> QAction:
        action = QAction(text, self.window)
        if key is not None:
            action.setShortcut(key)
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _decorate(self) -> None:
        """Icons, and tooltips naming the shortcuts (the undo ones follow the undo text)."""
        for name, action in (("new", self.new_sitemap), ("new-project", self.new_project),
                             ("close", self.close), ("open", self.open), ("save", self.save),
                             ("undo", self.undo), ("redo", self.redo), ("insert", self.insert),
                             ("duplicate", self.duplicate), ("delete", self.delete),
                             ("bulk-edit", self.bulk_edit), ("find-replace", self.find_replace),
                             ("dedupe", self.dedupe), ("import", self.import_),
                             ("export", self.export), ("check-live", self.check_live),
                             ("audit", self.audit)):
            decorate(action, name)
        group = self.window.session.undo_group
        group.undoTextChanged.connect(lambda text: self.undo.setToolTip(
            tip_with_shortcut(f"Undo {text}" if text else "Undo", self.undo)))
        group.redoTextChanged.connect(lambda text: self.redo.setToolTip(
            tip_with_shortcut(f"Redo {text}" if text else "Redo", self.redo)))

    def _menus(self) -> None:
        bar = self.window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_sitemap)
        file_menu.addAction(self.new_project)
        file_menu.addAction(self.open)
        self.recent_menu = QMenu("Open &Recent", self.window)
        self.recent_menu.setObjectName("recent_menu")
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        for action in (self.save, self.save_as, self.save_all, self.revert):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.import_)
        file_menu.addAction(self.export)
        file_menu.addAction(self.compare)
        file_menu.addAction(self.submission)
        file_menu.addAction(self.check_live)
        file_menu.addSeparator()
        file_menu.addAction(self.close)
        file_menu.addAction(self.quit)
        edit_menu = bar.addMenu("&Edit")
        for item in (self.undo, self.redo, None, self.cut, self.copy, self.paste, None,
                     self.insert, self.duplicate, self.delete, self.select_all, None,
                     self.bulk_edit, self.find_replace, self.dedupe, self.find):
            edit_menu.addSeparator() if item is None else edit_menu.addAction(item)
        validation_menu = bar.addMenu("&Validation")
        validation_menu.addActions(self.profiles.actions())
        tools_menu = bar.addMenu("&Tools")
        for action in (self.audit, self.audit_results, self.cancel_audit):
            tools_menu.addAction(action)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.example)
        help_menu.addAction(self.about)
        toolbar = QToolBar("Main", self.window)
        toolbar.setObjectName("main_toolbar")
        # Icons only: the undo texts ("Undo Edit loc") would otherwise resize the buttons.
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        for item in (self.new_sitemap, self.open, self.save, None, self.undo, self.redo, None,
                     self.insert, self.duplicate, self.delete, None, self.bulk_edit,
                     self.find_replace, self.dedupe, None, self.import_, self.export,
                     self.check_live, None, self.audit):
            toolbar.addSeparator() if item is None else toolbar.addAction(item)
        self.window.addToolBar(toolbar)
        self.update_recent()

    # ------------------------------------------------------------------ state

    def update_recent(self) -> None:
        """Rebuild the recent-files menu from the settings."""
        self.recent_menu.clear()
        paths = self.window.settings.recent_files()
        for number, path in enumerate(paths, start=1):
            label = f"&{number} {os.path.basename(path)}" if number < 10 else os.path.basename(path)
            action = self.recent_menu.addAction(label)
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.window.open_path(p))
        if paths:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("&Clear Menu")
            clear.triggered.connect(self._clear_recent)
        self.recent_menu.setEnabled(bool(paths))
        welcome = getattr(self.window, "welcome", None)
        if welcome is not None:
            welcome.set_recent(paths)

    def _clear_recent(self) -> None:
        self.window.settings.clear_recent()
        self.update_recent()

    def update_enabled(self) -> None:
        """Enable what makes sense for the document shown and its selection."""
        window = self.window
        state = window.current
        editable = state is not None and state.validator is not None and not state.validating
        selected = window.entry_table.has_selection() if state is not None else False
        has_file = state is not None and state.document.source.path is not None
        for action in (self.save, self.save_as):
            action.setEnabled(state is not None)
        self.close.setEnabled(window.session.workspace is not None)
        self.save_all.setEnabled(bool(window.session.modified_states))
        self.revert.setEnabled(has_file)
        loaded = bool(window.session.states) and not window.session.loads.loading
        self.export.setEnabled(loaded)
        self.submission.setEnabled(loaded)
        for action in (self.insert, self.paste, self.find_replace, self.dedupe):
            action.setEnabled(editable)
        for action in (self.duplicate, self.delete, self.cut, self.bulk_edit):
            action.setEnabled(editable and selected)
        self.copy.setEnabled(selected)
        self.select_all.setEnabled(state is not None)
        auditing = window.audits.busy
        self.audit.setEnabled(loaded and not auditing)
        self.cancel_audit.setEnabled(auditing)
        self.audit_results.setEnabled(state is not None and bool(
            window.audits.results_of(state)))
        if window.all_view.shown:  # the files' own actions wait for their own view
            every = window.all_view.editable()
            self.find_replace.setEnabled(every)
            self.bulk_edit.setEnabled(every and bool(window.all_table.selected_rows()))

    def _set_profile(self, profile: Profile) -> None:
        self.window.session.set_profile(profile)
        self.window.show_message(f"Validating by {PROFILE_TITLES[profile]}\N{HORIZONTAL ELLIPSIS}")

    def _focus_filter(self) -> None:
        window = self.window
        edit = (window.all_table if window.all_view.shown else window.entry_table).filter_edit
        edit.setFocus()
        edit.selectAll()

    def _open_example(self) -> None:
        """Copy the bundled example into a folder the user picks and open the copy.

        The bundled one lives in the installation, where Save and Export must not write.
        """
        folder = prompts.ask_example_folder(self.window, prompts.documents_folder())
        if folder is None:
            return
        try:
            project = copy_example_project(Path(folder))
        except OSError as error:
            self.window.show_error("Cannot copy the example project",
                                   f"{folder}: {error.strerror or error}")
            return
        self.window.show_message(f"Copied the example project to {project.parent}")
        self.window.open_path(str(project))

    def show_about(self) -> None:
        """The About box, with the version."""
        from PySide6 import QtCore

        QMessageBox.about(self.window, "About Sitemap Studio",
                          ABOUT_TEXT.format(version=__version__, qt=QtCore.qVersion()))
