"""robots.txt as a crawler reads it: fetched once per site, its rules and its ``Sitemap:`` lines.

A robots.txt that answers 200 is read with protego (longest match wins,
Allow beats an equally long Disallow, ``*`` and ``$`` wildcards), which is
how Google reads it. One that answers 4xx means "no rules". One that answers
5xx (or 429) means "fetch nothing from this site for now", which is what
Google does; the check then fetches nothing there either. A ``Crawl-delay``
for our agent is honoured between requests to the site.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from protego import Protego

from sitemap_studio.core.fetching.http_fetch import USER_AGENT, Fetcher, FetchResult
from sitemap_studio.core.fetching.site_fetch import ROBOTS_MAX_BYTES, robots_sitemaps

#: The crawler whose rules decide "Blocked by robots.txt" (Search Console's).
SEARCH_AGENT = "Googlebot"
#: The product token our own requests obey.
OUR_AGENT = USER_AGENT.split("/", 1)[0]


@dataclass(slots=True)
class RobotsFile:
    """The robots.txt of one origin (scheme, host and port)."""

    url: str
    result: FetchResult
    rules: Protego | None = None
    sitemap_lines: list[str] = field(default_factory=list)

    @property
    def unreachable(self) -> bool:
        """Whether the site must not be crawled now (5xx or 429: Google fetches nothing)."""
        status = self.result.status
        return status is not None and (status >= 500 or status == 429)

    def crawl_delay(self) -> float:
        """The seconds robots.txt asks our agent to wait between requests (0 when none)."""
        delay = self.rules.crawl_delay(OUR_AGENT) if self.rules is not None else None
        return float(delay or 0)

    def describe(self) -> str:
        """``robots.txt at URL answered HTTP 404 Not Found`` and the like."""
        return f"{self.url}: {self.result.describe()}"

    def blocks(self, url: str, agent: str = SEARCH_AGENT) -> bool:
        """Whether the rules for ``agent`` disallow ``url``."""
        return self.rules is not None and not self.rules.can_fetch(url, agent)

    def rule_for(self, url: str) -> str:
        """The Disallow lines whose path starts ``url``'s path, for the evidence."""
        if self.result.data is None:
            return ""
        path = urlsplit(url).path or "/"
        found = []
        for line in self.result.data.decode("utf-8", "replace").splitlines():
            name, _, value = line.partition(":")
            value = value.split("#", 1)[0].strip()
            if name.strip().lower() == "disallow" and value and _may_match(value, path):
                found.append(f"Disallow: {value}")
        return "; ".join(dict.fromkeys(found))


def _may_match(rule: str, path: str) -> bool:
    """Whether a Disallow path could match ``path`` (its part before any wildcard)."""
    literal = rule.split("*", 1)[0].rstrip("$")
    return path.startswith(literal)


def origin_of(url: str) -> str:
    """``https://host:port`` of ``url``."""
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


class RobotsCache:
    """Fetches each origin's robots.txt once, with its own small cap."""

    def __init__(self, fetcher: Fetcher) -> None:
        self._fetcher = fetcher
        self._files: dict[str, RobotsFile] = {}

    def for_url(self, url: str) -> RobotsFile:
        """The robots.txt of ``url``'s origin (fetched on first use)."""
        origin = origin_of(url)
        known = self._files.get(origin)
        if known is None:
            robots_url = origin + "/robots.txt"
            result = self._fetcher(robots_url)
            known = RobotsFile(robots_url, result)
            if result.ok and result.data is not None:
                data = result.data[:ROBOTS_MAX_BYTES]
                known.rules = Protego.parse(data.decode("utf-8", "replace"))
                known.sitemap_lines = robots_sitemaps(data, result.final_url)
            self._files[origin] = known
        return known


__all__ = ["OUR_AGENT", "SEARCH_AGENT", "RobotsCache", "RobotsFile", "origin_of"]
