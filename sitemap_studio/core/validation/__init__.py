"""Validation: the rules of the protocol and of Google's extensions, the validators of one document
and of a project, and findings grouped by cause.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.validation.bcp47 import check_hreflang_value
    from sitemap_studio.core.validation.context import Reporter, ValidationContext
    from sitemap_studio.core.validation.engine import DocumentValidator
    from sitemap_studio.core.validation.finding_groups import Cause, FindingGroup, group_findings
    from sitemap_studio.core.validation.locations import check_loc
    from sitemap_studio.core.validation.project import Member, ProjectValidator
    from sitemap_studio.core.validation.project_run import run_members, shares_alternates
    from sitemap_studio.core.validation.registry import PROFILE_TITLES, Profile

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "Cause": "finding_groups",
    "check_hreflang_value": "bcp47",
    "check_loc": "locations",
    "DocumentValidator": "engine",
    "FindingGroup": "finding_groups",
    "group_findings": "finding_groups",
    "Member": "project",
    "Profile": "registry",
    "PROFILE_TITLES": "registry",
    "ProjectValidator": "project",
    "Reporter": "context",
    "run_members": "project_run",
    "shares_alternates": "project_run",
    "ValidationContext": "context",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "PROFILE_TITLES",
    "Cause",
    "DocumentValidator",
    "FindingGroup",
    "Member",
    "Profile",
    "ProjectValidator",
    "Reporter",
    "ValidationContext",
    "check_hreflang_value",
    "check_loc",
    "group_findings",
    "run_members",
    "shares_alternates",
]
