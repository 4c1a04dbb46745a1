"""Plain-text sitemaps: one URL per line, read and edited losslessly.

Every line that looks like one URL (or a relative path, so it can be flagged)
becomes an entry; blank lines are ignored; any other line is kept in place
and flagged. An entry's bytes are its whole line without the line break.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import replace

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.offset_columns import offset_columns, too_many_entries
from sitemap_studio.core.reading.xml_scan import ABSENT

_LINE = re.compile(rb"[^\r\n]*")
_BLANKS = b" \t"
_SCHEME = re.compile(rb"[A-Za-z][A-Za-z0-9+.\-]*:")
_HOSTNAME = re.compile(rb"[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}(?:[:/?]|$)")


def looks_like_url(token: bytes) -> bool:
    """Whether a line's single token is meant as a URL (absolute, relative or odd scheme)."""
    if token.startswith(b"#"):
        return False
    return bool(_SCHEME.match(token) or _HOSTNAME.match(token)) or b"/" in token


class TextCodec:
    """Entries of a text sitemap are lines; editing replaces the URL in its line."""

    format = SourceFormat.TEXT

    def edited_body(self, body: bytes, old: Entry, new: Entry) -> tuple[bytes, Entry]:
        """The line with its URL replaced, surrounding blanks kept."""
        refuse_fields_beyond_loc(new, "a text sitemap")
        value = (new.loc or "").encode("utf-8")
        stripped = body.strip(_BLANKS)
        if stripped:
            begin = body.index(stripped)
            line = body[:begin] + value + body[begin + len(stripped) :]
        else:
            line = value
        return line, replace(new, raw={}, notes=())

    def new_body(self, entry: Entry) -> tuple[bytes, Entry]:
        """A new line holding the entry's URL."""
        refuse_fields_beyond_loc(entry, "a text sitemap")
        return (entry.loc or "").encode("utf-8"), replace(entry, raw={}, notes=())


def refuse_fields_beyond_loc(entry: Entry, what: str) -> None:
    """Raise when ``entry`` holds more than a URL, which a line format cannot keep."""
    extra = [name for name in ("lastmod", "changefreq", "priority") if getattr(entry, name)]
    if extra or entry.images or entry.videos or entry.news or entry.alternates:
        names = ", ".join(extra) or "extensions"
        raise SitemapError(f"{what} holds only URLs, so {names} cannot be kept; save it as "
                           "an XML sitemap first", code="format-cannot-hold")


def scan_lines(
    utf8: bytes,
    *,
    limits: Limits | None = None,
    path: str | None = None,
    accept: re.Pattern[bytes] | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> tuple[list[array[int]], list[Finding], int]:
    """Cut text into entry lines.

    Returns the offset columns (lead, start, end, then the field columns with
    the value span in the loc columns), the findings for lines that are not
    URLs, and the offset where the tail (after the last entry) starts.
    """
    limits = limits or Limits()
    lead, start, end, *columns = offset_columns(len(utf8))
    findings: list[Finding] = []
    previous_end = 0
    line_number = 0
    size = len(utf8)
    pos = 0
    while pos <= size:
        match = _LINE.match(utf8, pos)
        assert match is not None
        line_number += 1
        begin, finish = match.span()
        content = match.group()
        value = content.strip(_BLANKS)
        if value:
            accepted = accept.match(content) if accept else None
            is_entry = accepted is not None if accept else (
                not re.search(rb"[ \t]", value) and looks_like_url(value))
            if is_entry:
                # A text line's value is the whole line (blanks around it are trimmed on
                # reading and noted by validation); a robots.txt line's is its URL.
                value_begin, value_end = (begin, finish) if accepted is None else (
                    begin + accepted.start(1), begin + accepted.end(1))
                lead.append(previous_end)
                start.append(begin)
                end.append(finish)
                columns[0].append(value_begin)
                columns[1].append(value_end)
                for column in columns[2:]:
                    column.append(ABSENT)
                previous_end = finish
                if len(start) > limits.max_entries:
                    raise too_many_entries(limits.max_entries, path)
            elif accept is None:
                findings.append(_not_a_url(value, line_number, content))
        if line_number & 8191 == 0:
            check(cancel)
            report(progress, pos, size)
        pos = finish
        if pos >= size:
            break
        pos += 2 if utf8[pos : pos + 2] == b"\r\n" else 1
    return [lead, start, end, *columns], findings, previous_end


def _not_a_url(value: bytes, line: int, content: bytes) -> Finding:
    text = value.decode("utf-8")
    column = len(content[: content.index(value)].decode("utf-8")) + 1
    if text.startswith("#"):
        message = "comment line: a text sitemap may contain only URLs, one per line"
    elif len(text.split()) > 1 and all(looks_like_url(part.encode()) for part in text.split()):
        message = "more than one URL on one line: a text sitemap has one URL per line"
    else:
        shown = text if len(text) <= 60 else text[:57] + "..."
        message = f"not a URL: {shown!r}; a text sitemap may contain only URLs, one per line"
    return Finding(Severity.WARNING, "text-line-not-url", message, line=line, column=column,
                   source=RuleSource.PROTOCOL)

