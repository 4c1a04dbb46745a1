"""Tests for sitemap_studio.core.reading.encoding: sniffing, transcoding and positions."""

from __future__ import annotations

import codecs
import re
import tracemalloc
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading import encoding as encoding_module
from sitemap_studio.core.reading.encoding import (
    DecodedDocument,
    TextEncoding,
    decode_document,
    encode_document,
    locate_offset,
    sniff_encoding,
)

BODY = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    "  <url><loc>https://example.com/café</loc></url>\n"
    "</urlset>\n"
)


def doc(encoding: str | None, body: str = BODY, quote: str = '"') -> str:
    """A sitemap with an XML declaration naming ``encoding`` (none when ``None``)."""
    if encoding is None:
        return '<?xml version="1.0"?>\n' + body
    return f"<?xml version={quote}1.0{quote} encoding={quote}{encoding}{quote}?>\n" + body


def codes(decoded: DecodedDocument) -> list[tuple[Severity, str]]:
    return [(f.severity, f.code) for f in decoded.findings]


# --- sniff_encoding -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "name", "bom", "declared"),
    [
        (b"<urlset/>", "utf-8", b"", None),
        (b"", "utf-8", b"", None),
        (doc("UTF-8").encode(), "utf-8", b"", "UTF-8"),
        (doc("iso-8859-1", quote="'").encode("latin-1"), "iso8859-1", b"", "iso-8859-1"),
        (doc("windows-1252").encode("cp1252"), "cp1252", b"", "windows-1252"),
        (codecs.BOM_UTF8 + doc(None).encode(), "utf-8", codecs.BOM_UTF8, None),
        (b"\xff\xfe" + doc("UTF-16").encode("utf-16-le"), "utf-16-le", b"\xff\xfe", "UTF-16"),
        (b"\xfe\xff" + doc("UTF-16").encode("utf-16-be"), "utf-16-be", b"\xfe\xff", "UTF-16"),
        (doc("UTF-16").encode("utf-16-le"), "utf-16-le", b"", "UTF-16"),
        (doc("UTF-16").encode("utf-16-be"), "utf-16-be", b"", "UTF-16"),
        (b'<?xml version="1.0"\n   encoding = "Shift_JIS" ?><a/>', "shift_jis", b"", "Shift_JIS"),
        (b'  <?xml version="1.0" encoding="latin-1"?>', "utf-8", b"", None),  # not at the start
    ],
)
def test_sniff_encoding(data: bytes, name: str, bom: bytes, declared: str | None) -> None:
    assert sniff_encoding(data) == TextEncoding(name, bom, declared)


@pytest.mark.parametrize(
    "data",
    [
        codecs.BOM_UTF32_LE + "<a/>".encode("utf-32-le"),
        codecs.BOM_UTF32_BE + "<a/>".encode("utf-32-be"),
        "<a/>".encode("utf-32-le"),
        doc("UTF-32").encode(),
    ],
)
def test_utf32_is_refused(data: bytes) -> None:
    with pytest.raises(ReadError, match="UTF-32 is not supported") as info:
        sniff_encoding(data)
    assert info.value.code == "unsupported-encoding"


def test_declared_utf16_in_single_byte_text_is_refused() -> None:
    with pytest.raises(ReadError, match="says UTF-16") as info:
        decode_document(doc("UTF-16").encode(), path="s.xml")
    assert info.value.code == "encoding-declaration-mismatch"
    assert info.value.path == "s.xml"


@pytest.mark.parametrize("name", ["klingon-8", "base64", "unicode_escape", "rot13", "utf 8"])
def test_unknown_encoding_is_refused_by_name(name: str) -> None:
    with pytest.raises(ReadError) as info:
        decode_document(doc(name).encode(), path="s.xml")
    assert info.value.code == "unknown-encoding"
    assert repr(name) in info.value.message
    assert info.value.path == "s.xml"


# --- decode_document ------------------------------------------------------------------


def test_utf8_without_bom_is_passed_through_without_copy() -> None:
    data = doc("UTF-8").encode()
    decoded = decode_document(data)
    assert decoded.utf8 is data
    assert decoded.encoding == TextEncoding("utf-8", b"", "UTF-8")
    assert decoded.findings == []
    assert encode_document(decoded.utf8, decoded.encoding) is data


@pytest.mark.parametrize("xml", [True, False])
def test_utf8_bom_is_stripped_and_restored(xml: bool) -> None:
    data = codecs.BOM_UTF8 + doc("UTF-8").encode()
    decoded = decode_document(data, xml=xml)
    assert decoded.utf8 == doc("UTF-8").encode()
    assert decoded.encoding.bom == codecs.BOM_UTF8
    assert decoded.findings == []
    assert encode_document(decoded.utf8, decoded.encoding) == data


def test_invalid_utf8_is_left_to_the_xml_parser() -> None:
    data = doc("UTF-8").encode().replace("é".encode(), b"\xe9")
    assert decode_document(data).utf8 is data


def test_invalid_utf8_in_text_sitemap_names_byte_line_and_column() -> None:
    data = "https://example.com/a\r\nhttps://example.com/ü\r\nhttps://x.com/caf\xe9-b\n"
    raw = data.encode("utf-8").replace(b"\xc3\xa9", b"\xe9")
    with pytest.raises(ReadError) as info:
        decode_document(raw, path="urls.txt", xml=False)
    error = info.value
    assert (error.line, error.column) == (3, 18)
    assert error.code == "invalid-encoding"
    assert "invalid UTF-8" in error.message
    assert "0xE9" in error.message
    assert str(error).startswith("urls.txt:3:18: ")


def test_text_sitemap_is_validated_in_steps_without_a_whole_copy() -> None:
    line = "https://example.com/ü/€/😀\n".encode()
    data = line * (8 * (1 << 20) // len(line))  # 8 MiB; steps cut characters apart
    tracemalloc.start()
    try:
        decoded = decode_document(data, xml=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert decoded.utf8 is data
    assert peak < 6 * (1 << 20)  # a whole str would need 8 MiB and more


@settings(max_examples=80, deadline=None)
@given(
    text=st.text(st.characters(exclude_categories=["Cs"]), max_size=60),
    step=st.integers(min_value=4, max_value=16),
    bad=st.sampled_from([b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xe2\x82"]),
)
def test_first_bad_utf8_byte_is_located_in_any_step(text: str, step: int, bad: bytes) -> None:
    data = text.encode() + bad + b"tail"
    with (
        mock.patch.object(encoding_module, "_VALIDATE_STEP", step),
        pytest.raises(ReadError) as info,
    ):
        decode_document(data, xml=False)
    lines = re.split(r"\r\n|\r|\n", text)
    assert (info.value.line, info.value.column) == (len(lines), len(lines[-1]) + 1)
    assert f"0x{bad[0]:02X}" in info.value.message


@pytest.mark.parametrize(
    ("codec", "bom"),
    [
        ("utf-16-le", codecs.BOM_UTF16_LE),
        ("utf-16-be", codecs.BOM_UTF16_BE),
        ("utf-16-le", b""),
        ("utf-16-be", b""),
    ],
)
def test_utf16_is_transcoded_and_restored(codec: str, bom: bytes) -> None:
    text = doc("UTF-16")
    data = bom + text.encode(codec)
    decoded = decode_document(data)
    assert decoded.utf8 == text.encode()
    assert decoded.encoding == TextEncoding(codec, bom, "UTF-16")
    assert codes(decoded) == [(Severity.NOTICE, "encoding-not-utf8")]
    assert encode_document(decoded.utf8, decoded.encoding) == data


def test_iso_8859_1_declared_is_transcoded_with_notice() -> None:
    data = doc("ISO-8859-1").encode("latin-1")
    decoded = decode_document(data)
    assert decoded.utf8 == doc("ISO-8859-1").encode()
    assert b"caf\xc3\xa9" in decoded.utf8
    assert decoded.encoding.name == "iso8859-1"
    message = decoded.findings[0].message
    assert message == "declared and encoded as ISO-8859-1; sitemaps should be UTF-8"
    assert encode_document(decoded.utf8, decoded.encoding) == data


def test_declaration_contradicting_bom_trusts_the_bom() -> None:
    text = doc("UTF-8")
    data = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    decoded = decode_document(data)
    assert decoded.utf8 == text.encode()
    assert codes(decoded) == [
        (Severity.WARNING, "encoding-declaration-mismatch"),
        (Severity.NOTICE, "encoding-not-utf8"),
    ]
    assert "UTF-16LE" in decoded.findings[0].message
    assert encode_document(decoded.utf8, decoded.encoding) == data


def test_unknown_declaration_after_bom_trusts_the_bom() -> None:
    data = codecs.BOM_UTF8 + doc("klingon-8").encode()
    decoded = decode_document(data)
    assert decoded.utf8 == data[3:]
    assert codes(decoded) == [(Severity.WARNING, "encoding-declaration-mismatch")]


def test_undecodable_windows_1252_byte_is_located() -> None:
    text = doc("windows-1252", body="<urlset>\n  <url><loc>https://e.com/€#</loc></url>\n")
    data = text.encode("cp1252").replace(b"#", b"\x81")  # 0x81 is unassigned
    with pytest.raises(ReadError) as info:
        decode_document(data, path="s.xml")
    error = info.value
    assert error.code == "invalid-encoding"
    assert (error.line, error.column) == (3, 28)
    assert "0x81" in error.message
    assert "windows-1252" in error.message


def test_lone_utf16_surrogate_is_located() -> None:
    data = codecs.BOM_UTF16_LE + doc(None).encode("utf-16-le") + b"\x00\xd8<\x00"
    with pytest.raises(ReadError) as info:
        decode_document(data)
    assert (info.value.line, info.value.column) == (5, 1)
    assert "0x00 0xD8" in info.value.message


def test_odd_utf16_length_is_refused() -> None:
    with pytest.raises(ReadError, match="invalid UTF-16BE") as info:
        decode_document(codecs.BOM_UTF16_BE + doc(None).encode("utf-16-be") + b"\x00")
    assert info.value.line == 5


# --- encode_document -----------------------------------------------------------------


def test_characters_outside_the_encoding_become_character_references() -> None:
    decoded = decode_document(doc("ISO-8859-1").encode("latin-1"))
    edited = decoded.utf8.replace("café".encode(), "café-東京".encode())
    written = encode_document(edited, decoded.encoding)
    assert b"caf\xe9-&#26481;&#20140;" in written
    assert written.startswith(b'<?xml version="1.0" encoding="ISO-8859-1"?>')


@settings(max_examples=100, deadline=None)
@given(
    text=st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF), max_size=80),
    declared=st.sampled_from(["ISO-8859-1", "latin1", "windows-1252"]),
)
def test_single_byte_round_trip(text: str, declared: str) -> None:
    codec = codecs.lookup(declared).name
    try:
        data = doc(declared, body=f"<a>{text}</a>").encode(codec)
    except UnicodeEncodeError:
        return  # windows-1252 lacks a few C1 positions
    decoded = decode_document(data)
    assert decoded.utf8.decode("utf-8") == doc(declared, body=f"<a>{text}</a>")
    assert encode_document(decoded.utf8, decoded.encoding) == data


@settings(max_examples=100, deadline=None)
@given(
    text=st.text(st.characters(exclude_categories=["Cs"]), max_size=80),
    codec=st.sampled_from(["utf-16-le", "utf-16-be"]),
    with_bom=st.booleans(),
)
def test_utf16_round_trip(text: str, codec: str, with_bom: bool) -> None:
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}[codec]
    data = (bom if with_bom else b"") + doc("UTF-16", body=text).encode(codec)
    decoded = decode_document(data)
    assert decoded.utf8 == doc("UTF-16", body=text).encode("utf-8")
    assert encode_document(decoded.utf8, decoded.encoding) == data


def test_irreversible_codec_is_flagged() -> None:
    data = doc("cp932", body="<a>\uff5e</a>").encode("cp932") + b"\x87\x90"  # NEC/IBM twins
    decoded = decode_document(data)
    if encode_document(decoded.utf8, decoded.encoding) == data:
        pytest.skip("this Python's cp932 round-trips these bytes")
    assert (Severity.WARNING, "encoding-not-reversible") in codes(decoded)


# --- locate_offset -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "offset", "expected"),
    [
        (b"", 0, (1, 1)),
        (b"abc", 2, (1, 3)),
        (b"a\nb", 2, (2, 1)),
        (b"a\r\nb", 3, (2, 1)),
        (b"a\rb\rc", 4, (3, 1)),
        (b"a\n\r\n\rb", 5, (4, 1)),
        ("é€😀x".encode(), 9, (1, 4)),
        ("x\nçà".encode(), 6, (2, 3)),
    ],
)
def test_locate_offset(data: bytes, offset: int, expected: tuple[int, int]) -> None:
    assert locate_offset(data, offset) == expected


@given(
    text=st.lists(st.sampled_from(["a", "é", "😀", "\n", "\r", "\r\n", " "]), max_size=40).map(
        "".join
    ),
    cut=st.integers(min_value=0, max_value=40),
)
def test_locate_offset_matches_a_character_count(text: str, cut: int) -> None:
    prefix = text[: min(cut, len(text))]
    if prefix.endswith("\r") and text[len(prefix) :].startswith("\n"):
        prefix = prefix[:-1]  # an offset inside \r\n is not a character position
    lines = re.split(r"\r\n|\r|\n", prefix)
    expected = (len(lines), len(lines[-1]) + 1)
    assert locate_offset(text.encode(), len(prefix.encode())) == expected


@pytest.mark.parametrize("offset", [-1, 4])
def test_locate_offset_outside_data_is_refused(offset: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        locate_offset(b"abc", offset)
