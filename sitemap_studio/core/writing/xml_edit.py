"""Apply a typed change to one entry's XML, touching only what changed.

An entry's bytes are parsed into a small tree (inside a wrapper that declares
the document's namespaces), the changed children are updated, added or
removed with indentation that matches their neighbours, and the tree is
serialised again. Unknown elements, attributes, comments and processing
instructions inside the entry stay where they were.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from itertools import zip_longest
from typing import Any

from lxml import etree

from sitemap_studio.core.model.entries import (
    FIELDS,
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
    Video,
)
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

VIDEO_ORDER = (
    "thumbnail_loc", "title", "description", "content_loc", "player_loc", "duration",
    "expiration_date", "rating", "content_segment_loc", "view_count", "publication_date", "tag",
    "category", "family_friendly", "restriction", "gallery_loc", "price",
    "requires_subscription", "uploader", "tvshow", "platform", "live", "id",
)
NEWS_ORDER = ("publication", "access", "genres", "publication_date", "title", "keywords",
              "stock_tickers")


@dataclass(frozen=True, slots=True)
class EditStyle:
    """Whitespace that new children get: between children, and before a closing tag."""

    child_lead: str = "\n    "
    close_lead: str = "\n  "
    step: str = "  "


def entry_style(lead: bytes, body: bytes) -> tuple[str, EditStyle]:
    """(entry lead, style of its children) learned from a document's first entry.

    ``lead`` is what comes before the entry, ``body`` the entry itself; both
    empty for a document without entries (the defaults then).
    """
    entry_lead, child_lead, close_lead = "\n  ", "\n    ", "\n  "
    if body:
        entry_lead = lead.decode("utf-8", "replace") if not lead.strip() else "\n  "
        opening = re.match(rb"<[^>]*+>([ \t\r\n]*+)", body)
        closing = _closing_lead(body)
        if opening and closing is not None and b"<" in body[opening.end() :]:
            child_lead = opening.group(1).decode()
            close_lead = closing.decode()
    return entry_lead, EditStyle(child_lead, close_lead)


def _closing_lead(body: bytes) -> bytes | None:
    """The blanks before the closing tag that ends ``body``, or ``None`` if it ends otherwise.

    Found from the end, never by a search for "blanks, then a closing tag at the end":
    that backtracks over every blank of a long run, and a run of 300 KB took minutes.
    """
    end = len(body) - body.endswith(b"\n")
    start = body.rfind(b"</", 0, end)
    if start < 0 or body[end - 1 : end] != b">" or body.find(b">", start, end - 1) >= 0:
        return None
    lead_start = len(body[:start].rstrip(b" \t\r\n"))
    return body[lead_start:start]


def is_blank(text: str | None) -> bool:
    """Whether ``text`` is empty or XML whitespace only."""
    return not text or not text.strip(XML_WHITESPACE)


def _indent_of(parent: etree._Element, style: EditStyle) -> str:
    """The whitespace to put before a child of ``parent``."""
    if len(parent) and is_blank(parent.text) and parent.text:
        return parent.text  # type: ignore[no-any-return]
    if not style.child_lead:
        return ""
    before = _whitespace_before(parent)
    if before is None:
        return style.child_lead
    return before + style.step


def _whitespace_before(element: etree._Element) -> str | None:
    previous = element.getprevious()
    text = previous.tail if previous is not None else (
        element.getparent().text if element.getparent() is not None else None)
    if text is None or not is_blank(text) or "\n" not in text:
        return None
    indent: str = text.rsplit("\n", 1)[1]
    return "\n" + indent


def insert_child(parent: etree._Element, child: etree._Element, after: etree._Element | None,
                 style: EditStyle) -> None:
    """Insert ``child`` after ``after`` (or first), indented like its siblings."""
    indent = _indent_of(parent, style)
    if not len(parent):
        closing = (_whitespace_before(parent) or style.close_lead) if indent else ""
        parent.text = indent if is_blank(parent.text) else (parent.text or "") + indent
        child.tail = closing
        parent.append(child)
    elif after is None:
        child.tail = parent.text if is_blank(parent.text) else indent
        parent.insert(0, child)
        if not is_blank(parent.text):
            parent.text = (parent.text or "") + indent
    else:
        child.tail = after.tail
        after.tail = indent if is_blank(after.tail) else (after.tail or "") + indent
        after.addnext(child)


def remove_child(child: etree._Element) -> None:
    """Remove ``child`` and the whitespace before it, keeping the whitespace after it."""
    parent = child.getparent()
    previous = child.getprevious()
    tail = child.tail or ""
    if previous is not None:
        previous.tail = (previous.tail or "").rstrip(XML_WHITESPACE) + tail
    elif parent is not None:
        parent.text = (parent.text or "").rstrip(XML_WHITESPACE) + tail
    child.tail = None
    if parent is not None:
        parent.remove(child)


class _Builder:
    """Creates elements in the right namespace, reusing prefixes in scope."""

    def __init__(self, doc_ns: str | None) -> None:
        self.doc_ns = doc_ns

    def tag(self, ns: str | None, local: str) -> str:
        return f"{{{ns}}}{local}" if ns else local

    def make(self, parent: etree._Element, ns: str | None, local: str) -> etree._Element:
        nsmap = None
        if ns and ns not in parent.nsmap.values():
            nsmap = {STANDARD_PREFIXES.get(ns, "ext"): ns}
        return etree.Element(self.tag(ns, local), nsmap=nsmap)


def children_named(parent: etree._Element, tag: str) -> list[etree._Element]:
    """Element children of ``parent`` with exactly ``tag``."""
    return [child for child in parent if child.tag == tag]


def set_child_text(parent: etree._Element, builder: _Builder, ns: str | None, local: str,
                   value: str | None, order: Sequence[str], style: EditStyle) -> None:
    """Make the first ``local`` child hold ``value`` (``None`` removes it)."""
    tag = builder.tag(ns, local)
    existing = children_named(parent, tag)
    if value is None:
        if existing:
            remove_child(existing[0])
        return
    if existing:
        target = existing[0]
        for inner in list(target):
            target.remove(inner)
        target.text = value
        return
    child = builder.make(parent, ns, local)
    child.text = value
    insert_child(parent, child, _anchor(parent, builder, ns, local, order), style)


def _anchor(parent: etree._Element, builder: _Builder, ns: str | None, local: str,
            order: Sequence[str]) -> etree._Element | None:
    """The last existing child that comes before ``local`` in schema order."""
    position = order.index(local) if local in order else len(order)
    earlier = {builder.tag(ns, name) for name in order[:position]}
    anchor = None
    for child in parent:
        if child.tag in earlier:
            anchor = child
    if anchor is None and ns != builder.doc_ns:
        protocol = {builder.tag(builder.doc_ns, name) for name in FIELDS}
        for child in parent:
            if child.tag in protocol:
                anchor = child
    return anchor


def _last_child(parent: etree._Element) -> etree._Element | None:
    return parent[-1] if len(parent) else None


def sync_list(parent: etree._Element, builder: _Builder, ns: str, local: str,
              old: Sequence[Any], new: Sequence[Any], style: EditStyle,
              fill: Callable[[etree._Element, Any, Any, EditStyle], None]) -> None:
    """Bring the ``local`` containers of ``parent`` from ``old`` to ``new``, item by item."""
    tag = builder.tag(ns, local)
    existing = children_named(parent, tag)
    doomed: list[etree._Element] = []
    for index, (before, after) in enumerate(zip_longest(old, new)):
        if after is None:
            doomed.append(existing[index])
        elif before is None:
            anchor = (children_named(parent, tag) or [None])[-1]
            container = builder.make(parent, ns, local)
            insert_child(parent, container, anchor if anchor is not None else _last_child(parent),
                         style)
            fill(container, type(after)(), after, style)
        elif before != after:
            fill(existing[index], before, after, style)
    for element in reversed(doomed):
        remove_child(element)


def _fill_simple(ns: str, order: Sequence[str], builder: _Builder) -> Callable[..., None]:
    def fill(element: etree._Element, before: Any, after: Any, style: EditStyle) -> None:
        for item in fields(after):
            name = item.name
            if name in order and getattr(before, name) != getattr(after, name):
                set_child_text(element, builder, ns, name, getattr(after, name), order, style)
    return fill


def _fill_video(builder: _Builder) -> Callable[..., None]:
    simple = _fill_simple(VIDEO_NS, VIDEO_ORDER, builder)

    def fill(element: etree._Element, before: Video, after: Video, style: EditStyle) -> None:
        simple(element, before, after, style)
        for name, (owner, attribute) in VIDEO_ATTRIBUTES.items():
            if getattr(before, name) == getattr(after, name):
                continue
            targets = children_named(element, builder.tag(VIDEO_NS, owner))
            if targets:
                _set_attribute(targets[0], attribute, getattr(after, name))
        if before.tags != after.tags:
            _replace_repeated(element, builder, "tag", [(t, {}) for t in after.tags], style)
        if before.has_tvshow and not after.has_tvshow:
            for show in children_named(element, builder.tag(VIDEO_NS, "tvshow")):
                remove_child(show)
        if before.prices != after.prices:
            _replace_repeated(element, builder, "price", [
                (p.value, {"currency": p.currency, "type": p.type, "resolution": p.resolution})
                for p in after.prices], style)
    return fill


def _replace_repeated(element: etree._Element, builder: _Builder, local: str,
                      items: list[tuple[str | None, dict[str, str | None]]],
                      style: EditStyle) -> None:
    for old in children_named(element, builder.tag(VIDEO_NS, local)):
        remove_child(old)
    anchor = _anchor(element, builder, VIDEO_NS, local, VIDEO_ORDER)
    for text, attributes in items:
        child = builder.make(element, VIDEO_NS, local)
        child.text = text
        for key, value in attributes.items():
            _set_attribute(child, key, value)
        insert_child(element, child, anchor, style)
        anchor = child


def _fill_news(builder: _Builder) -> Callable[..., None]:
    simple = _fill_simple(NEWS_NS, NEWS_ORDER, builder)

    def fill(element: etree._Element, before: News, after: News, style: EditStyle) -> None:
        simple(element, before, after, style)
        if (before.publication_name, before.publication_language) == (
                after.publication_name, after.publication_language):
            return
        publications = children_named(element, builder.tag(NEWS_NS, "publication"))
        if publications:
            publication = publications[0]
        else:
            publication = builder.make(element, NEWS_NS, "publication")
            insert_child(element, publication, None, style)
        order = ("name", "language")
        set_child_text(publication, builder, NEWS_NS, "name", after.publication_name, order, style)
        set_child_text(publication, builder, NEWS_NS, "language", after.publication_language,
                       order, style)
    return fill


def _fill_alternate(element: etree._Element, before: Alternate, after: Alternate,
                    style: EditStyle) -> None:
    for name in ("rel", "hreflang", "href", "media"):
        if getattr(before, name) != getattr(after, name):
            _set_attribute(element, name, getattr(after, name))


def _set_attribute(element: etree._Element, name: str, value: str | None) -> None:
    if value is None:
        element.attrib.pop(name, None)
    else:
        element.set(name, value)


def sync_entry(element: etree._Element, doc_ns: str | None, old: Entry, new: Entry,
               style: EditStyle) -> None:
    """Change ``element`` (an entry) so that it reads as ``new`` instead of ``old``."""
    builder = _Builder(doc_ns)
    order = FIELDS
    for name in FIELDS:
        if old.value(name) != new.value(name):
            set_child_text(element, builder, doc_ns, name, new.value(name), order, style)
    lists: list[tuple[str, str, Sequence[Any], Sequence[Any], Callable[..., None]]] = [
        (IMAGE_NS, "image", old.images, new.images, _fill_simple(IMAGE_NS, IMAGE_FIELDS, builder)),
        (VIDEO_NS, "video", old.videos, new.videos, _fill_video(builder)),
        (NEWS_NS, "news", old.news, new.news, _fill_news(builder)),
        (XHTML_NS, "link", old.alternates, new.alternates, _fill_alternate),
    ]
    for ns, local, before, after, fill in lists:
        if tuple(before) != tuple(after):
            sync_list(element, builder, ns, local, before, after, style, fill)
    if old.mobile != new.mobile:
        tag = builder.tag(MOBILE_NS, "mobile")
        if new.mobile:
            insert_child(element, builder.make(element, MOBILE_NS, "mobile"), _last_child(element),
                         style)
        else:
            for child in children_named(element, tag):
                remove_child(child)


__all__ = ["EditStyle", "Image", "insert_child", "remove_child", "sync_entry"]
