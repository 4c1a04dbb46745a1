"""Locate every entry of a well-formed sitemap in its bytes, fast.

The common entry (``<url>`` with up to four plain children in schema order)
is matched by one regular expression and stored as offsets, with no Python
object per entry. Everything else (extensions, comments, CDATA, entities,
odd order) is parsed by lxml one entry at a time into an :class:`Entry`.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field
from functools import lru_cache

from sitemap_studio.core.model.entries import (
    IMAGE_NS,
    MOBILE_NS,
    NEWS_NS,
    VIDEO_NS,
    XHTML_NS,
    Entry,
)
from sitemap_studio.core.model.errors import LimitExceeded, ReadError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.model.text_position import LineIndex
from sitemap_studio.core.reading.prolog import Prolog
from sitemap_studio.core.reading.xml_extract import ENTRY_NAMES, entry_from_element
from sitemap_studio.core.reading.xml_tokens import (
    TAG_NAME,
    TOKEN,
    XML_WHITESPACE_BYTES,
    attributes,
    is_self_closing,
    namespace_declarations,
    split_qname,
)
from sitemap_studio.core.writing.xml_codec import FragmentParser

#: Number of offset columns per entry: start and end of each of the four fields.
FIELD_COLUMNS = 8
ABSENT = -1
#: Column marker: the entry's data lives in an :class:`Entry` object, not in offsets.
IN_OBJECT = -2


#: Namespaces whose elements an official schema declares (``xhtml:link`` has none, but is
#: Google's own extension and is left to the hreflang rules).
DECLARED_NAMESPACES = frozenset((IMAGE_NS, VIDEO_NS, NEWS_NS, MOBILE_NS, XHTML_NS))
_LOC = re.compile(rb"<(?:[^\s/>:]+:)?loc\s*>([^<]{0,2100})<")


@lru_cache(maxsize=16)
def fast_entry_pattern(prefix: bytes) -> re.Pattern[bytes]:
    """The pattern for a plain ``<url>``/``<sitemap>`` whose elements use ``prefix``."""
    p = re.escape(prefix + b":") if prefix else b""
    ws = rb"[ \t\r\n]*"
    # Plain text, possibly with the predefined entities and character references (the
    # document is already known to be well-formed, so no other '&' can occur).
    value = rb"([^<&\r]*(?:&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);[^<&\r]*)*)"

    def child(name: bytes, optional: bool = True) -> bytes:
        body = b"<" + p + name + b">" + value + b"</" + p + name + b">" + ws
        return b"(?:" + body + b")?" if optional else body

    url = (b"<" + p + b"url>" + ws + child(b"loc", False) + child(b"lastmod")
           + child(b"changefreq") + child(b"priority") + b"</" + p + b"url>")
    sitemap = (b"<" + p + b"sitemap>" + ws + child(b"loc", False) + child(b"lastmod")
               + b"</" + p + b"sitemap>")
    # Group 1 marks where the element starts; 2-5 are url fields, 6-7 sitemap fields.
    return re.compile(ws + b"()(?:" + url + b"|" + sitemap + b")")


@dataclass(slots=True)
class ScanResult:
    """Where each entry lies in the document, and what lies between them."""

    lead: array[int]
    start: array[int]
    end: array[int]
    columns: list[array[int]]
    objects: dict[int, Entry]
    tail_start: int
    root_end: int
    findings: list[Finding] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.start)


class _Scanner:
    """One pass over the root's content."""

    def __init__(self, data: bytes, prolog: Prolog, limits: Limits, path: str | None) -> None:
        self.data = data
        self.prolog = prolog
        self.limits = limits
        self.path = path
        self.lines = LineIndex(data)
        code = "q" if len(data) >= 2**31 - 1 else "i"
        self.result = ScanResult(
            lead=array(code), start=array(code), end=array(code),
            columns=[array(code) for _ in range(FIELD_COLUMNS)], objects={},
            tail_start=prolog.root_tag_end, root_end=len(data),
        )
        self.fragments = FragmentParser(prolog.namespaces)
        self.doc_ns = prolog.namespace

    def run(self, cancel: CancelToken | None, progress: ProgressCallback | None) -> ScanResult:
        data, result = self.data, self.result
        lead, start, end, cols = result.lead, result.start, result.end, result.columns
        if self.prolog.self_closing:
            result.root_end = result.tail_start = self.prolog.root_tag_end
            return result
        fast = fast_entry_pattern(self.prolog.prefix.encode())
        pos = prev_end = self.prolog.root_tag_end
        size = len(data)
        max_entries = self.limits.max_entries
        while True:
            match = fast.match(data, pos)
            if match is not None:
                regs = match.regs
                lead.append(prev_end)
                start.append(regs[1][0])
                first = 2 if regs[2][0] >= 0 else 6
                last = 6 if first == 2 else 8
                for index in range(first, last):
                    s, e = regs[index]
                    column = 2 * (index - first)
                    cols[column].append(s)
                    cols[column + 1].append(e)
                for column in range(2 * (last - first), FIELD_COLUMNS):
                    cols[column].append(ABSENT)
                pos = prev_end = match.end()
                end.append(pos)
                count = len(start)
                if count & 4095 == 0:
                    if count > max_entries:
                        self._too_many()
                    check(cancel)
                    report(progress, pos, size)
                continue
            token = TOKEN.match(data, pos)
            if token is None:  # pragma: no cover - lxml already proved well-formedness
                raise ReadError("unexpected content", path=self.path, code="not-well-formed")
            kind = token.lastgroup
            if kind == "end":
                result.root_end = token.start()
                break
            if kind == "start":
                pos, is_entry = self._element(token, prev_end)
                if is_entry:
                    prev_end = pos
                continue
            if kind in ("text", "cdata") and token.group().strip(XML_WHITESPACE_BYTES):
                self._finding("stray-text", Severity.WARNING, token.start(),
                              "stray text between entries is not allowed in a sitemap")
            pos = token.end()
        if len(start) > max_entries:
            self._too_many()
        result.tail_start = prev_end
        report(progress, size, size)
        return result

    def _element(self, token: re.Match[bytes], prev_end: int) -> tuple[int, bool]:
        """Handle an element at root level; return the offset after it and if it is an entry."""
        tag = token.group()
        name = TAG_NAME.match(tag)
        qname = name.group(1) if name else b""
        prefix, local = split_qname(qname)
        own = namespace_declarations(attributes(tag)) if b"xmlns" in tag else {}
        ns = own.get(prefix, self.prolog.namespaces.get(prefix))
        elem_end = self._element_end(token)
        if local in ENTRY_NAMES and ns == self.doc_ns:
            self._slow_entry(token.start(), elem_end, prev_end)
            return elem_end, True
        if local in ENTRY_NAMES and not ns and self.doc_ns:
            loc = _LOC.search(self.data, token.end(), elem_end)
            named = f" ({loc.group(1).decode('utf-8', 'replace').strip()})" if loc else ""
            self._finding("entry-no-namespace", Severity.WARNING, token.start(),
                          f"<{local}>{named} is in no namespace (xmlns=\"\"), so it is not a "
                          "sitemap entry: crawlers drop it and the XSD rejects it; remove the "
                          "empty xmlns")
            return elem_end, False
        if ns and ns != self.doc_ns and ns not in DECLARED_NAMESPACES:
            self._finding("extension-undeclared", Severity.ERROR, token.start(),
                          f"<{qname.decode('utf-8', 'replace')}> is in a namespace no official "
                          "schema declares: the XSD's wildcard is strict and rejects it "
                          "(crawlers ignore it)")
        if ns == self.doc_ns:
            self._finding("unknown-element", Severity.ERROR, token.start(),
                          f"unknown element <{local}> in the sitemap namespace")
        elif len(self.result.start) or (not ns and self.doc_ns):
            # The XSD's ##other wildcard comes before the first entry and excludes no namespace.
            shown = qname.decode("utf-8", "replace")
            where = "in no namespace" if not ns else "between entries"
            self._finding("element-between-entries", Severity.NOTICE, token.start(),
                          f"<{shown}> {where}: the XSD allows elements of other namespaces only "
                          "before the first entry (crawlers ignore it)")
        return elem_end, False

    def _element_end(self, token: re.Match[bytes]) -> int:
        if is_self_closing(token.group()):
            return token.end()
        data = self.data
        depth = 1
        pos = token.end()
        limit = self.limits.max_depth - 1
        while depth:
            inner = TOKEN.match(data, pos)
            if inner is None:  # pragma: no cover - well-formed input always matches
                raise ReadError("unexpected content", path=self.path, code="not-well-formed")
            kind = inner.lastgroup
            if kind == "start" and not is_self_closing(inner.group()):
                depth += 1
                if depth >= limit:
                    line, column = self.lines.line_column(inner.start())
                    raise ReadError(
                        f"nesting too deep: elements are nested more than "
                        f"{self.limits.max_depth} levels",
                        path=self.path, line=line, column=column, code="too-deep",
                    )
            elif kind == "end":
                depth -= 1
            pos = inner.end()
        return pos

    def _slow_entry(self, elem_start: int, elem_end: int, prev_end: int) -> None:
        result = self.result
        row = len(result.start)
        line = self.lines.line(elem_start)
        try:
            element = self.fragments.parse(self.data[elem_start:elem_end], path=self.path)
        except ReadError as exc:
            exc.line = None if exc.line is None else line + exc.line - 1
            raise
        result.objects[row] = entry_from_element(element, self.doc_ns, line_base=line)
        result.lead.append(prev_end)
        result.start.append(elem_start)
        result.end.append(elem_end)
        for column in result.columns:
            column.append(IN_OBJECT)

    def _finding(self, code: str, severity: Severity, offset: int, message: str) -> None:
        line, column = self.lines.line_column(offset)
        self.result.findings.append(
            Finding(severity, code, message, line=line, column=column, source=RuleSource.XSD)
        )

    def _too_many(self) -> None:
        raise LimitExceeded(
            f"more than {self.limits.max_entries:,} entries: refused to protect memory. "
            "Raise the cap with --max-entries or the SITEMAP_STUDIO_MAX_ENTRIES variable",
            path=self.path,
        )


def scan_entries(
    data: bytes,
    prolog: Prolog,
    *,
    limits: Limits | None = None,
    path: str | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ScanResult:
    """Find every entry of the root element of ``data`` (UTF-8, well-formed)."""
    return _Scanner(data, prolog, limits or Limits(), path).run(cancel, progress)
