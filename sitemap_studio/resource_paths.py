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

import sys
from functools import cache
from pathlib import Path

#: Reverse-DNS application id: the desktop file, AppStream id, icon name and macOS bundle id.
APP_ID = "io.github.sitemapstudio.SitemapStudio"

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
