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
  :class:`~sitemap_studio.core.progress.CancelToken` from any thread; the
  audit stops within a fraction of a second and :func:`run_audit` raises
  :class:`~sitemap_studio.core.errors.Cancelled` (results already reported
  stay valid).
- :func:`audit_urls` is the same as a coroutine; :func:`audit_all` returns
  every result in input order.
- Results: :class:`UrlAudit` with one :class:`Verdict` and its
  :class:`AuditFinding` list; ``to_json``/``from_json`` are the CLI's and the
  project's form; :func:`summary` counts verdicts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sitemap_studio.core.audit.inputs import document_items, workspace_items
from sitemap_studio.core.audit.options import DEFAULT_USER_AGENT, AuditItem, AuditOptions
from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict, summary

if TYPE_CHECKING:
    from sitemap_studio.core.audit.engine import (
        AuditProgressCallback,
        ResultCallback,
        audit_all,
        audit_urls,
        run_audit,
    )

#: Imported on first use: the HTTP client is not loaded by commands that never fetch.
_ENGINE_NAMES = frozenset({"AuditProgressCallback", "ResultCallback", "audit_all", "audit_urls",
                           "run_audit"})


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        return getattr(importlib.import_module("sitemap_studio.core.audit.engine"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_USER_AGENT",
    "AuditFinding",
    "AuditItem",
    "AuditOptions",
    "AuditProgressCallback",
    "Hop",
    "ResultCallback",
    "UrlAudit",
    "Verdict",
    "audit_all",
    "audit_urls",
    "document_items",
    "run_audit",
    "summary",
    "workspace_items",
]
