"""The PyInstaller one-folder app: built by packaging/build.py, it starts and finds its resources.

Built once per module into a temporary folder (about a minute on CI's machine; PyInstaller must
be installed: the ``packaging`` extra). Every run is from a folder outside the source tree, with
no PYTHONPATH, so nothing can come from the source tree.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from packaging_support import (
    APP_ID,
    COMMAND,
    REPO_ROOT,
    assert_gui_exited_cleanly,
    assert_ok,
    child_env,
    describe,
    run,
    xvfb_command,
)

from sitemap_studio import __version__

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]


class Bundle:
    """A built one-folder app."""

    def __init__(self, folder: Path, cwd: Path) -> None:
        self.folder = folder
        self.cwd = cwd
        self.executable = folder / (COMMAND + (".exe" if sys.platform == "win32" else ""))
        self.resources = folder / "_internal" / "sitemap_studio" / "resources"
        self.example_project = self.resources / "example" / "example.sitemapproj"

    def run(self, *args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
        """Run the app's executable from outside the source tree."""
        command = [str(self.executable), *args]
        return run(command, cwd=self.cwd, env=child_env(**env), timeout=timeout)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Bundle:
    """Build the app once for the module with the build script."""
    root = tmp_path_factory.mktemp("frozen")
    dist, work = root / "dist", root / "work"
    result = run(
        [sys.executable, str(REPO_ROOT / "packaging" / "build.py"), "--dist", str(dist),
         "--work", str(work)],
        cwd=REPO_ROOT,
        env=child_env(QT_QPA_PLATFORM="offscreen"),
        timeout=1100,
    )  # fmt: skip
    if "No module named PyInstaller" in result.stderr:
        pytest.fail("PyInstaller is missing: pip install -e '.[test,packaging]'", pytrace=False)
    assert result.returncode == 0, describe(result)
    cwd = root / "elsewhere"
    cwd.mkdir()
    return Bundle(dist / COMMAND, cwd)


def test_the_bundle_carries_the_resources(bundle: Bundle) -> None:
    assert bundle.executable.is_file()
    assert (bundle.resources / "icons" / "sitemap-studio.svg").is_file()
    assert bundle.example_project.is_file()
    assert not (bundle.resources / "example" / "export").exists()


def test_the_bundle_check_passes(bundle: Bundle) -> None:
    result = bundle.run(SITEMAP_STUDIO_BUNDLE_CHECK="1", QT_QPA_PLATFORM="offscreen")
    assert_ok(result)
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["bundle check"] == "ok", result.stdout
    assert lines["version"] == __version__
    assert lines["frozen"] == "True"
    assert Path(lines["resources"]) == bundle.resources
    assert lines["svg icon engine"] == "64x64", "Qt drew the SVG icon: its plugins are bundled"


def test_version(bundle: Bundle) -> None:
    result = bundle.run("--version")
    assert_ok(result)
    assert result.stdout.strip() == f"{COMMAND} {__version__}"


def test_info_reads_a_bundled_example_sitemap(bundle: Bundle) -> None:
    result = bundle.run("info", str(bundle.resources / "example" / "sitemap-index.xml"))
    assert_ok(result)
    assert "kind: sitemapindex" in result.stdout


def test_the_gui_starts_on_the_example_under_xvfb_and_quits(bundle: Bundle) -> None:
    command = xvfb_command(str(bundle.executable), str(bundle.example_project))
    # xcb explicitly: a missing xcb library must fail here, not fall back to offscreen.
    env = child_env(QT_QPA_PLATFORM="xcb", SITEMAP_STUDIO_EXIT_AFTER_MS="1000")
    result = run(command, cwd=bundle.cwd, env=env, timeout=60)
    assert_gui_exited_cleanly(result)


def test_the_linux_folder_has_the_desktop_integration(bundle: Bundle) -> None:
    share = bundle.folder / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (share / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    installer = bundle.folder / "install-desktop-entry.sh"
    assert installer.is_file() and installer.stat().st_mode & 0o111, "no runnable installer"
