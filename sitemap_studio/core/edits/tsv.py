"""Entries as tab-separated text, to copy to a spreadsheet and paste from one.

:func:`entries_to_tsv` writes a header line (``loc``, ``lastmod``,
``changefreq``, ``priority``) and one line per entry, quoting a value the way
spreadsheets do when it holds a tab, a line break or a double quote (in
double quotes, inner quotes doubled). :func:`tsv_to_entries` reads what
spreadsheets put on the clipboard: with a header row (names in any case and
order, ``url`` meaning ``loc``) or, without one, one URL per line; CRLF or
LF, quoted cells, blank and trailing empty lines. Lines it cannot turn into
an entry are reported as problems with their line number, never guessed.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field

from sitemap_studio.core.edits.find_replace import illegal_character
from sitemap_studio.core.model.entries import FIELDS, Entry
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

HEADER = "\t".join(FIELDS)
_ALIASES = {"url": "loc"}
_NEEDS_QUOTES = ("\t", "\n", "\r", '"')
_LINE_BREAKS = ("\n", "\r")


@dataclass(slots=True)
class TsvResult:
    """Entries read from tab-separated text, and the lines that gave none.

    ``problems`` holds ``(line, message)`` with 1-based line numbers of the
    text (a line 0 problem concerns the whole text).
    """

    entries: list[Entry] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)
    header: bool = False


def _cell(value: str | None) -> str:
    if value is None:
        return ""
    if any(mark in value for mark in _NEEDS_QUOTES):
        return '"' + value.replace('"', '""') + '"'
    return value


def entries_to_tsv(entries: Iterable[Entry]) -> str:
    """The header line and one line per entry, each ending in ``\\n``; absent values are empty."""
    lines = [HEADER]
    lines.extend("\t".join(_cell(entry.value(name)) for name in FIELDS) for entry in entries)
    return "\n".join(lines) + "\n"


def _header_columns(cells: list[str]) -> dict[int, str] | None:
    """Column index to field name if ``cells`` is a header row, else ``None``."""
    names = [cell.strip().lower() for cell in cells]
    names = [_ALIASES.get(name, name) for name in names]
    if not any(name in FIELDS for name in names) or any("://" in name for name in names):
        return None
    return {index: name for index, name in enumerate(names) if name}


def tsv_to_entries(text: str, *, element: str = "url") -> TsvResult:
    """Entries from tab-separated ``text`` (see the module notes); ids are ``-1``.

    Values are trimmed of XML whitespace and kept as written otherwise
    (validation judges them). ``element`` names the entries' element
    (``"sitemap"`` for an index).
    """
    result = TsvResult()
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""),
                        dialect="excel-tab")
    columns: dict[int, str] | None = None
    first = True
    line_end = 0
    for cells in reader:
        line = line_end + 1
        line_end = reader.line_num
        if not any(cell.strip(XML_WHITESPACE) for cell in cells):
            continue
        if first:
            first = False
            columns = _header_columns(cells)
            if columns is not None:
                result.header = True
                _check_header(columns, line, result)
                continue
        if columns is None:
            _read_bare_line(cells, line, element, result)
        else:
            _read_row(cells, columns, line, element, result)
    return result


def _check_header(columns: dict[int, str], line: int, result: TsvResult) -> None:
    """Report unknown and repeated header names, dropping them from ``columns``."""
    seen: set[str] = set()
    for index, name in list(columns.items()):
        if name not in FIELDS:
            result.problems.append((line, f"column {name!r} is not a sitemap field: ignored"))
            del columns[index]
        elif name in seen:
            result.problems.append((line, f"column {name!r} appears twice: the second is "
                                    "ignored"))
            del columns[index]
        seen.add(name)
    if "loc" not in columns.values():
        result.problems.append((line, "the header has no loc column: every entry needs one"))


def _read_bare_line(cells: list[str], line: int, element: str, result: TsvResult) -> None:
    """A line of text without a header: one URL, else a problem."""
    values = [value for value in (cell.strip(XML_WHITESPACE) for cell in cells) if value]
    if len(values) > 1:
        result.problems.append((line, f"{len(values)} values but no header row saying which "
                                "is which: start with a line 'loc, lastmod, changefreq, "
                                "priority' (tab-separated) or paste one URL per line"))
        return
    _add(result, line, {"loc": values[0]}, element)


def _read_row(cells: list[str], columns: dict[int, str], line: int, element: str,
              result: TsvResult) -> None:
    """A line under a header."""
    values: dict[str, str | None] = dict.fromkeys(FIELDS)
    for index, name in columns.items():
        if index < len(cells):
            values[name] = cells[index].strip(XML_WHITESPACE) or None
    if values["loc"] is None:
        result.problems.append((line, "no loc: every entry needs a location"))
        return
    _add(result, line, values, element)


def _add(result: TsvResult, line: int, values: dict[str, str | None], element: str) -> None:
    for name, value in values.items():
        if value is None:
            continue
        bad = illegal_character(value)
        if bad is not None:
            result.problems.append((line, f"{name} holds U+{ord(bad):04X}, which XML cannot "
                                    "carry"))
            return
        if name == "loc" and any(mark in value for mark in _LINE_BREAKS):
            result.problems.append((line, "loc holds a line break"))
            return
    result.entries.append(Entry(loc=values.get("loc"), lastmod=values.get("lastmod"),
                                changefreq=values.get("changefreq"),
                                priority=values.get("priority"), element=element))


__all__ = ["HEADER", "TsvResult", "entries_to_tsv", "tsv_to_entries"]
