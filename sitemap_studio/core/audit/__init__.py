"""The URL audit: what a crawler finds behind every URL a sitemap lists.

Public API (the window and the CLI use only these):

- :class:`AuditItem` ``(url, file="", line=None, lastmod=None)``: one URL to
  audit; :func:`document_items` ``(document, file, rows=None)`` and
  :func:`workspace_items` ``(workspace)`` make them from a sitemap (or chosen
  rows of it) and from every member of a project.
- :class:`AuditOptions` ``(concurrency=32, per_host=4, timeout=20.0,
  user_agent=DEFAULT_USER_AGENT, allow_private=False, recheck_after_days=None,
  max_retry_after=30.0, max_crawl_delay=30.0)``.
- :func:`run_audit` ``(items, options, on_result, cancel=None,
  on_progress=None, previous=None) -> None``: blocks the calling thread (run
  it on a worker thread) with an event loop of its own. ``on_result(index,
  audit)`` is called on that thread as each URL finishes, in finishing order
  (``index`` is the position in ``items``); ``on_progress(done, total,
  eta_seconds)`` after each result (``eta_seconds`` is ``None`` until
  known). ``previous`` maps URL to an earlier :class:`UrlAudit`: with
  ``options.recheck_after_days`` set, URLs checked more recently are reported
  from it (file, line and lastmod of the new item) without a fetch.
- Cancel: call ``cancel.cancel()`` on the
  :class:`~sitemap_studio.core.model.progress.CancelToken` from any thread; the
  audit stops within a fraction of a second and :func:`run_audit` raises
  :class:`~sitemap_studio.core.model.errors.Cancelled` (results already reported
  stay valid).
- :func:`audit_urls` is the same as a coroutine; :func:`audit_all` returns
  every result in input order.
- Results: :class:`UrlAudit` with one :class:`Verdict` and its
  :class:`AuditFinding` list; ``to_json``/``from_json`` are the CLI's and the
  project's form; :func:`summary` counts verdicts.

Front door: the other layers import these names from here; modules inside the core
import each other's modules directly. Each name is loaded on first use, so importing the
package is cheap and sets up no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sitemap_studio.core.front_door import lazy_names

if TYPE_CHECKING:
    from sitemap_studio.core.audit.engine import (
        AuditProgressCallback,
        ResultCallback,
        audit_all,
        audit_urls,
        run_audit,
    )
    from sitemap_studio.core.audit.fixes import (
        FixChange,
        FixKind,
        FixPlan,
        final_is_indexable,
        plan_fix,
    )
    from sitemap_studio.core.audit.inputs import document_items, workspace_items
    from sitemap_studio.core.audit.issues import audit_findings
    from sitemap_studio.core.audit.options import DEFAULT_USER_AGENT, AuditItem, AuditOptions
    from sitemap_studio.core.audit.quarantine import entries_to_move, quarantine_file
    from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict, summary
    from sitemap_studio.core.audit.store import (
        AuditStore,
        VerdictCount,
        load_results,
        now_utc,
        save_results,
        side_file,
    )
    from sitemap_studio.core.audit.targets import (
        AuditRequest,
        AuditScope,
        describe_time_left,
        skip_recent,
        targets_of,
        time_left,
    )

#: Each name of the front door, and the module of this package that defines it.
_HOMES = {
    "audit_all": "engine",
    "audit_findings": "issues",
    "audit_urls": "engine",
    "AuditFinding": "results",
    "AuditItem": "options",
    "AuditOptions": "options",
    "AuditProgressCallback": "engine",
    "AuditRequest": "targets",
    "AuditScope": "targets",
    "AuditStore": "store",
    "DEFAULT_USER_AGENT": "options",
    "describe_time_left": "targets",
    "document_items": "inputs",
    "entries_to_move": "quarantine",
    "final_is_indexable": "fixes",
    "FixChange": "fixes",
    "FixKind": "fixes",
    "FixPlan": "fixes",
    "Hop": "results",
    "load_results": "store",
    "now_utc": "store",
    "plan_fix": "fixes",
    "quarantine_file": "quarantine",
    "ResultCallback": "engine",
    "run_audit": "engine",
    "save_results": "store",
    "side_file": "store",
    "skip_recent": "targets",
    "summary": "results",
    "targets_of": "targets",
    "time_left": "targets",
    "UrlAudit": "results",
    "Verdict": "results",
    "VerdictCount": "store",
    "workspace_items": "inputs",
}

__getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "DEFAULT_USER_AGENT",
    "AuditFinding",
    "AuditItem",
    "AuditOptions",
    "AuditProgressCallback",
    "AuditRequest",
    "AuditScope",
    "AuditStore",
    "FixChange",
    "FixKind",
    "FixPlan",
    "Hop",
    "ResultCallback",
    "UrlAudit",
    "Verdict",
    "VerdictCount",
    "audit_all",
    "audit_findings",
    "audit_urls",
    "describe_time_left",
    "document_items",
    "entries_to_move",
    "final_is_indexable",
    "load_results",
    "now_utc",
    "plan_fix",
    "quarantine_file",
    "run_audit",
    "save_results",
    "side_file",
    "skip_recent",
    "summary",
    "targets_of",
    "time_left",
    "workspace_items",
]
