"""Headless command-line interface; scripts and our own checks depend on its output.

Never imports Qt: it must run on machines with no display libraries. Errors go
to stderr as ``FILE:LINE:COLUMN: message``. Exit codes: 0 success, 1 the input
has errors that block the command, 2 a file could not be read or written.
Each subcommand is a module of this package with ``add_parser`` and ``run``.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from sitemap_studio import __version__
from sitemap_studio.cli import audit, check_live, convert, diff, export, info, kit, validate
from sitemap_studio.cli.names import COMMANDS, EXIT_OK, EXIT_UNREADABLE, PROG
from sitemap_studio.core.model import Limits

#: Each subcommand's module, in the order ``--help`` lists them.
_MODULES: dict[str, ModuleType] = {
    "info": info, "convert": convert, "validate": validate, "kit": kit, "export": export,
    "audit": audit, "diff": diff, "check-live": check_live,
}
#: Commands that read their inputs under the size limits (``--max-bytes``, ``--max-entries``).
_LIMITED = frozenset(COMMANDS) - {"export"}


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
    for name in COMMANDS:
        _MODULES[name].add_parser(commands)
        if name in _LIMITED:
            _limit_options(commands.choices[name])
    return parser


def limits_from(args: argparse.Namespace) -> Limits:
    """The input size limits a command reads under: its options, else the environment's."""
    limits = Limits.from_env()
    return Limits(
        max_uncompressed_bytes=args.max_bytes or limits.max_uncompressed_bytes,
        max_entries=args.max_entries or limits.max_entries,
        max_depth=limits.max_depth,
    )


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
    module = _MODULES.get(args.command or "")
    if module is not None:
        status: int = module.run(args, limits_from(args))
        return status
    parser.print_usage(sys.stderr)
    return EXIT_UNREADABLE
