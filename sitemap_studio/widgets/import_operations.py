"""Import from the window: into the sitemap shown (one undoable step) or as a new sitemap."""

from __future__ import annotations

import os
import posixpath
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication

from sitemap_studio.commands.import_commands import import_entries
from sitemap_studio.core.imports import (
    ImportRequest,
    ImportSummary,
    ImportTarget,
    create_new_sitemap,
    existing_keys,
)
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import SitemapRef
from sitemap_studio.services.session import DocumentState

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


class ImportOperations(QObject):
    """Runs the import dialog and applies what it returns."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        #: New sitemaps being written, waiting to be listed in the project file.
        self._pending_refs: set[DocumentState] = set()
        window.session.saved.connect(self._saved)

    def _folder(self) -> str:
        session = self.window.session
        if session.project is not None and session.project.path:
            return os.path.dirname(os.path.abspath(session.project.path))
        current = self.window.current
        if current is not None and current.document.source.path:
            return os.path.dirname(os.path.abspath(current.document.source.path))
        return os.path.expanduser("~")

    def import_entries(self) -> None:
        """Ask what to import and where, then import it."""
        from sitemap_studio.dialogs.import_dialog import ImportDialog

        window = self.window
        state = window.edits.state  # the document shown, when it can be edited now
        taken = [item.name for item in window.session.workspace.items] \
            if window.session.workspace else []
        document = state.document if state is not None else None
        request = ImportDialog.ask(
            window, runner=window.runner,
            target_name=state.item.name if state is not None else None,
            existing_locs=(lambda: existing_keys(document).keys()) if document else (),
            can_create_new=True, clipboard_text=QGuiApplication.clipboard().text() or None,
            project_folder=self._folder(), taken_names=taken)
        if request is None:
            return
        if request.target == ImportTarget.NEW or state is None:
            self._into_new(request)
        else:
            self._into_current(state, request)

    def _into_current(self, state: DocumentState, request: ImportRequest) -> None:
        def refused(error: SitemapError) -> None:
            self.window.show_error("Import refused", error.located())

        summary = import_entries(state.stack, state.document, request.entries, request.policy,
                                 flagged=request.flagged, target_name=state.item.name,
                                 on_error=refused)
        if summary is not None:
            self._tell(summary)

    def _into_new(self, request: ImportRequest) -> None:
        name = request.new_name or "sitemap-imported.xml"
        path = os.path.join(self._folder(), name)
        try:
            document, summary = create_new_sitemap(request, path)
        except SitemapError as error:
            self.window.show_error("Import refused", error.located())
            return
        session = self.window.session
        ref = None
        if session.project is not None:
            site = session.project.site_url
            ref = SitemapRef(posixpath.join(*name.split(os.sep)),
                             urljoin(site, name) if site else None)
        state = session.add_document(path, document, ref)
        if ref is not None:
            self._pending_refs.add(state)
        self.window.select_item(state.item)
        self.window.files.save_state(state)
        self._tell(summary)

    def _saved(self, state: DocumentState, path: str) -> None:
        """A new sitemap is on disk: list it in the project file."""
        if state not in self._pending_refs:
            return
        self._pending_refs.discard(state)
        project = self.window.session.project
        if project is not None and state.item.ref is not None:
            project.sitemaps.append(state.item.ref)
            self.window.publish.save_project("new sitemap")

    def _tell(self, summary: ImportSummary) -> None:
        from sitemap_studio.core.imports import summary_text
        from sitemap_studio.dialogs.import_dialog import show_import_summary

        self.window.show_message(summary_text(summary).splitlines()[0])
        show_import_summary(self.window, summary)
