"""Expand a project's sitemap index into its child sitemaps, when they are local files.

An index lists its children by public URL. A child is local when its URL sits
in the index's own public folder and a file of that relative path exists next
to the index file; such children join the project as members (with their
public URL). Nothing is fetched: a child that is not on disk is reported.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.project_file import Project, SitemapRef


@dataclass(slots=True)
class Expansion:
    """What expanding an index did: members added, children left out and why."""

    added: list[SitemapRef] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def child_path(child_url: str, index_url: str | None, index_file: str) -> str | None:
    """The local file a child URL of the index stands for, or ``None`` when there is none.

    With the index's public URL known, the child's path relative to the index's
    folder is used (``/shop/sitemap-1.xml`` beside ``/shop/index.xml``); without
    it, only the child's file name, looked for beside the index file.
    """
    parts = urlsplit(child_url.strip())
    if parts.scheme not in ("http", "https") or not parts.path:
        return None
    folder = os.path.dirname(os.path.abspath(index_file))
    if index_url:
        base = urlsplit(index_url)
        same_site = (parts.scheme, parts.netloc.lower()) == (base.scheme, base.netloc.lower())
        base_folder = base.path[: base.path.rfind("/") + 1] or "/"
        if not same_site or not parts.path.startswith(base_folder):
            return None
        relative = unquote(parts.path[len(base_folder):])
    else:
        relative = unquote(posixpath.basename(parts.path))
    segments = relative.split("/")
    if not relative or any(s in ("", ".", "..") or "\\" in s for s in segments):
        return None
    candidate = os.path.normpath(os.path.join(folder, *segments))
    if os.path.commonpath([candidate, folder]) != folder:
        return None
    return candidate


def expand_index(project: Project, index: SitemapDocument) -> Expansion:
    """Add the local children of ``index`` (the project's index document) as members."""
    if project.index is None:
        raise SitemapError("the project has no sitemap index to expand", code="no-index")
    index_file = project.resolve(project.index)
    members = {os.path.normcase(project.resolve(ref)) for ref in project.sitemaps}
    result = Expansion()
    for row in range(len(index)):
        url = index.text(row, 0)
        if not url:
            continue
        path = child_path(url, project.index.url, index_file)
        if path is None:
            result.skipped.append((url, "not a file beside the index (another site or folder)"))
            continue
        if not os.path.isfile(path):
            result.skipped.append((url, f"no local file {os.path.basename(path)}"))
            continue
        if os.path.normcase(path) in members:
            result.already.append(url)
            continue
        ref = SitemapRef(project.relative_path(path), url)
        project.sitemaps.append(ref)
        members.add(os.path.normcase(path))
        result.added.append(ref)
    return result
