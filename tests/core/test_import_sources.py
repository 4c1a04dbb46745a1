"""Import sources: files told apart by content, local index children, clipboard, new sitemaps."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from sitemap_studio.core.imports.csv_source import ColumnMapping
from sitemap_studio.core.imports.plan import DuplicatePolicy
from sitemap_studio.core.imports.request import (
    ImportRequest,
    ImportTarget,
    create_new_sitemap,
    new_name_problem,
    new_sitemap_document,
)
from sitemap_studio.core.imports.sources import (
    DOCUMENT,
    TABLE,
    ImportBatch,
    TableSource,
    inspect_file,
    looks_like_table,
    read_clipboard,
    read_table_source,
)
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.errors import SitemapError

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SITE = "https://example.com"


def urlset(*locs: str) -> bytes:
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="{NS}">{body}</urlset>'.encode()


def index(*locs: str) -> bytes:
    body = "".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return (f'<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="{NS}">{body}'
            "</sitemapindex>").encode()


def batch_of(result: ImportBatch | TableSource) -> ImportBatch:
    assert isinstance(result, ImportBatch), result
    return result


def test_a_text_list_keeps_its_urls_and_flags_other_lines(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text(f"{SITE}/a\n\n# a comment\n{SITE}/b\n/relative\n")
    batch = batch_of(inspect_file(str(path)))
    assert [e.loc for e in batch.entries] == [f"{SITE}/a", f"{SITE}/b", "/relative"]
    assert {e.id for e in batch.entries} == {-1}
    assert [(p.line, p.code) for p in batch.problems] == [(3, "text-line-not-url")]
    assert batch.problems[0].message.startswith("urls.txt: ")
    assert batch.flagged == {2}  # the relative URL
    assert batch.description == "urls.txt (text list, 3 URLs)"


def test_a_csv_file_waits_for_its_mapping_then_reads(tmp_path: Path) -> None:
    path = tmp_path / "pages.csv"
    path.write_bytes(f"loc;lastmod\n{SITE}/a;2024-01-01\n;2024-01-02\n{SITE}/b;soon\n"
                     .encode("cp1252"))
    source = inspect_file(str(path))
    assert isinstance(source, TableSource)
    assert (source.format.delimiter, source.format.has_header) == (";", True)
    batch = read_table_source(source, source.format, ColumnMapping(loc=0, lastmod=1))
    assert [(e.loc, e.lastmod) for e in batch.entries] == [(f"{SITE}/a", "2024-01-01"),
                                                           (f"{SITE}/b", "soon")]
    assert [(p.line, p.code) for p in batch.problems] == [(3, "csv-no-loc"),
                                                          (4, "csv-value-kept")]
    assert batch.flagged == {1}
    assert batch.description == "pages.csv (CSV, 3 rows)"


def test_read_as_overrides_detection(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(f"{SITE}/a,{SITE}/b\n{SITE}/c,{SITE}/d\n")
    assert isinstance(inspect_file(str(path)), ImportBatch)  # URLs with commas: a URL list
    assert isinstance(inspect_file(str(path), TABLE), TableSource)
    table = tmp_path / "t.csv"
    table.write_text(f"loc\n{SITE}/a\n")
    assert isinstance(inspect_file(str(table), DOCUMENT), ImportBatch)


@pytest.mark.parametrize(("text", "name", "expected"), [
    (f"{SITE}/a\n{SITE}/b\n", "urls.txt", False),
    (f"{SITE}/a\t2024-01-01\n{SITE}/b\t2024-01-02\n", "x.txt", True),
    (f"{SITE}/a,2024-01-01\n{SITE}/b,2024-01-02\n", None, True),
    (f"{SITE}/?q=1,2\n{SITE}/?q=3,4\n", None, False),
    ("url\n" + f"{SITE}/a\n", "single.csv", True),
    ("User-agent: *\nSitemap: https://example.com/s.xml\n", "robots.txt", False),
    (urlset(f"{SITE}/").decode(), "s.csv", False),
])
def test_looks_like_table(text: str, name: str | None, expected: bool) -> None:
    assert looks_like_table(text.encode(), name) is expected


def test_feeds_and_gzip_come_through_the_loader(tmp_path: Path) -> None:
    feed = tmp_path / "feed.rss"
    feed.write_text(f'<rss version="2.0"><channel><item><link>{SITE}/post</link>'
                    "<pubDate>Fri, 01 Mar 2024 09:00:00 GMT</pubDate></item></channel></rss>")
    batch = batch_of(inspect_file(str(feed)))
    assert [(e.loc, e.lastmod) for e in batch.entries] == [(f"{SITE}/post",
                                                            "2024-03-01T09:00:00+00:00")]
    assert "feed" in batch.description
    packed = tmp_path / "s.xml.gz"
    packed.write_bytes(gzip.compress(urlset(f"{SITE}/z")))
    assert [e.loc for e in batch_of(inspect_file(str(packed))).entries] == [f"{SITE}/z"]


def test_an_index_brings_in_its_local_children(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_bytes(urlset(f"{SITE}/1", f"{SITE}/2"))
    (tmp_path / "sub.xml").write_bytes(index(f"{SITE}/b.xml.gz"))
    (tmp_path / "b.xml.gz").write_bytes(gzip.compress(urlset(f"{SITE}/3")))
    (tmp_path / "bad.xml").write_bytes(b"<urlset")
    (tmp_path / "index.xml").write_bytes(index(
        f"{SITE}/a.xml", f"{SITE}/missing.xml", f"{SITE}/sub.xml", f"{SITE}/bad.xml",
        f"{SITE}/a.xml"))
    batch = batch_of(inspect_file(str(tmp_path / "index.xml")))
    assert [e.loc for e in batch.entries] == [f"{SITE}/1", f"{SITE}/2", f"{SITE}/3"]
    assert {e.element for e in batch.entries} == {"url"}
    codes = [p.code for p in batch.problems]
    assert codes.count("import-child-missing") == 1 and "import-child-unreadable" in codes
    assert "sitemap index, 3 local child sitemaps" in batch.description


def test_an_unreadable_file_raises_with_where_and_why(tmp_path: Path) -> None:
    with pytest.raises(SitemapError):
        inspect_file(str(tmp_path / "nothing.xml"))
    broken = tmp_path / "broken.xml"
    broken.write_bytes(b'<urlset xmlns="x"><url><loc>a & b</loc></url></urlset>')
    with pytest.raises(SitemapError) as caught:
        inspect_file(str(broken))
    assert caught.value.line == 1


def test_clipboard_tsv_with_header_one_url_a_line_and_xml() -> None:
    tsv = read_clipboard(f"lastmod\tloc\n2024-01-01\t{SITE}/a\n2024-01-02\t\n")
    assert [(e.loc, e.lastmod) for e in tsv.entries] == [(f"{SITE}/a", "2024-01-01")]
    assert [(p.line, p.code) for p in tsv.problems] == [(3, "paste-line-skipped")]
    assert "with a header row" in tsv.description
    lines = read_clipboard(f"{SITE}/a\r\n{SITE}/b\r\n")
    assert [e.loc for e in lines.entries] == [f"{SITE}/a", f"{SITE}/b"]
    assert "one URL a line" in lines.description
    xml = read_clipboard(urlset(f"{SITE}/x").decode())
    assert [e.loc for e in xml.entries] == [f"{SITE}/x"]
    assert xml.description.startswith("the clipboard (sitemap")


def test_new_file_names_are_checked(tmp_path: Path) -> None:
    (tmp_path / "exists.xml").write_text("")
    assert new_name_problem("", str(tmp_path)) == "enter a file name for the new sitemap"
    assert ".xml" in new_name_problem("pages", str(tmp_path))
    assert "must not contain" in new_name_problem("a/b.xml", str(tmp_path))
    assert "already exists" in new_name_problem("exists.xml", str(tmp_path))
    assert "already has" in new_name_problem("Taken.XML", None, ["sub/taken.xml"])
    assert "reserved" in new_name_problem("con.xml")
    assert "needs a name" in new_name_problem(".xml")
    assert new_name_problem("news.xml.gz", str(tmp_path)) is None


def test_a_new_sitemap_is_an_ordinary_document_with_the_policy_applied(tmp_path: Path) -> None:
    path = str(tmp_path / "new.xml.gz")
    entries = (Entry(loc=f"{SITE}/a", lastmod="2024-01-01"), Entry(loc=f"{SITE}/b"),
               Entry(loc=f"{SITE}/a#top", priority="0.5"))
    request = ImportRequest(entries, DuplicatePolicy.SKIP, ImportTarget.NEW, "new.xml.gz",
                            "test", frozenset({2}))
    document, summary = create_new_sitemap(request, path)
    assert document.kind == DocumentKind.URLSET and document.source.path == path
    assert document.source.compressed and document.load_findings == []
    assert [document.text(row, 0) for row in range(len(document))] == [f"{SITE}/a", f"{SITE}/b"]
    assert (summary.added, summary.skipped, summary.with_findings) == (2, 1, 0)
    assert summary.target == "new.xml.gz"
    empty = new_sitemap_document([], str(tmp_path / "e.xml"))
    assert len(empty) == 0 and not empty.source.compressed
