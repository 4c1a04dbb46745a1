"""What the window says reads naturally: "1 error", "2 errors", "1 entry"."""

from __future__ import annotations

from helpers.main_window import make_window, open_and_wait, urlset
from PySide6.QtCore import Qt


def test_counts_read_naturally(qtbot, tmp_path, monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "site.xml"
    # A real-looking host: a file built on example.com gets a placeholder-host warning.
    path.write_text(urlset("https://bakery.co.uk/a", "/relative"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    summary = window.issues_panel.summary
    qtbot.waitUntil(lambda: summary.text().startswith("1 error,"))
    tree = window.project_model
    tip = tree.index_of(window.current.item).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith("\n2 entries, 1 error, 0 warnings")
    proxy = window.entry_table.proxy
    assert proxy.setData(proxy.index(0, 0), "/another", Qt.ItemDataRole.EditRole)
    qtbot.waitUntil(lambda: summary.text().startswith("2 errors,"))
    window.entry_table.select_rows([1])
    window.window_actions.delete.trigger()
    assert window.message_label.text() == "Deleted 1 entry (undo brings it back)"
    qtbot.waitUntil(lambda: tree.index_of(window.current.item).data(
        Qt.ItemDataRole.ToolTipRole).endswith("\n1 entry, 1 error, 0 warnings"))
