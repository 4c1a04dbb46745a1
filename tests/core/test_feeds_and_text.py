"""Feeds, text sitemaps and robots.txt as sources of URLs."""

from __future__ import annotations

import pytest

from sitemap_studio.core.model.errors import LimitExceeded
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.core.writing.snapshots import save_document

RSS = b"""<?xml version="1.0"?>
<rss version="2.0"><channel><title>t</title>
<item><link>https://example.com/a</link><pubDate>Fri, 01 Mar 2024 09:00:00 GMT</pubDate></item>
<item><link>/b</link></item>
<item><guid>https://example.com/c</guid></item>
</channel></rss>"""
ATOM = b"""<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="https://example.com/f"/>
<entry><updated>2024-03-01T09:00:00Z</updated><link href="https://example.com/a"/></entry>
<entry><link rel="enclosure" href="https://example.com/x.mp3"/>
<link rel="alternate" href="https://example.com/b"/></entry>
</feed>"""


def test_rss_items_become_entries_with_w3c_lastmod() -> None:
    doc = open_bytes(RSS, "feed.xml")
    assert doc.source.format == "feed"
    assert [(e.loc, e.lastmod) for e in doc.entries()] == [
        ("https://example.com/a", "2024-03-01T09:00:00+00:00"), ("/b", None)]
    codes = [(f.code, f.line) for f in doc.load_findings]
    assert ("feed-rss", None) in codes
    assert ("feed-item-without-link", 5) in codes


def test_a_feed_saved_as_a_sitemap_holds_its_items(tmp_path) -> None:
    doc = open_bytes(RSS, "feed.xml")
    out = tmp_path / "from-feed.xml"
    save_document(doc, str(out), OutputFormat.XML, False)
    again = open_bytes(out.read_bytes(), "from-feed.xml")
    assert again.source.format == "xml"
    assert [(e.loc, e.lastmod) for e in again.entries()] == [
        ("https://example.com/a", "2024-03-01T09:00:00+00:00"), ("/b", None)]


def test_a_feed_past_the_entry_cap_is_refused_with_the_cap_named() -> None:
    items = b"".join(b"<item><link>https://example.com/%d</link></item>" % n for n in range(6))
    feed = b'<rss version="2.0"><channel><title>t</title>' + items + b"</channel></rss>"
    with pytest.raises(LimitExceeded, match="more than 5 entries"):
        open_bytes(feed, "feed.xml", Limits(max_entries=5))


def test_atom_alternate_links_become_entries() -> None:
    doc = open_bytes(ATOM, "feed.atom")
    assert [(e.loc, e.lastmod) for e in doc.entries()] == [
        ("https://example.com/a", "2024-03-01T09:00:00Z"), ("https://example.com/b", None)]


def test_text_lines_that_are_not_urls_are_kept_and_flagged() -> None:
    data = "\ufeffhttps://example.com/\r\n\r\n# c\r\n  https://example.com/b  \r\n" \
           "a b c\r\nhttps://e.com/1 https://e.com/2\r\n/rel".encode()
    doc = open_bytes(data, "s.txt")
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/", "https://example.com/b", "/rel"]
    assert [doc.line_of(row) for row in range(len(doc))] == [1, 4, 7]
    flagged = [(f.line, f.message.split(":")[0]) for f in doc.load_findings]
    assert flagged == [(3, "comment line"), (5, "not a URL"),
                       (6, "more than one URL on one line")]
    assert doc.to_bytes() == data[3:]


def test_text_sitemap_with_no_urls_is_an_error_finding() -> None:
    doc = open_bytes(b"Home\n  About us\n", "sitemap.txt")
    assert len(doc) == 0
    assert "text-no-urls" in [f.code for f in doc.load_findings]


def test_invalid_utf8_in_a_text_sitemap_is_located() -> None:
    import pytest

    from sitemap_studio.core.model.errors import ReadError

    with pytest.raises(ReadError) as caught:
        open_bytes(b"https://example.com/a\nhttps://example.com/caf\xe9\n", "s.txt")
    assert caught.value.line == 2
    assert "UTF-8" in caught.value.message


def test_a_text_list_takes_ampersands_literally(tmp_path) -> None:
    # A text sitemap has no character references: "&amp;" there is five characters of the URL.
    data = b"https://example.com/?a=1&amp;b=2\nhttps://example.com/x&lt;y&z\n"
    doc = open_bytes(data, "list.txt")
    expected = ["https://example.com/?a=1&amp;b=2", "https://example.com/x&lt;y&z"]
    assert [doc.text(row, 0) for row in range(len(doc))] == expected
    assert doc.column_texts(0, 0, 2) == expected
    assert [entry.loc for entry in doc.entries()] == expected
    assert doc.to_bytes() == data
