"""Turn byte offsets in UTF-8 text into 1-based line and column numbers."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from itertools import accumulate, chain, repeat
from operator import add, sub


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

    __slots__ = ("_ascii", "_blocks", "_data", "_newlines", "_starts")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._newlines: array[int] | None = None
        self._ascii: bool | None = None
        self._blocks: array[int] | None = None
        self._starts: array[int] | None = None

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

    def lines_and_columns(self, offsets: list[int]) -> tuple[list[int], list[int]]:
        """:meth:`line_column` of many offsets, as a list of lines and one of columns.

        On ASCII data, with no Python step per offset: the copies of one URL ask for
        thousands of positions at once.
        """
        if self._ascii is None:
            self._ascii = self._data.isascii()
        if not self._ascii or (offsets and not 0 <= min(offsets) <= max(offsets) <= len(
                self._data)):
            pairs = [self.line_column(offset) for offset in offsets]
            return [line for line, _ in pairs], [column for _, column in pairs]
        table = self._table()
        if self._starts is None:  # where each line starts, less one: line 1 starts at 0
            self._starts = array("q", [-1]) + table
        # How many newlines come before each offset: its line, counting from 0. In order
        # (the copies of a URL, row by row), counted between one offset and the next.
        if sorted(offsets) == offsets:
            indices = list(accumulate(map(self._data.count, repeat(b"\n"),
                                          chain((0,), offsets), offsets)))
        else:
            indices = list(map(bisect_right, repeat(table), map(sub, offsets, repeat(1))))
        return (list(map(add, indices, repeat(1))),
                list(map(sub, offsets, map(self._starts.__getitem__, indices))))

    def line_start(self, line: int) -> int:
        """Offset where 1-based ``line`` begins (the end of the data past the last line)."""
        table = self._table()
        if line <= 1:
            return 0
        return table[line - 2] + 1 if line - 2 < len(table) else len(self._data)
