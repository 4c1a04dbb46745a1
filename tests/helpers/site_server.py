"""A small web site on 127.0.0.1 for the live-site import tests: routes, stalls, a request log.

Use it with :func:`helpers.local_http.guard_network`, which keeps every test
off any other host.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from helpers.local_http import LOCAL

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


@dataclass
class Route:
    """One answer: status, body and headers.

    ``stall`` makes the server wait (until the site is closed) before
    answering, so that a client with a short timeout gives up;
    ``length=False`` leaves out Content-Length (the body ends when the
    connection closes).
    """

    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    stall: bool = False
    length: bool = True


@dataclass
class Site:
    """The routes a test serves and the requests that came in."""

    base: str = ""
    routes: dict[str, Route] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)
    user_agents: list[str] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    stalled: threading.Event = field(default_factory=threading.Event)

    def url(self, path: str) -> str:
        """The absolute URL of ``path`` on this site."""
        return self.base + path


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Override of ``BaseServer.handle_error``: a client that gave up is no news."""


@contextmanager
def site_server() -> Iterator[Site]:
    """Serve a :class:`Site` on 127.0.0.1 at a free port until the block ends."""
    site = Site()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            """Override of ``BaseHTTPRequestHandler.do_GET``: record, then answer the route."""
            site.requests.append(self.path)
            site.user_agents.append(self.headers.get("User-Agent", ""))
            route = site.routes.get(self.path, Route(404, b"not found"))
            if route.stall:
                site.stalled.set()
                site.release.wait(30)
                return
            self.send_response(route.status)
            for name, value in route.headers.items():
                self.send_header(name, value)
            if route.length:
                self.send_header("Content-Length", str(len(route.body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(route.body)

        def log_message(self, format: str, *args: Any) -> None:
            """Override of ``BaseHTTPRequestHandler.log_message``: stay quiet."""

    server = _QuietServer((LOCAL, 0), Handler)
    site.base = f"http://{LOCAL}:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield site
    finally:
        site.release.set()
        server.shutdown()
        server.server_close()
        thread.join()


def urlset(*locs: str) -> bytes:
    """A urlset listing ``locs``."""
    body = "".join(f"\n  <url><loc>{loc}</loc></url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{body}\n</urlset>\n' \
        .encode()


def sitemapindex(*locs: str) -> bytes:
    """A sitemap index listing ``locs``."""
    body = "".join(f"\n  <sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">{body}\n'
            "</sitemapindex>\n").encode()


def gzipped(data: bytes) -> bytes:
    """``data`` gzip-compressed, reproducibly."""
    return gzip.compress(data, mtime=0)
