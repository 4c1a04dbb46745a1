"""A gzip sitemap saved unedited is the same file; saved edited, it keeps its gzip header."""

from __future__ import annotations

import gzip
import io
import subprocess
import sys
from pathlib import Path

from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.writing.saving import gzip_header
from sitemap_studio.core.writing.snapshots import plan_save, save_document, write_save

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def gz_sitemap(path: Path, count: int = 2000) -> bytes:
    """A gzip file as another tool writes it: level 9, a name, a time, OS byte 0x13."""
    rows = "".join(f"<url><loc>https://example.com/p{n}</loc></url>\n" for n in range(count))
    xml = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{rows}</urlset>\n'
    buffer = io.BytesIO()
    with gzip.GzipFile("page-sitemap.xml", "wb", 9, buffer, mtime=1_700_000_000) as stream:
        stream.write(xml.encode())
    data = bytearray(buffer.getvalue())
    data[9] = 0x13  # the operating system byte of the original writer
    path.write_bytes(bytes(data))
    return bytes(data)


def test_convert_of_a_gzip_file_to_gzip_is_byte_identical(tmp_path) -> None:
    original = gz_sitemap(tmp_path / "in.xml.gz")
    done = subprocess.run([sys.executable, "-m", "sitemap_studio", "convert", "in.xml.gz",
                           "out.xml.gz"], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.xml.gz").read_bytes() == original


def test_saving_unedited_in_the_window_path_is_byte_identical(tmp_path) -> None:
    original = gz_sitemap(tmp_path / "a.xml.gz")
    doc = open_document(tmp_path / "a.xml.gz")
    write_save(plan_save(doc, tmp_path / "b.xml.gz"))
    assert (tmp_path / "b.xml.gz").read_bytes() == original


def test_an_edited_gzip_file_keeps_its_header(tmp_path) -> None:
    original = gz_sitemap(tmp_path / "a.xml.gz")
    doc = open_document(tmp_path / "a.xml.gz")
    doc.set_text(doc.id_at(0), "loc", "https://example.com/edited")
    for target, save in ((tmp_path / "b.xml.gz", save_document),
                         (tmp_path / "c.xml.gz",
                          lambda d, p: write_save(plan_save(d, p)))):
        save(doc, target)
        data = target.read_bytes()
        assert gzip_header(data) == gzip_header(original)
        assert data[4:8] == original[4:8] and data[9] == 0x13  # time and OS kept
        text = gzip.decompress(data)
        assert b"<loc>https://example.com/edited</loc>" in text
        assert text.count(b"<url>") == 2000


def test_a_plain_file_saved_as_gzip_gets_a_fixed_header(tmp_path) -> None:
    (tmp_path / "a.xml").write_bytes(gzip.decompress(gz_sitemap(tmp_path / "x.xml.gz")))
    save_document(open_document(tmp_path / "a.xml"), tmp_path / "b.xml.gz")
    data = (tmp_path / "b.xml.gz").read_bytes()
    assert data[4:8] == b"\0\0\0\0" and gzip_header(data) == data[:10]
