"""The export's result table can be read at the dialog's smallest size."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sitemap_studio.core.export.report import ExportedFile
from sitemap_studio.dialogs.export_report_view import ExportReportView


def test_every_column_is_wide_enough_at_the_smallest_dialog_size(qtbot) -> None:
    view = ExportReportView()
    qtbot.addWidget(view)
    view.resize(682, 420)  # the report tab of the dialog at its minimum size
    files = [ExportedFile(f"www.a-rather-long-shop-host-name.example.com/sitemap-{n}.xml.gz",
                          50_000, 1_048_576_000 + n, 123_456_789 + n) for n in range(1, 401)]
    view.result_model.set_records(files)
    view.show()
    qtbot.waitExposed(view)
    table = view.result_view
    header = table.horizontalHeader()
    for column in (1, 2, 3):  # numbers are never cut
        assert table.columnWidth(column) >= table.sizeHintForColumn(column)
        assert table.columnWidth(column) >= header.sectionSizeHint(column)
    assert table.columnWidth(0) >= 0.6 * table.viewport().width()  # the name has the room
    assert table.horizontalScrollBar().maximum() == 0  # nothing hidden to the right
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle  # "...sitemap-12.xml.gz"
    first = table.model().index(0, 0)
    assert first.data(Qt.ItemDataRole.ToolTipRole) == files[0].name
