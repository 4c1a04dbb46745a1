"""Where the bundled resources (the app icon, the example project) are, however we were installed.

The repository keeps them in a top-level ``resources/`` folder. Three layouts reach them:

- source tree or editable install: ``resources/`` beside the package folder;
- installed wheel: ``sitemap_studio/resources/`` inside the package (``pyproject.toml`` maps the
  top-level folder there);
- PyInstaller one-folder bundle: the spec copies them to ``sitemap_studio/resources/`` under
  ``sys._MEIPASS``, the same place relative to the package as in the wheel.

Never imports Qt, so the command-line interface can use it.
"""

from __future__ import annotations

import shutil
import sys
from functools import cache
from pathlib import Path

#: Reverse-DNS application id: the desktop file, AppStream id, icon name and macOS bundle id.
APP_ID = "io.github.sitemapstudio.SitemapStudio"

#: The folder a copy of the example project is made in, inside the folder the user chose.
EXAMPLE_COPY_NAME = "Sitemap Studio Example"
#: What the example's own export writes inside it; never copied.
EXAMPLE_EXPORT_DIR = "export"

#: A file every genuine resources folder has; a folder without it is not ours.
MARKER = Path("icons") / "sitemap-studio.svg"

_PACKAGE_DIR = Path(__file__).resolve().parent


class ResourcesNotFound(FileNotFoundError):
    """No folder with our resources was found; the message lists every place looked at."""


def candidate_dirs(package_dir: Path = _PACKAGE_DIR, frozen_root: str | None = None) -> list[Path]:
    """The folders that may hold the resources, most specific first, without repeats.

    Args:
        package_dir: the folder of the ``sitemap_studio`` package.
        frozen_root: ``sys._MEIPASS`` in a PyInstaller bundle, else ``None``.
    """
    found = [package_dir / "resources"]
    if frozen_root:
        found.append(Path(frozen_root) / "sitemap_studio" / "resources")
    found.append(package_dir.parent / "resources")
    unique: list[Path] = []
    for path in found:
        if path not in unique:
            unique.append(path)
    return unique


def find_resources_dir(candidates: list[Path]) -> Path:
    """The first of ``candidates`` that holds :data:`MARKER`.

    Raises:
        ResourcesNotFound: when none does.
    """
    for path in candidates:
        if (path / MARKER).is_file():
            return path
    looked = ", ".join(str(path) for path in candidates)
    raise ResourcesNotFound(f"Sitemap Studio's resources folder is missing (looked in: {looked})")


@cache
def resources_dir() -> Path:
    """The resources folder of this installation.

    Raises:
        ResourcesNotFound: when the installation has none (a broken install).
    """
    frozen_root = getattr(sys, "_MEIPASS", None) if getattr(sys, "frozen", False) else None
    return find_resources_dir(candidate_dirs(_PACKAGE_DIR, frozen_root))


def resource(*parts: str) -> Path:
    """A path inside the resources folder (it may not exist)."""
    return resources_dir().joinpath(*parts)


def app_icon_path() -> Path:
    """The scalable app icon (Qt loads SVG through its QtSvg plugins)."""
    return resources_dir() / MARKER


def example_project_path() -> Path:
    """The bundled example project."""
    return resource("example", "example.sitemapproj")


def copy_example_project(parent: Path, source: Path | None = None) -> Path:
    """Copy the example project into a new folder inside ``parent``; the copy's project file.

    The bundled example sits inside the installation (site-packages, an app bundle), where
    saving or exporting must not write. The new folder is :data:`EXAMPLE_COPY_NAME`, or that
    name with `` 2``, `` 3``... when taken: an earlier copy, perhaps edited, is never touched.

    Args:
        parent: an existing folder of the user's.
        source: the example folder (default: the bundled one).

    Raises:
        OSError: when the folder cannot be created or written (the partial copy is removed).
    """
    source = source or example_project_path().parent
    number = 1
    while True:
        name = EXAMPLE_COPY_NAME if number == 1 else f"{EXAMPLE_COPY_NAME} {number}"
        target = parent / name
        try:
            target.mkdir()
        except FileExistsError:
            number += 1
            continue
        break
    try:
        for path in sorted(source.iterdir()):
            if path.is_file():
                shutil.copyfile(path, target / path.name)
            elif path.is_dir() and path.name not in (EXAMPLE_EXPORT_DIR, "__pycache__"):
                shutil.copytree(path, target / path.name)
    except OSError:
        shutil.rmtree(target, ignore_errors=True)
        raise
    return target / example_project_path().name
