"""Escaping text for XML element content, refusing what XML 1.0 cannot hold."""

from __future__ import annotations

import re

from sitemap_studio.core.model.errors import SitemapError

#: Characters XML 1.0 cannot carry at all, not even as references.
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udfff]")
#: What each character that needs it becomes; ``&`` first, so no reference is escaped again.
_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\r", "&#13;"))


def escape_text(value: str) -> str:
    """Escape ``value`` for element content; refuse characters XML cannot hold."""
    bad = _ILLEGAL.search(value)
    if bad:
        raise SitemapError(
            f"the value contains U+{ord(bad.group()):04X}, which XML 1.0 cannot hold: "
            f"{value[:80]!r}", code="illegal-character")
    # Most values need nothing: a look for each character is far quicker than str.translate.
    for char, reference in _ESCAPES:
        if char in value:
            value = value.replace(char, reference)
    return value
