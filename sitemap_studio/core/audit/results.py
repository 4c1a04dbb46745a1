"""What the audit records of one URL, and its JSON form (the CLI's contract).

The JSON of :meth:`UrlAudit.to_json` is what ``sitemap-studio audit --format
json`` prints per URL and what a project keeps of an audit, so both read back
with :meth:`UrlAudit.from_json`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from sitemap_studio.core.model.findings import Severity


class Verdict(StrEnum):
    """One verdict per URL, in the order of precedence when several apply."""

    INDEXABLE = "indexable"
    BLOCKED = "blocked"
    REDIRECT = "redirect"
    NOT_FOUND = "not-found"
    CLIENT_ERROR = "client-error"
    SERVER_ERROR = "server-error"
    NOINDEX = "noindex"
    CANONICALISED = "canonicalised"
    UNREACHABLE = "unreachable"


@dataclass(frozen=True, slots=True)
class AuditFinding:
    """Why a URL is not indexable (or something else worth knowing), in words."""

    code: str
    severity: Severity
    message: str


@dataclass(frozen=True, slots=True)
class Hop:
    """One redirect: the URL asked for, the status it answered, where it pointed."""

    url: str
    status: int
    location: str


@dataclass(frozen=True, slots=True)
class UrlAudit:
    """What the audit found behind one URL of a sitemap.

    Attributes:
        url: The entry's ``loc`` as audited.
        file: The sitemap it came from, as the user named it.
        line: The line of the entry in that file (``None`` when unknown).
        status: The HTTP status of the first response (``None``: none came).
        final_url: Where the redirects ended (the URL itself without redirects).
        final_status: The status there.
        redirects: One :class:`Hop` per redirect followed.
        verdict: The one verdict (see :class:`Verdict`).
        noindex: A robots meta tag or ``X-Robots-Tag`` says ``noindex``.
        canonical: The canonical URL, resolved against the final URL.
        robots_blocked: robots.txt disallows the URL for the user agent.
        last_modified: The ``Last-Modified`` header as sent.
        lastmod: The entry's own ``lastmod``.
        content_type: The ``Content-Type`` of the final response.
        response_ms: Milliseconds until the first response's headers.
        checked_at: When it was checked (ISO 8601, UTC).
        findings: Every URL that is not indexable has at least one.
    """

    url: str
    file: str
    line: int | None
    verdict: Verdict
    status: int | None = None
    final_url: str | None = None
    final_status: int | None = None
    redirects: tuple[Hop, ...] = ()
    noindex: bool = False
    canonical: str | None = None
    robots_blocked: bool = False
    last_modified: str | None = None
    lastmod: str | None = None
    content_type: str | None = None
    response_ms: float | None = None
    checked_at: str = ""
    findings: tuple[AuditFinding, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url, "file": self.file, "line": self.line, "status": self.status,
            "final_url": self.final_url, "final_status": self.final_status,
            "redirects": [asdict(hop) for hop in self.redirects],
            "verdict": str(self.verdict), "noindex": self.noindex, "canonical": self.canonical,
            "robots_blocked": self.robots_blocked, "last_modified": self.last_modified,
            "lastmod": self.lastmod, "content_type": self.content_type,
            "response_ms": self.response_ms, "checked_at": self.checked_at,
            "findings": [{"code": item.code, "severity": str(item.severity),
                          "message": item.message} for item in self.findings],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UrlAudit:
        def text(key: str) -> str | None:
            value = data.get(key)
            return None if value is None else str(value)

        def number(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else int(value)

        response_ms = data.get("response_ms")
        return cls(
            url=str(data["url"]), file=str(data.get("file", "")), line=number("line"),
            verdict=Verdict(data["verdict"]), status=number("status"),
            final_url=text("final_url"), final_status=number("final_status"),
            redirects=tuple(Hop(str(hop["url"]), int(hop["status"]), str(hop["location"]))
                            for hop in data.get("redirects", ())),
            noindex=bool(data.get("noindex", False)), canonical=text("canonical"),
            robots_blocked=bool(data.get("robots_blocked", False)),
            last_modified=text("last_modified"), lastmod=text("lastmod"),
            content_type=text("content_type"),
            response_ms=None if response_ms is None else float(response_ms),
            checked_at=str(data.get("checked_at", "")),
            findings=tuple(AuditFinding(str(item["code"]), Severity(item["severity"]),
                                        str(item["message"]))
                           for item in data.get("findings", ())),
        )


def summary(audits: Iterable[UrlAudit]) -> dict[str, int]:
    """How many URLs got each verdict, every verdict listed (in precedence order)."""
    counts = dict.fromkeys((str(verdict) for verdict in Verdict), 0)
    for audit in audits:
        counts[str(audit.verdict)] += 1
    return counts
