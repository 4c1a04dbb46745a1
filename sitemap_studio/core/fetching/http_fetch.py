"""Fetching one URL, on request only, bounded in every way, with every failure explained.

:func:`fetch` makes one GET (following at most a few redirects, each
checked again) and never raises for anything the network or the server
does: the :class:`FetchResult` carries the HTTP status or the reason there
is none (a timeout, an unknown host, a refused connection, a body larger
than the cap). Only ``http`` and ``https`` are fetched, redirects to any
other scheme are refused, no cookies are kept, and a body is read in small
steps against the byte cap (a ``gzip`` Content-Encoding is inflated within
the same cap), so a hostile server cannot make us hold more than the cap.

With ``allow_private=False`` a fetch obeys the private-address rule of
:mod:`~sitemap_studio.core.urls.web_safety`: the host of every hop is checked
before it is asked, and the addresses the connection is made to are checked
again. The default (``True``) is what the import from a live site has always
done: the user typed the address.

Discovering a site's sitemaps and fetching them with their index children
is in :mod:`sitemap_studio.core.fetching.site_fetch`.
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
from dataclasses import dataclass, replace
from http import HTTPStatus
from typing import Any
from urllib.parse import urljoin, urlsplit

from sitemap_studio import __version__
from sitemap_studio.core.fetching.guarded_connections import PrivateAddress, guarded_handlers
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, check
from sitemap_studio.core.urls.parsing import percent_encode_iri
from sitemap_studio.core.urls.web_safety import host_refusal

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
class Redirect:
    """One redirect followed: the URL asked for, its status, and its Location header."""

    url: str
    status: int
    location: str


class Failure:
    """Why a fetch brought no body, as a word a report can switch on (``FetchResult.failure``)."""

    STATUS = "status"  #: an error status (4xx, 5xx)
    DNS = "dns"
    TLS = "tls"
    TIMEOUT = "timeout"
    REFUSED = "refused"
    BROKEN = "broken"  #: the connection broke, or the answer was not HTTP
    PRIVATE = "private"  #: refused by the private-address rule
    URL = "url"  #: not an http(s) URL, or a redirect to one that is not
    REDIRECTS = "redirects"  #: too many redirects, or one without a Location
    TOO_BIG = "too-big"
    ENCODING = "encoding"  #: a Content-Encoding that is broken or was not asked for
    TOO_SLOW = "too-slow"
    OTHER = "other"


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
        redirects: The redirects followed, in order.
        content_encoding: The Content-Encoding header of the answer, if any.
        raw_bytes: Bytes of the body as they came over the wire (before inflating).
        failure: What kind of failure ``error`` is (a :class:`Failure` word).
    """

    url: str
    final_url: str
    status: int | None
    data: bytes | None = None
    error: str | None = None
    content_type: str | None = None
    redirects: tuple[Redirect, ...] = ()
    content_encoding: str | None = None
    raw_bytes: int | None = None
    failure: str | None = None

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

    def __init__(self, message: str, failure: str) -> None:
        super().__init__(message)
        self.failure = failure


def make_fetcher(
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = MAX_REDIRECTS,
    max_bytes: int | None = None,
    cancel: CancelToken | None = None,
    allow_private: bool = True,
) -> Fetcher:
    """A :data:`Fetcher` calling :func:`fetch` with these settings."""

    def fetcher(url: str) -> FetchResult:
        return fetch(url, timeout=timeout, max_redirects=max_redirects, max_bytes=max_bytes,
                     cancel=cancel, allow_private=allow_private)

    return fetcher


def fetch(
    url: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_redirects: int = MAX_REDIRECTS,
    max_bytes: int | None = None,
    cancel: CancelToken | None = None,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    allow_private: bool = True,
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
        allow_private: ``False`` refuses hosts that are or resolve to non-public
            addresses, at every hop (see :mod:`~sitemap_studio.core.urls.web_safety`).

    Raises:
        Cancelled: ``cancel`` was set.
    """
    cap = max_bytes if max_bytes is not None else Limits.from_env().max_uncompressed_bytes
    handlers: list[urllib.request.BaseHandler] = [_NoRedirects()]
    if not allow_private:
        handlers += guarded_handlers()
    opener = urllib.request.build_opener(*handlers)
    deadline = time.monotonic() + max_seconds
    current = url
    status: int | None = None
    hops: list[Redirect] = []
    for hop in range(max_redirects + 1):
        check(cancel)
        problem = url_problem(current)
        if problem is None and not allow_private:
            parts = urlsplit(current)
            problem = host_refusal(parts.hostname or "", parts.port, allow_private=False)
            failure = Failure.PRIVATE
        else:
            failure = Failure.URL
        if problem is not None:
            reason = problem if hop == 0 else f"redirect to {current} refused: {problem}"
            return FetchResult(url, current, status, error=reason, redirects=tuple(hops),
                               failure=failure)
        outcome = _one_request(opener, current, timeout, cap, cancel, deadline)
        if isinstance(outcome, FetchResult):
            return replace(outcome, url=url, final_url=current, redirects=tuple(hops))
        status, location = outcome
        if location is None:
            return FetchResult(url, current, status, error="a redirect without a Location",
                               redirects=tuple(hops), failure=Failure.REDIRECTS)
        hops.append(Redirect(current, status, location))
        current = urljoin(current, location)
    return FetchResult(url, current, status,
                       error=f"too many redirects (more than {max_redirects})",
                       redirects=tuple(hops), failure=Failure.REDIRECTS)


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
            encoding = response.headers.get("Content-Encoding")
            counted = [0]
            try:
                data = _read_body(response, cap, cancel, deadline, counted)
            except _Refused as refused:
                return FetchResult(url, url, status, error=str(refused),
                                   content_type=content_type, content_encoding=encoding,
                                   raw_bytes=counted[0], failure=refused.failure)
            return FetchResult(url, url, status, data, content_type=content_type,
                               content_encoding=encoding, raw_bytes=counted[0])
    except urllib.error.HTTPError as exc:
        with exc:
            if exc.code in _REDIRECTS:
                return exc.code, exc.headers.get("Location")
            return FetchResult(url, url, exc.code, error=_phrase(exc.code) or "error answer",
                               content_type=exc.headers.get("Content-Type"),
                               failure=Failure.STATUS)
    except urllib.error.URLError as exc:
        reason = exc.reason
        error = reason if isinstance(reason, BaseException) else OSError(str(reason))
        return FetchResult(url, url, None, error=network_error(error, host, timeout),
                           failure=failure_kind(error))
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return FetchResult(url, url, None, error=network_error(exc, host, timeout),
                           failure=failure_kind(exc))


def _read_body(response: http.client.HTTPResponse, cap: int, cancel: CancelToken | None,
               deadline: float, counted: list[int]) -> bytes:
    """The body in small steps, refused beyond ``cap`` bytes (raw and inflated).

    ``counted[0]`` is kept at the number of raw bytes read so far.
    """
    length = response.headers.get("Content-Length", "").strip()
    if length.isdigit() and int(length) > cap:
        raise _Refused(_too_big(cap, f"{int(length):,} bytes announced"), Failure.TOO_BIG)
    encoding = response.headers.get("Content-Encoding", "identity").strip().lower()
    if encoding not in ("identity", "", "gzip", "x-gzip"):
        raise _Refused(f"the server sent a {encoding!r} Content-Encoding, which was not asked for",
                       Failure.ENCODING)
    inflater = zlib.decompressobj(wbits=31) if encoding in ("gzip", "x-gzip") else None
    out = bytearray()
    raw = 0
    while True:
        check(cancel)
        if time.monotonic() > deadline:
            raise _Refused("the download took too long and was stopped", Failure.TOO_SLOW)
        block = response.read1(_CHUNK)
        if not block:
            break
        raw += len(block)
        counted[0] = raw
        if raw > cap:
            raise _Refused(_too_big(cap), Failure.TOO_BIG)
        if inflater is None:
            out += block
            continue
        try:
            out += inflater.decompress(block, cap + 1 - len(out))
            while inflater.unconsumed_tail and len(out) <= cap:
                out += inflater.decompress(inflater.unconsumed_tail, cap + 1 - len(out))
        except zlib.error as exc:
            raise _Refused(f"the gzip-encoded answer is corrupt: {exc}",
                           Failure.ENCODING) from None
        if len(out) > cap:
            raise _Refused(_too_big(cap, "once inflated"), Failure.TOO_BIG)
    if inflater is not None and not inflater.eof:
        raise _Refused("the gzip-encoded answer is truncated", Failure.ENCODING)
    return bytes(out)


def _too_big(cap: int, detail: str = "") -> str:
    extra = f" ({detail})" if detail else ""
    return f"too big: more than the limit of {cap:,} bytes{extra}; not downloaded"


def failure_kind(error: BaseException) -> str:
    """The :class:`Failure` word for an exception raised while connecting or reading."""
    kinds: tuple[tuple[type[BaseException] | tuple[type[BaseException], ...], str], ...] = (
        (PrivateAddress, Failure.PRIVATE), (TimeoutError, Failure.TIMEOUT),
        (ConnectionRefusedError, Failure.REFUSED), (socket.gaierror, Failure.DNS),
        (ssl.SSLError, Failure.TLS), ((ConnectionError, http.client.HTTPException), Failure.BROKEN),
        (ValueError, Failure.URL))
    return next((kind for cls, kind in kinds if isinstance(error, cls)), Failure.OTHER)


def network_error(error: BaseException, host: str, timeout: float) -> str:
    """Why no answer came, for a webmaster."""
    if isinstance(error, PrivateAddress):
        return str(error)
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
    "Failure",
    "FetchResult",
    "Fetcher",
    "Redirect",
    "failure_kind",
    "fetch",
    "make_fetcher",
    "network_error",
    "url_problem",
]
