"""The packaging metadata parses and agrees: app name, version, identifier, project file type.

The version lives in ``sitemap_studio.__version__``. The spec and the Inno Setup script read it at
build time; Info.plist and the AppStream releases state it, and these tests hold them to it.
"""

from __future__ import annotations

import ast
import configparser
import plistlib
import re
import tomllib
from pathlib import Path

from lxml import etree
from packaging_support import (
    APP_ID,
    APP_NAME,
    COMMAND,
    LINUX_DIR,
    PACKAGING_DIR,
    PROJECT_EXTENSION,
    PROJECT_MIME_TYPE,
    REPO_ROOT,
    assert_ok,
    required_tool,
    run,
)

from sitemap_studio import __version__

DESKTOP_FILE = LINUX_DIR / f"{APP_ID}.desktop"
METAINFO = LINUX_DIR / f"{APP_ID}.metainfo.xml"
MIME_XML = LINUX_DIR / f"{APP_ID}.mime.xml"
INFO_PLIST = PACKAGING_DIR / "macos" / "Info.plist"
ISS = PACKAGING_DIR / "windows" / "sitemap-studio.iss"
SPEC = PACKAGING_DIR / "sitemap-studio.spec"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
README_SCREENSHOT = (
    "https://raw.githubusercontent.com/sitemapstudio/sitemap-studio/main/docs/screenshot.png"
)
VERSION_LITERAL = re.compile(r"\b\d+\.\d+\.\d+\b")


def pyproject() -> dict:
    with (REPO_ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def xml_root(path: Path) -> etree._Element:
    """Our own trusted metadata file, parsed without network or entity expansion."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.parse(str(path), parser).getroot()


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP_FILE, encoding="utf-8")
    return parser["Desktop Entry"]


# --- Linux ------------------------------------------------------------------------------------


def test_desktop_file_names_the_app_its_icon_command_and_type() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == APP_NAME
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == COMMAND
    assert entry["TryExec"] == COMMAND
    # Only our own type: claiming application/xml or text/xml would make the app the default
    # for every XML file on a fresh desktop (Open With still offers it for a sitemap).
    assert entry["MimeType"] == f"{PROJECT_MIME_TYPE};"


def test_desktop_file_validates() -> None:
    tool = required_tool("desktop-file-validate", "desktop-file-utils")
    result = run([tool, str(DESKTOP_FILE)], cwd=REPO_ROOT)
    assert_ok(result)
    assert result.stdout.strip() == "", result.stdout  # warnings and hints included


def test_metainfo_agrees_with_the_package() -> None:
    root = xml_root(METAINFO)
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == APP_NAME
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    assert root.findtext("launchable[@type='desktop-id']") == DESKTOP_FILE.name
    assert root.findtext("provides/binary") == COMMAND
    assert root.findtext("provides/mediatype") == PROJECT_MIME_TYPE
    releases = root.findall("releases/release")
    assert releases, "the metainfo lists no release"
    assert releases[0].get("version") == __version__, "the newest release comes first"


def appstream_version(tool: str) -> tuple[int, ...]:
    found = re.search(r"(\d+)\.(\d+)", run([tool, "--version"], cwd=REPO_ROOT).stdout)
    assert found, "appstreamcli --version names no version"
    return tuple(map(int, found.groups()))


def test_metainfo_validates_strictly_offline() -> None:
    tool = required_tool("appstreamcli", "appstream")
    command = [tool, "validate", "--strict", "--no-net"]
    if appstream_version(tool) >= (1, 0):
        # 1.0 notes <developer_name> as deprecated; 0.16 knows nothing else (see the file).
        command.append("--override=developer-name-tag-deprecated=pedantic")
    result = run([*command, str(METAINFO)], cwd=REPO_ROOT)
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert not [line for line in lines if line.startswith(("E:", "W:", "I:"))], result.stdout


def test_metainfo_links_the_homepage_and_the_readme_screenshot() -> None:
    root = xml_root(METAINFO)
    homepage = pyproject()["project"]["urls"]["Homepage"]
    assert homepage == f"https://github.com/{APP_ID.split('.')[2]}/sitemap-studio"
    assert root.findtext("url[@type='homepage']") == homepage
    images = [image.text for image in root.iterfind("screenshots/screenshot/image")]
    assert images == [README_SCREENSHOT]
    assert root.find("screenshots/screenshot").get("type") == "default"
    assert f"]({README_SCREENSHOT})" in (REPO_ROOT / "README.md").read_text("utf-8")
    assert README_SCREENSHOT.endswith("/main/docs/screenshot.png")
    assert (REPO_ROOT / "docs" / "screenshot.png").read_bytes().startswith(b"\x89PNG")


def test_every_link_of_the_readme_is_absolute() -> None:
    """PyPI renders the README from the wheel's metadata, where a relative link leads nowhere."""
    readme = (REPO_ROOT / "README.md").read_text("utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", readme) + re.findall(r'(?:src|href)="([^"]+)"', readme)
    assert targets, "the README has no links at all"
    relative = [t for t in targets if not t.startswith(("https://", "#"))]
    assert not relative, f"relative links in README.md: {relative}"


def test_mime_type_claims_the_project_extension() -> None:
    root = xml_root(MIME_XML)
    assert root.tag == f"{MIME_NS}mime-info"
    (mime_type,) = root.findall(f"{MIME_NS}mime-type")
    assert mime_type.get("type") == PROJECT_MIME_TYPE
    assert [g.get("pattern") for g in mime_type.findall(f"{MIME_NS}glob")] == [
        f"*.{PROJECT_EXTENSION}"
    ]
    assert mime_type.find(f"{MIME_NS}sub-class-of").get("type") == "application/json"
    assert mime_type.find(f"{MIME_NS}icon").get("name") == APP_ID


# --- macOS ------------------------------------------------------------------------------------


def test_info_plist_agrees_with_the_package() -> None:
    info = plistlib.loads(INFO_PLIST.read_bytes())
    assert info["CFBundleIdentifier"] == APP_ID
    assert info["CFBundleName"] == info["CFBundleDisplayName"] == APP_NAME
    assert info["CFBundleExecutable"] == COMMAND
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == __version__
    assert info["CFBundleIconFile"] == "sitemap-studio.icns"


def test_info_plist_declares_and_opens_the_project_type() -> None:
    info = plistlib.loads(INFO_PLIST.read_bytes())
    (exported,) = info["UTExportedTypeDeclarations"]
    uti = exported["UTTypeIdentifier"]
    assert uti.startswith(APP_ID + ".")
    tags = exported["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [PROJECT_EXTENSION]
    assert tags["public.mime-type"] == [PROJECT_MIME_TYPE]
    owners = [
        doc for doc in info["CFBundleDocumentTypes"] if uti in doc.get("LSItemContentTypes", [])
    ]
    assert len(owners) == 1
    assert owners[0]["LSHandlerRank"] == "Owner"
    assert owners[0]["CFBundleTypeRole"] == "Editor"


# --- Windows ----------------------------------------------------------------------------------


def iss_sections() -> dict[str, list[str]]:
    """The Inno Setup script's lines by section, comments and preprocessor lines dropped."""
    sections: dict[str, list[str]] = {"": []}
    current = ""
    for raw in ISS.read_text("utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith((";", "#")):
            continue
        heading = re.fullmatch(r"\[(\w+)\]", line)
        if heading:
            current = heading.group(1)
            sections.setdefault(current, [])
        else:
            sections[current].append(line)
    return sections


def iss_defines() -> dict[str, str]:
    return dict(re.findall(r'^\s*#define (\w+) "([^"]*)"', ISS.read_text("utf-8"), re.MULTILINE))


def test_inno_setup_reads_the_version_and_names_the_app() -> None:
    setup = dict(line.split("=", 1) for line in iss_sections()["Setup"])
    defines = iss_defines()
    assert defines["AppName"] == APP_NAME
    assert setup["AppName"] == "{#AppName}"
    assert setup["AppVersion"] == "{#AppVersion}", "the version comes from build.py"
    assert "#error" in ISS.read_text("utf-8"), "compiling without AppVersion stops"
    assert re.fullmatch(r"\{\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}", setup["AppId"])
    assert setup["ChangesAssociations"] == "yes"
    assert setup["SetupIconFile"] == "{#IconFile}" and defines["IconFile"].endswith(".ico")
    assert defines["AppExe"] == f"{COMMAND}.exe"


def test_inno_setup_associates_the_project_extension() -> None:
    defines = iss_defines()
    assert defines["ProjectExtension"] == f".{PROJECT_EXTENSION}"
    assert defines["ProjectMimeType"] == PROJECT_MIME_TYPE
    registry = "\n".join(iss_sections()["Registry"])
    prog_id = "{#ProjectProgId}"
    extension_key = 'Subkey: "Software\\Classes\\{#ProjectExtension}"; ValueType: string; '
    assert f'{extension_key}ValueName: ""; ValueData: "{prog_id}"' in registry
    assert f'Subkey: "Software\\Classes\\{prog_id}\\shell\\open\\command"' in registry
    assert '"%1"' in registry


# --- one version, one id, one license -----------------------------------------------------------


def test_no_build_file_repeats_the_version() -> None:
    for path in (SPEC, ISS, PACKAGING_DIR / "build.py"):
        text = "\n".join(
            line for line in path.read_text("utf-8").splitlines() if "X.Y.Z" not in line
        )
        assert not VERSION_LITERAL.search(text), f"{path.name} states a version; read it instead"


def test_the_spec_is_python_and_uses_the_app_id() -> None:
    source = SPEC.read_text("utf-8")
    ast.parse(source)
    assert f'APP_ID = "{APP_ID}"' in source
    assert "__version__" in source


def test_every_packaging_script_uses_the_one_app_id() -> None:
    for path in (PACKAGING_DIR / "build.py", PACKAGING_DIR / "make_icons.py"):
        assert f'APP_ID = "{APP_ID}"' in path.read_text("utf-8"), path.name


def test_the_license_is_one_license() -> None:
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    assert (REPO_ROOT / "LICENSE").read_text("utf-8").startswith("MIT License\n")


def test_the_changelog_has_a_section_for_this_version() -> None:
    changelog = (REPO_ROOT / "CHANGELOG.md").read_text("utf-8")
    assert re.search(rf"^## \[{re.escape(__version__)}\]", changelog, re.MULTILINE)


def test_the_console_script_is_the_command_the_metadata_names() -> None:
    assert pyproject()["project"]["scripts"][COMMAND] == "sitemap_studio.__main__:main"


def test_the_gui_script_is_separate_and_the_readme_says_which_to_use() -> None:
    project = pyproject()["project"]
    assert project["gui-scripts"] == {f"{COMMAND}-gui": "sitemap_studio.__main__:gui_main"}
    assert f"{COMMAND}-gui" not in project["scripts"]
    readme = (REPO_ROOT / "README.md").read_text("utf-8")
    assert f"`{COMMAND}-gui` starts the app" in readme
    assert "no console window" in readme


def test_the_readme_says_what_the_linux_folder_needs_from_the_system() -> None:
    readme = " ".join((REPO_ROOT / "README.md").read_text("utf-8").split())
    assert "glibc, at least the version of the machine it was built on" in readme
    assert "(a build on Debian 12 needs glibc 2.36 or later)" in readme
    for library in ("`libGL`", "`libEGL`", "`libxcb`"):
        assert library in readme
    assert "install-desktop-entry.sh" in readme
