"""The project: the ``.sitemapproj`` file, its settings and their checks, and the workspace: what
the user has open, loaded member by member.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.project.project_file import (
        INDEXNOW_ENDPOINT,
        ExportSettings,
        Project,
        SitemapRef,
        SubmissionSettings,
        new_project,
        save_project,
    )
    from sitemap_studio.core.project.settings_values import INDEX_LASTMOD_POLICIES, url_problem
    from sitemap_studio.core.project.workspace import (
        FileRole,
        ItemKey,
        Workspace,
        WorkspaceItem,
        is_project_path,
        item_label,
        open_workspace,
    )
    from sitemap_studio.core.project.workspace_loading import (
        WorkspacePlan,
        load_workspace,
        plan_workspace,
        read_file,
    )

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "ExportSettings": "project_file",
    "FileRole": "workspace",
    "INDEX_LASTMOD_POLICIES": "settings_values",
    "INDEXNOW_ENDPOINT": "project_file",
    "is_project_path": "workspace",
    "ItemKey": "workspace",
    "item_label": "workspace",
    "load_workspace": "workspace_loading",
    "new_project": "project_file",
    "open_workspace": "workspace",
    "plan_workspace": "workspace_loading",
    "Project": "project_file",
    "read_file": "workspace_loading",
    "save_project": "project_file",
    "SitemapRef": "project_file",
    "SubmissionSettings": "project_file",
    "url_problem": "settings_values",
    "Workspace": "workspace",
    "WorkspaceItem": "workspace",
    "WorkspacePlan": "workspace_loading",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "INDEXNOW_ENDPOINT",
    "INDEX_LASTMOD_POLICIES",
    "ExportSettings",
    "FileRole",
    "ItemKey",
    "Project",
    "SitemapRef",
    "SubmissionSettings",
    "Workspace",
    "WorkspaceItem",
    "WorkspacePlan",
    "is_project_path",
    "item_label",
    "load_workspace",
    "new_project",
    "open_workspace",
    "plan_workspace",
    "read_file",
    "save_project",
    "url_problem",
]
