"""Edit plans: bulk edits, find and replace, de-duplication, quick fixes, making locations
absolute, and tab-separated copy and paste: each planned as data before it is applied.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.edits.bulk_edit import (
        BulkEditChoice,
        checked_value,
        rows_for_ids,
        with_field,
    )
    from sitemap_studio.core.edits.cell_values import parse_cell
    from sitemap_studio.core.edits.dedupe import DedupePlan, plan_dedupe
    from sitemap_studio.core.edits.find_replace import PatternError, ReplacePlan, plan_replace
    from sitemap_studio.core.edits.location_fixes import (
        LOC_NOT_ABSOLUTE,
        MAKE_ABSOLUTE,
        make_absolute_fix,
        site_url_problem,
    )
    from sitemap_studio.core.edits.quick_fixes import fixed_entries
    from sitemap_studio.core.edits.replace_across import FilesPlan, plan_replace_across
    from sitemap_studio.core.edits.tsv import entries_to_tsv, tsv_to_entries

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "parse_cell": "cell_values",
    "BulkEditChoice": "bulk_edit",
    "checked_value": "bulk_edit",
    "DedupePlan": "dedupe",
    "entries_to_tsv": "tsv",
    "FilesPlan": "replace_across",
    "fixed_entries": "quick_fixes",
    "LOC_NOT_ABSOLUTE": "location_fixes",
    "MAKE_ABSOLUTE": "location_fixes",
    "make_absolute_fix": "location_fixes",
    "PatternError": "find_replace",
    "plan_dedupe": "dedupe",
    "plan_replace": "find_replace",
    "plan_replace_across": "replace_across",
    "ReplacePlan": "find_replace",
    "rows_for_ids": "bulk_edit",
    "site_url_problem": "location_fixes",
    "tsv_to_entries": "tsv",
    "with_field": "bulk_edit",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "LOC_NOT_ABSOLUTE",
    "MAKE_ABSOLUTE",
    "BulkEditChoice",
    "DedupePlan",
    "FilesPlan",
    "PatternError",
    "ReplacePlan",
    "checked_value",
    "entries_to_tsv",
    "fixed_entries",
    "make_absolute_fix",
    "parse_cell",
    "plan_dedupe",
    "plan_replace",
    "plan_replace_across",
    "rows_for_ids",
    "site_url_problem",
    "tsv_to_entries",
    "with_field",
]
