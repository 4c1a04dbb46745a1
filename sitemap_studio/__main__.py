"""Entry point: ``sitemap-studio`` and ``python -m sitemap_studio``.

Headless subcommands and ``--version``/``--help`` go to :mod:`sitemap_studio.cli`
without importing Qt, so they start fast and work on machines with no display
libraries. Anything else starts the desktop app.
"""

from __future__ import annotations

import sys

#: First arguments that select the command-line interface instead of the GUI.
HEADLESS_FIRST_ARGS = frozenset(
    {"info", "convert", "validate", "export", "kit", "--version", "-V", "--help", "-h"}
)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI or the GUI, depending on the first argument, and return the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] in HEADLESS_FIRST_ARGS:
        from sitemap_studio import cli

        return cli.main(args)
    from sitemap_studio import app

    return app.main(args)


if __name__ == "__main__":
    sys.exit(main())
