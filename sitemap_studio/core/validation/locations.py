"""Checks of ``<loc>``: what a location may contain, which site it belongs to, and duplicates.

The engine calls three pieces for every entry:

- :func:`check_loc` judges one value (absolute http(s) URL, length, escaping,
  invisible characters, user information, private hosts) and, given a
  :class:`~sitemap_studio.core.validation.scope.Scope`, its site;
- :class:`~sitemap_studio.core.validation.scope.Scope` (built with
  :func:`~sitemap_studio.core.validation.scope.majority_origin` when no site is
  set) judges scheme, host, port, look-alike hosts and the sitemap's directory;
- :class:`~sitemap_studio.core.validation.duplicates.DuplicateIndex` finds the
  entries that list the same URL, incrementally.

All three are importable from here. A clean, in-scope URL takes a fast path
(one precompiled regex, a cached host check and a prefix comparison) costing
about a microsecond; anything else goes through the careful path.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE
from sitemap_studio.core.urls.parsing import (
    DEFAULT_PORTS,
    INVISIBLE_RE,
    PLAIN_URL_RE,
    describe_char,
    display_host,
    ends_in_number,
    host_to_unicode,
    ipv4_number,
    is_invisible,
    normalize_host,
    parse_url,
    percent_encode_iri,
    private_host_kind,
    reveal_invisible,
)
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.duplicates import DuplicateIndex
from sitemap_studio.core.validation.publish_checks import (
    check_double_slash,
    check_placeholder_host,
    may_have_double_slash,
    off_site_placeholder,
    real_site_elsewhere,
)
from sitemap_studio.core.validation.registry import rule
from sitemap_studio.core.validation.scope import Scope, majority_origin

__all__ = ["DuplicateIndex", "Scope", "check_loc", "majority_origin"]

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
PROTOCOL, XSD, STUDIO = RuleSource.PROTOCOL, RuleSource.XSD, RuleSource.STUDIO
FIX_ESCAPE = "Percent-encode the URL (UTF-8, punycode host)"

LOC_EMPTY = rule("loc-empty", E, PROTOCOL, "The <loc> is empty or holds only blanks.")
LOC_NOT_ABSOLUTE = rule(
    "loc-not-absolute", E, PROTOCOL,
    "The <loc> is a relative or protocol-relative URL; it must begin with http:// or https://.")
LOC_UNSUPPORTED_SCHEME = rule(
    "loc-unsupported-scheme", E, PROTOCOL,
    "The <loc> uses a scheme other than http or https (javascript:, file:, data:, ftp:, ...).")
LOC_NO_HOST = rule("loc-no-host", E, PROTOCOL, "The <loc> has no host after the scheme.")
LOC_BAD_HOST = rule("loc-bad-host", E, PROTOCOL, "The host of the <loc> is not a valid host name.")
LOC_BAD_PORT = rule("loc-bad-port", E, PROTOCOL, "The port is not a number from 0 to 65535.")
LOC_USERINFO = rule(
    "loc-userinfo", E, STUDIO,
    "The <loc> carries user information (user@host): a look-alike trick, never a public page.")
LOC_TOO_LONG = rule(
    "loc-too-long", E, PROTOCOL,
    "The <loc> is 2,048 characters or longer (the protocol says less than 2,048).", xsd=None)
LOC_XSD_MAX_LENGTH = rule(
    "loc-xsd-max-length", E, XSD, "The <loc> is longer than the XSD's maxLength of 2,048.",
    protocol=None, google=None)
LOC_XSD_MIN_LENGTH = rule(
    "loc-xsd-min-length", E, XSD, "The <loc> is shorter than the XSD's minLength of 12.",
    protocol=None, google=None)
LOC_FRAGMENT = rule(
    "loc-fragment", W, STUDIO,
    "The <loc> has a #fragment, which crawlers drop: it duplicates the URL without it.",
    fix="Remove the fragment")
LOC_WHITESPACE = rule(
    "loc-whitespace", E, PROTOCOL, "Spaces, tabs or line breaks inside the <loc>.",
    fix="Remove tabs and line breaks, escape spaces as %20")
LOC_INVISIBLE = rule(
    "loc-invisible-character", E, STUDIO,
    "Invisible characters (zero-width, bidi controls, soft hyphen) or blanks that are not XML "
    "whitespace (no-break space, ...) in the <loc>.",
    fix="Remove invisible characters and surrounding blanks")
LOC_SURROUNDING_WHITESPACE = rule(
    "loc-surrounding-whitespace", N, XSD,
    "XML whitespace around the <loc> value (trimmed; anyURI collapses whitespace).",
    fix="Trim the blanks")
LOC_NOT_ESCAPED = rule(
    "loc-not-escaped", W, PROTOCOL,
    "Non-ASCII characters that are not percent-encoded (an IRI rather than a URL).",
    fix=FIX_ESCAPE, google=N)
LOC_UNESCAPED_CHARACTER = rule(
    "loc-unescaped-character", E, PROTOCOL,
    'Characters that may not appear unescaped in a URL: < > " { } | \\ ^ `.', fix=FIX_ESCAPE)
LOC_BAD_ESCAPE = rule(
    "loc-bad-percent-escape", E, PROTOCOL, "A % that does not start a %XX escape.",
    fix=FIX_ESCAPE)
LOC_PRIVATE_HOST = rule(
    "loc-private-host", W, STUDIO,
    "A localhost, loopback or private-network host: a sitemap built with a development base URL.")

_BAD_ESCAPE_RE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_SCHEME_RE = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
_HOST_LABEL_RE = re.compile(r"[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?|[a-z0-9_-]+")
# "example.com/page", "example.com:8080": a host name whose last label is not a file extension.
_BARE_HOST_RE = re.compile(
    r"(?:[A-Za-z0-9-]+\.)+(?!(?:html?|php|aspx?|jsp|xml|txt|gz)(?:[/?#:]|\Z))[A-Za-z]{2,}(?:[/?#:]|\Z)")
_UNSAFE_RE = re.compile(r'[<>"{}|\\^`]')


def _loc_fix(label: str, transform: Callable[[str], str]) -> QuickFix:
    def apply(entry: Entry) -> Entry:
        if entry.loc is None:
            return entry
        raw = {name: text for name, text in entry.raw.items() if name != "loc"}
        return replace(entry, loc=transform(entry.loc), raw=raw)

    return QuickFix(label, apply)


def _strip_invisible(text: str) -> str:
    # What a browser would request: ends trimmed, format characters gone, other blanks escaped.
    trimmed = text.strip()
    trimmed = "".join(char for char in trimmed if not _is_format(char))
    return percent_encode_iri(trimmed) if not trimmed.isascii() else trimmed


def _is_format(char: str) -> bool:
    return INVISIBLE_RE.match(char) is not None and not char.isspace()


def _fix_whitespace(text: str) -> str:
    return text.replace("\t", "").replace("\n", "").replace("\r", "").replace(" ", "%20")


FIX_FRAGMENT = _loc_fix("Remove the fragment", lambda text: text.partition("#")[0])
FIX_TRIM = _loc_fix("Trim the blanks", lambda text: text.strip(XML_WHITESPACE))
FIX_INVISIBLE = _loc_fix("Remove invisible characters and surrounding blanks", _strip_invisible)
FIX_WHITESPACE = _loc_fix("Remove tabs and line breaks, escape spaces as %20", _fix_whitespace)
FIX_PERCENT_ENCODE = _loc_fix(FIX_ESCAPE, percent_encode_iri)


# --- one location on its own --------------------------------------------------------------------


def loc_is_plain(value: str, scope: Scope | None, index: bool = False) -> bool:
    """Whether :func:`check_loc` would find nothing in ``value`` (written without blanks).

    ``False`` does not mean there is a problem, only that the full check must run.
    """
    if not 12 <= len(value) < 2048:
        return False
    match = PLAIN_URL_RE.match(value)
    return (match is not None and _host_problem(match.group(1)) is None
            and ("%" not in value or _BAD_ESCAPE_RE.search(value) is None)
            and not may_have_double_slash(value)
            and off_site_placeholder(match.group(1), scope) is None
            and (scope is None or scope.holds(value, index)))


def check_loc(value: str | None, raw: str | None, report: Reporter, ctx: ValidationContext,
              scope: Scope | None, *, index: bool = False) -> None:
    """Judge one ``<loc>`` value on its own; report through ``report``.

    Args:
        value: the text trimmed of XML whitespace; ``None`` when the element is
            absent (the engine reports that itself).
        raw: the text as written when it differs from ``value``, else ``None``.
        report: collects the findings of this entry.
        ctx: the validation settings; the profile is applied by ``report``,
            and the site by ``scope`` (built from ``ctx`` by the engine).
        scope: the site the entry should belong to, if known: ``check_loc``
            runs :meth:`Scope.check` itself (do not call both).
        index: whether the entry is a ``<sitemap>`` in a sitemap index.
    """
    if value is None:
        return
    if (raw is None or raw == value) and 12 <= len(value) < 2048:
        match = PLAIN_URL_RE.match(value)
        if (match is not None and _host_problem(match.group(1)) is None
                and ("%" not in value or _BAD_ESCAPE_RE.search(value) is None)
                and not may_have_double_slash(value)
                and off_site_placeholder(match.group(1), scope) is None):
            if scope is not None:
                scope.check(value, report, index=index)
            return
    _check_loc_slowly(value, raw, report, scope, "sitemap location" if index else "URL")
    if scope is not None:
        scope.check(value, report, index=index)


def _check_loc_slowly(value: str, raw: str | None, report: Reporter, scope: Scope | None,
                      noun: str) -> None:
    if not value or INVISIBLE_RE.sub("", value) == "":
        shown = f": {reveal_invisible(value, limit=100)}" if value else ""
        report(LOC_EMPTY, f"The {noun} is empty{' apart from blanks' if value else ''}{shown}.",
               field="loc")
        return
    if raw is not None and raw != value and raw.strip(XML_WHITESPACE) == value:
        blanks = raw[: len(raw) - len(raw.lstrip(XML_WHITESPACE))] + raw[len(raw.rstrip(
            XML_WHITESPACE)):]
        report(LOC_SURROUNDING_WHITESPACE,
               f"Whitespace around the {noun} ({_count_blanks(blanks)}) is trimmed: harmless "
               "(XML whitespace), but cleaner without.", field="loc", fix=FIX_TRIM)
    odd = INVISIBLE_RE.findall(value)
    if odd:
        _report_blanks(value, odd, report, noun)
    cleaned = INVISIBLE_RE.sub("", value) if odd else value

    scheme_match = _SCHEME_RE.match(cleaned)
    if scheme_match is None or cleaned[scheme_match.end():][:1].isdigit():
        _report_relative(cleaned, report, noun)
        _check_length(value, report, noun)  # the XSD's length facets judge any URI
        return
    scheme = scheme_match.group(1)
    if scheme.lower() not in DEFAULT_PORTS:
        report(LOC_UNSUPPORTED_SCHEME,
               f"{scheme}: is an unsafe or unsupported scheme; a sitemap may only list http and "
               f"https addresses ({noun}: {reveal_invisible(value, limit=80)}).", field="loc")
        _check_length(value, report, noun)
        return
    parts = parse_url(cleaned)
    if parts is None or not parts.host:
        report(LOC_NO_HOST, f"The {noun} has no host: http and https URLs are written "
               f"scheme://host/path ({reveal_invisible(value, limit=80)}).", field="loc")
        _check_length(value, report, noun)
        return
    if parts.userinfo is not None:
        report(LOC_USERINFO,
               f"The {noun} has user information before the host "
               f"({reveal_invisible(parts.userinfo, limit=60)}@): the real host is "
               f"{display_host(parts.host)}.", field="loc")
    host_error = _host_error(parts.host, parts.valid_authority)
    if host_error:
        report(LOC_BAD_HOST, f"The host {display_host(parts.host)} {host_error}.", field="loc")
    if parts.port and not (parts.port.isascii() and parts.port.isdigit()
                           and int(parts.port) <= 65535):
        report(LOC_BAD_PORT, f"The port {reveal_invisible(parts.port, limit=40)} is not a "
               "number from 0 to 65535.", field="loc")
    _check_length(value, report, noun)
    if parts.fragment is not None:
        report(LOC_FRAGMENT,
               f"The {noun} has a fragment (#{reveal_invisible(parts.fragment, limit=40)}): "
               "fragments are ignored by crawlers; the URL duplicates the one without it.",
               field="loc", fix=FIX_FRAGMENT)
    _check_escaping(cleaned, report, noun)
    if not host_error:
        kind = private_host_kind(normalize_host(parts.host))
        if kind and not (scope is not None and scope.is_private_site
                         and scope.same_host(parts.host)):
            report(LOC_PRIVATE_HOST,
                   f"The host {display_host(parts.host)} is {kind}, which no crawler can reach: "
                   "built with a development base URL?", field="loc")
        if real_site_elsewhere(scope, parts.host):
            check_placeholder_host(normalize_host(parts.host), parts.port, report, noun)
    check_double_slash(cleaned, report, noun)


def _count_blanks(blanks: str) -> str:
    counts = (("space", blanks.count(" ")), ("tab", blanks.count("\t")),
              ("line break", blanks.count("\n") + blanks.count("\r") - blanks.count("\r\n")))
    return ", ".join(f"{count} {name}{'s' if count > 1 else ''}" for name, count in counts
                     if count)


def _report_blanks(value: str, odd: list[str], report: Reporter, noun: str) -> None:
    inner = [char for char in odd if char in XML_WHITESPACE]
    other = [char for char in odd if char not in XML_WHITESPACE]
    if other:
        names = ", ".join(dict.fromkeys(describe_char(char) for char in other))
        report(LOC_INVISIBLE,
               f"The {noun} contains characters that are invisible or blank and not XML "
               f"whitespace ({names}), so crawlers request a different address: "
               f"{reveal_invisible(value, limit=160)}.", field="loc", fix=FIX_INVISIBLE)
    if inner:
        names = ", ".join(dict.fromkeys(describe_char(char) for char in inner))
        report(LOC_WHITESPACE,
               f"The {noun} contains whitespace inside it ({names}): "
               f"{reveal_invisible(value, limit=160)}.", field="loc", fix=FIX_WHITESPACE)


def _report_relative(cleaned: str, report: Reporter, noun: str) -> None:
    if cleaned.startswith("//"):
        kind = "a protocol-relative URL"
    elif cleaned.startswith("/"):
        kind = "a path"
    elif _BARE_HOST_RE.match(cleaned):
        kind = "missing its scheme (https://)"
    else:
        kind = "a relative reference"
    which = "sitemap locations" if noun != "URL" else "URLs in a sitemap"
    report(LOC_NOT_ABSOLUTE,
           f"{reveal_invisible(cleaned, limit=80)} is {kind}, not an absolute URL; {which} must "
           "begin with http:// or https:// and are never resolved against the file's location.",
           field="loc")


def _check_length(value: str, report: Reporter, noun: str) -> None:
    length = len(value)
    if length >= 2048:
        xsd = ("the XSD's maxLength of 2,048 still allows it" if length == 2048
               else "the XSD's maxLength is 2,048")
        report(LOC_TOO_LONG, f"The {noun} is {length:,} characters long; the protocol requires "
               f"less than 2,048 characters ({xsd}).", field="loc")
    if length > 2048:
        report(LOC_XSD_MAX_LENGTH, f"The {noun} is {length:,} characters long; the XSD's "
               "maxLength is 2,048 (the protocol text says less than 2,048).", field="loc")
    if length < 12:
        report(LOC_XSD_MIN_LENGTH, f"The {noun} is only {length} characters long; the XSD's "
               "minLength is 12 (the protocol text sets no minimum).", field="loc")


def _check_escaping(cleaned: str, report: Reporter, noun: str) -> None:
    unsafe = sorted(set(_UNSAFE_RE.findall(cleaned)))
    if unsafe:
        report(LOC_UNESCAPED_CHARACTER,
               f"The {noun} contains characters that must be percent-encoded: "
               f"{' '.join(unsafe)}.", field="loc", fix=FIX_PERCENT_ENCODE)
    if "%" in cleaned and _BAD_ESCAPE_RE.search(cleaned):
        report(LOC_BAD_ESCAPE, f"The {noun} has a % that starts no %XX escape; write a "
               "literal % as %25.", field="loc", fix=FIX_PERCENT_ENCODE)
    if not cleaned.isascii():
        parts = parse_url(cleaned)
        if parts is not None and not parts.host.isascii():
            where = (f"in the host, which should be written "
                     f"{reveal_invisible(normalize_host(parts.host), limit=80)}")
            sample = [char for char in parts.host if not char.isascii()]
        else:
            where = "not URL-escaped"
            sample = [char for char in cleaned if not char.isascii()]
        shown = ", ".join(describe_char(char) if is_invisible(char) else f"{char} "
                          f"{describe_char(char)}" for char in dict.fromkeys(sample[:40]))
        report(LOC_NOT_ESCAPED,
               f"The {noun} has non-ASCII characters {where} ({_shorten(shown)}): the protocol "
               "requires URL-escaping; Google tolerates it.", field="loc", fix=FIX_PERCENT_ENCODE)


def _shorten(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@lru_cache(maxsize=4096)
def _host_error(host: str, valid_authority: bool) -> str | None:
    """Why ``host`` (as written) is not a valid host, or ``None``."""
    if host.startswith("["):
        if not valid_authority or not host.endswith("]"):
            return "is a broken IPv6 literal"
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return "is not a valid IPv6 address"
        return None
    name = normalize_host(host)
    if not name.isascii():
        return "is not a valid internationalised domain name"
    return _host_name_error(name)


def _host_name_error(name: str) -> str | None:
    if "%" in name:
        return "contains percent-escapes"
    labels = name[:-1].split(".") if name.endswith(".") else name.split(".")
    if len(name) > 254 or any(not label for label in labels):
        return "is not a valid host name (empty label or too long)"
    for label in labels:
        if len(label) > 63:
            return "has a label longer than 63 characters"
        if _HOST_LABEL_RE.fullmatch(label) is None:
            return "contains characters that are not allowed in a host name"
        if label.startswith("xn--") and host_to_unicode(label) == label:
            return f"has an invalid punycode label ({label})"
    if ends_in_number(name) and ipv4_number(name) is None:
        return "ends in a number but is not a valid IPv4 address"
    return None


@lru_cache(maxsize=4096)
def _host_problem(host: str) -> str | None:
    """For the fast path: why a lower-case ASCII host needs the careful path, or ``None``."""
    return private_host_kind(host) or _host_name_error(host)


