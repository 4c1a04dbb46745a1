"""File actions of the window: open, save, save as, revert, recent files, crash recovery."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from sitemap_studio.core.model import SitemapError
from sitemap_studio.core.reading import Repaired, is_stray_ampersand
from sitemap_studio.core.writing import (
    OutputFormat,
    OverwriteRefused,
    Recovery,
    discard_recovery,
    find_recoveries,
    recovery_places,
)
from sitemap_studio.services.session import DocumentState
from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.prompts import Unsaved

if TYPE_CHECKING:
    from sitemap_studio.widgets.window_host import WindowHost


class FileOperations(QObject):
    """Opens and saves through the window's session, asking the user where it must."""

    def __init__(self, window: WindowHost) -> None:
        super().__init__(window)
        self.window = window
        self.session = window.session
        #: Saves under way, and what to do once all of them succeed.
        self._saving: set[DocumentState] = set()
        self._after_saves: Callable[[], None] | None = None
        self._save_failures = 0
        self.session.saved.connect(self._saved)
        self.session.save_failed.connect(self._save_failed)
        self.session.loaded.connect(self._remember)

    # ------------------------------------------------------------------ opening

    def choose_and_open(self) -> None:
        """Ask for a file or project and open it."""
        recent = self.window.settings.recent_files()
        folder = os.path.dirname(recent[0]) if recent else ""
        path = prompts.ask_open_path(self.window, folder)
        if path:
            self.open_path(path)

    def open_path(self, path: str, *, offer_recovery: bool = True) -> None:
        """Open ``path``: read it first, then ask about unsaved edits and replace what is open.

        A file that cannot be read is reported and what is open stays open,
        untouched. A crash journal of ``path`` is offered before the switch
        (unless ``offer_recovery`` is False); recovering it opens the
        journal's edits instead of the file.
        """
        job = self.session.check(path)
        job.signals.succeeded.connect(lambda checked: self._checked(path, checked,
                                                                    offer_recovery))
        job.signals.failed.connect(lambda error: self._check_failed(path, error,
                                                                    offer_recovery))
        self.window.show_message(f"Opening {path}\N{HORIZONTAL ELLIPSIS}")
        self.window.progress.follow(job, f"Opening {os.path.basename(path)}")

    def _checked(self, path: str, checked: object, offer_recovery: bool) -> None:
        switched: list[bool] = []

        def switch() -> None:
            switched.append(True)
            if offer_recovery and self.offer_recoveries([path]):
                return
            job = self.session.open_checked(checked)  # type: ignore[arg-type]
            if job is not None:
                self.window.progress.follow(job, f"Opening {os.path.basename(path)}")

        self.when_saved_or_discarded("opening another file", switch)
        if not switched and not self._saving:
            self.window.show_message(f"Did not open {path}; nothing was changed")

    def _check_failed(self, path: str, error: SitemapError, offer_recovery: bool) -> None:
        if offer_recovery and find_recoveries([path]):
            # The file is damaged but unsaved edits of it were kept: offer those.
            def offer() -> None:
                if not self.offer_recoveries([path]):
                    self.window.open_failed(path, error)

            self.when_saved_or_discarded("recovering unsaved edits", offer)
            return
        if is_stray_ampersand(error) and prompts.ask_open_repaired(
                self.window, prompts.read_error_text(error)):
            job = self.session.loads.repair(path)
            job.signals.succeeded.connect(lambda repaired: self._repaired(path, repaired))
            job.signals.failed.connect(lambda again: self.window.open_failed(path, again))
            self.window.progress.follow(job, f"Repairing {os.path.basename(path)}")
            return
        self.window.open_failed(path, error)

    def _repaired(self, path: str, repaired: Repaired) -> None:
        def switch() -> None:
            self.session.open_repaired(path, repaired)
            count = repaired.ampersands
            self.window.show_message(
                f"Wrote {count} stray ampersand{'' if count == 1 else 's'} as &amp; in "
                f"{os.path.basename(path)}; the file changes only when you save")

        self.when_saved_or_discarded("opening another file", switch)

    def _remember(self, workspace: object) -> None:
        project = self.session.project
        path = project.path if project is not None and project.path else None
        if path is None and self.session.workspace and len(self.session.workspace.items) == 1:
            path = self.session.workspace.items[0].path
        if path and os.path.exists(path):
            self.window.settings.add_recent(path)
            self.window.window_actions.update_recent()

    def offer_recoveries(self, paths: list[str]) -> bool:
        """Offer the crash journals of ``paths`` (files, folders, projects and their members).

        True when one is being recovered.
        """
        places = recovery_places(paths)
        recoveries = find_recoveries(places)
        if not recoveries:
            return False
        from sitemap_studio.dialogs.recovery_dialog import RecoveryDialog

        choice = RecoveryDialog.ask(self.window, recoveries)
        if choice is None:
            return False
        original = choice.recovery.original_path
        project = places.get(os.path.abspath(original)) if original else None
        return self.act_on_recovery(choice.action, choice.recovery, project)

    def act_on_recovery(self, action: str, recovery: Recovery,
                        project: str | None = None) -> bool:
        """Recover or discard one journal; True when it is being recovered.

        The journal of a member of ``project`` is recovered into that project:
        the project opens and the member shows the journal's edits, unsaved.
        """
        if action == "recover":
            if project is None:
                self.window.progress.follow(self.session.recover(recovery),
                                            "Recovering unsaved edits")
            elif self._is_open(project):
                self._recover_member(recovery)
            else:
                self._open_then_recover(project, recovery)
            self.window.show_message(
                f"Recovering unsaved edits of {recovery.original_path or recovery.journal_path}; "
                "save to keep them")
            return True
        if action == "discard":
            discard_recovery(recovery)
            self.window.show_message("Discarded the unsaved edits")
        return False

    def _is_open(self, project: str) -> bool:
        open_project = self.session.project
        return (open_project is not None and open_project.path is not None
                and os.path.abspath(open_project.path) == os.path.abspath(project))

    def _recover_member(self, recovery: Recovery) -> None:
        """Show the member's recovered edits in place of its file, and select it."""
        def replaced(state: DocumentState) -> None:
            self.session.replaced.disconnect(replaced)
            self.window.select_item(state.item)

        self.session.replaced.connect(replaced)
        self.window.progress.follow(self.session.recover(recovery), "Recovering unsaved edits")

    def _open_then_recover(self, project: str, recovery: Recovery) -> None:
        def loaded(_workspace: object) -> None:
            self.session.loaded.disconnect(loaded)
            self._recover_member(recovery)

        self.session.loaded.connect(loaded)
        self.window.progress.follow(self.session.open(project),
                                    f"Opening {os.path.basename(project)}")

    def offer_startup_recoveries(self, extra: list[str] | None = None) -> bool:
        """At start: journals beside ``extra`` and recent files, and in the per-user folder."""
        places = [*(extra or []), *self.window.settings.recent_files(),
                  self.session.journal.user_folder]
        return self.offer_recoveries(places)

    # ------------------------------------------------------------------ saving

    def save_current(self) -> None:
        """Save the document shown to its file (Save As when it has none)."""
        state = self.window.current
        if state is None:
            return
        if state.document.source.path is None:
            self.save_current_as()
            return
        self.save_state(state)

    def save_current_as(self) -> None:
        """Save the document shown under a name and format the user chooses."""
        state = self.window.current
        if state is None:
            return
        choice = prompts.ask_save_as(self.window, state.document.source.path or state.path)
        if choice is None:
            return
        path, fmt, compress = choice
        self.save_state(state, path, fmt, compress)

    def save_all(self, then: Callable[[], None] | None = None) -> None:
        """Save every modified document; ``then`` runs once all of them are saved."""
        states = self.session.modified_states
        self._after_saves = then
        self._save_failures = 0
        if not states:
            self._finish_saves()
            return
        for state in states:
            self.save_state(state)

    def save_state(self, state: DocumentState, path: str | None = None,
                   fmt: OutputFormat | None = None, compress: bool | None = None) -> None:
        """Save one document in the background (to its own file unless ``path`` is given).

        Over a file of another kind (a feed, a robots.txt with rules, ...) the
        user is told what would be lost and decides; by default nothing is written.
        """
        try:
            try:
                job = self.session.save(state, path, fmt, compress)
            except OverwriteRefused as refusal:
                question = (f"{refusal.located()}.\n\nReplace it anyway? What it holds will "
                            "be lost.")
                if not prompts.confirm(self.window, "Replace a file of another kind?",
                                       question):
                    self._save_failures += 1
                    self.window.show_message(f"Nothing saved; {refusal.path} is unchanged")
                    return
                job = self.session.save(state, path, fmt, compress, replace_other_kind=True)
        except SitemapError as error:
            self._save_failures += 1
            self.window.show_error("Cannot save", error.located())
            return
        self._saving.add(state)
        self.window.progress.follow(job, f"Saving {state.item.name}")
        self.window.show_message(f"Saving {path or state.path}\N{HORIZONTAL ELLIPSIS}")

    def _saved(self, state: DocumentState, path: str) -> None:
        self._saving.discard(state)
        self.window.show_message(f"Saved {path}")
        self.window.window_actions.update_enabled()
        if not self._saving:
            self._finish_saves()

    def _save_failed(self, state: DocumentState, error: SitemapError) -> None:
        self._saving.discard(state)
        self._save_failures += 1
        self.window.show_message(f"Could not save {state.item.name}; the file on disk is intact")
        self.window.show_error("Cannot save", f"{error.located()}\n\n"
                               "The file on disk was left as it was.")
        if not self._saving:
            self._finish_saves()

    def _finish_saves(self) -> None:
        then, self._after_saves = self._after_saves, None
        if then is not None and not self._save_failures and not self.session.modified_states:
            then()

    # ------------------------------------------------------------------ revert

    def revert_current(self) -> None:
        """Read the document's file again, after confirming that edits will be lost."""
        state = self.window.current
        if state is None or state.document.source.path is None:
            return
        if state.modified and not prompts.confirm(
                self.window, "Revert", f"Drop the unsaved changes to {state.item.name} and "
                "read the file again? This cannot be undone."):
            return
        job = self.session.revert(state)
        self.window.progress.follow(job, f"Reading {state.item.name} again")

    # ------------------------------------------------------------------ closing

    def when_saved_or_discarded(self, action: str, then: Callable[[], None]) -> None:
        """Run ``then`` now, or once the user has saved or discarded unsaved edits."""
        names = [self.session.label(state) for state in self.session.modified_states]
        if not names:
            then()
            return
        answer = prompts.ask_unsaved(self.window, names, action)
        if answer == Unsaved.DISCARD:
            then()
        elif answer == Unsaved.SAVE:
            self.save_all(then)

    def may_close(self) -> bool:
        """Whether the window may close now; with unsaved edits the user decides.

        Choosing Save starts the saves and returns False; the window closes by
        itself once every save succeeded.
        """
        names = [self.session.label(state) for state in self.session.modified_states]
        if not names:
            return True
        answer = prompts.ask_unsaved(self.window, names, "closing")
        if answer == Unsaved.DISCARD:
            for state in self.session.modified_states:
                self.session.journal.discard(state.document)
            return True
        if answer == Unsaved.SAVE:
            self.save_all(lambda: QTimer.singleShot(0, self.window.close))
        return False
