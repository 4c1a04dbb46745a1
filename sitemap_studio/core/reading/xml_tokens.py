"""Byte-level XML tokens for locating things in a document already known to be well-formed.

lxml decides whether a document is well-formed; these patterns only find the
byte offsets lxml does not report (where each entry starts and ends), so the
writer can put every untouched byte back exactly as it was.
"""

from __future__ import annotations

import html
import re

#: One markup or text token. Group names say what was matched.
TOKEN = re.compile(
    rb"""
    (?P<ws>[ \t\r\n]+)
  | (?P<comment><!--.*?-->)
  | (?P<cdata><!\[CDATA\[.*?\]\]>)
  | (?P<pi><\?.*?\?>)
  | (?P<decl><![A-Za-z][^>]*>)
  | (?P<end></[^>]*>)
  | (?P<start><[^!?/](?:[^>"']|"[^"]*"|'[^']*')*>)
  | (?P<text>[^<]+)
    """,
    re.VERBOSE | re.DOTALL,
)

#: Name of the element a start or end tag opens or closes.
TAG_NAME = re.compile(rb"</?([^\s/>]+)")

#: One attribute inside a start tag.
ATTRIBUTE = re.compile(rb"""\s+([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')""")

XML_WHITESPACE = " \t\r\n"
XML_WHITESPACE_BYTES = b" \t\r\n"


def split_qname(qname: bytes) -> tuple[str, str]:
    """Split ``prefix:local`` into its parts; the prefix is ``""`` when absent."""
    text = qname.decode("utf-8", "replace")
    prefix, _, local = text.rpartition(":")
    return prefix, local


def attributes(start_tag: bytes) -> list[tuple[str, str]]:
    """The attributes of a start tag as (qualified name, unescaped value) pairs, in order."""
    inner = TAG_NAME.sub(b"", start_tag, count=1)
    return [
        (name.decode("utf-8", "replace"), unescape(value[1:-1].decode("utf-8", "replace")))
        for name, value in ATTRIBUTE.findall(inner)
    ]


def namespace_declarations(attrs: list[tuple[str, str]]) -> dict[str, str]:
    """The ``xmlns``/``xmlns:p`` declarations among ``attrs``, by prefix (``""`` = default)."""
    decls: dict[str, str] = {}
    for name, value in attrs:
        if name == "xmlns":
            decls[""] = value
        elif name.startswith("xmlns:"):
            decls[name[6:]] = value
    return decls


def unescape(text: str) -> str:
    """Replace XML's predefined entities and character references (no others exist here)."""
    if "&" not in text:
        return text
    return text if _NOT_XML_REF.search(text) else html.unescape(text)


#: An ``&`` that does not start one of XML's references (then the text is left as it is).
#: Searched for, rather than matching the whole text as a repetition of characters and
#: references: that keeps a backtracking point per character and is 10 times slower.
_NOT_XML_REF = re.compile(r"&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)")


def is_self_closing(start_tag: bytes) -> bool:
    """Whether a start tag ends with ``/>``."""
    return start_tag.endswith(b"/>")
