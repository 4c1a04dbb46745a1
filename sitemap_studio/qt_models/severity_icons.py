"""Icons and colours for finding severities, drawn once (no image files needed)."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QGuiApplication,
    QIcon,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)

from sitemap_studio.core.model import Severity

#: Strong colours for icons and badges, light ones for cell backgrounds.
COLOURS = {Severity.ERROR: "#c62828", Severity.WARNING: "#e08b00", Severity.NOTICE: "#1e6fbf"}
BACKGROUNDS = {Severity.ERROR: "#fde8e8", Severity.WARNING: "#fff4dc",
               Severity.NOTICE: "#e8f1fb"}
#: Text colours (contrast 4.5:1 or more on their base): the icons' amber is too light on
#: white, and every strong colour too dim on a dark base.
LIGHT_TEXT = {Severity.ERROR: "#b71c1c", Severity.WARNING: "#8a5300",
              Severity.NOTICE: "#1559a0"}
DARK_TEXT = {Severity.ERROR: "#ff8a80", Severity.WARNING: "#ffc04d",
             Severity.NOTICE: "#8ab4f8"}
_SIZE = 16


@cache
def severity_icon(severity: Severity) -> QIcon:
    """A small icon: a red disc with '!', an amber triangle with '!', a blue disc with 'i'."""
    pixmap = QPixmap(_SIZE, _SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(COLOURS[severity])
    painter.setPen(QPen(colour.darker(130), 1))
    painter.setBrush(QBrush(colour))
    if severity == Severity.WARNING:
        painter.drawPolygon(QPolygonF([QPointF(8, 1), QPointF(15, 14.5), QPointF(1, 14.5)]))
        mark = "!"
    else:
        painter.drawEllipse(QRectF(1, 1, 14, 14))
        mark = "!" if severity == Severity.ERROR else "i"
    font = QFont()
    font.setBold(True)
    font.setPixelSize(11)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 2 if severity == Severity.WARNING else 0, _SIZE, _SIZE),
                     int(Qt.AlignmentFlag.AlignCenter), mark)
    painter.end()
    return QIcon(pixmap)


def severity_colour(severity: Severity) -> QColor:
    """The colour of ``severity``'s text on the application's base colour (light or dark)."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return _text_colour(severity, base.lightness() < 128)


@cache
def _text_colour(severity: Severity, dark: bool) -> QColor:
    return QColor(DARK_TEXT[severity] if dark else LIGHT_TEXT[severity])


@cache
def severity_background(severity: Severity) -> QColor:
    """The light background colour of ``severity``."""
    return QColor(BACKGROUNDS[severity])
