"""The findings table and the project tree."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.project.workspace import FileRole, Workspace, WorkspaceItem
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.qt_models.finding_groups_model import FindingGroupsModel
from sitemap_studio.qt_models.project_tree_model import ProjectTreeModel

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<urlset xmlns="{NS}"><url><loc>https://e.com/a</loc><priority>high</priority></url>'
        "<url><loc>https://e.com/b</loc><lastmod>2024-01</lastmod></url>"
        "<url><loc>https://e.com/a</loc></url></urlset>").encode()


def test_findings_model_filters_by_severity(qapp, qtmodeltester) -> None:
    doc = open_bytes(DATA)
    validator = validate_document(doc)
    model = FindingGroupsModel()
    model.set_findings(validator.findings(), lambda entry_id: doc.row_of(entry_id) + 1)
    qtmodeltester.check(model)
    rows = [[model.index(r, c).data() for c in range(5)] for r in range(model.rowCount())]
    assert ["error", "1", "1", "priority", "priority-not-decimal"] in rows
    assert ["warning", "3", "1", "loc", "loc-duplicate"] in rows
    assert any(row[0] == "notice" for row in rows)
    model.set_severities([Severity.ERROR])
    qtmodeltester.check(model)
    assert {model.index(r, 0).data() for r in range(model.rowCount())} == {"error"}
    assert model.counts()[Severity.NOTICE] == 1
    assert "Source:" in model.index(0, 5).data(Qt.ItemDataRole.ToolTipRole)


def test_project_tree_counts_and_badges(qapp, qtmodeltester) -> None:
    doc = open_bytes(DATA)
    validator = validate_document(doc)
    item = WorkspaceItem("/p/site.xml", FileRole.SITEMAP, None, doc)
    model = ProjectTreeModel(lambda it: validator if it is item else None)
    model.set_workspace(Workspace(None, [item]))
    qtmodeltester.check(model)
    assert [model.index(0, c).data() for c in range(4)] == ["site.xml", "3", "1", "1"]
    assert model.index(0, 0).data(Qt.ItemDataRole.DecorationRole) is not None
    assert "1 error" in model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_project_tree_grows_file_by_file_while_a_project_loads(qapp, qtmodeltester,
                                                                qtbot) -> None:
    from sitemap_studio.core.project.project_file import new_project

    project = new_project("/p/site.sitemapproj", "https://e.com/")
    model = ProjectTreeModel()
    model.set_workspace(Workspace(project, []))
    qtmodeltester.check(model)
    root = model.index(0, 0)
    assert root.data() == "site.sitemapproj" and model.rowCount(root) == 0
    for name in ("a.xml", "b.xml"):
        item = WorkspaceItem(f"/p/{name}", FileRole.SITEMAP, None, open_bytes(DATA))
        with qtbot.waitSignal(model.rowsInserted):
            model.add_item(item)
        qtmodeltester.check(model)
    assert [model.index(row, 0, root).data() for row in range(2)] == ["a.xml", "b.xml"]
    assert model.index(0, 1).data() == "6"  # the project row sums its files' entries
