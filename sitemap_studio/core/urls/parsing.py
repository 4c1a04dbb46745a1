"""URL helpers shared by validation, export and the GUI.

- :func:`normalize_url` gives the key under which two spellings of one URL
  compare equal (RFC 3986 section 6.2.2 syntax-based normalisation, plus the
  scheme-based rules for http and https), for duplicate detection.
- :func:`split_host` and :func:`origin` pull the scheme, host and port out of a
  URL without raising, whatever the input.
- :func:`percent_encode_iri` turns an IRI (raw non-ASCII, unsafe characters)
  into a plain URI, as a quick fix.
- :func:`text_line_url` escapes the blanks a line of a text sitemap cannot hold.
- :func:`normalization_differences` says what normalisation undid.

Host names (normal and Unicode forms, private hosts, look-alikes) are in
:mod:`host_names`, the escaping itself in :mod:`percent_escapes`, and showing
invisible characters in messages in :mod:`url_display`; the public names of
``host_names`` and ``url_display`` are re-exported here.

Nothing here raises on junk, and nothing here imports validation.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from sitemap_studio.core.urls.host_names import (
    ends_in_number,
    host_scripts,
    host_skeleton,
    host_to_unicode,
    ipv4_number,
    normalize_host,
    private_host_kind,
)
from sitemap_studio.core.urls.percent_escapes import (
    ESCAPE_FRAGMENT_RE,
    ESCAPE_HOST_RE,
    ESCAPE_RE,
    ESCAPE_USERINFO_RE,
    HEX_ESCAPE_RE,
    percent_escape,
)
from sitemap_studio.core.urls.url_display import (
    INVISIBLE_RE,
    describe_char,
    display_host,
    is_invisible,
    reveal_invisible,
)

__all__ = [
    "DEFAULT_PORTS", "INVISIBLE_RE", "PLAIN_URL_RE", "UrlParts", "describe_char", "display_host",
    "ends_in_number", "host_scripts", "host_skeleton", "host_to_unicode", "ipv4_number",
    "is_invisible", "normalization_differences", "normalize_host", "normalize_url", "origin",
    "parse_url", "percent_encode_iri", "plain_url_host", "private_host_kind", "reveal_invisible",
    "split_host", "text_line_url",
]

DEFAULT_PORTS = {"http": 80, "https": 443}

# RFC 3986 appendix B, anchored, with the scheme required to be well-formed.
_URI_RE = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):(//([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?\Z", re.S)

# A plain URL: lower-case http(s), a host (group 1) of lower-case ASCII letters, digits, dots
# and hyphens, then a path and query of characters that need no escaping; '%' is checked apart.
# One regex is faster than any combination of string methods here.
PLAIN_URL_RE = re.compile(r"https?://([a-z0-9.\-]+)/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*\Z")
# A '%' that normalisation would change: not followed by two upper-case hex
# digits, or the escape of an unreserved character.
_PCT_NEEDS_WORK = re.compile(
    r"%(?:(?![0-9A-F]{2})|2[DE]|3[0-9]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE])")


class UrlParts(NamedTuple):
    """The pieces of an absolute URL, as written (no case folding).

    ``userinfo``, ``port``, ``query`` and ``fragment`` are ``None`` when absent
    (``port`` is ``""`` for a bare colon). ``query`` and ``fragment`` exclude
    their ``?`` and ``#``. ``valid_authority`` is ``False`` for an unterminated
    IPv6 literal or text after its ``]``.
    """

    scheme: str
    userinfo: str | None
    host: str
    port: str | None
    path: str
    query: str | None
    fragment: str | None
    valid_authority: bool = True


def parse_url(url: str) -> UrlParts | None:
    """Split ``url`` into its parts, or ``None`` unless it has a scheme and ``//`` authority."""
    match = _URI_RE.match(url)
    if match is None or match.group(2) is None:
        return None
    userinfo, host, port, valid = _split_authority(match.group(3))
    query = match.group(5)
    fragment = match.group(6)
    return UrlParts(match.group(1), userinfo, host, port, match.group(4),
                    None if query is None else query[1:],
                    None if fragment is None else fragment[1:], valid)


def _split_authority(authority: str) -> tuple[str | None, str, str | None, bool]:
    # The last "@" ends the userinfo, as browsers do (WHATWG URL): the real host follows it.
    userinfo, at, hostport = authority.rpartition("@")
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            return (userinfo if at else None), hostport, None, False
        rest = hostport[end + 1:]
        if rest.startswith(":"):
            return (userinfo if at else None), hostport[: end + 1], rest[1:], True
        return (userinfo if at else None), hostport[: end + 1], None, not rest
    host, colon, port = hostport.partition(":")
    return (userinfo if at else None), host, (port if colon else None), True


def _port_number(port: str | None) -> int | None:
    """The number of a port written with ASCII digits, else ``None``."""
    if port and port.isascii() and port.isdigit():
        return int(port)
    return None


# --- normalisation ------------------------------------------------------------------------------


def normalize_url(url: str) -> str:
    """The key under which equivalent spellings of ``url`` compare equal.

    Lower-cases scheme and host, drops the default port (80 for http, 443 for
    https) and the fragment, decodes escaped unreserved characters, upper-cases
    the hex of other escapes, escapes raw non-ASCII and unsafe characters as
    UTF-8, turns IDN hosts into punycode, and writes an empty path as ``/``.
    Input without a scheme and ``//`` authority comes back stripped. Never
    raises; the result is a fixed point (normalising it again changes nothing).
    """
    if PLAIN_URL_RE.match(url) and ("%" not in url or not _PCT_NEEDS_WORK.search(url)):
        return url
    stripped = url.strip()
    try:
        return _normalize(stripped)
    except (ValueError, UnicodeError):  # pragma: no cover - defensive: junk stays junk
        return stripped


def plain_url_host(url: str) -> str | None:
    """The host of a plain URL, else ``None``: the quick test behind every fast path.

    Plain means: ``http://`` or ``https://`` in lower case, a host of lower-case
    ASCII letters, digits, dots and hyphens (no port, no userinfo), then a path
    and query of characters that need no escaping, and no fragment. Whether
    each ``%`` starts a valid escape is left to the caller.
    """
    match = PLAIN_URL_RE.match(url)
    return None if match is None else match.group(1)


def _normalize(url: str) -> str:
    parts = parse_url(url)
    if parts is None or not parts.valid_authority:
        return url
    scheme = parts.scheme.lower()
    host = normalize_host(parts.host)
    port = parts.port
    if port is not None:
        number = _port_number(port)
        if port == "" or (number is not None and number == DEFAULT_PORTS.get(scheme)):
            port = None
        elif number is not None:
            port = str(number)
    out = [scheme, "://"]
    if parts.userinfo is not None:
        out += [percent_escape(parts.userinfo, ESCAPE_USERINFO_RE, decode=True), "@"]
    out.append(host)
    if port is not None:
        out += [":", port]
    out.append(percent_escape(parts.path, ESCAPE_RE, decode=True) or "/")
    if parts.query is not None:
        out += ["?", percent_escape(parts.query, ESCAPE_RE, decode=True)]
    return "".join(out)


# --- hosts and origins --------------------------------------------------------------------------


def split_host(url: str) -> tuple[str, str, int | None] | None:
    """``(scheme, host, port)`` of ``url``, or ``None`` when it has no usable host.

    The scheme and host are lower-cased (an IDN host stays Unicode; an IPv6
    literal loses its brackets), userinfo is skipped (the host is what follows
    the last ``@``), and the port is the explicit one or the scheme's default
    (``None`` for other schemes without one). ``None`` for no ``scheme://``,
    an empty host, a port that is not a number from 0 to 65535, or a broken
    IPv6 literal. Never raises.
    """
    parts = parse_url(url.strip())
    if parts is None or not parts.valid_authority:
        return None
    host = parts.host
    if "%" in host:
        host = percent_escape(host, HEX_ESCAPE_RE, decode=True)
    host = host.lower()
    if host.startswith("["):
        host = host[1:-1]
    if not host:
        return None
    scheme = parts.scheme.lower()
    if parts.port:
        port = _port_number(parts.port)
        if port is None or port > 65535:
            return None
        return scheme, host, port
    return scheme, host, DEFAULT_PORTS.get(scheme)


_ORIGIN_RE = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#]*)")


def origin(url: str) -> str | None:
    """``scheme://host[:port]`` of an http(s) ``url``, normalised, or ``None``."""
    start = url.find("://")
    if start <= 0:
        return None
    end = url.find("/", start + 3)
    head = url if end < 0 else url[:end]
    if "?" in head or "#" in head:
        match = _ORIGIN_RE.match(url)
        if match is None:
            return None
        head = match.group(0)
    return _origin_of(head)


@lru_cache(maxsize=4096)
def _origin_of(head: str) -> str | None:
    """The origin of ``scheme://authority``."""
    match = _ORIGIN_RE.match(head)
    if match is None or match.end() != len(head):
        return None
    scheme, authority = match.group(1).lower(), match.group(2)
    if scheme not in DEFAULT_PORTS:
        return None
    _userinfo, host, port, valid = _split_authority(authority)
    if not valid or not host:
        return None
    host = normalize_host(host)
    if port:
        number = _port_number(port)
        if number is None or number > 65535:
            return None
        if number != DEFAULT_PORTS[scheme]:
            return f"{scheme}://{host}:{number}"
    return f"{scheme}://{host}"


# --- escaping IRIs ------------------------------------------------------------------------------


def percent_encode_iri(url: str) -> str:
    """``url`` as a plain URI (ASCII, no blanks): the host in punycode, the rest UTF-8 %-escaped.

    Raw non-ASCII characters and characters that may not appear unescaped
    (space, ``<>"{}|\\^``` and controls, a ``%`` that starts no escape) in the
    path, query and fragment become ``%XX``; existing escapes and the rest of
    the URL are kept as written. Text that is not an absolute URL is escaped
    as a whole. Never raises.
    """
    text = url.strip()
    parts = parse_url(text)
    if parts is None:
        return percent_escape(text, ESCAPE_RE, decode=False)
    out = [parts.scheme, "://"]
    if parts.userinfo is not None:
        out += [percent_escape(parts.userinfo, ESCAPE_USERINFO_RE, decode=False), "@"]
    host = parts.host if parts.host.isascii() else normalize_host(parts.host)
    out.append(percent_escape(host, ESCAPE_HOST_RE, decode=False))
    if parts.port is not None:
        out += [":", percent_escape(parts.port, ESCAPE_USERINFO_RE, decode=False)]
    out.append(percent_escape(parts.path, ESCAPE_RE, decode=False))
    if parts.query is not None:
        out += ["?", percent_escape(parts.query, ESCAPE_RE, decode=False)]
    if parts.fragment is not None:
        out += ["#", percent_escape(parts.fragment, ESCAPE_FRAGMENT_RE, decode=False)]
    return "".join(out)


_BLANK_RE = re.compile(r"[ \t]")
_SCHEME_PREFIX_RE = re.compile(r"[^/?#]*:")


def text_line_url(url: str) -> str:
    """``url`` as a line of a text sitemap: spaces and tabs percent-encoded (``%20``, ``%09``).

    A text sitemap holds one URL per line and reads a line with a blank in it
    as "not a URL", so blanks are escaped wherever RFC 3986 allows an escape
    (host, path, query, fragment, user information); the rest is kept as
    written, so the line reads back as the same URL. Surrounding blanks are
    for the caller to trim (readers do).

    Raises:
        ValueError: The URL has a line break, or a blank where no escape is
            allowed (scheme or port); the message says which.
    """
    if "\n" in url or "\r" in url:
        raise ValueError("a URL with a line break cannot go in a text sitemap")
    if not _BLANK_RE.search(url):
        return url
    parts = parse_url(url)
    if parts is not None and parts.port is not None and _BLANK_RE.search(parts.port):
        raise ValueError("a blank in the port cannot be percent-encoded")
    if parts is None:
        head = _SCHEME_PREFIX_RE.match(url)
        if head is not None and _BLANK_RE.search(head.group()):
            raise ValueError("a blank in the scheme cannot be percent-encoded")
    return _BLANK_RE.sub(lambda match: "%20" if match.group() == " " else "%09", url)


# --- explaining equivalence ---------------------------------------------------------------------


def normalization_differences(first: str, second: str) -> list[str]:
    """What normalisation had to undo to make ``first`` and ``second`` equal.

    Short phrases ("host case", "default port", ...) for a message; empty when
    the two are written identically (or when either is not an absolute URL).
    """
    if first == second:
        return []
    a, b = parse_url(first.strip()), parse_url(second.strip())
    if a is None or b is None:
        return ["surrounding blanks"] if first.strip() == second.strip() else []
    found: list[str] = []
    if first.strip() != first or second.strip() != second:
        found.append("surrounding blanks")
    if a.scheme != b.scheme:
        found.append("scheme case")
    if a.userinfo != b.userinfo:
        found.append("user information")
    if a.host != b.host:
        if a.host.isascii() != b.host.isascii() or "xn--" in (a.host + b.host).lower():
            found.append("Unicode host vs punycode")
        elif a.host.lower() != b.host.lower():
            found.append("host escaping")
        else:
            found.append("host case")
    if a.port != b.port:
        found.append("default port" if not a.port or not b.port else "port spelling")
    if a.path != b.path:
        found.append("empty path" if not a.path or not b.path else "percent-encoding")
    if a.query != b.query and "percent-encoding" not in found:
        found.append("percent-encoding")
    if a.fragment != b.fragment:
        found.append("fragment")
    return found
