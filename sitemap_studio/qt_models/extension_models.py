"""Small table models over one entry's extension values (images, videos, news, alternates).

Each model holds a tuple of frozen dataclass values (``Image``, ``Video``...)
and shows some of their fields as columns. An edit replaces one value with
:func:`dataclasses.replace`, so fields without a column (a video's prices,
tags, restriction...) survive untouched. The model then emits
:attr:`ExtensionListModel.items_edited` with the whole new tuple; whoever owns
the entry (the detail pane) turns that into a new ``Entry`` for the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor

from sitemap_studio.core.model import Alternate, Image, News, Video
from sitemap_studio.core.validation import check_hreflang_value

ModelIndex = QModelIndex | QPersistentModelIndex

#: A check of one cell's text: a message saying what is wrong, or ``None``.
CellCheck = Callable[[str], str | None]

#: Colour of the text of a cell whose check found a problem.
PROBLEM_COLOUR = QColor("#c62828")


@dataclass(frozen=True, slots=True)
class Column:
    """One editable column: the dataclass field it shows and its header."""

    field: str
    title: str


IMAGE_COLUMNS = (Column("loc", "Location"), Column("caption", "Caption"),
                 Column("title", "Title"), Column("geo_location", "Geo location"),
                 Column("license", "License"))
VIDEO_COLUMNS = (Column("thumbnail_loc", "Thumbnail"), Column("title", "Title"),
                 Column("description", "Description"), Column("content_loc", "Content"),
                 Column("player_loc", "Player"), Column("duration", "Duration"),
                 Column("publication_date", "Published"),
                 Column("family_friendly", "Family friendly"))
NEWS_COLUMNS = (Column("publication_name", "Publication"),
                Column("publication_language", "Language"),
                Column("publication_date", "Published"), Column("title", "Title"))
ALTERNATE_COLUMNS = (Column("rel", "rel"), Column("hreflang", "hreflang"),
                     Column("href", "href"))


class ExtensionListModel(QAbstractTableModel):
    """Rows are the values of one extension of one entry; columns their common fields.

    Args:
        factory: makes a new, empty value for :meth:`add_item` (``Image``, or
            ``lambda: Alternate(rel="alternate")``).
        columns: the fields shown and editable.
        checks: per field name, a check whose message colours the cell and
            becomes its tooltip (hreflang values, for instance).
    """

    #: The whole new tuple of values after an edit, an insert, a removal or a move.
    items_edited = Signal(tuple)

    def __init__(self, factory: Callable[[], Any], columns: Sequence[Column],
                 checks: dict[str, CellCheck] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self.columns = tuple(columns)
        self._checks = dict(checks or {})
        self._items: tuple[Any, ...] = ()
        self.editable = True

    # --- contents ------------------------------------------------------------------------------

    def items(self) -> tuple[Any, ...]:
        """The values shown, in order."""
        return self._items

    def set_items(self, items: Sequence[Any], editable: bool = True) -> None:
        """Show ``items`` (a reset; does not emit :attr:`items_edited`)."""
        self.beginResetModel()
        self._items = tuple(items)
        self.editable = editable
        self.endResetModel()

    def add_item(self, row: int | None = None) -> int:
        """Insert a new empty value at ``row`` (default: at the end); return its row."""
        row = len(self._items) if row is None else max(0, min(row, len(self._items)))
        self.beginInsertRows(QModelIndex(), row, row)
        self._items = (*self._items[:row], self._factory(), *self._items[row:])
        self.endInsertRows()
        self.items_edited.emit(self._items)
        return row

    def remove_item(self, row: int) -> bool:
        """Remove the value at ``row``; ``False`` when there is none."""
        if not 0 <= row < len(self._items):
            return False
        self.beginRemoveRows(QModelIndex(), row, row)
        self._items = self._items[:row] + self._items[row + 1:]
        self.endRemoveRows()
        self.items_edited.emit(self._items)
        return True

    def move_item(self, row: int, delta: int) -> int | None:
        """Move the value at ``row`` by ``delta`` (-1 up, +1 down); return its new row."""
        target = row + delta
        if not (0 <= row < len(self._items) and 0 <= target < len(self._items)) or delta == 0:
            return None
        # beginMoveRows names the row *before which* the moved row lands, in the old numbering.
        destination = target + 1 if delta > 0 else target
        self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), destination)
        items = list(self._items)
        items.insert(target, items.pop(row))
        self._items = tuple(items)
        self.endMoveRows()
        self.items_edited.emit(self._items)
        return target

    def problem(self, row: int, column: int) -> str | None:
        """What the check of that cell says, or ``None`` (also when the cell has no check)."""
        check = self._checks.get(self.columns[column].field)
        if check is None:
            return None
        value = getattr(self._items[row], self.columns[column].field)
        return check("" if value is None else value)

    # --- Qt model interface ----------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of values (overrides ``QAbstractItemModel.rowCount``)."""
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Number of columns (overrides ``QAbstractItemModel.columnCount``)."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Field titles and row numbers (overrides ``QAbstractItemModel.headerData``)."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.columns[section].title if 0 <= section < len(self.columns) else None
        return str(section + 1)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Cells are editable unless the model is read-only (overrides ``flags``)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
        if self.editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Field texts, and problems as colour and tooltip (overrides ``data``)."""
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            value = getattr(self._items[row], self.columns[column].field)
            return "" if value is None else value
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.problem(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(PROBLEM_COLOUR) if self.problem(row, column) else None
        return None

    def setData(self, index: ModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Replace one field of one value; an empty text removes the field (overrides
        ``setData``)."""
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or not self.editable:
            return False
        if value is not None and not isinstance(value, str):
            return False
        row, name = index.row(), self.columns[index.column()].field
        new_value = value or None
        if getattr(self._items[row], name) == new_value:
            return True
        item = self._items[row]
        changes: dict[str, Any] = {name: new_value}
        padded = getattr(item, "padded", None)
        if padded:  # a read-time note about the old text; the new value was not read
            changes["padded"] = tuple(note for note in padded if note[0] != name)
        changed = replace(item, **changes)
        self._items = (*self._items[:row], changed, *self._items[row + 1:])
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole,
                                             Qt.ItemDataRole.EditRole,
                                             Qt.ItemDataRole.ToolTipRole,
                                             Qt.ItemDataRole.ForegroundRole])
        self.items_edited.emit(self._items)
        return True


def image_model(parent: QObject | None = None) -> ExtensionListModel:
    """A model over an entry's images."""
    return ExtensionListModel(Image, IMAGE_COLUMNS, parent=parent)


def video_model(parent: QObject | None = None) -> ExtensionListModel:
    """A model over an entry's videos (the less common fields are kept, not shown)."""
    return ExtensionListModel(Video, VIDEO_COLUMNS, parent=parent)


def news_model(parent: QObject | None = None) -> ExtensionListModel:
    """A model over an entry's news items."""
    return ExtensionListModel(News, NEWS_COLUMNS, parent=parent)


def hreflang_problem(text: str) -> str | None:
    """What is wrong with an hreflang value (with the likely correction), or ``None``."""
    problem = check_hreflang_value(text)
    if problem is None:
        return None
    if problem.suggestion and problem.suggestion not in problem.message:
        return f"{problem.message} (did you mean '{problem.suggestion}'?)"
    return problem.message


def alternate_model(parent: QObject | None = None) -> ExtensionListModel:
    """A model over an entry's alternates, hreflang checked; new ones are ``rel="alternate"``."""
    return ExtensionListModel(lambda: Alternate(rel="alternate"), ALTERNATE_COLUMNS,
                              {"hreflang": hreflang_problem}, parent=parent)
