"""Undoing a removal puts the rows back as the removal took them: a run at a time."""

from __future__ import annotations

from sitemap_studio.core.reading.loader import open_bytes


def urlset(*locs: str) -> bytes:
    body = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{body}</urlset>\n'
            ).encode()


def test_undo_puts_each_run_of_neighbouring_rows_back_with_one_notice() -> None:
    document = open_bytes(urlset(*(f"https://example.com/{n}" for n in range(12))))
    before = document.to_bytes()
    inserted: list[tuple[int, int]] = []
    document.entries_inserted.connect(lambda row, count: inserted.append((row, count)))
    removal = document.remove_rows([2, 3, 4, 8, 9, 11])
    document.restore_rows(removal)
    assert inserted == [(2, 3), (8, 2), (11, 1)]
    assert document.to_bytes() == before


def test_comments_before_removed_rows_go_back_with_them() -> None:
    data = urlset(*(f"https://example.com/{n}" for n in range(6))).replace(
        b"<url><loc>https://example.com/2</loc>",
        b"<!-- moved with 2 --><url><loc>https://example.com/2</loc>")
    document = open_bytes(data)
    removal = document.remove_rows([1, 2, 3])
    assert b"<!-- moved with 2 -->" in document.to_bytes()  # kept while the rows are gone
    document.restore_rows(removal)
    assert document.to_bytes() == data
    assert [document.text(row, 0) for row in range(6)] == [
        f"https://example.com/{n}" for n in range(6)]
