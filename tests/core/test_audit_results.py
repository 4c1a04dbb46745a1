"""An audit's results read back as they were written (the project keeps them as JSON)."""

from __future__ import annotations

import json

from sitemap_studio.core.audit import AuditFinding, Hop, UrlAudit, Verdict
from sitemap_studio.core.model.findings import Severity


def test_a_redirected_url_survives_a_trip_through_json() -> None:
    audit = UrlAudit(
        url="https://example.org/old", file="sitemap.xml", line=7, verdict=Verdict.REDIRECT,
        status=301, final_url="https://example.org/new", final_status=200,
        redirects=(Hop("https://example.org/old", 301, "https://example.org/new"),),
        last_modified="Tue, 24 Nov 2026 10:00:00 GMT", lastmod="2026-11-01",
        content_type="text/html; charset=utf-8", response_ms=21.5,
        checked_at="2026-11-25T01:00:00Z",
        findings=(AuditFinding("audit-redirect", Severity.WARNING,
                               "answers 301, moved to https://example.org/new"),))
    written = json.dumps(audit.to_json())
    back = UrlAudit.from_json(json.loads(written))
    assert back == audit
    assert json.loads(written)["verdict"] == "redirect"
    assert json.loads(written)["redirects"] == [
        {"url": "https://example.org/old", "status": 301, "location": "https://example.org/new"}]
