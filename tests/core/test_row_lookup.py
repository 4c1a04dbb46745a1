"""Finding an entry's row stays right, and linear, however the rows were moved about."""

from __future__ import annotations

import random

import pytest

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes

SITE = "https://www.example.org"


def _document(count: int):  # type: ignore[no-untyped-def]
    body = "".join(f"<url><loc>{SITE}/{n}</loc></url>\n" for n in range(count))
    return open_bytes((f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
                       f"{body}</urlset>\n").encode())


@pytest.mark.parametrize("seed", range(6))
def test_every_entry_is_found_on_its_row_after_inserts_removals_and_moves(seed: int) -> None:
    rng = random.Random(seed)
    document = _document(60)
    gone: list[int] = []
    for step in range(40):
        action = rng.choice(("insert", "remove", "move", "look"))
        if action == "insert":
            document.insert_entries(rng.randrange(len(document) + 1),
                                    [Entry(loc=f"{SITE}/new/{step}/{n}") for n in range(3)])
        elif action == "remove" and len(document) > 5:
            row = rng.randrange(len(document))
            gone.append(document.id_at(row))
            document.remove_rows([row])
        elif action == "move" and len(document) > 5:
            document.move_rows(rng.randrange(len(document) - 2), 2,
                               rng.randrange(len(document) + 1))
        # many lookups in a row: past the first searches the id -> row array answers
        for row in rng.sample(range(len(document)), min(20, len(document))):
            assert document.row_of(document.id_at(row)) == row
        for entry_id in gone:
            with pytest.raises(KeyError):
                document.row_of(entry_id)


def test_a_pasted_run_of_entries_is_found_row_by_row() -> None:
    document = _document(10)
    ids = document.insert_entries(0, [Entry(loc=f"{SITE}/p/{n}") for n in range(5_000)])
    # each lookup of a reordered document used to search the ids: 5,000 lookups of 5,010
    # rows made 25 million comparisons; the rows come back right either way
    assert [document.row_of(entry_id) for entry_id in ids] == list(range(5_000))
    assert document.row_of(document.id_at(5_009)) == 5_009
