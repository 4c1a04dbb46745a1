"""Starting afresh: a new sitemap, a new project, or closing what is open."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from sitemap_studio.core.imports import new_sitemap_document
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import new_project, save_project
from sitemap_studio.widgets import prompts

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost

#: The name an unsaved new sitemap is shown under (Save asks where it goes).
UNTITLED = "untitled-sitemap.xml"


class StartOperations:
    """File > New Sitemap, New Project and Close, asking about unsaved edits first."""

    def __init__(self, window: WindowHost) -> None:
        self.window = window

    def new_sitemap(self) -> None:
        """An empty urlset with no file yet; Save asks where to put it."""
        self.window.files.when_saved_or_discarded("starting a new sitemap", self._new_sitemap)

    def _new_sitemap(self) -> None:
        document = new_sitemap_document([], UNTITLED)
        document.source.path = None  # not on disk: Save becomes Save As
        state = self.window.session.start_new(UNTITLED, document)
        self.window.select_item(state.item)
        self.window.show_message("New sitemap: insert or paste entries, then save it")

    def new_project(self) -> None:
        """Create a project file where the user says, and open it."""
        recent = self.window.settings.recent_files()
        folder = os.path.dirname(recent[0]) if recent else os.path.expanduser("~")
        path = prompts.ask_new_project_path(self.window, folder)
        if not path:
            return
        self.window.files.when_saved_or_discarded("creating a project",
                                                  lambda: self._create_project(path))

    def _create_project(self, path: str) -> None:
        try:
            save_project(new_project(path), path)
        except (SitemapError, OSError) as error:
            message = error.located() if isinstance(error, SitemapError) else str(error)
            self.window.show_error("Cannot create the project", message)
            return
        self.window.files.open_path(path, offer_recovery=False)

    def close(self) -> None:
        """Close the project or file shown, back to the start page."""
        self.window.files.when_saved_or_discarded("closing", self._close)

    def _close(self) -> None:
        self.window.session.close()
        self.window.show_message("Closed")
