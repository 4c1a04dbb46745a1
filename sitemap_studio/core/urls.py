"""URL helpers shared by validation, export and the GUI.

- :func:`normalize_url` gives the key under which two spellings of one URL
  compare equal (RFC 3986 section 6.2.2 syntax-based normalisation, plus the
  scheme-based rules for http and https), for duplicate detection.
- :func:`split_host` and :func:`origin` pull the scheme, host and port out of a
  URL without raising, whatever the input.
- :func:`percent_encode_iri` turns an IRI (raw non-ASCII, unsafe characters)
  into a plain URI, as a quick fix.
- :func:`reveal_invisible` makes invisible and blank characters readable in
  messages.

Nothing here raises on junk, and nothing here imports validation.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

DEFAULT_PORTS = {"http": 80, "https": 443}

_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

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

# Characters that may stand unescaped in a path or query (RFC 3986 pchar, "/",
# "?", and "[" "]" which browsers accept); anything else gets escaped.
_ESCAPE_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?\[\]]")
_ESCAPE_FRAGMENT_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]")
_ESCAPE_USERINFO_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:]")
_ESCAPE_HOST_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:\[\]]")
_HEX_ESCAPE_RE = re.compile(r"%[0-9A-Fa-f]{2}")


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
        out += [_escape(parts.userinfo, _ESCAPE_USERINFO_RE, decode=True), "@"]
    out.append(host)
    if port is not None:
        out += [":", port]
    out.append(_escape(parts.path, _ESCAPE_RE, decode=True) or "/")
    if parts.query is not None:
        out += ["?", _escape(parts.query, _ESCAPE_RE, decode=True)]
    return "".join(out)


def _escape(text: str, pattern: re.Pattern[str], *, decode: bool) -> str:
    """Escape what ``pattern`` finds; with ``decode``, also normalise existing escapes."""
    if not text:
        return text

    def replace(match: re.Match[str]) -> str:
        found = match.group(0)
        if len(found) == 3 and found[0] == "%":
            if not decode:
                return found
            char = chr(int(found[1:], 16))
            return char if char in _UNRESERVED else found.upper()
        if found == "%":
            return "%25"
        return "".join(f"%{byte:02X}" for byte in found.encode("utf-8", "surrogatepass"))

    return pattern.sub(replace, text)


@lru_cache(maxsize=4096)
def normalize_host(host: str) -> str:
    """``host`` lower-cased, escapes normalised, IDN labels in punycode (ASCII) form."""
    if "%" in host:
        host = _escape(host, _HEX_ESCAPE_RE, decode=True)
    host = host.lower()
    if not host.isascii() and not host.startswith("["):
        host = ".".join(_label_to_ascii(label) for label in host.split("."))
    if "%" in host:  # again: IDNA mapping may have made new escapes of unreserved characters
        host = _escape(host, _HEX_ESCAPE_RE, decode=True)
        host = _HEX_ESCAPE_RE.sub(lambda m: m.group(0).upper(), host.lower())
    return host


def _label_to_ascii(label: str) -> str:
    if label.isascii():
        return label
    try:
        return label.encode("idna").decode("ascii").lower()
    except UnicodeError:
        return label


@lru_cache(maxsize=4096)
def host_to_unicode(host: str) -> str:
    """The Unicode form of a (lower-case) host: punycode labels decoded where valid."""
    if "xn--" not in host:
        return host
    labels = []
    for label in host.split("."):
        if label.startswith("xn--"):
            with contextlib.suppress(UnicodeError):
                label = label.encode("ascii").decode("idna")
        labels.append(label)
    return ".".join(labels)


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
        host = _escape(host, _HEX_ESCAPE_RE, decode=True)
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


# --- classifying hosts --------------------------------------------------------------------------

_IPV4_PART_RE = re.compile(r"[0-9]+|0[xX][0-9A-Fa-f]*")
_LOCAL_SUFFIXES = (
    (".localhost", "a localhost name"), (".local", "a .local (multicast DNS) name"),
    (".internal", "an .internal name"), (".home.arpa", "a home network (.home.arpa) name"),
)


def ends_in_number(host: str) -> bool:
    """Whether browsers would read ``host`` as an IPv4 address (its last label is a number)."""
    labels = host.split(".")
    if len(labels) > 1 and labels[-1] == "":
        labels.pop()
    return _IPV4_PART_RE.fullmatch(labels[-1]) is not None


def ipv4_number(host: str) -> int | None:
    """The IPv4 address ``host`` stands for, read as browsers do (``0x7f.1``, ``2130706433``)."""
    labels = host.split(".")
    if len(labels) > 1 and labels[-1] == "":
        labels.pop()
    if len(labels) > 4:
        return None
    numbers = []
    for label in labels:
        if _IPV4_PART_RE.fullmatch(label) is None:
            return None
        if label[:2] in ("0x", "0X"):
            numbers.append(int(label[2:] or "0", 16))
        elif len(label) > 1 and label[0] == "0":
            if not all(digit in "01234567" for digit in label):
                return None
            numbers.append(int(label, 8))
        else:
            numbers.append(int(label))
    last = numbers.pop()
    if any(number > 255 for number in numbers) or last >= 256 ** (4 - len(numbers)):
        return None
    return last + sum(number << (8 * (3 - index)) for index, number in enumerate(numbers))


@lru_cache(maxsize=4096)
def private_host_kind(host: str) -> str | None:
    """What kind of non-public host ``host`` is ("a loopback address", ...), or ``None``.

    ``host`` is lower-case ASCII, an IPv6 literal with or without brackets.
    Covers localhost and ``*.localhost``, ``*.local``, ``*.internal``,
    ``*.home.arpa``, loopback, unspecified, private and link-local addresses
    (also in the decimal and hex forms browsers accept, and IPv4-mapped IPv6).
    """
    name = host.rstrip(".")
    if name == "localhost":
        return "localhost"
    for suffix, kind in _LOCAL_SUFFIXES:
        if name.endswith(suffix):
            return kind
    address: ipaddress.IPv4Address | ipaddress.IPv6Address
    try:
        if ":" in name:
            address = ipaddress.IPv6Address(name.strip("[]"))
            if address.ipv4_mapped is not None:
                address = address.ipv4_mapped
        elif name and ends_in_number(name):
            number = ipv4_number(name)
            if number is None:
                return None
            address = ipaddress.IPv4Address(number)
        else:
            return None
    except ValueError:
        return None
    if address.is_loopback:
        return "a loopback address"
    if address.is_unspecified:
        return "the unspecified address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_private:
        return "a private network address"
    return None


# Letters that look like Latin ones (lower case, after NFKD and removing marks): a small
# subset of Unicode's confusables.txt covering what phishing hosts use. Written as escapes
# so that this source does not itself contain look-alikes.
_CONFUSABLES = str.maketrans({
    # Cyrillic
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0433": "r", "\u0456": "i", "\u0458": "j",
    "\u043a": "k", "\u043e": "o", "\u043f": "n", "\u0440": "p", "\u0441": "c", "\u0443": "y",
    "\u0445": "x", "\u0455": "s", "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04bb": "h",
    "\u04cf": "l", "\u044c": "b", "\u04af": "y", "\u0475": "v", "\u0261": "g",
    # Greek
    "\u03b1": "a", "\u03b2": "b", "\u03b3": "y", "\u03b5": "e", "\u03b7": "n", "\u03b9": "i",
    "\u03ba": "k", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t", "\u03c5": "u",
    "\u03c7": "x", "\u03c9": "w", "\u03f2": "c", "\u03f3": "j",
    # Armenian
    "\u0585": "o", "\u057d": "u", "\u0570": "h", "\u0578": "n", "\u0566": "q", "\u0581": "g",
    # Latin letters without a decomposition, and digits
    "\u0251": "a", "\u0131": "i", "\u0237": "j", "\u0142": "l", "\u0111": "d", "\u00f8": "o",
    "\u0127": "h", "\u0185": "b", "0": "o", "1": "l",
})
_CONFUSABLE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


@lru_cache(maxsize=4096)
def host_skeleton(host: str) -> str:
    """``host`` reduced to what it looks like: punycode decoded, accents and homoglyphs folded.

    Two hosts with the same skeleton look alike (``exämple.com``, ``xn--xample-2of.com``
    with a Cyrillic U+0435 and ``examp1e.com`` all give ``example.com``).
    """
    text = unicodedata.normalize("NFKD", host_to_unicode(host.lower()))
    text = "".join(char for char in text if not unicodedata.combining(char)).lower()
    text = text.translate(_CONFUSABLES)
    for pair, single in _CONFUSABLE_PAIRS:
        text = text.replace(pair, single)
    return text


def host_scripts(host: str) -> frozenset[str]:
    """Scripts of the letters in the label of ``host`` that mixes most (LATIN, CYRILLIC, ...).

    More than one script in one label (``paypal`` with a Cyrillic U+0430 for the ``a``) is the
    mark of a homograph attack.
    """
    widest: frozenset[str] = frozenset()
    for label in host_to_unicode(host).split("."):
        scripts = set()
        for char in label:
            if char.isascii():
                if char.isalpha():
                    scripts.add("LATIN")
            elif char.isalpha():
                scripts.add(unicodedata.name(char, "UNKNOWN").split(" ")[0])
        if len(scripts) > len(widest):
            widest = frozenset(scripts)
    return widest


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
        return _escape(text, _ESCAPE_RE, decode=False)
    out = [parts.scheme, "://"]
    if parts.userinfo is not None:
        out += [_escape(parts.userinfo, _ESCAPE_USERINFO_RE, decode=False), "@"]
    host = parts.host if parts.host.isascii() else normalize_host(parts.host)
    out.append(_escape(host, _ESCAPE_HOST_RE, decode=False))
    if parts.port is not None:
        out += [":", _escape(parts.port, _ESCAPE_USERINFO_RE, decode=False)]
    out.append(_escape(parts.path, _ESCAPE_RE, decode=False))
    if parts.query is not None:
        out += ["?", _escape(parts.query, _ESCAPE_RE, decode=False)]
    if parts.fragment is not None:
        out += ["#", _escape(parts.fragment, _ESCAPE_FRAGMENT_RE, decode=False)]
    return "".join(out)


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


# --- showing invisible characters ---------------------------------------------------------------

# Blanks and invisible characters in URLs: ASCII controls and space, C1 controls, no-break and other
# spaces, zero-width and bidi controls, soft hyphen, fillers, variation selectors, BOM, tags.
INVISIBLE_RE = re.compile(
    "[\x00-\x20\x7f-\xa0\xad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f"
    "\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U000e0000-\U000e007f]")

_CONTROL_NAMES = {
    0x09: "CHARACTER TABULATION", 0x0A: "LINE FEED", 0x0D: "CARRIAGE RETURN",
    0x7F: "DELETE", 0x85: "NEXT LINE",
}


# Letters and symbols that render as a blank (Hangul fillers, the blank Braille pattern).
_BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows as nothing or as a blank: controls, format characters, spaces."""
    return (unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp", "Cs", "Co", "Cn")
            or char in _BLANK_GLYPHS)


def describe_char(char: str) -> str:
    """``⟨U+00A0 NO-BREAK SPACE⟩``: a character spelled out."""
    code = ord(char)
    name = unicodedata.name(char, "") or _CONTROL_NAMES.get(code, "")
    if not name:
        name = "CONTROL" if unicodedata.category(char) == "Cc" else "UNNAMED"
    return f"⟨U+{code:04X} {name}⟩"


def reveal_invisible(text: str, *, limit: int = 120, spaces: bool = True) -> str:
    """``text`` with every invisible or blank character spelled out, cut to about ``limit``.

    With ``spaces=False`` the ordinary space U+0020 is left as it is.
    """
    if (len(text) <= limit and text.isprintable() and (not spaces or " " not in text)
            and not any(char in _BLANK_GLYPHS for char in text if not char.isascii())):
        return text  # str.isprintable() is False exactly for the categories is_invisible names
    shown: list[str] = []
    length = 0
    for index, char in enumerate(text):
        piece = describe_char(char) if (char != " " or spaces) and is_invisible(char) else char
        shown.append(piece)
        length += len(piece)
        if length >= limit and index < len(text) - 1:
            shown.append(f"… ({len(text):,} characters)")
            break
    return "".join(shown)


def display_host(host: str) -> str:
    """A host for a message: invisible characters spelled out, Unicode and punycode side by side.

    ``exämple.com (xn--exmple-cua.com)`` for a Unicode host, ``xn--exmple-cua.com
    (exämple.com)`` for a punycode one, the host itself otherwise.
    """
    shown = reveal_invisible(host, limit=80)
    ascii_form = normalize_host(host)
    unicode_form = host_to_unicode(ascii_form)
    if ascii_form != host.lower():
        return f"{shown} ({reveal_invisible(ascii_form, limit=80)})"
    if unicode_form != ascii_form:
        return f"{shown} ({reveal_invisible(unicode_form, limit=80)})"
    return shown
