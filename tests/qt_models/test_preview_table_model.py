"""The read-only preview table of the dialogs."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from sitemap_studio.qt_models.preview_table_model import PreviewRow, PreviewTableModel


def test_rows_headers_and_roles(qapp, qtmodeltester) -> None:
    model = PreviewTableModel(("Row", "Old", "New"), numeric=(0,))
    qtmodeltester.check(model)
    with_reset = []
    model.modelReset.connect(lambda: with_reset.append(model.rowCount()))
    model.set_rows([PreviewRow(("1", "a", "b")),
                    PreviewRow(("2", "c", "d"), "Refused: why", warning=True),
                    PreviewRow(("3", "e"))])  # short rows are padded
    assert with_reset == [3]
    qtmodeltester.check(model)
    assert (model.rowCount(), model.columnCount()) == (3, 3)
    assert model.rowCount(model.index(0, 0)) == 0 and model.columnCount(model.index(0, 0)) == 0
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Row", "Old", "New", None]
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    assert model.index(2, 2).data() == ""
    assert model.index(0, 1).data(Qt.ItemDataRole.ToolTipRole) == "a"
    assert model.index(2, 2).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole) == "Refused: why"
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.index(1, 2).data(Qt.ItemDataRole.ForegroundRole) is not None
    right = model.index(0, 0).data(Qt.ItemDataRole.TextAlignmentRole)
    left = model.index(0, 1).data(Qt.ItemDataRole.TextAlignmentRole)
    assert right & Qt.AlignmentFlag.AlignRight.value and left & Qt.AlignmentFlag.AlignLeft.value
    assert model.index(0, 0).data(Qt.ItemDataRole.EditRole) is None
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags
    assert model.preview_row(1).warning
    model.set_rows([])
    assert model.rowCount() == 0
    qtmodeltester.check(model)
