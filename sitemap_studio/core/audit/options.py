"""What an audit is asked to do: the URLs (:class:`AuditItem`) and how (:class:`AuditOptions`)."""

from __future__ import annotations

from dataclasses import dataclass

from sitemap_studio import __version__

#: Where a webmaster who sees our requests in a log can read who we are.
HOMEPAGE = "https://github.com/sitemapstudio/sitemap-studio"
#: The ``User-Agent`` of every request, robots.txt included, unless the user names another.
DEFAULT_USER_AGENT = f"SitemapStudio/{__version__} (+{HOMEPAGE})"
#: How much of an HTML page is read for its head (decoded bytes, gzip or not).
BODY_LIMIT = 512 * 1024
#: How much of a robots.txt is read (Google reads 500 KiB and ignores the rest).
ROBOTS_LIMIT = 500 * 1024
#: Redirects followed from one URL before giving up (the issue's "at most 10 hops").
MAX_HOPS = 10


@dataclass(frozen=True, slots=True)
class AuditItem:
    """One URL to audit, with where it came from (echoed in its :class:`UrlAudit`)."""

    url: str
    file: str = ""
    line: int | None = None
    lastmod: str | None = None


@dataclass(frozen=True, slots=True)
class AuditOptions:
    """How politely and how far the audit fetches.

    Attributes:
        concurrency: Requests in flight at once, over all hosts.
        per_host: Requests in flight at once to one host.
        timeout: Seconds one request may take (connection, headers and body).
        user_agent: Sent on every request; its product token (the text before
            the first ``/``) chooses the robots.txt group.
        allow_private: Fetch hosts that are or resolve to loopback, private or
            link-local addresses (refused by default).
        recheck_after_days: With previous results given, URLs checked fewer
            than this many days ago are not fetched again (``None``: all are).
        max_retry_after: The longest ``Retry-After`` waited before the one retry.
        max_crawl_delay: The longest robots.txt ``Crawl-delay`` honoured; a
            longer one is honoured as this.
    """

    concurrency: int = 32
    per_host: int = 4
    timeout: float = 20.0
    user_agent: str = DEFAULT_USER_AGENT
    allow_private: bool = False
    recheck_after_days: float | None = None
    max_retry_after: float = 30.0
    max_crawl_delay: float = 30.0

    @property
    def product_token(self) -> str:
        """The agent's name as robots.txt groups know it (``SitemapStudio``)."""
        token = self.user_agent.strip().split("/", 1)[0].split(None, 1)
        return token[0] if token else self.user_agent


__all__ = ["BODY_LIMIT", "DEFAULT_USER_AGENT", "MAX_HOPS", "ROBOTS_LIMIT", "AuditItem",
           "AuditOptions"]
