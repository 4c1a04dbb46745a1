"""Imports: reading entries to import from text, CSV/TSV, feeds, the clipboard and other sitemaps,
and planning what comes in.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.imports.checks import PreviewRow, preview_rows
    from sitemap_studio.core.imports.csv_guess import guess_mapping
    from sitemap_studio.core.imports.csv_source import (
        DELIMITER_NAMES,
        DELIMITERS,
        ENCODING_NAMES,
        ENCODINGS,
        ColumnMapping,
        Table,
        TableFormat,
        read_table,
    )
    from sitemap_studio.core.imports.plan import (
        POLICY_TITLES,
        DuplicatePolicy,
        ImportPlan,
        ImportSummary,
        existing_keys,
        location_key,
        plan_import,
        summary_text,
    )
    from sitemap_studio.core.imports.request import (
        ImportRequest,
        ImportTarget,
        create_new_sitemap,
        new_name_problem,
        new_sitemap_document,
    )
    from sitemap_studio.core.imports.sources import (
        AUTO,
        DOCUMENT,
        TABLE,
        ImportBatch,
        TableSource,
        inspect_file,
        read_clipboard,
        read_live_site,
        read_table_source,
    )

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "AUTO": "sources",
    "ColumnMapping": "csv_source",
    "create_new_sitemap": "request",
    "DELIMITER_NAMES": "csv_source",
    "DELIMITERS": "csv_source",
    "DOCUMENT": "sources",
    "DuplicatePolicy": "plan",
    "ENCODING_NAMES": "csv_source",
    "ENCODINGS": "csv_source",
    "existing_keys": "plan",
    "guess_mapping": "csv_guess",
    "ImportBatch": "sources",
    "ImportPlan": "plan",
    "ImportRequest": "request",
    "ImportSummary": "plan",
    "ImportTarget": "request",
    "inspect_file": "sources",
    "location_key": "plan",
    "new_name_problem": "request",
    "new_sitemap_document": "request",
    "plan_import": "plan",
    "POLICY_TITLES": "plan",
    "preview_rows": "checks",
    "PreviewRow": "checks",
    "read_clipboard": "sources",
    "read_live_site": "sources",
    "read_table": "csv_source",
    "read_table_source": "sources",
    "summary_text": "plan",
    "TABLE": "sources",
    "Table": "csv_source",
    "TableFormat": "csv_source",
    "TableSource": "sources",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "AUTO",
    "DELIMITERS",
    "DELIMITER_NAMES",
    "DOCUMENT",
    "ENCODINGS",
    "ENCODING_NAMES",
    "POLICY_TITLES",
    "TABLE",
    "ColumnMapping",
    "DuplicatePolicy",
    "ImportBatch",
    "ImportPlan",
    "ImportRequest",
    "ImportSummary",
    "ImportTarget",
    "PreviewRow",
    "Table",
    "TableFormat",
    "TableSource",
    "create_new_sitemap",
    "existing_keys",
    "guess_mapping",
    "inspect_file",
    "location_key",
    "new_name_problem",
    "new_sitemap_document",
    "plan_import",
    "preview_rows",
    "read_clipboard",
    "read_live_site",
    "read_table",
    "read_table_source",
    "summary_text",
]
