"""The entry table's audit columns: Status, Verdict and Final URL, their sort and their tooltips."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from sitemap_studio.commands.entry_commands import RemoveEntriesCommand, push_applied
from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.qt_models.entry_filter_proxy import EntryFilterProxy
from sitemap_studio.qt_models.entry_table_model import AUDIT_COLUMN, COLUMNS, EntryTableModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
LOCS = ["https://e.com/gone", "https://e.com/ok", "https://e.com/old", "https://e.com/new-page"]
STATUS, VERDICT, FINAL = AUDIT_COLUMN, AUDIT_COLUMN + 1, AUDIT_COLUMN + 2


def document():
    body = "".join(f"<url><loc>{loc}</loc></url>" for loc in LOCS)
    return open_bytes(f'<urlset xmlns="{NS}">{body}</urlset>'.encode())


def results() -> dict[str, UrlAudit]:
    gone = AuditFinding("audit-not-found", Severity.ERROR, "answers 404: the page does not exist")
    return {
        LOCS[0]: UrlAudit(LOCS[0], "a.xml", 1, Verdict.NOT_FOUND, status=404, findings=(gone,),
                          checked_at="2026-11-25T10:00:00+00:00"),
        LOCS[1]: UrlAudit(LOCS[1], "a.xml", 1, Verdict.INDEXABLE, status=200),
        LOCS[2]: UrlAudit(LOCS[2], "a.xml", 1, Verdict.REDIRECT, status=301,
                          final_url=LOCS[1], final_status=200,
                          redirects=(Hop(LOCS[2], 301, LOCS[1]),)),
    }


def column(model, number: int, role: int = Qt.ItemDataRole.DisplayRole) -> list[object]:
    return [model.index(row, number).data(role) for row in range(model.rowCount())]


def test_audit_columns_show_results_and_pass_the_model_tester(qtbot, qtmodeltester) -> None:
    doc = document()
    model = EntryTableModel(doc)
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in (STATUS, VERDICT, FINAL)] \
        == ["Status", "Verdict", "Final URL"]
    assert column(model, VERDICT) == [None] * 4
    qtmodeltester.check(model)
    live = results()
    with qtbot.waitSignal(model.dataChanged) as changed:
        model.set_audit(live)
    assert changed.args[0].column() == AUDIT_COLUMN
    assert changed.args[1].column() == len(COLUMNS) - 1
    assert column(model, STATUS) == ["404", "200", "301 \N{RIGHTWARDS ARROW} 200", None]
    assert column(model, VERDICT) == ["not-found", "indexable", "redirect", None]
    assert column(model, FINAL) == ["", "", LOCS[1], None]
    assert column(model, VERDICT, Qt.ItemDataRole.ToolTipRole)[0] == (
        "answers 404: the page does not exist\nChecked 2026-11-25T10:00:00+00:00")
    assert not model.flags(model.index(0, VERDICT)) & Qt.ItemFlag.ItemIsEditable
    assert "read-only" in (model.edit_cell(0, VERDICT, "indexable").refusal or "")
    live[LOCS[3]] = UrlAudit(LOCS[3], "a.xml", 1, Verdict.SERVER_ERROR, status=503)
    model.audit_changed()
    assert column(model, VERDICT)[3] == "server-error"
    qtmodeltester.check(model)
    push_applied(QUndoStack(), RemoveEntriesCommand(doc, [0]))
    assert column(model, VERDICT) == ["indexable", "redirect", "server-error"]
    qtmodeltester.check(model)


def test_the_proxy_sorts_by_verdict_and_status_unaudited_last(qtbot, qtmodeltester) -> None:
    model = EntryTableModel(document())
    model.set_audit(results())
    proxy = EntryFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(VERDICT, Qt.SortOrder.AscendingOrder)
    assert column(proxy, VERDICT) == ["indexable", "redirect", "not-found", None]
    proxy.sort(STATUS, Qt.SortOrder.DescendingOrder)
    assert column(proxy, STATUS) == ["404", "301 \N{RIGHTWARDS ARROW} 200", "200", None]
    proxy.sort(FINAL, Qt.SortOrder.AscendingOrder)
    assert column(proxy, 0)[-1] == LOCS[3]
    qtmodeltester.check(proxy)
