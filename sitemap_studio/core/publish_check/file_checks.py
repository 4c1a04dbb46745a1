"""Judge one fetched sitemap as a search engine would: the answer, the bytes, the content.

The answer (status, redirects, Content-Type, Content-Encoding) is judged
here; the content is read with the project's own loader and judged with its
own validator, whose findings are grouped into Search Console's problems
(dates, URLs outside the sitemap's scope, limits). Nothing is re-implemented
that the reader or the validator already decides.
"""

from __future__ import annotations

import zlib
from collections import defaultdict

from sitemap_studio.core.fetching.http_fetch import Failure, FetchResult
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, Limits
from sitemap_studio.core.publish_check.problems import Code, FileCheck
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.project import Member, ProjectValidator

#: Media types a sitemap may be served as (a gzip file and an unknown type included).
ACCEPTED_TYPES = frozenset({
    "application/xml", "text/xml", "text/plain", "application/gzip", "application/x-gzip",
    "application/octet-stream", "application/rss+xml", "application/atom+xml",
})
#: Validator rules whose errors are Search Console's "Invalid date".
DATE_RULES = frozenset({"lastmod-format", "lastmod-impossible-date", "lastmod-not-date",
                        "news-date-invalid", "video-date-invalid"})
#: Validator rules whose errors are "URL not allowed" (outside the sitemap's scope).
SCOPE_RULES = frozenset({"scope-lookalike-host", "scope-other-host", "scope-outside-directory",
                         "scope-port", "scope-scheme", "scope-subdomain", "scope-www"})
#: Validator rules whose errors make a location unusable ("Invalid URL").
URL_RULES = frozenset({"loc-not-absolute", "loc-unsupported-scheme", "loc-no-host",
                       "loc-bad-host", "loc-bad-port", "loc-userinfo", "loc-empty",
                       "loc-whitespace", "loc-unescaped-character", "loc-too-long"})
_GROUPS = {**dict.fromkeys(DATE_RULES, Code.INVALID_DATE),
           **dict.fromkeys(SCOPE_RULES, Code.URL_NOT_ALLOWED),
           **dict.fromkeys(URL_RULES, Code.INVALID_URL),
           "limit-entries": Code.TOO_MANY_URLS, "limit-bytes": Code.SIZE_LIMIT}
#: Examples quoted as evidence of a problem that many entries share.
EXAMPLES = 3
_PARSING_CODES = frozenset({"not-well-formed", "no-root", "too-deep", "doctype-refused",
                            "external-resource", "unsupported-encoding", "unknown-encoding",
                            "invalid-encoding", "encoding-declaration-mismatch"})


def judge_answer(check: FileCheck, result: FetchResult) -> bytes | None:
    """Record what the answer shows; return the body after decompression, or ``None``."""
    check.status = result.status
    check.final_url = result.final_url
    check.raw_bytes = result.raw_bytes
    if result.redirects:
        hops = " -> ".join(f"{hop.url} ({hop.status})" for hop in result.redirects)
        check.add(Code.REDIRECTED, f"the URL redirects to {result.final_url}",
                  f"{hops} -> {result.final_url}")
    if not result.ok or result.data is None:
        _failed(check, result)
        return None
    check.fetched = True
    media = (result.content_type or "").split(";", 1)[0].strip().lower()
    if media in ("text/html", "application/xhtml+xml"):
        check.add(Code.HTML, "the server says the answer is an HTML page",
                  f"Content-Type: {result.content_type}")
    elif media and media not in ACCEPTED_TYPES and not media.endswith("+xml"):
        check.add(Code.CONTENT_TYPE, f"served as {media}, which is not a sitemap's type",
                  f"Content-Type: {result.content_type}")
    body = _inflated(check, result)
    if body is not None:
        check.uncompressed_bytes = len(body)
        if len(body) > PROTOCOL_MAX_BYTES:
            check.add(Code.SIZE_LIMIT, f"{len(body):,} bytes uncompressed, more than the "
                      f"limit of {PROTOCOL_MAX_BYTES:,}", f"{len(body):,} bytes after "
                      "decompression")
            return None
    return body


def _failed(check: FileCheck, result: FetchResult) -> None:
    evidence = f"GET {result.final_url}: {result.describe()}"
    error = result.error or result.describe()
    if result.failure == Failure.PRIVATE:
        check.add(Code.NOT_FETCHED_PRIVATE, error, evidence)
    elif result.failure == Failure.ENCODING:
        check.add(Code.COMPRESSION, error,
                  f"Content-Encoding: {result.content_encoding}; {result.describe()}")
    elif result.failure == Failure.TOO_BIG:
        check.add(Code.SIZE_LIMIT, error, evidence)
    elif result.status is not None and result.failure == Failure.STATUS:
        check.add(Code.COULDNT_FETCH, f"the server answered {result.describe()[5:]}", evidence)
    else:
        check.add(Code.COULDNT_FETCH, error, evidence)


def _inflated(check: FileCheck, result: FetchResult) -> bytes | None:
    """The body, inflated when it is a gzip file; ``None`` (and a problem) when it cannot be."""
    data = result.data
    assert data is not None
    if not data.startswith(b"\x1f\x8b"):
        return data
    inflater = zlib.decompressobj(wbits=31)
    try:
        body = inflater.decompress(data, PROTOCOL_MAX_BYTES + 1)
    except zlib.error as exc:
        check.add(Code.COMPRESSION, "the gzip file is corrupt and cannot be decompressed",
                  f"{len(data):,} bytes of gzip data: {exc}")
        return None
    if len(body) > PROTOCOL_MAX_BYTES:
        check.add(Code.SIZE_LIMIT, f"more than {PROTOCOL_MAX_BYTES:,} bytes once decompressed",
                  f"{len(data):,} bytes of gzip data inflate past the limit")
        return None
    if not inflater.eof:
        check.add(Code.COMPRESSION, "the gzip file is truncated: it ends before its data does",
                  f"{len(data):,} bytes of gzip data, no end of stream")
        return None
    return body


def read_content(check: FileCheck, body: bytes, limits: Limits) -> SitemapDocument | None:
    """Read ``body`` with the project's loader; a problem when it is not a sitemap."""
    where = check.final_url or check.url
    try:
        document = open_bytes(body, where, limits)
    except ReadError as exc:
        _unreadable(check, exc)
        return None
    if document.source.format == "robots":
        check.add(Code.UNSUPPORTED, "this is a robots.txt, not a sitemap",
                  "the file holds robots.txt directives")
        return None
    check.kind = document.kind.value if document.source.format != "text" else "text"
    check.urls = len(document)
    check.body = body
    check.locs = [loc for loc in (document.text(row, 0) for row in range(len(document))) if loc]
    return document


def _unreadable(check: FileCheck, exc: ReadError) -> None:
    place = "" if exc.line is None else (
        f"line {exc.line}" + ("" if exc.column is None else f", column {exc.column}") + ": ")
    evidence = place + exc.message
    if exc.code == "html-page":
        if not any(problem.code == Code.HTML for problem in check.problems):
            check.add(Code.HTML, "the answer is an HTML page, not a sitemap", evidence)
    elif exc.code in ("gzip-corrupt", "gzip-truncated"):
        check.add(Code.COMPRESSION, "the gzip data cannot be decompressed", evidence)
    elif exc.code in _PARSING_CODES:
        check.add(Code.PARSING, "the XML is not well-formed, so no URL in it is read", evidence)
    elif exc.code == "limit-exceeded":
        check.add(Code.SIZE_LIMIT, "the file is beyond what is read", evidence)
    else:
        check.add(Code.UNSUPPORTED, "this is not a sitemap: neither an XML <urlset> or "
                  "<sitemapindex> nor a list of URLs", evidence)


def judge_content(check: FileCheck, document: SitemapDocument, site_url: str) -> None:
    """Validate ``document`` as published at its URL and group the findings into problems."""
    key = check.final_url or check.url
    project = ProjectValidator([Member(key, document, key)], site_url=site_url).run()
    findings = project.validators[key].findings()
    project.close()
    grouped: dict[Code, list[Finding]] = defaultdict(list)
    for finding in findings:
        code = _GROUPS.get(finding.code)
        if code is not None and finding.severity == Severity.ERROR:
            grouped[code].append(finding)
    for code, found in grouped.items():
        if code in (Code.TOO_MANY_URLS, Code.SIZE_LIMIT):
            check.add(code, found[0].message, _examples(found))
            continue
        entries = len({finding.entry for finding in found})
        check.add(code, f"{entries:,} of {len(document):,} entries {_PHRASES[code]}",
                  _examples(found))


_PHRASES = {Code.INVALID_DATE: "have a date that is not a valid W3C Datetime",
            Code.URL_NOT_ALLOWED: "list a URL outside the sitemap's host, scheme, port or folder",
            Code.INVALID_URL: "have a <loc> that is not a valid absolute URL"}


def _examples(found: list[Finding]) -> str:
    parts = []
    for finding in found[:EXAMPLES]:
        where = "" if finding.line is None else f"line {finding.line}" + (
            "" if finding.column is None else f", column {finding.column}") + ": "
        parts.append(f"{where}{finding.message}")
    more = f" (and {len(found) - EXAMPLES:,} more)" if len(found) > EXAMPLES else ""
    return "; ".join(parts) + more


__all__ = ["ACCEPTED_TYPES", "DATE_RULES", "SCOPE_RULES", "URL_RULES", "judge_answer",
           "judge_content", "read_content"]
