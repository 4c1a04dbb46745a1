"""Build typed :class:`Entry` values from parsed ``<url>``/``<sitemap>`` elements."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lxml import etree

from sitemap_studio.core.model.entries import (
    IMAGE_FIELDS,
    IMAGE_NS,
    MOBILE_NS,
    NEWS_NS,
    STANDARD_PREFIXES,
    VIDEO_ATTRIBUTES,
    VIDEO_NS,
    XHTML_NS,
    Alternate,
    Entry,
    Image,
    News,
    Price,
    StructureNote,
    Video,
)
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: Protocol children allowed in each entry element, in schema order.
ALLOWED_CHILDREN = {
    "url": ("loc", "lastmod", "changefreq", "priority"),
    "sitemap": ("loc", "lastmod"),
}
PROTOCOL_NAMES = ("loc", "lastmod", "changefreq", "priority")
ENTRY_NAMES = ("url", "sitemap")

_VIDEO_TEXT = (
    "thumbnail_loc", "title", "description", "content_loc", "player_loc", "duration",
    "expiration_date", "rating", "view_count", "publication_date", "family_friendly",
    "restriction", "platform", "requires_subscription", "uploader", "live", "category",
    "gallery_loc",
)
_NEWS_TEXT = ("publication_date", "title", "keywords", "genres", "stock_tickers", "access")
_NEWS_FIELDS = (*_NEWS_TEXT, "publication_name", "publication_language")
#: The element each extension namespace puts in an entry (anything else there is unknown).
_EXTENSION_ITEMS = {IMAGE_NS: "image", VIDEO_NS: "video", NEWS_NS: "news", MOBILE_NS: "mobile"}
XML_NS = "http://www.w3.org/XML/1998/namespace"

#: A content model (an xsd:sequence): child name -> (position, most occurrences or None).
Model = dict[str, tuple[int, int | None]]


def _sequence(names: tuple[str, ...], unbounded: tuple[str, ...] = ()) -> Model:
    return {name: (position, None if name in unbounded else 1)
            for position, name in enumerate(names)}


#: The extension XSDs' content models. ``video:tag`` may occur 32 times: more is the
#: ``video-too-many-tags`` rule's business, so the model does not count tags.
IMAGE_MODEL = _sequence(("loc", "caption", "geo_location", "title", "license"))
VIDEO_MODEL = _sequence(
    ("thumbnail_loc", "title", "description", "content_loc", "player_loc", "duration",
     "expiration_date", "rating", "content_segment_loc", "view_count", "publication_date", "tag",
     "category", "family_friendly", "restriction", "gallery_loc", "price",
     "requires_subscription", "uploader", "tvshow", "platform", "live", "id"),
    unbounded=("content_segment_loc", "tag", "price", "id"))
NEWS_MODEL = _sequence(("publication", "access", "genres", "publication_date", "title",
                        "keywords", "stock_tickers"))
PUBLICATION_MODEL = _sequence(("name", "language"))
#: Children with element content of their own (not checked for markup in a value).
_CONTAINERS = ("publication", "tvshow")


def split_tag(tag: str) -> tuple[str | None, str]:
    """``{ns}local`` into (ns, local); (None, local) when there is no namespace."""
    if tag.startswith("{"):
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return None, tag


def text_of(element: etree._Element) -> tuple[str, str]:
    """(value, raw): all text inside ``element``, and that text trimmed of XML whitespace."""
    raw = "".join(element.itertext()) if len(element) else element.text or ""
    return raw.strip(XML_WHITESPACE), raw


def has_elements(element: etree._Element) -> bool:
    """Whether ``element`` has element children (comments and PIs are not markup)."""
    return any(isinstance(child.tag, str) for child in element)


def shown_name(element: etree._Element, tag: str) -> str:
    """``prefix:local`` for an element or attribute name ``{ns}local`` found on ``element``."""
    ns, local = split_tag(tag)
    if ns is None:
        return local
    if ns == XML_NS:
        return f"xml:{local}"
    for prefix, uri in (element.nsmap or {}).items():
        if uri == ns and prefix:
            return f"{prefix}:{local}"
    return local


def entry_from_element(element: etree._Element, doc_ns: str | None, *, line_base: int = 1) -> Entry:
    """Read an entry element into an :class:`Entry`, noting every structural oddity."""
    _, element_name = split_tag(element.tag)
    allowed = ALLOWED_CHILDREN.get(element_name, PROTOCOL_NAMES)
    values: dict[str, Any] = {}
    raw: dict[str, str] = {}
    notes: list[StructureNote] = []
    images: list[Image] = []
    videos: list[Video] = []
    news: list[News] = []
    alternates: list[Alternate] = []
    mobile = False

    def line_of(node: etree._Element) -> int | None:
        return None if node.sourceline is None else line_base + node.sourceline - 1

    for name in element.attrib:
        if not str(name).startswith("{"):
            notes.append(StructureNote("attribute", str(name), line_of(element)))
        else:  # the XSD declares no attribute at all; harmless to crawlers
            notes.append(StructureNote("foreign-attribute", shown_name(element, str(name)),
                                       line_of(element)))
    if (element.text or "").strip(XML_WHITESPACE):
        notes.append(StructureNote("text", element_name, line_of(element)))
    last_order = -1
    after_extension = False
    for child in element:
        if (child.tail or "").strip(XML_WHITESPACE):
            notes.append(StructureNote("text", element_name, line_of(child)))
        if not isinstance(child.tag, str):
            continue  # comments and processing instructions stay in the XML only
        ns, local = split_tag(child.tag)
        if ns == doc_ns:
            if local in ENTRY_NAMES:
                notes.append(StructureNote("nested", local, line_of(child)))
            elif local not in PROTOCOL_NAMES or local not in allowed:
                notes.append(StructureNote("unknown", local, line_of(child)))
            if local not in PROTOCOL_NAMES:
                continue
            if local in values:
                notes.append(StructureNote("repeated", local, line_of(child)))
                continue
            order = PROTOCOL_NAMES.index(local)
            if order < last_order or after_extension:
                notes.append(StructureNote("order", local, line_of(child)))
            last_order = max(last_order, order)
            if has_elements(child):
                notes.append(StructureNote("mixed", local, line_of(child)))
            for attr in child.attrib:
                notes.append(StructureNote("attribute", f"{local}@{attr}", line_of(child)))
            value, raw_text = text_of(child)
            values[local] = value
            if raw_text != value or _has_cdata(child):
                raw[local] = raw_text
            continue
        after_extension = True  # the XSD wants extensions after the protocol children
        if ns in _EXTENSION_ITEMS and local != _EXTENSION_ITEMS[ns]:
            notes.append(StructureNote("extension", f"{STANDARD_PREFIXES[ns]}:{local}",
                                       line_of(child)))
        elif ns == IMAGE_NS and local == "image":
            images.append(image_from_element(child))
        elif ns == VIDEO_NS and local == "video":
            videos.append(video_from_element(child))
        elif ns == NEWS_NS and local == "news":
            news.append(news_from_element(child))
        elif ns == XHTML_NS and local == "link":
            alternates.append(alternate_from_element(child))
        elif ns == MOBILE_NS and local == "mobile":
            mobile = True
        elif ns is None:
            notes.append(StructureNote("no-namespace", local, line_of(child)))
        elif ns not in _EXTENSION_ITEMS and ns != XHTML_NS:
            notes.append(StructureNote("undeclared", shown_name(child, child.tag),
                                       line_of(child)))
    if "loc" not in values:
        notes.append(StructureNote("missing", "loc", line_of(element)))
    return Entry(
        loc=values.get("loc"),
        lastmod=values.get("lastmod"),
        changefreq=values.get("changefreq"),
        priority=values.get("priority"),
        images=tuple(images),
        videos=tuple(videos),
        news=tuple(news),
        alternates=tuple(alternates),
        mobile=mobile,
        element=element_name,
        raw=raw,
        notes=tuple(notes),
    )


def _has_cdata(element: etree._Element) -> bool:
    return b"<![CDATA[" in etree.tostring(element, with_tail=False)


def _children_text(element: etree._Element, ns: str,
                   padded: list[tuple[str, int]] | None = None,
                   prefix: str = "") -> dict[str, str]:
    """The first text of each child in ``ns``; blanks trimmed are added to ``padded``."""
    found: dict[str, str] = {}
    for child in element:
        if not isinstance(child.tag, str):
            continue
        child_ns, local = split_tag(child.tag)
        if child_ns == ns and local not in found:
            value, raw_text = text_of(child)
            found[local] = value
            if padded is not None and len(raw_text) != len(value):
                padded.append((prefix + local, len(raw_text) - len(value)))
    return found


def content_problems(element: etree._Element, ns: str, model: Model) -> list[str]:
    """What the children of an extension item do against its XSD content model.

    Each problem is ``kind:name``: ``order`` (out of sequence), ``repeated`` (more than
    the model allows), ``unknown`` (not in the model, or in another namespace), ``text``
    (character content between children), ``mixed`` (elements inside a value).
    """
    problems: list[str] = []
    _, own = split_tag(element.tag)
    if (element.text or "").strip(XML_WHITESPACE):
        problems.append(f"text:{own}")
    seen: Counter[str] = Counter()
    last = -1
    for child in element:
        if (child.tail or "").strip(XML_WHITESPACE):
            problems.append(f"text:{own}")
        if not isinstance(child.tag, str):
            continue
        child_ns, local = split_tag(child.tag)
        if child_ns != ns or local not in model:
            problems.append(f"unknown:{shown_name(child, child.tag)}")
            continue
        position, most = model[local]
        seen[local] += 1
        if most is not None and seen[local] > most:
            problems.append(f"repeated:{local}")
            continue
        if position < last:
            problems.append(f"order:{local}")
        last = max(last, position)
        if local == "publication" and model is NEWS_MODEL:
            problems.extend(content_problems(child, ns, PUBLICATION_MODEL))
        elif local not in _CONTAINERS and has_elements(child):
            problems.append(f"mixed:{local}")
    return list(dict.fromkeys(problems))


def image_from_element(element: etree._Element) -> Image:
    """Read ``image:image``."""
    padded: list[tuple[str, int]] = []
    found = _children_text(element, IMAGE_NS, padded)
    return Image(**{name: found.get(name) for name in IMAGE_FIELDS},
                 padded=tuple(item for item in padded if item[0] in IMAGE_FIELDS),
                 structure=tuple(content_problems(element, IMAGE_NS, IMAGE_MODEL)))


def video_from_element(element: etree._Element) -> Video:
    """Read ``video:video`` with the attributes Google documents."""
    padded: list[tuple[str, int]] = []
    found = _children_text(element, VIDEO_NS, padded)
    fields: dict[str, Any] = {name: found.get(name) for name in _VIDEO_TEXT}
    fields["padded"] = tuple(item for item in padded if item[0] in _VIDEO_TEXT)
    fields["structure"] = tuple(content_problems(element, VIDEO_NS, VIDEO_MODEL))
    tags: list[str] = []
    prices: list[Price] = []
    for child in element:
        if not isinstance(child.tag, str):
            continue
        ns, local = split_tag(child.tag)
        if ns != VIDEO_NS:
            continue
        for target, (owner, attr) in VIDEO_ATTRIBUTES.items():
            if local == owner and attr in child.attrib and fields.get(target) is None:
                fields[target] = child.get(attr)
        if local == "tag":
            tags.append(text_of(child)[0])
        elif local == "price":
            prices.append(Price(text_of(child)[0], child.get("currency"), child.get("type"),
                                child.get("resolution")))
        elif local == "tvshow":
            fields["has_tvshow"] = True
    fields["tags"] = tuple(tags)
    fields["prices"] = tuple(prices)
    return Video(**fields)


def news_from_element(element: etree._Element) -> News:
    """Read ``news:news`` including its ``news:publication``."""
    padded: list[tuple[str, int]] = []
    found = _children_text(element, NEWS_NS, padded)
    fields: dict[str, Any] = {name: found.get(name) for name in _NEWS_TEXT}
    for child in element:
        if isinstance(child.tag, str) and child.tag == f"{{{NEWS_NS}}}publication":
            publication = _children_text(child, NEWS_NS, padded, "publication_")
            fields["publication_name"] = publication.get("name")
            fields["publication_language"] = publication.get("language")
            break
    fields["padded"] = tuple(item for item in padded if item[0] in _NEWS_FIELDS)
    fields["structure"] = tuple(content_problems(element, NEWS_NS, NEWS_MODEL))
    return News(**fields)


def alternate_from_element(element: etree._Element) -> Alternate:
    """Read ``xhtml:link``."""
    return Alternate(
        rel=element.get("rel"),
        hreflang=element.get("hreflang"),
        href=element.get("href"),
        media=element.get("media"),
    )
