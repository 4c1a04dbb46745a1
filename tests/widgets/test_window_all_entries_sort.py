"""All entries: a header clicked at once after an edit shows the rows sorted as the files now
are (the kept sorts are repaired, not trusted as they were)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.main_window import NS, open_all_entries
from PySide6.QtCore import QPoint, Qt

from sitemap_studio.qt_models import all_entries_proxy, entry_filter_proxy
from sitemap_studio.qt_models.all_entries_model import FILE_COLUMN

#: (loc, lastmod) per file: ties across files, non-ASCII paths, odd and absent dates.
FILES = {
    "a.xml": [("https://example.com/m", "2024-03-01"), ("https://example.com/é", "bad date"),
              ("https://example.com/b", None), ("https://example.com/日本", "2023-01-01")],
    "b.xml": [("https://example.com/m", "2024-03-01"), ("https://example.com/a", "2022-06-30"),
              ("https://example.com/z", "2024-03-01T00:00:00Z")],
    "c.xml": [("https://example.com/c", None), ("https://example.com/m", "worse date")],
}


def _urlset(entries: list[tuple[str, str | None]]) -> str:
    body = "".join(f"<url><loc>{loc}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod
                                                else "") + "</url>" for loc, lastmod in entries)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{body}</urlset>\n'


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    # Sort ahead even these small files, and only long after an edit: a click right
    # after an edit finds the kept sorts out of date.
    monkeypatch.setattr(entry_filter_proxy, "WARM_UP_ROWS", 1)
    monkeypatch.setattr(all_entries_proxy, "WARM_UP_ROWS", 1)
    monkeypatch.setattr(all_entries_proxy, "REWARM_DELAY_MS", 60_000)
    window, _answers = open_all_entries(qtbot, tmp_path, monkeypatch, {
        name: _urlset(entries) for name, entries in FILES.items()})
    qtbot.waitUntil(lambda: not window.all_table.proxy.warming, timeout=30000)
    assert sorted(window.all_table.proxy.combined.kept_columns()) == [0, 1, 3]
    return window


def _shown(window, column: int) -> list[str | None]:
    proxy = window.all_table.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def _rows(window) -> list[tuple[str, str, str | None]]:
    """(file, loc, lastmod) of every row, in file order then row order."""
    rows = []
    for state in window.session.states.values():
        document = state.document
        rows.extend((Path(state.path).name, document.text(row, 0), document.text(row, 1))
                    for row in range(len(document)))
    return sorted(rows, key=lambda row: list(FILES).index(row[0]))  # stable: row order kept


def _by_location(window, descending: bool) -> list[tuple[str, str]]:
    rows = sorted(_rows(window), key=lambda row: row[1], reverse=descending)
    return [(loc, name) for name, loc, _lastmod in rows]


def _by_lastmod(window, descending: bool) -> list[str]:
    """Dates by instant (stable), then unparsable ones by text, then absent ones."""
    from datetime import datetime

    def instant(text: str) -> float | None:
        try:
            stamp = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        if stamp.tzinfo is None:
            return stamp.replace(tzinfo=datetime.now().astimezone().tzinfo).timestamp() \
                if "T" in text else datetime.fromisoformat(text + "T00:00:00+00:00").timestamp()
        return stamp.timestamp()

    rows = _rows(window)
    dated = [row for row in rows if row[2] is not None and instant(row[2]) is not None]
    odd = [row for row in rows if row[2] is not None and instant(row[2]) is None]
    absent = [row for row in rows if row[2] is None]
    ordered = (sorted(dated, key=lambda row: instant(row[2]), reverse=descending)
               + sorted(odd, key=lambda row: row[2]) + absent)
    return [loc for _name, loc, _lastmod in ordered]


def _click(qtbot, window, column: int) -> None:
    header = window.all_table.view.horizontalHeader()
    x = header.sectionViewportPosition(column) + 5
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def _type_into(qtbot, window, row: int, column: int, text: str) -> None:
    table = window.all_table
    table.view.setCurrentIndex(table.proxy.index(row, column))
    qtbot.keyClick(table.view, Qt.Key.Key_F2)
    delegate = table.delegates.loc if column == 0 else table.delegates.lastmod
    editor = delegate.last_editor
    assert editor is not None
    line = editor if column == 0 else editor.line_edit  # the date editor's text box
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: delegate.last_editor is None)


def test_a_header_clicked_at_once_after_a_cell_edit_sorts_the_edit_in(qtbot, window) -> None:
    proxy = window.all_table.proxy
    header = window.all_table.view.horizontalHeader()
    _click(qtbot, window, 0)
    assert list(zip(_shown(window, 0), _shown(window, FILE_COLUMN), strict=True)) == (
        _by_location(window, False))
    # The first row shown (b.xml's https://example.com/a) becomes the last location.
    _type_into(qtbot, window, 0, 0, "https://example.com/zz")
    assert _shown(window, 0)[0] == "https://example.com/zz"  # it stays where it was edited
    # The edit is noted, nothing sorted yet; the other columns' sorts still hold.
    assert sorted(proxy.combined.kept_columns()) == [1, 3]
    _click(qtbot, window, 0)
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    assert list(zip(_shown(window, 0), _shown(window, FILE_COLUMN), strict=True)) == (
        _by_location(window, True))
    assert _shown(window, 0)[:3] == [  # by code point: 日 and é come after z
        "https://example.com/日本", "https://example.com/é", "https://example.com/zz"]
    # Ties keep file order in both directions: the three https://example.com/m rows.
    assert [name for loc, name in zip(_shown(window, 0), _shown(window, FILE_COLUMN),
                                      strict=True) if loc.endswith("/m")] == [
        "a.xml", "b.xml", "c.xml"]
    # A lastmod typed, then the Last modified header at once, both ways.
    row = _shown(window, 0).index("https://example.com/z")
    _type_into(qtbot, window, row, 1, "1999-12-31")
    _click(qtbot, window, 1)
    assert _shown(window, 0) == _by_lastmod(window, False)
    assert _shown(window, 1)[0] == "1999-12-31"
    _click(qtbot, window, 1)
    assert _shown(window, 0) == _by_lastmod(window, True)
    # Unparsable dates by text, then absent ones, last in both directions.
    assert _shown(window, 1)[-4:] == ["bad date", "worse date", None, None]
    # Every sort holds: lastmod's repaired, location's untouched by a lastmod edit.
    assert sorted(proxy.combined.kept_columns()) == [0, 1, 3]
    # Undo both edits; a click at once shows the files as they were.
    window.window_actions.undo.trigger()
    window.window_actions.undo.trigger()
    _click(qtbot, window, 0)
    assert list(zip(_shown(window, 0), _shown(window, FILE_COLUMN), strict=True)) == (
        _by_location(window, False))
    assert "https://example.com/zz" not in _shown(window, 0)


def test_a_filtered_sort_after_removing_and_inserting_rows(qtbot, window) -> None:
    table = window.all_table
    qtbot.keyClicks(table.filter_edit, "example.com/")
    table.apply_filter()
    _click(qtbot, window, 0)
    b_state = next(s for s in window.session.states.values() if s.path.endswith("b.xml"))
    b_state.document.remove_rows([1])  # b.xml's https://example.com/a
    from sitemap_studio.core.model.entries import Entry
    b_state.document.insert_entries(0, [Entry(loc="https://example.com/0", lastmod=None)])
    _click(qtbot, window, 0)
    expected = _by_location(window, True)
    assert list(zip(_shown(window, 0), _shown(window, FILE_COLUMN), strict=True)) == expected
    assert expected[-1] == ("https://example.com/0", "b.xml")
    assert "https://example.com/a" not in _shown(window, 0)
