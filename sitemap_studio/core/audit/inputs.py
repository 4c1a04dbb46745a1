"""The URLs an audit fetches, read from a sitemap or every member of a project."""

from __future__ import annotations

from collections.abc import Iterator

from sitemap_studio.core.audit.options import AuditItem
from sitemap_studio.core.model.document_types import OBJECT_ROW
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import FIELDS
from sitemap_studio.core.project.workspace import Workspace

_LOC, _LASTMOD = FIELDS.index("loc"), FIELDS.index("lastmod")
_STEP = 4096


def document_items(document: SitemapDocument, file: str,
                   rows: range | list[int] | None = None) -> Iterator[AuditItem]:
    """One :class:`AuditItem` per entry with a ``loc`` (of ``rows`` only when given), in order."""
    if rows is not None:
        for row in rows:
            item = _item(document, file, row)
            if item is not None:
                yield item
        return
    for start in range(0, len(document), _STEP):
        stop = min(start + _STEP, len(document))
        locs = document.column_texts(_LOC, start, stop)
        lastmods = document.column_texts(_LASTMOD, start, stop)
        for offset, (loc, lastmod) in enumerate(zip(locs, lastmods, strict=True)):
            if loc == OBJECT_ROW or lastmod == OBJECT_ROW:
                item = _item(document, file, start + offset)
                if item is not None:
                    yield item
            elif loc is not None and loc.strip():
                yield AuditItem(loc.strip(), file, document.line_of(start + offset),
                                lastmod.strip() if lastmod is not None else None)


def _item(document: SitemapDocument, file: str, row: int) -> AuditItem | None:
    entry = document.entry_at(row)
    if not entry.loc:
        return None
    return AuditItem(entry.loc, file, document.line_of(row), entry.lastmod)


def workspace_items(workspace: Workspace) -> Iterator[AuditItem]:
    """Every entry of every readable member, members in project order."""
    for item in workspace.items:
        if item.document is not None:
            yield from document_items(item.document, item.path)


__all__ = ["document_items", "workspace_items"]
