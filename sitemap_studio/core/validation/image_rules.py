"""Google's image sitemap extension (``image:image``): a loc that is an absolute URL, the limit.

Source: Google Search Central's image sitemap documentation. The tags Google
retired in 2022 are checked in :mod:`deprecated_rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.urls.url_display import INVISIBLE_RE, describe_char, reveal_invisible
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.deprecated_rules import check_retired_image_tags
from sitemap_studio.core.validation.extension_helpers import (
    is_blank,
    item_label,
    item_prefix,
    lacks,
)
from sitemap_studio.core.validation.hreflang_links import absolute_from, is_absolute_http
from sitemap_studio.core.validation.registry import rule

E = Severity.ERROR
GOOGLE = RuleSource.GOOGLE

MAX_IMAGES = 1_000

IMAGE_LOC_MISSING = rule("image-loc-missing", E, GOOGLE, "every <image:image> has an <image:loc>")
IMAGE_LOC_INVALID = rule("image-loc-invalid", E, GOOGLE,
                         "<image:loc> is an absolute http(s) URL")
IMAGE_TOO_MANY = rule("image-too-many", E, GOOGLE, "at most 1,000 images per page")


def check_images(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``image:image``: a loc that is an absolute URL, at most 1,000, no retired tags."""
    del ctx  # the same under every profile
    images = entry.images
    if not images:
        return
    if len(images) > MAX_IMAGES:
        report(IMAGE_TOO_MANY, f"{len(images):,} images on one page; Google reads at most "
                               f"{MAX_IMAGES:,} per <url>", field="images")
    for index, image in enumerate(images):
        which = item_label("image", index, len(images))
        if is_blank(image.loc):
            report(IMAGE_LOC_MISSING, f"{lacks(which, '<image:loc>', image.loc)}: the image "
                                      "URL is required",
                   field="images", element=None if image.loc is None else "image:loc")
        elif not is_absolute_http(image.loc):
            absolute = absolute_from(image.loc or "", entry.loc)
            fix = None if absolute is None else QuickFix(
                f"Change to {absolute}", _set_image(index, loc=absolute))
            report(IMAGE_LOC_INVALID, f"{item_prefix(which)}<image:loc> "
                                      f"{_shown(image.loc or '')} is not an absolute http(s) URL"
                                      f"{_invisible_named(image.loc or '')}",
                   field="images", fix=fix)
    check_retired_image_tags(images, report)


def _shown(loc: str) -> str:
    """The value quoted, with invisible and blank characters spelled out."""
    return f"'{reveal_invisible(loc, limit=160, spaces=False)}'"


def _invisible_named(loc: str) -> str:
    """', it contains ⟨U+202F NARROW NO-BREAK SPACE⟩' for the blanks in ``loc``, else ''."""
    names = dict.fromkeys(describe_char(char) for char in INVISIBLE_RE.findall(loc))
    return f": it contains {', '.join(names)}" if names else ""


def _set_image(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.images):
            return entry
        images = list(entry.images)
        images[index] = replace(images[index], **changes)
        return replace(entry, images=tuple(images))

    return apply
