"""Export every icon the packages need from the SVG master, resources/icons/sitemap-studio.svg.

Run ``python packaging/make_icons.py OUT_DIR`` (default ``build/icons``). It writes:

- ``hicolor/SIZExSIZE/apps/APP_ID.png`` for the freedesktop sizes, and
  ``hicolor/scalable/apps/APP_ID.svg`` (a copy of the master);
- ``sitemap-studio.ico`` (Windows): PNG images in an ICO container;
- ``sitemap-studio.icns`` (macOS): PNG images in an ICNS container.

Qt's QtSvg renders the master offscreen: no display is needed. Nothing this script writes is
committed; the build script and the tests run it into a folder of their own.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
MASTER_SVG = REPO_ROOT / "resources" / "icons" / "sitemap-studio.svg"
APP_ID = "io.github.sitemapstudio.SitemapStudio"
ICON_BASENAME = "sitemap-studio"

#: The sizes of the freedesktop hicolor theme we fill.
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
#: The images of the Windows icon (256 is the largest an ICO entry can state).
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
#: ICNS element types that hold a PNG, and the pixel size of each (the ``@2x`` ones included).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)  # fmt: skip

#: Holds the QGuiApplication this script creates, so that it lives as long as the process.
_KEEP_ALIVE: list[object] = []


# --- rendering ----------------------------------------------------------------------------------


def _ensure_gui_app() -> None:
    """Create a QGuiApplication unless one (or a QApplication) exists; offscreen by default."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        _KEEP_ALIVE.append(QGuiApplication(["make_icons"]))


def render_pngs(svg_path: Path, sizes: Iterable[int]) -> dict[int, bytes]:
    """Render ``svg_path`` as square PNG images, one per size; transparent around the artwork.

    Raises:
        ValueError: when Qt cannot read the SVG.
    """
    _ensure_gui_app()
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg_path))
    if not renderer.isValid():
        raise ValueError(f"{svg_path}: Qt cannot read this SVG")
    pngs: dict[int, bytes] = {}
    for size in sorted(set(sizes)):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise ValueError(f"Qt could not encode a {size}x{size} PNG")
        buffer.close()
        pngs[size] = bytes(data.data())
    return pngs


# --- containers ---------------------------------------------------------------------------------


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file holding each PNG as one image (the form Windows Vista and later read).

    Layout: a 6-byte header (reserved 0, type 1, count), then a 16-byte entry per image
    (width, height, colours, reserved, planes, bits per pixel, byte size, offset; a side of
    256 is stored as 0), then the PNG data.
    """
    sizes = sorted(pngs)
    if not sizes or sizes[-1] > 256:
        raise ValueError("an ICO holds images from 1 to 256 pixels wide")
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        side = size % 256  # 256 is written as 0
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICNS file with a PNG element for every type in :data:`ICNS_TYPES` whose size we have.

    Layout: ``icns`` and the total length (big-endian), then elements, each a four-letter type,
    its length including these 8 bytes, and the PNG data.
    """
    elements = [
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for kind, size in ICNS_TYPES
        if size in pngs
    ]
    if not elements:
        raise ValueError("no image of an ICNS size was given")
    body = b"".join(elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_ico(data: bytes) -> dict[int, bytes]:
    """The PNG images of an ICO file by side length (the inverse of :func:`ico_bytes`)."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if (reserved, kind) != (0, 1):
        raise ValueError("not an ICO file")
    images: dict[int, bytes] = {}
    for index in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        images[width or 256] = data[offset : offset + length]
    return images


def read_icns(data: bytes) -> dict[bytes, bytes]:
    """The elements of an ICNS file by type (the inverse of :func:`icns_bytes`)."""
    if data[:4] != b"icns" or struct.unpack_from(">I", data, 4)[0] != len(data):
        raise ValueError("not an ICNS file, or its length is wrong")
    elements: dict[bytes, bytes] = {}
    position = 8
    while position < len(data):
        if position + 8 > len(data):
            raise ValueError("ICNS data ends inside an element header: its length is wrong")
        kind = data[position : position + 4]
        (length,) = struct.unpack_from(">I", data, position + 4)
        if length < 8 or position + length > len(data):
            raise ValueError(f"ICNS element {kind!r} has a bad length")
        elements[kind] = data[position + 8 : position + length]
        position += length
    return elements


# --- writing ------------------------------------------------------------------------------------


def write_icons(out_dir: Path, svg_path: Path = MASTER_SVG) -> list[Path]:
    """Write the hicolor tree, the ICO and the ICNS into ``out_dir``; return the files written."""
    needed = {*HICOLOR_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)}
    pngs = render_pngs(svg_path, needed)
    written: list[Path] = []

    def put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)

    hicolor = out_dir / "hicolor"
    for size in HICOLOR_SIZES:
        put(hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png", pngs[size])
    scalable = hicolor / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg_path, scalable)
    written.append(scalable)
    put(out_dir / f"{ICON_BASENAME}.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    put(out_dir / f"{ICON_BASENAME}.icns", icns_bytes(pngs))
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: ``make_icons.py [OUT_DIR] [--svg MASTER]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=REPO_ROOT / "build" / "icons")
    parser.add_argument("--svg", type=Path, default=MASTER_SVG, help="the master SVG")
    args = parser.parse_args(argv)
    written = write_icons(args.out_dir, args.svg)
    print(f"make_icons: wrote {len(written)} files into {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
