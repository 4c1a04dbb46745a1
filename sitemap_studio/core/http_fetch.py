"""Fetching one URL, on request only, bounded in every way, with every failure explained.

:func:`fetch` makes one GET (following at most a few redirects, each
checked again) and never raises for anything the network or the server
does: the :class:`FetchResult` carries the HTTP status or the reason there
is none (a timeout, an unknown host, a refused connection, a body larger
than the cap). Only ``http`` and ``https`` are fetched, redirects to any
other scheme are refused, no cookies are kept, and a body is read in small
steps against the byte cap (a ``gzip`` Content-Encoding is inflated within
the same cap), so a hostile server cannot make us hold more than the cap.

Discovering a site's sitemaps and fetching them with their index children
is in :mod:`sitemap_studio.core.site_fetch`.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import urljoin, urlsplit

from sitemap_studio import __version__
from sitemap_studio.core.limits import Limits
from sitemap_studio.core.progress import CancelToken, check
from sitemap_studio.core.urls import percent_encode_iri

USER_AGENT = f"SitemapStudio/{__version__}"
#: Seconds to wait for a connection, and for each piece of an answer.
DEFAULT_TIMEOUT = 10.0
MAX_REDIRECTS = 5
#: Seconds one request may take in all, however steadily the data trickles in.
DEFAULT_MAX_SECONDS = 300.0
SCHEMES = ("http", "https")
_CHUNK = 64 << 10
_REDIRECTS = (301, 302, 303, 307, 308)

#: Fetches one URL; built by :func:`make_fetcher` with the timeout, caps and cancel token.
Fetcher = Callable[[str], "FetchResult"]


@dataclass(frozen=True, slots=True)
class FetchResult:
    """The outcome of one fetch.

    Attributes:
        url: The URL asked for.
        final_url: Where the body came from, after redirects.
        status: The last HTTP status, ``None`` when no answer came.
        data: The body (Content-Encoding removed) for a 2xx answer, else ``None``.
        error: Why there is no body, in a webmaster's words; ``None`` on success.
        content_type: The Content-Type header of the answer, if any.
    """

    url: str
    final_url: str
    status: int | None
    data: bytes | None = None
    error: str | None = None
    content_type: str | None = None

    @property
    def ok(self) -> bool:
        """Whether a 2xx answer with a body came."""
        return self.error is None and self.data is not None

    def describe(self) -> str:
        """``HTTP 200 OK``, ``HTTP 404 Not Found``, or the error, for a status list."""
        parts = []
        if self.status is not None:
            parts.append(f"HTTP {self.status} {_phrase(self.status)}".rstrip())
        if self.error is not None and not (self.status is not None and self.status >= 400
                                           and self.error == _phrase(self.status)):
            parts.append(self.error)
        return ": ".join(parts) or "no answer"


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be fetched (not http(s), no host), or ``None``."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError as exc:
        return f"not a valid URL: {exc}"
    if parts.scheme.lower() not in SCHEMES:
        shown = f"{parts.scheme}:" if parts.scheme else "no scheme"
        return f"only http and https URLs are fetched, not {shown}"
    if not host:
        return "the URL has no host"
    return None


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Turn every redirect into an error answer, so that :func:`fetch` checks each hop itself."""

    def http_error_302(self, req: urllib.request.Request, fp: Any, code: int, msg: str,
                       headers: Any) -> None:
        """Override of ``HTTPRedirectHandler.http_error_302``: follow nothing."""
        return None

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


class _Refused(Exception):
    """A reason to stop reading an answer (too big, a broken gzip body, too slow)."""


def make_fetcher(
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = MAX_REDIRECTS,
    max_bytes: int | None = None,
    cancel: CancelToken | None = None,
) -> Fetcher:
    """A :data:`Fetcher` calling :func:`fetch` with these settings."""

    def fetcher(url: str) -> FetchResult:
        return fetch(url, timeout=timeout, max_redirects=max_redirects, max_bytes=max_bytes,
                     cancel=cancel)

    return fetcher


def fetch(
    url: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = MAX_REDIRECTS,
    max_bytes: int | None = None,
    cancel: CancelToken | None = None,
    max_seconds: float = DEFAULT_MAX_SECONDS,
) -> FetchResult:
    """GET ``url`` and return its body or the reason there is none; never raises for I/O.

    Args:
        url: An http(s) URL (an IRI is %-escaped first).
        timeout: Seconds to wait for the connection and for each piece of the answer.
        max_redirects: Redirects followed at most; each target must be http(s) too.
        max_bytes: Most bytes accepted, before and after inflating a gzip
            Content-Encoding; the raw cap of :class:`Limits` when ``None``.
        cancel: Checked between hops and between pieces of the body.
        max_seconds: Most seconds the whole request may take.

    Raises:
        Cancelled: ``cancel`` was set.
    """
    cap = max_bytes if max_bytes is not None else Limits.from_env().max_uncompressed_bytes
    opener = urllib.request.build_opener(_NoRedirects())
    deadline = time.monotonic() + max_seconds
    current = url
    status: int | None = None
    for hop in range(max_redirects + 1):
        check(cancel)
        problem = url_problem(current)
        if problem is not None:
            reason = problem if hop == 0 else f"redirect to {current} refused: {problem}"
            return FetchResult(url, current, status, error=reason)
        outcome = _one_request(opener, current, timeout, cap, cancel, deadline)
        if isinstance(outcome, FetchResult):
            return FetchResult(url, current, outcome.status, outcome.data, outcome.error,
                               outcome.content_type)
        status, location = outcome
        if location is None:
            return FetchResult(url, current, status, error="a redirect without a Location")
        current = urljoin(current, location)
    return FetchResult(url, current, status,
                       error=f"too many redirects (more than {max_redirects})")


def _one_request(opener: urllib.request.OpenerDirector, url: str, timeout: float, cap: int,
                 cancel: CancelToken | None,
                 deadline: float) -> FetchResult | tuple[int, str | None]:
    """One GET: a result, or ``(status, location)`` for a redirect to follow."""
    target = percent_encode_iri(url)
    request = urllib.request.Request(target, headers={
        "User-Agent": USER_AGENT,
        "Accept-Encoding": "gzip",
        "Accept": "application/xml, text/xml, text/plain, */*;q=0.5",
    })
    host = urlsplit(target).hostname or target
    try:
        with opener.open(request, timeout=timeout) as response:
            status = response.status
            content_type = response.headers.get("Content-Type")
            try:
                data = _read_body(response, cap, cancel, deadline)
            except _Refused as refused:
                return FetchResult(url, url, status, error=str(refused),
                                   content_type=content_type)
            return FetchResult(url, url, status, data, content_type=content_type)
    except urllib.error.HTTPError as exc:
        with exc:
            if exc.code in _REDIRECTS:
                return exc.code, exc.headers.get("Location")
            return FetchResult(url, url, exc.code, error=_phrase(exc.code) or "error answer",
                               content_type=exc.headers.get("Content-Type"))
    except urllib.error.URLError as exc:
        reason = exc.reason
        error = reason if isinstance(reason, BaseException) else OSError(str(reason))
        return FetchResult(url, url, None, error=network_error(error, host, timeout))
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return FetchResult(url, url, None, error=network_error(exc, host, timeout))


def _read_body(response: http.client.HTTPResponse, cap: int, cancel: CancelToken | None,
               deadline: float) -> bytes:
    """The body in small steps, refused beyond ``cap`` bytes (raw and inflated)."""
    length = response.headers.get("Content-Length", "").strip()
    if length.isdigit() and int(length) > cap:
        raise _Refused(_too_big(cap, f"{int(length):,} bytes announced"))
    encoding = response.headers.get("Content-Encoding", "identity").strip().lower()
    if encoding not in ("identity", "", "gzip", "x-gzip"):
        raise _Refused(f"the server sent a {encoding!r} Content-Encoding, which was not asked for")
    inflater = zlib.decompressobj(wbits=31) if encoding in ("gzip", "x-gzip") else None
    out = bytearray()
    raw = 0
    while True:
        check(cancel)
        if time.monotonic() > deadline:
            raise _Refused("the download took too long and was stopped")
        block = response.read1(_CHUNK)
        if not block:
            break
        raw += len(block)
        if raw > cap:
            raise _Refused(_too_big(cap))
        if inflater is None:
            out += block
            continue
        try:
            out += inflater.decompress(block, cap + 1 - len(out))
            while inflater.unconsumed_tail and len(out) <= cap:
                out += inflater.decompress(inflater.unconsumed_tail, cap + 1 - len(out))
        except zlib.error as exc:
            raise _Refused(f"the gzip-encoded answer is corrupt: {exc}") from None
        if len(out) > cap:
            raise _Refused(_too_big(cap, "once inflated"))
    if inflater is not None and not inflater.eof:
        raise _Refused("the gzip-encoded answer is truncated")
    return bytes(out)


def _too_big(cap: int, detail: str = "") -> str:
    extra = f" ({detail})" if detail else ""
    return f"too big: more than the limit of {cap:,} bytes{extra}; not downloaded"


def network_error(error: BaseException, host: str, timeout: float) -> str:
    """Why no answer came, for a webmaster."""
    if isinstance(error, TimeoutError):
        return f"timed out: no answer from {host} within {timeout:g} s"
    if isinstance(error, ConnectionRefusedError):
        return f"connection refused: nothing answers at {host}"
    if isinstance(error, socket.gaierror):
        return f"host not found: the DNS lookup of {host} failed"
    if isinstance(error, ssl.SSLError):
        return f"the secure connection to {host} failed: {error}"
    if isinstance(error, ConnectionError | http.client.HTTPException):
        what = str(error) or type(error).__name__
        return f"the connection to {host} broke before a full answer came: {what}"
    if isinstance(error, ValueError):
        return f"not a valid URL: {error}"
    return f"could not reach {host}: {error}"


__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_REDIRECTS",
    "USER_AGENT",
    "FetchResult",
    "Fetcher",
    "fetch",
    "make_fetcher",
    "network_error",
    "url_problem",
]
