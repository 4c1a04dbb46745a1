"""CSV and TSV import: format guessing, header rows, column mapping, problems kept with lines."""

from __future__ import annotations

import codecs

import pytest

from sitemap_studio.core.imports.checks import preview_rows
from sitemap_studio.core.imports.csv_guess import (
    guess_mapping,
    looks_like_header,
    sniff,
    sniff_delimiter,
    sniff_encoding,
)
from sitemap_studio.core.imports.csv_source import (
    ColumnMapping,
    Table,
    TableFormat,
    decode_text,
    read_table,
    rows_to_entries,
)
from sitemap_studio.core.model.errors import LimitExceeded, ReadError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.model.limits import Limits

ROWS = [
    ["https://example.com/", "2024-03-01", "daily", "1.0"],
    ["https://example.com/a", "2024-03-02", "weekly", "0.5"],
    ["https://example.com/b", "2024-03-03", "monthly", "0.3"],
]


def table_bytes(delimiter: str, header: bool = True, encoding: str = "utf-8",
                rows: list[list[str]] = ROWS) -> bytes:
    lines = [delimiter.join(["URL", "Last modified", "Change frequency", "Priority"])] \
        if header else []
    lines += [delimiter.join(row) for row in rows]
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
@pytest.mark.parametrize("header", [True, False])
def test_sniff_finds_delimiter_and_header(delimiter: str, header: bool) -> None:
    fmt = sniff(table_bytes(delimiter, header))
    assert fmt == TableFormat("utf-8", delimiter, header)


def test_a_comma_inside_quotes_does_not_fool_the_delimiter() -> None:
    text = 'loc;lastmod\n"https://example.com/?a=1,2";2024-01-01\nhttps://example.com/x;2024\n'
    assert sniff_delimiter(text) == ";"


@pytest.mark.parametrize(("data", "expected"), [
    (codecs.BOM_UTF8 + "loc\nhttps://example.com/é\n".encode(), "utf-8"),
    ("loc\nhttps://example.com/é\n".encode("utf-16"), "utf-16"),
    ("loc\nhttps://example.com/€\n".encode("cp1252"), "cp1252"),
    (b"loc\nhttps://example.com/\x81\x8d\n", "latin-1"),  # bytes cp1252 leaves undefined
    (b"loc\nhttps://example.com/\n", "utf-8"),
])
def test_sniff_encoding(data: bytes, expected: str) -> None:
    assert sniff_encoding(data) == expected


def test_utf8_bom_is_dropped_and_the_header_still_recognised() -> None:
    data = codecs.BOM_UTF8 + table_bytes(",")
    fmt = sniff(data)
    table = read_table(data, fmt.delimiter, fmt.encoding, fmt.has_header)
    assert table.header == ["URL", "Last modified", "Change frequency", "Priority"]
    assert guess_mapping(table) == ColumnMapping(0, 1, 2, 3)


def test_windows_1252_text_reads_with_its_characters() -> None:
    data = "loc;lastmod\nhttps://example.com/caf\u00e9-\u20ac;2024-01-01\n".encode("cp1252")
    fmt = sniff(data)
    assert fmt.encoding == "cp1252"
    table = read_table(data, fmt.delimiter, fmt.encoding, fmt.has_header)
    assert table.rows[0][0] == "https://example.com/caf\u00e9-\u20ac"


def test_a_wrong_encoding_override_is_an_error_with_its_line() -> None:
    data = "loc\nhttps://example.com/\nhttps://example.com/\u20ac\n".encode("cp1252")
    with pytest.raises(ReadError) as caught:
        read_table(data, ",", "utf-8", True)
    assert caught.value.line == 3
    assert "0x80" in caught.value.message
    # The same bytes read as the override asks, when it is possible.
    assert read_table(data, ",", "latin-1", True).rows[1][0].endswith("\x80")


def test_decode_leaves_a_cut_character_out_of_a_sample() -> None:
    data = "ab\u00e9".encode()
    assert decode_text(data[:-1], "utf-8", final=False) == "ab"
    with pytest.raises(ReadError):
        decode_text(data[:-1], "utf-8")


def test_header_on_and_off_change_rows_and_line_numbers() -> None:
    data = table_bytes(",", header=True)
    with_header = read_table(data, ",", "utf-8", True)
    without = read_table(data, ",", "utf-8", False)
    assert with_header.header is not None and len(with_header.rows) == 3
    assert with_header.lines == [2, 3, 4]
    assert without.header is None and len(without.rows) == 4
    assert without.lines == [1, 2, 3, 4]
    assert with_header.column_titles()[1] == "2: Last modified"
    assert without.column_titles()[1] == "Column 2"


def test_header_detection_needs_names_not_values() -> None:
    assert looks_like_header(["loc", "lastmod"])
    assert looks_like_header(["Page", "Seen"], ["https://example.com/", "x"])
    assert not looks_like_header(["https://example.com/", "2024-01-01"])
    assert not looks_like_header(["foo", "bar"], ["baz", "qux"])
    assert not looks_like_header(["name", "0.5"])


def test_mapping_guessed_from_values_without_a_header() -> None:
    rows = [["page", "0.8", "https://example.com/x", "2024-01-01", "weekly"],
            ["page", "0.5", "https://example.com/y", "2024-01-02", "daily"]]
    table = Table(rows, [1, 2])
    assert guess_mapping(table) == ColumnMapping(loc=2, lastmod=3, changefreq=4, priority=1)


def test_quoted_cells_keep_delimiters_and_line_breaks_and_lines_count_physically() -> None:
    data = b'loc,lastmod\n"https://example.com/a,b",2024-01-01\nhttps://example.com/c,"20\n24"\n' \
           b"https://example.com/d,2024-01-02\n"
    table = read_table(data, ",", "utf-8", True)
    assert table.rows[0][0] == "https://example.com/a,b"
    assert table.lines == [2, 3, 5]


def test_rows_to_entries_keeps_unparsable_values_and_reports_rows_without_loc() -> None:
    data = ("loc,lastmod,changefreq,priority\n"
            "https://example.com/,2024-03-01,daily,0.5\n"
            "https://example.com/a,yesterday,sometimes,high\n"
            ",2024-03-01,daily,0.5\n"
            "\n"
            "https://example.com/b,,,\n"
            "https://example.com/c\u0001,,,\n").encode()
    table = read_table(data, ",", "utf-8", True)
    result = rows_to_entries(table, ColumnMapping(0, 1, 2, 3))
    assert [e.loc for e in result.entries] == ["https://example.com/", "https://example.com/a",
                                               "https://example.com/b"]
    assert result.lines == [2, 3, 6]
    kept = result.entries[1]
    assert (kept.lastmod, kept.changefreq, kept.priority) == ("yesterday", "sometimes", "high")
    assert result.entries[2].lastmod is None
    flagged = {(p.line, p.field, p.severity, p.entry) for p in result.problems}
    assert flagged == {
        (3, "lastmod", Severity.WARNING, 1), (3, "changefreq", Severity.WARNING, 1),
        (3, "priority", Severity.WARNING, 1),
        (4, "loc", Severity.ERROR, None), (7, "loc", Severity.ERROR, None)}
    assert any("no URL" in p.message for p in result.problems if p.line == 4)
    assert any("U+0001" in p.message for p in result.problems if p.line == 7)


def test_unmapped_columns_and_short_rows_give_absent_fields() -> None:
    table = Table([["https://example.com/", "2024-01-01"], ["https://example.com/a"]], [1, 2])
    result = rows_to_entries(table, ColumnMapping(loc=0, lastmod=1, priority=5))
    assert [(e.loc, e.lastmod, e.priority) for e in result.entries] == [
        ("https://example.com/", "2024-01-01", None), ("https://example.com/a", None, None)]
    assert result.problems == []


@pytest.mark.parametrize(("mapping", "problem"), [
    (ColumnMapping(loc=None), "URLs"),
    (ColumnMapping(loc=0, lastmod=0), "more than one field"),
    (ColumnMapping(loc=1, lastmod=0, changefreq=2, priority=3), None),
])
def test_mapping_problems(mapping: ColumnMapping, problem: str | None) -> None:
    found = mapping.problem()
    assert (found is None) if problem is None else (problem in (found or ""))


def test_rows_are_capped_by_the_entry_limit_and_bytes_by_the_byte_limit() -> None:
    data = b"".join(b"https://example.com/%d\n" % n for n in range(11))
    assert len(read_table(data, ",", "utf-8", False, limits=Limits(max_entries=11)).rows) == 11
    with pytest.raises(LimitExceeded):
        read_table(data, ",", "utf-8", False, limits=Limits(max_entries=10))
    with pytest.raises(LimitExceeded):
        read_table(data, ",", "utf-8", False, limits=Limits(max_uncompressed_bytes=100))


def test_a_preview_reads_only_the_first_rows() -> None:
    data = b"".join(b"https://example.com/%d,2024-01-01\n" % n for n in range(20_000))
    table = read_table(data, ",", "utf-8", False, max_rows=50)
    assert len(table.rows) == 50 and not table.complete
    assert table.lines[-1] == 50
    whole = read_table(data, ",", "utf-8", False)
    assert len(whole.rows) == 20_000 and whole.complete


def test_preview_rows_show_values_findings_and_dropped_rows() -> None:
    table = Table([["https://example.com/", "2024-13-01"], ["", "2024-01-01"],
                   ["/relative", "2024-01-01"], ["https://example.com/ok", "2024-01-01"]],
                  [2, 3, 4, 5])
    rows = preview_rows(table, ColumnMapping(loc=0, lastmod=1))
    assert [row.line for row in rows] == [2, 3, 4, 5]
    assert rows[0].values == ("https://example.com/", "2024-13-01", None, None)
    assert rows[0].severity is Severity.WARNING and "2024-13-01" in rows[0].messages[0]
    assert len(rows[0].messages) == 1  # the reading note, not the same again from validation
    assert rows[1].dropped and rows[1].severity is Severity.ERROR
    assert rows[2].severity is Severity.ERROR and not rows[2].dropped  # validation: relative
    assert rows[3].messages == () and rows[3].severity is None
