"""One polite HTTP request of the audit: limits per host, Crawl-delay, one retry, failures in words.

:meth:`Fetcher.request` never raises for what the network or the server does
except as :class:`FetchFailure`, whose ``code`` and ``reason`` become the
finding of an ``unreachable`` URL.
"""

from __future__ import annotations

import asyncio
import email.utils
import ssl
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from urllib.parse import SplitResult, urljoin, urlsplit

import aiohttp

from sitemap_studio.core.audit.guarded_resolver import refusal_in
from sitemap_studio.core.audit.options import AuditOptions
from sitemap_studio.core.urls.web_safety import host_refusal_async

#: Statuses that ask the client to come back later: retried once after ``Retry-After``.
RETRY_STATUSES = frozenset({429, 503})
#: Seconds waited before the retry when the answer names no ``Retry-After``.
DEFAULT_RETRY_AFTER = 1.0
_CHUNK = 64 * 1024
_HTML_TYPES = ("text/html", "application/xhtml+xml")


class FetchFailure(Exception):
    """No HTTP answer: why, as a finding code and a sentence."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(slots=True)
class Answer:
    """One HTTP response as the audit keeps it."""

    url: str
    method: str
    status: int
    headers: list[tuple[str, str]]
    body: bytes | None = None
    body_cut: bool = False
    elapsed_ms: float = 0.0
    retried_after: float | None = None
    notes: list[str] = field(default_factory=list)

    def header(self, name: str) -> str | None:
        """The first value of header ``name`` (any case), or ``None``."""
        wanted = name.lower()
        return next((value for key, value in self.headers if key.lower() == wanted), None)


def is_html(content_type: str | None) -> bool:
    """Whether a ``Content-Type`` names an HTML page (a missing one may be one, too)."""
    if content_type is None or not content_type.strip():
        return True
    return content_type.split(";", 1)[0].strip().lower() in _HTML_TYPES


def split_url(url: str) -> SplitResult | None:
    """``url`` split, or ``None`` when it cannot be (``http://[bad``)."""
    try:
        return urlsplit(url)
    except ValueError:
        return None


def join_url(base: str, reference: str) -> str | None:
    """``reference`` resolved against ``base``, or ``None`` when either cannot be read."""
    try:
        return urljoin(base, reference)
    except ValueError:
        return None


def host_key(url: str) -> str:
    """Host and port of ``url`` (what per-host limits and Crawl-delay count by).

    Read without a full split: it is asked several times for every URL.
    """
    start = url.find("//")
    if start < 0:
        return ""
    start += 2
    end = len(url)
    for separator in "/?#":
        found = url.find(separator, start)
        if 0 <= found < end:
            end = found
    return url[start:end].rpartition("@")[2].lower()


def retry_delay(value: str | None, now: float | None = None) -> float:
    """Seconds a ``Retry-After`` value (seconds or an HTTP date) asks to wait."""
    if value is None or not value.strip():
        return DEFAULT_RETRY_AFTER
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return DEFAULT_RETRY_AFTER
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = datetime.now(UTC).timestamp() if now is None else now
    return max(0.0, when.timestamp() - current)


class Fetcher:
    """Requests through one aiohttp session, polite to every host.

    Args:
        session: Made by the engine (its connector carries the guarded resolver).
        options: Limits, timeout, user agent, the private-address rule.
    """

    def __init__(self, session: aiohttp.ClientSession, options: AuditOptions) -> None:
        self._session = session
        self._options = options
        self._slots: dict[str, asyncio.Semaphore] = {}
        self._next_turn: dict[str, float] = {}
        self._delays: dict[str, float] = {}
        self._refusals: dict[str, str | None] = {}

    def set_crawl_delay(self, host: str, seconds: float) -> None:
        """Space requests to ``host`` by ``seconds`` (robots.txt ``Crawl-delay``)."""
        self._delays[host] = min(max(seconds, 0.0), self._options.max_crawl_delay)

    async def refusal(self, url: str) -> str | None:
        """Why ``url`` is not fetched (its scheme, its address), else ``None``; cached per host."""
        parts = split_url(url)
        if parts is None:
            return "not fetched: this is not a URL that can be read"
        if parts.scheme.lower() not in ("http", "https"):
            scheme = parts.scheme or "a relative URL"
            return f"not fetched: only http and https URLs are audited, not {scheme}"
        host = parts.hostname or ""
        if not host:
            return "not fetched: this URL names no host"
        if host not in self._refusals:
            try:
                port = parts.port
            except ValueError:
                port = None
            self._refusals[host] = await host_refusal_async(
                host, port, allow_private=self._options.allow_private)
        return self._refusals[host]

    async def request(self, method: str, url: str, *, body_limit: int | None = None,
                      html_only: bool = False) -> Answer:
        """``method`` ``url`` without following redirects; ``body_limit`` bytes of a 200 read.

        With ``html_only`` the body is read only when the answer is an HTML page.

        A 429 or 503 is retried once after its ``Retry-After`` (at most
        ``max_retry_after`` seconds). Raises :class:`FetchFailure` when no
        answer comes.
        """
        answer = await self._once(method, url, body_limit, html_only)
        if answer.status in RETRY_STATUSES:
            wait = retry_delay(answer.header("Retry-After"))
            if wait <= self._options.max_retry_after:
                await asyncio.sleep(wait)
                retried = await self._once(method, url, body_limit, html_only)
                retried.retried_after = wait
                return retried
            answer.notes.append(f"asked to retry after {wait:g} s, longer than the "
                                f"{self._options.max_retry_after:g} s the audit waits")
        return answer

    async def _once(self, method: str, url: str, body_limit: int | None,
                    html_only: bool) -> Answer:
        host = host_key(url)
        slot = self._slots.get(host)
        if slot is None:
            slot = self._slots[host] = asyncio.Semaphore(self._options.per_host)
        async with slot:
            await self._wait_turn(host)
            started = time.perf_counter()
            try:
                return await self._send(method, url, body_limit, html_only, started)
            except FetchFailure:
                raise
            except Exception as exc:
                raise _failure(exc, self._options.timeout) from None

    async def _wait_turn(self, host: str) -> None:
        delay = self._delays.get(host, 0.0)
        if delay <= 0:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        turn = max(now, self._next_turn.get(host, 0.0))
        self._next_turn[host] = turn + delay
        if turn > now:
            await asyncio.sleep(turn - now)

    async def _send(self, method: str, url: str, body_limit: int | None, html_only: bool,
                    started: float) -> Answer:
        # The session sends the User-Agent with every request.
        async with self._session.request(method, url, allow_redirects=False) as response:
            elapsed = (time.perf_counter() - started) * 1000.0
            answer = Answer(str(url), method, response.status, list(response.headers.items()),
                            elapsed_ms=round(elapsed, 1))
            if (method == "GET" and response.status == 200 and body_limit
                    and (not html_only or is_html(answer.header("Content-Type")))):
                answer.body, answer.body_cut = await _read_capped(response, body_limit)
            if not response.content.at_eof():
                # What was not read is not wanted: drop the connection rather than drain it.
                response.close()
            return answer


async def _read_capped(response: aiohttp.ClientResponse, limit: int) -> tuple[bytes, bool]:
    """Up to ``limit`` decoded bytes of the body, and whether it was cut (or timed out)."""
    parts: list[bytes] = []
    size = 0
    try:
        while size < limit:
            chunk = await response.content.read(min(_CHUNK, limit - size))
            if not chunk:
                return b"".join(parts), False
            parts.append(chunk)
            size += len(chunk)
    except (TimeoutError, aiohttp.ClientPayloadError, aiohttp.ClientConnectionError):
        return b"".join(parts), True
    return b"".join(parts), not response.content.at_eof()


def _failure(exc: BaseException, timeout: float) -> FetchFailure:
    """The finding for an exception of a request."""
    refused = refusal_in(exc)
    if refused is not None:
        return FetchFailure("private-address", refused)
    if isinstance(exc, TimeoutError | aiohttp.ServerTimeoutError):
        return FetchFailure("timeout", f"no answer within {timeout:g} s (timeout)")
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return FetchFailure("dns-error", f"the host name does not resolve (DNS): "
                                         f"{_os_reason(exc)}")
    if isinstance(exc, aiohttp.ClientConnectorCertificateError | aiohttp.ClientSSLError
                  | ssl.SSLError):
        return FetchFailure("tls-error", f"the secure connection failed (TLS): {exc}")
    if isinstance(exc, aiohttp.ClientConnectorError):
        return FetchFailure("connection-error", f"cannot connect: {_os_reason(exc)}")
    if isinstance(exc, aiohttp.InvalidURL | ValueError):
        return FetchFailure("invalid-url", f"not a URL that can be fetched: {exc}")
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return FetchFailure("connection-error", "the server closed the connection without "
                                                "answering")
    if isinstance(exc, aiohttp.ClientResponseError):
        return FetchFailure("bad-response", f"the answer is not valid HTTP: {exc.message}")
    if isinstance(exc, aiohttp.ClientError | OSError):
        return FetchFailure("connection-error", f"the connection failed: {exc}")
    raise exc


def _os_reason(exc: aiohttp.ClientConnectorError) -> str:
    error = exc.os_error
    return (error.strerror or str(error)) if isinstance(error, OSError) else str(exc)


__all__ = ["Answer", "FetchFailure", "Fetcher", "host_key", "is_html", "join_url", "retry_delay",
           "split_url"]
