"""The command line's name, subcommands and exit codes: constants, importable without lxml or Qt.

The entry point reads :data:`COMMANDS` to tell a subcommand from a file to open in the window
before anything heavy is imported.
"""

PROG = "sitemap-studio"

#: The subcommands, in the order ``--help`` lists them.
COMMANDS = ("info", "convert", "validate", "kit", "export", "audit", "diff", "check-live")

#: Exit codes shared by the commands: success, input with errors that block the command, and a
#: file that could not be read or written.
EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
