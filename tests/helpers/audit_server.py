"""Real HTTP servers on 127.0.0.1 for the audit tests: one aiohttp server per site, on a thread.

A test gives each path a handler (an aiohttp handler coroutine) or a canned
:func:`page`; the server records every request (method, path, User-Agent) so
a test can check what the audit asked for, and HEAD is answered by the same
handler unless the test says otherwise.
"""

from __future__ import annotations

import asyncio
import socketserver
import ssl
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from aiohttp import web

from helpers.local_http import LOCAL
from sitemap_studio.core.audit import AuditOptions, UrlAudit

#: Generous: a busy machine must never turn a test's answer into a timeout.
TIMEOUT = 10.0

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Seen:
    """One request the server received."""

    method: str
    path: str
    user_agent: str


@dataclass
class AuditSite:
    """The routes of one site and the requests that came in."""

    base: str = ""
    routes: dict[str, Handler] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)
    loop: asyncio.AbstractEventLoop | None = None
    release: asyncio.Event | None = None

    def url(self, path: str) -> str:
        """The absolute URL of ``path`` on this site."""
        return self.base + path

    @property
    def host(self) -> str:
        """``127.0.0.1:PORT``."""
        return self.base.split("//", 1)[1]

    def methods(self, path: str) -> list[str]:
        """The methods asked of ``path``, in order."""
        return [item.method for item in self.seen if item.path == path]

    def __setitem__(self, path: str, handler: Handler) -> None:
        self.routes[path] = handler


def page(body: bytes | str = b"<html><head><title>x</title></head><body>hi</body></html>",
         status: int = 200, content_type: str | None = "text/html; charset=utf-8",
         headers: dict[str, str] | None = None) -> Handler:
    """A handler answering ``status`` with ``body`` (the body left out for HEAD by aiohttp)."""
    data = body.encode() if isinstance(body, str) else body

    async def handle(request: web.Request) -> web.StreamResponse:
        response = web.Response(status=status, body=data, headers=headers or {})
        if content_type is None:
            response.headers.pop("Content-Type", None)
        else:
            response.headers["Content-Type"] = content_type
        return response

    return handle


def redirect(location: str, status: int = 301) -> Handler:
    """A handler answering ``status`` with ``Location: location``."""
    return page(b"", status, None, {"Location": location})


@contextmanager
def audit_site(tls: ssl.SSLContext | None = None) -> Iterator[AuditSite]:
    """Serve an :class:`AuditSite` on 127.0.0.1 at a free port until the block ends.

    With ``tls`` the site is served over https with that context.
    """
    site = AuditSite()
    started = threading.Event()
    stop: list[asyncio.Event] = []

    async def dispatch(request: web.Request) -> web.StreamResponse:
        site.seen.append(Seen(request.method, request.path_qs,
                              request.headers.get("User-Agent", "")))
        handler = site.routes.get(request.path_qs) or site.routes.get(request.path)
        if handler is None:
            return web.Response(status=404, text="not found")
        return await handler(request)

    async def serve() -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", dispatch)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        tcp = web.TCPSite(runner, LOCAL, 0, ssl_context=tls)
        await tcp.start()
        port = runner.addresses[0][1]
        site.base = f"{'https' if tls else 'http'}://{LOCAL}:{port}"
        site.loop = asyncio.get_running_loop()
        site.release = asyncio.Event()
        stop.append(asyncio.Event())
        started.set()
        await stop[0].wait()
        site.release.set()
        await runner.cleanup()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert started.wait(30), "the test server did not start"
    try:
        yield site
    finally:
        assert site.loop is not None
        site.loop.call_soon_threadsafe(stop[0].set)
        thread.join(30)


def options(**changes: object) -> AuditOptions:
    """Test options: private addresses allowed (the servers are on 127.0.0.1)."""
    values: dict[str, object] = {"allow_private": True, "timeout": TIMEOUT}
    values.update(changes)
    return AuditOptions(**values)  # type: ignore[arg-type]


def codes(result: UrlAudit) -> list[str]:
    """The finding codes of one result."""
    return [finding.code for finding in result.findings]


@contextmanager
def raw_site(answers: dict[tuple[str, str], bytes]) -> Iterator[str]:
    """Serve exact bytes per (method, path) on 127.0.0.1, one request per connection.

    For answers no HTTP framework would send (aiohttp names a Content-Type for every
    body). Yields the base URL; a request not listed gets a bare 404.
    """

    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            request = self.rfile.readline().decode("latin-1").split()
            while self.rfile.readline().strip():
                pass
            if len(request) >= 2:
                self.wfile.write(answers.get(
                    (request[0], request[1]),
                    b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))

    server = socketserver.ThreadingTCPServer((LOCAL, 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(30)


#: ``audit(url, ..., **options)`` (the fixture of tests/core/audit): results in order.
Audit = Callable[..., list[UrlAudit]]
