"""The URL audit's throughput and memory (issue 20), on a local server answering after 20 ms.

Throughput: 10,000 URLs on one host at 64 requests at once. Every exchange takes at least
the server's 20 ms, so no client can make more than ``concurrency / 0.020`` requests a
second: that is the bound, and the goal is 80 % of it. Two runs: HTML pages (HEAD, then a
GET for the head: two requests per URL) and other files (HEAD only). The server is a lean
asyncio server in a process of its own, so it is not what limits the client.

Memory: 100,000 URLs audited in a fresh interpreter, every result kept (as the window keeps
them): peak RSS against the RSS once the 100,000-URL sitemap is loaded (goal: at most
200 MiB above it).

    python bench/bench_audit.py [--urls 10000] [--memory-urls 100000] [--concurrency 64]

Prints the figures with the bound and the goals; asserts nothing (exit 1 when a goal is
missed, for run_all).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitemap_studio.core.audit import AuditItem, AuditOptions, audit_all  # noqa: E402

LATENCY = 0.020
THROUGHPUT_GOAL = 0.80
MEMORY_GOAL_MIB = 200
HTML = (b"<!doctype html><html><head><meta charset=utf-8><title>Product page</title>"
        b'<meta name="description" content="A page of the bench site.">'
        b'<link rel="stylesheet" href="/s.css"></head><body>' + b"<p>text</p>" * 40 +
        b"</body></html>")


# --- the server ---------------------------------------------------------------------------------


class _Answer(asyncio.Protocol):
    """HTTP/1.1 keep-alive: every request is answered after LATENCY seconds, in order."""

    def __init__(self) -> None:
        self._buffer = b""
        self._transport: asyncio.Transport | None = None
        self._loop = asyncio.get_running_loop()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while b"\r\n\r\n" in self._buffer:
            head, self._buffer = self._buffer.split(b"\r\n\r\n", 1)
            method, path = head.split(b" ", 2)[:2]
            self._loop.call_later(LATENCY, self._reply, method, path)

    def _reply(self, method: bytes, path: bytes) -> None:
        if self._transport is None or self._transport.is_closing():
            return
        if path == b"/robots.txt":
            kind, body = b"text/plain", b"User-agent: *\nDisallow: /private/\n"
        elif path.startswith(b"/file/"):
            kind, body = b"application/pdf", b"%PDF-1.4 " * 100
        else:
            kind, body = b"text/html; charset=utf-8", HTML
        head = (b"HTTP/1.1 200 OK\r\nContent-Type: " + kind + b"\r\nContent-Length: " +
                str(len(body)).encode() + b"\r\n\r\n")
        self._transport.write(head if method == b"HEAD" else head + body)


def _serve(port_queue: multiprocessing.Queue[int]) -> None:
    async def run() -> None:
        server = await asyncio.get_running_loop().create_server(_Answer, "127.0.0.1", 0,
                                                                backlog=1024)
        port_queue.put(server.sockets[0].getsockname()[1])
        await asyncio.Event().wait()

    asyncio.run(run())


# --- the client ---------------------------------------------------------------------------------


def _throughput(base: str, kind: str, urls: int, concurrency: int) -> dict[str, float]:
    items = [AuditItem(f"{base}/{kind}/{number}") for number in range(urls)]
    options = AuditOptions(concurrency=concurrency, per_host=concurrency, allow_private=True)
    started, cpu_before = time.perf_counter(), _cpu_seconds()
    results = audit_all(items, options)
    elapsed, cpu = time.perf_counter() - started, _cpu_seconds() - cpu_before
    assert len(results) == urls and all(r.verdict.value == "indexable" for r in results), \
        {r.verdict.value for r in results}
    per_url = 2 if kind == "page" else 1
    requests = urls * per_url + 1  # + robots.txt
    bound = concurrency / LATENCY
    return {"seconds": elapsed, "urls_per_s": urls / elapsed, "requests_per_s": requests / elapsed,
            "bound": bound, "ratio": requests / elapsed / bound, "per_url": per_url,
            "cpu_us_per_request": cpu / requests * 1e6}


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _rss_bytes() -> int:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def _memory_child(base: str, urls: int, concurrency: int) -> None:
    """In a fresh interpreter: load a sitemap of ``urls`` URLs, audit them all, print RSS."""
    from sitemap_studio.core.audit import document_items
    from sitemap_studio.core.reading.loader import open_document

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.xml"
        body = "".join(f"<url><loc>{base}/page/{n}</loc><lastmod>2024-05-01</lastmod></url>\n"
                       for n in range(urls))
        path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.'
                        f'sitemaps.org/schemas/sitemap/0.9">\n{body}</urlset>\n',
                        encoding="utf-8")
        del body
        document = open_document(str(path))
        gc.collect()
        loaded = _rss_bytes()
        items = list(document_items(document, str(path)))
        started = time.perf_counter()
        results = audit_all(items, AuditOptions(concurrency=concurrency, per_host=concurrency,
                                                allow_private=True))
        elapsed = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        after = _rss_bytes()
        print(json.dumps({"loaded": loaded, "peak": peak, "after": after,
                          "results": len(results), "seconds": elapsed}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--urls", type=int, default=10_000)
    parser.add_argument("--memory-urls", type=int, default=100_000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--memory-child", metavar="BASE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        _memory_child(args.memory_child, args.memory_urls, args.concurrency)
        return 0
    ports: multiprocessing.Queue[int] = multiprocessing.Queue()
    server = multiprocessing.Process(target=_serve, args=(ports,), daemon=True)
    server.start()
    base = f"http://127.0.0.1:{ports.get(timeout=30)}"
    failed = False
    try:
        print(f"load average before the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} "
              "cores (other work on the machine slows both the client and the server)")
        print(f"audit throughput: {args.urls} URLs on one local host answering after "
              f"{LATENCY * 1000:.0f} ms, {args.concurrency} at once; bound = "
              f"{args.concurrency} / {LATENCY * 1000:.0f} ms = "
              f"{args.concurrency / LATENCY:.0f} requests/s")
        for kind, label in (("page", "HTML pages (HEAD + GET)"), ("file", "files (HEAD)")):
            figures = _throughput(base, kind, args.urls, args.concurrency)
            ok = figures["ratio"] >= THROUGHPUT_GOAL
            failed |= not ok
            print(f"  {label:<24} {figures['seconds']:6.2f} s  {figures['urls_per_s']:7.0f} "
                  f"URLs/s  {figures['requests_per_s']:7.0f} requests/s = "
                  f"{figures['ratio']:.0%} of the bound (goal >= {THROUGHPUT_GOAL:.0%}) "
                  f"{'PASS' if ok else 'FAIL'}")
            ceiling = 1e6 / figures["cpu_us_per_request"]
            print(f"  {'':<24} client CPU {figures['cpu_us_per_request']:.0f} us per request: "
                  f"with a core to itself it could make {ceiling:.0f} requests/s "
                  f"({ceiling / figures['bound']:.0%} of the bound)")
        child = subprocess.run(
            [sys.executable, __file__, "--memory-child", base, "--memory-urls",
             str(args.memory_urls), "--concurrency", str(args.concurrency)],
            capture_output=True, text=True, check=True)
        memory = json.loads(child.stdout.strip().splitlines()[-1])
        above = (memory["peak"] - memory["loaded"]) / 2**20
        ok = above <= MEMORY_GOAL_MIB
        failed |= not ok
        print(f"audit memory: {memory['results']} URLs audited in {memory['seconds']:.1f} s; "
              f"RSS with the sitemap loaded {memory['loaded'] / 2**20:.0f} MiB, peak "
              f"{memory['peak'] / 2**20:.0f} MiB, after {memory['after'] / 2**20:.0f} MiB: "
              f"{above:.0f} MiB above the loaded sitemap (goal <= {MEMORY_GOAL_MIB} MiB) "
              f"{'PASS' if ok else 'FAIL'}")
    finally:
        server.kill()
        server.join()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
