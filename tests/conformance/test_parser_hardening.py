"""The parser factory never reads an external resource, even without the DOCTYPE pre-check.

``open_document`` refuses every DOCTYPE before a parser runs (see test_hostile.py); here
the documents go straight to ``sitemap_studio.core.reading.xml_parsers``, as if that check were
gone. External general and parameter entities, an external DTD subset and XInclude point
at FIFO canaries, at regular files holding a secret, and at a TCP listener on 127.0.0.1
that counts connections. Nothing may connect, open a canary, or let the secret through.
Then pathological but well-formed input through ``open_document``: refused or handled fast.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers.escape_watch import SECRET, FifoWatcher, make_fifos
from lxml import etree

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.reading.xml_parsers import (
    ExternalResourceRefused,
    check_well_formed,
    make_check_parser,
    make_tree_parser,
    parse_tree,
)

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
XI = "http://www.w3.org/2001/XInclude"
LEAK = "canary-secret"
FILE_SECRET = "file-secret-3f9c1e"
HTTP_SECRET = "http-secret-8d2b7a"


class Listener:
    """A TCP server on 127.0.0.1 that counts connections and answers with a secret."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.05)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self._answer(client)

    def _answer(self, client: socket.socket) -> None:
        self.connections += 1
        with client:
            body = f'<!ENTITY leak "{HTTP_SECRET}">{HTTP_SECRET}'.encode()
            client.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n" + body)

    def close(self) -> int:
        """Stop, take any connection still waiting in the backlog, and return the count."""
        if self._stop.is_set():
            return self.connections
        self._stop.set()
        self._thread.join(timeout=5)
        self.server.setblocking(False)
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                break
            self._answer(client)
        self.server.close()
        return self.connections


@dataclass
class Targets:
    """Where the documents point: FIFOs, regular files with a secret, the listener."""

    fifo_text: str
    fifo_dtd: str
    file_text: str
    file_dtd: str
    http_text: str
    http_dtd: str


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = Listener()
    yield server
    server.close()


@pytest.fixture
def targets(tmp_path: Path, listener: Listener) -> Targets:
    text = tmp_path / "secret.txt"
    text.write_text(FILE_SECRET, "utf-8")
    dtd = tmp_path / "secret.dtd"
    dtd.write_text(f'<!ENTITY leak "{FILE_SECRET}">', "utf-8")
    fifos = make_fifos(tmp_path, ("xxe_canary.txt", "dtd_canary.dtd"))
    return Targets(fifos[0].as_uri(), fifos[1].as_uri(), text.as_uri(), dtd.as_uri(),
                   listener.url("entity.txt"), listener.url("pe.dtd"))


def documents(t: Targets) -> dict[str, str]:
    """Hostile documents by name, each pointing at one target."""
    entry = "<url><loc>https://example.com/?x={ref}</loc></url>"
    docs: dict[str, str] = {}
    for kind in ("fifo", "file", "http"):
        text, dtd = getattr(t, f"{kind}_text"), getattr(t, f"{kind}_dtd")
        docs[f"general-entity-{kind}"] = (
            f'<!DOCTYPE urlset [<!ENTITY e SYSTEM "{text}">]>'
            f'<urlset xmlns="{SM}">{entry.format(ref="&e;")}</urlset>')
        docs[f"parameter-entity-{kind}"] = (
            f'<!DOCTYPE urlset [<!ENTITY % pe SYSTEM "{dtd}"> %pe;]>'
            f'<urlset xmlns="{SM}">{entry.format(ref="&leak;")}</urlset>')
        docs[f"external-subset-{kind}"] = (
            f'<!DOCTYPE urlset SYSTEM "{dtd}">'
            f'<urlset xmlns="{SM}">{entry.format(ref="&leak;")}</urlset>')
        docs[f"external-subset-no-ref-{kind}"] = (
            f'<!DOCTYPE urlset SYSTEM "{dtd}">'
            f'<urlset xmlns="{SM}">{entry.format(ref="1")}</urlset>')
        docs[f"xinclude-{kind}"] = (
            f'<urlset xmlns="{SM}" xmlns:xi="{XI}"><url><loc>https://example.com/</loc>'
            f'<xi:include href="{text}" parse="text"/></url></urlset>')
    return docs


def _check_parser(data: bytes) -> str:
    parser = make_check_parser()
    parser.feed(data)
    parser.close()
    return ""


def _tree_parser(data: bytes) -> str:
    return etree.tostring(etree.fromstring(data, make_tree_parser())).decode("utf-8")


def _check_well_formed(data: bytes) -> str:
    check_well_formed(data)
    return ""


def _parse_tree(data: bytes) -> str:
    return etree.tostring(parse_tree(data)).decode("utf-8")


def _open_bytes(data: bytes) -> str:
    """The whole reader, for documents without a DOCTYPE (XInclude)."""
    document = open_bytes(data, "hostile.xml")
    return document.to_bytes().decode("utf-8") + repr(list(document.entries()))


WAYS: dict[str, Callable[[bytes], str]] = {
    "make_check_parser": _check_parser,
    "make_tree_parser": _tree_parser,
    "check_well_formed": _check_well_formed,
    "parse_tree": _parse_tree,
    "open_bytes": _open_bytes,
}
NAMES = sorted(documents(Targets(*"abcdef")))


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("name", NAMES)
def test_no_external_resource_is_read(
        tmp_path: Path, listener: Listener, targets: Targets, way: str, name: str) -> None:
    data = documents(targets)[name].encode("utf-8")
    fifos = [tmp_path / "xxe_canary.txt", tmp_path / "dtd_canary.dtd"]
    with FifoWatcher(fifos) as watcher:
        began = time.perf_counter()
        try:
            result = WAYS[way](data)
        except (SitemapError, etree.XMLSyntaxError, ExternalResourceRefused) as exc:
            result = f"refused: {exc}"
        elapsed = time.perf_counter() - began
    assert listener.close() == 0, f"{way} connected to the listener for {name}"
    assert watcher.readers == [], f"{way} opened a FIFO canary for {name}"
    for secret in (LEAK, SECRET, FILE_SECRET, HTTP_SECRET):
        assert secret not in result, f"{way} let the entity text through: {result[:300]}"
    assert elapsed < 5


# --- pathological but well-formed input ------------------------------------------------------

ENTRY = b"<url><loc>https://example.com/</loc></url>"


def many_attributes() -> bytes:
    attributes = b"".join(b' a%d="v"' % i for i in range(50_000))
    return b'<urlset xmlns="%s"%s>%s</urlset>' % (SM.encode(), attributes, ENTRY)


def many_namespaces() -> bytes:
    declarations = b"".join(b' xmlns:p%d="urn:example:%d"' % (i, i) for i in range(50_000))
    return b'<urlset xmlns="%s"%s>%s</urlset>' % (SM.encode(), declarations, ENTRY)


def deep_nesting() -> bytes:
    depth = 100_000
    return b'<urlset xmlns="%s">%s%s%s</urlset>' % (
        SM.encode(), b"<url>" * depth, ENTRY, b"</url>" * depth)


def deep_foreign_nesting() -> bytes:
    depth = 100_000
    return b'<urlset xmlns="%s"><url><loc>https://example.com/</loc>%s%s</url></urlset>' % (
        SM.encode(), b'<x:a xmlns:x="urn:x">' * depth, b"</x:a>" * depth)


@pytest.mark.parametrize("make", [many_attributes, many_namespaces, deep_nesting,
                                  deep_foreign_nesting], ids=lambda make: make.__name__)
def test_pathological_input_is_refused_or_handled_quickly(make: Callable[[], bytes]) -> None:
    data = make()
    began = time.perf_counter()
    try:
        document = open_bytes(data, "pathological.xml")
        document.to_bytes()
        list(document.entries())
    except SitemapError as exc:
        assert exc.message
    elapsed = time.perf_counter() - began
    assert elapsed < 5, f"{make.__name__} took {elapsed:.1f} s"


def test_the_canaries_catch_an_unsafe_parser(tmp_path: Path, targets: Targets) -> None:
    """Without the factory's options, the same documents do leak: the checks above can fail.

    (This libxml2 may be built without HTTP support, so only the file canaries are shown.)
    """
    unsafe = etree.XMLParser(load_dtd=True, resolve_entities=True, no_network=False)
    docs = documents(targets)
    fifos = [tmp_path / "xxe_canary.txt", tmp_path / "dtd_canary.dtd"]
    with FifoWatcher(fifos) as watcher:
        leaked = etree.tostring(etree.fromstring(docs["general-entity-fifo"].encode(), unsafe))
    assert watcher.opened == ["xxe_canary.txt"]
    assert LEAK.encode() in leaked
    from_file = etree.fromstring(docs["parameter-entity-file"].encode(), unsafe)
    assert FILE_SECRET.encode() in etree.tostring(from_file)


def test_a_reader_slow_to_close_a_canary_is_one_reader(tmp_path: Path) -> None:
    """A parser that keeps a FIFO open across several polls (a busy machine) read it once."""
    fifo = tmp_path / "slow.fifo"
    os.mkfifo(fifo)
    with FifoWatcher([fifo]) as watcher:
        descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        try:
            deadline = time.monotonic() + 30
            while len(watcher.readers) < 3 and time.monotonic() < deadline:
                time.sleep(0.002)
        finally:
            os.close(descriptor)
    assert len(watcher.readers) >= 3  # polled again and again while it was open
    assert watcher.opened == ["slow.fifo"]
