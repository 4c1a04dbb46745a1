"""Turn byte offsets in UTF-8 text into 1-based line and column numbers."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from itertools import accumulate, chain, repeat
from operator import add, sub

from sitemap_studio.core.model.row_columns import id_typecode


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
#: When no line is longer than this, only every :data:`_SAMPLE`-th newline is kept and the
#: few lines after one are counted in the bytes (a sitemap has six or seven lines a URL):
#: a lookup then reads at most this many lines' bytes.
_SHORT_LINE = 4096
_SAMPLE = 16


class LineIndex:
    """Answers many line/column questions about one buffer in O(log n) each.

    The newline table is built on first use, so documents that are never
    asked about lines pay nothing. Columns cost O(1) on ASCII data and at
    most a block's scan otherwise, however long the line (a minified file is
    one line: a column there must not cost a scan from the line's start).
    """

    __slots__ = ("_ascii", "_blocks", "_data", "_newlines", "_step")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._newlines: array[int] | None = None
        self._step = 1
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
        """Offsets of every ``_step``-th newline (the ``_step``-th, the ``2 * _step``-th...).

        When every line is short (a sitemap's), one newline in :data:`_SAMPLE`
        is kept: about a quarter of a byte a line. Otherwise every newline, so
        that a lookup never reads a long line's bytes.
        """
        if self._newlines is None:
            data = self._data
            code = id_typecode(len(data))
            table = array(code, (m.start() for m in re.finditer(b"\n", data)))
            longest = max(map(sub, chain(table, (len(data),)), chain((-1,), table)))
            if len(table) >= _SAMPLE and longest <= _SHORT_LINE:
                self._step = _SAMPLE
                table = table[_SAMPLE - 1 :: _SAMPLE]
            self._newlines = table
        return self._newlines

    def _before(self, offset: int) -> tuple[int, int]:
        """(newlines before ``offset``, where the line holding ``offset`` starts)."""
        table = self._table()
        index = bisect_right(table, offset - 1)  # sampled newlines before offset
        after = table[index - 1] + 1 if index else 0
        if self._step == 1:
            return index, after
        data = self._data
        return (index * self._step + data.count(b"\n", after, offset),
                max(after, data.rfind(b"\n", after, offset) + 1))

    def line(self, offset: int) -> int:
        """1-based line of ``offset``."""
        return self._before(offset)[0] + 1

    def line_column(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of ``offset``."""
        offset = max(0, min(offset, len(self._data)))
        newlines, line_start = self._before(offset)
        column = self._characters_before(offset) - self._characters_before(line_start) + 1
        return newlines + 1, column

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
        if sorted(offsets) != offsets:  # answered in order, handed back as asked
            order = sorted(range(len(offsets)), key=offsets.__getitem__)
            lines, columns = self.lines_and_columns(list(map(offsets.__getitem__, order)))
            back = [0] * len(offsets)
            for place, at in enumerate(order):
                back[at] = place
            return list(map(lines.__getitem__, back)), list(map(columns.__getitem__, back))
        # How many newlines come before each offset: its line, counting from 0. In order
        # (the copies of a URL, row by row), counted between one offset and the next; and
        # the last newline before each, searched for between one offset and the next (no
        # newline there: the one before the previous offset). ASCII: a column is a byte.
        data = self._data
        starts = list(chain((0,), offsets))
        indices = accumulate(map(data.count, repeat(b"\n"), starts, offsets))
        last = accumulate(map(data.rfind, repeat(b"\n"), starts, offsets), max)
        return (list(map(add, indices, repeat(1))), list(map(sub, offsets, last)))

    def line_start(self, line: int) -> int:
        """Offset where 1-based ``line`` begins (the end of the data past the last line)."""
        if line <= 1:
            return 0
        table, step = self._table(), self._step
        sampled, more = divmod(line - 1, step)  # newline number line - 1 ends line - 1
        if sampled > len(table):
            return len(self._data)
        at = table[sampled - 1] + 1 if sampled else 0
        for _ in range(more):
            found = self._data.find(b"\n", at)
            if found < 0:
                return len(self._data)
            at = found + 1
        return at
