"""The versions of the ``.sitemapproj`` format, and the steps that bring an older file up to date.

Each format after the first has one upgrade function in :data:`UPGRADES`, which
turns the data of the version before it into its own (each one is tested). A
file is upgraded in memory when it is read, step by step; saving writes the
current format. A file from a newer version is refused rather than half-read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.project.sections import invalid, is_int
from sitemap_studio.core.project.settings_values import shown

FORMAT_VERSION = 2


def _upgrade_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 to 2: the flat ``export_folder`` moves into a new ``export`` object.

    Format 1 had ``site_url``, ``sitemaps``, ``index`` and optionally
    ``export_folder``. Format 2 adds ``export`` and ``submission``, filled with
    the defaults of format 2.
    """
    upgraded = dict(data)
    folder = upgraded.pop("export_folder", "export")
    if not isinstance(folder, str):
        raise invalid("export_folder", f"must be a string, not {shown(folder)}")
    upgraded.setdefault(
        "export",
        {
            "output_folder": folder,
            "max_urls": 50_000,
            "max_bytes": 52_428_800,
            "gzip": True,
            "name_pattern": "sitemap-{n}.xml",
            "stylesheet": None,
            "index_lastmod": "newest",
            "index_name": "sitemap-index.xml",
        },
    )
    upgraded.setdefault(
        "submission",
        {
            "indexnow_key": None,
            "indexnow_key_location": None,
            "indexnow_endpoint": "https://api.indexnow.org/indexnow",
        },
    )
    upgraded["format_version"] = 2
    return upgraded


#: ``UPGRADES[v]`` turns the data of a format ``v`` file into format ``v + 1``.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_1_to_2}


def upgrade(data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """``data`` brought to :data:`FORMAT_VERSION`, and the format it had if that was older.

    Raises:
        ReadError: ``format_version`` is missing, not a whole number from 1, or
            newer than this version reads; or an upgrade step finds a bad value.
    """
    version = _format_version(data)
    if version >= FORMAT_VERSION:
        return data, None
    for step in range(version, FORMAT_VERSION):
        data = UPGRADES[step](data)
    return data, version


def _format_version(data: dict[str, Any]) -> int:
    if "format_version" not in data:
        raise invalid("format_version", "missing; this is not a Sitemap Studio project file")
    version = data["format_version"]
    if not is_int(version) or version < 1:
        raise invalid("format_version", f"must be a whole number from 1, not {shown(version)}")
    if version > FORMAT_VERSION:
        raise ReadError(
            f"made by a newer Sitemap Studio (format {version}); this version reads "
            f"up to {FORMAT_VERSION}",
            code="project-newer",
        )
    return int(version)


__all__ = ["FORMAT_VERSION", "UPGRADES", "upgrade"]
