"""Tab-separated text to and from spreadsheets: round trips and what spreadsheets paste."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.edits.tsv import HEADER, entries_to_tsv, tsv_to_entries
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

VALUES = st.one_of(
    st.none(),
    st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=20)
    .map(lambda text: _XML_ILLEGAL.sub("", text).strip(XML_WHITESPACE))
    .filter(bool),
)
LOCS = VALUES.filter(lambda value: value is not None and "\n" not in value and "\r" not in value)
ENTRIES = st.builds(Entry, loc=LOCS, lastmod=VALUES, changefreq=VALUES, priority=VALUES)


def values(entries: list[Entry]) -> list[tuple[str | None, ...]]:
    return [(e.loc, e.lastmod, e.changefreq, e.priority) for e in entries]


@given(st.lists(ENTRIES, max_size=8))
def test_round_trip(entries: list[Entry]) -> None:
    text = entries_to_tsv(entries)
    result = tsv_to_entries(text)
    assert result.problems == []
    assert values(result.entries) == values(entries)
    if not any("\n" in value or "\r" in value for row in values(entries) for value in row
               if value):
        # Through the clipboard of a Windows spreadsheet: CRLF line ends.
        assert values(tsv_to_entries(text.replace("\n", "\r\n")).entries) == values(entries)


def test_writes_a_header_and_quotes_like_spreadsheets() -> None:
    text = entries_to_tsv([
        Entry(loc="https://example.com/a", lastmod="2024-01-01", priority="0.5"),
        Entry(loc='https://example.com/"q"', changefreq="tab\there", priority="two\nlines"),
    ])
    assert text == (
        f"{HEADER}\n"
        "https://example.com/a\t2024-01-01\t\t0.5\n"
        '"https://example.com/""q"""\t\t"tab\there"\t"two\nlines"\n')
    assert HEADER == "loc\tlastmod\tchangefreq\tpriority"


def test_only_a_header_for_no_entries() -> None:
    assert entries_to_tsv([]) == HEADER + "\n"
    assert tsv_to_entries(HEADER + "\n").entries == []


def test_one_url_per_line_without_a_header() -> None:
    result = tsv_to_entries("https://example.com/a\r\nhttps://example.com/b\r\n\r\n")
    assert [e.loc for e in result.entries] == ["https://example.com/a", "https://example.com/b"]
    assert not result.header and result.problems == []


def test_header_in_any_case_and_order_with_url_for_loc() -> None:
    result = tsv_to_entries("Priority\tURL\tLastMod\n0.3\thttps://example.com/a\t2024-01-01\n")
    assert values(result.entries) == [("https://example.com/a", "2024-01-01", None, "0.3")]
    assert result.header


def test_short_rows_blank_cells_and_padding() -> None:
    result = tsv_to_entries("loc\tchangefreq\tpriority\n https://example.com/a \t\n"
                            "https://example.com/b\t weekly \t\t\textra\n")
    assert values(result.entries) == [("https://example.com/a", None, None, None),
                                      ("https://example.com/b", None, "weekly", None)]


def test_quoted_cells_from_a_spreadsheet() -> None:
    result = tsv_to_entries('loc\tlastmod\n"https://example.com/""x"""\t"2024-01-01"\r\n')
    assert values(result.entries) == [('https://example.com/"x"', "2024-01-01", None, None)]


def test_rows_without_a_loc_are_problems_with_line_numbers() -> None:
    text = ("loc\tpriority\n"
            "https://example.com/a\t0.5\n"
            "\t0.7\n"
            "\n"
            '"https://example.com/\nb"\t0.1\n'
            "https://example.com/c\t0.2\n")
    result = tsv_to_entries(text)
    assert [e.loc for e in result.entries] == ["https://example.com/a", "https://example.com/c"]
    assert result.problems == [(3, "no loc: every entry needs a location"),
                               (5, "loc holds a line break")]


def test_several_columns_without_a_header_are_problems() -> None:
    result = tsv_to_entries("https://example.com/a\t2024-01-01\nhttps://example.com/b\n")
    assert [e.loc for e in result.entries] == ["https://example.com/b"]
    assert result.problems[0][0] == 1
    assert "no header row" in result.problems[0][1]


def test_header_problems() -> None:
    result = tsv_to_entries("loc\ttitle\tloc\nhttps://example.com/a\tA\thttps://other/\n")
    assert [e.loc for e in result.entries] == ["https://example.com/a"]
    assert [line for line, _ in result.problems] == [1, 1]
    assert "'title' is not a sitemap field" in result.problems[0][1]
    no_loc = tsv_to_entries("lastmod\tpriority\n2024-01-01\t0.5\n")
    assert no_loc.entries == []
    assert no_loc.problems == [(1, "the header has no loc column: every entry needs one"),
                               (2, "no loc: every entry needs a location")]


def test_characters_xml_cannot_carry_are_problems() -> None:
    result = tsv_to_entries("https://example.com/\x01\nhttps://example.com/ok\n")
    assert [e.loc for e in result.entries] == ["https://example.com/ok"]
    assert result.problems == [(1, "loc holds U+0001, which XML cannot carry")]


def test_byte_order_mark_and_element() -> None:
    result = tsv_to_entries("\ufeffloc\nhttps://example.com/s.xml", element="sitemap")
    assert result.header
    assert [(e.loc, e.element, e.id) for e in result.entries] == [
        ("https://example.com/s.xml", "sitemap", -1)]
