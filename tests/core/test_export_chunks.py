"""A chunk of plain, valid entries is copied whole; anything else goes row by row."""

from __future__ import annotations

from array import array
from dataclasses import replace

import pytest

from sitemap_studio.core.export.chunks import (
    Uniques,
    all_plain,
    plain_chunk_dates,
)
from sitemap_studio.core.export.guard import ValueJudge
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
HOST = "https://shop.test"


def document(*entries: str):
    return open_bytes(f'<urlset xmlns="{NS}">{"".join(entries)}</urlset>'.encode())


def dates_of(doc):
    locs = doc.column_texts(0, 0, len(doc))
    return plain_chunk_dates(doc, 0, len(doc), locs, HOST, ValueJudge())


def test_a_plain_valid_chunk_gives_each_rows_trimmed_lastmod() -> None:
    doc = document("<url><loc>https://shop.test/a</loc><lastmod> 2026-01-02 </lastmod>"
                   "<changefreq>daily</changefreq><priority>0.5</priority></url>",
                   "<url><loc>https://shop.test/b</loc></url>",
                   "<url><loc>https://shop.test/c</loc>"
                   "<lastmod>2026-01-03T10:00:00Z</lastmod></url>")
    assert dates_of(doc) == ["2026-01-02", None, "2026-01-03T10:00:00Z"]


@pytest.mark.parametrize("entry", [
    "<url><loc>https://shop.test/x</loc><priority>1.5</priority></url>",
    "<url><loc>https://shop.test/x</loc><changefreq>Daily</changefreq></url>",
    "<url><loc>https://shop.test/x</loc><lastmod>yesterday</lastmod></url>",
    "<url><loc>https://shop.test/x</loc><lastmod></lastmod></url>",
    "<url><loc>https://shop.test/x</loc><lastmod>2026&#45;01-02</lastmod></url>",
    "<url><loc>https://other.test/x</loc></url>",
    "<url><loc>https://shop.test/x</loc><image:image xmlns:image='http://www.google.com/"
    "schemas/sitemap-image/1.1'><image:loc>https://shop.test/i.png</image:loc>"
    "</image:image></url>",
])
def test_one_row_that_is_not_plain_and_valid_sends_the_chunk_row_by_row(entry: str) -> None:
    doc = document("<url><loc>https://shop.test/a</loc></url>", entry)
    assert dates_of(doc) is None


def test_an_edited_row_sends_the_chunk_row_by_row_and_bulk_bodies_hold_the_edit() -> None:
    doc = document("<url><loc>https://shop.test/a</loc></url>",
                   "<url><loc>https://shop.test/b</loc></url>")
    assert dates_of(doc) == [None, None]
    doc.replace_entries([replace(doc.entry_at(1), loc="https://shop.test/b2", priority="0.3")])
    assert doc.text(1, 0) == "https://shop.test/b2"
    assert dates_of(doc) is None  # an edited row is held as an Entry
    bodies = doc.bodies(0, 2)
    assert bodies == [doc.body(0), doc.body(1)]
    assert b"https://shop.test/b2" in bodies[1] and b"0.3" in bodies[1]


def test_uniques_tell_first_copies_from_repeats() -> None:
    urls = ["https://shop.test/a", "https://shop.test/b", "https://shop.test/a"]
    none_repeat = Uniques.of(array("q", [hash(url) for url in urls[:2]]))
    assert not none_repeat.repeats
    some_repeat = Uniques.of(array("q", [hash(url) for url in urls]))
    assert some_repeat.repeats
    assert [some_repeat.first(url) for url in urls] == [True, True, False]


@pytest.mark.parametrize("origin", [None, HOST])
def test_what_a_plain_location_is(origin: str | None) -> None:
    assert all_plain(["https://shop.test/a", "https://shop.test/b?q=1&r=2", "https://shop.test"],
                     origin)
    assert not all_plain(["https://shop.test/a\nhttps://shop.test/b"], origin)
    assert not all_plain(["https://shop.test/a", "https://shop.test/a b"], origin)
    assert not all_plain(["https://shop.test/" + "a" * 2048], origin)
    assert not all_plain(["https://a.b"], origin)  # shorter than the XSD allows
    assert not all_plain(["https://shop.test/caf\u00e9"], origin)
    assert not all_plain(["https://shop.test/a#top"], origin)
    assert not all_plain(["https://shop.test/a", None], origin)


def test_a_plain_location_of_the_origin_is_on_that_origin() -> None:
    assert all_plain(["https://other.test/a"])
    for elsewhere in ("https://other.test/a", "https://shop.test.evil/a", "https://shop.test:8443/a",
                      "http://shop.test/a", "https://SHOP.test/a", "xhttps://shop.test/a"):
        assert not all_plain(["https://shop.test/a", elsewhere], HOST), elsewhere


@pytest.mark.parametrize(("lastmod", "valid"), [
    ("2026-02-28T23:59:59+14:00", True),
    ("2026-02-28T23:59:59.123Z", True),
    ("2026-02-29", False),
    ("2026-02-30T10:00:00Z", False),
    ("2026-02-28T24:00:00Z", False),
    ("2026-02-28T10:00", False),
    ("2026-02-28T10:00Z", False),  # xsd:dateTime needs the seconds
])
def test_lastmods_are_judged_as_the_xsd_does(lastmod: str, valid: bool) -> None:
    doc = document("<url><loc>https://shop.test/a</loc><lastmod>2026-01-01</lastmod></url>",
                   f"<url><loc>https://shop.test/b</loc><lastmod>{lastmod}</lastmod></url>")
    dates = dates_of(doc)
    assert (dates == ["2026-01-01", lastmod]) if valid else dates is None
