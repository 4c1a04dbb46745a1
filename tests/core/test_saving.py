"""Saving: atomic, lossless in the same format, deterministic when converting."""

from __future__ import annotations

import gzip
import os

import pytest

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.reading.loader import open_bytes, open_document
from sitemap_studio.core.writing.atomic_files import atomic_write
from sitemap_studio.core.writing.saving import OutputFormat, output_for
from sitemap_studio.core.writing.snapshots import save_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
        "  <url><loc>https://example.com/a</loc><lastmod>2024-01-01</lastmod></url>\n"
        "</urlset>\n").encode()


def test_failed_write_leaves_the_original_untouched(tmp_path) -> None:
    target = tmp_path / "sitemap.xml"
    target.write_bytes(b"original")

    def chunks():
        yield b"<?xml"
        raise OSError(28, "No space left on device")

    with pytest.raises(SitemapError) as caught:
        atomic_write(target, chunks())
    assert "No space left on device" in caught.value.message
    assert "unchanged" in caught.value.message
    assert target.read_bytes() == b"original"
    assert sorted(os.listdir(tmp_path)) == ["sitemap.xml"]


def test_interrupted_write_leaves_no_partial_file(tmp_path) -> None:
    target = tmp_path / "sitemap.xml"
    target.write_bytes(b"original")

    def chunks():
        yield b"partial"
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        atomic_write(target, chunks())
    assert target.read_bytes() == b"original"
    assert sorted(os.listdir(tmp_path)) == ["sitemap.xml"]


def test_write_into_a_missing_folder_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(SitemapError) as caught:
        atomic_write(tmp_path / "nope" / "s.xml", [b"x"])
    assert caught.value.located().startswith(str(tmp_path / "nope" / "s.xml"))


def test_save_keeps_the_file_mode(tmp_path) -> None:
    target = tmp_path / "s.xml"
    target.write_bytes(DATA)
    target.chmod(0o640)
    save_document(open_document(target), target)
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_bytes() == DATA


@pytest.mark.parametrize(("name", "expected"), [
    ("a.xml", (OutputFormat.XML, False)),
    ("a.xml.gz", (OutputFormat.XML, True)),
    ("a.txt", (OutputFormat.TEXT, False)),
    ("robots.txt", (OutputFormat.ROBOTS, False)),
    ("a.sitemap", (OutputFormat.XML, False)),
])
def test_output_format_by_suffix(name: str, expected: tuple[OutputFormat, bool]) -> None:
    assert output_for(name, open_bytes(DATA)) == expected


def test_gzip_output_is_reproducible_and_lossless(tmp_path) -> None:
    doc = open_bytes(DATA)
    save_document(doc, tmp_path / "one.xml.gz")
    save_document(doc, tmp_path / "two.xml.gz")
    first = (tmp_path / "one.xml.gz").read_bytes()
    assert first == (tmp_path / "two.xml.gz").read_bytes()
    assert gzip.decompress(first) == DATA
    assert open_document(tmp_path / "one.xml.gz").to_bytes() == DATA


def test_conversions_between_xml_and_text(tmp_path) -> None:
    doc = open_bytes(DATA)
    save_document(doc, tmp_path / "urls.txt")
    assert (tmp_path / "urls.txt").read_bytes() == b"https://example.com/a\n"
    text = open_document(tmp_path / "urls.txt")
    text.insert_entries(1, [Entry(loc="https://example.com/b")])
    save_document(text, tmp_path / "back.xml")
    back = open_document(tmp_path / "back.xml")
    assert [back.text(row, 0) for row in range(len(back))] == [
        "https://example.com/a", "https://example.com/b"]
    assert (tmp_path / "back.xml").read_bytes().startswith(
        b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="')


def test_robots_converts_to_a_sitemap_index(tmp_path) -> None:
    robots = open_bytes(b"User-agent: *\nSitemap: https://example.com/s.xml\n", "robots.txt")
    save_document(robots, tmp_path / "index.xml")
    index = open_document(tmp_path / "index.xml")
    assert index.kind.value == "sitemapindex"
    assert index.text(0, 0) == "https://example.com/s.xml"


def test_a_value_xml_cannot_hold_is_refused_not_written(tmp_path) -> None:
    doc = open_bytes(b"https://example.com/a\n", "urls.txt")
    doc.set_text(doc.id_at(0), "loc", "https://example.com/\x01")
    target = tmp_path / "out.xml"
    with pytest.raises(SitemapError) as caught:
        save_document(doc, target)
    assert "U+0001" in caught.value.message
    assert not target.exists()
