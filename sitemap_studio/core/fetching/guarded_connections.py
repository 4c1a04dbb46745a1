"""HTTP connections that go only to public addresses: the private-address rule at connect time.

:func:`~sitemap_studio.core.urls.web_safety.host_refusal` judges a host before a
request; the resolver may still hand the connection another address (a name
whose answers change between two look-ups). The handlers here resolve the
host once more when they connect, refuse it when any answer is not public,
and connect to the very address that was checked.
"""

from __future__ import annotations

import http.client
import socket
import urllib.request
from typing import Any

from sitemap_studio.core.urls.web_safety import address_refusal


class PrivateAddress(OSError):
    """The connection would go to an address the private-address rule refuses."""


def _guarded_connection(address: tuple[str, int], timeout: Any,
                        source_address: Any = None, **kwargs: Any) -> socket.socket:
    """``socket.create_connection`` to the first public address of the host, else refused."""
    host, port = address
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    last: OSError = OSError(f"no address for {host}")
    for info in infos:
        literal = str(info[4][0])
        reason = address_refusal(literal, host)
        if reason is not None:
            raise PrivateAddress(reason)
        try:
            return socket.create_connection((literal, port), timeout, source_address, **kwargs)
        except OSError as exc:
            last = exc
    raise last


class _GuardedHTTP(http.client.HTTPConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _guarded_connection


class _GuardedHTTPS(http.client.HTTPSConnection):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._create_connection = _guarded_connection


class _GuardedHTTPHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        """Override of ``HTTPHandler.http_open``: connect only to public addresses."""
        return self.do_open(_GuardedHTTP, req)


class _GuardedHTTPSHandler(urllib.request.HTTPSHandler):
    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        """Override of ``HTTPSHandler.https_open``: connect only to public addresses."""
        return self.do_open(_GuardedHTTPS, req, context=self._context)  # type: ignore[attr-defined]



def guarded_handlers() -> list[urllib.request.BaseHandler]:
    """Handlers for :func:`urllib.request.build_opener` that connect to public addresses only."""
    return [_GuardedHTTPHandler(), _GuardedHTTPSHandler()]


__all__ = ["PrivateAddress", "guarded_handlers"]
