"""Opening a file that cannot be read: the error says where and why, and nothing open is lost."""

from __future__ import annotations

from helpers.main_window import column_texts, make_window, open_and_wait, shown_title, urlset
from PySide6.QtCore import Qt

from sitemap_studio.widgets import prompts
from sitemap_studio.widgets.prompts import Unsaved

LOCS = [f"https://example.com/page/{n}" for n in range(200)]
CONFLICTED = urlset(*LOCS[:3]).replace(
    f"  <url><loc>{LOCS[1]}</loc></url>",
    f"<<<<<<< HEAD\n  <url><loc>{LOCS[1]}</loc></url>\n=======\n"
    f"  <url><loc>{LOCS[1]}/v2</loc></url>\n>>>>>>> feature")


def test_a_file_that_fails_to_open_leaves_the_open_one_alone(qtbot, tmp_path, monkeypatch):
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    good = tmp_path / "site.xml"
    good.write_text(urlset(*LOCS), encoding="utf-8")
    open_and_wait(qtbot, window, good)
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), "https://example.com/edited", Qt.ItemDataRole.EditRole)
    broken = tmp_path / "merged.xml"
    broken.write_text(CONFLICTED, encoding="utf-8")
    with qtbot.waitSignal(window.load_failed, timeout=10000):
        window.open_path(str(broken))
    assert answers.asked_unsaved == []  # nothing was about to be replaced
    assert [title for title, _message in answers.errors] == ["Cannot open"]
    message = answers.errors[0][1]
    assert message.startswith("merged.xml cannot be opened.")
    assert "Line 4, column 1: Merge-conflict markers" in message
    assert "    4 | <<<<<<< HEAD\n        ^" in message
    assert f"File: {broken}" in message
    assert "StartTag" not in message  # no raw libxml2 words
    assert column_texts(window, 0)[:2] == ["https://example.com/edited", LOCS[1]]
    assert shown_title(window).startswith("site.xml*")  # the edit is still there, unsaved
    assert "site.xml is still open" in window.message_label.text()
    assert window.entry_table.model.editor is window.current  # and still editable

    other = tmp_path / "other.xml"
    other.write_text(urlset(*LOCS[:5]), encoding="utf-8")
    answers.unsaved = Unsaved.CANCEL
    window.open_path(str(other))
    qtbot.waitUntil(lambda: answers.asked_unsaved == [["site.xml"]], timeout=10000)
    assert column_texts(window, 0)[0] == "https://example.com/edited"  # cancelled: kept
    assert "Did not open" in window.message_label.text()
    answers.unsaved = Unsaved.DISCARD
    open_and_wait(qtbot, window, other)
    assert column_texts(window, 0) == LOCS[:5]
    assert good.read_text(encoding="utf-8") == urlset(*LOCS)


def test_the_error_box_sets_the_offending_line_in_a_fixed_font(qtbot, tmp_path):
    from sitemap_studio.core.model.errors import SitemapError
    from sitemap_studio.core.project.workspace_loading import read_file

    broken = tmp_path / "merged.xml"
    broken.write_text(CONFLICTED, encoding="utf-8")
    try:
        read_file(broken)
    except SitemapError as error:
        text = prompts.read_error_text(error)
    box = prompts.error_box(None, "Cannot open", text)
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    assert box.textFormat() == Qt.TextFormat.RichText
    assert "<pre>    4 | &lt;&lt;&lt;&lt;&lt;&lt;&lt; HEAD" in box.text()


AMPERSANDS = urlset("https://example.com/?a=1&b=2", "https://example.com/x&amp;y",
                    "https://example.com/q?s=1&t=2&u=3").replace(
    "<urlset", "<!-- shop & blog -->\n<urlset")


def test_stray_ampersands_can_be_opened_repaired_and_nothing_is_written_until_save(
        qtbot, tmp_path, monkeypatch) -> None:
    window, answers = make_window(qtbot, tmp_path, monkeypatch)
    asked: list[str] = []
    reply = [False]

    def ask_open_repaired(parent, message: str) -> bool:
        asked.append(message)
        return reply[0]

    monkeypatch.setattr(prompts, "ask_open_repaired", ask_open_repaired)
    path = tmp_path / "hand-written.xml"
    path.write_text(AMPERSANDS, encoding="utf-8")
    with qtbot.waitSignal(window.load_failed, timeout=10000):
        window.open_path(str(path))  # declined: the error, and nothing open
    assert len(asked) == 1 and "Line 4, column 37: Unescaped '&'" in asked[0]
    assert ("    4 |   <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
            "    " + " " * 40 + "^\n") in asked[0]  # the caret under the '&'
    assert [title for title, _message in answers.errors] == ["Cannot open"]
    assert window.current is None

    reply[0] = True
    with qtbot.waitSignal(window.workspace_loaded, timeout=10000):
        window.open_path(str(path))
    assert column_texts(window, 0) == ["https://example.com/?a=1&b=2", "https://example.com/x&y",
                                       "https://example.com/q?s=1&t=2&u=3"]
    assert shown_title(window).startswith("hand-written.xml*")  # clearly marked as changed
    assert "Wrote 3 stray ampersands as &amp;" in window.message_label.text()
    assert path.read_text(encoding="utf-8") == AMPERSANDS  # nothing written yet
    assert len(answers.errors) == 1
    with qtbot.waitSignal(window.session.saved, timeout=10000):
        window.window_actions.save.trigger()
    assert path.read_text(encoding="utf-8") == AMPERSANDS.replace("1&b", "1&amp;b").replace(
        "1&t=2&u", "1&amp;t=2&amp;u")  # the comment keeps its '&'
    assert not window.isWindowModified()
