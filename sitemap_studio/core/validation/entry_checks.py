"""One entry's own rules, in the order the validator runs them."""

from __future__ import annotations

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import FIELDS, Entry
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.validation import (
    extension_structure,
    extensions,
    hreflang,
    locations,
    structure,
    values_rules,
)
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.scope import Scope

Texts = tuple[str | None, str | None, str | None, str | None]


def row_values(document: SitemapDocument, row: int) -> tuple[Entry | None, Texts, Texts, str]:
    """(entry or None, values, raw texts where they differ, element name) of one row."""
    texts = document.raw_texts(row)
    if texts is None:
        entry = document.entry_at(row)
        values: Texts = (entry.loc, entry.lastmod, entry.changefreq, entry.priority)
        raws: Texts = (entry.raw.get(FIELDS[0]), entry.raw.get(FIELDS[1]),
                       entry.raw.get(FIELDS[2]), entry.raw.get(FIELDS[3]))
        return entry, values, raws, entry.element
    trimmed = [None if t is None else t.strip(XML_WHITESPACE) for t in texts]
    values = (trimmed[0], trimmed[1], trimmed[2], trimmed[3])
    differ = [None if t is None or t == v else t for t, v in zip(texts, values, strict=True)]
    raws = (differ[0], differ[1], differ[2], differ[3])
    return None, values, raws, document.element_at(row)


def check_entry(entry: Entry | None, values: Texts, raws: Texts, element: str,
                reporter: Reporter, ctx: ValidationContext, scope: Scope | None,
                fmt: SourceFormat) -> None:
    """Every rule that looks at this entry alone."""
    locations.check_loc(values[0], raws[0], reporter, ctx, scope, index=element == "sitemap")
    if values[1] is not None or raws[1] is not None:
        values_rules.check_lastmod(values[1], raws[1], reporter, ctx)
    if values[2] is not None:
        values_rules.check_changefreq(values[2], raws[2], reporter, ctx)
    if values[3] is not None:
        values_rules.check_priority(values[3], raws[3], reporter, ctx)
    if fmt == SourceFormat.XML:
        structure.check_entry_kind(element, reporter, ctx)
    if element == "sitemap":
        structure.check_index_entry(values[0], reporter, ctx)
    if entry is None:
        return
    structure.check_notes(entry.notes, entry.element, reporter, ctx)
    if entry.images:
        extensions.check_images(entry, reporter, ctx)
    if entry.videos:
        extensions.check_videos(entry, reporter, ctx)
    if entry.news:
        extensions.check_news(entry, reporter, ctx)
    if entry.images or entry.videos or entry.news:
        extension_structure.check_extension_structure(entry, reporter)
    if entry.mobile:
        extensions.check_mobile(entry, reporter, ctx)
    if entry.alternates:
        hreflang.check_alternates(entry, reporter, ctx)
