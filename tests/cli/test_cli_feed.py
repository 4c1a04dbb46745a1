"""``info`` and ``convert`` on a 20,000-item blog feed, checked on disk."""

from __future__ import annotations

from helpers.blog_feed import blog_feed, post_link

from sitemap_studio.cli import main
from sitemap_studio.core.reading import open_document

ITEMS = 20_000


def test_convert_turns_a_20000_item_feed_into_a_sitemap_on_disk(
        tmp_path, capsys, core_xsd_oracle) -> None:
    feed = tmp_path / "blog-feed.xml"
    data = blog_feed(ITEMS)
    feed.write_bytes(data)
    assert main(["info", str(feed)]) == 0
    assert f"entries: {ITEMS}" in capsys.readouterr().out
    out = tmp_path / "sitemap.xml.gz"
    assert main(["convert", str(feed), str(out)]) == 0
    capsys.readouterr()
    document = open_document(out)
    assert document.source.compressed and document.source.format == "xml"
    assert [entry.loc for entry in document.entries()] == [post_link(n) for n in range(ITEMS)]
    assert [entry.lastmod for entry in document.entries()][:2] == [
        "2024-01-01T10:00:00+00:00", "2024-01-02T10:01:00+00:00"]
    core_xsd_oracle.assert_valid(document.to_bytes(), "the converted feed")
    assert main(["validate", str(out)]) == 0
    assert feed.read_bytes() == data
