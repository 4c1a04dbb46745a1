"""The issues panel's tree: findings grouped by cause, children per entry."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models.finding_groups_model import FindingGroupsModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
LOCS = ([f"/docs/{n}" for n in range(4)] + ["//cdn.bakery.co.uk/x"]
        + ["https://bakery.co.uk/a", "https://bakery.co.uk/a"])
DATA = (f'<urlset xmlns="{NS}">'
        + "".join(f"<url><loc>{loc}</loc><lastmod>2024-01</lastmod></url>" for loc in LOCS)
        + "</urlset>").encode()


def _model():
    doc = open_bytes(DATA)
    model = FindingGroupsModel()
    model.set_findings(validate_document(doc).findings(), lambda e: doc.row_of(e) + 1)
    return model


def _top(model) -> list[tuple[str, str, int]]:
    return [(model.index(r, 4).data(), model.index(r, 5).data(),
             model.rowCount(model.index(r, 0))) for r in range(model.rowCount())]


def test_groups_by_cause_with_children(qapp, qtmodeltester) -> None:
    model = _model()
    qtmodeltester.check(model)
    rows = _top(model)
    # Four paths: one cause, so one row; a protocol-relative URL is another cause.
    paths = [row for row in rows if row[0] == "loc-not-absolute"]
    assert [children for _code, _text, children in paths] == [4, 0]
    assert paths[0][1].startswith("4 entries: ")
    assert "protocol-relative" in paths[1][1]
    # The seven reduced-precision dates say the same thing: the message, not the rule's text.
    dates = next(row for row in rows if row[0] == "lastmod-reduced-precision")
    assert dates[2] == 7 and "2024-01" in dates[1]
    group = model.index(rows.index(paths[0]), 0)
    assert [model.index(r, 1, group).data() for r in range(4)] == ["1", "2", "3", "4"]
    assert model.index(0, 1, group).data(Qt.ItemDataRole.ToolTipRole).startswith("/docs/0")
    assert len(model.findings_at(group)) == 4
    assert model.findings_at(model.index(2, 3, group))[0].message.startswith("/docs/2")
    assert model.counts()[Severity.ERROR] == 5  # every finding is counted


def test_severity_filter_keeps_the_tree_sound(qapp, qtmodeltester) -> None:
    model = _model()
    model.set_severities([Severity.NOTICE])
    qtmodeltester.check(model)
    assert {model.index(r, 0).data() for r in range(model.rowCount())} == {"notice"}
    model.set_severities(list(Severity))
    qtmodeltester.check(model)
    assert model.rowCount(QModelIndex()) == len(_top(model))
