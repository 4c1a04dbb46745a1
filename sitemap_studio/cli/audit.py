"""``sitemap-studio audit``: what a crawler finds behind every URL of sitemaps or a project.

One verdict per URL (see :class:`~sitemap_studio.core.audit.Verdict`), printed
as text lines (``FILE:LINE: verdict STATUS URL: why``, then a summary), JSON
(``{"summary": {...}, "urls": [...]}``, urls in input order) or CSV (one row
per URL). Exit 0 when every URL is indexable, 1 otherwise, 2 when an input
cannot be read.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from sitemap_studio.core.audit import (
    DEFAULT_USER_AGENT,
    AuditItem,
    AuditOptions,
    UrlAudit,
    Verdict,
    document_items,
    summary,
    workspace_items,
)
from sitemap_studio.core.model import Limits, SitemapError
from sitemap_studio.core.project import is_project_path, open_workspace

EXIT_OK, EXIT_NOT_INDEXABLE, EXIT_UNREADABLE = 0, 1, 2
CSV_COLUMNS = ("url", "file", "line", "verdict", "status", "final_url", "final_status",
               "redirects", "noindex", "canonical", "robots_blocked", "last_modified", "lastmod",
               "content_type", "response_ms", "findings")


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def add_parser(commands: Any) -> None:
    """Register ``audit`` on the CLI's subparsers."""
    defaults = AuditOptions()
    parser = commands.add_parser(
        "audit", help="fetch every URL and say whether search engines can index it",
        description="Fetch every URL of the given sitemaps (or of every member of a "
                    ".sitemapproj project) as a polite crawler would, and give each one verdict: "
                    "indexable, blocked, redirect, not-found, client-error, server-error, "
                    "noindex, canonicalised or unreachable, with the evidence. robots.txt is "
                    "obeyed (a disallowed URL is not fetched), HEAD is used where it suffices, "
                    "hosts that are or resolve to private addresses are not fetched unless "
                    "--allow-private is given. Exit 0 when every URL is indexable, 1 "
                    "otherwise, 2 when an input cannot be read.")
    parser.add_argument("files", nargs="+", metavar="PROJECT|FILE")
    parser.add_argument("--format", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--concurrency", type=_positive_int, default=defaults.concurrency,
                        metavar="N", help=f"requests at once in all (default "
                                          f"{defaults.concurrency})")
    parser.add_argument("--per-host", type=_positive_int, default=defaults.per_host,
                        metavar="N", help=f"requests at once to one host (default "
                                          f"{defaults.per_host})")
    parser.add_argument("--timeout", type=_positive_float, default=defaults.timeout,
                        metavar="S", help=f"seconds one request may take (default "
                                          f"{defaults.timeout:g})")
    parser.add_argument("--user-agent", default=DEFAULT_USER_AGENT, metavar="UA",
                        help="the User-Agent sent (its first word chooses the robots.txt "
                             f"group; default {DEFAULT_USER_AGENT!r})")
    parser.add_argument("--allow-private", action="store_true",
                        help="also fetch hosts on loopback, private and link-local addresses")


def read_items(paths: list[str], limits: Limits) -> tuple[list[AuditItem], list[SitemapError]]:
    """The URLs of every input in order, and the inputs that could not be read."""
    items: list[AuditItem] = []
    errors: list[SitemapError] = []
    for path in paths:
        try:
            workspace = open_workspace(path, limits)
        except SitemapError as exc:
            errors.append(exc.with_path(path))
            continue
        if is_project_path(path):
            errors.extend(item.error for item in workspace.items if item.error is not None)
            items.extend(workspace_items(workspace))
        else:
            document = workspace.items[0].document
            assert document is not None
            items.extend(document_items(document, path))
    return items, errors


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Audit, print, and return the exit status."""
    items, errors = read_items(args.files, limits)
    for error in errors:
        print(error.located(), file=sys.stderr, flush=True)
    options = AuditOptions(concurrency=args.concurrency, per_host=args.per_host,
                           timeout=args.timeout, user_agent=args.user_agent,
                           allow_private=args.allow_private)
    from sitemap_studio.core.audit import run_audit  # loads the HTTP client only when used

    results: list[UrlAudit | None] = [None] * len(items)
    printer = _InOrder(results, _line_writer(args.format, sys.stdout))
    run_audit(items, options, printer.add, on_progress=_progress_line(sys.stderr))
    audits = [audit for audit in results if audit is not None]
    if args.format == "json":
        json.dump({"summary": summary(audits), "urls": [audit.to_json() for audit in audits]},
                  sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif args.format == "text":
        sys.stdout.write(summary_text(audits))
    if errors:
        return EXIT_UNREADABLE
    return EXIT_OK if all(a.verdict is Verdict.INDEXABLE for a in audits) else EXIT_NOT_INDEXABLE


class _InOrder:
    """Hands results to ``write`` in input order as soon as every earlier one is in."""

    def __init__(self, results: list[UrlAudit | None],
                 write: Callable[[UrlAudit], None] | None) -> None:
        self._results = results
        self._write = write
        self._next = 0

    def add(self, index: int, audit: UrlAudit) -> None:
        self._results[index] = audit
        if self._write is None:
            return
        while self._next < len(self._results):
            ready = self._results[self._next]
            if ready is None:
                break
            self._write(ready)
            self._next += 1


def _line_writer(fmt: str, out: TextIO) -> Callable[[UrlAudit], None] | None:
    if fmt == "json":
        return None
    writer = csv.writer(out, lineterminator="\n")
    if fmt == "csv":
        writer.writerow(CSV_COLUMNS)

    def write(audit: UrlAudit) -> None:
        if fmt == "csv":
            writer.writerow(csv_row(audit))
        else:
            out.write(text_line(audit) + "\n")

    return write


def text_line(audit: UrlAudit) -> str:
    """``FILE:LINE: verdict STATUS URL: evidence`` for one URL."""
    where = f"{audit.file}:{audit.line}" if audit.line is not None else audit.file
    status = str(audit.status) if audit.status is not None else "-"
    line = f"{where}: {audit.verdict.value} {status} {audit.url}"
    if audit.findings:
        line += ": " + "; ".join(finding.message for finding in audit.findings)
    return line


def csv_row(audit: UrlAudit) -> list[object]:
    """One CSV row of :data:`CSV_COLUMNS`."""
    data = audit.to_json()
    data["redirects"] = " ".join(f"{hop.status}>{hop.location}" for hop in audit.redirects)
    data["findings"] = "; ".join(f"{item.severity.value} {item.code}: {item.message}"
                                 for item in audit.findings)
    return ["" if data[column] is None else data[column] for column in CSV_COLUMNS]


def summary_text(audits: list[UrlAudit]) -> str:
    """The closing summary: how many URLs got each verdict, and their share."""
    total = len(audits)
    counts = summary(audits)
    lines = [f"{total} URL{'s' if total != 1 else ''} audited"]
    for verdict, count in counts.items():
        if count or verdict == Verdict.INDEXABLE.value:
            share = f"{100 * count / total:.1f}%" if total else "-"
            lines.append(f"  {verdict:<14} {count:>8}  {share:>6}")
    return "\n".join(lines) + "\n"


def _progress_line(err: TextIO) -> Callable[[int, int, float | None], None] | None:
    """A progress line that rewrites itself on a terminal (nothing when stderr is a file)."""
    if not err.isatty():
        return None
    shown = [0.0]

    def show(done: int, total: int, eta: float | None) -> None:
        now = time.monotonic()
        if done < total and now - shown[0] < 0.5:
            return
        shown[0] = now
        left = f", about {eta:.0f} s left" if eta is not None and done < total else ""
        end = "\n" if done == total else ""
        err.write(f"\raudited {done}/{total}{left}   {end}")
        err.flush()

    return show
