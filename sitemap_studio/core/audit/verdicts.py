"""One verdict per URL from what following it met, with the findings that explain it.

Precedence when several apply: ``blocked`` (nothing fetched), then the first
response's status (any 3xx is a ``redirect`` whatever follows), then
``noindex``, then ``canonicalised``. ``unreachable`` is what is left when no
answer came.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlunsplit

from sitemap_studio.core.audit.fetch import Answer, split_url
from sitemap_studio.core.audit.follow import Trace
from sitemap_studio.core.audit.options import BODY_LIMIT, AuditItem, AuditOptions
from sitemap_studio.core.audit.page_head import PageHead, read_head
from sitemap_studio.core.audit.results import AuditFinding, UrlAudit, Verdict
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.urls.parsing import percent_encode_iri
from sitemap_studio.core.urls.web_safety import ALLOW_HINT

_DEFAULT_PORTS = {"http": 80, "https": 443}
_LATE_BODY = "only the first part of the page arrived in time; its head was read from that"


def same_url(left: str, right: str) -> bool:
    """Whether two URLs name the same resource (case of scheme and host, default port,
    escapes of non-ASCII characters, an empty path and the fragment do not count)."""
    return _normal(left) == _normal(right)


def _normal(url: str) -> str:
    parts = split_url(percent_encode_iri(url))
    if parts is None:
        return url
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = host if port in (None, _DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def now_text() -> str:
    """The current time as ``checked_at`` records it (one shared string per second)."""
    second = int(time.time())
    if _CLOCK[0] != second:
        _CLOCK[0], _CLOCK[1] = second, datetime.fromtimestamp(second, UTC).isoformat()
    return str(_CLOCK[1])


#: The last second :func:`now_text` was asked for, and its text (100,000 results share few).
_CLOCK: list[int | str] = [0, ""]


def status_verdict(status: int) -> Verdict | None:
    """The verdict a first status decides on its own (``None``: a success, look further)."""
    if 300 <= status < 400:
        return Verdict.REDIRECT
    if status in (404, 410):
        return Verdict.NOT_FOUND
    if 400 <= status < 500:
        return Verdict.CLIENT_ERROR
    if 200 <= status < 300:
        return None
    return Verdict.SERVER_ERROR


def _finding(code: str, severity: Severity, message: str) -> AuditFinding:
    return AuditFinding(code, severity, message)


def judge(item: AuditItem, trace: Trace, options: AuditOptions,
          checked_at: str | None = None) -> UrlAudit:
    """The :class:`UrlAudit` of ``item`` from its :class:`Trace`."""
    fields: dict[str, Any] = {}
    verdict, findings = _verdict(item, trace, options, fields)
    return UrlAudit(url=item.url, file=item.file, line=item.line, lastmod=item.lastmod,
                    verdict=verdict, checked_at=checked_at or now_text(),
                    findings=tuple(findings), **fields)


def _verdict(item: AuditItem, trace: Trace, options: AuditOptions,
             fields: dict[str, Any]) -> tuple[Verdict, list[AuditFinding]]:
    """The verdict and its findings; fills ``fields`` with what was learnt on the way."""
    if trace.refusal is not None:
        code = ("private-address" if ALLOW_HINT in trace.refusal else
                "unsupported-scheme" if "http and https" in trace.refusal else "invalid-url")
        return Verdict.UNREACHABLE, [_finding(code, Severity.ERROR, trace.refusal)]
    if trace.failure is not None:
        return Verdict.UNREACHABLE, [_finding(trace.failure.code, Severity.ERROR,
                                              f"unreachable: {trace.failure.reason}")]
    robots = trace.robots
    if trace.blocked and robots is not None:
        why = robots.note or (f"{robots.url} disallows it for {options.product_token}")
        fields["robots_blocked"] = True
        return Verdict.BLOCKED, [_finding("robots-disallowed", Severity.ERROR,
                                          f"blocked, not fetched: {why}")]
    first = trace.first
    assert first is not None
    final = trace.final
    final_url = trace.hops[-1].location if trace.hops else item.url
    fields.update(status=first.status, final_url=final_url,
                  final_status=final.status if final is not None else None,
                  redirects=tuple(trace.hops), response_ms=first.elapsed_ms,
                  last_modified=final.header("Last-Modified") if final else None,
                  content_type=final.header("Content-Type") if final else None)
    notes = _notes(trace)
    by_status = status_verdict(first.status)
    if by_status is not None:
        return by_status, [_status_finding(by_status, item.url, trace), *notes]
    head = read_head(item.url, first.headers, first.body, options.product_token)
    fields.update(noindex=bool(head.noindex_by), canonical=head.canonical)
    notes.extend(_finding("canonical-conflict", Severity.WARNING,
                          f"the {head.canonical_from} names {head.canonical}, but {conflict}")
                 for conflict in head.conflicts)
    if first.body_cut and first.body is not None and len(first.body) < BODY_LIMIT:
        notes.append(_finding("body-cut", Severity.NOTICE, _LATE_BODY))
    if head.noindex_by:
        return Verdict.NOINDEX, [_finding("noindex", Severity.ERROR,
                                          f"{' and '.join(head.noindex_by)} says noindex: the "
                                          f"page is kept out of search results"), *notes]
    if head.canonical is not None and not same_url(head.canonical, final_url):
        return Verdict.CANONICALISED, [_canonical_finding(head), *notes]
    return Verdict.INDEXABLE, notes


def _status_finding(verdict: Verdict, url: str, trace: Trace) -> AuditFinding:
    first = trace.first
    assert first is not None
    if verdict is Verdict.REDIRECT:
        if trace.hops:
            end = trace.hops[-1].location
            final = trace.final
            tail = (f", which answers {final.status}" if final is not None
                    and trace.stop is None else "")
            steps = f" in {len(trace.hops)} steps" if len(trace.hops) > 1 else ""
            return _finding("redirect", Severity.WARNING,
                            f"answers {first.status} and redirects{steps} to {end}{tail}; "
                            f"list the final URL in the sitemap")
        return _finding("redirect", Severity.WARNING, f"answers {first.status}, a redirect")
    labels = {Verdict.NOT_FOUND: ("not-found", "the page does not exist"),
              Verdict.CLIENT_ERROR: ("client-error", "the server refuses the request"),
              Verdict.SERVER_ERROR: ("server-error", "the server failed to answer")}
    code, words = labels[verdict]
    retried = (f" (also after waiting {first.retried_after:g} s, as Retry-After asked)"
               if first.retried_after is not None else "")
    return _finding(code, Severity.ERROR, f"answers {first.status}{retried}: {words}")


def _canonical_finding(head: PageHead) -> AuditFinding:
    return _finding("canonicalised", Severity.WARNING,
                    f"the {head.canonical_from} names another URL as canonical: "
                    f"{head.canonical}; list that one in the sitemap")


def _notes(trace: Trace) -> list[AuditFinding]:
    notes: list[AuditFinding] = []
    if trace.stop is not None:
        code, message = trace.stop
        notes.append(_finding(code, Severity.ERROR if code in ("redirect-loop",
                                                              "too-many-redirects")
                              else Severity.WARNING, message))
    if trace.head_refused:
        notes.append(_finding("head-refused", Severity.NOTICE,
                              "the server refuses HEAD requests; GET was used"))
    answers: list[Answer] = [trace.first] if trace.first is not None else []
    if trace.final is not None and trace.final is not trace.first:
        answers.append(trace.final)
    for answer in answers:
        notes.extend(_finding("retry-after", Severity.NOTICE, f"{answer.url} {note}")
                     for note in answer.notes)
    return notes


__all__ = ["judge", "now_text", "same_url", "status_verdict"]
