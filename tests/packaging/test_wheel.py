"""The wheel, installed outside the source tree, starts and finds its resources.

Built once per module from a copy of the source (so nothing lands in the work tree), offline:
``pip wheel --no-build-isolation --no-index`` with the setuptools of the test environment (the
``packaging`` extra pins it). The fresh virtual environment gets the wheel with ``--no-deps``,
and a ``.pth`` file that points at the folders holding this environment's PySide6 and lxml:
dependencies without a download, while ``sitemap_studio`` can only come from the wheel.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging_support import (
    COMMAND,
    REPO_ROOT,
    assert_gui_exited_cleanly,
    assert_ok,
    child_env,
    run,
)

from sitemap_studio import __version__

#: What a wheel is built from.
SOURCE_ITEMS = ("sitemap_studio", "resources", "pyproject.toml", "README.md", "LICENSE")
#: Resources never shipped: what the example project's own export writes.
UNSHIPPED_RESOURCES = ("example/export",)
DEPENDENCIES = ("PySide6", "shiboken6", "lxml")

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    """A fresh virtual environment with the wheel installed."""

    wheel: Path
    python: Path
    scripts: Path
    purelib: Path
    cwd: Path  # an empty folder outside the source tree

    @property
    def command(self) -> str:
        """The installed console script."""
        return str(self.scripts / (COMMAND + (".exe" if sys.platform == "win32" else "")))

    @property
    def package(self) -> Path:
        return self.purelib / "sitemap_studio"


def shipped_resources() -> list[str]:
    """Every resource file, relative to ``resources/``, that the wheel must carry."""
    root = REPO_ROOT / "resources"
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and not any(path.relative_to(root).as_posix().startswith(s) for s in UNSHIPPED_RESOURCES)
    )


def dependency_dirs() -> list[str]:
    """The folders this interpreter imports the runtime dependencies from."""
    found: list[str] = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed here"
        folder = str(Path(spec.origin).resolve().parent.parent)
        if folder not in found:
            found.append(folder)
    return found


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Build the wheel and install it into a new virtual environment; once per module."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCE_ITEMS:
        item = REPO_ROOT / name
        if item.is_dir():
            shutil.copytree(item, source / name, ignore=ignore)
        else:
            shutil.copy2(item, source / name)
    wheelhouse = root / "wheelhouse"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    env = child_env()
    assert_ok(
        run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w",
             str(wheelhouse), str(source)], cwd=root, env=env, timeout=300)
    )  # fmt: skip
    (wheel,) = wheelhouse.glob("sitemap_studio-*.whl")

    venv = root / "venv"
    assert_ok(run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=root, env=env))
    bindir = "Scripts" if sys.platform == "win32" else "bin"
    python = venv / bindir / ("python.exe" if sys.platform == "win32" else "python")
    assert_ok(
        run([*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
            cwd=root, env=env, timeout=300)
    )  # fmt: skip
    paths = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        cwd=root,
        env=env,
    )
    assert_ok(paths)
    purelib = Path(paths.stdout.strip())
    (purelib / "_sitemap_studio_test_dependencies.pth").write_text(
        "\n".join(dependency_dirs()) + "\n", "utf-8"
    )
    cwd = root / "elsewhere"
    cwd.mkdir()
    return Installed(wheel, python, venv / bindir, purelib, cwd)


def run_installed(installed: Installed, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the installed console script from outside the source tree."""
    return run(
        [installed.command, *args],
        cwd=installed.cwd,
        env=child_env(QT_QPA_PLATFORM="offscreen", **env),
    )


# --- what the wheel holds -----------------------------------------------------------------------


def test_pyproject_lists_every_package_and_resource_folder() -> None:
    with (REPO_ROOT / "pyproject.toml").open("rb") as handle:
        listed = set(tomllib.load(handle)["tool"]["setuptools"]["packages"])
    expected = {
        ".".join(init.parent.relative_to(REPO_ROOT).parts)
        for init in (REPO_ROOT / "sitemap_studio").rglob("__init__.py")
    }
    resources = REPO_ROOT / "resources"
    expected |= {
        ".".join(("sitemap_studio", "resources", *folder.relative_to(resources).parts))
        for folder in [resources, *resources.rglob("*")]
        if folder.is_dir()
        and "__pycache__" not in folder.parts
        and not any(
            folder.relative_to(resources).as_posix().startswith(s) for s in UNSHIPPED_RESOURCES
        )
    }
    assert listed == expected, "update [tool.setuptools] packages in pyproject.toml"


def test_the_wheel_holds_every_module_and_resource(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = set(wheel.namelist())
    modules = {
        path.relative_to(REPO_ROOT).as_posix()
        for path in (REPO_ROOT / "sitemap_studio").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert not modules - names, f"modules missing from the wheel: {sorted(modules - names)}"
    resources = {f"sitemap_studio/resources/{name}" for name in shipped_resources()}
    assert not resources - names, f"resources missing from the wheel: {sorted(resources - names)}"
    assert "sitemap_studio/resources/icons/sitemap-studio.svg" in names
    assert not [n for n in names if n.startswith("sitemap_studio/resources/example/export/")]
    assert not [n for n in names if n.startswith("resources/")], "no top-level resources package"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


# --- the installed app --------------------------------------------------------------------------


def test_version(installed: Installed) -> None:
    result = run_installed(installed, "--version")
    assert_ok(result)
    assert result.stdout.strip() == f"{COMMAND} {__version__}"


def test_the_package_and_its_resources_come_from_the_wheel(installed: Installed) -> None:
    probe = (
        "import json, sitemap_studio\n"
        "from sitemap_studio import resource_paths as r\n"
        "print(json.dumps({'package': sitemap_studio.__file__, 'resources': str(r.resources_dir()),"
        " 'icon': r.app_icon_path().is_file(), 'example': r.example_project_path().is_file()}))\n"
    )
    result = run([str(installed.python), "-c", probe], cwd=installed.cwd, env=child_env())
    assert_ok(result)
    found = json.loads(result.stdout)
    assert Path(found["package"]).parent == installed.package
    assert Path(found["resources"]) == installed.package / "resources"
    assert found["icon"] and found["example"]


def test_info_reads_an_installed_example_sitemap(installed: Installed) -> None:
    sitemap = installed.package / "resources" / "example" / "sitemap-pages.xml"
    result = run_installed(installed, "info", str(sitemap))
    assert_ok(result)
    assert "kind: urlset" in result.stdout


def test_validate_reads_the_installed_example_project(installed: Installed) -> None:
    project = installed.package / "resources" / "example" / "example.sitemapproj"
    result = run_installed(installed, "validate", "--format", "json", str(project))
    # The example carries deliberate mistakes: 1 (errors found) is as good as 0 here; 2 is not.
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    files = [Path(item["path"]) for item in json.loads(result.stdout)["files"]]
    assert files and all(path.parent == project.parent for path in files)


def test_the_gui_starts_on_the_installed_example_and_quits(installed: Installed) -> None:
    project = installed.package / "resources" / "example" / "example.sitemapproj"
    result = run_installed(installed, str(project), SITEMAP_STUDIO_EXIT_AFTER_MS="300")
    assert_gui_exited_cleanly(result)


def test_the_gui_script_starts_the_window_on_the_installed_example(installed: Installed) -> None:
    gui = installed.scripts / (f"{COMMAND}-gui" + (".exe" if sys.platform == "win32" else ""))
    assert gui.is_file(), "the wheel installs no GUI script"
    project = installed.package / "resources" / "example" / "example.sitemapproj"
    env = child_env(QT_QPA_PLATFORM="offscreen", SITEMAP_STUDIO_EXIT_AFTER_MS="300")
    result = run([str(gui), str(project)], cwd=installed.cwd, env=env)
    assert_gui_exited_cleanly(result)
