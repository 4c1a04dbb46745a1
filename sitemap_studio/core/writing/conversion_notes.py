"""What a conversion kept and what it left out, said plainly for the command line and the window.

"Lossless copy" is said only when the file written holds every byte of the
file read; anything else names what the output holds instead.
"""

from __future__ import annotations

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.urls.parsing import text_line_url
from sitemap_studio.core.writing.saving import OutputFormat, is_lossless

_FIELDS = ("lastmod", "changefreq", "priority")


def conversion_note(document: SitemapDocument, fmt: OutputFormat) -> str:
    """How writing ``document`` as ``fmt`` relates to the file it was read from."""
    if is_lossless(document, fmt):
        return "lossless copy"
    source = document.source.format
    if source == "feed":
        notes = [f"converted: the feed's {_count(len(document), 'link')} became a urlset; "
                 "the feed's titles, descriptions and other content are not in it"]
    elif source == "robots" and fmt == OutputFormat.XML:
        notes = ["converted: the robots.txt's Sitemap: lines became a sitemap index; its other "
                 "lines are not in it"]
    else:
        notes = ["converted"]
    if fmt in (OutputFormat.TEXT, OutputFormat.ROBOTS):
        notes.extend(_line_notes(document, fmt))
    return "; ".join(notes)


def _line_notes(document: SitemapDocument, fmt: OutputFormat) -> list[str]:
    what = "a text sitemap" if fmt == OutputFormat.TEXT else "a robots.txt"
    notes = [f"{what} holds only URLs"]
    if fmt == OutputFormat.TEXT and document.kind == DocumentKind.INDEX:
        notes.append(f"it lists the {_count(len(document), 'sitemap')} of the index, and read "
                     "back it is a list of pages (a urlset), not an index")
    dropped = escaped = missing = 0
    for entry in document.entries():
        if not entry.loc:
            missing += 1
            continue
        dropped += _has_more_than_loc(entry)
        escaped += text_line_url(entry.loc) != entry.loc
    if dropped:
        notes.append(f"the other fields of {_count(dropped, 'entry')} were not written")
    if escaped:
        notes.append(f"blanks in {_count(escaped, 'URL')} were percent-encoded (%20, %09)")
    if missing:
        notes.append(f"left out: {_count(missing, 'entry')} without a URL")
    return notes


def _has_more_than_loc(entry: Entry) -> bool:
    return any(getattr(entry, name) for name in _FIELDS) or bool(
        entry.images or entry.videos or entry.news or entry.alternates or entry.mobile)


def _count(number: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{number:,} {noun if number == 1 else plural}"
