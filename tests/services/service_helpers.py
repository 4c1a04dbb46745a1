"""Small sitemaps for the service tests."""

from __future__ import annotations

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def urlset(*entries: str) -> bytes:
    """A urlset whose ``<url>`` elements hold ``entries``."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" '
            f'xmlns:xhtml="{XHTML}">\n'
            + "\n".join(f"  <url>{e}</url>" for e in entries) + "\n</urlset>\n").encode()


def locs(*urls: str) -> bytes:
    """A urlset of plain ``<loc>`` entries."""
    return urlset(*[f"<loc>{url}</loc>" for url in urls])
