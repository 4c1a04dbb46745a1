"""What the user has open, and everything that follows each open document.

A :class:`Session` opens a workspace through the load service, gives each
document an undo stack (in one :class:`QUndoGroup`), validates the workspace in
the background, journals unsaved edits and saves through the save service.
The window only asks it and redraws.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack

from sitemap_studio.core.model import SitemapDocument, SitemapError
from sitemap_studio.core.project import (
    FileRole,
    ItemKey,
    Project,
    SitemapRef,
    Workspace,
    WorkspaceItem,
    WorkspacePlan,
)
from sitemap_studio.core.reading import Repaired
from sitemap_studio.core.validation import DocumentValidator, Profile, ValidationContext
from sitemap_studio.core.writing import OutputFormat, Recovery
from sitemap_studio.services.document_state import DocumentState
from sitemap_studio.services.jobs import Job, JobRunner
from sitemap_studio.services.journal import Journal
from sitemap_studio.services.loading import LoadService
from sitemap_studio.services.saving import SaveService
from sitemap_studio.services.validation_service import ValidationService


@dataclass(frozen=True, eq=False, slots=True)
class _Save:
    """What a save wrote: the file's key and the document it held then (revert replaces it)."""

    key: ItemKey
    document: SitemapDocument


class Session(QObject):
    """The open workspace and its services; signals tell the window what to redraw."""

    opened = Signal(object)  # the WorkspacePlan or Workspace (project known)
    item_added = Signal(object)  # WorkspaceItem (with a DocumentState when readable)
    loaded = Signal(object)  # Workspace, complete
    load_failed = Signal(str, object)  # path, SitemapError
    load_cancelled = Signal(object)  # Workspace with the members read so far
    reopen_failed = Signal(str, object)  # path or journal, SitemapError (revert, recover)
    validated = Signal(object)  # DocumentState
    busy_changed = Signal(object, bool)  # DocumentState, validating
    modified_changed = Signal(object, bool)  # DocumentState, modified
    saved = Signal(object, str)  # DocumentState, path
    save_failed = Signal(object, object)  # DocumentState, SitemapError
    replaced = Signal(object)  # DocumentState whose document was replaced (revert)
    renamed = Signal(object, str)  # DocumentState now of another file (Save As), old path

    def __init__(self, runner: JobRunner, *, journal: Journal | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.undo_group = QUndoGroup(self)
        #: The *All entries* view's steps, each undoing edits on several files' stacks.
        self.all_stack = QUndoStack(self.undo_group)
        self.loads = LoadService(runner, parent=self)
        self.validations = ValidationService(runner, parent=self)
        self.saves = SaveService(runner, parent=self)
        self.journal = journal or Journal(runner, parent=self)
        self.profile = Profile.PROTOCOL
        self.workspace: Workspace | None = None
        self.project: Project | None = None
        #: The open documents' states by their items' keys, the one way to look them up.
        self.states: dict[ItemKey, DocumentState] = {}
        self.loads.plan_ready.connect(self._plan_ready)
        self.loads.item_loaded.connect(self._item_loaded)
        self.loads.loaded.connect(self._loaded)
        self.loads.load_failed.connect(self.load_failed)
        self.loads.load_cancelled.connect(self._load_cancelled)
        self.loads.reopen_failed.connect(self.reopen_failed)
        self.loads.reverted.connect(self._reverted)
        self.loads.recovered.connect(self._recovered)
        self.validations.validated.connect(self._validated)
        self.validations.busy_changed.connect(self._busy_changed)
        self.saves.saved.connect(self._saved)
        self.saves.failed.connect(self._save_failed)

    # ----------------------------------------------------------------- opening

    def open(self, path: str) -> Job:
        """Open a project or a file in the background (replacing what is open)."""
        self.close_all()
        return self.loads.load(path)

    def check(self, path: str) -> Job:
        """Read ``path`` (a project file, or the one sitemap) without closing anything open.

        On success pass the job's result to :meth:`open_checked`; on failure
        what is open stays open.
        """
        return self.loads.check(path)

    def open_checked(self, checked: WorkspacePlan | Workspace) -> Job | None:
        """Replace what is open with what :meth:`check` read (a project's members load next)."""
        self.close_all()
        return self.loads.adopt(checked)

    def close_all(self) -> None:
        """Forget every open document (the caller asked about unsaved edits first)."""
        self.validations.cancel()
        self.all_stack.clear()
        for state in self.states.values():
            self.journal.discard(state.document)
            self.journal.forget(state.document)
            if state.validator is not None:
                state.validator.stop()
            self.undo_group.removeStack(state.stack)
            state.stack.deleteLater()
        self.validations.forget(list(self.states))
        self.states.clear()
        self.workspace = None
        self.project = None

    def close(self) -> None:
        """Close what is open, leaving nothing (``opened`` is emitted with ``None``)."""
        self.loads.cancel()
        self.close_all()
        self.opened.emit(None)

    def start_new(self, path: str, document: SitemapDocument) -> DocumentState:
        """Replace what is open by ``document``, a new file not yet saved (shown as ``path``)."""
        self.loads.cancel()
        self.close_all()
        self.workspace = Workspace(None)
        self.opened.emit(self.workspace)
        return self.add_document(path, document)

    def open_repaired(self, path: str, repaired: Repaired) -> DocumentState:
        """Replace what is open with a repaired reading of ``path``, marked as changed.

        Nothing is written: the repair reaches the file when the user saves.
        """
        document = repaired.document
        item = WorkspaceItem(path, FileRole.of(document), None, document)
        self.open_checked(Workspace(None, [item]))
        state = self.states[item.key]
        state.stack.resetClean()
        return state

    def _plan_ready(self, plan: WorkspacePlan) -> None:
        self.workspace = plan.empty_workspace()
        self.project = self.workspace.project
        self.opened.emit(self.workspace)

    def _item_loaded(self, item: WorkspaceItem) -> None:
        if self.workspace is None:
            self.workspace = Workspace(None)
        if item not in self.workspace.items:
            self.workspace.items.append(item)
        if item.document is not None:
            self._adopt(item)
        self.item_added.emit(item)

    def _adopt(self, item: WorkspaceItem) -> DocumentState:
        stack = QUndoStack(self.undo_group)
        state = DocumentState(item, stack)
        self.states[item.key] = state
        # A bound method: the connection dies with the session (a stack cleared while
        # it is destroyed emits cleanChanged).
        stack.cleanChanged.connect(self._stack_clean_changed)
        assert item.document is not None
        self.journal.watch(item.document, None, stack)
        return state

    def _stack_clean_changed(self, clean: bool) -> None:
        stack = self.sender()
        state = next((s for s in self.states.values() if s.stack is stack), None)
        if state is not None:
            self.modified_changed.emit(state, not clean)

    def _loaded(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.project = workspace.project
        self.loaded.emit(workspace)
        self.validate_all()

    def _load_cancelled(self, partial: Workspace) -> None:
        if self.workspace is None:
            self.workspace = partial
        self.load_cancelled.emit(self.workspace)
        self.validate_all()

    def state_for(self, item: WorkspaceItem) -> DocumentState | None:
        """The state of an item (``None`` for an unreadable one)."""
        return self.states.get(item.key)

    def state(self, key: object) -> DocumentState | None:
        """The state of the open document of ``key`` (``None`` once it is closed)."""
        return self.states.get(key) if isinstance(key, ItemKey) else None

    def state_at(self, path: str | None) -> DocumentState | None:
        """The state of the open file ``path`` names: for a file the user or a journal names."""
        item = self.workspace.item_at(path) if self.workspace is not None and path else None
        return self.state_for(item) if item is not None else None

    # -------------------------------------------------------------- validation

    def validate_all(self) -> None:
        """Validate the whole workspace again (after loading or a profile change)."""
        if self.workspace is None or not self.states:
            return
        site = self.project.site_url if self.project is not None else None
        self.validations.validate_workspace(self.workspace, self.profile, site)

    def set_profile(self, profile: Profile) -> None:
        """Judge by another authority from now on."""
        if profile != self.profile:
            self.profile = profile
            self.validate_all()

    def _validated(self, key: object, validator: DocumentValidator) -> None:
        state = self.state(key)
        if state is not None and validator.document is state.document:
            state.validator = validator
            self.validated.emit(state)

    def _busy_changed(self, key: object, busy: bool) -> None:
        state = self.state(key)
        if state is not None:
            state.validating = busy
            self.busy_changed.emit(state, busy)

    # ------------------------------------------------------------------ saving

    def save(self, state: DocumentState, path: str | None = None,
             fmt: OutputFormat | None = None, compress: bool | None = None, *,
             replace_other_kind: bool = False) -> Job:
        """Save in the background; ``saved`` or ``save_failed`` follows.

        Raises ``OverwriteRefused`` at once (nothing written) when the target
        holds a file of another kind and ``replace_other_kind`` is not set.
        """
        return self.saves.save(state.document, path, fmt, compress,
                               replace_other_kind=replace_other_kind,
                               key=_Save(state.key, state.document))

    def _saved_state(self, save: object) -> DocumentState | None:
        """The state a save was for, unless closed or reverted since (then the save is old)."""
        if not isinstance(save, _Save):
            return None
        state = self.state(save.key)
        return state if state is not None and state.document is save.document else None

    def _saved(self, save: object, path: str, written: object, clean: bool) -> None:
        state = self._saved_state(save)
        if state is None:
            return  # closed or reverted meanwhile: the journal let go of that document
        document = state.document
        self.journal.file_saved(document, path, written, clean)
        own = os.path.abspath(document.source.path or "")
        if own and own != os.path.abspath(state.path):
            self._rename(state, own)
        if clean and os.path.abspath(path) == own:
            state.stack.setClean()
        self.saved.emit(state, path)

    def _rename(self, state: DocumentState, path: str) -> None:
        """The document now belongs to ``path`` (Save As): the title, tree and prompts follow.

        Its key, and so its undo stack, validator and findings, stay as they are.
        """
        old = state.path
        state.item.path = path
        self.renamed.emit(state, old)

    def _save_failed(self, save: object, error: SitemapError) -> None:
        state = self._saved_state(save)
        if state is not None:
            self.save_failed.emit(state, error)

    # --------------------------------------------------------------- adding

    def add_document(self, path: str, document: SitemapDocument,
                     ref: SitemapRef | None = None) -> DocumentState:
        """Show a new document (an import into a new sitemap) as one more file of the workspace."""
        if self.workspace is None:
            self.workspace = Workspace(None)
        item = WorkspaceItem(path, FileRole.of(document), ref, document)
        self.workspace.items.append(item)
        state = self._adopt(item)
        self.item_added.emit(item)
        self._validate_one(state)
        return state

    def _validate_one(self, state: DocumentState) -> None:
        document = state.document
        context = ValidationContext(
            profile=self.profile, site_url=self.project.site_url if self.project else None,
            sitemap_url=state.item.ref.url if state.item.ref else None, kind=document.kind)
        self.validations.validate(document, context, state.key)

    # --------------------------------------------------------- revert, recover

    def revert(self, state: DocumentState) -> Job:
        """Read the file again, dropping unsaved edits and their undo history."""
        return self.loads.revert(state.document, state.key)

    def _reverted(self, key: object, old: SitemapDocument, new: SitemapDocument) -> None:
        state = self.state(key)
        if state is not None and state.document is old:
            self.journal.discard(old)
            self._replace_document(state, new)

    def _replace_document(self, state: DocumentState, new: SitemapDocument) -> None:
        """Show ``new`` in place of the state's document, with a fresh undo history."""
        old = state.document
        self.journal.forget(old)
        if state.validator is not None:
            state.validator.stop()
            state.validator = None
        state.item.document = new
        state.stack.clear()
        state.stack.setClean()  # clear() keeps a stack dirty that resetClean() made so
        self.journal.watch(new, None, state.stack)
        self.replaced.emit(state)
        self._validate_one(state)

    def recover(self, recovery: Recovery) -> Job:
        """Open a journal's edits as a modified document of the original file.

        When that file is open (a member of the open project), its document
        is replaced by the journal's, unsaved; otherwise the file opens alone.
        """
        state = self.state_at(recovery.original_path)
        if state is None:
            self.close_all()
        return self.loads.recover(recovery, state.key if state is not None else None)

    def _recovered(self, recovery: Recovery, document: SitemapDocument, key: object) -> None:
        state = self.state(key)
        if state is not None:
            self._replace_document(state, document)
            state.stack.resetClean()
            return
        item = WorkspaceItem(recovery.original_path or recovery.journal_path,
                             FileRole.of(document), None, document)
        self.workspace = Workspace(None, [item])
        self.project = None
        self.opened.emit(self.workspace)
        state = self._adopt(item)
        state.stack.resetClean()
        self.item_added.emit(item)
        self.loaded.emit(self.workspace)
        self.validate_all()

    # ------------------------------------------------------------------- state

    def label(self, state: DocumentState) -> str:
        """The state's file name as the window shows it among the open files."""
        return self.workspace.label(state.item) if self.workspace is not None \
            else state.item.name

    @property
    def modified_states(self) -> list[DocumentState]:
        """Documents with unsaved edits."""
        return [state for state in self.states.values() if state.modified]


#: DocumentState lives in document_state; the window imports it from here, with the session.
__all__ = ["DocumentState", "Session"]
