"""The window keeps its state: column layouts per kind of file, columns per kind, totals."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.main_window import make_window, open_and_wait, urlset, wait_editable
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from sitemap_studio.qt_models.entry_table_model import AUDIT_COLUMN, COLUMNS

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example" / "example.sitemapproj"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _visible_titles(window) -> list[str]:
    header = window.entry_table.view.horizontalHeader()
    order = sorted((header.visualIndex(c), c) for c in range(header.count())
                   if not header.isSectionHidden(c))
    return [COLUMNS[column] for _visual, column in order]


def _show(qtbot, window, name: str) -> None:
    tree = window.project_model
    project = tree.index(0, 0)
    for row in range(tree.rowCount(project)):
        index = tree.index(row, 0, project)
        if tree.item(index).name == name:
            window.project_view.setCurrentIndex(index)
            wait_editable(qtbot, window)
            return
    raise AssertionError(f"{name} is not in the tree")


def _write_project(folder: Path) -> Path:
    """A project of two urlsets (one with errors) and an index of them."""
    pages = [f"https://shop.example.com/page-{n}" for n in range(30)]
    (folder / "pages.xml").write_text(urlset(*pages, extra="<priority>0.5</priority>"),
                                      encoding="utf-8")
    bad = urlset("https://shop.example.com/blog/a", "https://other.example.org/x",
                 extra="<lastmod>2024-13-45</lastmod>")
    (folder / "blog.xml").write_text(bad, encoding="utf-8")
    (folder / "index.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
        "  <sitemap><loc>https://shop.example.com/pages.xml</loc></sitemap>\n"
        "  <sitemap><loc>https://shop.example.com/blog.xml</loc></sitemap>\n</sitemapindex>\n",
        encoding="utf-8")
    project = folder / "shop.sitemapproj"
    project.write_text(
        '{"format_version": 2, "site_url": "https://shop.example.com/", "sitemaps": ['
        '{"path": "pages.xml", "url": "https://shop.example.com/pages.xml"},'
        '{"path": "blog.xml", "url": "https://shop.example.com/blog.xml"}],'
        '"index": {"path": "index.xml", "url": "https://shop.example.com/index.xml"}}',
        encoding="utf-8")
    return project


def test_widths_order_and_sort_persist_per_kind_of_file(qtbot, tmp_path, monkeypatch) -> None:
    project = _write_project(tmp_path)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    _show(qtbot, window, "pages.xml")
    view = window.entry_table.view
    header = view.horizontalHeader()
    header.resizeSection(0, 301)
    header.resizeSection(1, 203)
    header.moveSection(header.visualIndex(3), 1)  # priority dragged next to the location
    x = header.sectionViewportPosition(0) + 20
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    first = window.entry_table.proxy.index(0, 0).data()
    assert first == "https://shop.example.com/page-9"  # descending by location
    _show(qtbot, window, "index.xml")
    _show(qtbot, window, "blog.xml")
    assert (header.sectionSize(0), header.sectionSize(1)) == (301, 203)
    assert _visible_titles(window)[:3] == ["Location", "Priority", "Last modified"]
    assert header.sortIndicatorSection() == 0
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    assert window.entry_table.proxy.index(0, 0).data() == "https://shop.example.com/blog/a"
    window.close()

    again, _ = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, again, tmp_path / "pages.xml")
    header = again.entry_table.view.horizontalHeader()
    assert (header.sectionSize(0), header.sectionSize(1)) == (301, 203)
    assert _visible_titles(again)[:2] == ["Location", "Priority"]
    assert again.entry_table.proxy.index(0, 0).data() == "https://shop.example.com/page-9"


def test_a_new_kind_of_file_gets_widths_that_fit_its_content(qtbot, tmp_path,
                                                             monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    window.resize(1366, 740)
    path = tmp_path / "site.xml"
    stamp = "2024-03-01T08:00:00-05:00"
    locs = [f"https://example.com/products/item-{n:04d}" for n in range(200)]
    path.write_text(urlset(*locs, extra=f"<lastmod>{stamp}</lastmod>"
                           "<changefreq>monthly</changefreq>"), encoding="utf-8")
    open_and_wait(qtbot, window, path)
    view = window.entry_table.view
    header = view.horizontalHeader()
    metrics = view.fontMetrics()
    assert header.sectionSize(0) > metrics.horizontalAdvance(locs[-1])
    assert header.sectionSize(1) > metrics.horizontalAdvance(stamp)
    for column, title in enumerate(COLUMNS[:AUDIT_COLUMN]):  # every title can be read
        assert header.sectionSize(column) > header.fontMetrics().horizontalAdvance(title)
    # The audit's columns wait for an audit.
    assert all(header.isSectionHidden(c) for c in range(AUDIT_COLUMN, len(COLUMNS)))


def test_the_columns_follow_the_kind_of_document(qtbot, tmp_path, monkeypatch) -> None:
    project = _write_project(tmp_path)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    _show(qtbot, window, "index.xml")
    assert _visible_titles(window) == ["Location", "Last modified"]
    _show(qtbot, window, "pages.xml")
    assert _visible_titles(window) == list(COLUMNS[:AUDIT_COLUMN])  # no audit yet
    text = tmp_path / "urls.txt"
    text.write_text("https://example.com/a\nhttps://example.com/b\n", encoding="utf-8")
    open_and_wait(qtbot, window, text)
    assert _visible_titles(window) == ["Location"]
    proxy = window.entry_table.proxy
    assert proxy.index(0, 0).flags() & Qt.ItemFlag.ItemIsEditable


def test_project_totals_follow_loading_and_edits(qtbot, tmp_path, monkeypatch,
                                                 qtmodeltester) -> None:
    project = _write_project(tmp_path)
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    open_and_wait(qtbot, window, project)
    tree = window.project_model
    root = tree.index(0, 0)

    def totals_match() -> None:
        for column in (1, 2, 3):
            children = [int(tree.index(r, column, root).data().replace(",", ""))
                        for r in range(tree.rowCount(root))]
            assert tree.index(0, column).data() == f"{sum(children):,}"

    qtbot.waitUntil(totals_match, timeout=15000)
    assert tree.index(0, 1).data() == "34"  # 30 + 2 entries + 2 in the index
    errors_before = int(tree.index(0, 2).data())
    assert errors_before > 0
    assert tree.index(0, 0).data(Qt.ItemDataRole.DecorationRole) is not None
    qtmodeltester.check(tree)

    _show(qtbot, window, "blog.xml")
    window.entry_table.select_entry(window.current.document.id_at(0))
    window.window_actions.delete.trigger()
    wait_editable(qtbot, window)
    qtbot.waitUntil(lambda: tree.index(0, 1).data() == "33", timeout=15000)
    qtbot.waitUntil(totals_match, timeout=15000)
    assert int(tree.index(0, 2).data()) < errors_before
    window.window_actions.undo.trigger()
    qtbot.waitUntil(lambda: tree.index(0, 2).data() == str(errors_before), timeout=15000)
    qtmodeltester.check(tree)


def test_a_geometry_saved_at_twice_the_screen_comes_back_on_screen(qtbot, tmp_path,
                                                                   monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    available = window.screen().availableGeometry()
    assert available.contains(window.frameGeometry())  # a first start fits a small screen
    window.resize(available.width() * 2, available.height() * 2)  # as a 2x scale would
    window.move(available.width() // 2, 40)
    window.close()
    again, _ = make_window(qtbot, tmp_path, monkeypatch)
    assert available.contains(again.frameGeometry())
    assert again.width() > available.width() // 2


def test_the_layout_fits_a_1366_screen_and_the_detail_pane_folds(qtbot, tmp_path,
                                                                monkeypatch) -> None:
    window, _answers = make_window(qtbot, tmp_path, monkeypatch)
    window.resize(1366, 740)
    open_and_wait(qtbot, window, EXAMPLE)
    _show(qtbot, window, "sitemap-pages.xml")
    view = window.entry_table.view
    assert window.main_splitter.sizes()[2] == 0  # no entry: no detail pane
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() == 0)
    header = view.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(len(COLUMNS))) <= view.viewport().width()
    assert window.minimumSizeHint().width() <= 1366
    document = window.current.document
    with_images = next(e.id for e in document.entries() if e.images)
    plain = next(e.id for e in document.entries() if not any(e.extension_counts))
    window.entry_table.select_entry(with_images)
    assert window.main_splitter.sizes()[2] > 200
    assert window.detail_pane.sections["images"].model.rowCount() > 0
    window.entry_table.select_entry(plain)
    assert window.main_splitter.sizes()[2] == 0
    # Dragged open by the user, it stays open.
    window.main_splitter.moveSplitter(window.main_splitter.width() - 300, 2)
    window.entry_table.select_entry(with_images)
    window.entry_table.select_entry(plain)
    assert window.main_splitter.sizes()[2] > 200


def _contrast(first: QColor, second: QColor) -> float:
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
                + 0.0722 * channel(colour.blueF()))
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("base", ["#ffffff", "#1e1e1e"])
def test_findings_are_legible_in_light_and_dark_palettes(qtbot, tmp_path, monkeypatch,
                                                         base) -> None:
    app = QApplication.instance()
    original = app.palette()
    palette = QPalette(original)
    dark = QColor(base).lightness() < 128
    for role, colour in ((QPalette.ColorRole.Base, base),
                         (QPalette.ColorRole.AlternateBase, "#262626" if dark else "#f5f5f5"),
                         (QPalette.ColorRole.Text, "#e6e6e6" if dark else "#000000")):
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    try:
        window, _answers = make_window(qtbot, tmp_path, monkeypatch)
        open_and_wait(qtbot, window, EXAMPLE)
        _show(qtbot, window, "sitemap-pages.xml")
        proxy = window.entry_table.proxy
        marked = [proxy.index(r, c) for r in range(proxy.rowCount()) for c in range(4)
                  if proxy.index(r, c).data(Qt.ItemDataRole.BackgroundRole) is not None]
        assert marked
        for index in marked:
            foreground = index.data(Qt.ItemDataRole.ForegroundRole)
            background = index.data(Qt.ItemDataRole.BackgroundRole)
            assert _contrast(QColor(foreground), QColor(background)) >= 4.5
        findings = window.issues_panel.model
        assert findings.rowCount() > 0
        for row in range(findings.rowCount()):
            colour = findings.index(row, 0).data(Qt.ItemDataRole.ForegroundRole)
            assert _contrast(QColor(colour), QColor(base)) >= 4.5, colour.name()
    finally:
        app.setPalette(original)
