"""sitemap_studio.resource_paths finds resources/ in a source tree, a wheel and a frozen bundle."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from packaging_support import APP_ID, REPO_ROOT

import sitemap_studio
from sitemap_studio import resource_paths
from sitemap_studio.resource_paths import (
    MARKER,
    ResourcesNotFound,
    candidate_dirs,
    find_resources_dir,
)


def make_resources(folder: Path) -> Path:
    """A minimal genuine resources folder at ``folder``."""
    (folder / MARKER).parent.mkdir(parents=True)
    (folder / MARKER).write_text("<svg/>", "utf-8")
    return folder


def test_the_source_tree_resources_are_found() -> None:
    assert Path(sitemap_studio.__file__).resolve().parent.parent == REPO_ROOT, (
        "these tests expect the package from the source tree (editable install or cwd)"
    )
    assert resource_paths.resources_dir() == REPO_ROOT / "resources"
    icon = REPO_ROOT / "resources" / "icons" / "sitemap-studio.svg"
    assert resource_paths.app_icon_path() == icon
    assert resource_paths.example_project_path().is_file()
    assert resource_paths.resource("example", "sitemap-index.xml").is_file()


def test_the_app_id_is_the_reverse_dns_one() -> None:
    assert resource_paths.APP_ID == APP_ID


def test_wheel_layout_the_package_folder_wins(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "sitemap_studio"
    inside = make_resources(package / "resources")
    make_resources(tmp_path / "site-packages" / "resources")  # someone else's, further out
    assert find_resources_dir(candidate_dirs(package)) == inside


def test_source_layout_falls_back_to_the_folder_beside_the_package(tmp_path: Path) -> None:
    package = tmp_path / "repo" / "sitemap_studio"
    package.mkdir(parents=True)
    beside = make_resources(tmp_path / "repo" / "resources")
    assert find_resources_dir(candidate_dirs(package)) == beside


def test_frozen_layout_looks_under_meipass(tmp_path: Path) -> None:
    package = tmp_path / "elsewhere" / "sitemap_studio"
    package.mkdir(parents=True)
    meipass = tmp_path / "bundle" / "_internal"
    bundled = make_resources(meipass / "sitemap_studio" / "resources")
    candidates = candidate_dirs(package, frozen_root=str(meipass))
    assert candidates == [
        package / "resources",
        meipass / "sitemap_studio" / "resources",
        package.parent / "resources",
    ]
    assert find_resources_dir(candidates) == bundled


def test_frozen_bundle_with_the_package_inside_meipass_lists_each_folder_once(
    tmp_path: Path,
) -> None:
    meipass = tmp_path / "_internal"
    package = meipass / "sitemap_studio"
    assert candidate_dirs(package, frozen_root=str(meipass)) == [
        package / "resources",
        meipass / "resources",
    ]


def test_a_folder_without_the_marker_is_not_ours(tmp_path: Path) -> None:
    package = tmp_path / "sitemap_studio"
    (package / "resources" / "icons").mkdir(parents=True)
    beside = make_resources(tmp_path / "resources")
    assert find_resources_dir(candidate_dirs(package)) == beside


def test_nothing_found_names_every_place_looked_at(tmp_path: Path) -> None:
    candidates = candidate_dirs(tmp_path / "sitemap_studio", frozen_root=str(tmp_path / "mei"))
    with pytest.raises(ResourcesNotFound) as caught:
        find_resources_dir(candidates)
    assert isinstance(caught.value, FileNotFoundError)
    for path in candidates:
        assert str(path) in str(caught.value)


def test_resource_paths_does_not_import_qt() -> None:
    code = """
        import sys
        from sitemap_studio import resource_paths
        resource_paths.resources_dir()
        qt = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6")))
        assert not qt, qt
    """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
