"""Guess how a CSV or TSV file is written, and which columns hold which field.

:func:`sniff` guesses the encoding (a BOM, else UTF-8, else Windows-1252,
else ISO-8859-1), the delimiter (comma, semicolon, tab or pipe: the one that
cuts the first rows into the same number of columns) and whether the first
row is a header; :func:`guess_mapping` picks the columns by header name, else
by what the first rows hold. Every guess is only an offer: the user can
override each one, and :mod:`csv_source` reads the table as told.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections import Counter

from sitemap_studio.core.imports.csv_source import (
    DELIMITERS,
    SAMPLE_BYTES,
    ColumnMapping,
    Table,
    TableFormat,
    decode_text,
)
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES
from sitemap_studio.core.model.values import parse_lenient_datetime, parse_priority
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: How many rows the guesses look at.
_SAMPLE_ROWS = 50

#: Header names (lower case, without blanks, ``-`` and ``_``) meaning each field.
HEADER_ALIASES = {
    "loc": "loc", "url": "loc", "urls": "loc", "location": "loc", "address": "loc",
    "link": "loc", "page": "loc", "href": "loc", "pageurl": "loc",
    "lastmod": "lastmod", "lastmodified": "lastmod", "modified": "lastmod", "updated": "lastmod",
    "date": "lastmod", "lastupdated": "lastmod", "modifieddate": "lastmod",
    "changefreq": "changefreq", "changefrequency": "changefreq", "frequency": "changefreq",
    "freq": "changefreq",
    "priority": "priority", "prio": "priority",
}  # fmt: skip
_URLISH = re.compile(r"^(?:[a-z][a-z0-9+.\-]*://|www\.|/)", re.IGNORECASE)
_NUMBER = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)$")


def sniff_encoding(data: bytes) -> str:
    """The encoding of ``data``: from a BOM, else UTF-8 if it decodes, else a Windows one."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = data[:SAMPLE_BYTES]
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=len(sample) == len(data))
        return "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        sample.decode("cp1252")
        return "cp1252"
    except UnicodeDecodeError:
        return "latin-1"


def sniff_delimiter(text: str) -> str:
    """The delimiter that cuts the first rows of ``text`` into the same number of columns."""
    lines = [line for line in text.splitlines()[:_SAMPLE_ROWS + 1] if line.strip()]
    if len(lines) > 1:
        lines = lines[:-1] if not text.endswith(("\n", "\r")) else lines
    best, best_score = ",", (0.0, 0)
    for delimiter in DELIMITERS:
        try:
            counts = [len(row) for row in csv.reader(lines, delimiter=delimiter)]
        except csv.Error:
            continue
        if not counts:
            continue
        width, hits = Counter(counts).most_common(1)[0]
        if width < 2:
            continue
        score = (hits / len(counts), width)
        if score > best_score:
            best, best_score = delimiter, score
    return best

def looks_like_header(cells: list[str], next_row: list[str] | None = None) -> bool:
    """Whether ``cells`` (a first row) names columns rather than holding values."""
    texts = [cell.strip(XML_WHITESPACE) for cell in cells]
    if not any(texts):
        return False
    if any(_URLISH.match(text) or _NUMBER.match(text) or _is_date(text) for text in texts if text):
        return False
    if any(_alias(text) for text in texts):
        return True
    return next_row is not None and any(_URLISH.match(c.strip(XML_WHITESPACE)) for c in next_row)


def sniff(data: bytes) -> TableFormat:
    """Guess encoding, delimiter and header row from the start of ``data``."""
    encoding = sniff_encoding(data)
    text = decode_text(data[:SAMPLE_BYTES], encoding, final=len(data) <= SAMPLE_BYTES)
    delimiter = sniff_delimiter(text)
    rows = [row for row in _rows(text, delimiter, _SAMPLE_ROWS) if any(c.strip() for c in row)]
    header = bool(rows) and looks_like_header(rows[0], rows[1] if len(rows) > 1 else None)
    return TableFormat(encoding, delimiter, header)


def guess_mapping(table: Table) -> ColumnMapping:
    """Columns by header name where a header names them, else by what the first rows hold."""
    chosen: dict[str, int] = {}
    if table.header is not None:
        for index, cell in enumerate(table.header):
            name = _alias(cell.strip(XML_WHITESPACE))
            if name and name not in chosen:
                chosen[name] = index
    sample = table.rows[:_SAMPLE_ROWS]
    taken = set(chosen.values())
    tests = {"loc": lambda t: bool(_URLISH.match(t)), "lastmod": _is_date,
             "changefreq": lambda t: t.lower() in CHANGEFREQ_VALUES, "priority": _is_priority}
    for name, test in tests.items():
        if name in chosen:
            continue
        for index in range(table.width):
            if index in taken:
                continue
            values = [row[index].strip(XML_WHITESPACE) for row in sample if index < len(row)]
            values = [value for value in values if value]
            if values and sum(map(test, values)) * 2 > len(values):
                chosen[name] = index
                taken.add(index)
                break
    return ColumnMapping(chosen.get("loc", 0 if table.width else None), chosen.get("lastmod"),
                         chosen.get("changefreq"), chosen.get("priority"))


def _alias(text: str) -> str | None:
    return HEADER_ALIASES.get(re.sub(r"[\s_\-]+", "", text.lower()))


def _is_date(text: str) -> bool:
    return text[:4].isdigit() and parse_lenient_datetime(text)[0] is not None


def _is_priority(text: str) -> bool:
    value = parse_priority(text)
    return value is not None and 0 <= value <= 1 and "." in text



def _rows(text: str, delimiter: str, limit: int | None = None) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    try:
        for row in reader:
            rows.append(row)
            if limit is not None and len(rows) >= limit:
                break
    except csv.Error:
        pass
    return rows


__all__ = [
    "guess_mapping",
    "looks_like_header",
    "sniff",
    "sniff_delimiter",
    "sniff_encoding",
]
