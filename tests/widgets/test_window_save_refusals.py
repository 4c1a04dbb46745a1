"""Saving in the window never replaces a file of another kind unasked, and writes through links."""

from __future__ import annotations

import os
import stat

from helpers.main_window import make_window, open_and_wait, shown_title, urlset
from PySide6.QtCore import Qt

from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.widgets import prompts

PAGES = [f"https://example.com/page/{n}" for n in range(2000)]
ROBOTS = (b"User-agent: *\nDisallow: /private/\n\nUser-agent: BadBot\nDisallow: /\n\n"
          b"Sitemap: https://example.com/sitemap.xml\n")


def _rss(items: int) -> bytes:
    body = "".join(f"<item><title>Post {n}</title><link>https://example.com/post/{n}</link>"
                   f"<description>Text {n}</description></item>\n" for n in range(items))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            f"<title>News</title><link>https://example.com/</link><description>d</description>"
            f"\n{body}</channel></rss>\n").encode()


def _asked(monkeypatch, answer: bool) -> list[tuple[str, str]]:
    questions: list[tuple[str, str]] = []

    def confirm(parent: object, title: str, question: str) -> bool:
        questions.append((title, question))
        return answer

    monkeypatch.setattr(prompts, "confirm", confirm)
    return questions


def test_save_on_an_opened_feed_asks_and_declined_leaves_it_byte_identical(
        qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    feed = tmp_path / "feed.xml"
    feed.write_bytes(_rss(500))
    open_and_wait(qtbot, window, feed)
    questions = _asked(monkeypatch, False)
    window.window_actions.save.trigger()
    assert len(questions) == 1
    assert "this is an RSS feed" in questions[0][1] and "would lose the feed" in questions[0][1]
    assert feed.read_bytes() == _rss(500)
    assert window.message_label.text() == f"Nothing saved; {feed} is unchanged"

    questions = _asked(monkeypatch, True)
    with qtbot.waitSignal(window.session.saved, timeout=15000):
        window.window_actions.save.trigger()
    assert len(questions) == 1
    assert feed.read_bytes().startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset')
    # The file now holds the urlset the window shows: saving again asks nothing.
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), "https://example.com/first", Qt.ItemDataRole.EditRole)
    with qtbot.waitSignal(window.session.saved, timeout=15000):
        window.window_actions.save.trigger()
    assert len(questions) == 1
    assert b"https://example.com/first" in feed.read_bytes()
    assert not shown_title(window).startswith("feed.xml*")


def test_save_as_over_a_robots_txt_asks_first(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    index = tmp_path / "index.xml"
    index.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex '
        'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        "  <sitemap><loc>https://example.com/sitemap.xml</loc></sitemap>\n</sitemapindex>\n",
        encoding="utf-8")
    open_and_wait(qtbot, window, index)
    robots = tmp_path / "robots.txt"
    robots.write_bytes(ROBOTS)
    questions = _asked(monkeypatch, False)
    answers.save_as = (str(robots), OutputFormat.ROBOTS, False)
    window.window_actions.save_as.trigger()
    assert len(questions) == 1 and "its 4 line(s) other than Sitemap: lines" in questions[0][1]
    assert robots.read_bytes() == ROBOTS


def test_save_as_onto_a_symbolic_link_writes_its_target(qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    source = tmp_path / "site.xml"
    source.write_text(urlset(*PAGES), encoding="utf-8")
    open_and_wait(qtbot, window, source)
    real = tmp_path / "public" / "sitemap.xml"
    real.parent.mkdir()
    real.write_text(urlset(*PAGES[:5]), encoding="utf-8")
    real.chmod(0o604)
    link = tmp_path / "sitemap.xml"
    link.symlink_to(real)
    answers.save_as = (str(link), OutputFormat.XML, False)
    with qtbot.waitSignal(window.session.saved, timeout=15000):
        window.window_actions.save_as.trigger()
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == urlset(*PAGES)
    assert stat.S_IMODE(real.stat().st_mode) == 0o604
