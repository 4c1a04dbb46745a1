"""Open sitemaps and projects in the background, member by member.

:meth:`LoadService.load` reads the project file and then each member in a
worker; ``plan_ready`` comes as soon as the project file is read and
``item_loaded`` as soon as each member is, so the window can show the first
sitemap while the others load. ``loaded`` ends a complete load. Cancelling
stops inside the member being read; ``load_cancelled`` then gives what was
read so far. Opening another workspace cancels a load still under way.

The window shows the job's progress in its status bar after a short delay
(``widgets.status_progress``), with a Cancel that cancels the job.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.model import (
    CancelToken,
    Limits,
    ProgressCallback,
    SitemapDocument,
    SitemapError,
)
from sitemap_studio.core.project import (
    FileRole,
    Workspace,
    WorkspaceItem,
    WorkspacePlan,
    load_workspace,
    plan_workspace,
    read_file,
)
from sitemap_studio.core.reading import open_repaired
from sitemap_studio.core.writing import Recovery, load_recovery
from sitemap_studio.services.jobs import Job, JobRunner


def check_workspace(path: str, limits: Limits | None = None, *,
                    cancel: CancelToken | None = None,
                    progress: ProgressCallback | None = None) -> WorkspacePlan | Workspace:
    """A project's plan, or a lone sitemap read whole; raises its ``SitemapError``."""
    plan = plan_workspace(path)
    if plan.project is not None:
        return plan
    document = read_file(path, limits, cancel=cancel, progress=progress)
    return Workspace(None, [WorkspaceItem(path, FileRole.of(document), None, document)])


class LoadService(QObject):
    """Opens workspaces, single files and recovery journals in the thread pool."""

    #: (WorkspacePlan): the project file is read; its members follow.
    plan_ready = Signal(object)
    #: (WorkspaceItem): one member is read (its document, or its error).
    item_loaded = Signal(object)
    #: (Workspace): every member is read.
    loaded = Signal(object)
    #: (path, SitemapError): the project file or the lone sitemap cannot be read.
    load_failed = Signal(str, object)
    #: (Workspace): the load was cancelled; the workspace holds the members read so far.
    load_cancelled = Signal(object)
    #: (key, old document, new document): :meth:`revert` read the file again.
    reverted = Signal(object, object, object)
    #: (Recovery, SitemapDocument, key): :meth:`recover` read a journal.
    recovered = Signal(object, object, object)
    #: (path or journal, SitemapError): :meth:`revert` or :meth:`recover` failed.
    reopen_failed = Signal(str, object)

    def __init__(self, runner: JobRunner, limits: Limits | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.limits = limits
        self._current: Job | None = None
        self._partial: Workspace | None = None

    @property
    def loading(self) -> bool:
        """Whether a workspace load is under way."""
        return self._current is not None

    def load(self, path: str | os.PathLike[str]) -> Job:
        """Open ``path`` (a project or one sitemap) member by member in the background."""
        if self._current is not None:
            self._current.cancel()
        text = os.fspath(path)
        job = Job(load_workspace, text, self.limits)
        job.kwargs.update(on_plan=job.emit_partial, on_item=job.emit_partial)
        self._current = job
        self._partial = None
        job.signals.partial.connect(lambda piece: self._piece(job, piece))
        job.signals.succeeded.connect(lambda workspace: self._done(job, workspace))
        job.signals.failed.connect(lambda error: self._failed(job, text, error))
        job.signals.cancelled.connect(lambda: self._cancelled(job))
        return self.runner.start_soon(job)

    def check(self, path: str | os.PathLike[str]) -> Job:
        """Read what must be readable before anything open is closed, in the background.

        The job's result is a :class:`WorkspacePlan` for a project (its file
        is read; members that fail are reported one by one later) or a
        :class:`Workspace` holding the one sitemap, already read (pass either
        to :meth:`adopt`). It fails with the ``SitemapError`` of the file.
        """
        job = Job(check_workspace, os.fspath(path), self.limits)
        return self.runner.start_soon(job)

    def adopt(self, checked: WorkspacePlan | Workspace) -> Job | None:
        """Go on from :meth:`check`: load a project's members, or hand over the file read."""
        if isinstance(checked, WorkspacePlan):
            return self.load(checked.path)
        if self._current is not None:
            self._current.cancel()
            self._end()
        self.plan_ready.emit(WorkspacePlan(checked.items[0].path, None, ()))
        for item in checked.items:
            self.item_loaded.emit(item)
        self.loaded.emit(checked)
        return None

    def repair(self, path: str | os.PathLike[str]) -> Job:
        """Read ``path`` with its stray ampersands escaped; the job's result is a ``Repaired``."""
        return self.runner.start_soon(Job(open_repaired, os.fspath(path), self.limits))

    def cancel(self) -> None:
        """Cancel the load under way, if any."""
        if self._current is not None:
            self._current.cancel()

    def revert(self, document: SitemapDocument, key: object = None) -> Job:
        """Read ``document``'s file again; ``reverted(key, document, new_document)``.

        ``key`` names the document in the signal (default: its file's path).
        """
        path = document.source.path
        if path is None:
            raise SitemapError("this document has no file to revert to", code="no-file-name")
        job = Job(read_file, path, self.limits)
        named = path if key is None else key
        job.signals.succeeded.connect(lambda new: self.reverted.emit(named, document, new))
        job.signals.failed.connect(lambda error: self.reopen_failed.emit(path, error))
        return self.runner.start_soon(job)

    def recover(self, recovery: Recovery, key: object = None) -> Job:
        """Read a journal into a document; ``recovered(recovery, document, key)``.

        The document belongs to the original file but nothing is written;
        mark it modified (its undo stack dirty) and journal it again. ``key``
        is handed back as given: the open document the journal's edits replace.
        """
        job = Job(load_recovery, recovery, self.limits)
        job.signals.succeeded.connect(
            lambda document: self.recovered.emit(recovery, document, key))
        job.signals.failed.connect(
            lambda error: self.reopen_failed.emit(recovery.journal_path, error))
        return self.runner.start_soon(job)

    # --------------------------------------------------------------- internals

    def _piece(self, job: Job, piece: object) -> None:
        if job is not self._current:
            return
        if isinstance(piece, WorkspacePlan):
            self._partial = piece.empty_workspace()
            self.plan_ready.emit(piece)
        elif isinstance(piece, WorkspaceItem):
            if self._partial is not None:
                self._partial.items.append(piece)
            self.item_loaded.emit(piece)

    def _done(self, job: Job, workspace: Workspace) -> None:
        if job is self._current:
            self._end()
            self.loaded.emit(workspace)

    def _failed(self, job: Job, path: str, error: SitemapError) -> None:
        if job is self._current:
            self._end()
            self.load_failed.emit(path, error)

    def _cancelled(self, job: Job) -> None:
        if job is self._current:
            partial = self._partial or Workspace(None)
            self._end()
            self.load_cancelled.emit(partial)

    def _end(self) -> None:
        self._current = None
        self._partial = None
