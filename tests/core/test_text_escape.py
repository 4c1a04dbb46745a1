"""Escaping element text: what XML needs escaped is, nothing else changes, the rest is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.writing.text_escape import escape_text

XML_TEXT = st.text(st.characters(blacklist_categories=("Cs",),
                                 blacklist_characters="\x00\x01\x02\x03\x04\x05\x06\x07\x08"
                                                      "\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14"
                                                      "\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d"
                                                      "\x1e\x1f\ufffe\uffff"))


@given(st.text(alphabet=st.sampled_from("&<>\r\n\t\"'a;#é&amp;")) | XML_TEXT)
def test_escaped_text_reads_back_as_the_value(value: str) -> None:
    escaped = escape_text(value)
    assert escaped == value.translate(
        {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord("\r"): "&#13;"})
    element = etree.fromstring(f"<v>{escaped}</v>".encode())
    assert (element.text or "") == value


def test_the_usual_references() -> None:
    assert escape_text('a&b<c>d"e\'f\rg') == "a&amp;b&lt;c&gt;d\"e'f&#13;g"
    assert escape_text("&amp;") == "&amp;amp;"
    assert escape_text("https://example.com/") == "https://example.com/"


@pytest.mark.parametrize("value", ["a\x01b", "\x00", "x\ufffe", "\udc80"])
def test_characters_xml_cannot_hold_are_refused(value: str) -> None:
    with pytest.raises(SitemapError) as refused:
        escape_text(value)
    assert refused.value.code == "illegal-character"
