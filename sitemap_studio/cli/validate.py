"""``sitemap-studio validate``: findings as text lines or JSON, with a stable exit status."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Hashable
from typing import Any

from sitemap_studio.cli.names import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE
from sitemap_studio.core.export import plural
from sitemap_studio.core.model import Finding, Limits, Severity, SitemapError
from sitemap_studio.core.project import is_project_path, open_workspace
from sitemap_studio.core.reading import open_document
from sitemap_studio.core.validation import (
    FindingGroup,
    Member,
    Profile,
    ProjectValidator,
    group_findings,
)


def add_parser(commands: Any) -> None:
    """Register ``validate`` on the CLI's subparsers."""
    parser = commands.add_parser(
        "validate", help="check sitemaps against the protocol and search-engine rules",
        description="Validate each FILE (sitemaps, indexes, text lists, robots.txt, or a "
                    ".sitemapproj project) and print one line per finding: "
                    "FILE:LINE:COLUMN: severity code: message (LINE and COLUMN are left out "
                    "when a finding concerns the whole file). A cause repeated on several "
                    "entries is printed once, at its first place, with the count and the "
                    "first lines (--every-finding prints each). Files given together are "
                    "checked together: hreflang reciprocity and index-of-index rules span "
                    "them. Exit 0 when there is no error, 1 when there are errors, 2 when a "
                    "file cannot be read.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--profile", choices=[p.value for p in Profile],
                        default=Profile.PROTOCOL.value,
                        help="whose rules decide severities: the sitemaps.org protocol text "
                             "(default), the strict XSD, or Google's documentation")
    parser.add_argument("--site-url", metavar="URL",
                        help="the site every URL must belong to (default: the project's "
                             "site URL, else the host most URLs share)")
    parser.add_argument("--every-finding", action="store_true",
                        help="text output: one line per finding, also when many entries "
                             "share a cause (JSON always lists each finding)")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Validate, print, and return the exit status."""
    members: list[Member] = []
    unreadable: list[tuple[str, SitemapError]] = []
    order: list[Member | tuple[str, SitemapError]] = []  # what to print, in the order given
    site_url = args.site_url
    for path in args.files:
        try:
            if is_project_path(path):
                workspace = open_workspace(path, limits)
                project = workspace.project
                if project is not None and site_url is None:
                    site_url = project.site_url
                for item in workspace.items:
                    if item.document is None:
                        assert item.error is not None
                        unreadable.append((item.path, item.error))
                        order.append(unreadable[-1])
                    else:
                        members.append(Member(item.path, item.document,
                                              item.ref.url if item.ref else None, item.key))
                        order.append(members[-1])
            else:
                members.append(Member(path, open_document(path, limits)))
                order.append(members[-1])
        except SitemapError as exc:
            unreadable.append((path, exc.with_path(path)))
            order.append(unreadable[-1])
    validators = ProjectValidator(members, Profile(args.profile), site_url).run().validators
    # Each file's findings are gathered once, for the output and for the exit status.
    findings = {member.key: validators[member.key].findings() for member in members}
    if args.format == "json":
        _print_json(order, findings)
    else:
        _print_text(order, findings, args.every_finding)
    if unreadable:
        return EXIT_UNREADABLE
    errors = any(finding.severity is Severity.ERROR
                 for found in findings.values() for finding in found)
    return EXIT_INVALID if errors else EXIT_OK


def location(path: str, finding: Finding) -> str:
    """``FILE:LINE:COLUMN`` of a finding, as far as it is located."""
    where = path
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    return where


#: Lines of a group named in its text line.
LINES_SHOWN = 3


def _group_line(path: str, group: FindingGroup) -> str:
    first = group.first
    line = f"{location(path, first)}: {first.severity.value} {first.code}: {first.message}"
    if len(group) == 1:
        return line + "\n"
    lines: list[int] = []
    for finding in group.findings:
        if finding.line is not None and finding.line not in lines:
            lines.append(finding.line)
            if len(lines) > LINES_SHOWN:
                break
    count = (plural(len(group), "entry", "entries") if first.entry is not None
             else plural(len(group), "finding"))
    if not lines:
        return f"{line} ({count})\n"
    more = len(lines) > LINES_SHOWN
    shown = ", ".join(map(str, lines[:LINES_SHOWN])) + (", \u2026" if more else "")
    at = "first at" if more else "at"
    return f"{line} ({count}; {at} line{'s' if len(lines) > 1 else ''} {shown})\n"


def _print_text(order: list[Member | tuple[str, SitemapError]],
                findings: dict[Hashable, list[Finding]], every_finding: bool) -> None:
    for item in order:
        if not isinstance(item, Member):
            sys.stdout.flush()
            print(item[1].located(), file=sys.stderr, flush=True)
            continue
        found = findings[item.key]
        if every_finding:
            lines = [f"{location(item.path, finding)}: {finding.severity.value} "
                     f"{finding.code}: {finding.message}\n" for finding in found]
        else:
            lines = [_group_line(item.path, group) for group in group_findings(found)]
        # One write per file, not one print per finding: a file with 100,000 findings
        # spent as long printing them as finding them.
        sys.stdout.write("".join(lines))


def _print_json(order: list[Member | tuple[str, SitemapError]],
                findings: dict[Hashable, list[Finding]]) -> None:
    files: list[dict[str, Any]] = []
    for item in order:
        if not isinstance(item, Member):
            path, error = item
            files.append({"path": path, "error": {"message": error.message,
                                                  "line": error.line, "column": error.column}})
            continue
        document = item.document
        issues = []
        for finding in findings[item.key]:
            entry = None
            if finding.entry is not None:
                try:
                    entry = document.row_of(finding.entry) + 1
                except KeyError:
                    entry = None
            issues.append({
                "severity": finding.severity.value, "code": finding.code, "entry": entry,
                "line": finding.line, "column": finding.column, "field": finding.field,
                "message": finding.message, "source": finding.source.value,
            })
        files.append({"path": item.path, "kind": document.kind.value,
                      "entries": len(document), "issues": issues})
    json.dump({"files": files}, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
