"""Entry point: ``sitemap-studio`` and ``python -m sitemap_studio``.

Headless subcommands and ``--version``/``--help`` go to :mod:`sitemap_studio.cli`
without importing Qt, so they start fast and work on machines with no display
libraries. A first argument that is neither a command nor an option nor an
existing file is an error (exit 2), never a window waiting for someone to
close it. Anything else starts the desktop app.

``sitemap-studio-gui`` (a GUI script: on Windows it runs without a console window)
always starts the desktop app; its arguments are files to open, never commands.
"""

from __future__ import annotations

import sys

from sitemap_studio.cli.names import COMMANDS

#: First arguments that select the command-line interface instead of the GUI.
HEADLESS_FIRST_ARGS = frozenset({*COMMANDS, "--version", "-V", "--help", "-h"})


def main(argv: list[str] | None = None) -> int:
    """Run the CLI or the GUI, depending on the first argument, and return the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] in HEADLESS_FIRST_ARGS:
        from sitemap_studio import cli

        return cli.main(args)
    if args and not args[0].startswith("-"):
        from sitemap_studio import cli

        problem = cli.window_argument_problem(args[0])
        if problem is not None:
            print(problem, file=sys.stderr)
            return cli.EXIT_UNREADABLE
    from sitemap_studio import app

    return app.main(args)


def gui_main(argv: list[str] | None = None) -> int:
    """Start the desktop app with ``argv`` (default: the command line) and return the exit code."""
    from sitemap_studio import app

    return app.main(sys.argv[1:] if argv is None else list(argv))


if __name__ == "__main__":
    sys.exit(main())
