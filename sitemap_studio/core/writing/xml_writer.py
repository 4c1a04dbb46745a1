"""Write new sitemap documents: UTF-8, declared, deterministic, schema-valid in form."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from sitemap_studio.core.model.entries import (
    IMAGE_NS,
    MOBILE_NS,
    NEWS_NS,
    SITEMAP_NS,
    STANDARD_PREFIXES,
    VIDEO_NS,
    XHTML_NS,
    DocumentKind,
    Entry,
)
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.text_reader import looks_like_url
from sitemap_studio.core.urls.parsing import text_line_url
from sitemap_studio.core.writing.text_escape import escape_text
from sitemap_studio.core.writing.xml_codec import XmlCodec
from sitemap_studio.core.writing.xml_edit import EditStyle

XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8"?>\n'
ENTRY_LEAD = b"\n  "
def is_simple(entry: Entry) -> bool:
    """Whether an entry has only protocol fields (no extensions)."""
    return not (entry.images or entry.videos or entry.news or entry.alternates or entry.mobile)


def simple_entry_xml(entry: Entry, element: str, prefix: str = "") -> bytes:
    """Bytes of a protocol-only entry, indented two spaces per level."""
    p = f"{prefix}:" if prefix else ""
    parts = [f"<{p}{element}>"]
    names = ("loc", "lastmod") if element == "sitemap" else ("loc", "lastmod", "changefreq",
                                                              "priority")
    for name in names:
        value = entry.value(name)
        if value is not None:
            parts.append(f"\n    <{p}{name}>{escape_text(value)}</{p}{name}>")
    parts.append(f"\n  </{p}{element}>")
    return "".join(parts).encode("utf-8")


def namespaces_for(entries: Iterable[Entry]) -> dict[str, str]:
    """Root declarations for a new document holding ``entries`` (only those used)."""
    used = {"": SITEMAP_NS}
    for entry in entries:
        if entry.images:
            used[STANDARD_PREFIXES[IMAGE_NS]] = IMAGE_NS
        if entry.videos:
            used[STANDARD_PREFIXES[VIDEO_NS]] = VIDEO_NS
        if entry.news:
            used[STANDARD_PREFIXES[NEWS_NS]] = NEWS_NS
        if entry.alternates:
            used[STANDARD_PREFIXES[XHTML_NS]] = XHTML_NS
        if entry.mobile:
            used[STANDARD_PREFIXES[MOBILE_NS]] = MOBILE_NS
    return used


def ordered_namespaces(namespaces: dict[str, str]) -> dict[str, str]:
    """``namespaces`` in the order a new root declares them: the default one, then by prefix."""
    return dict(sorted(namespaces.items(), key=lambda item: (item[0] != "", item[0])))


def root_start_tag(kind: DocumentKind, namespaces: dict[str, str]) -> bytes:
    """``<urlset xmlns=...>`` with declarations in a fixed order."""
    decls = "".join(f' xmlns{":" + prefix if prefix else ""}="{escape_text(uri)}"'
                    for prefix, uri in ordered_namespaces(namespaces).items())
    return f"<{kind.value}{decls}>".encode()


def entry_element(kind: DocumentKind, entry: Entry) -> str:
    """The element name an entry gets in a new document of ``kind``."""
    return "sitemap" if kind == DocumentKind.INDEX else "url"


def iter_new_document(entries: list[Entry], kind: DocumentKind,
                      stylesheet: str | None = None) -> Iterator[bytes]:
    """The bytes of a new document holding ``entries``, in pieces."""
    namespaces = namespaces_for(entries) if kind == DocumentKind.URLSET else {"": SITEMAP_NS}
    codec = XmlCodec(namespaces, SITEMAP_NS, "", kind, EditStyle("\n    ", "\n  "))
    yield XML_DECLARATION
    if stylesheet:
        yield f'<?xml-stylesheet type="text/xsl" href="{escape_text(stylesheet)}"?>\n'.encode()
    yield root_start_tag(kind, namespaces)
    for entry in entries:
        yield ENTRY_LEAD
        yield entry_bytes(entry, kind, codec)
    yield f"\n</{kind.value}>\n".encode()


def entry_bytes(entry: Entry, kind: DocumentKind, codec: XmlCodec) -> bytes:
    """Bytes of one entry in a new document, fast for protocol-only entries."""
    element = entry_element(kind, entry)
    if kind == DocumentKind.INDEX or is_simple(entry):
        return simple_entry_xml(entry, element)
    try:
        return codec.new_body(replace(entry, element=element))[0]
    except ValueError as exc:  # lxml refuses strings XML cannot hold
        raise SitemapError(f"cannot write entry {entry.loc!r}: {exc}",
                           code="illegal-character") from None


def new_xml_document(entries: list[Entry], kind: DocumentKind,
                     stylesheet: str | None = None) -> bytes:
    """A complete new document holding ``entries``."""
    return b"".join(iter_new_document(entries, kind, stylesheet))


def new_text_document(entries: Iterable[Entry], *, path: str | None = None,
                      line_of: Callable[[int], int | None] | None = None) -> bytes:
    """A text sitemap: one URL per line, UTF-8, final newline; entries without a URL left out.

    Blanks in a URL are percent-encoded (:func:`~sitemap_studio.core.urls.parsing.text_line_url`)
    so every line reads back as the URL it was written from.

    Raises:
        SitemapError: An entry's URL cannot be held by a text sitemap, or would
            not read back as a URL; the message names the entry (and ``path``
            and the entry's line from ``line_of(index)``, when given).
    """
    return _line_document(entries, "", "a text sitemap", path, line_of)


def new_robots_document(entries: Iterable[Entry], *, path: str | None = None,
                        line_of: Callable[[int], int | None] | None = None) -> bytes:
    """A robots.txt of ``Sitemap:`` lines, one per entry with a URL; refused as text sitemaps are.

    A ``#`` starts a comment in robots.txt, so a URL holding one is refused too.
    """
    return _line_document(entries, "Sitemap: ", "a robots.txt", path, line_of)


def _line_document(entries: Iterable[Entry], lead: str, what: str, path: str | None,
                   line_of: Callable[[int], int | None] | None) -> bytes:
    lines = []
    for index, entry in enumerate(entries):
        if not entry.loc:
            continue
        try:
            line = text_line_url(entry.loc)
        except ValueError as exc:
            problem = str(exc)
        else:
            if lead and "#" in line:
                problem = "'#' starts a comment in a robots.txt"
            elif looks_like_url(line.encode("utf-8")):
                lines.append(lead + line)
                continue
            else:
                problem = f"it is not a URL, and {what} can hold only URLs"
        raise SitemapError(f"entry {index + 1} cannot be written as a line of {what}: "
                           f"{entry.loc!r}: {problem}", path=path,
                           line=line_of(index) if line_of else None,
                           code="illegal-character")
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""
