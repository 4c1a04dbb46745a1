"""Entries of a sitemap and their extension data, as small immutable values.

Every field holds the text found in the file (XML whitespace trimmed), so a
value that does not parse ("high", "2024-02-30") is kept exactly as written
and flagged by validation, never rewritten. Typed views are in
:mod:`sitemap_studio.core.model.values`.

The extension values (:class:`Image`, :class:`Video`, :class:`News`) also carry
two read-time notes that are not values (they take no part in comparisons):
``padded`` names the fields whose text had XML whitespace around it, with the
number of blank characters trimmed (``xsd:string`` keeps them, so an
enumeration, pattern or length facet of the extension XSD sees them), and
``structure`` lists what the item's XML does against the extension XSD's
content model, each as ``kind:name`` (kinds ``order``, ``repeated``,
``unknown``, ``text``, ``mixed``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO_NS = "http://www.google.com/schemas/sitemap-video/1.1"
NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
MOBILE_NS = "http://www.google.com/schemas/sitemap-mobile/1.0"

#: Prefixes used when Sitemap Studio has to declare an extension namespace itself.
STANDARD_PREFIXES = {
    IMAGE_NS: "image",
    VIDEO_NS: "video",
    NEWS_NS: "news",
    XHTML_NS: "xhtml",
    MOBILE_NS: "mobile",
}

#: Read-time notes of an extension item: blanks trimmed per field, content-model problems.
Padding = tuple[tuple[str, int], ...]
Problems = tuple[str, ...]


#: The four protocol fields, in schema order.
FIELDS = ("loc", "lastmod", "changefreq", "priority")
CHANGEFREQ_VALUES = ("always", "hourly", "daily", "weekly", "monthly", "yearly", "never")


class DocumentKind(StrEnum):
    """What a document lists."""

    URLSET = "urlset"
    INDEX = "sitemapindex"


#: The children of ``image:image`` in the extension's schema order, each a field of :class:`Image`.
IMAGE_FIELDS = ("loc", "caption", "geo_location", "title", "license")
#: The fields of :class:`Video` that hold an attribute: field -> (child element, attribute).
VIDEO_ATTRIBUTES = {
    "player_loc_allow_embed": ("player_loc", "allow_embed"),
    "player_loc_autoplay": ("player_loc", "autoplay"),
    "restriction_relationship": ("restriction", "relationship"),
    "platform_relationship": ("platform", "relationship"),
    "uploader_info": ("uploader", "info"),
}


@dataclass(frozen=True, slots=True)
class Image:
    """One ``image:image`` (Google image extension)."""

    loc: str | None = None
    caption: str | None = None
    geo_location: str | None = None
    title: str | None = None
    license: str | None = None
    padded: Padding = field(default=(), compare=False)
    structure: Problems = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Price:
    """One ``video:price`` with its attributes."""

    value: str | None = None
    currency: str | None = None
    type: str | None = None
    resolution: str | None = None


@dataclass(frozen=True, slots=True)
class Video:
    """One ``video:video`` (Google video extension); attributes are separate fields.

    ``video:id`` and ``video:tvshow`` content are not typed: they stay in the
    entry's XML untouched (``has_tvshow`` says whether a tvshow is present).
    """

    thumbnail_loc: str | None = None
    title: str | None = None
    description: str | None = None
    content_loc: str | None = None
    player_loc: str | None = None
    player_loc_allow_embed: str | None = None
    player_loc_autoplay: str | None = None
    duration: str | None = None
    expiration_date: str | None = None
    rating: str | None = None
    view_count: str | None = None
    publication_date: str | None = None
    family_friendly: str | None = None
    restriction: str | None = None
    restriction_relationship: str | None = None
    platform: str | None = None
    platform_relationship: str | None = None
    requires_subscription: str | None = None
    uploader: str | None = None
    uploader_info: str | None = None
    live: str | None = None
    tags: tuple[str, ...] = ()
    category: str | None = None
    gallery_loc: str | None = None
    prices: tuple[Price, ...] = ()
    has_tvshow: bool = False
    padded: Padding = field(default=(), compare=False)
    structure: Problems = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class News:
    """One ``news:news`` (Google News extension)."""

    publication_name: str | None = None
    publication_language: str | None = None
    publication_date: str | None = None
    title: str | None = None
    keywords: str | None = None
    genres: str | None = None
    stock_tickers: str | None = None
    access: str | None = None
    padded: Padding = field(default=(), compare=False)
    structure: Problems = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Alternate:
    """One ``xhtml:link`` (hreflang alternate, AMP page, app link)."""

    rel: str | None = None
    hreflang: str | None = None
    href: str | None = None
    media: str | None = None


@dataclass(frozen=True, slots=True)
class StructureNote:
    """Something about the shape of an entry's XML that validation reports.

    ``kind`` is one of: ``missing`` (required child absent), ``repeated``
    (child appears more than once), ``unknown`` (unknown element in the
    sitemap namespace), ``order`` (children out of schema order), ``attribute``
    (attribute on a protocol element), ``nested`` (an entry inside an entry),
    ``text`` (stray text between children), ``mixed`` (markup inside a value),
    ``foreign-attribute`` (an attribute in another namespace, or ``xml:lang``,
    on the entry element), ``extension`` (an unknown element in a known
    extension namespace, such as ``image:picture``). ``line`` says where the
    reader found it and takes no part in comparisons: an entry whose lines
    shifted (after an edit above it) is the same entry.
    """

    kind: str
    name: str
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``<url>`` or ``<sitemap>`` entry, or one line of a text sitemap.

    ``id`` is stable for the life of the document: commands and views refer to
    entries by id, never by row. ``element`` is ``"url"`` or ``"sitemap"``.
    ``raw`` maps a field name to its text exactly as written when that differs
    from the value (surrounding whitespace, CDATA, character references).
    """

    id: int = -1
    loc: str | None = None
    lastmod: str | None = None
    changefreq: str | None = None
    priority: str | None = None
    images: tuple[Image, ...] = ()
    videos: tuple[Video, ...] = ()
    news: tuple[News, ...] = ()
    alternates: tuple[Alternate, ...] = ()
    mobile: bool = False
    element: str = "url"
    raw: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    notes: tuple[StructureNote, ...] = ()

    def value(self, name: str) -> str | None:
        """The text of protocol field ``name`` (one of :data:`FIELDS`)."""
        return getattr(self, name)  # type: ignore[no-any-return]

    @property
    def extension_counts(self) -> tuple[int, int, int, int]:
        """Numbers of images, videos, news items and alternates."""
        return len(self.images), len(self.videos), len(self.news), len(self.alternates)
