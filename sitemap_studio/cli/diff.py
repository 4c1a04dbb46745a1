"""``sitemap-studio diff``: what changed between two sitemaps, for release pipelines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sitemap_studio.core.compare import CompareResult, compare_locations, shown_value
from sitemap_studio.core.model import Limits, SitemapError

EXIT_OK, EXIT_TOO_MANY, EXIT_UNREADABLE = 0, 1, 2
#: Prefixes listed by the text report.
TOP_PREFIXES = 10


def _percent(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"a percentage from 0 to 100, not {text}")
    return value


def add_parser(commands: Any) -> None:
    """Register ``diff`` on the CLI's subparsers."""
    parser = commands.add_parser(
        "diff", help="compare two sitemaps: URLs added, removed, changed and moved",
        description="Compare OLD with NEW: each a sitemap (.xml, .xml.gz), a text list, a "
                    "sitemap index (followed into its children: on disk beside the index, "
                    "else fetched), a .sitemapproj project (all its sitemaps) or an http(s) "
                    "URL fetched live. A URL is compared by its loc; changed lists the fields "
                    "that differ (lastmod, changefreq, priority, images, videos, news, "
                    "alternates). Exit 0; 1 when the URLs removed (or added) are more than "
                    "the given percentage of OLD's URLs; 2 when an input cannot be read.")
    parser.add_argument("old", metavar="OLD")
    parser.add_argument("new", metavar="NEW")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--fail-on-removed", type=_percent, metavar="PCT",
                        help="exit 1 when more than PCT percent of OLD's URLs were removed")
    parser.add_argument("--fail-on-added", type=_percent, metavar="PCT",
                        help="exit 1 when the URLs added are more than PCT percent of OLD's")
    parser.add_argument("--allow-private", action="store_true",
                        help="fetch URLs on loopback and private network addresses too")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Compare, print, and return the exit status."""
    try:
        result = compare_locations(args.old, args.new, limits, allow_private=args.allow_private)
    except SitemapError as exc:
        print(exc.located(), file=sys.stderr)
        return EXIT_UNREADABLE
    if args.format == "json":
        sys.stdout.write(json.dumps(result.to_json(), indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text_report(result))
    status = EXIT_OK
    for name, count, limit in (("removed", len(result.removed), args.fail_on_removed),
                               ("added", len(result.added), args.fail_on_added)):
        share = result.percent_of_old(count)
        if limit is not None and share > limit:
            print(f"sitemap-studio diff: {count:,} URLs {name} ({share:.2f}% of OLD's "
                  f"{result.old_urls:,}), more than --fail-on-{name} {limit:g}%",
                  file=sys.stderr)
            status = EXIT_TOO_MANY
    return status



def text_report(result: CompareResult) -> str:
    """The text form: a summary line, then one line per URL of each group, then prefixes."""
    counts = result.summary()
    lines = [f"OLD {result.old.label}: {len(result.old.files)} file(s), {result.old_urls:,} URLs",
             f"NEW {result.new.label}: {len(result.new.files)} file(s), {result.new_urls:,} URLs",
             ", ".join(f"{name} {count:,}" for name, count in counts.items())]
    if result.added:
        lines.append("added:")
        lines.extend(f"+ {url}" for url in result.added)
    if result.removed:
        lines.append("removed:")
        lines.extend(f"- {url}" for url in result.removed)
    if result.changed:
        lines.append("changed:")
        lines.extend(f"~ {item.url}  " + "; ".join(
            f"{change.name}: {shown_value(change.old)} -> {shown_value(change.new)}"
            for change in item.fields) for item in result.changed)
    if result.moved:
        lines.append("moved:")
        lines.extend(f"> {item.url}  {item.source} -> {item.target}" for item in result.moved)
    if result.prefixes:
        lines.append("prefixes gaining or losing most URLs:")
        lines.extend(f"  {p.prefix}  +{p.added:,} -{p.removed:,} ~{p.changed:,}"
                     for p in result.prefixes[:TOP_PREFIXES])
    return "\n".join(lines) + "\n"
