"""The entry model and the document: entries and their values, findings, errors and limits, and the
in-memory document over the original bytes (:class:`SitemapDocument`), with what it is made of.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.model.big_blocks import keep_big_blocks_apart
    from sitemap_studio.core.model.document_types import OBJECT_ROW, Removal, RowState, SourceFormat
    from sitemap_studio.core.model.documents import SitemapDocument
    from sitemap_studio.core.model.entries import (
        CHANGEFREQ_VALUES,
        FIELDS,
        Alternate,
        DocumentKind,
        Entry,
        Image,
        News,
        Video,
    )
    from sitemap_studio.core.model.errors import Cancelled, SitemapError
    from sitemap_studio.core.model.findings import Finding, Severity
    from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS, Limits
    from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
    from sitemap_studio.core.model.revisions import RevisionCounter, on_document_change
    from sitemap_studio.core.model.row_ids import rows_of_ids
    from sitemap_studio.core.model.summary import describe
    from sitemap_studio.core.model.values import (
        diagnose_datetime,
        parse_priority,
        parse_w3c_datetime,
    )
    from sitemap_studio.core.model.w3c_dates import EXPECTED_FORMS, DateIssue

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "Alternate": "entries",
    "Cancelled": "errors",
    "CancelToken": "progress",
    "CHANGEFREQ_VALUES": "entries",
    "check": "progress",
    "DateIssue": "w3c_dates",
    "describe": "summary",
    "diagnose_datetime": "values",
    "DocumentKind": "entries",
    "Entry": "entries",
    "EXPECTED_FORMS": "w3c_dates",
    "FIELDS": "entries",
    "Finding": "findings",
    "Image": "entries",
    "keep_big_blocks_apart": "big_blocks",
    "Limits": "limits",
    "News": "entries",
    "OBJECT_ROW": "document_types",
    "on_document_change": "revisions",
    "parse_priority": "values",
    "parse_w3c_datetime": "values",
    "ProgressCallback": "progress",
    "PROTOCOL_MAX_BYTES": "limits",
    "PROTOCOL_MAX_URLS": "limits",
    "Removal": "document_types",
    "report": "progress",
    "RevisionCounter": "revisions",
    "rows_of_ids": "row_ids",
    "RowState": "document_types",
    "Severity": "findings",
    "SitemapDocument": "documents",
    "SitemapError": "errors",
    "SourceFormat": "document_types",
    "Video": "entries",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "CHANGEFREQ_VALUES",
    "EXPECTED_FORMS",
    "FIELDS",
    "OBJECT_ROW",
    "PROTOCOL_MAX_BYTES",
    "PROTOCOL_MAX_URLS",
    "Alternate",
    "CancelToken",
    "Cancelled",
    "DateIssue",
    "DocumentKind",
    "Entry",
    "Finding",
    "Image",
    "Limits",
    "News",
    "ProgressCallback",
    "Removal",
    "RevisionCounter",
    "RowState",
    "Severity",
    "SitemapDocument",
    "SitemapError",
    "SourceFormat",
    "Video",
    "check",
    "describe",
    "diagnose_datetime",
    "keep_big_blocks_apart",
    "on_document_change",
    "parse_priority",
    "parse_w3c_datetime",
    "report",
    "rows_of_ids",
]
