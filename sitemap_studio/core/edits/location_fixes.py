"""Make relative ``<loc>`` values absolute with the site's URL.

Validation flags a relative location (``/about``, ``//example.com/x``,
``example.com/x``) but cannot fix it alone: the fix needs the site URL, which
a lone file does not carry. The front end asks for it once and builds the
fix here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import urljoin, urlsplit

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import QuickFix

#: The code of the finding this fix answers.
LOC_NOT_ABSOLUTE = "loc-not-absolute"
MAKE_ABSOLUTE = "Make absolute with the site URL"

#: "example.com/x": a host name first, unless its last label is a file type ("page.html").
_BARE_HOST = re.compile(r"(?:[A-Za-z0-9-]+\.)+(?!(?:html?|php|aspx?|jsp|xml|txt|gz)(?:[/?#:]|\Z))"
                        r"[A-Za-z]{2,}(?::\d+)?(?:[/?#]|\Z)")


def site_url_problem(site_url: str) -> str | None:
    """Why ``site_url`` cannot serve as the base of locations (``None``: it can)."""
    parts = urlsplit(site_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "write the site's address with http:// or https://, e.g. https://example.com/"
    return None


def absolute_location(loc: str, site_url: str) -> str:
    """``loc`` made absolute: a path resolves against the site, a bare host gets its scheme."""
    text = loc.strip()
    base = site_url.strip()
    scheme = urlsplit(base).scheme
    if text.startswith("//"):
        return f"{scheme}:{text}"
    if not text.startswith(("/", ".", "?", "#")) and _BARE_HOST.match(text):
        return f"{scheme}://{text}"
    if not base.endswith("/") and not urlsplit(base).path:
        base += "/"
    return urljoin(base, text)


def make_absolute_fix(site_url: str) -> QuickFix:
    """The quick fix for :data:`LOC_NOT_ABSOLUTE` findings, with ``site_url`` as the base."""
    def apply(entry: Entry) -> Entry:
        if entry.loc is None:
            return entry
        raw = {name: text for name, text in entry.raw.items() if name != "loc"}
        return replace(entry, loc=absolute_location(entry.loc, site_url), raw=raw)

    return QuickFix(MAKE_ABSOLUTE, apply)
