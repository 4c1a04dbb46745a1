"""A user opens a 20,000-item blog feed, sees its posts as rows and saves it as a sitemap."""

from __future__ import annotations

from helpers.blog_feed import blog_feed, post_link
from helpers.main_window import make_window, open_and_wait, shown_title, wait_editable
from PySide6.QtWidgets import QFileDialog

from sitemap_studio.cli import main
from sitemap_studio.core.reading import open_document
from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.prompts import SAVE_AS_CHOICES

ITEMS = 20_000


def test_a_20000_item_feed_opens_as_rows_and_saves_as_a_valid_sitemap(
        qtbot, tmp_path, monkeypatch, core_xsd_oracle) -> None:
    real_ask = prompts.ask_save_as
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    monkeypatch.setattr(prompts, "ask_save_as", real_ask)  # the real prompt, its dialog faked
    feed = tmp_path / "blog-feed.xml"
    data = blog_feed(ITEMS)
    feed.write_bytes(data)
    open_and_wait(qtbot, window, feed)

    proxy = window.entry_table.proxy
    assert proxy.rowCount() == ITEMS
    assert [proxy.index(row, 0).data() for row in (0, 1, ITEMS - 1)] == [
        post_link(0), post_link(1), post_link(ITEMS - 1)]
    assert proxy.index(0, 1).data().startswith("2024-01-01T10:00:00")
    wait_editable(qtbot, window)

    target = tmp_path / "blog-sitemap.xml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args, **kwargs: (str(target), SAVE_AS_CHOICES[0][0])))
    with qtbot.waitSignal(window.session.saved, timeout=30000):
        window.window_actions.save_as.trigger()

    assert shown_title(window).startswith("blog-sitemap.xml")
    written = target.read_bytes()
    assert written.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset')
    core_xsd_oracle.assert_valid(written, "the sitemap saved from the feed")
    saved = open_document(target)
    assert saved.source.format == "xml"
    assert [entry.loc for entry in saved.entries()] == [post_link(n) for n in range(ITEMS)]
    assert main(["validate", str(target)]) == 0
    assert feed.read_bytes() == data  # the feed itself is untouched
