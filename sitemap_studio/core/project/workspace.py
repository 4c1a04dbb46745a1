"""What the user has open: one sitemap, or a project with its member sitemaps and index."""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from enum import StrEnum

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.project.project_file import Project, SitemapRef, load_project
from sitemap_studio.core.reading.loader import open_document

PROJECT_SUFFIX = ".sitemapproj"


class FileRole(StrEnum):
    """What a file is in a project: one of its sitemaps, or its sitemap index."""

    SITEMAP = "sitemap"
    INDEX = "index"

    @classmethod
    def of(cls, document: SitemapDocument) -> FileRole:
        """The role a lone ``document`` plays: an index when it lists sitemaps."""
        return cls.INDEX if document.kind == DocumentKind.INDEX else cls.SITEMAP


#: Serial numbers of item keys, one per item made in this process (``next`` is atomic).
_SERIALS = itertools.count(1)


@dataclass(frozen=True, slots=True)
class ItemKey:
    """Which open file an item is: the one way to look up a document or its state.

    Issued once, when the item is made, and kept for as long as the item is
    open: through Save As (its path changes), revert and crash recovery (its
    document is replaced) and a project's members loading one by one. Paths
    are what users see; they name a file on disk and can change under an open
    document, so nothing is looked up by them but a file the user names.
    """

    serial: int

    @classmethod
    def issue(cls) -> ItemKey:
        """A key no other item of this process has."""
        return cls(next(_SERIALS))


@dataclass(slots=True)
class WorkspaceItem:
    """One file of the workspace: its document, or why it could not be read."""

    path: str
    role: FileRole
    ref: SitemapRef | None = None
    document: SitemapDocument | None = None
    error: SitemapError | None = None
    key: ItemKey = field(default_factory=ItemKey.issue)

    @property
    def name(self) -> str:
        """The file name shown to the user."""
        return os.path.basename(self.path)

    def is_file(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` names this item's file."""
        return os.path.abspath(self.path) == os.path.abspath(path)


@dataclass(slots=True)
class Workspace:
    """A project (or a lone file) and its open documents."""

    project: Project | None
    items: list[WorkspaceItem] = field(default_factory=list)

    @property
    def title(self) -> str:
        """What the window title names."""
        if self.project is not None and self.project.path:
            return os.path.basename(self.project.path)
        return self.items[0].name if self.items else ""

    def item(self, key: ItemKey) -> WorkspaceItem | None:
        """The item of ``key``, while it is part of the workspace."""
        return next((item for item in self.items if item.key == key), None)

    def item_at(self, path: str | os.PathLike[str]) -> WorkspaceItem | None:
        """The item of the file ``path`` names (a file the user or a journal names)."""
        return next((item for item in self.items if item.is_file(path)), None)

    def label(self, item: WorkspaceItem) -> str:
        """The item's name as shown among the workspace's files (see :func:`item_label`)."""
        return item_label(item, self.items)


def item_label(item: WorkspaceItem, items: list[WorkspaceItem]) -> str:
    """The item's file name, with as many of its folders as tell it from the others of ``items``.

    Two members named ``sitemap.xml`` in folders ``en`` and ``de`` are shown
    as ``en/sitemap.xml`` and ``de/sitemap.xml``; a name no other item has is
    shown alone.
    """
    others = [other.path for other in items
              if other.name == item.name and not other.is_file(item.path)]
    return _label(item.path, others) if others else item.name


def _label(path: str, others: list[str]) -> str:
    """The shortest tail of ``path``'s folders and name that none of ``others`` ends with."""
    parts = _parts(path)
    others_parts = [_parts(other) for other in others]
    for length in range(1, len(parts) + 1):
        tail = parts[-length:]
        if not any(other[-length:] == tail for other in others_parts):
            return "/".join(tail)
    return "/".join(parts)


def _parts(path: str) -> list[str]:
    """The folders and name of ``path`` made absolute, outermost first."""
    return [part for part in os.path.abspath(path).replace(os.sep, "/").split("/") if part]


def is_project_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a project file."""
    return os.fspath(path).lower().endswith(PROJECT_SUFFIX)


def open_workspace(
    path: str | os.PathLike[str],
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> Workspace:
    """Open a project with all its member files, or a single sitemap.

    A member that cannot be read does not stop the others: its item carries
    the error. A single file that cannot be read raises.
    """
    text = os.fspath(path)
    if not is_project_path(text):
        document = open_document(text, limits, cancel=cancel, progress=progress)
        return Workspace(None, [WorkspaceItem(text, FileRole.of(document), None, document)])
    project = load_project(text)
    members: list[tuple[FileRole, SitemapRef]] = []
    if project.index is not None:
        members.append((FileRole.INDEX, project.index))
    members.extend((FileRole.SITEMAP, ref) for ref in project.sitemaps)
    workspace = Workspace(project)
    total = len(members) * 100
    for number, (role, ref) in enumerate(members):
        check(cancel)
        member_path = project.resolve(ref)
        item = WorkspaceItem(member_path, role, ref)

        def member_progress(done: int, whole: int, base: int = number * 100) -> None:
            report(progress, base + (done * 100 // whole if whole else 0), total)

        try:
            item.document = open_document(member_path, limits, cancel=cancel,
                                          progress=member_progress)
        except Cancelled:
            raise
        except SitemapError as exc:
            item.error = exc.with_path(member_path)
        workspace.items.append(item)
    report(progress, total, total)
    return workspace
