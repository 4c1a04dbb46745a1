"""Showing URLs and hosts in messages: invisible and blank characters spelled out.

:func:`reveal_invisible` makes invisible and blank characters readable
(``⟨U+00A0 NO-BREAK SPACE⟩``); :func:`display_host` also shows a host's Unicode
and punycode forms side by side.
"""

from __future__ import annotations

import re
import unicodedata

from sitemap_studio.core.urls.host_names import host_to_unicode, normalize_host

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
