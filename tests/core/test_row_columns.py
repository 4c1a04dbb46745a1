"""The packed row columns keep every byte and every id, whatever is done to the rows."""

from __future__ import annotations

import random
from array import array

import pytest

from sitemap_studio.core.model.document_types import Layout
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.row_columns import RowColumns
from sitemap_studio.core.reading.loader import open_bytes

SITE = "https://www.example.org"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _bytes(count: int) -> bytes:
    # Comments, blank lines and an element between entries: each entry's lead differs.
    parts = []
    for n in range(count):
        lead = f"\n<!-- part {n} -->\n" if n % 3 == 0 else "\n\n" if n % 3 == 1 else " "
        parts.append(f"{lead}<url><loc>{SITE}/{n}</loc><lastmod>2024-01-0{1 + n % 9}</lastmod>"
                     "</url>")
    return f'<?xml version="1.0"?>\n<urlset xmlns="{NS}">{"".join(parts)}\n</urlset>\n'.encode()


@pytest.mark.parametrize("seed", range(5))
def test_removals_moves_and_edits_save_the_bytes_they_should_and_undo_exactly(
        seed: int) -> None:
    rng = random.Random(seed)
    data = _bytes(40)
    document = open_bytes(data)
    expected = [document.entry_at(row) for row in range(len(document))]
    removals = []
    for _step in range(12):
        action = rng.choice(("remove", "move", "edit"))
        if action == "remove":
            row = rng.randrange(len(document))
            del expected[row]
            removals.append(document.remove_rows([row]))
        elif action == "move":
            row, dest = rng.randrange(len(document) - 2), rng.randrange(len(document) + 1)
            if not row <= dest <= row + 2:
                moved = expected[row : row + 2]
                del expected[row : row + 2]
                at = dest if dest < row else dest - 2
                expected[at:at] = moved
            document.move_rows(row, 2, dest)
        else:
            row = rng.randrange(len(document))
            document.set_text(document.id_at(row), "lastmod", "2025-05-05")
            expected[row] = document.entry_at(row)
    assert [entry.loc for entry in document.entries()] == [entry.loc for entry in expected]
    reread = open_bytes(document.to_bytes())
    assert [(e.loc, e.lastmod) for e in reread.entries()] == [
        (e.loc, e.lastmod) for e in expected]
    assert document.to_bytes().count(b"<!-- part") == data.count(b"<!-- part")


def test_an_untouched_document_saves_its_bytes_after_an_edit_is_undone() -> None:
    data = _bytes(12)
    document = open_bytes(data)
    before, _after = document.set_text(document.id_at(4), "loc", f"{SITE}/changed")
    assert b"/changed" in document.to_bytes()
    document.restore_states([before])
    assert document.to_bytes() == data
    removal = document.remove_rows([0, 5, 11])
    document.restore_rows(removal)
    assert document.to_bytes() == data


def test_ids_beyond_four_bytes_are_kept() -> None:
    document = open_bytes(_bytes(5))
    big = 2**40
    document.insert_entries(2, [Entry(id=big, loc=f"{SITE}/far")])
    assert document.id_at(2) == big
    assert document.row_of(big) == 2
    assert document.entry(big).loc == f"{SITE}/far"
    assert [document.row_of(document.id_at(row)) for row in range(6)] == list(range(6))


def test_leads_that_do_not_follow_the_rows_before_are_kept_as_read() -> None:
    raw = b"<r>AAA--BBB--CCC</r>"
    # Row 1's lead starts after the "--" the row before does not cover.
    layout = Layout(3, 16, array("i", [3, 8, 13]), array("i", [3, 8, 13]),
                    array("i", [6, 11, 16]), [], {})
    columns = RowColumns(layout)
    assert [columns.lead(row) for row in range(3)] == [3, 8, 13]
    columns.delete(1)
    assert [columns.lead(row) for row in range(2)] == [3, 13]
    assert raw[columns.start[1] : columns.end[1]] == b"CCC"


def test_field_ends_are_two_bytes_a_row_and_widen_for_a_longer_value() -> None:
    from sitemap_studio.core.model.field_ends import FieldEnds

    rows = [f"<url><loc>{SITE}/{n}</loc><priority>0.{n % 10}</priority></url>"
            for n in range(50)]
    data = f'<?xml version="1.0"?>\n<urlset xmlns="{NS}">{"".join(rows)}\n</urlset>\n'.encode()
    document = open_bytes(data, "plain.xml")
    begins, ends = document.field_offsets(3)
    assert isinstance(ends, FieldEnds) and ends.itemsize == 2
    assert [document.raw[b:e] for b, e in zip(begins, ends, strict=True)][:2] == [b"0.0", b"0.1"]
    assert list(ends[3:5]) == [ends[3], ends[4]] and len(ends) == 50
    assert not isinstance(document.field_offsets(0)[1], FieldEnds)  # read the most: offsets
    # Edited, moved and restored rows keep their values, and the file saves as it was.
    document.replace_entries([Entry(loc=f"{SITE}/edited", id=document.entry_at(0).id)])
    assert document.text(1, 3) == "0.1" and document.text(0, 3) is None
    document.remove_rows([1, 2])
    assert [document.text(row, 3) for row in range(3)] == [None, "0.3", "0.4"]
    # A length past 2 bytes' reach widens the lengths, read or written.
    wide = FieldEnds(array("i", [0, 10]), array("i", [5, 10 + 70_000]))
    assert wide.itemsize == 4 and list(wide) == [5, 70_010]
    narrow = FieldEnds(array("i", [0, 10]), array("i", [5, 12]))
    assert narrow.itemsize == 2
    narrow[1] = 10 + 100_000
    assert narrow.itemsize == 4 and list(narrow) == [5, 100_010]
