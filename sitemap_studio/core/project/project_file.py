"""The ``.sitemapproj`` project file: a site's sitemaps, its index, and how to export them.

The file is UTF-8 JSON with a ``format_version``. A file in an older format is
upgraded on load, one step per version (:mod:`project_upgrades`), and saved in
the current format; a file from a newer version is refused rather than half-read.
Keys this version does not know, at the top level and inside each object, are
kept and written back inside the object they came from. Every problem is a
:class:`ReadError` naming the JSON line and column or the key path
(``export.max_urls``, ``sitemaps[2].path``), never a traceback.

Output is deterministic (a fixed key order, two-space indent, a final newline,
non-ASCII text as is), so loading and saving a file this module wrote gives
the same bytes.
"""

from __future__ import annotations

import json
import os
import posixpath
from dataclasses import dataclass, field, fields
from typing import Any

from sitemap_studio.core.model.errors import ReadError, SitemapError
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS
from sitemap_studio.core.project.project_upgrades import FORMAT_VERSION, upgrade
from sitemap_studio.core.project.sections import Problem, Section, invalid
from sitemap_studio.core.project.settings_values import (
    file_name_problem,
    folder_problem,
    folder_url_problem,
    index_lastmod_problem,
    indexnow_key_problem,
    name_pattern_problem,
    relative_path_problem,
    shown,
    stylesheet_problem,
    url_problem,
)
from sitemap_studio.core.reading.json_reader import parse_json, read_json_file
from sitemap_studio.core.writing.atomic_files import atomic_write

SUFFIX = ".sitemapproj"
#: A project file is small; anything larger is not one (and is not read into memory).
MAX_FILE_BYTES = 16 * 1024 * 1024
INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow"
_WHAT = "a project file"

__all__ = [
    "INDEXNOW_ENDPOINT", "MAX_FILE_BYTES", "SUFFIX", "ExportSettings",
    "Problem", "Project", "SitemapRef", "SubmissionSettings", "load_project", "new_project",
    "project_from_json", "project_to_json", "save_project",
]


@dataclass(slots=True)
class SitemapRef:
    """A sitemap (or the index) of the project: a file path and the URL it is published at.

    ``path`` is relative to the project file's folder, with ``/`` between folders.
    """

    path: str
    url: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ExportSettings:
    """How the project is split into files for publishing.

    ``output_folder`` is relative to the project file's folder, or absolute.
    ``name_pattern`` is a file name in which ``{n}`` stands for the file number.
    ``index_lastmod`` is ``"newest"`` (each index entry gets the newest lastmod
    of its file) or ``"none"``.
    """

    output_folder: str = "export"
    max_urls: int = PROTOCOL_MAX_URLS
    max_bytes: int = PROTOCOL_MAX_BYTES
    gzip: bool = True
    name_pattern: str = "sitemap-{n}.xml"
    stylesheet: str | None = None
    index_lastmod: str = "newest"
    index_name: str = "sitemap-index.xml"
    #: Public URLs of the exported files of further hosts (one set of files per host).
    host_base_urls: list[str] = field(default_factory=list)
    #: Public URL of the output folder (where the index is published, for Check Live
    #: Site too); ``None``: the folder of the index URL, else the site URL. Written to
    #: the file only when set.
    base_url: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def file_name(self, number: int) -> str:
        """The name of exported file ``number`` (before any ``.gz``)."""
        return self.name_pattern.replace("{n}", str(number))


@dataclass(slots=True)
class SubmissionSettings:
    """How the project tells search engines about changes (IndexNow)."""

    indexnow_key: str | None = None
    indexnow_key_location: str | None = None
    indexnow_endpoint: str = INDEXNOW_ENDPOINT
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Project:
    """The contents of one project file.

    ``upgraded_from`` is the format the file had when it was older than
    :data:`FORMAT_VERSION` (saving writes the current format), else ``None``.
    """

    path: str | None = None
    site_url: str | None = None
    sitemaps: list[SitemapRef] = field(default_factory=list)
    index: SitemapRef | None = None
    export: ExportSettings = field(default_factory=ExportSettings)
    submission: SubmissionSettings = field(default_factory=SubmissionSettings)
    extra: dict[str, Any] = field(default_factory=dict)
    upgraded_from: int | None = None

    def folder(self) -> str:
        """The absolute folder of the project file, which member paths are relative to."""
        if self.path is None:
            raise ValueError("the project has no file yet, so it has no folder")
        return os.path.dirname(os.path.abspath(self.path))

    def resolve(self, ref: SitemapRef) -> str:
        """The absolute file system path of the member or index ``ref``."""
        return os.path.normpath(os.path.join(self.folder(), *ref.path.split("/")))

    def output_folder(self) -> str:
        """The absolute folder that exports go to."""
        return os.path.normpath(os.path.join(self.folder(), self.export.output_folder))

    def relative_path(self, file_path: str | os.PathLike[str]) -> str:
        """``file_path`` as a member path: relative to the project's folder, with ``/``.

        Raises :class:`SitemapError` when the file is not inside that folder.
        """
        target = os.path.abspath(file_path)
        try:
            relative = os.path.relpath(target, self.folder())
        except ValueError:  # another drive on Windows
            relative = os.pardir
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            raise SitemapError(
                "this file is outside the project's folder; a project can list "
                "only files in its folder or below it",
                path=target,
                code="outside-project",
            )
        return relative.replace(os.sep, "/")


# --- loading ------------------------------------------------------------------------------------


def new_project(path: str | os.PathLike[str] | None, site_url: str | None = None) -> Project:
    """A project with default settings and no sitemaps (not written until saved)."""
    if site_url is not None and (problem := url_problem(site_url)):
        raise invalid("site_url", problem)
    return Project(path=None if path is None else os.fspath(path), site_url=site_url)


def load_project(path: str | os.PathLike[str]) -> Project:
    """Read the project file at ``path``, upgrading an older format in memory."""
    name = os.fspath(path)
    data = read_json_file(name, max_bytes=MAX_FILE_BYTES, what=_WHAT)
    try:
        project = _read_project(data)
    except ReadError as exc:
        raise exc.with_path(name) from None
    project.path = name
    return project


def project_from_json(text: str, *, path: str | None = None) -> Project:
    """Read a project from the JSON ``text``; ``path`` is where it came from."""
    try:
        project = _read_project(parse_json(text, what=_WHAT))
    except ReadError as exc:
        if path is not None:
            exc.with_path(path)
        raise
    project.path = path
    return project


def _read_project(data: Any) -> Project:
    if not isinstance(data, dict):
        raise ReadError(
            f"a project file holds a JSON object, not {shown(data)}", code="project-invalid"
        )
    data, upgraded_from = upgrade(data)
    top = Section(data, "")
    top.value("format_version", FORMAT_VERSION)
    index = top.value("index", None)
    project = Project(
        site_url=top.optional_text("site_url", url_problem),
        sitemaps=[
            _ref(item, f"sitemaps[{number}]") for number, item in enumerate(top.array("sitemaps"))
        ],
        index=None if index is None else _ref(index, "index"),
        export=_export(top.section("export")),
        submission=_submission(top.section("submission")),
        extra=top.rest(),
        upgraded_from=upgraded_from,
    )
    _check_unique(project)
    return project


def _ref(data: Any, key: str) -> SitemapRef:
    if not isinstance(data, dict):
        raise invalid(key, f'must be an object with a "path", not {shown(data)}')
    section = Section(data, key)
    if "path" not in data:
        raise invalid(section.key("path"), "missing")
    return SitemapRef(
        path=section.text("path", "", relative_path_problem),
        url=section.optional_text("url", url_problem),
        extra=section.rest(),
    )


def _export(section: Section) -> ExportSettings:
    default = ExportSettings()
    return ExportSettings(
        output_folder=section.text("output_folder", default.output_folder, folder_problem),
        max_urls=section.integer("max_urls", default.max_urls, PROTOCOL_MAX_URLS),
        max_bytes=section.integer("max_bytes", default.max_bytes, PROTOCOL_MAX_BYTES),
        gzip=section.boolean("gzip", default.gzip),
        name_pattern=section.text("name_pattern", default.name_pattern, name_pattern_problem),
        stylesheet=section.optional_text("stylesheet", stylesheet_problem),
        index_lastmod=section.text("index_lastmod", default.index_lastmod, index_lastmod_problem),
        index_name=section.text("index_name", default.index_name, file_name_problem),
        host_base_urls=section.text_list("host_base_urls", url_problem),
        base_url=section.optional_text("base_url", folder_url_problem),
        extra=section.rest(),
    )


def _submission(section: Section) -> SubmissionSettings:
    return SubmissionSettings(
        indexnow_key=section.optional_text("indexnow_key", indexnow_key_problem),
        indexnow_key_location=section.optional_text("indexnow_key_location", url_problem),
        indexnow_endpoint=section.text("indexnow_endpoint", INDEXNOW_ENDPOINT, url_problem),
        extra=section.rest(),
    )


def _check_unique(project: Project) -> None:
    seen: dict[str, str] = {}
    for number, ref in enumerate(project.sitemaps):
        key = f"sitemaps[{number}].path"
        normal = posixpath.normpath(ref.path)
        if normal in seen:
            raise invalid(key, f"lists {shown(ref.path)} again (as {seen[normal]})")
        seen[normal] = key
    if project.index is not None and posixpath.normpath(project.index.path) in seen:
        first = seen[posixpath.normpath(project.index.path)]
        raise invalid(
            "index.path", f"is also a member sitemap ({first}); the index must be a file of its own"
        )


# --- saving -------------------------------------------------------------------------------------


def project_to_json(project: Project) -> str:
    """The project as JSON text in the current format, with a fixed key order."""
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "site_url": project.site_url,
        "sitemaps": [_plain(ref) for ref in project.sitemaps],
        "index": None if project.index is None else _plain(project.index),
        "export": _export_json(project.export),
        "submission": _plain(project.submission),
    }
    return json.dumps(_with_extra(data, project.extra), indent=2, ensure_ascii=False) + "\n"


def _export_json(settings: ExportSettings) -> dict[str, Any]:
    data = _plain(settings)
    if settings.base_url is None:
        del data["base_url"]  # files of earlier versions save unchanged
    return data


def _plain(value: SitemapRef | ExportSettings | SubmissionSettings) -> dict[str, Any]:
    known = {item.name: getattr(value, item.name) for item in fields(value) if item.name != "extra"}
    return _with_extra(known, value.extra)


def _with_extra(known: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    for name, value in extra.items():
        known.setdefault(name, value)
    return known


def save_project(project: Project, path: str | os.PathLike[str] | None = None) -> None:
    """Write ``project`` atomically to ``path`` (default: where it came from).

    Saving into another folder rewrites the member paths so that they still
    name the same files. Raises :class:`SitemapError` when the project holds a
    value its file could not be loaded with, or a member would be outside the
    new folder; the file on disk is then unchanged.
    """
    target = project.path if path is None else os.fspath(path)
    if target is None:
        raise ValueError("the project has no file yet: give a path to save it to")
    moved = Project(**{item.name: getattr(project, item.name) for item in fields(Project)})
    moved.path = target
    if project.path is not None and not _same_folder(moved.folder(), project.folder()):
        moved.sitemaps = [
            _moved(project, moved, ref, f"sitemaps[{number}]")
            for number, ref in enumerate(project.sitemaps)
        ]
        if project.index is not None:
            moved.index = _moved(project, moved, project.index, "index")
    text = project_to_json(moved)
    try:
        project_from_json(text)
    except ReadError as exc:
        raise SitemapError(
            f"cannot save: {exc.message}", path=target, code="project-invalid"
        ) from None
    atomic_write(target, [text.encode("utf-8")])
    project.path = target
    project.sitemaps = moved.sitemaps
    project.index = moved.index
    project.upgraded_from = None


def _moved(old: Project, new: Project, ref: SitemapRef, key: str) -> SitemapRef:
    try:
        path = new.relative_path(old.resolve(ref))
    except SitemapError:
        raise SitemapError(
            f"cannot save the project in this folder: {key} ({ref.path}) would be outside it",
            path=new.path,
            code="outside-project",
        ) from None
    return SitemapRef(path, ref.url, dict(ref.extra))


def _same_folder(first: str, second: str) -> bool:
    return os.path.normcase(first) == os.path.normcase(second)
