"""How each entry of an exported document becomes bytes in the output, losslessly.

An XML entry keeps the bytes it has in its document (images, videos,
alternates, unknown extensions and comments inside it included). Those bytes
rely on the namespace declarations of their document's root, so the output
root declares the sitemaps.org namespace as the default plus every prefix the
sources declare (the first declaration of a prefix wins). A document whose
declarations agree with the output's is copied byte for byte; any other is
parsed entry by entry in its own namespace context and re-serialised through
lxml in the output's, which declares what is missing where it is needed.

A document whose root is in no namespace or in another (obsolete, misspelt)
one has its protocol elements moved into the sitemaps.org namespace: that is
what publishing it as a valid sitemap needs, and validation reports it first.
Entries of text sitemaps become plain ``<url><loc>`` entries.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import SITEMAP_NS, Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.writing.xml_codec import FragmentParser
from sitemap_studio.core.writing.xml_writer import simple_entry_xml

#: Gives the bytes of the entry at a row of one document, as they go into the output.
BodyOf = Callable[[int], bytes]


def plan_bodies(documents: list[SitemapDocument]) -> tuple[dict[str, str], list[BodyOf]]:
    """The output root's declarations, and for each document how to get an entry's bytes."""
    namespaces = {"": SITEMAP_NS}
    for doc in documents:
        if _is_xml(doc):
            for prefix, uri in declared_namespaces(doc).items():
                if prefix:
                    namespaces.setdefault(prefix, uri)
    bodies: list[BodyOf] = []
    for doc in documents:
        if not _is_xml(doc):
            bodies.append(_text_bodies(doc))
        elif _copies_verbatim(doc, namespaces):
            bodies.append(doc.body)
        else:
            bodies.append(_Reserialiser(doc, namespaces))
    return namespaces, bodies


def _is_xml(doc: SitemapDocument) -> bool:
    return doc.source.format in (SourceFormat.XML, SourceFormat.FEED)


def declared_namespaces(doc: SitemapDocument) -> dict[str, str]:
    namespaces = doc.info.get("namespaces")
    return dict(namespaces) if isinstance(namespaces, dict) else {}


def _root_namespace(doc: SitemapDocument) -> str | None:
    namespace = doc.info.get("namespace")
    return namespace if isinstance(namespace, str) else None


def _root_prefix(doc: SitemapDocument) -> str:
    root = doc.info.get("root")
    return root.rsplit(":", 1)[0] if isinstance(root, str) and ":" in root else ""


def _copies_verbatim(doc: SitemapDocument, namespaces: dict[str, str]) -> bool:
    """Whether ``doc``'s entry bytes mean the same inside the output root.

    True when every prefix it declares is declared alike in the output, and
    its unprefixed names are in the sitemap namespace or in the document's own
    root namespace (a missing or obsolete one, which the output upgrades).
    """
    declared = declared_namespaces(doc)
    own = _root_namespace(doc)
    default = declared.get("")
    if default not in (None, SITEMAP_NS) and default != own:
        return False
    if default is None and own is not None and _root_prefix(doc):
        return False  # unprefixed names are in no namespace; only the root's prefix is ours
    if own != SITEMAP_NS and _root_prefix(doc):
        return False  # <p:url> would stay in the old namespace
    return all(namespaces.get(prefix) == uri for prefix, uri in declared.items() if prefix)


class _Reserialiser:
    """Entry bytes of a document whose namespace context differs from the output's."""

    def __init__(self, doc: SitemapDocument, namespaces: dict[str, str]) -> None:
        self._doc = doc
        self._parser = FragmentParser(declared_namespaces(doc))
        own = _root_namespace(doc)
        self._rename = None if own == SITEMAP_NS else (own or "")
        self._nsmap = {(prefix or None): uri for prefix, uri in namespaces.items()}

    def __call__(self, row: int) -> bytes:
        element = self._parser.parse(self._doc.body(row), path=self._doc.source.path)
        for node in element.iter():
            if not isinstance(node.tag, str):
                continue  # comments and processing instructions
            name = etree.QName(node)
            if (name.namespace or "") == self._rename:
                node.tag = etree.QName(SITEMAP_NS, name.localname).text
            elif name.namespace is None:
                raise SitemapError(
                    f"it holds <{name.localname}> in no namespace, which cannot be written "
                    "inside a sitemap whose default namespace is sitemaps.org", code="export-entry")
        wrapper = etree.Element("w", nsmap=self._nsmap)
        wrapper.append(element)
        element.tail = None
        text: bytes = etree.tostring(wrapper, encoding="utf-8")
        return text[text.index(b">") + 1 : -len(b"</w>")]


def _text_bodies(doc: SitemapDocument) -> BodyOf:
    def body_of(row: int) -> bytes:
        entry = doc.entry_at(row)
        return simple_entry_xml(Entry(loc=entry.loc), "url")

    return body_of
