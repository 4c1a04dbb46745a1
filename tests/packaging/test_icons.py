"""packaging/make_icons.py: every exported icon comes from the SVG master, in the right sizes.

Qt's own image readers (its ICO and ICNS plugins) read the containers back, so the struct code
is checked by an independent reader, not only by its own inverse.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from packaging_support import APP_ID, REPO_ROOT, load_packaging_script
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QImageReader
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

make_icons = load_packaging_script("make_icons")
MASTER = REPO_ROOT / "resources" / "icons" / "sitemap-studio.svg"


@pytest.fixture(scope="module")
def icons_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every icon, written once for the module into a temporary folder."""
    # The QApplication first, so that make_icons does not create a bare QGuiApplication.
    assert QApplication.instance() or QApplication([])
    out = tmp_path_factory.mktemp("icons")
    make_icons.write_icons(out)
    return out


def png_image(data: bytes) -> QImage:
    """Decode PNG bytes; a failure when they are no PNG."""
    image = QImage.fromData(data, "PNG")
    assert not image.isNull(), "not a PNG Qt can read"
    return image


def assert_is_the_artwork(image: QImage, size: int) -> None:
    """Square, transparent in the rounded corner, opaque in the middle."""
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()
    assert image.pixelColor(0, 0).alpha() == 0, "the corner outside the rounded tile is transparent"
    assert image.pixelColor(size // 2, size // 2).alpha() == 255


def test_the_master_svg_is_valid_for_qt(qapp: QApplication) -> None:
    renderer = QSvgRenderer(str(MASTER))
    assert renderer.isValid()
    assert renderer.defaultSize().width() == renderer.defaultSize().height()


def test_the_master_svg_uses_no_features_qt_skips(qapp: QApplication) -> None:
    # QtSvg renders SVG Tiny 1.2: filters, masks, CSS and text would be dropped or vary.
    text = MASTER.read_text("utf-8")
    for feature in ("<filter", "<mask", "<style", "<text", "<image", "<foreignObject"):
        assert feature not in text, f"{MASTER.name} uses {feature}"


@pytest.mark.parametrize("size", make_icons.HICOLOR_SIZES)
def test_hicolor_png_sizes(icons_dir: Path, size: int) -> None:
    path = icons_dir / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    image = QImage(str(path))
    assert not image.isNull(), path
    assert_is_the_artwork(image, size)


def test_hicolor_has_the_required_sizes_and_the_scalable_master(icons_dir: Path) -> None:
    assert make_icons.HICOLOR_SIZES == (16, 22, 24, 32, 48, 64, 128, 256, 512)
    scalable = icons_dir / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert scalable.read_bytes() == MASTER.read_bytes()


def test_the_ico_holds_every_size_as_png(icons_dir: Path) -> None:
    data = (icons_dir / "sitemap-studio.ico").read_bytes()
    images = make_icons.read_ico(data)
    assert sorted(images) == sorted(make_icons.ICO_SIZES)
    for size, png in images.items():
        assert_is_the_artwork(png_image(png), size)
    # The 256 entry states its size as 0, as the format requires.
    last_entry = 6 + 16 * (len(images) - 1)
    assert data[last_entry : last_entry + 2] == b"\x00\x00"


def test_qt_reads_the_ico(icons_dir: Path) -> None:
    reader = QImageReader(str(icons_dir / "sitemap-studio.ico"))
    assert reader.format().data() == b"ico"
    assert reader.imageCount() == len(make_icons.ICO_SIZES)
    sizes = []
    for index in range(reader.imageCount()):
        assert reader.jumpToImage(index)
        image = reader.read()
        assert not image.isNull(), reader.errorString()
        sizes.append(image.width())
    assert sorted(sizes) == sorted(make_icons.ICO_SIZES)


def test_the_icns_holds_every_type_at_its_size(icons_dir: Path) -> None:
    data = (icons_dir / "sitemap-studio.icns").read_bytes()
    elements = make_icons.read_icns(data)
    assert list(elements) == [kind for kind, _ in make_icons.ICNS_TYPES]
    for kind, size in make_icons.ICNS_TYPES:
        assert_is_the_artwork(png_image(elements[kind]), size)


def test_qt_reads_the_icns(icons_dir: Path) -> None:
    image = QImage(str(icons_dir / "sitemap-studio.icns"))
    assert not image.isNull()
    assert image.width() in {size for _, size in make_icons.ICNS_TYPES}


def test_containers_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(ValueError, match="256"):
        make_icons.ico_bytes({512: b""})
    with pytest.raises(ValueError, match="ICNS"):
        make_icons.icns_bytes({17: b""})
    with pytest.raises(ValueError, match="not an ICO"):
        make_icons.read_ico(b"\x00\x00\x02\x00\x00\x00")
    with pytest.raises(ValueError, match="length"):
        make_icons.read_icns(b"icns\x00\x00\x00\x09x")


def test_the_pngs_are_rendered_not_blank(qapp: QApplication) -> None:
    pngs = make_icons.render_pngs(MASTER, [48])
    image = png_image(pngs[48])
    colours = {image.pixelColor(x, y).rgba() for x in range(0, 48, 3) for y in range(0, 48, 3)}
    assert len(colours) > 3, "the icon is more than a flat tile"
    assert image.pixelColor(24, 24) != Qt.GlobalColor.transparent


def test_the_script_runs_on_its_own(tmp_path: Path) -> None:
    import subprocess
    import sys

    from packaging_support import child_env, describe

    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "packaging" / "make_icons.py"), str(tmp_path)],
        cwd=tmp_path,
        env=child_env(QT_QPA_PLATFORM="offscreen"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, describe(result)
    assert (tmp_path / "sitemap-studio.icns").is_file()
    assert (tmp_path / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png").is_file()
