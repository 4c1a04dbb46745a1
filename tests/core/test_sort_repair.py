"""A kept sort repaired after edits, inserts, removals, moves and undo orders the rows as a
sort made afresh does: both directions, under a filter, ties in file then row order,
unparsable then absent values last."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows import combined_rows, kept_sorts, sort_repair
from sitemap_studio.core.rows.combined_rows import CombinedRows

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
#: Few distinct values, so ties are many; some odd ones of every kind.
LOCS = ["https://e.com/a", "https://e.com/b", "https://e.com/é", "https://e.com/日本",
        "https://e.com/a&amp;b", "https://e.com/Z", " https://e.com/c "]
LASTMODS = ["2024-01-02", "2023-05-01", "2024-01-02T00:00:00Z", "yesterday", "2024-13-01",
            None]
PRIORITIES = ["0.5", "0.1", "1.0", "high", None]
COLUMNS = (0, 1, 3)


def _entry_xml(chance: random.Random) -> str:
    loc = chance.choice(LOCS)
    lastmod = chance.choice(LASTMODS)
    priority = chance.choice(PRIORITIES)
    return (f"<url><loc>{loc}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "")
            + (f"<priority>{priority}</priority>" if priority else "") + "</url>")


def _document(chance: random.Random, count: int):
    body = "".join(_entry_xml(chance) for _ in range(count))
    return open_bytes(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())


def _fresh(chance: random.Random) -> Entry:
    return Entry(loc=chance.choice(LOCS).replace("&amp;", "&").strip(),
                 lastmod=chance.choice(LASTMODS), priority=chance.choice(PRIORITIES))


def _edit(chance: random.Random, document, kind: str) -> None:
    """One change of ``kind`` to ``document``, as the editor's commands make them."""
    count = len(document)
    if kind == "cell":
        row = chance.randrange(count)
        name = chance.choice(["loc", "lastmod", "priority"])
        values = {"loc": [*LOCS, "https://e.com/ü", None], "lastmod": LASTMODS,
                  "priority": PRIORITIES}[name]
        value = chance.choice(values)
        document.set_text(document.id_at(row), name,
                          value.replace("&amp;", "&").strip() if value else value)
    elif kind == "bulk":
        rows = sorted(chance.sample(range(count), min(count, 12)))
        lastmod = chance.choice(LASTMODS)
        document.replace_entries([replace(document.entry_at(row), lastmod=lastmod)
                                  for row in rows])
    elif kind == "insert":
        document.insert_entries(chance.randrange(count + 1),
                                [_fresh(chance) for _ in range(chance.randrange(1, 4))])
    elif kind == "remove":
        document.remove_rows(chance.sample(range(count), min(count - 1, 3)))
    elif kind == "move":
        row = chance.randrange(count - 2)
        document.move_rows(row, 2, chance.choice([0, count]))
    elif kind == "undo":  # a removal put back exactly
        document.restore_rows(document.remove_rows(chance.sample(range(count), 2)))


def _expected(rows: CombinedRows, column: int, descending: bool,
              within: list[int] | None) -> list[int]:
    """A stable sort made here: values, then unparsable ones by text, then absent ones."""
    cold = CombinedRows(rows.documents, rows.names)  # nothing kept: sorts at once
    try:
        return list(cold.sort_order(column, descending, rows=within))
    finally:
        cold.close()


def _warmed(seed: object, counts: tuple[int, ...], columns: tuple[int, ...]):
    """(random source, documents of ``counts`` rows, their rows with ``columns`` sorted
    ahead)."""
    chance = random.Random(seed)
    documents = [_document(chance, count) for count in counts]
    rows = CombinedRows(documents, [f"part-{number}" for number in range(len(counts))])
    for _step in rows.warm_up(sorts=columns):
        pass
    return chance, documents, rows


def _check(rows: CombinedRows, chance: random.Random) -> None:
    for column in COLUMNS:
        for descending in (False, True):
            within = sorted(chance.sample(range(len(rows)), len(rows) // 3))
            for chosen in (None, within):
                found = list(rows.sort_order(column, descending, rows=chosen))
                assert found == _expected(rows, column, descending, chosen), (column,
                                                                              descending)
        assert column in rows.kept_columns()  # repaired and kept, not sorted again


@pytest.mark.parametrize("find_rows", [0, 32])  # changed rows found in one pass, or one by one
@pytest.mark.parametrize("kind", ["cell", "bulk", "insert", "remove", "move", "undo"])
def test_a_repaired_sort_equals_a_fresh_one_after_each_kind_of_change(kind: str, find_rows: int,
                                                                      monkeypatch) -> None:
    monkeypatch.setattr(sort_repair, "FIND_ROWS", find_rows)
    monkeypatch.setattr(sort_repair, "_SLICE", 7 if find_rows == 0 else 1 << 16)  # and in slices
    chance, documents, rows = _warmed(kind, (40, 1, 60), COLUMNS)
    assert sorted(rows.kept_columns()) == list(COLUMNS)
    for _round in range(8):
        for _change in range(chance.randrange(1, 4)):
            _edit(chance, chance.choice([documents[0], documents[2]]), kind)
        rows.refresh()
        if kind in ("insert", "remove", "undo"):
            assert rows.kept_columns() == []  # the change is noted, not yet repaired
        _check(rows, chance)
    rows.close()


def test_changes_in_several_files_and_kinds_at_once_then_undone() -> None:
    chance, documents, rows = _warmed(5, (30, 30, 30, 30), COLUMNS)
    removal = documents[1].remove_rows([0, 5, 6, 29])
    for kind in ("cell", "insert", "move", "bulk", "cell"):
        _edit(chance, chance.choice(documents), kind)
    rows.refresh()
    _check(rows, chance)
    documents[1].restore_rows(removal)
    rows.refresh()
    _check(rows, chance)
    rows.close()


def test_too_many_changed_rows_drop_the_kept_sort(monkeypatch) -> None:
    monkeypatch.setattr(kept_sorts, "REPAIR_ROWS", 5)
    _chance, documents, rows = _warmed(2, (100, 100), (1,))
    documents[0].replace_entries([replace(documents[0].entry_at(row), lastmod="2020-01-01")
                                  for row in range(20)])
    assert rows.kept_columns() == []
    assert list(rows.sort_order(1, True)) == _expected(rows, 1, True, None)
    assert rows.kept_columns() == []  # sorted at the click, nothing to repair
    rows.close()


def test_a_file_added_after_the_sort_joins_it() -> None:
    chance, _documents, rows = _warmed(9, (50,), COLUMNS)
    rows.add(_document(chance, 7), "b")
    _check(rows, chance)
    rows.close()


def test_sorts_made_a_file_at_a_time_equal_sorting_at_the_click() -> None:
    chance = random.Random(11)
    documents = [_document(chance, count) for count in (70, 0, 5, 90)]
    documents.append(open_bytes(  # an entry with images sorts by its count
        f'<urlset xmlns="{NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        '<url><loc>https://e.com/i</loc><image:image><image:loc>https://e.com/i.png'
        '</image:loc></image:image></url><url><loc>https://e.com/j</loc></url></urlset>'
        .encode()))
    rows = CombinedRows(documents, ["a", "b", "c", "d", "e"])
    for column in (0, 1, 2, 3, 4):
        for _step in rows.sort_steps(column):
            pass
        assert column in rows.kept_columns()
        for descending in (False, True):
            assert list(rows.sort_order(column, descending)) == _expected(
                rows, column, descending, None)
    rows.close()


def test_idle_time_leaves_a_sort_with_many_changes_for_the_click(monkeypatch) -> None:
    monkeypatch.setattr(combined_rows, "IDLE_REPAIR_ROWS", 3)
    chance, documents, rows = _warmed(4, (30, 30), (0,))
    _edit(chance, documents[1], "cell")
    for _step in rows.warm_up(sorts=(0,)):  # one row: repaired in idle time
        pass
    assert rows.kept_columns() == [0]
    documents[1].insert_entries(2, [_fresh(chance) for _ in range(5)])  # more than 3 rows
    rows.refresh()
    steps = sum(1 for _step in rows.warm_up(sorts=(0,)))
    assert rows.kept_columns() == []  # not repaired, and not sorted again either
    assert steps == sum(1 for _step in rows.warm_up(sorts=()))
    for descending in (False, True):
        assert list(rows.sort_order(0, descending)) == _expected(rows, 0, descending, None)
    assert rows.kept_columns() == [0]  # the click repaired it
    rows.close()


def test_an_edit_that_leaves_a_columns_values_leaves_its_sort_as_it_is() -> None:
    _chance, documents, rows = _warmed(6, (20, 20), (0, 1))
    document = documents[1]
    entry_id = document.id_at(3)
    document.set_text(entry_id, "lastmod", "2001-01-01")
    assert rows.kept_columns() == [0]  # the location sort still holds; lastmod's awaits repair
    assert list(rows.sort_order(1)) == _expected(rows, 1, False, None)
    assert sorted(rows.kept_columns()) == [0, 1]
    document.set_text(entry_id, "lastmod", "2001-01-01T00:00:00Z")  # the same instant
    assert sorted(rows.kept_columns()) == [0, 1]
    document.set_text(entry_id, "lastmod", "not a date")
    document.set_text(document.id_at(4), "lastmod", "2001-01-01")
    assert rows.kept_columns() == [0]
    assert list(rows.sort_order(1, True)) == _expected(rows, 1, True, None)
    document.set_text(entry_id, "lastmod", "neither a date")  # unparsable still, other text
    assert rows.kept_columns() == [0]
    assert list(rows.sort_order(1)) == _expected(rows, 1, False, None)
    document.set_text(document.id_at(5), "loc", "https://e.com/zzz")
    assert rows.kept_columns() == [1]
    assert list(rows.sort_order(0, True)) == _expected(rows, 0, True, None)
    rows.close()
