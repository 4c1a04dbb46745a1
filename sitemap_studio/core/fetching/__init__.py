"""Fetching: fetching a URL on request only, bounded and explained, over connections that keep to
public addresses; discovering and fetching a live site's sitemaps.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.fetching.http_fetch import DEFAULT_TIMEOUT, url_problem
    from sitemap_studio.core.fetching.site_fetch import (
        FROM_ROBOTS,
        Candidate,
        Discovery,
        UrlStatus,
        discover_site,
        site_url_problem,
    )

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "Candidate": "site_fetch",
    "DEFAULT_TIMEOUT": "http_fetch",
    "discover_site": "site_fetch",
    "Discovery": "site_fetch",
    "FROM_ROBOTS": "site_fetch",
    "site_url_problem": "site_fetch",
    "url_problem": "http_fetch",
    "UrlStatus": "site_fetch",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "DEFAULT_TIMEOUT",
    "FROM_ROBOTS",
    "Candidate",
    "Discovery",
    "UrlStatus",
    "discover_site",
    "site_url_problem",
    "url_problem",
]
