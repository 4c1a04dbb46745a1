"""Turn byte offsets in UTF-8 text into 1-based line and column numbers."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right


def line_column(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters) of ``offset``; lines end at ``\\n``."""
    offset = max(0, min(offset, len(data)))
    line = data.count(b"\n", 0, offset) + 1
    line_start = data.rfind(b"\n", 0, offset) + 1
    return line, _column(data, line_start, offset)


def _column(data: bytes, line_start: int, offset: int) -> int:
    before = data[line_start:offset]
    return (len(before) if before.isascii() else len(before.decode("utf-8", "replace"))) + 1


class LineIndex:
    """Answers many line/column questions about one buffer in O(log n) each.

    The newline table is built on first use, so documents that are never
    asked about lines pay nothing.
    """

    __slots__ = ("_data", "_newlines")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._newlines: array[int] | None = None

    def _table(self) -> array[int]:
        if self._newlines is None:
            self._newlines = array("q", (m.start() for m in re.finditer(b"\n", self._data)))
        return self._newlines

    def line(self, offset: int) -> int:
        """1-based line of ``offset``."""
        return bisect_right(self._table(), offset - 1) + 1

    def line_column(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of ``offset``."""
        table = self._table()
        index = bisect_right(table, offset - 1)
        line_start = table[index - 1] + 1 if index else 0
        return index + 1, _column(self._data, line_start, offset)

    def line_start(self, line: int) -> int:
        """Offset where 1-based ``line`` begins (the end of the data past the last line)."""
        table = self._table()
        if line <= 1:
            return 0
        return table[line - 2] + 1 if line - 2 < len(table) else len(self._data)
