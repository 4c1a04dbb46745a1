"""The project's quarantine sitemap: where the audit's "move" fix keeps the entries it takes out.

A URL that cannot be indexed today (a 404 during a migration, a page behind
``noindex`` until launch) may be wanted back later. Instead of deleting its
entry, the fix moves it, with its lastmod, changefreq, priority and
extensions, into ``<project file>.quarantine.xml`` beside the project file.
That file is deliberately *not* a member of the project: an export or a
submission never publishes it. Open it to review its entries, and move one
back by copying and pasting.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace

from sitemap_studio.core.edits.bulk_edit import rows_for_ids
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry

#: The quarantine sitemap's name is the project file's with this appended.
QUARANTINE_SUFFIX = ".quarantine.xml"


def quarantine_file(project_path: str | os.PathLike[str]) -> str:
    """Where the project at ``project_path`` keeps the entries the audit moved out."""
    return os.fspath(project_path) + QUARANTINE_SUFFIX


def entries_to_move(document: SitemapDocument, entry_ids: Iterable[int]) -> list[Entry]:
    """Copies of the entries ``entry_ids`` still in ``document``, in document order, ready to
    be inserted into another urlset (fresh ids, ``<url>`` elements)."""
    rows = sorted(rows_for_ids(document, entry_ids).values())
    return [replace(document.entry_at(row), id=-1, element="url") for row in rows]


__all__ = ["QUARANTINE_SUFFIX", "entries_to_move", "quarantine_file"]
