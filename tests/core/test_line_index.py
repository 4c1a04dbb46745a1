"""Line and column lookups agree with a plain count, and stay cheap on one huge line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sitemap_studio.core.model.text_position import LineIndex, line_column

TEXT = st.text(alphabet=st.sampled_from(["a", " ", "\n", "é", "€", "𝄞", "<"]), max_size=12_000)


@given(TEXT, st.lists(st.integers(min_value=0), max_size=20))
def test_the_index_agrees_with_counting(text: str, picks: list[int]) -> None:
    data = text.encode()
    index = LineIndex(data)
    for pick in picks:
        offset = len(text[: pick % (len(text) + 1)].encode())  # on a character boundary
        assert index.line_column(offset) == line_column(data, offset)


def test_columns_on_one_long_line_count_characters() -> None:
    # A minified sitemap is one line of megabytes; columns there count characters, not bytes
    # (tests/core/test_linear_time.py checks that asking many of them stays linear).
    data = ("é" + "x" * 19) * 200_000
    raw = data.encode()
    index = LineIndex(raw)
    offsets = range(0, len(raw), len(raw) // 1000)
    columns = [index.line_column(offset)[1] for offset in offsets if raw[offset] < 0x80 or
               raw[offset] >= 0xC0]
    assert columns[0] == 1 and columns == sorted(columns)
    assert index.line_column(len(raw)) == (1, len(data) + 1)


ASCII_TEXT = st.text(alphabet=st.sampled_from(["a", " ", "\n", "<"]), max_size=2_000)


@given(st.one_of(TEXT, ASCII_TEXT), st.lists(st.integers(min_value=0), max_size=40),
       st.booleans())
def test_many_positions_at_once_agree_with_one_at_a_time(text: str, picks: list[int],
                                                          in_order: bool) -> None:
    # The copies of one URL ask for their positions in one call, in order (counted between
    # one offset and the next) or not (looked up one by one); on ASCII data without a step
    # per offset, elsewhere one by one.
    data = text.encode()
    index = LineIndex(data)
    offsets = [len(text[: pick % (len(text) + 1)].encode()) for pick in picks]
    if in_order:
        offsets.sort()
    lines, columns = index.lines_and_columns(offsets)
    assert list(zip(lines, columns, strict=True)) == [line_column(data, o) for o in offsets]


@given(st.one_of(TEXT, ASCII_TEXT), st.lists(st.integers(min_value=1, max_value=3000),
                                              max_size=20))
def test_each_line_starts_where_a_plain_count_says(text: str, lines: list[int]) -> None:
    # Short lines keep one newline in sixteen: the lines between are counted in the bytes.
    data = text.encode()
    index = LineIndex(data)
    starts = [0] + [at + 1 for at, byte in enumerate(data) if byte == 0x0A]
    for line in [1, 2, 17, 33, *lines]:
        expected = starts[line - 1] if line - 1 < len(starts) else len(data)
        assert index.line_start(line) == expected
        if line - 1 < len(starts):
            assert index.line(starts[line - 1]) == line


def test_a_sitemap_keeps_a_newline_in_sixteen_and_a_long_line_keeps_all() -> None:
    rows = "".join(f"  <url>\n    <loc>https://e.com/{n}</loc>\n  </url>\n" for n in range(2000))
    short = LineIndex(rows.encode())
    assert short.line_column(len(rows.encode()) - 3) == (6000, 7)
    assert len(short._table()) == 6000 // 16
    long_line = ("a" * 10_000 + "\n") * 40
    assert len(LineIndex(long_line.encode())._table()) == 40
