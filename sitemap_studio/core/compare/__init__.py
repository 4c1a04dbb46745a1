"""Compare two sitemaps, indexes, text lists or projects, local or live, URL by URL.

Front door of the comparison: :func:`compare_locations` reads both inputs
(:mod:`.sides`) and compares them (:mod:`.engine`) into a
:class:`CompareResult` (:mod:`.results`).
"""

from __future__ import annotations

from sitemap_studio.core.compare.engine import compare_sides, url_prefix
from sitemap_studio.core.compare.results import (
    COMPARED_FIELDS,
    ChangedUrl,
    CompareResult,
    FieldChange,
    MovedUrl,
    PrefixCount,
    shown_value,
)
from sitemap_studio.core.compare.sides import (
    LiveFetcher,
    Side,
    SideFile,
    checked_fetch,
    is_live,
    read_side,
)
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, report


def compare_locations(old: str, new: str, limits: Limits | None = None, *,
                      allow_private: bool = False, cancel: CancelToken | None = None,
                      progress: ProgressCallback | None = None,
                      fetcher: LiveFetcher | None = None) -> CompareResult:
    """Read OLD and NEW (paths or ``http(s)://`` URLs) and compare them.

    Progress runs 0-40 reading OLD, 40-80 reading NEW, 80-100 comparing.

    Raises:
        SitemapError: an input cannot be read; the error names it.
        Cancelled: ``cancel`` was set.
    """

    def part(low: int, high: int) -> ProgressCallback:
        def scaled(done: int, total: int) -> None:
            report(progress, low + (done * (high - low) // total if total else 0), 100)
        return scaled

    sides = []
    for location, low in ((old, 0), (new, 40)):
        sides.append(read_side(location, limits, allow_private=allow_private, cancel=cancel,
                               progress=part(low, low + 40), fetcher=fetcher))
    return compare_sides(sides[0], sides[1], cancel=cancel, progress=part(80, 100))


__all__ = [
    "COMPARED_FIELDS",
    "ChangedUrl",
    "CompareResult",
    "FieldChange",
    "LiveFetcher",
    "MovedUrl",
    "PrefixCount",
    "Side",
    "SideFile",
    "checked_fetch",
    "compare_locations",
    "compare_sides",
    "is_live",
    "read_side",
    "shown_value",
    "url_prefix",
]
