"""The submission kit: how to tell search engines about a site's sitemaps and changed pages.

The live routes are ``Sitemap:`` lines in robots.txt (:mod:`robots_kit`),
submitting the sitemap once in each search engine's webmaster tools, and
IndexNow for changed URLs (:mod:`indexnow`, :mod:`indexnow_submit`). The old
``/ping?sitemap=`` links of Google and Bing are retired; :func:`ping_links`
still builds them, labelled as such, for people who look for them, and nothing
ever sends them.

Front ends import the kit from the package's front door, :mod:`sitemap_studio.core.publishing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.settings_values import url_problem
from sitemap_studio.core.urls.parsing import percent_encode_iri

__all__ = ["BING_PING", "GOOGLE_PING", "LIVE_ROUTES", "PingLink", "ping_links"]

GOOGLE_PING = "https://www.google.com/ping?sitemap="
BING_PING = "https://www.bing.com/ping?sitemap="
GOOGLE_RETIRED = "retired: Google's endpoint has returned 404 since 2023"
BING_RETIRED = "retired: Bing's endpoint has returned 410 since 2022"

#: Shown beside the retired ping links: what works instead.
LIVE_ROUTES = (
    "Google's and Bing's sitemap ping endpoints are retired, so these links are shown for "
    "reference only and are never sent. What works instead: list your sitemaps in robots.txt "
    "with 'Sitemap:' lines; submit them once in Google Search Console and in Bing Webmaster "
    "Tools (both then re-read them on their own); and announce changed pages with IndexNow "
    "(used by Bing, Yandex, Seznam, Naver and others; not by Google)."
)


@dataclass(frozen=True, slots=True)
class PingLink:
    """A retired ping link: the search engine, the link, and why it no longer works."""

    engine: str
    url: str
    status_note: str


def ping_links(sitemap_url: str) -> list[PingLink]:
    """Google's and Bing's retired ``/ping?sitemap=`` links for ``sitemap_url``.

    The sitemap URL is percent-encoded per RFC 3986 (only ``A-Z a-z 0-9 -._~``
    stay as they are). For reference only: never send them.
    """
    if problem := url_problem(sitemap_url):
        raise SitemapError(f"the sitemap URL {problem}", code="ping-bad-url")
    value = quote(percent_encode_iri(sitemap_url), safe="")
    return [PingLink("Google", GOOGLE_PING + value, GOOGLE_RETIRED),
            PingLink("Bing", BING_PING + value, BING_RETIRED)]
