"""Submitting an IndexNow batch, on request only, with every answer explained.

:func:`submit` runs only when the user asks for it (``kit --submit`` or the
submission dialog). It POSTs one JSON body from :func:`indexnow.batches` and
reports every outcome as a :class:`SubmitResult`, never as an exception.
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import urllib.error
import urllib.request
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

from sitemap_studio import __version__
from sitemap_studio.core.project.settings_values import url_problem

__all__ = ["STATUS_MEANINGS", "SubmitResult", "explain_status", "submit"]

_EXCERPT_CHARS = 300
_MAX_BODY_BYTES = 65_536

#: What each response code of an IndexNow endpoint means, in a webmaster's words.
STATUS_MEANINGS = {
    200: "OK: the URLs were submitted successfully.",
    202: "Accepted: the URLs were received; the key is not validated yet (the search engine "
         "fetches the key file later, so keep it online).",
    400: "Bad request: the request is not in a valid format.",
    403: "Forbidden: the key is not valid: the key file was not found at the key location, "
         "or its content does not match the key.",
    422: "Unprocessable Entity: some URLs do not belong to the host named in the request, or "
         "the key does not match the IndexNow format.",
    429: "Too Many Requests: the search engine sees potential spam; slow down and submit "
         "less often.",
}


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """The outcome of one POST: the HTTP status (``None`` when no answer came) and its meaning."""

    status: int | None
    meaning: str
    body_excerpt: str = ""

    @property
    def accepted(self) -> bool:
        """Whether the endpoint took the URLs (200 or 202)."""
        return self.status in (200, 202)


def explain_status(status: int, location: str | None = None) -> str:
    """What an IndexNow endpoint's HTTP ``status`` means, for a webmaster."""
    if status in STATUS_MEANINGS:
        return STATUS_MEANINGS[status]
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Unknown status"
    if 300 <= status < 400:
        where = f" to {location}" if location else ""
        return (f"{phrase} ({status}): the endpoint redirects{where}; redirects are not "
                "followed, so nothing was submitted. Set the endpoint to the new address if "
                "you trust it.")
    if status >= 500:
        return (f"{phrase} ({status}): the search engine's server failed; the URLs may not "
                "have been received. Try again later.")
    return (f"{phrase} ({status}): an answer IndexNow does not define (it uses 200, 202, 400, "
            "403, 422 and 429); the URLs may not have been received.")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Refuse every redirect: a POST must not turn into a GET or go to another scheme."""

    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str,
                         headers: Any, newurl: str) -> None:
        """Override of ``HTTPRedirectHandler.redirect_request``: follow nothing."""
        return None


def submit(
    endpoint: str,
    batch: dict[str, Any],
    *,
    timeout: float = 10,
    opener: urllib.request.OpenerDirector | None = None,
) -> SubmitResult:
    """POST one batch to ``endpoint`` as JSON and explain the answer.

    Only http(s) endpoints; redirects are reported, not followed. Network
    failures (connection refused, timeout, unknown host, TLS) come back as a
    result with ``status=None``, never as an exception. An ``opener`` given
    by the caller (a proxy set-up, a test) is used as it is.
    """
    if problem := url_problem(endpoint):
        return SubmitResult(None, f"not sent: the endpoint {problem}")
    host = urlsplit(endpoint).hostname or endpoint
    data = json.dumps(batch, ensure_ascii=False).encode("utf-8")
    request = urllib.request.Request(endpoint, data=data, method="POST", headers={
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": f"SitemapStudio/{__version__}",
    })
    opener = opener or urllib.request.build_opener(_NoRedirects())
    try:
        with opener.open(request, timeout=timeout) as response:
            status = response.status
            body = response.read(_MAX_BODY_BYTES)
        return SubmitResult(status, explain_status(status), _excerpt(body))
    except urllib.error.HTTPError as exc:
        with exc:
            try:
                body = exc.read(_MAX_BODY_BYTES)
            except (OSError, http.client.HTTPException):
                body = b""
            return SubmitResult(exc.code, explain_status(exc.code, exc.headers.get("Location")),
                                _excerpt(body))
    except urllib.error.URLError as exc:
        reason = exc.reason
        return SubmitResult(None, _network_meaning(
            reason if isinstance(reason, BaseException) else OSError(str(reason)), host, timeout))
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return SubmitResult(None, _network_meaning(exc, host, timeout))


def _network_meaning(error: BaseException, host: str, timeout: float) -> str:
    """Why no answer came, for a webmaster; nothing is known to have been received."""
    if isinstance(error, TimeoutError):
        return (f"no answer from {host} within {timeout:g} seconds: the endpoint may be down "
                "or overloaded. Try again later.")
    if isinstance(error, ConnectionRefusedError):
        return (f"the connection to {host} was refused: nothing answers there. Check the "
                "endpoint URL.")
    if isinstance(error, socket.gaierror):
        return (f"the server {host} could not be found (DNS lookup failed). Check the endpoint "
                "URL and the internet connection.")
    if isinstance(error, ssl.SSLError):
        return f"the secure connection to {host} failed: {error}."
    if isinstance(error, ConnectionError | http.client.HTTPException):
        what = str(error) or type(error).__name__
        return f"the connection to {host} broke before an answer came: {what}."
    return f"could not reach {host}: {error}."


def _excerpt(body: bytes) -> str:
    text = " ".join(body.decode("utf-8", "replace").split())
    return text if len(text) <= _EXCERPT_CHARS else text[:_EXCERPT_CHARS - 1] + "…"
