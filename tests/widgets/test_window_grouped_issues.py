"""One cause, one line in the issues panel (issue 22).

A site built on localhost has ``loc-private-host`` on all of its 259 entries: the
panel shows that cause once with the count, opens to the entries' rows, and a child
row jumps to its entry; a group's quick fix mends all of its entries in one step.
"""

from __future__ import annotations

from helpers.main_window import click_issue, column_texts, make_window, open_and_wait
from PySide6.QtCore import Qt

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
PAGES = 259


def localhost_site(path) -> None:
    rows = [f"  <url>\n    <loc>http://localhost:4000/posts/{n}/</loc>\n  </url>\n"
            for n in range(PAGES)]
    for n in (5, 50, 200):  # one cause with a quick fix, on three entries
        rows[n] = rows[n].replace("</loc>", "</loc><changefreq>Daily</changefreq>")
    rows[7] = rows[7].replace("</loc>", "</loc><priority>high</priority>")  # a single one
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
                    + "".join(rows) + "</urlset>\n", encoding="utf-8")


def _open_site(qtbot, tmp_path, monkeypatch):
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "sitemap.xml"
    localhost_site(path)
    open_and_wait(qtbot, window, path)
    panel = window.issues_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0)
    return window, panel, panel.model


def _row(model, code: str) -> int:
    return next(r for r in range(model.rowCount()) if model.finding(r).code == code)


def test_a_cause_on_every_entry_is_one_row_that_opens_to_the_entries(
        qtbot, qtmodeltester, tmp_path, monkeypatch) -> None:
    window, panel, model = _open_site(qtbot, tmp_path, monkeypatch)
    qtmodeltester.check(model)
    codes = [model.finding(r).code for r in range(model.rowCount())]
    assert sorted(codes) == ["changefreq-invalid", "loc-private-host", "priority-not-decimal"]
    group = model.index(_row(model, "loc-private-host"), 0)
    message = group.siblingAtColumn(5).data()
    assert message.startswith("259 entries: ") and "localhost" in message
    assert "259 warnings" in panel.summary.text()  # the counts still count every finding
    single = model.index(_row(model, "priority-not-decimal"), 0)
    assert model.rowCount(single) == 0 and single.siblingAtColumn(1).data() == "8"

    assert not panel.view.isExpanded(group)
    click_issue(qtbot, panel, group.row(), double=True)  # a group's row opens, jumps nowhere
    assert panel.view.isExpanded(group)
    assert model.rowCount(group) == PAGES
    child = model.index(99, 0, group)
    assert [child.siblingAtColumn(c).data() for c in (0, 1, 2, 4)] == [
        "warning", "100", str(4 + 3 * 99), "loc-private-host"]  # its <loc> line

    click_issue(qtbot, panel, 99, group=group.row(), double=True)
    table = window.entry_table
    current = table.view.currentIndex()
    assert (current.row(), current.column()) == (99, 0)
    assert current.data() == "http://localhost:4000/posts/99/"
    assert table.current_entry_id() == model.findings_at(child)[0].entry


def test_a_groups_quick_fix_mends_all_its_entries_in_one_step(qtbot, tmp_path,
                                                              monkeypatch) -> None:
    window, panel, model = _open_site(qtbot, tmp_path, monkeypatch)
    private = model.index(_row(model, "loc-private-host"), 0)
    panel.view.expand(private)
    row = _row(model, "changefreq-invalid")
    assert len(model.group(row)) == 3
    click_issue(qtbot, panel, row)
    assert panel.fix_button.isEnabled()
    qtbot.mouseClick(panel.fix_button, Qt.MouseButton.LeftButton)
    changefreqs = [text for text in column_texts(window, 2) if text]
    assert changefreqs == ["daily", "daily", "daily"]
    qtbot.waitUntil(lambda: "changefreq-invalid" not in
                    [model.finding(r).code for r in range(model.rowCount())])
    # The panel was rebuilt; the group the user had opened is open again.
    assert panel.view.isExpanded(model.index(_row(model, "loc-private-host"), 0))
    window.window_actions.undo.trigger()  # the three fixes are one step
    assert [text for text in column_texts(window, 2) if text] == ["Daily"] * 3
    qtbot.waitUntil(lambda: "changefreq-invalid" in
                    [model.finding(r).code for r in range(model.rowCount())])
