"""The one place that builds XML parsers.

Every parser here is hardened the same way: no DTD loading, no entity
resolution, no network, no XInclude, and a resolver that refuses every
external resource. Documents that carry a DOCTYPE are refused before any
parser sees them (see :mod:`sitemap_studio.core.reading.prolog`). Nothing else in the
project may call ``etree.parse``, ``iterparse``, ``fromstring`` or
``XMLParser``; a test enforces it.
"""

from __future__ import annotations

import re

from lxml import etree

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report

#: How much input the well-formedness check feeds libxml2 at a time.
CHUNK = 1 << 20


class ExternalResourceRefused(Exception):
    """Raised by the resolver whenever libxml2 asks for any external resource."""


class DenyAllResolver(etree.Resolver):  # type: ignore[misc]  # lxml has no type information
    """A resolver that refuses every URL, system id and public id.

    libxml2 before 2.15 may still try to load external parameter entities for
    some option combinations even with entity resolution off; this resolver
    makes sure such a request never reaches a file or the network.
    """

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[str] = []

    def resolve(self, system_url: str | None, public_id: str | None, context: object) -> None:
        """Refuse the resource (overrides ``etree.Resolver.resolve``)."""
        self.requests.append(system_url or public_id or "")
        raise ExternalResourceRefused(f"external resource refused: {system_url or public_id}")


def _hardened_options() -> dict[str, object]:
    return {
        "resolve_entities": False,
        "no_network": True,
        "load_dtd": False,
        "dtd_validation": False,
        "attribute_defaults": False,
        "huge_tree": False,
        "remove_comments": False,
        "remove_pis": False,
        "strip_cdata": False,
        "collect_ids": False,
    }


class _NullTarget:
    """A parser target with no callbacks: libxml2 checks the document, builds nothing."""

    def close(self) -> None:
        """End of document (parser target protocol)."""
        return None


def make_check_parser() -> etree.XMLParser:
    """Build a parser that checks well-formedness and encoding without building a tree."""
    parser = etree.XMLParser(target=_NullTarget(), **_hardened_options())
    parser.resolvers.add(DenyAllResolver())
    return parser


def make_tree_parser() -> etree.XMLParser:
    """Build a parser that builds an lxml tree, keeping comments, PIs and CDATA."""
    parser = etree.XMLParser(**_hardened_options())
    parser.resolvers.add(DenyAllResolver())
    return parser


def check_well_formed(
    data: bytes,
    *,
    path: str | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> None:
    """Raise :class:`ReadError` with line and column if ``data`` is not well-formed XML.

    Memory stays flat whatever the size: no tree is built.
    """
    parser = make_check_parser()
    total = len(data)
    try:
        for offset in range(0, total, CHUNK):
            check(cancel)
            parser.feed(data[offset : offset + CHUNK])
            report(progress, min(offset + CHUNK, total), total)
        parser.close()
    except etree.XMLSyntaxError as exc:
        raise syntax_error(exc, data, path) from None
    except ExternalResourceRefused as exc:
        raise ReadError(str(exc), path=path, code="external-resource") from None


def parse_tree(data: bytes, *, path: str | None = None) -> etree._Element:
    """Parse a small document (a feed, a fragment) into a tree, hardened."""
    try:
        return etree.fromstring(data, make_tree_parser())
    except etree.XMLSyntaxError as exc:
        raise syntax_error(exc, data, path) from None
    except ExternalResourceRefused as exc:
        raise ReadError(str(exc), path=path, code="external-resource") from None


def parse_html(data: bytes, encoding: str | None = None) -> etree._Element | None:
    """Parse an HTML page (or the first part of one) leniently; ``None`` when nothing parses.

    libxml2's HTML parser, with no network and no huge-tree allowance: it
    recovers from any markup, so a page cut short still gives its head.
    ``encoding`` (from the ``Content-Type`` header) wins over the page's own
    ``<meta charset>``; without it the parser reads the page's declaration.
    """
    parser = etree.HTMLParser(no_network=True, huge_tree=False, remove_comments=True,
                              remove_pis=True, encoding=encoding, default_doctype=False)
    try:
        root = etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError, LookupError):
        return None
    return root


def syntax_error(exc: etree.XMLSyntaxError, data: bytes, path: str | None) -> ReadError:
    """Turn libxml2's message into one a webmaster understands, keeping the location."""
    raw = (exc.msg or str(exc)).strip()
    raw = re.sub(r",\s*line \d+, column \d+$", "", raw)
    line, column = exc.position if exc.position and exc.position[0] > 0 else (None, None)
    text = _line_text(data, line)
    conflict = _conflict(text)
    message = conflict or _explain(raw, data, line, column)
    if conflict is not None and text is not None:
        column = len(text) - len(text.lstrip()) + 1  # the marker itself
    elif message.startswith("unescaped '&'") and text is not None and column is not None:
        # libxml2 points past the name after the '&'; point at the '&' itself.
        amp = text.rfind("&", 0, column)
        column = amp + 1 if amp >= 0 else column
    error = ReadError(message, path=path, line=line, column=column, code="not-well-formed")
    error.source_line = text
    return error


#: Lines version control leaves in a file whose merge conflict was not resolved.
_CONFLICT_MARKERS = ("<<<<<<<", "=======", ">>>>>>>", "|||||||")


def _conflict(line: str | None) -> str | None:
    if line is not None and line.lstrip().startswith(_CONFLICT_MARKERS):
        return ("merge-conflict markers (<<<<<<<, =======, >>>>>>>) are left in the file: "
                "keep one version, delete the marker lines, then open it again "
                "(not well-formed XML)")
    return None


def _line_text(data: bytes, line: int | None, limit: int = 200) -> str | None:
    """Line ``line`` of ``data`` (1-based) as text, cut at ``limit`` characters."""
    if line is None or line < 1:
        return None
    start = 0
    for _ in range(line - 1):
        start = data.find(b"\n", start) + 1
        if start == 0:
            return None
    end = data.find(b"\n", start, start + 4 * limit)
    raw = data[start : end if end >= 0 else start + 4 * limit]
    return raw.decode("utf-8", "replace").rstrip("\r")[:limit]


def _explain(message: str, data: bytes, line: int | None, column: int | None) -> str:
    if message.startswith("Invalid bytes in character encoding") or "not proper UTF-8" in message:
        return (f"invalid UTF-8: {_bad_bytes(data, line)} cannot be decoded "
                "(the file says it is UTF-8; was it saved as Windows-1252 or ISO-8859-1?)")
    if message.startswith("EntityRef: expecting ';'") or message.startswith(
        "xmlParseEntityRef: no name"
    ):
        return "unescaped '&': write & as &amp; inside sitemap values (not well-formed XML)"
    found = re.match(r"Entity '([^']+)' not defined", message)
    if found:
        return (f"undefined entity '&{found.group(1)};': HTML entities do not exist in XML; "
                "write the character itself or a numeric reference")
    found = re.match(r"(?:PCDATA|CData section|Char 0x[0-9A-F]+|xmlParseCharRef:).*?"
                     r"(?:invalid )?(?:Char value|xmlChar) (\d+)", message)
    if found:
        return (f"illegal character U+{int(found.group(1)):04X}: control characters are not "
                "allowed in XML 1.0")
    if message.startswith("Premature end of data") or message.startswith("EndTag: '</' not found"):
        return f"unexpected end of file: the document is incomplete (truncated?) ({message})"
    if message == "no element found" or message.startswith("Document is empty"):
        return "unexpected end of file: no root element"
    if message.startswith("Excessive depth in document"):
        return "nesting too deep: elements are nested more than 256 levels"
    if message.startswith("StartTag: invalid element name"):
        return ("a '<' that does not start a tag: write < as &lt; inside sitemap values "
                "(not well-formed XML)")
    found = re.match(r"Opening and ending tag mismatch: (\S+) line (\d+) and (\S+)", message)
    if found:
        return (f"the tag <{found.group(1)}> opened on line {found.group(2)} is closed by "
                f"</{found.group(3)}>: a closing tag is missing or misspelt (not well-formed XML)")
    if message.startswith("Extra content at the end of the document"):
        return ("text after the end of the root element: a sitemap has one root element "
                "(not well-formed XML)")
    if message.startswith("Start tag expected"):
        return "not well-formed XML: the file does not start with a tag"
    found = re.match(r"Attribute (\S+) redefined", message)
    if found:
        return f"attribute '{found.group(1)}' redefined (not well-formed XML)"
    return f"not well-formed XML: {message}"


def _bad_bytes(data: bytes, line: int | None) -> str:
    """Name the first byte that is not valid UTF-8 on ``line`` (or anywhere)."""
    start = 0
    if line is not None and line > 1:
        for _ in range(line - 1):
            nl = data.find(b"\n", start)
            if nl < 0:
                break
            start = nl + 1
    end = data.find(b"\n", start)
    segment = data[start : end if end >= 0 else len(data)]
    try:
        segment.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = segment[exc.start : exc.end]
        return "byte " + " ".join(f"0x{b:02X}" for b in bad)
    return "a byte sequence"
