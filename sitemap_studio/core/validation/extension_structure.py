"""The extension XSDs' shapes: content models of the items and blanks their facets see.

Source: the image, video and news XSDs Google published (``../shared/schemas``).
The reader notes, per item, what its XML does against the XSD's content model
(:attr:`~sitemap_studio.core.model.entries.Video.structure`: children out of order,
repeated, unknown, stray text, markup in a value) and which values had blanks
around them (:attr:`~sitemap_studio.core.model.entries.Video.padded`).

Crawlers read the children in any order, take the first of a repeated one and
ignore what they do not know, so the content-model rules are notices outside
the XSD profile. Blanks are trimmed by every reader, but ``xsd:string`` keeps
them: an enumeration (``' yes '``), a pattern (``' en '``) or a maxLength counts
them, so the padding rule applies under the XSD profile only. The length facets
themselves (title, description) are judged with the blanks counted by
:mod:`video_rules` under that profile.
"""

from __future__ import annotations

from collections.abc import Sequence

from sitemap_studio.core.model.entries import Entry, Image, News, Video
from sitemap_studio.core.model.findings import RuleSource, Severity
from sitemap_studio.core.validation.context import Reporter
from sitemap_studio.core.validation.extension_helpers import item_label, item_prefix
from sitemap_studio.core.validation.registry import Rule, rule

E, N = Severity.ERROR, Severity.NOTICE
XSD = RuleSource.XSD

IMAGE_STRUCTURE = rule(
    "image-structure", N, XSD,
    "<image:image> holds loc, caption, geo_location, title and license, in that order, each "
    "at most once, and nothing else (the image XSD; crawlers accept any order and ignore "
    "unknown children)", xsd=E)
VIDEO_STRUCTURE = rule(
    "video-structure", N, XSD,
    "<video:video> children follow the video XSD's order (thumbnail_loc, title, description, "
    "content_loc, player_loc, duration, ...), the single ones at most once, and nothing "
    "else (crawlers accept any order and ignore unknown children)", xsd=E)
NEWS_STRUCTURE = rule(
    "news-structure", N, XSD,
    "<news:news> holds publication (name, language), access, genres, publication_date, title, "
    "keywords and stock_tickers, in that order, each at most once, and nothing else (the news "
    "XSD; crawlers accept any order)", xsd=E)
EXTENSION_PADDED = rule(
    "extension-value-padded", E, XSD,
    "No blanks around an extension value whose XSD type is an enumeration or a pattern "
    "(video yes/no values, restriction, platform; news language, access, genres, "
    "stock_tickers): xsd:string keeps whitespace, so ' yes ' is not 'yes' (every crawler "
    "trims them)", protocol=None, google=None)

#: Fields whose XSD type an enumeration or pattern restricts: blanks around them fail it.
FACETED: dict[str, tuple[str, ...]] = {
    "video": ("family_friendly", "requires_subscription", "live", "restriction", "platform"),
    "news": ("publication_language", "access", "genres", "stock_tickers"),
}
_SHOWN = {"publication_language": "publication><news:language",
          "publication_name": "publication><news:name"}
_RULES: dict[str, Rule] = {"image": IMAGE_STRUCTURE, "video": VIDEO_STRUCTURE,
                           "news": NEWS_STRUCTURE}
_FIELDS = {"image": "images", "video": "videos", "news": "news"}


def padding(item: Image | Video | News, name: str) -> int:
    """How many blank characters were trimmed around field ``name`` of ``item``."""
    for field_name, count in item.padded:
        if field_name == name:
            return count
    return 0


def check_extension_structure(entry: Entry, report: Reporter) -> None:
    """The content models of every image, video and news item, and padded faceted values."""
    groups: tuple[tuple[str, Sequence[Image | Video | News]], ...] = (
        ("image", entry.images), ("video", entry.videos), ("news", entry.news))
    for kind, items in groups:
        for index, item in enumerate(items):
            if not item.structure and not item.padded:
                continue
            which = item_label("news item" if kind == "news" else kind, index, len(items))
            by_kind: dict[str, list[str]] = {}
            for problem in item.structure:
                what, _, name = problem.partition(":")
                by_kind.setdefault(what, []).append(name if ":" in name else f"{kind}:{name}")
            for what, names in by_kind.items():
                report(_RULES[kind], _problem_message(kind, which, what, names),
                       field=_FIELDS[kind])
            if item.padded and EXTENSION_PADDED.severity_for(report.profile) is not None:
                _check_padded(kind, which, item, report)


def _check_padded(kind: str, which: str, item: Image | Video | News, report: Reporter) -> None:
    for name in FACETED.get(kind, ()):
        blanks = padding(item, name)
        if not blanks:
            continue
        value = getattr(item, name)
        what = "an enumeration" if name in ("family_friendly", "requires_subscription", "live",
                                            "access") else "a pattern"
        report(EXTENSION_PADDED,
               f"{item_prefix(which)}<{kind}:{_SHOWN.get(name, name)}> {value!r} has "
               f"{blanks} blank character{'s' if blanks > 1 else ''} around it: the XSD type is "
               f"{what} over xsd:string, which keeps whitespace (crawlers trim it)",
               field=_FIELDS[kind])


def _problem_message(kind: str, which: str, what: str, names: list[str]) -> str:
    shown = ", ".join(f"<{name}>" for name in dict.fromkeys(names))
    several = len(set(names)) > 1
    owner = f"<{kind}:{kind}>"
    prefix = item_prefix(which)
    if what == "order":
        return (f"{prefix}{shown} {'are' if several else 'is'} out of the XSD's order inside "
                f"{owner} (crawlers accept any order)")
    if what == "repeated":
        return (f"{prefix}{shown} {'appear' if several else 'appears'} more than once in "
                f"{owner}; the XSD allows one (crawlers use the first)")
    if what == "unknown":
        them = "them" if several else "it"
        return (f"{prefix}{shown} {'are' if several else 'is'} not part of Google's {kind} "
                f"extension: the XSD does not allow {them} in {owner}; crawlers ignore {them}")
    if what == "text":
        return f"{prefix}stray text inside {shown}, outside any value element"
    if what == "mixed":
        verb = "contain" if several else "contains"
        return f"{prefix}{shown} {verb} markup; a value is plain text"
    return f"{prefix}{owner}: {what} {shown}"
