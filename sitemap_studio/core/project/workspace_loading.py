"""Open a workspace member by member, so a front end can show the first file while the rest load.

:func:`plan_workspace` reads only the project file (or looks at the one
sitemap); :func:`iter_workspace` then reads the members one after another and
yields each :class:`WorkspaceItem` as soon as it is ready. Each document
carries the fingerprint of its file as it was read (see
:mod:`sitemap_studio.core.reading.fingerprints`). :func:`load_workspace` gives the same
:class:`Workspace` as :func:`~sitemap_studio.core.project.workspace.open_workspace`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.project.project_file import Project, SitemapRef, load_project
from sitemap_studio.core.project.workspace import (
    FileRole,
    Workspace,
    WorkspaceItem,
    is_project_path,
)
from sitemap_studio.core.reading.fingerprints import (
    FileFingerprint,
    fingerprint_file,
    set_fingerprint,
)
from sitemap_studio.core.reading.loader import open_document

#: Progress is reported as (done, PROGRESS_UNITS), weighted by the members' file sizes.
PROGRESS_UNITS = 10_000


@dataclass(frozen=True, slots=True)
class PlannedMember:
    """A file the workspace will open: its path, role, project entry and size on disk."""

    path: str
    role: FileRole
    ref: SitemapRef | None
    size: int


@dataclass(frozen=True, slots=True)
class WorkspacePlan:
    """What opening ``path`` will read: the project (``None`` for a lone file) and its members."""

    path: str
    project: Project | None
    members: tuple[PlannedMember, ...]

    def empty_workspace(self) -> Workspace:
        """A workspace with the project and no items yet."""
        return Workspace(self.project)


def plan_workspace(path: str | os.PathLike[str]) -> WorkspacePlan:
    """Read the project file (if ``path`` is one) and list the members to open.

    Raises:
        SitemapError: The project file cannot be read.
    """
    text = os.fspath(path)
    if not is_project_path(text):
        lone = PlannedMember(text, FileRole.SITEMAP, None, _size(text))
        return WorkspacePlan(text, None, (lone,))
    project = load_project(text)
    refs: list[tuple[FileRole, SitemapRef]] = []
    if project.index is not None:
        refs.append((FileRole.INDEX, project.index))
    refs.extend((FileRole.SITEMAP, ref) for ref in project.sitemaps)
    members = []
    for role, ref in refs:
        member_path = project.resolve(ref)
        members.append(PlannedMember(member_path, role, ref, _size(member_path)))
    return WorkspacePlan(text, project, tuple(members))


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return 0


def iter_workspace(
    path: str | os.PathLike[str] | WorkspacePlan,
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> Iterator[WorkspaceItem]:
    """Open the members of a workspace one by one, yielding each as soon as it is read.

    A member that cannot be read is yielded with its error; a lone file that
    cannot be read raises, like :func:`open_workspace`. ``cancel`` is checked
    before each member and while one is read.

    Raises:
        SitemapError: The project file or the lone sitemap cannot be read.
        Cancelled: ``cancel`` was set.
    """
    plan = path if isinstance(path, WorkspacePlan) else plan_workspace(path)
    limits = limits or Limits.from_env()
    weights = [max(member.size, 1) for member in plan.members]
    whole = sum(weights) or 1
    base = 0
    for member, weight in zip(plan.members, weights, strict=True):
        check(cancel)

        def member_progress(done: int, total: int, base: int = base, weight: int = weight) -> None:
            fraction = done / total if total else 0.0
            report(progress, (base + int(fraction * weight)) * PROGRESS_UNITS // whole,
                   PROGRESS_UNITS)

        item = WorkspaceItem(member.path, member.role, member.ref)
        try:
            fingerprint = _fingerprint(member.path, cancel)
            document = open_document(member.path, limits, cancel=cancel,
                                     progress=member_progress)
        except Cancelled:
            raise
        except SitemapError as exc:
            if plan.project is None:
                raise
            item.error = exc.with_path(member.path)
        else:
            set_fingerprint(document, fingerprint)
            item.document = document
            if plan.project is None:
                item.role = FileRole.of(document)
        base += weight
        report(progress, base * PROGRESS_UNITS // whole, PROGRESS_UNITS)
        yield item
    report(progress, PROGRESS_UNITS, PROGRESS_UNITS)


def read_file(
    path: str | os.PathLike[str],
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> SitemapDocument:
    """Open one sitemap with the fingerprint of its file (for Revert).

    Raises:
        SitemapError: The file cannot be read.
        Cancelled: ``cancel`` was set.
    """
    text = os.fspath(path)
    fingerprint = _fingerprint(text, cancel)
    document = open_document(text, limits or Limits.from_env(), cancel=cancel,
                             progress=progress)
    set_fingerprint(document, fingerprint)
    return document


def _fingerprint(path: str, cancel: CancelToken | None) -> FileFingerprint | None:
    """The file's fingerprint, taken before it is read (a change meanwhile shows as a change)."""
    try:
        return fingerprint_file(path, cancel)
    except (OSError, ValueError):
        return None  # open_document says why the file cannot be read


def load_workspace(
    path: str | os.PathLike[str],
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
    on_plan: Callable[[WorkspacePlan], object] | None = None,
    on_item: Callable[[WorkspaceItem], object] | None = None,
) -> Workspace:
    """Open a workspace like ``open_workspace``, telling ``on_plan`` and ``on_item`` as it goes.

    ``on_plan`` is called once the project file is read, ``on_item`` with
    each member as soon as it is read (both on the calling thread).
    """
    plan = plan_workspace(path)
    if on_plan is not None:
        on_plan(plan)
    workspace = plan.empty_workspace()
    for item in iter_workspace(plan, limits, cancel=cancel, progress=progress):
        workspace.items.append(item)
        if on_item is not None:
            on_item(item)
    return workspace
