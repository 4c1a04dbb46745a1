"""``sitemap-studio convert``: read any input, write it in the format the output's name asks for."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sitemap_studio.cli.names import EXIT_OK, EXIT_UNREADABLE
from sitemap_studio.core.model import Limits, SitemapError
from sitemap_studio.core.reading import open_document
from sitemap_studio.core.writing import OverwriteRefused, conversion_note, output_for, save_document


def add_parser(commands: Any) -> None:
    """Register ``convert`` on the CLI's subparsers."""
    convert = commands.add_parser(
        "convert", help="convert between XML, gzip and text sitemaps",
        description="Read any supported input and write OUT in the format its suffix names "
                    "(.xml, .xml.gz, .txt). The same format in and out is a lossless copy; "
                    "anything else is said to be converted, with what was left out. An "
                    "existing OUT of another kind (a feed, a robots.txt with rules, an index "
                    "for a urlset, anything that is not a sitemap) is not replaced: exit 2, "
                    "unless --force is given.")
    convert.add_argument("input", metavar="IN")
    convert.add_argument("output", metavar="OUT")
    convert.add_argument("--force", action="store_true",
                         help="replace OUT even when it holds a file of another kind")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Read IN, write OUT by its suffix, atomically."""
    try:
        document = open_document(args.input, limits)
    except SitemapError as exc:
        print(exc.with_path(args.input).located(), file=sys.stderr)
        return EXIT_UNREADABLE
    fmt, compress = output_for(args.output, document)
    try:
        written = save_document(document, args.output, fmt, compress,
                                replace_other_kind=args.force)
    except OverwriteRefused as exc:
        print(f"{exc.located()}; write to another file, or give --force to replace it",
              file=sys.stderr)
        return EXIT_UNREADABLE
    except SitemapError as exc:
        print(exc.with_path(args.output).located(), file=sys.stderr)
        return EXIT_UNREADABLE
    how = conversion_note(document, fmt)
    print(f"{args.output}: {len(document)} entries, {written} bytes ({how})", file=sys.stderr)
    return EXIT_OK
