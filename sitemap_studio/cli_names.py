"""The command line's subcommands, named where the entry point can read them without Qt or lxml."""

#: The subcommands, in the order ``--help`` lists them.
COMMANDS = ("info", "convert", "validate", "kit", "export", "audit", "diff", "check-live")
