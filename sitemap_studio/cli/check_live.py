"""``sitemap-studio check-live``: fetch a published sitemap as a search engine would and report.

Given a ``.sitemapproj`` project, the URL checked is where the project
publishes its index (the public URL of its export folder, ``export.base_url``,
else the folder of its index URL, else its site URL; plus the export's index
name), and every live file is then compared with what the
project would export now. Given a URL, that sitemap or index is checked
alone. Exit 0 when every file passes (and matches the project), 1 when any
has a problem, 2 when nothing could be fetched or the input is unusable.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sitemap_studio.core.fetching import DEFAULT_TIMEOUT
from sitemap_studio.core.model import Limits, SitemapError
from sitemap_studio.core.project import is_project_path, open_workspace
from sitemap_studio.core.publish_check import (
    LiveCheckOptions,
    check_project,
    check_urls,
    report_lines,
)

EXIT_OK, EXIT_PROBLEMS, EXIT_UNFETCHED = 0, 1, 2


def add_parser(commands: Any) -> None:
    """Register ``check-live`` on the CLI's subparsers."""
    parser = commands.add_parser(
        "check-live", help="fetch the published sitemaps as a search engine would and report",
        description="Fetch a sitemap or sitemap index (and the sitemaps an index lists) the way "
                    "a search engine does, and report every problem in Search Console's words "
                    "with its evidence and what to do: couldn't fetch, redirected, blocked by "
                    "robots.txt, HTML or another wrong content type, compression errors, not "
                    "well-formed or not a sitemap, over the size or URL limits, URLs not "
                    "allowed, invalid dates, nested indexes, and a missing or different "
                    "robots.txt Sitemap: line. Given a project, its public index URL is "
                    "checked and every live file is compared with what the project would "
                    "export now. Exit 0 when everything passes, 1 otherwise, 2 when nothing "
                    "could be fetched.")
    parser.add_argument("target", metavar="PROJECT|URL",
                        help="a .sitemapproj project, or the URL of a sitemap or index")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--allow-private", action="store_true",
                        help="also fetch hosts on loopback, private or link-local addresses "
                             "(a test server of your own); refused by default")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"seconds to wait for a connection and for each piece of an "
                             f"answer (default {DEFAULT_TIMEOUT:g})")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Check, print the report, and return the exit status."""
    target: str = args.target
    options = LiveCheckOptions(args.allow_private, args.timeout, limits)
    try:
        if is_project_path(target):
            report = check_project(open_workspace(target, limits), options)
        else:
            report = check_urls([target], options)
    except SitemapError as exc:
        where = exc.located() if exc.path else f"sitemap-studio check-live: {exc.message}"
        print(where, file=sys.stderr)
        return EXIT_UNFETCHED
    if args.format == "json":
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in report_lines(report):
            print(line)
    if not report.anything_fetched:
        return EXIT_UNFETCHED
    return EXIT_OK if report.ok else EXIT_PROBLEMS
