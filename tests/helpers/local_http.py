"""A recording HTTP server on 127.0.0.1, and a guard that keeps tests off every other host."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

LOCAL = "127.0.0.1"
PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY",
                   "ALL_PROXY", "no_proxy", "NO_PROXY")


def guard_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test on any connection to a host other than 127.0.0.1; no proxies."""
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    real = socket.create_connection

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        if address[0] != LOCAL:
            pytest.fail(f"a test tried to connect to {address[0]}: only {LOCAL} is allowed")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", create_connection)


@dataclass
class Received:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Replies:
    """What the server answers, in turn: ``(status, body, extra headers)``."""

    queue: list[tuple[int, bytes, dict[str, str]]] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)


@contextmanager
def local_server(replies: Replies) -> Iterator[str]:
    """Serve ``replies`` on 127.0.0.1 at a free port; yields the endpoint URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            """Override of ``BaseHTTPRequestHandler.do_POST``: record, then reply."""
            length = int(self.headers.get("Content-Length", "0"))
            replies.received.append(Received("POST", self.path, dict(self.headers.items()),
                                             self.rfile.read(length)))
            status, body, headers = replies.queue.pop(0) if replies.queue else (200, b"", {})
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Override of ``BaseHTTPRequestHandler.log_message``: stay quiet."""

    server = ThreadingHTTPServer((LOCAL, 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL}:{server.server_address[1]}/indexnow"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextmanager
def silent_server() -> Iterator[str]:
    """A port that accepts connections and never answers; yields an endpoint URL."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind((LOCAL, 0))
        listener.listen(4)
        yield f"http://{LOCAL}:{listener.getsockname()[1]}/indexnow"


def closed_port_url() -> str:
    """An endpoint on a port where nothing listens (connections are refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOCAL, 0))
        port = probe.getsockname()[1]
    return f"http://{LOCAL}:{port}/indexnow"
