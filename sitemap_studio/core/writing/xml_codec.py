"""Serialise edited and new entries of an XML sitemap in the document's own style."""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.entries import FIELDS, DocumentKind, Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.xml_extract import entry_from_element
from sitemap_studio.core.reading.xml_parsers import parse_tree
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE, unescape
from sitemap_studio.core.writing.text_escape import escape_text
from sitemap_studio.core.writing.xml_edit import EditStyle, sync_entry

_WRAPPER = "w"
#: Above this many declarations, a fragment's wrapper declares only the prefixes it uses.
_FEW_NAMESPACES = 32
_PREFIX_USE = re.compile(rb"[<\s/]([A-Za-z_][\w.\-]*):")


def _escape_attribute(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


class FragmentParser:
    """Parses one entry's bytes in the namespace context of the document's root element."""

    def __init__(self, namespaces: dict[str, str]) -> None:
        self.namespaces = dict(namespaces)
        self._open = self._opening(self.namespaces)
        self._close = f"</{_WRAPPER}>".encode()

    @staticmethod
    def _opening(namespaces: dict[str, str]) -> bytes:
        decls = "".join(
            f' xmlns{":" + name if name else ""}="{_escape_attribute(uri)}"'
            for name, uri in namespaces.items()
        )
        return f"<{_WRAPPER}{decls}>".encode()

    def parse(self, body: bytes, *, path: str | None = None) -> etree._Element:
        """The element ``body`` holds, parsed with the hardened tree parser."""
        opening = self._open
        if len(self.namespaces) > _FEW_NAMESPACES:
            used = {match.decode("utf-8", "replace") for match in _PREFIX_USE.findall(body)}
            wanted = {prefix: self.namespaces[prefix] for prefix in used
                      if prefix in self.namespaces}
            if "" in self.namespaces:
                wanted[""] = self.namespaces[""]
            opening = self._opening(wanted)
        return parse_tree(opening + body + self._close, path=path)[0]

    def serialise(self, element: etree._Element) -> bytes:
        """Bytes of ``element`` as it would appear inside the document's root."""
        wrapper = element.getparent()
        element.tail = None
        text: bytes = etree.tostring(wrapper, encoding="utf-8", xml_declaration=False)
        opening_end = text.index(b">") + 1
        return text[opening_end : -len(self._close)]


class XmlCodec:
    """Turns entries into XML bytes that fit the document they belong to.

    ``namespaces`` are the declarations on the document's root element, so
    an entry serialised here needs no declarations of its own for them.
    """

    format = SourceFormat.XML

    def __init__(
        self,
        namespaces: dict[str, str],
        doc_ns: str | None,
        prefix: str,
        kind: DocumentKind,
        style: EditStyle | None = None,
    ) -> None:
        self.namespaces = dict(namespaces)
        self.doc_ns = doc_ns
        self.prefix = prefix
        self.kind = kind
        self.style = style or EditStyle()
        self.fragments = FragmentParser(namespaces)

    def parse_body(self, body: bytes) -> etree._Element:
        """Parse an entry's bytes in the document's namespace context."""
        return self.fragments.parse(body)

    def serialise(self, element: etree._Element) -> bytes:
        """Bytes of ``element`` as it would appear inside the document's root."""
        return self.fragments.serialise(element)

    def edited_body(self, body: bytes, old: Entry, new: Entry) -> tuple[bytes, Entry]:
        """Apply the change from ``old`` to ``new`` to ``body``, keeping everything else."""
        spliced = self._splice(body, old, new)
        if spliced is not None:
            return spliced
        element = self.parse_body(body)
        sync_entry(element, self.doc_ns, old, new, self.style)
        result = self.serialise(element)
        return result, self._reread(result, new.id)

    def _splice(self, body: bytes, old: Entry, new: Entry) -> tuple[bytes, Entry] | None:
        """Replace changed values in place when only the text of existing fields changes.

        The common edit (a new lastmod, http to https) then costs a few
        microseconds instead of a parse; anything else returns ``None``.
        """
        if not (old.element == new.element and old.mobile == new.mobile
                and old.images == new.images and old.videos == new.videos
                and old.news == new.news and old.alternates == new.alternates
                and old.notes == new.notes):
            return None
        prefix = f"{self.prefix}:".encode() if self.prefix else b""
        for name in FIELDS:
            before, after = old.value(name), new.value(name)
            if before == after:
                continue
            if before is None or after is None:
                return None
            tag = prefix + name.encode()
            found = list(re.finditer(b"<" + re.escape(tag) + b">([^<]*)</" + re.escape(tag)
                                     + b">", body))
            if len(found) != 1 or body.count(b"<" + tag) != 1:
                return None
            text = found[0].group(1).decode("utf-8")
            if unescape(text).strip(XML_WHITESPACE) != before or "\r" in text:
                return None
            try:
                value = escape_text(after)
            except SitemapError:
                return None
            begin, end = found[0].span(1)
            body = body[:begin] + value.encode("utf-8") + body[end:]
        return body, (new if not new.raw else replace(new, raw={}))

    def new_body(self, entry: Entry) -> tuple[bytes, Entry]:
        """Bytes for a new entry, in the document's namespace and indentation."""
        name = entry.element or ("sitemap" if self.kind == DocumentKind.INDEX else "url")
        qname = f"{self.prefix}:{name}" if self.prefix else name
        element = self.parse_body(f"<{qname}/>".encode())
        sync_entry(element, self.doc_ns, Entry(element=name), entry, self.style)
        result = self.serialise(element)
        return result, self._reread(result, entry.id)

    def _reread(self, body: bytes, entry_id: int) -> Entry:
        entry = entry_from_element(self.parse_body(body), self.doc_ns)
        return Entry(
            id=entry_id, loc=entry.loc, lastmod=entry.lastmod, changefreq=entry.changefreq,
            priority=entry.priority, images=entry.images, videos=entry.videos, news=entry.news,
            alternates=entry.alternates, mobile=entry.mobile, element=entry.element,
            raw=entry.raw, notes=tuple(
                note.__class__(note.kind, note.name, None) for note in entry.notes),
        )
