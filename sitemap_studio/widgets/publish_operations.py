"""Project actions of the window: export for upload, the submission kit, Check Live Site.

Settings the user chooses in those dialogs are written back into the
project file (atomically); a lone file has no project to remember them in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt

from sitemap_studio.core.export import LoneFileExport, apply_export_settings
from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.project import save_project

if TYPE_CHECKING:
    from sitemap_studio.dialogs.check_live_dialog import CheckLiveDialog
    from sitemap_studio.widgets.window_host import WindowHost


class PublishOperations(QObject):
    """Opens the export and submission dialogs on the open workspace."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        #: Export settings of files open without a project, by file (kept while the app runs).
        self._lone_exports: dict[str, LoneFileExport] = {}
        #: The Check Live Site dialog while it is open.
        self.check_live_dialog: CheckLiveDialog | None = None

    def export(self) -> None:
        """Split, compress and index the workspace's sitemaps into a folder."""
        from sitemap_studio.dialogs.export_dialog import ExportDialog

        session = self.window.session
        if session.workspace is None or not session.states:
            return
        if session.modified_states:
            self.window.show_message("Exporting the edited documents as they are now "
                                     "(unsaved edits included)")
        lone = None
        if session.project is None and session.workspace.items:
            lone = self._lone_exports.setdefault(session.workspace.items[0].path,
                                                 LoneFileExport())
        settings = ExportDialog.ask(self.window, runner=self.window.runner,
                                    workspace=session.workspace, project=session.project,
                                    jump=self.show_entry, lone=lone)
        if settings is None or session.project is None:
            return
        apply_export_settings(session.project, settings)
        self.save_project("export settings")

    def show_entry(self, path: str, entry_id: int | None, field: str | None) -> None:
        """Show entry ``entry_id`` of file ``path`` at ``field`` (an error the dialog listed)."""
        workspace = self.window.session.workspace
        item = workspace.item_at(path) if workspace is not None else None
        if item is None:
            self.window.show_message(f"{path} is no longer open")
            return
        self.window.select_item(item)
        self.window.jump_to(entry_id, field)

    def submission_kit(self) -> None:
        """robots.txt lines, IndexNow and the retired ping links for the workspace."""
        from sitemap_studio.dialogs.submission_dialog import SubmissionDialog, urls_to_publish

        session = self.window.session
        if session.workspace is None:
            return
        sitemap_urls, entry_urls = urls_to_publish(session.workspace)
        settings = SubmissionDialog.ask(self.window, runner=self.window.runner,
                                        project=session.project, sitemap_urls=sitemap_urls,
                                        entry_urls=entry_urls)
        if settings is None or session.project is None:
            return
        session.project.submission = settings
        self.save_project("submission settings")

    def check_live(self) -> None:
        """Open Check Live Site on the workspace (any URL can be checked without one)."""
        from sitemap_studio.dialogs.check_live_dialog import CheckLiveDialog

        if self.check_live_dialog is not None:
            self.check_live_dialog.raise_()
            return
        dialog = CheckLiveDialog(self.window.runner, self.window.session.workspace, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._check_live_closed)
        self.check_live_dialog = dialog
        dialog.open()

    def _check_live_closed(self) -> None:
        self.check_live_dialog = None

    def save_project(self, what: str) -> None:
        """Write the project file atomically, saying what changed in it."""
        project = self.window.session.project
        if project is None or project.path is None:
            return
        try:
            save_project(project)
        except (SitemapError, OSError, ValueError) as error:
            message = error.located() if isinstance(error, SitemapError) else str(error)
            self.window.show_error("Cannot save the project", f"{message}\n\n"
                                   "The project file on disk was left as it was.")
            return
        self.window.show_message(f"Saved the {what} in {project.path}")
