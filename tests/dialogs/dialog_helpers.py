"""Small documents for the dialog tests."""

from __future__ import annotations

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str) -> bytes:
    """A urlset with one ``<url>`` per location, one per line."""
    body = "".join(f"  <url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n' \
        .encode()


def document_of(*locs: str) -> SitemapDocument:
    """A document read from :func:`urlset` bytes."""
    return open_bytes(urlset(*locs))


def locs(document: SitemapDocument) -> list[str | None]:
    """Every location of ``document``, in row order."""
    return [document.text(row, 0) for row in range(len(document))]
