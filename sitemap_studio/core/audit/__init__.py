"""The URL audit: what a crawler finds behind every URL a sitemap lists.

Front door: the result types (:mod:`.results`); the engine that fetches lives
beside them.
"""

from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict

__all__ = ["AuditFinding", "Hop", "UrlAudit", "Verdict"]
