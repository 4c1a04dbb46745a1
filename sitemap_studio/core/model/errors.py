"""Errors the core raises when a file cannot be read, located where possible."""

from __future__ import annotations


class SitemapError(Exception):
    """A problem with user input that stops an operation.

    Carries the file, line and column where known so that every front end can
    print ``FILE:LINE:COLUMN: message`` and no traceback reaches the user.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        code: str = "read-error",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.code = code
        #: The text of the offending line, where the reader kept it (shown under the message).
        self.source_line: str | None = None

    def with_path(self, path: str) -> SitemapError:
        """Return this error with ``path`` filled in when it was unknown."""
        if self.path is None:
            self.path = path
        return self

    def located(self) -> str:
        """Format as ``FILE:LINE:COLUMN: message``, leaving out what is unknown."""
        where = self.path or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"

    def __str__(self) -> str:
        return self.located()


class ReadError(SitemapError):
    """The input is not a sitemap we can open (malformed, wrong format, unsafe)."""


class LimitExceeded(ReadError):
    """The input is larger than a configured safety cap."""

    def __init__(self, message: str, **kwargs: object) -> None:
        super().__init__(message, code="limit-exceeded", **kwargs)  # type: ignore[arg-type]


class Cancelled(Exception):
    """The user cancelled a long operation through its cancel token."""
