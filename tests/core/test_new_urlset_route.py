"""Feeds and new sitemaps are written with their rows recorded, never read back from their bytes.

The reference is the route they took before: the urlset written out in full
(``new_xml_document``), then read back as a file is. The document made in one
pass must equal it in everything a user sees or relies on: its bytes, every
row (offsets, values, extensions), its findings, what validation says, and the
bytes a save writes, before and after edits.
"""

from __future__ import annotations

import gzip
from array import array
from collections.abc import Sequence

import pytest

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import (
    Alternate,
    DocumentKind,
    Entry,
    Image,
    News,
    Video,
)
from sitemap_studio.core.model.errors import LimitExceeded, SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.reading.feeds import read_feed
from sitemap_studio.core.reading import offset_columns as columns_module
from sitemap_studio.core.reading.loader import document_from_source, open_bytes
from sitemap_studio.core.reading.source import RawSource
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.core.writing import new_documents
from sitemap_studio.core.writing.new_documents import new_urlset_document
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.core.writing.snapshots import save_document
from sitemap_studio.core.writing.xml_writer import new_xml_document

ATOM_NS = "http://www.w3.org/2005/Atom"


def scanned_back(entries: Sequence[Entry], path: str | None = None,
                 limits: Limits | None = None) -> SitemapDocument:
    """The route before: the urlset written out in full, then read back as a file is."""
    data = new_xml_document(list(entries), DocumentKind.URLSET)
    return document_from_source(RawSource(data, path, False, len(data), []), limits or Limits())


def feed_scanned_back(data: bytes, name: str) -> SitemapDocument:
    """A feed opened the way it was before, its own findings first."""
    opened = open_bytes(data, name)  # for the feed's notice, which does not depend on the route
    feed = read_feed(gzip.decompress(data) if opened.source.compressed else data, path=name)
    document = scanned_back(feed.entries, name)
    document.source.format = SourceFormat.FEED
    document.source.compressed = opened.source.compressed
    document.load_findings[:0] = [opened.load_findings[0], *feed.findings]
    return document


def findings_shown(document: SitemapDocument) -> list[tuple[object, ...]]:
    """What validation reports, as the issues panel lists it."""
    return sorted((-1 if f.entry is None else document.row_of(f.entry), f.code, f.message,
                   f.line or -1, f.column or -1, f.field or "")
                  for f in validate_document(document).findings())


def notes(entry: Entry) -> list[tuple[str, str, int | None]]:
    return [(note.kind, note.name, note.line) for note in entry.notes]


def assert_same(new: SitemapDocument, old: SitemapDocument) -> None:
    """Both documents hold the same bytes, rows, findings and settings."""
    assert new.raw == old.raw
    assert new.to_bytes() == old.to_bytes()
    assert len(new) == len(old)
    assert new.source == old.source
    assert new.info == old.info
    assert new.load_findings == old.load_findings
    assert (new.codec.namespaces, new.codec.doc_ns, new.codec.prefix, new.codec.kind,
            new.codec.style) == (old.codec.namespaces, old.codec.doc_ns, old.codec.prefix,
                                 old.codec.kind, old.codec.style)
    for row in range(len(new)):
        assert new.state(row) == old.state(row), row
        assert new.raw_texts(row) == old.raw_texts(row)
        assert [new.text(row, field) for field in range(4)] == [
            old.text(row, field) for field in range(4)]
        mine, theirs = new.entry_at(row), old.entry_at(row)
        assert mine == theirs
        assert (mine.raw, notes(mine)) == (theirs.raw, notes(theirs))
        assert new.line_of(row) == old.line_of(row)
    for field in range(4):
        assert new.column_texts(field, 0, len(new)) == old.column_texts(field, 0, len(old))
    assert findings_shown(new) == findings_shown(old)


def assert_same_saves(new: SitemapDocument, old: SitemapDocument, folder) -> None:
    """Saved as they are, then after the same edits, both write the same bytes."""
    def saved(document: SitemapDocument, name: str) -> bytes:
        path = folder / name
        save_document(document, str(path), OutputFormat.XML, False)
        return path.read_bytes()

    assert saved(new, "new.xml") == saved(old, "old.xml")
    for document in (new, old):
        if len(document):
            document.set_text(document.id_at(0), "lastmod", "2025-01-02")
            document.remove_rows([len(document) - 1])
        document.insert_entries(min(1, len(document)), [
            Entry(loc="https://example.com/added", priority="0.5",
                  images=(Image(loc="https://example.com/i.png"),))])
    assert saved(new, "new-edited.xml") == saved(old, "old-edited.xml")
    assert_same_rows_after_edits(new, old)


def assert_same_rows_after_edits(new: SitemapDocument, old: SitemapDocument) -> None:
    assert [new.entry_at(row) for row in range(len(new))] == [
        old.entry_at(row) for row in range(len(old))]
    assert findings_shown(new) == findings_shown(old)


def rss(items: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>t</title>\n{items}</channel></rss>\n").encode()


def atom(entries: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="{ATOM_NS}">'
            f"<title>t</title>\n{entries}</feed>\n").encode()


FEEDS = {
    "rss escaping": rss(
        "<item><link>https://example.com/?a=1&amp;b=&lt;x&gt;&amp;c=\"q\"&amp;d='s'</link>"
        "<pubDate>Fri, 01 Mar 2024 09:00:00 GMT</pubDate></item>\n"
        "<item><link><![CDATA[https://example.com/cdata?x=1&y=<2>]]></link></item>\n"
        "<item><link>https://example.com/gt>here]]&gt;end</link></item>\n"),
    "atom escaping": atom(
        '<entry><link href="https://example.com/?a=1&amp;b=&quot;2&quot;&amp;c=&lt;3&gt;"/>'
        "<updated>2024-03-01T09:00:00Z</updated></entry>\n"
        "<entry><link href='https://example.com/it&apos;s'/></entry>\n"),
    "non-ascii and idn": rss(
        "<item><link>https://bücher.example/straße?q=日本語&amp;r=é</link>"
        "<pubDate>Sat, 02 Mar 2024 10:00:00 +0100</pubDate></item>\n"
        "<item><link>https://xn--bcher-kva.example/</link></item>\n"
        "<item><link>https://пример.рф/путь</link></item>\n"),
    "relative links": atom(
        '<entry><link href="/b"/></entry>\n<entry><link href="post/c?x=1"/></entry>\n'
        '<entry><link rel="alternate" href="  ../d  "/></entry>\n'),
    "missing and odd dates": rss(
        "<item><link>https://example.com/a</link></item>\n"
        "<item><link>https://example.com/b</link><pubDate>yesterday</pubDate></item>\n"
        "<item><link>https://example.com/c</link><pubDate></pubDate></item>\n"
        "<item><link>https://example.com/d</link>"
        "<pubDate>Fri, 01 Mar 2024 09:00:00 -0000</pubDate></item>\n"),
    "duplicates and items without links": rss(
        "<item><link>https://example.com/a</link></item>\n"
        "<item><link>https://example.com/a</link></item>\n"
        "<item><guid>https://example.com/g</guid></item>\n"
        "<item><link>  https://example.com/a  </link></item>\n"),
    "blanks, line breaks and carriage returns in values": rss(
        "<item><link>\n   https://example.com/a\n   </link></item>\n"
        "<item><link>https://example.com/b&#13;c</link></item>\n"
        "<item><link>https://example.com/\tc</link></item>\n"),
    "no items": rss(""),
    "atom without alternates": atom(
        '<entry><link rel="enclosure" href="https://example.com/x.mp3"/></entry>\n'
        '<entry><link rel="self" href="https://example.com/s"/>'
        '<link href="https://example.com/e"/><published>2024-01-01</published></entry>\n'),
}


@pytest.mark.parametrize("name", list(FEEDS))
def test_a_feed_opens_as_it_did_when_written_and_read_back(name, tmp_path) -> None:
    data = FEEDS[name]
    new = open_bytes(data, "feed.xml")
    old = feed_scanned_back(data, "feed.xml")
    assert new.source.format == SourceFormat.FEED
    assert new.load_findings[0].code in ("feed-rss", "feed-atom")
    assert_same(new, old)
    assert_same_saves(new, old, tmp_path)


def test_a_compressed_feed_stays_compressed(tmp_path) -> None:
    data = gzip.compress(FEEDS["rss escaping"])
    new = open_bytes(data, "feed.xml.gz")
    old = feed_scanned_back(data, "feed.xml.gz")
    assert new.source.compressed
    assert_same(new, old)


def big_rss(items: int) -> bytes:
    return rss("".join(
        f"<item><title>Post {n} &amp; more</title>"
        f"<link>https://example.com/blog/{n // 100}/post-{n % 5000}?a=1&amp;b={n}</link>"
        + (f"<pubDate>Mon, {n % 28 + 1:02d} Jan 2024 10:{n % 60:02d}:00 GMT</pubDate>"
           if n % 7 else "")
        + f"<description>&lt;b&gt;{n}&lt;/b&gt;</description></item>\n"
        for n in range(items)))


def big_atom(items: int) -> bytes:
    return atom("".join(
        f'<entry><link href="https://bücher.example/{n}?q=&quot;{n % 3}&quot;"/>'
        + (f"<updated>2024-01-{n % 28 + 1:02d}T10:00:00Z</updated>" if n % 5 else "")
        + "</entry>\n"
        for n in range(items)))


@pytest.mark.parametrize("make", [big_rss, big_atom], ids=["rss", "atom"])
def test_a_20000_item_feed_opens_as_it_did(make, tmp_path) -> None:
    data = make(20_000)
    new = open_bytes(data, "big.xml")
    old = feed_scanned_back(data, "big.xml")
    assert len(new) == 20_000
    assert not any(new.has_object(row) for row in range(len(new)))  # all held as offsets
    assert_same(new, old)
    assert_same_saves(new, old, tmp_path)


RICH = [
    Entry(loc="https://example.com/img", lastmod="2024-01-01",
          images=(Image(loc="https://example.com/a.png", title="A & B <c>"),)),
    Entry(loc="https://example.com/plain", changefreq="daily", priority="0.8"),
    Entry(loc="https://example.com/alt", alternates=(
        Alternate(rel="alternate", hreflang="de", href="https://example.com/de/alt"),
        Alternate(rel="alternate", hreflang="en", href="https://example.com/alt"))),
    Entry(loc="https://example.com/news", news=(News(
        publication_name="Example", publication_language="en",
        publication_date="2024-01-01", title="News & views"),)),
    Entry(loc="https://example.com/video", videos=(Video(
        thumbnail_loc="https://example.com/t.jpg", title="Clip", description="A clip",
        content_loc="https://example.com/c.mp4"),)),
    Entry(loc="https://example.com/mobile", mobile=True),
    Entry(lastmod="2024-01-01"),
    Entry(loc="", lastmod="", changefreq="", priority=""),
    Entry(loc="https://example.com/all", lastmod="2024-01-01T10:00:00+01:00",
          changefreq="weekly", priority="1.0"),
]


@pytest.mark.parametrize("entries", [
    RICH, RICH[::-1], RICH[6:], [], [Entry(loc="https://example.com/only")],
    [Entry(loc=f"https://example.com/{n}", lastmod="2024-01-01") for n in range(5000)],
], ids=["rich first", "plain first", "no location first", "empty", "one", "5000 plain"])
def test_a_new_sitemap_from_imported_entries_is_as_if_read_back(entries, tmp_path) -> None:
    new = new_urlset_document(entries, path="new.xml")
    old = scanned_back(entries, "new.xml")
    assert_same(new, old)
    assert_same_saves(new, old, tmp_path)


def test_the_entry_cap_refuses_a_new_sitemap_as_it_refused_a_read_one() -> None:
    entries = [Entry(loc=f"https://example.com/{n}") for n in range(6)]
    with pytest.raises(LimitExceeded) as before:
        scanned_back(entries, "feed.xml", Limits(max_entries=5))
    with pytest.raises(LimitExceeded) as after:
        new_urlset_document(entries, path="feed.xml", limits=Limits(max_entries=5))
    assert (after.value.message, after.value.path) == (before.value.message, before.value.path)


def test_a_value_xml_cannot_hold_is_refused_by_both_routes() -> None:
    entries = [Entry(loc="https://example.com/a\x01b")]
    with pytest.raises(SitemapError) as before:
        scanned_back(entries)
    with pytest.raises(SitemapError) as after:
        new_urlset_document(entries)
    assert (after.value.code, after.value.message) == (before.value.code, before.value.message)


def test_offsets_past_the_narrow_columns_are_written_again_into_wide_ones(monkeypatch) -> None:
    """Past 2 GiB the narrow columns overflow; shown here with columns that hold 32,767."""
    sizes: list[int] = []

    def small_columns(size: int) -> list[array[int]]:
        sizes.append(size)
        wide = columns_module.offset_columns(size)
        return wide if size >= columns_module.NARROW_LIMIT else [array("h") for _ in wide]

    monkeypatch.setattr(new_documents, "offset_columns", small_columns)
    entries = [Entry(loc=f"https://example.com/{n}", lastmod="2024-01-01") for n in range(1000)]
    new = new_urlset_document(entries)
    assert sizes == [0, columns_module.NARROW_LIMIT] and len(new.raw) > 32_767
    assert_same(new, scanned_back(entries))
