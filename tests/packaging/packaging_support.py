"""What the packaging tests share: where things are, the ids they agree on, running programs."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGING_DIR = REPO_ROOT / "packaging"
LINUX_DIR = PACKAGING_DIR / "linux"

APP_ID = "io.github.sitemapstudio.SitemapStudio"
APP_NAME = "Sitemap Studio"
COMMAND = "sitemap-studio"
PROJECT_MIME_TYPE = "application/x-sitemap-studio-project"
PROJECT_EXTENSION = "sitemapproj"

#: Environment variables that would let a child process import the source tree instead.
LEAKY_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE")


def load_packaging_script(name: str) -> ModuleType:
    """Import ``packaging/NAME.py`` by path (``packaging/`` is no package and must shadow none)."""
    path = PACKAGING_DIR / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"sitemap_studio_packaging_{name}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def child_env(**extra: str) -> dict[str, str]:
    """This process's environment without what points Python at the source tree, plus ``extra``."""
    env = {key: value for key, value in os.environ.items() if key not in LEAKY_ENV}
    env.update(extra)
    return env


def run(
    command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` and capture its output as text; never raises on a non-zero exit.

    ``env`` defaults to this process's environment.
    """
    return subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def describe(result: subprocess.CompletedProcess[str]) -> str:
    """The command, exit code and output, for an assertion message."""
    return (
        f"$ {' '.join(map(str, result.args))}\nexit code {result.returncode}\n"
        f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    )


def assert_ok(result: subprocess.CompletedProcess[str]) -> None:
    """Exit code 0 and no Python traceback."""
    assert result.returncode == 0, describe(result)
    assert "Traceback" not in result.stdout + result.stderr, describe(result)


def assert_gui_exited_cleanly(result: subprocess.CompletedProcess[str]) -> None:
    """The app exited with 0 and printed no traceback or Qt plugin failure."""
    assert_ok(result)
    assert "Could not load the Qt platform plugin" not in result.stderr, describe(result)


def required_tool(name: str, debian_package: str) -> str:
    """The path of a program the tests need; a failure (never a skip) when it is missing."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(
            f"{name} is missing: install the Debian package {debian_package} (.ci/setup.sh does)",
            pytrace=False,
        )
    return path


def xvfb_command(*command: str) -> list[str]:
    """``command`` run on a fresh virtual display through ``xvfb-run``."""
    xvfb_run = required_tool("xvfb-run", "xvfb (and xauth)")
    return [xvfb_run, "-a", "-s", "-screen 0 1280x800x24", *command]
