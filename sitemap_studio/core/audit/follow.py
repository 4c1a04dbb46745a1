"""Following one URL as a crawler would: HEAD first, GET when the body is needed, redirects.

:func:`follow` returns a :class:`Trace` of what happened; the verdict is
judged from it in :mod:`.verdicts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sitemap_studio.core.audit.fetch import (
    Answer,
    Fetcher,
    FetchFailure,
    host_key,
    is_html,
    join_url,
)
from sitemap_studio.core.audit.options import BODY_LIMIT, MAX_HOPS
from sitemap_studio.core.audit.results import Hop
from sitemap_studio.core.audit.robots_cache import RobotsCache, RobotsRules

#: Statuses that say the server does not do HEAD: the GET's answer counts instead.
HEAD_REFUSED = frozenset({405, 501})


@dataclass(slots=True)
class Trace:
    """What following one URL met.

    Attributes:
        robots: The rules of the URL's own site (``None``: not consulted).
        blocked: robots.txt disallows the URL itself: nothing was fetched.
        refusal: Why the URL itself was not fetched (scheme, private address).
        failure: Why no answer came for the URL itself.
        first: The answer that counts for the URL itself.
        hops: One per redirect followed.
        final: The answer where the redirects ended (``first`` without redirects).
        stop: Why redirects stopped early, in words (loop, too many, a target
            not fetched), with its finding code.
        head_refused: The server refused HEAD somewhere on the way.
    """

    robots: RobotsRules | None = None
    blocked: bool = False
    refusal: str | None = None
    failure: FetchFailure | None = None
    first: Answer | None = None
    hops: list[Hop] = field(default_factory=list)
    final: Answer | None = None
    stop: tuple[str, str] | None = None
    head_refused: bool = False


class Follower:
    """Follows URLs through one :class:`Fetcher` and one :class:`RobotsCache`."""

    def __init__(self, fetcher: Fetcher, robots: RobotsCache, agent: str) -> None:
        self._fetcher = fetcher
        self._robots = robots
        self._agent = agent
        self._no_head: set[str] = set()

    async def follow(self, url: str) -> Trace:
        """Fetch ``url`` and its redirects; never raises for the network or the server."""
        trace = Trace()
        trace.refusal = await self._fetcher.refusal(url)
        if trace.refusal is not None:
            return trace
        trace.robots = await self._robots.rules_for(url)
        if trace.robots.failure is not None:
            trace.failure = trace.robots.failure
            return trace
        if not trace.robots.allows(url, self._agent):
            trace.blocked = True
            return trace
        try:
            answer = await self._answer(url, trace)
        except FetchFailure as failure:
            trace.failure = failure
            return trace
        trace.first = trace.final = answer
        visited = {url}
        current = url
        while 300 <= answer.status < 400:
            location = answer.header("Location")
            if not location:
                trace.stop = ("redirect-without-location",
                              f"{current} answered {answer.status} without a Location to go to")
                return trace
            target = join_url(current, location.strip())
            if target is None:
                trace.stop = ("redirect-target-refused", f"{current} redirects to "
                                                         f"{location.strip()!r}, not a URL")
                return trace
            if len(trace.hops) == MAX_HOPS:
                trace.stop = ("too-many-redirects", f"more than {MAX_HOPS} redirects; the "
                                                    f"audit stopped at {current}")
                return trace
            trace.hops.append(Hop(current, answer.status, target))
            if target in visited:
                trace.stop = ("redirect-loop", f"the redirects loop: {target} was already "
                                               f"visited")
                return trace
            visited.add(target)
            why_not = await self._not_followed(target)
            if why_not is not None:
                trace.stop = why_not
                trace.final = None
                return trace
            try:
                answer = await self._answer(target, trace)
            except FetchFailure as failure:
                trace.stop = ("redirect-target-unreachable",
                              f"the redirect target {target} is unreachable: {failure.reason}")
                trace.final = None
                return trace
            trace.final = answer
            current = target
        return trace

    async def _not_followed(self, target: str) -> tuple[str, str] | None:
        refusal = await self._fetcher.refusal(target)
        if refusal is not None:
            return ("redirect-target-refused", f"the redirect target {target} is "
                                               f"{refusal.removeprefix('not fetched: ')}")
        rules = await self._robots.rules_for(target)
        if rules.failure is not None:
            return ("redirect-target-unreachable", f"the redirect target's robots.txt "
                                                   f"{rules.note}")
        if not rules.allows(target, self._agent):
            return ("redirect-target-blocked", f"robots.txt disallows the redirect target "
                                               f"{target}")
        return None

    async def _answer(self, url: str, trace: Trace) -> Answer:
        """The answer that counts for ``url``: HEAD, or the GET when needed."""
        host = host_key(url)
        if host not in self._no_head:
            answer = await self._fetcher.request("HEAD", url)
            if answer.status in HEAD_REFUSED:
                self._no_head.add(host)
                trace.head_refused = True
            elif not (answer.status == 200 and is_html(answer.header("Content-Type"))):
                return answer
        return await self._fetcher.request("GET", url, body_limit=BODY_LIMIT, html_only=True)


__all__ = ["Follower", "Trace"]
