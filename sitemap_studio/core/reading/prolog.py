"""Read the prolog of an XML document up to its root start tag, refusing what is unsafe.

This runs before any XML parser sees the bytes: a DOCTYPE (and with it every
entity declaration) is refused here, and an HTML page is recognised for what
it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.text_position import line_column
from sitemap_studio.core.reading.xml_tokens import (
    TAG_NAME,
    TOKEN,
    attributes,
    is_self_closing,
    namespace_declarations,
    split_qname,
)

_STYLESHEET_HREF = re.compile(r"""href\s*=\s*(?:"([^"]*)"|'([^']*)')""")


@dataclass(slots=True)
class Prolog:
    """What comes before and in the root start tag."""

    root_start: int
    root_tag_end: int
    root_qname: bytes
    prefix: str
    local_name: str
    namespace: str | None
    self_closing: bool
    attributes: list[tuple[str, str]]
    namespaces: dict[str, str]
    stylesheets: list[str] = field(default_factory=list)
    processing_instructions: int = 0
    comments: int = 0


def looks_like_markup(utf8: bytes) -> bool:
    """Whether the first non-blank byte is ``<`` (XML or HTML rather than text)."""
    stripped = utf8.lstrip(b" \t\r\n")
    return stripped.startswith(b"<")


def read_prolog(utf8: bytes, *, path: str | None = None) -> Prolog:
    """Scan the prolog; raise :class:`ReadError` for DOCTYPEs, HTML and non-XML starts."""
    pos = 0
    stylesheets: list[str] = []
    pis = comments = 0
    size = len(utf8)
    while pos < size:
        match = TOKEN.match(utf8, pos)
        if match is None:
            break
        kind = match.lastgroup
        token = match.group()
        if kind == "ws":
            pass
        elif kind == "comment":
            comments += 1
        elif kind == "pi":
            if token.startswith(b"<?xml-stylesheet"):
                href = _STYLESHEET_HREF.search(token.decode("utf-8", "replace"))
                if href:
                    stylesheets.append(href.group(1) or href.group(2) or "")
            if not re.match(rb"<\?xml[\s?]", token):
                pis += 1
        elif kind == "decl":
            _refuse_declaration(utf8, pos, token, path)
        elif kind == "start":
            return _root(utf8, match, path, stylesheets, pis, comments)
        else:
            break
        pos = match.end()
    line, column = line_column(utf8, pos)
    raise ReadError(
        "no root element: expected <urlset> or <sitemapindex>",
        path=path, line=line, column=column, code="no-root",
    )


def _refuse_declaration(utf8: bytes, pos: int, token: bytes, path: str | None) -> None:
    line, column = line_column(utf8, pos)
    if re.match(rb"<!DOCTYPE\s+html", token, re.IGNORECASE):
        raise ReadError(
            "this is an HTML page (an error or login page?), not a sitemap",
            path=path, line=line, column=column, code="html-page",
        )
    if token.upper().startswith(b"<!DOCTYPE"):
        raise ReadError(
            "refused: the document has a DOCTYPE. Sitemaps never need one, and DTDs and "
            "entity declarations are how XML files read local files, call servers or expand "
            "to gigabytes, so Sitemap Studio does not open them",
            path=path, line=line, column=column, code="doctype-refused",
        )
    raise ReadError(
        f"refused: unexpected markup declaration {token[:20].decode('utf-8', 'replace')!r}",
        path=path, line=line, column=column, code="doctype-refused",
    )


def _root(
    utf8: bytes,
    match: re.Match[bytes],
    path: str | None,
    stylesheets: list[str],
    pis: int,
    comments: int,
) -> Prolog:
    tag = match.group()
    name_match = TAG_NAME.match(tag)
    qname = name_match.group(1) if name_match else b""
    prefix, local = split_qname(qname)
    attrs = attributes(tag)
    namespaces = namespace_declarations(attrs)
    if local.lower() == "html":
        line, column = line_column(utf8, match.start())
        raise ReadError(
            "this is an HTML page (an error or login page?), not a sitemap",
            path=path, line=line, column=column, code="html-page",
        )
    return Prolog(
        root_start=match.start(),
        root_tag_end=match.end(),
        root_qname=qname,
        prefix=prefix,
        local_name=local,
        namespace=namespaces.get(prefix),
        self_closing=is_self_closing(tag),
        attributes=attrs,
        namespaces=namespaces,
        stylesheets=stylesheets,
        processing_instructions=pis,
        comments=comments,
    )
