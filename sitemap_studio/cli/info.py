"""``sitemap-studio info``: what each file is, its size, namespaces and extensions."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sitemap_studio.cli.names import EXIT_OK, EXIT_UNREADABLE
from sitemap_studio.core.model import Limits, SitemapError, describe
from sitemap_studio.core.reading import open_document


def add_parser(commands: Any) -> None:
    """Register ``info`` on the CLI's subparsers."""
    info = commands.add_parser("info", help="describe sitemaps: kind, entries, sizes, namespaces",
                               description="Describe each FILE: kind, entries, raw and "
                                           "uncompressed bytes, namespaces, extension counts.")
    info.add_argument("files", nargs="+", metavar="FILE")
    info.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """One description per file; unreadable files are reported and skipped."""
    status = EXIT_OK
    reports = []
    for path in args.files:
        try:
            document = open_document(path, limits)
        except SitemapError as exc:
            print(exc.with_path(path).located(), file=sys.stderr)
            reports.append({"path": path, "error": {"message": exc.message, "line": exc.line,
                                                    "column": exc.column}})
            status = EXIT_UNREADABLE
            continue
        reports.append(describe(document, path))
    if args.format == "json":
        print(json.dumps({"files": reports}, indent=2, ensure_ascii=False))
    else:
        for report in reports:
            if "error" not in report:
                print(_info_text(report))
    return status


def _info_text(report: dict[str, object]) -> str:
    lines = [f"{report['path']}:"]
    for key in ("format", "kind", "entries", "stored_bytes", "uncompressed_bytes", "encoding"):
        lines.append(f"  {key.replace('_', ' ')}: {report[key]}")
    namespaces = report["namespaces"]
    assert isinstance(namespaces, dict)
    if namespaces:
        lines.append("  namespaces:")
        lines.extend(f"    {prefix or '(default)'}: {uri}" for prefix, uri in namespaces.items())
    extensions = report["extensions"]
    assert isinstance(extensions, dict)
    lines.append("  extensions: " + ", ".join(f"{k} {v}" for k, v in extensions.items()))
    notes = report["notes"]
    assert isinstance(notes, list)
    for note in notes:
        lines.append(f"  {note['severity']} {note['code']}: line {note['line']}: "
                     f"{note['message']}" if note["line"] else
                     f"  {note['severity']} {note['code']}: {note['message']}")
    return "\n".join(lines)
