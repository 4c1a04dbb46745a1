"""The command line: ``sitemap-studio COMMAND ...``, one module per subcommand.

Front door: :func:`main` runs the command line and returns its exit code;
:func:`window_argument_problem` says why a word given to the window is not a file to open.
Both load the commands (and lxml) on first use, so the entry point can read
:data:`~sitemap_studio.cli.names.COMMANDS` without them.
"""

from __future__ import annotations

from collections.abc import Sequence

from sitemap_studio.cli.names import COMMANDS, EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE, PROG


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the process exit code; no traceback reaches the user."""
    from sitemap_studio.cli import run

    return run.main(argv)


def window_argument_problem(word: str) -> str | None:
    """Why ``word``, given where the window expects a FILE to open, is an error; else ``None``."""
    from sitemap_studio.cli import run

    return run.window_argument_problem(word)


__all__ = ["COMMANDS", "EXIT_INVALID", "EXIT_OK", "EXIT_UNREADABLE", "PROG", "main",
           "window_argument_problem"]
