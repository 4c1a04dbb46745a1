"""Stray ampersands: escaped in memory, references, comments and CDATA left alone."""

from __future__ import annotations

import gzip

import pytest

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.workspace_loading import read_file
from sitemap_studio.core.reading.repair import (
    escape_stray_ampersands,
    is_stray_ampersand,
    open_repaired,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


@pytest.mark.parametrize(("data", "fixed", "count"), [
    (b"<a>?x=1&y=2</a>", b"<a>?x=1&amp;y=2</a>", 1),
    (b"<a>&amp; &lt; &#38; &#x26; &custom;</a>", b"<a>&amp; &lt; &#38; &#x26; &custom;</a>", 0),
    (b"<a>& &&; &#; &#xZ;</a>", b"<a>&amp; &amp;&amp;; &amp;#; &amp;#xZ;</a>", 5),
    (b"<!-- a & b --><a><![CDATA[x&y]]>&</a>", b"<!-- a & b --><a><![CDATA[x&y]]>&amp;</a>", 1),
    ("<a>é&ü</a>".encode("utf-16"), "<a>é&ü</a>".encode("utf-16"), 0),
])
def test_escape_stray_ampersands(data: bytes, fixed: bytes, count: int) -> None:
    assert escape_stray_ampersands(data) == (fixed, count)


def test_a_gzip_file_is_read_repaired_and_left_as_it_is(tmp_path) -> None:
    locs = [f"https://example.com/p?id={n}&lang=en" for n in range(2000)]
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in locs)
    raw = gzip.compress(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())
    path = tmp_path / "s.xml.gz"
    path.write_bytes(raw)
    with pytest.raises(SitemapError) as caught:
        read_file(path)
    assert is_stray_ampersand(caught.value)
    repaired = open_repaired(path)
    assert repaired.ampersands == 2000
    assert [entry.loc for entry in repaired.document.entries()] == locs
    assert repaired.document.source.path == str(path) and repaired.document.source.compressed
    assert path.read_bytes() == raw


def test_nothing_to_repair_and_other_errors_say_so(tmp_path) -> None:
    clean = tmp_path / "clean.xml"
    clean.write_text(f'<urlset xmlns="{NS}"><url><loc>https://e.com/</loc></url></urlset>')
    with pytest.raises(SitemapError, match="no stray '&'"):
        open_repaired(clean)
    broken = tmp_path / "broken.xml"
    broken.write_text(f'<urlset xmlns="{NS}"><url><loc>https://e.com/?a&b</loc></urlset>')
    with pytest.raises(SitemapError) as caught:
        open_repaired(broken)
    assert caught.value.line == 1 and not is_stray_ampersand(caught.value)
