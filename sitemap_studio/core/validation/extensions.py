"""Google's sitemap extensions: image, video, news, the retired mobile tag, and retired tags.

Sources: Google Search Central's image, video and news sitemap documentation, and
the extension XSDs Google published (``../shared/schemas``). sitemaps.org says
nothing about extensions, so under the protocol profile these rules follow
Google; under the XSD profile a few follow the schema instead where it differs
(video title length, the spelling of yes/no, price attributes, country case).

The rules live in one module per extension (:mod:`image_rules`,
:mod:`video_rules`, :mod:`news_rules`) and one for the tags Google retired in
2022 (:mod:`deprecated_rules`, which also checks ``mobile:mobile``); shared
helpers are in :mod:`extension_helpers`. This module gathers their checks and
rules under one name for the engine, and importing it registers every
extension rule once.
"""

from __future__ import annotations

from sitemap_studio.core.validation.deprecated_rules import (
    DEPRECATED_IMAGE,
    DEPRECATED_MOBILE,
    DEPRECATED_NEWS,
    DEPRECATED_VIDEO_CATEGORY,
    DEPRECATED_VIDEO_GALLERY,
    DEPRECATED_VIDEO_PLAYER,
    DEPRECATED_VIDEO_PRICE,
    DEPRECATED_VIDEO_TVSHOW,
    RETIRED,
    check_mobile,
)
from sitemap_studio.core.validation.image_rules import (
    IMAGE_LOC_INVALID,
    IMAGE_LOC_MISSING,
    IMAGE_TOO_MANY,
    MAX_IMAGES,
    check_images,
)
from sitemap_studio.core.validation.news_rules import (
    MAX_NEWS,
    NEWS_DATE,
    NEWS_LANGUAGE,
    NEWS_LANGUAGE_CASE,
    NEWS_MAX_AGE,
    NEWS_MISSING,
    NEWS_OLD,
    NEWS_TOO_MANY,
    check_news,
    check_news_count,
)
from sitemap_studio.core.validation.video_rules import (
    CURRENCIES,
    MAX_DESCRIPTION,
    MAX_DURATION,
    MAX_TAGS,
    MAX_TITLE,
    VIDEO_DATE,
    VIDEO_DESCRIPTION_LONG,
    VIDEO_DURATION,
    VIDEO_DURATION_ZERO,
    VIDEO_EXPIRED,
    VIDEO_LOCATION_IS_PAGE,
    VIDEO_MISSING,
    VIDEO_NO_LOCATION,
    VIDEO_PLATFORM,
    VIDEO_PRICE,
    VIDEO_RATING,
    VIDEO_RELATIONSHIP,
    VIDEO_RESTRICTION,
    VIDEO_RESTRICTION_CASE,
    VIDEO_TAGS,
    VIDEO_TITLE_LONG,
    VIDEO_UPLOADER_DOMAIN,
    VIDEO_URL,
    VIDEO_VIEW_COUNT,
    VIDEO_YES_NO,
    VIDEO_YES_NO_CASE,
    check_videos,
)

__all__ = [
    "CURRENCIES", "DEPRECATED_IMAGE", "DEPRECATED_MOBILE", "DEPRECATED_NEWS",
    "DEPRECATED_VIDEO_CATEGORY", "DEPRECATED_VIDEO_GALLERY", "DEPRECATED_VIDEO_PLAYER",
    "DEPRECATED_VIDEO_PRICE", "DEPRECATED_VIDEO_TVSHOW", "IMAGE_LOC_INVALID", "IMAGE_LOC_MISSING",
    "IMAGE_TOO_MANY", "MAX_DESCRIPTION", "MAX_DURATION", "MAX_IMAGES", "MAX_NEWS", "MAX_TAGS",
    "MAX_TITLE", "NEWS_DATE", "NEWS_LANGUAGE", "NEWS_LANGUAGE_CASE", "NEWS_MAX_AGE", "NEWS_MISSING",
    "NEWS_OLD", "NEWS_TOO_MANY", "RETIRED", "VIDEO_DATE", "VIDEO_DESCRIPTION_LONG",
    "VIDEO_DURATION", "VIDEO_DURATION_ZERO", "VIDEO_EXPIRED", "VIDEO_LOCATION_IS_PAGE",
    "VIDEO_MISSING", "VIDEO_NO_LOCATION", "VIDEO_PLATFORM", "VIDEO_PRICE", "VIDEO_RATING",
    "VIDEO_RELATIONSHIP", "VIDEO_RESTRICTION", "VIDEO_RESTRICTION_CASE", "VIDEO_TAGS",
    "VIDEO_TITLE_LONG", "VIDEO_UPLOADER_DOMAIN", "VIDEO_URL", "VIDEO_VIEW_COUNT", "VIDEO_YES_NO",
    "VIDEO_YES_NO_CASE", "check_images", "check_mobile", "check_news", "check_news_count",
    "check_videos",
]
