"""CSV and TSV files as sources of entries: read rows, map columns to fields.

How a file is written and which column holds what are guessed in
:mod:`csv_guess`; every guess can be overridden. :func:`read_table` cuts the
text into rows, remembering the line each row starts on, and
:func:`rows_to_entries` turns rows into entries through a
:class:`ColumnMapping`. A value that does not parse (a lastmod that is not a
W3C date, a priority of ``high``) is kept as written and flagged; a row
without a location gives no entry and is reported with its line number.
Nothing is dropped silently. Memory stays bounded by :class:`Limits`: the
text may not exceed the byte cap nor the rows the entry cap.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections import Counter
from dataclasses import dataclass, field

from sitemap_studio.core.edits.find_replace import illegal_character
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, FIELDS, Entry
from sitemap_studio.core.model.errors import LimitExceeded, ReadError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import ENV_MAX_ENTRIES, Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.model.values import parse_lenient_datetime, parse_priority
from sitemap_studio.core.reading.xml_tokens import XML_WHITESPACE

#: Delimiters offered, in the order a tie is decided.
DELIMITERS = ("\t", ",", ";", "|")
DELIMITER_NAMES = {"\t": "Tab", ",": "Comma", ";": "Semicolon", "|": "Pipe"}
#: Encodings offered (Python codec names).
ENCODINGS = ("utf-8", "utf-16", "cp1252", "latin-1")
ENCODING_NAMES = {"utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252",
                  "latin-1": "ISO-8859-1 (Latin-1)"}
#: How much of the file the guesses and the preview look at.
SAMPLE_BYTES = 256 << 10
_CHECK_EVERY = 8192


@dataclass(frozen=True, slots=True)
class TableFormat:
    """How a table file is written: its encoding, delimiter, and whether it has a header row."""

    encoding: str = "utf-8"
    delimiter: str = ","
    has_header: bool = False


@dataclass(frozen=True, slots=True)
class ColumnMapping:
    """Which column (0-based) holds each field; ``None`` when no column does."""

    loc: int | None = 0
    lastmod: int | None = None
    changefreq: int | None = None
    priority: int | None = None

    def column(self, name: str) -> int | None:
        """The column of field ``name`` (one of :data:`FIELDS`)."""
        return getattr(self, name)  # type: ignore[no-any-return]

    def problem(self) -> str | None:
        """Why the mapping cannot be used, or ``None``."""
        if self.loc is None:
            return "choose the column that holds the URLs (loc)"
        used = Counter(c for c in (self.column(name) for name in FIELDS) if c is not None)
        for name in FIELDS:
            column = self.column(name)
            if column is not None and used[column] > 1:
                return f"column {column + 1} is chosen for more than one field"
        return None


@dataclass(slots=True)
class Table:
    """Rows of a table file. ``lines[i]`` is the 1-based line where ``rows[i]`` starts.

    ``complete`` is False when reading stopped at ``max_rows`` (a preview).
    """

    rows: list[list[str]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    header: list[str] | None = None
    complete: bool = True

    @property
    def width(self) -> int:
        """The number of columns of the widest row (the header included)."""
        widths = [len(row) for row in self.rows]
        if self.header is not None:
            widths.append(len(self.header))
        return max(widths, default=0)

    def column_titles(self) -> list[str]:
        """A title for each column: ``2: lastmod`` with a header, ``Column 2`` without."""
        titles = []
        for index in range(self.width):
            name = self.header[index].strip() if self.header and index < len(self.header) else ""
            titles.append(f"{index + 1}: {name}" if name else f"Column {index + 1}")
        return titles


@dataclass(slots=True)
class MappedRows:
    """Entries made from rows, the line each came from, and what was noticed on the way.

    A problem's ``entry`` is the index in ``entries`` of the entry it concerns
    (a kept value), or ``None`` for a row that gave no entry.
    """

    entries: list[Entry] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)


# ---------------------------------------------------------------------------------- reading


def decode_text(data: bytes, encoding: str, *, final: bool = True) -> str:
    """``data`` as text in ``encoding`` (a BOM dropped); ``ReadError`` with the line if it fails.

    With ``final=False`` an incomplete character at the end (a cut sample) is left out.
    """
    name = "utf-8-sig" if encoding.replace("_", "-").lower() in ("utf-8", "utf8") else encoding
    try:
        return codecs.getincrementaldecoder(name)().decode(data, final=final)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        shown = " ".join(f"0x{b:02X}" for b in data[exc.start : exc.end])
        raise ReadError(f"byte {shown} cannot be read as {ENCODING_NAMES.get(encoding, encoding)}"
                        ": choose another encoding", line=line, code="csv-encoding") from None
    except LookupError:
        raise ReadError(f"unknown encoding {encoding!r}", code="csv-encoding") from None


def read_table(
    data: bytes,
    delimiter: str,
    encoding: str,
    has_header: bool,
    *,
    limits: Limits | None = None,
    max_rows: int | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> Table:
    """Cut ``data`` into rows; blank rows are left out.

    Args:
        data: The file's bytes.
        delimiter: One character between cells.
        encoding: A Python codec name (see :data:`ENCODINGS`).
        has_header: Whether the first non-blank row names the columns.
        limits: The byte and entry caps; the defaults when ``None``.
        max_rows: Stop after this many rows (a preview reads only the file's start).
        cancel: Checked every few thousand rows.
        progress: Called with (characters read, characters in all).

    Raises:
        ReadError: The bytes are not in ``encoding``, or a row cannot be read.
        LimitExceeded: More bytes or rows than the caps allow.
    """
    limits = limits or Limits.from_env()
    if len(data) > limits.max_uncompressed_bytes:
        raise LimitExceeded(f"the file is larger than the {limits.max_uncompressed_bytes:,} "
                            "byte limit")
    whole = max_rows is None or len(data) <= SAMPLE_BYTES
    text = decode_text(data if whole else data[:SAMPLE_BYTES], encoding, final=whole)
    table = Table()
    source = io.StringIO(text, newline="")
    reader = csv.reader(source, delimiter=delimiter)
    line_end = 0
    try:
        for count, cells in enumerate(reader):
            line = line_end + 1
            line_end = reader.line_num
            if count % _CHECK_EVERY == 0:
                check(cancel)
                report(progress, source.tell(), len(text))
            if not any(cell.strip(XML_WHITESPACE) for cell in cells):
                continue
            if has_header and table.header is None:
                table.header = cells
                continue
            if max_rows is not None and len(table.rows) >= max_rows:
                table.complete = False
                break
            table.rows.append(cells)
            table.lines.append(line)
            if len(table.rows) > limits.max_entries:
                raise LimitExceeded(
                    f"more than {limits.max_entries:,} rows: refused to protect memory. Raise the "
                    f"cap with --max-entries or the {ENV_MAX_ENTRIES} variable")
    except csv.Error as exc:
        raise ReadError(f"row cannot be read: {exc}", line=line_end + 1, code="csv-row") from None
    if not whole and table.complete:
        # The sample ends mid-file: its last row may be cut short, and more rows follow.
        if table.rows and not text.endswith(("\n", "\r")):
            table.rows.pop()
            table.lines.pop()
        table.complete = False
    report(progress, len(text), len(text))
    return table


def rows_to_entries(
    table: Table,
    mapping: ColumnMapping,
    *,
    element: str = "url",
    cancel: CancelToken | None = None,
) -> MappedRows:
    """Entries from ``table`` through ``mapping`` (ids ``-1``), with the problems noticed."""
    result = MappedRows()
    columns = [(name, mapping.column(name)) for name in FIELDS]
    for number, (cells, line) in enumerate(zip(table.rows, table.lines, strict=True)):
        if number % _CHECK_EVERY == 0:
            check(cancel)
        values: dict[str, str | None] = {}
        for name, column in columns:
            text = cells[column].strip(XML_WHITESPACE) if column is not None and \
                column < len(cells) else ""
            values[name] = text or None
        problem = _row_problem(values)
        if problem is not None:
            result.problems.append(Finding(Severity.ERROR, problem[0], problem[1], line=line,
                                           field=problem[2], source=RuleSource.STUDIO))
            continue
        index = len(result.entries)
        for name, message in _value_problems(values):
            result.problems.append(Finding(Severity.WARNING, "csv-value-kept", message,
                                           entry=index, field=name, line=line))
        result.entries.append(Entry(loc=values["loc"], lastmod=values["lastmod"],
                                    changefreq=values["changefreq"],
                                    priority=values["priority"], element=element))
        result.lines.append(line)
    return result


def _row_problem(values: dict[str, str | None]) -> tuple[str, str, str | None] | None:
    """(code, message, field) when the row cannot give an entry."""
    if values["loc"] is None:
        return "csv-no-loc", "no URL in the loc column: the row gives no entry", "loc"
    for name, value in values.items():
        bad = None if value is None else illegal_character(value)
        if bad is not None:
            return ("csv-illegal-character",
                    f"{name} holds U+{ord(bad):04X}, which XML cannot carry: the row gives no "
                    "entry", name)
    loc = values["loc"] or ""
    if "\n" in loc or "\r" in loc:
        return "csv-line-break", "the URL holds a line break: the row gives no entry", "loc"
    return None


def _value_problems(values: dict[str, str | None]) -> list[tuple[str, str]]:
    """(field, message) for each value kept as written although it does not parse."""
    found = []
    lastmod = values["lastmod"]
    if lastmod is not None:
        problem = parse_lenient_datetime(lastmod)[1]
        if problem is not None:
            found.append(("lastmod", f"lastmod {lastmod!r} is not a W3C date ({problem}); "
                          "kept as written"))
    changefreq = values["changefreq"]
    if changefreq is not None and changefreq not in CHANGEFREQ_VALUES:
        found.append(("changefreq", f"changefreq {changefreq!r} is not one of "
                      f"{', '.join(CHANGEFREQ_VALUES)}; kept as written"))
    priority = values["priority"]
    if priority is not None:
        number = parse_priority(priority)
        if number is None or not 0 <= number <= 1:
            found.append(("priority", f"priority {priority!r} is not a number from 0.0 to 1.0; "
                          "kept as written"))
    return found


__all__ = [
    "DELIMITERS",
    "DELIMITER_NAMES",
    "ENCODINGS",
    "ENCODING_NAMES",
    "ColumnMapping",
    "MappedRows",
    "Table",
    "TableFormat",
    "decode_text",
    "read_table",
    "rows_to_entries",
]

