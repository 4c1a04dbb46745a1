"""Build Sitemap Studio's one-folder app and, where the tools are there, its installer.

    python packaging/build.py [--dist DIR] [--work DIR] [--archive]

Steps, on any system:

1. render the icons from the SVG master (``make_icons.py``) into ``WORK/icons``;
2. run PyInstaller on ``sitemap-studio.spec``: ``DIST/sitemap-studio/`` (and on macOS
   ``DIST/Sitemap Studio.app``);
3. Linux: put the desktop integration files into ``DIST/sitemap-studio/share/`` (desktop file,
   AppStream metadata, MIME type, hicolor icons) and ``install-desktop-entry.sh`` into
   ``DIST/sitemap-studio/``; with ``--archive``, a ``.tar.gz`` of the folder;
   Windows: run Inno Setup's ``ISCC`` on ``windows/sitemap-studio.iss`` when it is on PATH.

The version is read from ``sitemap_studio/__init__.py`` and handed to PyInstaller's spec and to
Inno Setup; it is written nowhere else. Defaults: ``DIST=dist``, ``WORK=build`` in the repository.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

PACKAGING_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGING_DIR.parent
SPEC = PACKAGING_DIR / "sitemap-studio.spec"
ISS = PACKAGING_DIR / "windows" / "sitemap-studio.iss"
LINUX_DIR = PACKAGING_DIR / "linux"
APP_ID = "io.github.sitemapstudio.SitemapStudio"
NAME = "sitemap-studio"
INSTALL_SCRIPT = "install-desktop-entry.sh"

# make_icons.py lives beside this script.
sys.path.insert(0, str(PACKAGING_DIR))
import make_icons  # noqa: E402


def read_version() -> str:
    """``__version__`` from ``sitemap_studio/__init__.py``, without importing the package."""
    tree = ast.parse((REPO_ROOT / "sitemap_studio" / "__init__.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__version__" for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                return value
    raise SystemExit("build: sitemap_studio/__init__.py sets no __version__ string")


def log(message: str) -> None:
    """Say what the build is doing."""
    print(f"build: {message}", flush=True)


def run_pyinstaller(dist: Path, work: Path) -> Path:
    """Build the one-folder app; return its folder."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    command = [
        sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--log-level=WARN",
        "--distpath", str(dist), "--workpath", str(work / "pyinstaller"),
    ]  # fmt: skip
    log("running PyInstaller")
    subprocess.run(command, check=True, env=env, cwd=REPO_ROOT)
    return dist / NAME


def add_linux_share(app_dir: Path, icons_dir: Path) -> Path:
    """Copy the desktop integration files into ``app_dir/share`` in the freedesktop layout.

    Also puts ``install-desktop-entry.sh`` into ``app_dir``: it installs them for the user with
    the app's full path in the desktop entry.
    """
    share = app_dir / "share"
    placed = {
        LINUX_DIR / f"{APP_ID}.desktop": share / "applications" / f"{APP_ID}.desktop",
        LINUX_DIR / f"{APP_ID}.metainfo.xml": share / "metainfo" / f"{APP_ID}.metainfo.xml",
        LINUX_DIR / f"{APP_ID}.mime.xml": share / "mime" / "packages" / f"{APP_ID}.xml",
    }
    for source, target in placed.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    shutil.copytree(icons_dir / "hicolor", share / "icons" / "hicolor", dirs_exist_ok=True)
    installer = app_dir / INSTALL_SCRIPT
    shutil.copyfile(LINUX_DIR / INSTALL_SCRIPT, installer)
    installer.chmod(0o755)
    return share


def make_archive(app_dir: Path, version: str) -> Path:
    """``sitemap-studio-VERSION-linux-MACHINE.tar.gz`` beside the app folder."""
    machine = os.uname().machine if hasattr(os, "uname") else "unknown"
    archive = app_dir.parent / f"{NAME}-{version}-linux-{machine}.tar.gz"
    log(f"archiving into {archive.name}")
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(app_dir, arcname=f"{NAME}-{version}")
    return archive


def run_inno_setup(app_dir: Path, icons_dir: Path, dist: Path, version: str) -> Path | None:
    """Compile the Windows installer when ``ISCC`` is on PATH; return the installer or ``None``."""
    iscc = shutil.which("ISCC") or shutil.which("iscc")
    if iscc is None:
        log("ISCC (Inno Setup) is not on PATH: no installer, only the folder")
        return None
    command = [
        iscc, f"/DAppVersion={version}", f"/DDistDir={app_dir}",
        f"/DIconFile={icons_dir / 'sitemap-studio.ico'}", f"/DOutputDir={dist}", str(ISS),
    ]  # fmt: skip
    log("running Inno Setup")
    subprocess.run(command, check=True)
    return dist / f"{NAME}-{version}-setup.exe"


def build(dist: Path, work: Path, archive: bool = False) -> Path:
    """Run every step for this system; return the one-folder app."""
    version = read_version()
    log(f"Sitemap Studio {version}")
    icons_dir = work / "icons"
    make_icons.write_icons(icons_dir)
    log(f"icons in {icons_dir}")
    app_dir = run_pyinstaller(dist, work)
    if sys.platform.startswith("linux"):
        add_linux_share(app_dir, icons_dir)
        if archive:
            make_archive(app_dir, version)
    elif sys.platform == "win32":
        run_inno_setup(app_dir, icons_dir, dist, version)
    log(f"done: {app_dir}")
    return app_dir


def main(argv: list[str] | None = None) -> int:
    """Command line; see the module docstring."""
    parser = argparse.ArgumentParser(description="Build the Sitemap Studio app folder.")
    parser.add_argument("--dist", type=Path, default=REPO_ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=REPO_ROOT / "build", help="scratch folder")
    parser.add_argument("--archive", action="store_true", help="Linux: also make a .tar.gz")
    args = parser.parse_args(argv)
    build(args.dist.resolve(), args.work.resolve(), archive=args.archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
