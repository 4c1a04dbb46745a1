"""Removing many rows at once and undoing it, in a project window, as a user does.

A user selects a thousand scattered rows of a 3,000-URL sitemap (every third
one), presses Delete, then Undo: the table, the project tree's counts and the
findings follow each step, and Undo puts every row back where it was. (Undoing
used to put the rows back one at a time, each repainting the tree: minutes for a
thousand rows of a large project.)
"""

from __future__ import annotations

from helpers.main_window import column_texts, make_window, open_and_wait, urlset, write_project
from PySide6.QtCore import Qt

PAGES = 3_000
#: Every tenth page has a relative location: one error each.
RELATIVE_EVERY = 10


def _loc(number: int) -> str:
    return f"/page/{number}" if number % RELATIVE_EVERY == 0 else (
        f"https://example.com/page/{number}")


def _tree_rows(window) -> dict[str, tuple[str, str]]:
    """Each file's entries and errors as the project tree shows them."""
    model = window.project_model
    top = model.index(0, 0)
    return {model.index(row, 0, top).data(): (model.index(row, 1, top).data(),
                                              model.index(row, 2, top).data())
            for row in range(model.rowCount(top))}


def _open_pages(qtbot, window) -> None:
    model, view = window.project_model, window.project_view
    top = model.index(0, 0)
    index = next(model.index(row, 0, top) for row in range(model.rowCount(top))
                 if model.index(row, 0, top).data() == "pages.xml")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(index).center())
    qtbot.waitUntil(lambda: window.entry_table.proxy.rowCount() == PAGES, timeout=20000)


def test_delete_a_thousand_scattered_rows_then_undo(qtbot, tmp_path, monkeypatch) -> None:
    locs = [_loc(number) for number in range(PAGES)]
    project = write_project(tmp_path, {
        "pages.xml": urlset(*locs),
        "blog.xml": urlset(*(f"https://example.com/blog/{n}" for n in range(50)))})
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    qtbot.waitUntil(lambda: _tree_rows(window)["pages.xml"] == ("3,000", "300"), timeout=30000)
    _open_pages(qtbot, window)

    chosen = list(range(0, PAGES, 3))  # 1,000 rows, none next to another
    window.entry_table.select_rows(chosen)
    window.window_actions.delete.trigger()
    kept = [loc for row, loc in enumerate(locs) if row % 3]
    assert column_texts(window, 0) == kept
    left_errors = sum(1 for loc in kept if loc.startswith("/"))
    qtbot.waitUntil(lambda: _tree_rows(window)["pages.xml"] == ("2,000", f"{left_errors:,}"),
                    timeout=20000)

    window.window_actions.undo.trigger()
    assert column_texts(window, 0) == locs  # every row back where it was
    qtbot.waitUntil(lambda: _tree_rows(window)["pages.xml"] == ("3,000", "300"), timeout=20000)
    assert _tree_rows(window)["blog.xml"] == ("50", "0")
    assert not window.isWindowModified()

