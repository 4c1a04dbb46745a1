"""The audit's findings as the issues panel lists them: one per entry whose URL is not indexable.

Each :class:`~sitemap_studio.core.model.findings.Finding` names the entry (by id)
and its location field, carries the worst severity of the URL's audit
findings, and says in words what the audit saw (every finding of the URL, one
after the other). Its code is ``audit-`` and the verdict, so the panel can
group them.
"""

from __future__ import annotations

from collections.abc import Mapping

from sitemap_studio.core.audit.results import UrlAudit, Verdict
from sitemap_studio.core.model.document_types import OBJECT_ROW
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity

#: Prefix of the codes of the audit's findings in the issues panel.
CODE_PREFIX = "audit-"
_ORDER = (Severity.ERROR, Severity.WARNING, Severity.NOTICE)
_STEP = 4096


def audit_finding(result: UrlAudit, entry_id: int, line: int | None = None) -> Finding:
    """The one finding an entry whose URL got ``result`` (not indexable) shows."""
    severities = [finding.severity for finding in result.findings]
    worst = min(severities, key=_ORDER.index) if severities else Severity.WARNING
    words = "; ".join(finding.message for finding in result.findings)
    message = f"Audit: {result.verdict}" + (f": {words}" if words else "")
    return Finding(worst, f"{CODE_PREFIX}{result.verdict}", message, entry=entry_id,
                   field="loc", line=line, source=RuleSource.STUDIO)


def audit_findings(document: SitemapDocument, results: Mapping[str, UrlAudit]) -> list[Finding]:
    """One finding per entry of ``document`` whose URL's result is not indexable, in order."""
    bad = {url: result for url, result in results.items()
           if result.verdict != Verdict.INDEXABLE}
    if not bad:
        return []
    found: list[Finding] = []
    total = len(document)
    for start in range(0, total, _STEP):
        stop = min(total, start + _STEP)
        for offset, loc in enumerate(document.column_texts(0, start, stop)):
            if loc is None:
                continue
            if loc == OBJECT_ROW:
                loc = document.text(start + offset, 0) or ""
            # Most locations are written without blanks around them: strip only those that are.
            result = bad.get(loc) or (bad.get(loc.strip()) if loc[:1].isspace()
                                      or loc[-1:].isspace() else None)
            if result is not None:
                found.append(audit_finding(result, document.id_at(start + offset)))
    return found


__all__ = ["CODE_PREFIX", "audit_finding", "audit_findings"]
