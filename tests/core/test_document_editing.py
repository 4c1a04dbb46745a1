"""Editing documents: only the edited entry's bytes change, every change can be undone exactly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sitemap_studio.core.model.entries import Alternate, Entry, Image, News, Video
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
PRETTY = f"""<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="style.xsl"?>
<urlset xmlns="{NS}" xmlns:acme="urn:acme">
  <!-- first section -->
  <url>
    <loc>https://example.com/a</loc>
    <lastmod>2024-01-01</lastmod>
  </url>
  <url acme:id='7'>
    <loc>https://example.com/b</loc>
    <!-- keep me -->
    <acme:stock level="low">3</acme:stock>
  </url>
  <url>
    <loc>https://example.com/c</loc>
    <priority>0.5</priority>
  </url>
</urlset>
<!-- trailer -->
""".encode()


class Recorder:
    """Records document notifications in order."""

    def __init__(self, doc) -> None:
        self.events: list[tuple] = []
        for name in ("entries_inserting", "entries_inserted", "entries_removing",
                     "entries_removed", "entries_moving", "entries_moved", "entries_changing",
                     "entries_changed"):
            getattr(doc, name).connect(lambda *args, _n=name: self.events.append((_n, *args)))


def body_region(data: bytes, marker: bytes) -> tuple[bytes, bytes]:
    index = data.index(marker)
    return data[: data.rfind(b"<url", 0, index)], data[data.index(b"</url>", index) + 6 :]


def test_no_edit_gives_the_original_bytes() -> None:
    doc = open_bytes(PRETTY)
    assert doc.is_pristine
    assert doc.to_bytes() == PRETTY


def test_editing_one_field_changes_only_that_entry() -> None:
    doc = open_bytes(PRETTY)
    recorder = Recorder(doc)
    before, after = doc.set_text(doc.id_at(1), "lastmod", "2024-06-01")
    out = doc.to_bytes()
    assert body_region(out, b"/b<") == body_region(PRETTY, b"/b<")
    assert b"<acme:stock level=\"low\">3</acme:stock>" in out
    assert b"<!-- keep me -->" in out
    assert b"    <lastmod>2024-06-01</lastmod>\n" in out
    assert recorder.events == [("entries_changing", [1]), ("entries_changed", [1])]
    doc.restore_states([before])
    assert doc.to_bytes() == PRETTY
    doc.restore_states([after])
    assert doc.entry_at(1).lastmod == "2024-06-01"


def test_new_child_goes_in_schema_order_with_matching_indent() -> None:
    doc = open_bytes(PRETTY)
    doc.set_text(doc.id_at(2), "changefreq", "weekly")
    out = doc.to_bytes().decode()
    assert ("    <loc>https://example.com/c</loc>\n    <changefreq>weekly</changefreq>\n"
            "    <priority>0.5</priority>\n  </url>") in out


def test_removing_a_field_removes_its_line() -> None:
    doc = open_bytes(PRETTY)
    doc.set_text(doc.id_at(0), "lastmod", None)
    assert "<url>\n    <loc>https://example.com/a</loc>\n  </url>" in doc.to_bytes().decode()


def test_values_are_escaped() -> None:
    doc = open_bytes(PRETTY)
    doc.set_text(doc.id_at(0), "loc", "https://example.com/?a=1&b=<2>")
    assert b"<loc>https://example.com/?a=1&amp;b=&lt;2&gt;</loc>" in doc.to_bytes()
    assert open_bytes(doc.to_bytes()).text(0, 0) == "https://example.com/?a=1&b=<2>"


def test_insert_remove_move_and_exact_restore() -> None:
    doc = open_bytes(PRETTY)
    recorder = Recorder(doc)
    ids = doc.insert_entries(1, [Entry(loc="https://example.com/new", priority="0.9")])
    assert doc.row_of(ids[0]) == 1
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/a", "https://example.com/new", "https://example.com/b",
        "https://example.com/c"]
    out = doc.to_bytes().decode()
    assert ("  <url>\n    <loc>https://example.com/new</loc>\n    <priority>0.9</priority>\n"
            "  </url>") in out
    assert recorder.events[:2] == [("entries_inserting", 1, 1), ("entries_inserted", 1, 1)]
    removal = doc.remove_rows([0, 2])
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/new", "https://example.com/c"]
    assert b"<!-- first section -->" in doc.to_bytes()
    doc.restore_rows(removal)
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/a", "https://example.com/new", "https://example.com/b",
        "https://example.com/c"]
    doc.remove_rows([1])
    assert doc.to_bytes() == PRETTY
    doc.move_rows(0, 1, 3)
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/b", "https://example.com/c", "https://example.com/a"]
    reopened = open_bytes(doc.to_bytes())
    assert [reopened.text(row, 0) for row in range(3)] == [
        "https://example.com/b", "https://example.com/c", "https://example.com/a"]
    doc.move_rows(2, 1, 0)
    assert doc.to_bytes() == PRETTY


def test_ids_are_stable_across_structural_changes() -> None:
    doc = open_bytes(PRETTY)
    c_id = doc.id_at(2)
    doc.remove_rows([0])
    doc.insert_entries(0, [Entry(loc="https://example.com/z")])
    assert doc.entry(c_id).loc == "https://example.com/c"
    with pytest.raises(KeyError):
        doc.row_of(999)


def test_extension_edits_keep_unknown_content() -> None:
    doc = open_bytes(PRETTY)
    entry = doc.entry_at(1)
    doc.replace_entries([replace(
        entry,
        images=(Image(loc="https://example.com/i.jpg", caption="A & B"),),
        alternates=(Alternate(rel="alternate", hreflang="de", href="https://example.com/de/b"),),
        videos=(Video(thumbnail_loc="https://example.com/t.jpg", title="T", description="D",
                      content_loc="https://example.com/v.mp4", tags=("x", "y")),),
        news=(News(publication_name="Times", publication_language="en",
                   publication_date="2024-01-01", title="News"),),
    )])
    out = doc.to_bytes()
    reread = open_bytes(out).entry_at(1)
    assert reread.images == (Image(loc="https://example.com/i.jpg", caption="A & B"),)
    assert reread.alternates[0].href == "https://example.com/de/b"
    assert reread.videos[0].tags == ("x", "y")
    assert reread.news[0].publication_name == "Times"
    assert b"<!-- keep me -->" in out and b'<acme:stock level="low">3</acme:stock>' in out
    doc.replace_entries([replace(doc.entry_at(1), images=(), videos=(), news=(), alternates=())])
    assert open_bytes(doc.to_bytes()).entry_at(1).images == ()


def test_text_document_edits() -> None:
    data = b"https://example.com/a\r\n# note\r\nhttps://example.com/b\r\n"
    doc = open_bytes(data, "urls.txt")
    assert doc.source.format == "text"
    doc.set_text(doc.id_at(1), "loc", "https://example.com/B")
    doc.insert_entries(0, [Entry(loc="https://example.com/0")])
    doc.insert_entries(len(doc), [Entry(loc="https://example.com/z")])
    assert doc.to_bytes() == (b"https://example.com/0\r\nhttps://example.com/a\r\n# note\r\n"
                              b"https://example.com/B\r\nhttps://example.com/z\r\n")


def test_robots_document_lists_sitemap_lines_and_edits_them_in_place() -> None:
    data = b"User-agent: *\nDisallow: /x\nSitemap: https://example.com/a.xml\n" \
           b"sitemap : https://example.com/b.xml\n# Sitemap: https://example.com/c.xml\n"
    doc = open_bytes(data, "robots.txt")
    assert doc.source.format == "robots"
    assert [doc.text(row, 0) for row in range(len(doc))] == [
        "https://example.com/a.xml", "https://example.com/b.xml"]
    assert [doc.line_of(0), doc.line_of(1)] == [3, 4]
    doc.set_text(doc.id_at(0), "loc", "https://example.com/new.xml")
    assert doc.to_bytes() == data.replace(b"/a.xml", b"/new.xml")


def test_a_text_sitemap_refuses_fields_it_cannot_hold() -> None:
    from sitemap_studio.core.model.errors import SitemapError

    doc = open_bytes(b"https://example.com/a\n", "urls.txt")
    before = doc.to_bytes()
    with pytest.raises(SitemapError) as caught:
        doc.set_text(doc.id_at(0), "lastmod", "2024-01-01")
    assert "only URLs" in caught.value.message
    assert doc.entry_at(0).lastmod is None
    assert doc.to_bytes() == before


def test_uncompressed_size_follows_every_change() -> None:
    doc = open_bytes(PRETTY)
    assert doc.uncompressed_size == len(PRETTY)

    def check() -> None:
        assert doc.uncompressed_size == len(doc.to_bytes())

    before, _ = doc.set_text(doc.id_at(1), "lastmod", "2024-06-01T10:00:00+00:00")
    check()
    doc.insert_entries(0, [Entry(loc="https://example.com/new")])
    check()
    removal = doc.remove_rows([1, 2])
    check()
    doc.restore_rows(removal)
    check()
    doc.restore_states([before])
    check()
    doc.move_rows(0, 1, 3)
    check()
    doc.remove_rows(range(len(doc)))
    check()
