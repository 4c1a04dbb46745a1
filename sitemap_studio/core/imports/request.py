"""What the import dialog hands back, and a new sitemap built from imported entries.

The dialog returns an :class:`ImportRequest`; the window applies it: into
the current sitemap with :func:`sitemap_studio.commands.import_commands.import_entries`,
or as a new sitemap with :func:`create_new_sitemap`, which writes a fresh
urlset with its rows recorded as they are written (so the new document is an
ordinary, losslessly editable one, as if read from a file, not on disk yet).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from sitemap_studio.core.imports.plan import DuplicatePolicy, ImportSummary, plan_import
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.writing.new_documents import new_urlset_document

NEW_SUFFIXES = (".xml", ".xml.gz")
_RESERVED = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
_WINDOWS_NAMES = re.compile(r"^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$", re.IGNORECASE)


class ImportTarget(StrEnum):
    """Where imported entries go."""

    CURRENT = "current"
    NEW = "new"


@dataclass(frozen=True, slots=True)
class ImportRequest:
    """An import the user asked for.

    Attributes:
        entries: The entries to import (ids ``-1``).
        policy: What happens to entries whose location is already listed.
        target: Into the current sitemap, or as a new sitemap in the project.
        new_name: The new sitemap's file name (for ``ImportTarget.NEW``), no folder.
        description: Where the entries came from, for the undo text and messages.
        flagged: Indexes of ``entries`` that have findings of their own.
        problems: What reading the source noticed (rows skipped, URLs that failed).
    """

    entries: tuple[Entry, ...]
    policy: DuplicatePolicy = DuplicatePolicy.SKIP
    target: ImportTarget = ImportTarget.CURRENT
    new_name: str | None = None
    description: str = ""
    flagged: frozenset[int] = frozenset()
    problems: tuple[Finding, ...] = field(default=())


def new_name_problem(name: str, folder: str | None = None,
                     taken: Collection[str] = ()) -> str | None:
    """Why ``name`` cannot be a new sitemap's file name, or ``None``.

    ``folder`` is where the file will be (checked for an existing file);
    ``taken`` names already used in the project (compared without case).
    """
    text = name.strip()
    if not text:
        return "enter a file name for the new sitemap"
    if text != name:
        return "the file name must not start or end with a blank"
    if _RESERVED.search(text) or text in (".", ".."):
        return 'the file name must not contain / \\ : * ? " < > | or control characters'
    if _WINDOWS_NAMES.match(text):
        return f"{text} is a reserved device name on Windows"
    if not text.lower().endswith(NEW_SUFFIXES):
        return "end the file name with .xml (or .xml.gz for a compressed sitemap)"
    if text.lower() in NEW_SUFFIXES:
        return "the file name needs a name before its extension"
    lowered = {os.path.basename(other).lower() for other in taken}
    if text.lower() in lowered:
        return f"the project already has a sitemap named {text}"
    if folder is not None and os.path.exists(os.path.join(folder, text)):
        return f"a file named {text} already exists in the project folder"
    return None


def new_sitemap_document(entries: Sequence[Entry], path: str,
                         limits: Limits | None = None) -> SitemapDocument:
    """A new urlset holding ``entries``, to be saved at ``path`` (not written here).

    A name ending in ``.gz`` makes the document save compressed.
    """
    document = new_urlset_document(entries, path=path, limits=limits)
    document.source.compressed = path.lower().endswith(".gz")
    return document


def create_new_sitemap(request: ImportRequest, path: str,
                       limits: Limits | None = None) -> tuple[SitemapDocument, ImportSummary]:
    """The new sitemap of an ``ImportTarget.NEW`` request, the policy applied among its entries.

    Returns the document (for the window to add to the workspace and save)
    and the import summary.
    """
    empty = new_sitemap_document([], path, limits)
    plan = plan_import(empty, request.entries, request.policy)
    document = new_sitemap_document(plan.inserts, path, limits)
    return document, plan.summary(request.flagged, os.path.basename(path))


__all__ = [
    "NEW_SUFFIXES",
    "ImportRequest",
    "ImportTarget",
    "create_new_sitemap",
    "new_name_problem",
    "new_sitemap_document",
]
