"""A resolver for aiohttp that refuses private addresses where the connection is made.

The pre-flight check (:func:`~sitemap_studio.core.urls.web_safety.host_refusal_async`)
looks a name up once; a hostile DNS server can answer a public address then and
a private one a moment later, when the connection resolves it again. This
resolver checks every address it hands the connection, so the answer actually
used is the one judged.
"""

from __future__ import annotations

import socket
from typing import Any

from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import DefaultResolver

from sitemap_studio.core.urls.web_safety import address_refusal


class PrivateAddressRefused(OSError):
    """The connection would have gone to a loopback, private or link-local address."""


class GuardedResolver(AbstractResolver):
    """aiohttp's default resolver, refusing non-public addresses unless private ones are allowed."""

    def __init__(self, allow_private: bool, inner: AbstractResolver | None = None) -> None:
        self._allow_private = allow_private
        self._inner = inner if inner is not None else DefaultResolver()

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        results = await self._inner.resolve(host, port, family)
        if not self._allow_private:
            for result in results:
                reason = address_refusal(str(result["host"]), host)
                if reason is not None:
                    raise PrivateAddressRefused(reason)
        return results

    async def close(self) -> None:
        await self._inner.close()

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"GuardedResolver(allow_private={self._allow_private})"


def refusal_in(error: BaseException) -> str | None:
    """The private-address refusal behind an aiohttp connection error, if that is what it is."""
    seen: set[int] = set()
    current: Any = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, PrivateAddressRefused):
            return str(current)
        current = getattr(current, "os_error", None) or current.__cause__
    return None


__all__ = ["GuardedResolver", "PrivateAddressRefused", "refusal_in"]
