"""The offset columns a document's rows are cut by, made alike by every reader and writer.

A row held as offsets has a lead (where the bytes before it start), a start,
an end, and the start and end of each protocol field's value
(:data:`~sitemap_studio.core.reading.xml_scan.FIELD_COLUMNS` columns,
``ABSENT`` for a missing field). The text reader and the writer of new urlsets
take their empty columns from :func:`offset_columns` and hand them over with
:func:`columns_layout`, so how the columns are stored is decided here once.
"""

from __future__ import annotations

from array import array

from sitemap_studio.core.model.document_types import Layout
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import LimitExceeded
from sitemap_studio.core.reading.xml_scan import FIELD_COLUMNS

#: The largest offset the narrow columns hold.
NARROW_LIMIT = 2**31 - 1


def offset_columns(size: int) -> list[array[int]]:
    """Empty lead, start and end columns, then the field columns, for ``size`` bytes of text."""
    code = "q" if size >= NARROW_LIMIT else "i"
    return [array(code) for _ in range(3 + FIELD_COLUMNS)]


def columns_layout(columns: list[array[int]], head_end: int, tail_start: int,
                   new_entry_lead: bytes, objects: dict[int, Entry] | None = None) -> Layout:
    """The :class:`Layout` of rows filled into ``columns`` (as :func:`offset_columns` made them).

    Args:
        columns: Lead, start, end, then the field columns, one value per row each.
        head_end: Where the bytes before the first row end.
        tail_start: Where the bytes after the last row start.
        new_entry_lead: What goes before an entry added later.
        objects: Rows held as entries (their columns hold ``IN_OBJECT``), by row.
    """
    lead, start, end, *fields = columns
    return Layout(head_end, tail_start, lead, start, end, fields,
                  {} if objects is None else objects, new_entry_lead=new_entry_lead)


def too_many_entries(limits_max: int, path: str | None) -> LimitExceeded:
    """The refusal of a document holding more than ``limits_max`` entries."""
    return LimitExceeded(
        f"more than {limits_max:,} entries: refused to protect memory. "
        "Raise the cap with --max-entries or the SITEMAP_STUDIO_MAX_ENTRIES variable", path=path)
