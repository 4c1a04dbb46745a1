"""Tags and attributes Google retired: the rules, their findings, and the fixes that remove them.

Google retired a group of tags and attributes in 2022 (image caption,
geo_location, title and license; video category, gallery_loc, price, tvshow and
the player_loc attributes; the mobile sitemap tag) and its News sitemap
documentation no longer lists keywords, stock_tickers, genres and access. They
still validate against the old XSDs, so each is a warning, or a notice under
the XSD profile, with a quick fix that removes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from sitemap_studio.core.model.entries import Entry, Image, News, Video
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.extension_helpers import map_items
from sitemap_studio.core.validation.registry import Rule, rule

W, N = Severity.WARNING, Severity.NOTICE
GOOGLE = RuleSource.GOOGLE

RETIRED = "2022"


def _deprecated(code: str, checks: str) -> Rule:
    return rule(code, W, GOOGLE, checks, fix="remove it", xsd=N)


DEPRECATED_IMAGE = {
    "caption": _deprecated("deprecated-image-caption",
                           "no <image:caption> (retired by Google in 2022)"),
    "geo_location": _deprecated("deprecated-image-geo-location",
                                "no <image:geo_location> (retired by Google in 2022)"),
    "title": _deprecated("deprecated-image-title",
                         "no <image:title> (retired by Google in 2022)"),
    "license": _deprecated("deprecated-image-license",
                           "no <image:license> (retired by Google in 2022)"),
}
DEPRECATED_VIDEO_CATEGORY = _deprecated("deprecated-video-category",
                                        "no <video:category> (retired by Google in 2022)")
DEPRECATED_VIDEO_GALLERY = _deprecated("deprecated-video-gallery-loc",
                                       "no <video:gallery_loc> (retired by Google in 2022)")
DEPRECATED_VIDEO_PRICE = _deprecated("deprecated-video-price",
                                     "no <video:price> (retired by Google in 2022)")
DEPRECATED_VIDEO_TVSHOW = _deprecated("deprecated-video-tvshow",
                                      "no <video:tvshow> (retired by Google in 2022)")
DEPRECATED_VIDEO_PLAYER = _deprecated("deprecated-video-player-attributes",
                                      "no allow_embed or autoplay on <video:player_loc> (retired "
                                      "by Google in 2022)")
DEPRECATED_NEWS = {
    "keywords": _deprecated("deprecated-news-keywords",
                            "no <news:keywords> (not in Google's News sitemap documentation "
                            "since 2022)"),
    "stock_tickers": _deprecated("deprecated-news-stock-tickers",
                                 "no <news:stock_tickers> (not in Google's News sitemap "
                                 "documentation since 2022)"),
    "genres": _deprecated("deprecated-news-genres",
                          "no <news:genres> (not in Google's News sitemap documentation since "
                          "2022)"),
    "access": _deprecated("deprecated-news-access",
                          "no <news:access> (not in Google's News sitemap documentation since "
                          "2022)"),
}
DEPRECATED_MOBILE = _deprecated("deprecated-mobile",
                                "no <mobile:mobile> (Google retired mobile sitemaps in 2022)")


# --- images -----------------------------------------------------------------------------------


def check_retired_image_tags(images: tuple[Image, ...], report: Reporter) -> None:
    """Retired ``image:`` tags, one finding per tag with the number of images that have it."""
    for name, found in DEPRECATED_IMAGE.items():
        count = sum(1 for image in images if getattr(image, name) is not None)
        if count:
            where = "the image" if len(images) == 1 else f"{count} of {len(images)} images"
            report(found, f"<image:{name}> on {where} is ignored: Google retired it in "
                          f"{RETIRED} (the old image XSD still lists it)", field="images",
                   fix=QuickFix(f"Remove <image:{name}>", _clear_images(name)))


def _clear_images(name: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        images: tuple[Image, ...] = map_items(
            entry.images, lambda image: replace(image, **{name: None}))
        return replace(entry, images=images)

    return apply


# --- videos -----------------------------------------------------------------------------------


def check_retired_video_tags(videos: tuple[Video, ...], report: Reporter) -> None:
    """Retired ``video:`` tags and player_loc attributes, one finding per kind."""
    checks: list[tuple[Rule, str, str, Callable[[Video], bool], dict[str, Any]]] = [
        (DEPRECATED_VIDEO_CATEGORY, "<video:category>", "<video:category>",
         lambda v: v.category is not None, {"category": None}),
        (DEPRECATED_VIDEO_GALLERY, "<video:gallery_loc>", "<video:gallery_loc>",
         lambda v: v.gallery_loc is not None, {"gallery_loc": None}),
        (DEPRECATED_VIDEO_PRICE, "<video:price>", "<video:price>", lambda v: bool(v.prices),
         {"prices": ()}),
        (DEPRECATED_VIDEO_TVSHOW, "<video:tvshow>", "<video:tvshow>", lambda v: v.has_tvshow,
         {"has_tvshow": False}),
        (DEPRECATED_VIDEO_PLAYER, "the allow_embed and autoplay attributes of "
                                  "<video:player_loc>",
         "allow_embed and autoplay from <video:player_loc>",
         lambda v: v.player_loc_allow_embed is not None or v.player_loc_autoplay is not None,
         {"player_loc_allow_embed": None, "player_loc_autoplay": None}),
    ]
    for found, what, label, present, cleared in checks:
        count = sum(1 for video in videos if present(video))
        if not count:
            continue
        where = "" if len(videos) == 1 else f" (on {count} of {len(videos)} videos)"
        verb, it = ("are", "them") if what.startswith("the ") else ("is", "it")
        report(found, f"{what}{where} {verb} ignored: Google retired {it} in {RETIRED} (the old "
                      f"video XSD still lists {it})", field="videos",
               fix=QuickFix(f"Remove {label}", _clear_videos(cleared)))


def _clear_videos(changes: dict[str, Any]) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        videos: tuple[Video, ...] = map_items(
            entry.videos, lambda video: replace(video, **changes))
        return replace(entry, videos=videos)

    return apply


# --- news -------------------------------------------------------------------------------------


def check_retired_news_tags(items: tuple[News, ...], report: Reporter) -> None:
    """``news:`` tags Google's documentation dropped, one finding per tag."""
    for name, found in DEPRECATED_NEWS.items():
        count = sum(1 for news in items if getattr(news, name) is not None)
        if not count:
            continue
        where = "" if len(items) == 1 else f" (on {count} of {len(items)} news items)"
        report(found, f"<news:{name}>{where} is ignored: Google's News sitemap documentation "
                      f"has dropped it (since {RETIRED}; the old news XSD still lists it)",
               field="news", fix=QuickFix(f"Remove <news:{name}>", _clear_news(name)))


def _clear_news(name: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        items: tuple[News, ...] = map_items(entry.news, lambda news: replace(news, **{name: None}))
        return replace(entry, news=items)

    return apply


# --- mobile -----------------------------------------------------------------------------------


def check_mobile(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``mobile:mobile``: Google retired mobile (feature-phone) sitemaps."""
    del ctx
    if entry.mobile:
        report(DEPRECATED_MOBILE, f"<mobile:mobile> is ignored: Google retired mobile sitemaps "
                                  f"in {RETIRED} (the old mobile XSD still lists the tag)",
               field="mobile", fix=QuickFix("Remove <mobile:mobile>", _drop_mobile))


def _drop_mobile(entry: Entry) -> Entry:
    return replace(entry, mobile=False)
