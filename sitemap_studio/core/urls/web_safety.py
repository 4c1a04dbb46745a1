"""Which addresses a sitemap may make us fetch: the private-address rule.

A sitemap comes from anywhere. Opening a stranger's file and pressing Audit,
Compare or Check Live must not make the app poke at the user's router, a
service on their loopback or a cloud metadata endpoint. So a URL whose host
is, or resolves to, a loopback, private, link-local, shared (carrier-grade
NAT), multicast, reserved or unspecified address is not fetched unless the
user allows it (``--allow-private`` on the command line, a setting in the
window).

Every fetcher of the project asks :func:`host_refusal` (or its async twin
:func:`host_refusal_async`) before it connects, and checks again every address
the resolver hands the connection (:func:`address_refusal`), so a name that
resolves to a public address for the check and a private one for the
connection is refused too.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

#: What a refusal tells the user to do about it.
ALLOW_HINT = ("pass --allow-private on the command line, or tick the private-address box of "
              "the window's Audit, Compare or Check Live Site dialog, to fetch it")

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def address_kind(address: IpAddress) -> str | None:
    """The kind of non-public address ``address`` is, in words; ``None`` when it is public."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address_kind(address.ipv4_mapped)
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_unspecified:
        return "an unspecified address"
    if address.is_multicast:
        return "a multicast address"
    if isinstance(address, ipaddress.IPv4Address) and address in _SHARED:
        return "a shared (carrier-grade NAT) address"
    if address.is_reserved:
        return "a reserved address"
    if address.is_private:
        return "a private network address"
    if not address.is_global:
        return "a reserved address"
    return None


_SHARED = ipaddress.IPv4Network("100.64.0.0/10")


def address_refusal(address: str, host: str | None = None) -> str | None:
    """Why ``address`` (an IP literal) must not be fetched, or ``None`` when it is public.

    Args:
        address: The IP address as text (IPv6 with or without brackets, with or
            without a zone).
        host: The host name it came from, named in the message when given.
    """
    literal = address.strip("[]").split("%", 1)[0]
    try:
        parsed = ipaddress.ip_address(literal)
    except ValueError:
        return f"{address!r} is not an IP address"
    kind = address_kind(parsed)
    if kind is None:
        return None
    subject = (f"{host} resolves to {literal}," if host and host.strip("[]") != literal
               else f"{literal} is")
    return f"not fetched: {subject} {kind}; {ALLOW_HINT}"


def _literal(host: str) -> str | None:
    bare = host.strip("[]").split("%", 1)[0]
    try:
        ipaddress.ip_address(bare)
    except ValueError:
        return None
    return bare


def _without_resolving(host: str, allow_private: bool) -> str | None:
    """The verdict when no resolver is needed ("" for "fetch it"), else ``None``."""
    if allow_private or not host:
        return ""
    literal = _literal(host)
    if literal is not None:
        return address_refusal(literal, host) or ""
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return f"not fetched: {host} is a loopback name; {ALLOW_HINT}"
    return None


def _refusal_among(host: str, infos: list[tuple[object, ...]]) -> str | None:
    for info in infos:
        sockaddr = info[4]
        if isinstance(sockaddr, tuple) and sockaddr:
            reason = address_refusal(str(sockaddr[0]), host)
            if reason is not None:
                return reason
    return None


def host_refusal(host: str, port: int | None = None, *, allow_private: bool = False) -> str | None:
    """Why ``host`` must not be fetched (it is or resolves to a non-public address), else ``None``.

    A name that does not resolve is not refused here: the fetch itself then
    fails with the resolver's own explanation. Any one non-public address
    among those a name resolves to refuses it.
    """
    early = _without_resolving(host, allow_private)
    if early is not None:
        return early or None
    try:
        infos = socket.getaddrinfo(host, port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return None
    return _refusal_among(host, list(infos))


async def host_refusal_async(host: str, port: int | None = None, *,
                             allow_private: bool = False) -> str | None:
    """:func:`host_refusal` without blocking the event loop."""
    early = _without_resolving(host, allow_private)
    if early is not None:
        return early or None
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(
            host, port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return None
    return _refusal_among(host, list(infos))


__all__ = [
    "ALLOW_HINT",
    "address_kind",
    "address_refusal",
    "host_refusal",
    "host_refusal_async",
]
