"""Percent-encoding in URLs: which characters each part may hold as is, and escaping the rest.

:func:`percent_escape` escapes what a pattern finds as UTF-8 ``%XX`` and, when
asked, normalises existing escapes (RFC 3986 section 6.2.2.2: escaped
unreserved characters decoded, the hex of the others in upper case). It is the
shared step of URL normalisation, host normalisation and the IRI quick fix.
"""

from __future__ import annotations

import re

#: RFC 3986 unreserved characters: their escapes decode to the character itself.
UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

# Characters that may stand unescaped in a path or query (RFC 3986 pchar, "/",
# "?", and "[" "]" which browsers accept); anything else gets escaped.
ESCAPE_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?\[\]]")
ESCAPE_FRAGMENT_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]")
ESCAPE_USERINFO_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:]")
ESCAPE_HOST_RE = re.compile(r"%[0-9A-Fa-f]{2}|%|[^A-Za-z0-9\-._~!$&'()*+,;=:\[\]]")
HEX_ESCAPE_RE = re.compile(r"%[0-9A-Fa-f]{2}")


def percent_escape(text: str, pattern: re.Pattern[str], *, decode: bool) -> str:
    """Escape what ``pattern`` finds; with ``decode``, also normalise existing escapes."""
    if not text:
        return text

    def replace(match: re.Match[str]) -> str:
        found = match.group(0)
        if len(found) == 3 and found[0] == "%":
            if not decode:
                return found
            char = chr(int(found[1:], 16))
            return char if char in UNRESERVED else found.upper()
        if found == "%":
            return "%25"
        return "".join(f"%{byte:02X}" for byte in found.encode("utf-8", "surrogatepass"))

    return pattern.sub(replace, text)
