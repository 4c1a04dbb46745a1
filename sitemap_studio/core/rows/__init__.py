"""The row table: sorting, filtering and searching the rows of one document or of several (*All
entries*), in bulk over the document's bytes.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.rows.combined_rows import FILE_COLUMN, CombinedRows
    from sitemap_studio.core.rows.entry_order import FINDINGS_COLUMN, EntryIndex
    from sitemap_studio.core.rows.row_mapping import (
        after_move,
        insert_ascending,
        insert_unordered,
        inverse_of,
        moved_row,
        remove_ascending,
        remove_unordered,
        row_typecode,
    )
    from sitemap_studio.core.rows.sort_keys import order_by_text

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "after_move": "row_mapping",
    "CombinedRows": "combined_rows",
    "EntryIndex": "entry_order",
    "FILE_COLUMN": "combined_rows",
    "FINDINGS_COLUMN": "entry_order",
    "insert_ascending": "row_mapping",
    "insert_unordered": "row_mapping",
    "inverse_of": "row_mapping",
    "moved_row": "row_mapping",
    "order_by_text": "sort_keys",
    "remove_ascending": "row_mapping",
    "remove_unordered": "row_mapping",
    "row_typecode": "row_mapping",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "FILE_COLUMN",
    "FINDINGS_COLUMN",
    "CombinedRows",
    "EntryIndex",
    "after_move",
    "insert_ascending",
    "insert_unordered",
    "inverse_of",
    "moved_row",
    "order_by_text",
    "remove_ascending",
    "remove_unordered",
    "row_typecode",
]
