"""Export: splitting, gzipping and indexing sitemaps for upload: options, the preview, the run, the
output folder changed all at once, its report and recovery.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.export.locs import written_urls
    from sitemap_studio.core.export.options import (
        DEFAULT_INDEX_NAME,
        DEFAULT_NAME_PATTERN,
        MIN_MAX_BYTES,
        ExportOptions,
        LoneFileExport,
        project_base_url,
    )
    from sitemap_studio.core.export.preview import (
        EntrySizes,
        ExportPlan,
        PlannedFile,
        measure_entries,
        plan_export,
    )
    from sitemap_studio.core.export.report import ExportedFile, ExportReport, plural
    from sitemap_studio.core.export.run import (
        ExportBlocked,
        ExportSources,
        apply_export_settings,
        blocking_findings,
        check_and_export,
        export_sources,
        options_for,
        output_folder_problem,
        settings_problems,
    )
    from sitemap_studio.core.export.split import export_documents

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "apply_export_settings": "run",
    "blocking_findings": "run",
    "check_and_export": "run",
    "DEFAULT_INDEX_NAME": "options",
    "DEFAULT_NAME_PATTERN": "options",
    "EntrySizes": "preview",
    "export_documents": "split",
    "export_sources": "run",
    "ExportBlocked": "run",
    "ExportedFile": "report",
    "ExportOptions": "options",
    "ExportPlan": "preview",
    "ExportReport": "report",
    "ExportSources": "run",
    "LoneFileExport": "options",
    "measure_entries": "preview",
    "MIN_MAX_BYTES": "options",
    "options_for": "run",
    "output_folder_problem": "run",
    "plan_export": "preview",
    "PlannedFile": "preview",
    "plural": "report",
    "project_base_url": "options",
    "settings_problems": "run",
    "written_urls": "locs",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "DEFAULT_INDEX_NAME",
    "DEFAULT_NAME_PATTERN",
    "MIN_MAX_BYTES",
    "EntrySizes",
    "ExportBlocked",
    "ExportOptions",
    "ExportPlan",
    "ExportReport",
    "ExportSources",
    "ExportedFile",
    "LoneFileExport",
    "PlannedFile",
    "apply_export_settings",
    "blocking_findings",
    "check_and_export",
    "export_documents",
    "export_sources",
    "measure_entries",
    "options_for",
    "output_folder_problem",
    "plan_export",
    "plural",
    "project_base_url",
    "settings_problems",
    "written_urls",
]
