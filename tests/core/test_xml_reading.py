"""Reading XML sitemaps: kinds, namespaces, values, located errors."""

from __future__ import annotations

import gzip

import pytest

from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import LimitExceeded, ReadError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.reading.loader import open_bytes, open_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(body: str, root: str = f'<urlset xmlns="{NS}">', close: str = "</urlset>") -> bytes:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{root}\n{body}\n{close}\n'.encode()


def test_reads_the_four_fields_of_plain_entries() -> None:
    doc = open_bytes(urlset(
        "<url><loc>https://example.com/a</loc><lastmod>2024-01-02</lastmod>"
        "<changefreq>daily</changefreq><priority>0.8</priority></url>\n"
        "<url><loc>https://example.com/b</loc></url>"))
    assert len(doc) == 2
    first = doc.entry_at(0)
    assert (first.loc, first.lastmod, first.changefreq, first.priority) == (
        "https://example.com/a", "2024-01-02", "daily", "0.8")
    assert doc.text(1, 0) == "https://example.com/b"
    assert doc.text(1, 1) is None
    assert doc.kind == DocumentKind.URLSET


def test_prefixed_sitemap_namespace_is_a_normal_sitemap() -> None:
    doc = open_bytes(urlset("<sm:url><sm:loc>https://example.com/x</sm:loc></sm:url>",
                            root=f'<sm:urlset xmlns:sm="{NS}">', close="</sm:urlset>"))
    assert [doc.text(0, 0)] == ["https://example.com/x"]
    assert doc.load_findings == []


@pytest.mark.parametrize(("root", "code"), [
    ("<urlset>", "namespace-missing"),
    ('<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">', "namespace-obsolete"),
    ('<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9">', "namespace-near-miss"),
    ('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9/">', "namespace-near-miss"),
    ('<urlset xmlns="http://www.google.com/schemas/sitemap/0.9">', "namespace-wrong"),
])
def test_odd_namespaces_open_with_a_file_level_flag(root: str, code: str) -> None:
    doc = open_bytes(urlset("<url><loc>https://example.com/</loc></url>", root=root))
    assert len(doc) == 1
    assert doc.text(0, 0) == "https://example.com/"
    assert [finding.code for finding in doc.load_findings] == [code]


def test_sitemap_index_entries() -> None:
    doc = open_bytes(urlset(
        "<sitemap><loc>https://example.com/s1.xml</loc><lastmod>2024-05-01</lastmod></sitemap>",
        root=f'<sitemapindex xmlns="{NS}">', close="</sitemapindex>"))
    assert doc.kind == DocumentKind.INDEX
    entry = doc.entry_at(0)
    assert (entry.element, entry.loc, entry.lastmod) == ("sitemap", "https://example.com/s1.xml",
                                                         "2024-05-01")


def test_values_are_trimmed_of_xml_whitespace_only_and_raw_text_is_kept() -> None:
    doc = open_bytes(urlset(
        "<url><loc>\n  https://example.com/a\t</loc></url>"
        "<url><loc>\u00a0https://example.com/b</loc></url>"))
    first = doc.entry_at(0)
    assert first.loc == "https://example.com/a"
    assert first.raw["loc"] == "\n  https://example.com/a\t"
    assert doc.entry_at(1).loc == "\u00a0https://example.com/b"


def test_cdata_entities_and_character_references_are_decoded() -> None:
    doc = open_bytes(urlset(
        "<url><loc><![CDATA[https://example.com/?a=1&b=2]]></loc></url>"
        "<url><loc>https://example.com/?a=1&amp;b=&#50;</loc></url>"))
    assert doc.text(0, 0) == "https://example.com/?a=1&b=2"
    assert doc.text(1, 0) == "https://example.com/?a=1&b=2"


def test_unparsable_values_keep_their_text() -> None:
    doc = open_bytes(urlset(
        "<url><loc>https://example.com/</loc><lastmod>2024-02-30</lastmod>"
        "<changefreq>Daily</changefreq><priority>high</priority></url>"))
    entry = doc.entry_at(0)
    assert (entry.lastmod, entry.changefreq, entry.priority) == ("2024-02-30", "Daily", "high")


def test_extensions_are_typed_and_unknown_children_noted() -> None:
    doc = open_bytes(urlset(
        '<url xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">'
        "<loc>https://example.com/p</loc>"
        "<image:image><image:loc>https://example.com/i.jpg</image:loc>"
        "<image:title>T</image:title></image:image>"
        '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/p"/>'
        "<note>x</note></url>"))
    entry = doc.entry_at(0)
    assert entry.images[0].loc == "https://example.com/i.jpg"
    assert entry.images[0].title == "T"
    assert entry.alternates[0].hreflang == "de"
    assert [(note.kind, note.name) for note in entry.notes] == [("unknown", "note")]


def test_structure_notes_for_repeated_missing_and_out_of_order_children() -> None:
    doc = open_bytes(urlset(
        "<url><lastmod>2024-01-01</lastmod></url>"
        "<url><loc>https://example.com/a</loc><loc>https://example.com/b</loc></url>"
        "<url><priority>0.5</priority><loc>https://example.com/c</loc></url>"))
    kinds = [[(n.kind, n.name) for n in doc.entry_at(row).notes] for row in range(3)]
    assert kinds == [[("missing", "loc")], [("repeated", "loc")], [("order", "loc")]]
    assert doc.entry_at(1).loc == "https://example.com/a"


def test_foreign_elements_between_entries_are_kept_but_not_entries() -> None:
    data = urlset('<x:meta xmlns:x="urn:x">hi</x:meta><url><loc>https://example.com/</loc></url>')
    doc = open_bytes(data)
    assert len(doc) == 1
    assert doc.to_bytes() == data


def test_unknown_sitemap_namespace_element_at_root_level_is_flagged_with_its_line() -> None:
    doc = open_bytes(urlset("<foo>bar</foo>\n<url><loc>https://example.com/</loc></url>"))
    assert [(f.code, f.line) for f in doc.load_findings] == [("unknown-element", 3)]


@pytest.mark.parametrize(("data", "line", "words"), [
    (b"<urlset><url></urlset>", 1, "not well-formed"),
    (urlset("<url><loc>https://e.com/?a&b</loc></url>"), 3, "&amp;"),
    (b'<?xml version="1.0"?>\n<html><body>404</body></html>', 2, "HTML page"),
    (b'<?xml version="1.0"?>\n<!DOCTYPE urlset SYSTEM "x.dtd">\n<urlset/>', 2, "DOCTYPE"),
    (b'<?xml version="1.0"?>\n<feedx/>', 2, "unexpected root element <feedx>"),
])
def test_errors_name_the_line(data: bytes, line: int, words: str) -> None:
    with pytest.raises(ReadError) as caught:
        open_bytes(data, "bad.xml")
    assert caught.value.line == line
    assert words in caught.value.message
    assert caught.value.located().startswith(f"bad.xml:{line}:")


def test_latin1_document_is_decoded_flagged_and_written_back_identically(tmp_path) -> None:
    data = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n'
            f'<urlset xmlns="{NS}"><url><loc>https://example.com/caf\u00e9</loc></url></urlset>\n'
            ).encode("latin-1")
    path = tmp_path / "latin1.xml"
    path.write_bytes(data)
    doc = open_document(path)
    assert doc.text(0, 0) == "https://example.com/caf\u00e9"
    assert "encoding-not-utf8" in [f.code for f in doc.load_findings]
    from sitemap_studio.core.writing.snapshots import save_document

    save_document(doc, tmp_path / "out.xml")
    assert (tmp_path / "out.xml").read_bytes() == data


def test_utf16_document_opens() -> None:
    text = ('<?xml version="1.0" encoding="UTF-16"?>\n'
            f'<urlset xmlns="{NS}"><url><loc>https://example.com/\u00fc</loc></url></urlset>')
    doc = open_bytes(text.encode("utf-16"))
    assert doc.text(0, 0) == "https://example.com/\u00fc"


def test_gzip_is_recognised_by_content(tmp_path) -> None:
    data = urlset("<url><loc>https://example.com/</loc></url>")
    path = tmp_path / "plain-name.xml"
    path.write_bytes(gzip.compress(data))
    doc = open_document(path)
    assert doc.source.compressed
    assert doc.to_bytes() == data
    assert "gzip-unnamed" in [f.code for f in doc.load_findings]


def test_entry_cap_refuses_with_a_way_to_raise_it() -> None:
    data = urlset("".join(f"<url><loc>https://example.com/{i}</loc></url>" for i in range(10)))
    with pytest.raises(LimitExceeded) as caught:
        open_bytes(data, limits=Limits(max_entries=5))
    assert "--max-entries" in caught.value.message
    assert len(open_bytes(data, limits=Limits(max_entries=10))) == 10


def test_files_over_the_protocol_limit_still_open() -> None:
    data = urlset("".join(f"<url><loc>https://e.com/{i}</loc></url>" for i in range(50_001)))
    assert len(open_bytes(data)) == 50_001


def test_line_numbers_of_entries() -> None:
    doc = open_bytes(urlset("<url><loc>https://e.com/a</loc></url>\n\n"
                            "  <url><loc>https://e.com/b</loc></url>"))
    assert [doc.line_of(0), doc.line_of(1)] == [3, 5]
    assert doc.position_of(1) == (5, 3)
