"""Publishing: telling search engines: robots.txt ``Sitemap:`` lines, IndexNow keys, batches and
submission, ping links, and the submission kit.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.publishing.indexnow import (
        MAX_URLS_PER_BATCH,
        WrittenKit,
        batches,
        generate_key,
        get_link,
        key_file,
        key_location_url,
        key_problem,
        submittable,
        write_kit,
    )
    from sitemap_studio.core.publishing.indexnow_submit import SubmitResult, submit
    from sitemap_studio.core.publishing.robots_kit import check_robots, robots_lines, robots_txt_url
    from sitemap_studio.core.publishing.submission import LIVE_ROUTES, PingLink, ping_links

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "batches": "indexnow",
    "check_robots": "robots_kit",
    "generate_key": "indexnow",
    "get_link": "indexnow",
    "key_file": "indexnow",
    "key_location_url": "indexnow",
    "key_problem": "indexnow",
    "LIVE_ROUTES": "submission",
    "MAX_URLS_PER_BATCH": "indexnow",
    "ping_links": "submission",
    "PingLink": "submission",
    "robots_lines": "robots_kit",
    "robots_txt_url": "robots_kit",
    "submit": "indexnow_submit",
    "SubmitResult": "indexnow_submit",
    "submittable": "indexnow",
    "write_kit": "indexnow",
    "WrittenKit": "indexnow",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "LIVE_ROUTES",
    "MAX_URLS_PER_BATCH",
    "PingLink",
    "SubmitResult",
    "WrittenKit",
    "batches",
    "check_robots",
    "generate_key",
    "get_link",
    "key_file",
    "key_location_url",
    "key_problem",
    "ping_links",
    "robots_lines",
    "robots_txt_url",
    "submit",
    "submittable",
    "write_kit",
]
