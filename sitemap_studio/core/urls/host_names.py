"""Host names: normal and Unicode forms, numeric IPv4 forms, private hosts, and look-alikes.

- :func:`normalize_host` and :func:`host_to_unicode` give the ASCII (punycode)
  and the Unicode form of a host.
- :func:`ends_in_number`, :func:`ipv4_number` and :func:`private_host_kind` read
  hosts the way browsers do, to tell a private or local host from a public one.
- :func:`host_skeleton` and :func:`host_scripts` tell look-alike (homograph)
  hosts apart.

Nothing here raises on junk.
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from functools import lru_cache

import idna

from sitemap_studio.core.urls.percent_escapes import HEX_ESCAPE_RE, percent_escape

# --- normal and Unicode forms -------------------------------------------------------------------


@lru_cache(maxsize=4096)
def normalize_host(host: str) -> str:
    """``host`` lower-cased, escapes normalised, IDN labels in punycode (ASCII) form."""
    if "%" in host:
        host = percent_escape(host, HEX_ESCAPE_RE, decode=True)
    host = host.lower()
    if not host.isascii() and not host.startswith("["):
        host = ".".join(_label_to_ascii(label) for label in host.split("."))
    if "%" in host:  # again: IDNA mapping may have made new escapes of unreserved characters
        host = percent_escape(host, HEX_ESCAPE_RE, decode=True)
        host = HEX_ESCAPE_RE.sub(lambda m: m.group(0).upper(), host.lower())
    return host


def _label_to_ascii(label: str) -> str:
    """A label in the ASCII form browsers and crawlers use (UTS #46, non-transitional).

    Python's built-in ``idna`` codec implements IDNA 2003, where ``faß`` becomes
    ``fass``, another domain; the ``idna`` package implements UTS #46 as
    browsers do (``faß`` is ``xn--fa-hia``; ZWJ/ZWNJ and final sigma are kept).
    A symbol IDNA 2008 does not allow (an emoji) is punycoded as browsers do;
    a label that cannot be a host label at all is kept as written.
    """
    if label.isascii():
        return label
    try:
        return idna.encode(label, uts46=True, transitional=False).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        pass
    mapped = label.lower()
    if any(char.isspace() or not char.isprintable() or char in "%/\\@:" for char in mapped):
        return label
    try:
        return "xn--" + mapped.encode("punycode").decode("ascii")
    except UnicodeError:
        return label


def host_to_unicode(host: str) -> str:
    """The Unicode form of a (lower-case) host: punycode labels decoded where valid."""
    if "xn--" not in host:
        return host
    labels = []
    for label in host.split("."):
        if label.startswith("xn--"):
            try:
                label = idna.decode(label)
            except (idna.IDNAError, UnicodeError):
                label = _symbol_label(label)
        labels.append(label)
    return ".".join(labels)


def _symbol_label(label: str) -> str:
    """The Unicode form of a punycoded symbol label (``xn--n3h``: an emoji), else ``label``."""
    try:
        decoded = label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return label
    if decoded.isascii() or not decoded.isprintable() or _label_to_ascii(decoded) != label:
        return label
    return decoded


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


# --- look-alikes --------------------------------------------------------------------------------

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
