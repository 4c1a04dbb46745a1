"""Each site's robots.txt, fetched once per audit and read by Google's rules (protego).

Google's rules: the group of the agent's product token, else ``*``; the
longest matching path wins, ``*`` and ``$`` are wildcards, ``Allow`` beats
``Disallow`` on a tie. What Google does when robots.txt cannot be read is
followed too: a 4xx means no rules, a 5xx (or a 429) means the whole site is
off limits while it lasts, and no answer at all means the site is not
crawled; the audit says which.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from protego import Protego

from sitemap_studio.core.audit.fetch import Fetcher, FetchFailure, host_key, join_url
from sitemap_studio.core.audit.options import ROBOTS_LIMIT

#: Redirects followed for robots.txt (Google follows five, then treats it as missing).
ROBOTS_HOPS = 5


@dataclass(frozen=True, slots=True)
class RobotsRules:
    """What one site's robots.txt says to our agent.

    Attributes:
        url: Where robots.txt was asked for.
        rules: The parsed file (``None``: no rules apply, or all is off limits).
        disallow_all: The file answered a server error: everything is off limits.
        failure: No answer came (the site is not crawled at all).
        note: How the file was read, in words, when it matters to a finding.
    """

    url: str
    rules: Protego | None = None
    disallow_all: bool = False
    failure: FetchFailure | None = None
    note: str = ""

    def allows(self, url: str, agent: str) -> bool:
        """Whether ``agent`` (a product token) may fetch ``url``."""
        if self.disallow_all:
            return False
        if self.rules is None:
            return True
        return bool(self.rules.can_fetch(url, agent))


def robots_url(url: str) -> str:
    """The robots.txt that governs ``url`` (an http or https URL)."""
    return f"{url.partition(':')[0].lower()}://{host_key(url)}/robots.txt"


class RobotsCache:
    """robots.txt per origin: fetched at the first URL of a site, shared by the rest."""

    def __init__(self, fetcher: Fetcher, agent: str) -> None:
        self._fetcher = fetcher
        self._agent = agent
        self._origins: dict[str, asyncio.Task[RobotsRules]] = {}

    async def rules_for(self, url: str) -> RobotsRules:
        """The robots.txt rules of ``url``'s site (fetched once; Crawl-delay applied)."""
        where = robots_url(url)
        task = self._origins.get(where)
        if task is None:
            task = self._origins[where] = asyncio.ensure_future(self._load(where))
        if task.done():
            return task.result()
        return await asyncio.shield(task)

    async def _load(self, where: str) -> RobotsRules:
        rules = await self._read(where)
        if rules.rules is not None:
            delay = rules.rules.crawl_delay(self._agent)
            if delay:
                self._fetcher.set_crawl_delay(host_key(where), float(delay))
        return rules

    async def _read(self, where: str) -> RobotsRules:
        url = where
        for _ in range(ROBOTS_HOPS + 1):
            refusal = await self._fetcher.refusal(url)
            if refusal is not None:
                return RobotsRules(where, note=f"robots.txt redirected to {url}, not fetched")
            try:
                answer = await self._fetcher.request("GET", url, body_limit=ROBOTS_LIMIT)
            except FetchFailure as failure:
                return RobotsRules(where, failure=failure,
                                   note=f"{where} could not be fetched: {failure.reason}")
            location = answer.header("Location")
            if 300 <= answer.status < 400 and location:
                target = join_url(url, location)
                if target is None:
                    break
                url = target
                continue
            if 200 <= answer.status < 300:
                text = (answer.body or b"").decode("utf-8-sig", "replace")
                return RobotsRules(where, Protego.parse(text))
            if answer.status == 429 or answer.status >= 500:
                return RobotsRules(
                    where, disallow_all=True,
                    note=f"{where} answered {answer.status}: crawlers treat the whole site "
                         f"as disallowed while it does")
            return RobotsRules(where, note=f"{where} answered {answer.status}: no rules apply")
        return RobotsRules(where, note=f"{where} redirects more than {ROBOTS_HOPS} times: "
                                       f"treated as missing")


__all__ = ["RobotsCache", "RobotsRules", "robots_url"]
