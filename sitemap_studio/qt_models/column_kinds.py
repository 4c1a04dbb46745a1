"""Which entry-table columns a kind of document can have, and its name for saved layouts.

A sitemap index lists sitemaps by location and last modification only; a text
list holds nothing but URLs. Showing the other columns would offer cells that
can never hold a value, so the table shows only what the kind of file can carry,
and remembers widths, order and sort once per kind.
"""

from __future__ import annotations

from sitemap_studio.core.model import DocumentKind, SitemapDocument, SourceFormat
from sitemap_studio.core.rows import FILE_COLUMN
from sitemap_studio.qt_models.entry_table_model import AUDIT_COLUMN, COLUMNS

#: Layout names: one saved header state each.
URLSET = "urlset"
INDEX = "index"
TEXT = "text"
#: The *All entries* table: the protocol columns and the file's name (each file's own
#: table has the extension counts; here they would squeeze the locations).
ALL = "all"

_COLUMNS_OF = {URLSET: tuple(range(AUDIT_COLUMN)), INDEX: (0, 1), TEXT: (0,),
               ALL: (0, 1, 2, 3, FILE_COLUMN)}
#: The audit's columns (Status, Verdict, Final URL), shown once a document has results.
AUDIT_COLUMNS = tuple(range(AUDIT_COLUMN, len(COLUMNS)))


def layout_kind(document: SitemapDocument) -> str:
    """The kind of file ``document`` is, as far as its columns go."""
    if document.source.format in (SourceFormat.TEXT, SourceFormat.ROBOTS):
        return TEXT
    if document.kind == DocumentKind.INDEX:
        return INDEX
    return URLSET


def shown_columns(kind: str, audited: bool = False) -> tuple[int, ...]:
    """The entry-table columns a document of layout ``kind`` can hold values in (with the
    audit's when it was ``audited``)."""
    columns = _COLUMNS_OF.get(kind, _COLUMNS_OF[URLSET])
    return columns + AUDIT_COLUMNS if audited else columns
