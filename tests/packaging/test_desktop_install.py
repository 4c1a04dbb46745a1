"""The Linux app folder's install-desktop-entry.sh gives a menu entry that starts the app by its
full path, with no ~/.local/bin on the session's PATH.

The folder is laid out by build.py's own ``add_linux_share`` around a stand-in executable (a
shell script that writes down its arguments), in a folder whose name holds the characters a
desktop entry must escape. The installed entry's ``Exec=`` is then expanded the way the
desktop entry specification says and run with a bare PATH.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
from pathlib import Path

from packaging_support import (
    APP_ID,
    LINUX_DIR,
    PROJECT_MIME_TYPE,
    REPO_ROOT,
    assert_ok,
    child_env,
    load_packaging_script,
    required_tool,
    run,
)

#: A folder name with a space and each character the Exec key must escape (% is refused).
AWKWARD_NAME = 'My Apps $HOME `x` "quoted" back\\slash'
FAKE_APP = '#!/bin/sh\nprintf "%s\\n" "$@" > "$(dirname "$0")/launched.txt"\n'
KEY_FILE_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
BARE_PATH = "/usr/bin:/bin"


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def exec_argv(value: str, files: list[str]) -> list[str]:
    """The program and arguments of an ``Exec=`` value, by the desktop entry specification:
    key-file escapes first, then quoted arguments, then the field codes (``%F``: the files)."""
    text = re.sub(r"\\(.)", lambda m: KEY_FILE_ESCAPES.get(m[1], "\\" + m[1]), value)
    argv: list[str] = []
    for quoted, plain in re.findall(r'"((?:[^"\\]|\\.)*)"|(\S+)', text):
        word = re.sub(r"\\(.)", r"\1", quoted) if quoted else plain
        if word == "%F":
            argv.extend(files)
        else:
            argv.append(word.replace("%%", "%"))
    return argv


def make_app_folder(root: Path, name: str = AWKWARD_NAME) -> Path:
    """A Linux app folder as build.py lays it out, around a stand-in executable."""
    build = load_packaging_script("build")
    icons = root / "icons" / "hicolor" / "scalable" / "apps"
    icons.mkdir(parents=True)
    shutil.copyfile(
        REPO_ROOT / "resources" / "icons" / "sitemap-studio.svg", icons / f"{APP_ID}.svg"
    )
    app_dir = root / name / "sitemap-studio-1.2.3"
    app_dir.mkdir(parents=True)
    (app_dir / "sitemap-studio").write_text(FAKE_APP, "utf-8")
    (app_dir / "sitemap-studio").chmod(0o755)
    build.add_linux_share(app_dir, root / "icons")
    return app_dir


def test_the_installed_entry_starts_the_app_by_its_full_path(tmp_path: Path) -> None:
    app_dir = make_app_folder(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    env = child_env(HOME=str(home), PATH=BARE_PATH)
    env.pop("XDG_DATA_HOME", None)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run(["sh", str(app_dir / "install-desktop-entry.sh")], cwd=elsewhere, env=env)
    assert_ok(result)
    data = home / ".local" / "share"
    installed = data / "applications" / f"{APP_ID}.desktop"
    assert result.stdout.strip() == f"Installed {installed} (it runs {app_dir}/sitemap-studio)"

    entry = desktop_entry(installed)
    original = desktop_entry(LINUX_DIR / f"{APP_ID}.desktop")
    assert entry["MimeType"] == original["MimeType"] == f"{PROJECT_MIME_TYPE};"
    assert {k: v for k, v in entry.items() if k not in ("Exec", "TryExec")} == {
        k: v for k, v in original.items() if k not in ("Exec", "TryExec")
    }
    assert entry["TryExec"].replace("\\\\", "\\") == str(app_dir / "sitemap-studio")
    project = tmp_path / "shop.sitemapproj"
    argv = exec_argv(entry["Exec"], [str(project)])
    assert argv == [str(app_dir / "sitemap-studio"), str(project)]
    # Launched as a desktop would: no ~/.local/bin, no app folder on PATH.
    assert_ok(run(argv, cwd=home, env=env))
    assert (app_dir / "launched.txt").read_text("utf-8") == f"{project}\n"

    validator = required_tool("desktop-file-validate", "desktop-file-utils")
    checked = run([validator, str(installed)], cwd=tmp_path)
    assert_ok(checked)
    assert checked.stdout.strip() == "", checked.stdout
    assert (data / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    if shutil.which("update-mime-database", path=BARE_PATH):
        globs = (data / "mime" / "globs2").read_text("utf-8")
        assert f"{PROJECT_MIME_TYPE}:*.sitemapproj" in globs


def test_the_script_refuses_to_run_outside_an_app_folder(tmp_path: Path) -> None:
    lone = tmp_path / "install-desktop-entry.sh"
    shutil.copyfile(LINUX_DIR / "install-desktop-entry.sh", lone)
    home = tmp_path / "home"
    result = run(["sh", str(lone)], cwd=tmp_path, env=child_env(HOME=str(home), PATH=BARE_PATH))
    assert result.returncode == 1
    assert "run the copy inside the app folder" in result.stderr
    assert not home.exists()


def test_a_folder_path_with_a_percent_sign_is_refused_with_the_reason(tmp_path: Path) -> None:
    app_dir = make_app_folder(tmp_path, "100% mine")
    home = tmp_path / "home"
    env = child_env(HOME=str(home), PATH=BARE_PATH)
    result = run(["sh", str(app_dir / "install-desktop-entry.sh")], cwd=tmp_path, env=env)
    assert result.returncode == 1
    assert "cannot start a program from a path with %" in result.stderr
    assert str(app_dir) in result.stderr
    assert not home.exists()


def test_the_script_is_executable_in_git() -> None:
    assert os.access(LINUX_DIR / "install-desktop-entry.sh", os.X_OK)
