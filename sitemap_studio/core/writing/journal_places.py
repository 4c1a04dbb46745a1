"""Where to look for crash journals: beside files, in folders, and beside every member of a project.

A project's members are journaled beside their own files, not beside the
project file, so a project named here stands for its members too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.workspace import is_project_path
from sitemap_studio.core.project.workspace_loading import plan_workspace


def recovery_places(paths: Iterable[str | os.PathLike[str]]) -> dict[str, str | None]:
    """Map each file or folder to search to the project it belongs to (``None``: none).

    Projects that cannot be read add nothing but themselves.
    """
    places: dict[str, str | None] = {}
    for entry in paths:
        text = os.path.abspath(os.fspath(entry))
        places.setdefault(text, None)
        if not is_project_path(text) or not os.path.isfile(text):
            continue
        try:
            plan = plan_workspace(text)
        except (SitemapError, OSError):
            continue
        for member in plan.members:
            places[os.path.abspath(member.path)] = text
    return places
