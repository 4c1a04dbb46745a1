"""The sdist holds everything a distribution needs to build, install and test Sitemap Studio.

Built once per module from a copy of the source files, offline, through setuptools' own PEP 517
hook (``build_meta.build_sdist``: what any build front end calls, without needing one); the
wheel is then built from the sdist with ``pip wheel --no-build-isolation --no-index``, and a
few test modules run from the unpacked sdist against the package inside it.
"""

from __future__ import annotations

import email.parser
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging_support import APP_ID, REPO_ROOT, assert_ok, child_env, describe, run

from sitemap_studio import __version__

HOMEPAGE = "https://github.com/sitemapstudio/sitemap-studio"
#: What setuptools adds to every sdist, beside the source files.
GENERATED = {"PKG-INFO", "setup.cfg"}
#: Folders and files of a work tree that are never source (when there is no git to ask).
NOT_SOURCE = {
    ".git",
    ".venv",
    "build",
    "dist",
    "__pycache__",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "export",
    "out",
    "data",
    "node",
}
#: Test modules run from the unpacked sdist: its conftest, helpers, packaging files and docs.
TESTS_FROM_THE_SDIST = (
    "tests/core/test_example_project.py",
    "tests/core/validation/test_rules_doc.py",
    "tests/packaging/test_metadata.py",
    "tests/widgets/test_main_window.py::test_the_example_project_shows_files_badges_and_findings",
)

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Built:
    """The sdist, its member names (without the top folder), and the wheel built from it."""

    sdist: Path
    names: frozenset[str]
    unpacked: Path
    wheel: Path


def source_files() -> set[str]:
    """The project's source files, relative to its root: what git tracks, or (in an unpacked
    sdist) every file but the generated ones."""
    if (REPO_ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO_ROOT, capture_output=True, check=True,
        ).stdout.decode("utf-8")  # fmt: skip
        return {name for name in listed.split("\0") if name and (REPO_ROOT / name).is_file()}
    return {
        path.relative_to(REPO_ROOT).as_posix()
        for path in REPO_ROOT.rglob("*")
        if path.is_file()
        and not NOT_SOURCE & set(path.relative_to(REPO_ROOT).parts)
        and not path.name.endswith(".pyc")
        and ".egg-info" not in path.as_posix()
        and path.name not in GENERATED
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Build the sdist from a copy of the sources, then the wheel from the sdist."""
    root = tmp_path_factory.mktemp("sdist")
    source = root / "source"
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, source / name)
    env = child_env()
    hook = (
        "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    )
    result = run([sys.executable, "-c", hook, str(root / "dist")], cwd=source, env=env, timeout=300)
    assert_ok(result)
    sdist = root / "dist" / result.stdout.strip().splitlines()[-1]
    top = f"sitemap_studio-{__version__}/"
    with tarfile.open(sdist) as tar:
        members = tar.getnames()
        assert all(name == top.rstrip("/") or name.startswith(top) for name in members), members
        tar.extractall(root / "unpacked", filter="data")
    names = frozenset(m[len(top):] for m in members if m.startswith(top) and
                      not (root / "unpacked" / m).is_dir())  # fmt: skip
    wheelhouse = root / "wheelhouse"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    assert_ok(
        run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w",
             str(wheelhouse), str(sdist)], cwd=root, env=env, timeout=300)
    )  # fmt: skip
    (wheel,) = wheelhouse.glob("sitemap_studio-*.whl")
    return Built(sdist, names, root / "unpacked" / top.rstrip("/"), wheel)


def test_the_sdist_holds_every_source_file_and_nothing_else(built: Built) -> None:
    sources = source_files()
    missing = sorted(sources - built.names)
    assert not missing, f"missing from the sdist (see MANIFEST.in): {missing}"
    extra = sorted(n for n in built.names - sources
                   if n not in GENERATED and ".egg-info/" not in n)  # fmt: skip
    assert not extra, f"the sdist carries files that are no sources: {extra}"
    assert not [n for n in built.names if "__pycache__" in n or n.endswith(".pyc")]


def test_the_sdist_carries_the_desktop_integration_docs_and_whole_test_suite(built: Built) -> None:
    for name in (
        f"packaging/linux/{APP_ID}.desktop",
        f"packaging/linux/{APP_ID}.metainfo.xml",
        f"packaging/linux/{APP_ID}.mime.xml",
        "packaging/make_icons.py",
        "resources/icons/sitemap-studio.svg",
        "docs/rules.md",
        "docs/screenshot.png",
        "CHANGELOG.md",
        "tests/conftest.py",
        "tests/helpers/main_window.py",
    ):
        assert name in built.names, name
    test_dirs = {Path(n).parent.as_posix() for n in built.names
                 if n.startswith("tests/") and Path(n).name.startswith("test_")}  # fmt: skip
    assert len(test_dirs) > 5


def test_the_wheel_built_from_the_sdist_has_the_package_and_its_metadata(built: Built) -> None:
    with zipfile.ZipFile(built.wheel) as wheel:
        names = set(wheel.namelist())
        dist_info = f"sitemap_studio-{__version__}.dist-info"
        metadata = email.parser.Parser().parsestr(wheel.read(f"{dist_info}/METADATA").decode())
        entry_points = wheel.read(f"{dist_info}/entry_points.txt").decode()
    modules = {n for n in built.names if n.startswith("sitemap_studio/") and n.endswith(".py")}
    assert modules and not modules - names, sorted(modules - names)
    assert "sitemap_studio/resources/example/example.sitemapproj" in names
    urls = dict(value.split(", ", 1) for value in metadata.get_all("Project-URL") or [])
    assert urls["Homepage"] == urls["Repository"] == HOMEPAGE
    assert urls["Issues"] == f"{HOMEPAGE}/issues"
    assert "[console_scripts]\nsitemap-studio = sitemap_studio.__main__:main" in entry_points
    assert "[gui_scripts]\nsitemap-studio-gui = sitemap_studio.__main__:gui_main" in entry_points


def test_the_tests_run_from_the_unpacked_sdist(built: Built) -> None:
    env = child_env(QT_QPA_PLATFORM="offscreen")
    env.pop("PYTEST_ADDOPTS", None)
    probe = run([sys.executable, "-c", "import sitemap_studio; print(sitemap_studio.__file__)"],
                cwd=built.unpacked, env=env)  # fmt: skip
    assert_ok(probe)
    assert Path(probe.stdout.strip()).is_relative_to(built.unpacked), "imported another copy"
    result = run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *TESTS_FROM_THE_SDIST],
                 cwd=built.unpacked, env=env, timeout=300)  # fmt: skip
    assert result.returncode == 0, describe(result)
    assert " passed" in result.stdout and "error" not in result.stdout.lower(), describe(result)
