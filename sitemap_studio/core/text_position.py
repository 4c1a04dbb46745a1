"""Turn byte offsets in UTF-8 text into 1-based line and column numbers."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Iterable


def line_column(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters) of ``offset``; lines end at ``\\n``."""
    offset = max(0, min(offset, len(data)))
    line = data.count(b"\n", 0, offset) + 1
    line_start = data.rfind(b"\n", 0, offset) + 1
    return line, _column(data, line_start, offset)


def _column(data: bytes, line_start: int, offset: int) -> int:
    before = data[line_start:offset]
    return (len(before) if before.isascii() else len(before.decode("utf-8", "replace"))) + 1


#: UTF-8 continuation bytes: a column counts characters, so these are not counted.
_CONTINUATION = bytes(range(0x80, 0xC0))
#: Continuation bytes are counted per block of this size, once, for columns on long lines.
_BLOCK = 4096


class LineIndex:
    """Answers many line/column questions about one buffer in O(log n) each.

    The newline table is built on first use, so documents that are never
    asked about lines pay nothing. Columns cost O(1) on ASCII data and at
    most a block's scan otherwise, however long the line (a minified file is
    one line: a column there must not cost a scan from the line's start).
    """

    __slots__ = ("_ascii", "_blocks", "_data", "_newlines")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._newlines: array[int] | None = None
        self._ascii: bool | None = None
        self._blocks: array[int] | None = None

    def _characters_before(self, offset: int) -> int:
        """How many characters the UTF-8 bytes before ``offset`` hold."""
        if self._ascii is None:
            self._ascii = self._data.isascii()
        if self._ascii:
            return offset
        if self._blocks is None:
            counts = array("q", [0])
            data = self._data
            for start in range(0, len(data), _BLOCK):
                piece = data[start:start + _BLOCK]
                counts.append(counts[-1] + len(piece) - len(piece.translate(None, _CONTINUATION)))
            self._blocks = counts
        block = offset // _BLOCK
        piece = self._data[block * _BLOCK:offset]
        skipped = self._blocks[block] + len(piece) - len(piece.translate(None, _CONTINUATION))
        return offset - skipped

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
        offset = max(0, min(offset, len(self._data)))
        index = bisect_right(table, offset - 1)
        line_start = table[index - 1] + 1 if index else 0
        column = self._characters_before(offset) - self._characters_before(line_start) + 1
        return index + 1, column

    def line_columns(self, offsets: Iterable[int]) -> list[tuple[int, int]]:
        """:meth:`line_column` of many offsets (the copies of one URL ask for thousands)."""
        if self._ascii is None:
            self._ascii = self._data.isascii()
        if not self._ascii:
            return [self.line_column(offset) for offset in offsets]
        table, size = self._table(), len(self._data)
        found: list[tuple[int, int]] = []
        for offset in offsets:
            offset = 0 if offset < 0 else min(offset, size)
            index = bisect_right(table, offset - 1)
            found.append((index + 1, offset - table[index - 1] if index else offset + 1))
        return found

    def line_start(self, line: int) -> int:
        """Offset where 1-based ``line`` begins (the end of the data past the last line)."""
        table = self._table()
        if line <= 1:
            return 0
        return table[line - 2] + 1 if line - 2 < len(table) else len(self._data)
