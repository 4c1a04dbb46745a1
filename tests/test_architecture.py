"""Architecture rules, checked on the source: layers, the one XML parser factory, Qt-free CLI.

The layers (see STYLE.md):

    app.py                          composition root
      widgets/ dialogs/             QtWidgets
        qt_models/ commands/ services/   QtCore + QtGui only
          core/                     stdlib + lxml, never Qt
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "sitemap_studio"
PACKAGE_DIR = REPO_ROOT / PACKAGE
EXAMPLE_PROJECT = REPO_ROOT / "resources" / "example" / "example.sitemapproj"
PARSER_FACTORY = PACKAGE_DIR / "core" / "reading" / "xml_parsers.py"

QT_FREE_MIDDLE = ("qt_models", "commands", "services")
WIDGET_LAYERS = ("widgets", "dialogs")

# Parsing entry points that only the parser factory may touch (lxml.etree names, and whole modules).
FORBIDDEN_ETREE_NAMES = frozenset(
    {
        "parse", "iterparse", "XMLParser", "fromstring", "fromstringlist", "XML", "XMLID",
        "XMLDTDID", "parseid", "XMLPullParser", "HTMLParser", "HTMLPullParser", "HTML",
    }
)  # fmt: skip
FORBIDDEN_PARSER_MODULES = (
    "lxml.html", "lxml.objectify", "xml.etree", "xml.dom", "xml.sax", "xml.parsers.expat",
)  # fmt: skip


# --- reading the source -----------------------------------------------------------------------


def module_name(path: Path, root: Path = REPO_ROOT) -> str:
    """Dotted module name of a source file (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    """Turn ``from ..x import y`` inside ``module`` into an absolute module name."""
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def imported_names(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """Yield (line, dotted name) for every import; ``from m import n`` gives ``m.n``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = resolve_relative(module, is_package, node.level, node.module)
            for alias in node.names:
                yield node.lineno, base if alias.name == "*" else f"{base}.{alias.name}"


def within(name: str, prefix: str) -> bool:
    """Whether dotted ``name`` is ``prefix`` or inside it."""
    return name == prefix or name.startswith(prefix + ".")


def package_sources() -> list[Path]:
    """Every Python file of the package."""
    return sorted(PACKAGE_DIR.rglob("*.py"))


def layer_of(module: str) -> str:
    """``core``, ``widgets``, ``app``, ``__main__``, ... for a module of the package."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


# --- the layer rules ----------------------------------------------------------------------------


#: Libraries the core may use besides the standard library: none of them pulls in Qt.
#: lxml parses; idna reads host names as browsers do (UTS #46); aiohttp fetches for the URL
#: audit; protego reads robots.txt rules (the audit, Check Live Site).
CORE_LIBRARIES = frozenset({"lxml", "idna", "aiohttp", "protego"})


def layer_violations(module: str, imported: str) -> list[str]:
    """The rules that ``module`` importing ``imported`` breaks (empty when it is allowed)."""
    layer = layer_of(module)
    broken: list[str] = []
    top = imported.split(".")[0]
    if layer == "core":
        allowed = (
            top in sys.stdlib_module_names
            or top in CORE_LIBRARIES
            or within(imported, f"{PACKAGE}.core")
            or imported == f"{PACKAGE}.__version__"
        )
        if not allowed:
            broken.append("core may import only the standard library, "
                          f"{', '.join(sorted(CORE_LIBRARIES))} and sitemap_studio.core")
    if layer == "cli" and (top == "PySide6" or any(
            within(imported, f"{PACKAGE}.{upper}") for upper in (*QT_FREE_MIDDLE,
                                                                  *WIDGET_LAYERS, "app"))):
        broken.append("the command line stands on the core alone: no Qt and no layer above it")
    if layer in QT_FREE_MIDDLE:
        if within(imported, "PySide6.QtWidgets"):
            broken.append(f"{layer} must not use QtWidgets (QtCore and QtGui only)")
        for upper in (*WIDGET_LAYERS, "app"):
            if within(imported, f"{PACKAGE}.{upper}"):
                broken.append(f"{layer} must not import the {upper} layer above it")
    if within(imported, f"{PACKAGE}.app") and layer != "__main__":
        broken.append("only __main__ may import the composition root sitemap_studio.app")
    return broken


def check_layers(source: str, module: str, is_package: bool = False) -> list[tuple[int, str, str]]:
    """(line, imported name, rule) for every import in ``source`` that breaks a layer rule."""
    tree = ast.parse(source)
    return [
        (line, name, rule)
        for line, name in imported_names(tree, module, is_package)
        for rule in layer_violations(module, name)
    ]


def test_layers_are_respected() -> None:
    problems = []
    for path in package_sources():
        module = module_name(path)
        is_package = path.name == "__init__.py"
        for line, name, rule in check_layers(path.read_text("utf-8"), module, is_package):
            problems.append(f"{path.relative_to(REPO_ROOT)}:{line}: imports {name}: {rule}")
    assert not problems, "layer rules broken:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("sitemap_studio.core.a", "from PySide6.QtCore import QObject", 1),
        ("sitemap_studio.core.a", "import requests", 1),
        ("sitemap_studio.core.a", "from sitemap_studio import widgets", 1),
        ("sitemap_studio.core.a", "from ..widgets import x", 1),
        ("sitemap_studio.core.a", "from lxml import etree\nimport os, re\nfrom . import errors", 0),
        ("sitemap_studio.core.a", "from sitemap_studio import __version__", 0),
        ("sitemap_studio.qt_models.m", "from PySide6 import QtWidgets", 1),
        ("sitemap_studio.qt_models.m", "from PySide6.QtWidgets import QWidget", 1),
        ("sitemap_studio.commands.c", "from PySide6.QtGui import QUndoCommand", 0),
        ("sitemap_studio.services.s", "from sitemap_studio.dialogs.d import D", 1),
        ("sitemap_studio.widgets.w", "from sitemap_studio import app", 1),
        ("sitemap_studio.dialogs.d", "import sitemap_studio.app", 1),
        ("sitemap_studio.widgets.w", "from PySide6.QtWidgets import QWidget", 0),
        ("sitemap_studio.cli", "from .app import main", 2),
        ("sitemap_studio.cli.kit", "from sitemap_studio.services import jobs", 1),
        ("sitemap_studio.cli.kit", "from PySide6.QtCore import QObject", 1),
        ("sitemap_studio.cli.kit", "from sitemap_studio.cli.names import PROG", 0),
        ("sitemap_studio.__main__", "from sitemap_studio import app", 0),
    ],
)
def test_layer_checker_catches_what_it_should(module: str, source: str, expected: int) -> None:
    assert len(check_layers(source, module)) == expected


# --- the core's front doors -----------------------------------------------------------------


CORE_DIR = PACKAGE_DIR / "core"
CORE_SUBPACKAGES = frozenset(p.parent.name for p in CORE_DIR.glob("*/__init__.py"))


def front_door_violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """Imports in ``module`` (outside the core) that reach past a core subpackage's front door."""
    if layer_of(module) == "core":
        return []
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = resolve_relative(module, is_package, node.level, node.module)
            targets = [(base, alias.name) for alias in node.names]
        else:
            continue
        for base, name in targets:
            parts = base.split(".")
            if parts[:2] != [PACKAGE, "core"]:
                continue
            inner = len(parts) > 3 or (len(parts) == 2 and name not in CORE_SUBPACKAGES) or (
                len(parts) == 3 and (parts[2] not in CORE_SUBPACKAGES
                                     or (CORE_DIR / parts[2] / f"{name}.py").exists()))
            if inner:
                found.append(f"{node.lineno}: {base}{'.' + name if name else ''}")
    return found


def test_other_layers_use_the_core_front_doors() -> None:
    problems = [
        f"{path.relative_to(REPO_ROOT)}:{problem}"
        for path in package_sources()
        for problem in front_door_violations(path.read_text("utf-8"), module_name(path),
                                             path.name == "__init__.py")
    ]
    assert not problems, ("import core subpackages' front doors (sitemap_studio.core.NAME), "
                          "not their modules:\n" + "\n".join(problems))


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("sitemap_studio.widgets.w", "from sitemap_studio.core.export import ExportOptions", 0),
        ("sitemap_studio.widgets.w", "from sitemap_studio.core.export.options import X", 1),
        ("sitemap_studio.cli.kit", "import sitemap_studio.core.reading.loader", 1),
        ("sitemap_studio.qt_models.m", "from sitemap_studio.core.rows import row_mapping", 1),
        ("sitemap_studio.qt_models.m", "from sitemap_studio.core import reading", 0),
        ("sitemap_studio.core.export.run", "from sitemap_studio.core.reading.loader import x", 0),
    ],
)
def test_front_door_checker_catches_what_it_should(module: str, source: str,
                                                   expected: int) -> None:
    assert len(front_door_violations(source, module)) == expected


def test_every_front_door_name_is_there() -> None:
    """Each name a front door lists loads from the module it names."""
    import importlib

    missing = []
    for package in sorted(CORE_SUBPACKAGES):
        door = importlib.import_module(f"{PACKAGE}.core.{package}")
        names = getattr(door, "__all__", [])
        missing += [f"{package}.{name}" for name in names if not hasattr(door, name)]
        # a name that is also a module of the package would be shadowed by that module
        missing += [f"{package}.{name} (also a module)" for name in names
                    if (CORE_DIR / package / f"{name}.py").exists()]
    assert not missing


# --- the parser factory -------------------------------------------------------------------------


def forbidden_parser_name(dotted: str) -> bool:
    """Whether a dotted name is an XML parsing entry point reserved for the parser factory."""
    if any(within(dotted, module) for module in FORBIDDEN_PARSER_MODULES):
        return True
    head, _, last = dotted.rpartition(".")
    return head == "lxml.etree" and last in FORBIDDEN_ETREE_NAMES


def attribute_chain(node: ast.Attribute) -> str | None:
    """``a.b.c`` for an attribute access on a plain name, else ``None``."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name):
        return None
    parts.append(value.id)
    return ".".join(reversed(parts))


def parser_uses(source: str) -> list[tuple[int, str]]:
    """(line, name) for every import or attribute access of a reserved parsing entry point."""
    tree = ast.parse(source)
    aliases: dict[str, str] = {"etree": "lxml.etree"}  # a bare ``etree`` is lxml's by convention
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                if forbidden_parser_name(alias.name):
                    found.append((node.lineno, alias.name))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                aliases[alias.asname or alias.name] = full
                if forbidden_parser_name(full) or forbidden_parser_name(node.module):
                    found.append((node.lineno, full))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            chain = attribute_chain(node)
            if chain is None:
                continue
            root, _, rest = chain.partition(".")
            resolved = f"{aliases.get(root, root)}.{rest}"
            if forbidden_parser_name(resolved):
                found.append((node.lineno, chain))
    return sorted(set(found))


def test_only_the_parser_factory_builds_xml_parsers() -> None:
    problems = []
    for path in package_sources():
        if path == PARSER_FACTORY:
            continue
        for line, name in parser_uses(path.read_text("utf-8")):
            problems.append(f"{path.relative_to(REPO_ROOT)}:{line}: uses {name}")
    assert not problems, (
        "only sitemap_studio/core/reading/xml_parsers.py may build XML parsers "
        "(ask it for a parser instead):\n" + "\n".join(problems)
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from lxml import etree\netree.parse(f)", 1),
        ("from lxml import etree as ET\nx = ET.XMLParser(recover=True)", 1),
        ("import lxml.etree\nlxml.etree.fromstring(b'<a/>')", 1),
        ("from lxml.etree import iterparse", 1),
        ("from lxml.etree import XMLPullParser as P", 1),
        ("import xml.etree.ElementTree as ET", 1),
        ("from xml.dom import minidom", 1),
        ("from xml import sax", 1),
        ("import xml.parsers.expat", 1),
        ("from lxml import html", 1),
        ("def f(etree): return etree.XML(b'<a/>')", 1),
        ("from lxml import etree\netree.tostring(e)\netree.Element('a')\netree.XMLSyntaxError", 0),
        ("from lxml import etree\nwith etree.xmlfile(f) as xf: pass", 0),
        ("from sitemap_studio.core.reading import xml_parsers\nxml_parsers.parse(b'')", 0),
    ],
)
def test_parser_checker_catches_what_it_should(source: str, expected: int) -> None:
    assert len(parser_uses(source)) == expected


# --- in a fresh interpreter ---------------------------------------------------------------------


def run_python(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter from the repository root."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_core_and_cli_import_without_qt() -> None:
    result = run_python(
        """
        import importlib, pkgutil, sys
        import sitemap_studio.core, sitemap_studio.cli
        for info in pkgutil.walk_packages(sitemap_studio.core.__path__, "sitemap_studio.core."):
            importlib.import_module(info.name)
        qt = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6")))
        assert not qt, f"Qt was imported: {qt}"
        """
    )
    assert result.returncode == 0, result.stderr


def test_window_starts_without_the_network_stack() -> None:
    # aiohttp, asyncio, ssl and the email package hold about 20 MB resident: the audit, the
    # live checks and the feed dates load them on first use, not every window at start-up.
    result = run_python(
        """
        import os, sys
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        import sitemap_studio.app, sitemap_studio.widgets.main_window
        heavy = ("aiohttp", "asyncio", "ssl", "email", "protego")
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in heavy)
        assert not loaded, f"loaded at start-up: {loaded}"
        """
    )
    assert result.returncode == 0, result.stderr

def test_version_runs_without_qt() -> None:
    result = run_python(
        """
        import runpy, sys
        sys.argv = ["sitemap-studio", "--version"]
        try:
            runpy.run_module("sitemap_studio", run_name="__main__", alter_sys=True)
        except SystemExit as exit_:
            code = exit_.code
        else:
            code = None
        qt = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6")))
        assert not qt, f"Qt was imported: {qt}"
        assert code == 0, f"exit code {code!r}"
        """
    )
    from sitemap_studio import __version__

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"sitemap-studio {__version__}"


def gui_env(**extra: str) -> dict[str, str]:
    """The environment for starting the GUI so that it quits by itself."""
    env = dict(os.environ, SITEMAP_STUDIO_EXIT_AFTER_MS="300")
    env.update(extra)
    return env


def assert_gui_exited_cleanly(result: subprocess.CompletedProcess[str]) -> None:
    """The app exited with 0 and printed no traceback or Qt plugin failure."""
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"exit code {result.returncode}:\n{output}"
    assert "Traceback" not in output, output
    assert "Could not load the Qt platform plugin" not in output, output


def test_gui_starts_and_quits_offscreen(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", PACKAGE, str(EXAMPLE_PROJECT)],
        cwd=REPO_ROOT,
        # The file must exist (a word that is no file is an error); the user's settings stay
        # untouched.
        env=gui_env(QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "config"),
                    XDG_DATA_HOME=str(tmp_path / "data")),
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert_gui_exited_cleanly(result)


@pytest.mark.display
def test_gui_starts_and_quits_under_xvfb(tmp_path: Path) -> None:
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        message = "xvfb-run is missing (Debian packages xvfb and xauth)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}; .ci/setup.sh should have installed it", pytrace=False)
        pytest.skip(message)
    result = subprocess.run(
        [xvfb_run, "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", PACKAGE,
         str(EXAMPLE_PROJECT)],
        cwd=REPO_ROOT,
        # xcb explicitly: a missing xcb library must fail here, not fall back to offscreen.
        # Long enough to load and validate the example; the user's settings stay untouched.
        env=gui_env(QT_QPA_PLATFORM="xcb", SITEMAP_STUDIO_EXIT_AFTER_MS="2500",
                    XDG_CONFIG_HOME=str(tmp_path / "config"),
                    XDG_DATA_HOME=str(tmp_path / "data")),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert_gui_exited_cleanly(result)


def test_only_the_composition_root_imports_the_main_window() -> None:
    """The window's parts are written against ``WindowHost``: no import circle with the window."""
    importers = []
    for path in package_sources():
        module = module_name(path)
        tree = ast.parse(path.read_text("utf-8"))
        names = [name for _, name in imported_names(tree, module, path.name == "__init__.py")]
        if module != f"{PACKAGE}.app" and any(
                within(name, f"{PACKAGE}.widgets.main_window") for name in names):
            importers.append(module)
    assert importers == [], f"import the window's parts against WindowHost instead: {importers}"
