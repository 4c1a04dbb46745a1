"""Detect a document's text encoding and transcode it to and from UTF-8.

The rest of the core works on UTF-8 bytes without a byte order mark. This
module finds the original encoding (XML 1.0 Appendix F), converts to UTF-8 and
back, and turns undecodable bytes into errors that name the line and column.
UTF-8 input is passed through without a copy; the XML parser validates it.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity

_UTF8 = "utf-8"
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
)
_UTF32_STARTS = (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\x00<", b"<\x00\x00\x00")
_UTF16_STARTS = ((b"<\x00?\x00", "utf-16-le"), (b"\x00<\x00?", "utf-16-be"))
#: How much of the start of the document may hold the XML declaration.
_HEAD = 1024  # characters
_XML_DECL = re.compile(r"<\?xml[ \t\r\n][^<>]*?\?>")
_ENCODING = re.compile(r"[ \t\r\n]encoding[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"<>]*)\"|'([^'<>]*)')")
_ENC_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]*")  # XML 1.0 EncName
#: Python codecs that are transformations or escapes, not character sets.
_NOT_CHARSETS = frozenset(
    {"idna", "punycode", "raw-unicode-escape", "unicode-escape", "undefined", "utf-7"}
)
#: Codecs whose decode/encode is an exact round trip for every decodable input.
_EXACT = frozenset({"iso8859-1", "cp1252", "ascii", "utf-16-le", "utf-16-be"})
_LABELS = {
    "utf-8": "UTF-8",
    "utf-16-le": "UTF-16LE",
    "utf-16-be": "UTF-16BE",
    "iso8859-1": "ISO-8859-1",
    "cp1252": "windows-1252",
    "ascii": "US-ASCII",
}
_CONTINUATION_BYTES = bytes(range(0x80, 0xC0))
_VALIDATE_STEP = 256 << 10  # bytes; the str built per step is dropped at once
_NO_UTF32 = "UTF-32 is not supported; save the file as UTF-8"


@dataclass(frozen=True, slots=True)
class TextEncoding:
    """How a document's text was stored.

    Attributes:
        name: Normalised Python codec name of the original bytes (``utf-8``,
            ``utf-16-le``, ``utf-16-be``, ``iso8859-1``, ``cp1252``...).
        bom: The byte order mark found at the start, ``b''`` if none.
        declared: The XML declaration's encoding as written, or ``None``.
    """

    name: str
    bom: bytes = b""
    declared: str | None = None


@dataclass(slots=True)
class DecodedDocument:
    """A document as UTF-8 bytes without a BOM, with its original encoding.

    Attributes:
        utf8: The document as UTF-8 (the input object itself for UTF-8 without BOM).
        encoding: How to write the document back as it was stored.
        findings: File-level notes (not UTF-8, declaration contradicts the BOM).
    """

    utf8: bytes
    encoding: TextEncoding
    findings: list[Finding] = field(default_factory=list)


def sniff_encoding(data: bytes) -> TextEncoding:
    """Find a document's encoding from its BOM, first bytes and XML declaration.

    Follows XML 1.0 Appendix F; a BOM or UTF-16 byte pattern wins over the
    declaration. Without either, the encoding is UTF-8.

    Args:
        data: The document's bytes as stored.

    Returns:
        The encoding; ``declared`` keeps the declaration's spelling.

    Raises:
        ReadError: The document is UTF-32 (``unsupported-encoding``), declares
            an encoding Python does not know (``unknown-encoding``), or declares
            one its bytes cannot be in (``encoding-declaration-mismatch``).
    """
    head = data[:4]
    if head.startswith(_UTF32_STARTS):
        raise ReadError(_NO_UTF32, code="unsupported-encoding")
    for bom, name in _BOMS:
        if head.startswith(bom):
            return TextEncoding(name, bom, _declared(_match_after_bom(data, len(bom), name)))
    for start, name in _UTF16_STARTS:
        if head.startswith(start):
            return TextEncoding(name, b"", _declared(_match_after_bom(data, 0, name)))
    decl = _XML_DECL.match(data[:_HEAD].decode("iso8859-1"))
    declared = _declared(decl)
    if decl is None or declared is None:
        return TextEncoding(_UTF8)
    name = _codec_name(declared)
    if name.startswith("utf-32"):
        raise ReadError(_NO_UTF32, code="unsupported-encoding")
    if data[: decl.end()].decode(name, "replace") != decl.group():
        raise ReadError(
            f"the XML declaration says {declared}, but the file is not encoded that way",
            code="encoding-declaration-mismatch",
        )
    return TextEncoding(name, b"", declared)


def decode_document(data: bytes, *, path: str | None = None, xml: bool = True) -> DecodedDocument:
    """Convert a document to UTF-8 without BOM.

    UTF-8 is not checked for ``xml=True``: the XML parser does that and reports
    line and column. Text sitemaps (``xml=False``) are validated strictly here.

    Args:
        data: The document's bytes as stored (after gzip).
        path: Used in error messages.
        xml: False for a text sitemap.

    Returns:
        The UTF-8 bytes, the original encoding and notes.

    Raises:
        ReadError: See :func:`sniff_encoding`; ``invalid-encoding`` when bytes
            do not decode, with the line and column of the first bad byte.
    """
    try:
        encoding = sniff_encoding(data)
        findings = _declaration_findings(encoding)
        body = data[len(encoding.bom) :] if encoding.bom else data
        if encoding.name == _UTF8:
            if not xml:
                _validate_utf8(body)
            return DecodedDocument(body, encoding, findings)
        utf8 = _decode(body, encoding).encode(_UTF8)
    except ReadError as exc:
        if path is not None:
            exc.with_path(path)
        raise
    label = _label(encoding.name)
    if encoding.name != "ascii":  # ASCII is UTF-8 too
        how = f"encoded as {label}"
        if encoding.declared and not findings:
            how = f"declared and encoded as {encoding.declared}"
        findings.append(
            Finding(
                Severity.NOTICE,
                "encoding-not-utf8",
                f"{how}; sitemaps should be UTF-8",
                source=RuleSource.PROTOCOL,
            )
        )
    if encoding.name not in _EXACT and encode_document(utf8, encoding) != data:
        findings.append(
            Finding(
                Severity.WARNING,
                "encoding-not-reversible",
                f"some {label} byte sequences will be written differently on save",
            )
        )
    return DecodedDocument(utf8, encoding, findings)


def encode_document(utf8: bytes, encoding: TextEncoding) -> bytes:
    """Convert UTF-8 bytes back to the document's original encoding and BOM.

    The exact inverse of :func:`decode_document`. Characters the encoding
    cannot hold are written as XML character references (``&#NNNN;``).

    Args:
        utf8: The document as UTF-8 without BOM.
        encoding: The encoding to write, usually from :func:`decode_document`.

    Returns:
        The bytes to store (``utf8`` itself for UTF-8 without BOM).

    Raises:
        UnicodeDecodeError: ``utf8`` is not valid UTF-8 (a programming error).
    """
    if encoding.name == _UTF8:
        return encoding.bom + utf8 if encoding.bom else utf8
    text = utf8.decode(_UTF8)
    return encoding.bom + text.encode(encoding.name, "xmlcharrefreplace")


def locate_offset(data: bytes, offset: int) -> tuple[int, int]:
    """Give the 1-based line and column of a byte offset in UTF-8 bytes.

    ``\\r\\n``, ``\\r`` and ``\\n`` each end a line; the column counts
    characters, not bytes.

    Args:
        data: UTF-8 bytes without BOM.
        offset: A byte offset, ``0 <= offset <= len(data)``.

    Returns:
        ``(line, column)``.

    Raises:
        ValueError: ``offset`` is outside ``data``.
    """
    if not 0 <= offset <= len(data):
        raise ValueError(f"offset {offset} is outside 0..{len(data)}")
    breaks = data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset)
    line = 1 + breaks - data.count(b"\r\n", 0, offset)
    start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    column = 1 + len(data[start:offset].translate(None, _CONTINUATION_BYTES))
    return line, column


def _match_after_bom(data: bytes, start: int, codec: str) -> re.Match[str] | None:
    """Find a leading XML declaration in the encoding the first bytes show."""
    head = data[start : start + 4 * _HEAD]
    if codec.startswith("utf-16"):
        head = head[: min(len(head) // 2 * 2, 2 * _HEAD)]
    return _XML_DECL.match(head.decode(codec, "replace"))


def _declared(decl: re.Match[str] | None) -> str | None:
    """Return the encoding pseudo-attribute of an XML declaration, as written."""
    found = _ENCODING.search(decl.group()) if decl is not None else None
    if found is None:
        return None
    return found.group(1) if found.group(1) is not None else found.group(2)


def _codec_name(declared: str) -> str:
    """Map a declared encoding to a normalised Python codec name."""
    try:
        name = codecs.lookup(declared).name if _ENC_NAME.fullmatch(declared) else ""
        b"<\0".decode(name, "replace")  # LookupError for codecs such as base64
    except LookupError:
        name = ""
    if not name or name in _NOT_CHARSETS:
        raise ReadError(
            f"unknown encoding {declared!r} in the XML declaration", code="unknown-encoding"
        )
    return _UTF8 if name == "utf-8-sig" else name


def _declaration_findings(encoding: TextEncoding) -> list[Finding]:
    """Warn when the BOM or byte pattern contradicts the declaration."""
    if encoding.declared is None or not (encoding.bom or encoding.name.startswith("utf-16")):
        return []
    try:
        declared = _codec_name(encoding.declared)
    except ReadError:
        declared = ""
    if declared in (encoding.name, "utf-16" if encoding.name.startswith("utf-16") else _UTF8):
        return []
    found = "a byte order mark" if encoding.bom else "its first bytes"
    return [
        Finding(
            Severity.WARNING,
            "encoding-declaration-mismatch",
            f"declared as {encoding.declared} but {found} say {_label(encoding.name)}; "
            f"read it as {_label(encoding.name)}",
            source=RuleSource.XML,
        )
    ]


def _decode(body: bytes, encoding: TextEncoding) -> str:
    """Decode strictly, turning the first bad byte into a located ReadError."""
    try:
        return body.decode(encoding.name)
    except UnicodeDecodeError as exc:
        before = body[: exc.start].decode(encoding.name, "replace").encode(_UTF8)
        line, column = locate_offset(before, len(before))
        bad = exc.object[exc.start : exc.end]
        raise _invalid(_label(encoding.name), bad, exc.reason, line, column) from None


def _validate_utf8(body: bytes) -> None:
    """Check UTF-8 in steps (no whole-document str), raising at the first bad byte."""
    view = memoryview(body)
    pos = 0
    while pos < len(body):
        final = pos + _VALIDATE_STEP >= len(body)
        try:
            used = codecs.utf_8_decode(view[pos : pos + _VALIDATE_STEP], "strict", final)[1]
        except UnicodeDecodeError as exc:
            line, column = locate_offset(body, pos + exc.start)
            bad = body[pos + exc.start : pos + exc.end]
            raise _invalid("UTF-8", bad, exc.reason, line, column) from None
        pos += used


def _invalid(label: str, bad: bytes, reason: str, line: int, column: int) -> ReadError:
    """Build the error for bytes that are not valid in the document's encoding."""
    noun = "byte" if len(bad) == 1 else "bytes"
    shown = " ".join(f"0x{b:02X}" for b in bad)
    return ReadError(
        f"invalid {label} at line {line}, column {column}: {noun} {shown} ({reason})",
        line=line,
        column=column,
        code="invalid-encoding",
    )


def _label(name: str) -> str:
    """The usual spelling of an encoding for messages."""
    return _LABELS.get(name, name.upper())
