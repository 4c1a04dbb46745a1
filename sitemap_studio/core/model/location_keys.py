"""The key entries that list the same URL share, and every row's key read in bulk.

Duplicates are found by this key in de-duplication and in imports alike: the
location trimmed of XML blanks and normalised (scheme and host case, default
port, percent-escape case), so two spellings of one URL meet.
"""

from __future__ import annotations

from collections.abc import Iterator

from sitemap_studio.core.model.document_types import OBJECT_ROW
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.urls.parsing import normalize_url

#: Rows read at once between checks for a cancel.
_CHUNK = 65536


def location_key(loc: str | None) -> str | None:
    """The key duplicates share, ``None`` for an entry without a location."""
    text = loc.strip(XML_WHITESPACE) if loc else ""
    return normalize_url(text) if text else None


def keyed_rows(document: SitemapDocument, cancel: CancelToken | None = None,
               progress: ProgressCallback | None = None) -> Iterator[tuple[int, str]]:
    """``(row, key)`` for every entry of ``document`` with a location, in row order.

    The locations are read a chunk of rows at a time; between chunks ``cancel``
    is checked and ``progress`` told how many rows are done.
    """
    total = len(document)
    for start in range(0, total, _CHUNK):
        check(cancel)
        stop = min(start + _CHUNK, total)
        for offset, text in enumerate(document.column_texts(0, start, stop)):
            if text is None:
                continue
            row = start + offset
            key = location_key(document.text(row, 0) if text == OBJECT_ROW else text)
            if key is not None:
                yield row, key
        report(progress, stop, total)


__all__ = ["keyed_rows", "location_key"]
