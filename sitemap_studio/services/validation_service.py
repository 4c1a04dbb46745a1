"""Validate documents in the background; afterwards their validators follow edits on the GUI thread.

A full run reads the document in a worker, so the document must not change
meanwhile: :meth:`ValidationService.is_validating` (and ``busy_changed``)
tell the window to keep the table read-only until the run is over. The
validator then follows the document's edits on the GUI thread, updating its
findings incrementally (``DocumentValidator.findings_changed``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

from sitemap_studio.core.model import SitemapDocument, SitemapError
from sitemap_studio.core.project import Workspace
from sitemap_studio.core.validation import (
    DocumentValidator,
    Member,
    Profile,
    ProjectValidator,
    ValidationContext,
    run_members,
    shares_alternates,
)
from sitemap_studio.services.jobs import Job, JobRunner


@dataclass(slots=True)
class _Single:
    document: SitemapDocument
    context: ValidationContext


@dataclass(slots=True)
class _Project:
    workspace: Workspace
    profile: Profile
    site_url: str | None


class ValidationService(QObject):
    """Runs full validations in the thread pool and keeps one validator per key."""

    #: (key, DocumentValidator): a run finished; the validator now follows its document.
    validated = Signal(object, object)
    #: (key, SitemapError): a run failed (an internal error; rules do not raise).
    validation_failed = Signal(object, object)
    #: (key): a run was cancelled; the previous validator, if any, stays in place.
    validation_cancelled = Signal(object)
    #: (key, busy): whether a worker is reading the document of ``key`` (keep it read-only).
    busy_changed = Signal(object, bool)

    def __init__(self, runner: JobRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._validators: dict[object, DocumentValidator] = {}
        self._jobs: dict[object, Job] = {}
        #: id(document) -> (document, its key, number of jobs reading it).
        self._busy: dict[int, tuple[SitemapDocument, object, int]] = {}
        #: The documents each job still reads, by id, with their keys.
        self._holds: dict[Job, dict[int, tuple[SitemapDocument, object]]] = {}
        self._singles: dict[object, _Single] = {}
        self._project: _Project | None = None

    # ----------------------------------------------------------------- queries

    def validator_for(self, key: object) -> DocumentValidator | None:
        """The validator that follows the document of ``key``, once a run has finished."""
        return self._validators.get(key)

    def busy(self, key: object) -> bool:
        """Whether a run for ``key`` is under way."""
        return key in self._jobs

    def is_validating(self, document: SitemapDocument) -> bool:
        """Whether a worker reads ``document`` now; edits must wait until it is done."""
        return id(document) in self._busy

    # ------------------------------------------------------------ one document

    def validate(self, document: SitemapDocument, context: ValidationContext,
                 key: object) -> Job:
        """Validate ``document`` fully in the background; ``validated(key, v)`` when done.

        A run already under way for ``key`` is superseded (and cancelled unless
        it also runs for other keys, as a project run does).
        """
        self._singles[key] = _Single(document, context)
        validator = DocumentValidator(document, context, key=key)
        job = Job(validator.run, follow=False)
        self._claim(job, [key], [document])
        job.signals.succeeded.connect(lambda _result: self._finished_one(job, key, validator))
        job.signals.failed.connect(lambda error: self._failed(job, [key], error))
        job.signals.cancelled.connect(lambda: self._cancelled(job, [key]))
        job.signals.finished.connect(lambda: self._release(job))
        return self.runner.start_soon(job)

    def _finished_one(self, job: Job, key: object, validator: DocumentValidator) -> None:
        if self._jobs.get(key) is not job:
            return
        del self._jobs[key]
        self._install(key, validator)

    def _install(self, key: object, validator: DocumentValidator) -> None:
        old = self._validators.get(key)
        if old is not None and old is not validator:
            old.stop()
        validator.listen()
        self._validators[key] = validator
        self.validated.emit(key, validator)

    # --------------------------------------------------------------- a project

    def validate_workspace(self, workspace: Workspace, profile: Profile = Profile.PROTOCOL,
                           site_url: str | None = None) -> Job:
        """Validate every readable member together (one shared hreflang index), in one job.

        Keys are the members' item keys. ``validated(key, validator)`` comes for
        each member as soon as its findings are final; progress counts rows of
        all members. ``site_url`` defaults to the project's.
        """
        project = workspace.project
        if site_url is None and project is not None:
            site_url = project.site_url
        self._project = _Project(workspace, profile, site_url)
        members = [Member(item.path, item.document, item.ref.url if item.ref else None, item.key)
                   for item in workspace.items if item.document is not None]
        for member in members:
            self._singles.pop(member.key, None)
        validators = ProjectValidator(members, profile, site_url)
        documents = [member.document for member in members]
        keys: list[object] = [member.key for member in members]
        job = Job(run_members, validators, partial_keyword="member_done")
        self._claim(job, keys, documents)
        shared = shares_alternates(validators)
        job.signals.partial.connect(
            lambda key: self._member_done(job, key, validators, shared))
        job.signals.failed.connect(lambda error: self._failed(job, keys, error))
        job.signals.cancelled.connect(lambda: self._cancelled(job, keys))
        job.signals.finished.connect(lambda: self._release(job))
        return self.runner.start_soon(job)

    def _member_done(self, job: Job, key: object, project: ProjectValidator,
                     shared: bool) -> None:
        if self._jobs.get(key) is not job:
            return
        del self._jobs[key]
        validator = project.validators[key]
        if not shared:
            # Nothing of this member is read by the run any more: it may be edited now.
            self._let_go(job, validator.document)
        self._install(key, validator)

    # ---------------------------------------------------------------- profiles

    def set_profile(self, profile: Profile) -> list[Job]:
        """Validate again everything validated so far, under ``profile``."""
        jobs = []
        for key, single in list(self._singles.items()):
            context = replace(single.context, profile=profile)
            jobs.append(self.validate(single.document, context, key))
        if self._project is not None:
            project = self._project
            jobs.append(self.validate_workspace(project.workspace, profile, project.site_url))
        return jobs

    # ------------------------------------------------------- cancel and forget

    def cancel(self, key: object | None = None) -> None:
        """Cancel the run for ``key``, or every run when ``key`` is ``None``.

        A project is validated in one job: cancelling one member's run cancels it all.
        """
        if key is None:
            jobs = set(self._jobs.values())
        else:
            job = self._jobs.get(key)
            jobs = {job} if job is not None else set()
        for job in jobs:
            job.cancel()

    def forget(self, keys: Iterable[object]) -> None:
        """Stop following the documents of ``keys`` (closed), cancelling their runs."""
        for key in keys:
            job = self._jobs.pop(key, None)
            if job is not None and job not in self._jobs.values():
                job.cancel()
            validator = self._validators.pop(key, None)
            if validator is not None:
                validator.stop()
            self._singles.pop(key, None)
        if self._project is not None and not any(
                item.key in self._validators for item in self._project.workspace.items):
            self._project = None

    # --------------------------------------------------------------- internals

    def _claim(self, job: Job, keys: list[object], documents: list[SitemapDocument]) -> None:
        """Make ``job`` the run of ``keys``; a run left with no key of its own is cancelled."""
        previous = {self._jobs[key] for key in keys if key in self._jobs}
        for key in keys:
            self._jobs[key] = job
        still_needed = set(self._jobs.values())
        for old in previous - still_needed:
            old.cancel()
        self._holds[job] = {}
        for key, document in zip(keys, documents, strict=True):
            self._hold(job, key, document)

    def _failed(self, job: Job, keys: list[object], error: SitemapError) -> None:
        for key in self._mine(job, keys):
            self.validation_failed.emit(key, error)

    def _cancelled(self, job: Job, keys: list[object]) -> None:
        for key in self._mine(job, keys):
            self.validation_cancelled.emit(key)

    def _mine(self, job: Job, keys: list[object]) -> list[object]:
        mine = [key for key in keys if self._jobs.get(key) is job]
        for key in mine:
            del self._jobs[key]
        return mine

    def _hold(self, job: Job, key: object, document: SitemapDocument) -> None:
        """Count ``job`` among the workers reading ``document``, the document of ``key``."""
        self._holds[job][id(document)] = (document, key)
        held = self._busy.get(id(document))
        count = held[2] if held else 0
        self._busy[id(document)] = (document, key, count + 1)
        if count == 0:
            self.busy_changed.emit(key, True)

    def _let_go(self, job: Job, document: SitemapDocument) -> None:
        """``job`` reads ``document`` no more."""
        if self._holds.get(job, {}).pop(id(document), None) is None:
            return
        _, key, count = self._busy[id(document)]
        if count <= 1:
            del self._busy[id(document)]
            self.busy_changed.emit(key, False)
        else:
            self._busy[id(document)] = (document, key, count - 1)

    def _release(self, job: Job) -> None:
        for document, _key in list(self._holds.get(job, {}).values()):
            self._let_go(job, document)
        self._holds.pop(job, None)
