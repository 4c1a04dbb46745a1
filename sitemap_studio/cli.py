"""Headless command-line interface; scripts and our own checks depend on its output.

Never imports Qt: it must run on machines with no display libraries. Errors go
to stderr as ``FILE:LINE:COLUMN: message``. Exit codes: 0 success, 1 the input
has errors that block the command, 2 a file could not be read or written.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Sequence

from sitemap_studio import (
    __version__,
    cli_audit,
    cli_check_live,
    cli_diff,
    cli_export,
    cli_kit,
    cli_validate,
)
from sitemap_studio.cli_names import COMMANDS
from sitemap_studio.core.conversion_notes import conversion_note
from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.limits import Limits
from sitemap_studio.core.loader import open_document
from sitemap_studio.core.overwrite import OverwriteRefused
from sitemap_studio.core.saving import output_for
from sitemap_studio.core.snapshots import save_document
from sitemap_studio.core.summary import describe

PROG = "sitemap-studio"
EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2


def window_argument_problem(word: str) -> str | None:
    """Why ``word``, given where the window expects a FILE to open, is an error; else ``None``.

    A word that is not an existing file is most likely a mistyped command:
    the message names the commands (and the closest one).
    """
    if os.path.isfile(word):
        return None
    close = difflib.get_close_matches(word, COMMANDS, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    what = "a folder, not a file" if os.path.isdir(word) else "neither a command nor a file"
    return (f"{PROG}: '{word}' is {what}{hint}. Commands: {', '.join(COMMANDS)}; "
            f"'{PROG} FILE' opens an existing FILE in the window; see '{PROG} --help'")


def _limit_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-bytes", type=int, metavar="N",
                        help="refuse inputs larger than N bytes uncompressed "
                             "(default 268435456, or SITEMAP_STUDIO_MAX_BYTES)")
    parser.add_argument("--max-entries", type=int, metavar="N",
                        help="refuse inputs with more than N entries "
                             "(default 1000000, or SITEMAP_STUDIO_MAX_ENTRIES)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Edit, validate and convert XML sitemaps. "
        f"Run '{PROG} [FILE]' with no subcommand to open the desktop app.",
    )
    parser.add_argument("-V", "--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    info = commands.add_parser("info", help="describe sitemaps: kind, entries, sizes, namespaces",
                               description="Describe each FILE: kind, entries, raw and "
                                           "uncompressed bytes, namespaces, extension counts.")
    info.add_argument("files", nargs="+", metavar="FILE")
    info.add_argument("--format", choices=("text", "json"), default="text")
    _limit_options(info)
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
    _limit_options(convert)
    cli_validate.add_parser(commands)
    _limit_options(commands.choices["validate"])
    cli_kit.add_parser(commands)
    _limit_options(commands.choices["kit"])
    cli_export.add_parser(commands)
    cli_diff.add_parser(commands)
    _limit_options(commands.choices["diff"])
    cli_check_live.add_parser(commands)
    _limit_options(commands.choices["check-live"])
    cli_audit.add_parser(commands)
    _limit_options(commands.choices["audit"])
    return parser


def _limits(args: argparse.Namespace) -> Limits:
    limits = Limits.from_env()
    return Limits(
        max_uncompressed_bytes=args.max_bytes or limits.max_uncompressed_bytes,
        max_entries=args.max_entries or limits.max_entries,
        max_depth=limits.max_depth,
    )


def _error(exc: SitemapError) -> None:
    print(exc.located(), file=sys.stderr)


def cmd_info(args: argparse.Namespace) -> int:
    """``info``: one description per file; unreadable files are reported and skipped."""
    limits = _limits(args)
    status = EXIT_OK
    reports = []
    for path in args.files:
        try:
            document = open_document(path, limits)
        except SitemapError as exc:
            _error(exc.with_path(path))
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


def cmd_convert(args: argparse.Namespace) -> int:
    """``convert``: read IN, write OUT by its suffix, atomically."""
    try:
        document = open_document(args.input, _limits(args))
    except SitemapError as exc:
        _error(exc.with_path(args.input))
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
        _error(exc.with_path(args.output))
        return EXIT_UNREADABLE
    how = conversion_note(document, fmt)
    print(f"{args.output}: {len(document)} entries, {written} bytes ({how})", file=sys.stderr)
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code; no traceback reaches the user."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (``| head``): nothing left to say.
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc} (this is a bug in "
              f"Sitemap Studio; please report it)", file=sys.stderr)
        return EXIT_UNREADABLE


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else list(argv))
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_UNREADABLE
    if args.command == "info":
        return cmd_info(args)
    if args.command == "convert":
        return cmd_convert(args)
    if args.command == "validate":
        return cli_validate.run(args, _limits(args))
    if args.command == "kit":
        return cli_kit.run(args, _limits(args))
    if args.command == "export":
        return cli_export.run(args, _limits(args))
    if args.command == "diff":
        return cli_diff.run(args, _limits(args))
    if args.command == "check-live":
        return cli_check_live.run(args, _limits(args))
    if args.command == "audit":
        return cli_audit.run(args, _limits(args))
    parser.print_usage(sys.stderr)
    return EXIT_UNREADABLE
