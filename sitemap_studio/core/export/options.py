"""What a split export is asked to do, and what it reports: options, file names, results.

The options are checked before anything is written (:meth:`ExportOptions.validate`),
so a bad name pattern or base URL is a clear :class:`SitemapError`, never a
half-written folder. File names are built from a pattern with ``{n}`` (the
1-based file number) or ``{n:03}`` (zero-padded to 3 digits), and must come out
as plain, URL-safe file names ending in ``.xml``: no folder part, no ``..``,
no leading dot, only ``A-Z a-z 0-9 . _ -``. That keeps every output inside the
chosen folder and lets the index list the files without escaping.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from sitemap_studio.core.export.hosts import host_problem, parse_base_url
from sitemap_studio.core.export.report import ExportedFile, ExportedIndex, ExportReport
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS
from sitemap_studio.core.project.project_file import ExportSettings, Project
from sitemap_studio.core.project.settings_values import (
    INDEX_LASTMOD_POLICIES,
    NAME_PLACEHOLDER,
    file_name_problem,
    folder_url_problem,
    name_pattern_problem,
    shown,
    stylesheet_problem,
)
from sitemap_studio.core.urls.parsing import percent_encode_iri

#: The smallest byte limit accepted: room for the XML declaration, the root and a few entries.
MIN_MAX_BYTES = 1024
#: A sitemap index may list at most this many sitemaps (sitemaps.org).
MAX_FILES = PROTOCOL_MAX_URLS
DEFAULT_NAME_PATTERN = "sitemap-{n}.xml"
DEFAULT_INDEX_NAME = "sitemap-index.xml"

def format_name(pattern: str, number: int) -> str:
    """The file name ``pattern`` gives file ``number`` (1-based), before any ``.gz``."""
    match = NAME_PLACEHOLDER.search(pattern)
    if match is None:
        raise SitemapError(f"name pattern {name_pattern_problem(pattern)}", code="export-options")
    width = int(match.group(1) or 0)
    return pattern[: match.start()] + str(number).zfill(width) + pattern[match.end() :]


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the public URL of the output folder, or ``None``."""
    return folder_url_problem(url)


@dataclass(slots=True)
class LoneFileExport:
    """Export settings kept for a file opened without a project, while it stays open.

    A project keeps its settings in its file; a lone file has nowhere to keep
    them, so Save Settings keeps them here (``None``: the defaults).
    """

    settings: ExportSettings | None = None
    base_url: str | None = None


@dataclass(slots=True)
class ExportOptions:
    """How to split, name, compress and index the exported files.

    ``base_url`` is the public URL of ``out_dir`` (ending with ``/``); the
    index lists ``base_url`` + each file name. ``name_pattern`` gets ``.gz``
    appended when ``gzip`` is on. The index itself is always plain XML (it is
    small, and robots.txt and search consoles point at it by name).
    """

    out_dir: str
    base_url: str | None
    max_urls: int = PROTOCOL_MAX_URLS
    max_bytes: int = PROTOCOL_MAX_BYTES
    gzip: bool = True
    name_pattern: str = DEFAULT_NAME_PATTERN
    index_name: str = DEFAULT_INDEX_NAME
    stylesheet: str | None = None
    index_lastmod: str = "newest"
    #: Base URLs of further hosts, as ``URL`` or ``HOST=URL``: one set of files per host.
    host_base_urls: list[str] = field(default_factory=list)

    @classmethod
    def from_project(cls, project: Project, base_url: str | None = None) -> ExportOptions:
        """The project's export settings; ``base_url`` defaults to where the project publishes.

        That is the folder of the index URL when the project has one, else the
        site URL (with a ``/`` added when it has none at the end).
        """
        settings = project.export
        return cls(
            out_dir=project.output_folder(),
            base_url=base_url if base_url is not None else project_base_url(project),
            max_urls=settings.max_urls,
            max_bytes=settings.max_bytes,
            gzip=settings.gzip,
            name_pattern=settings.name_pattern,
            index_name=settings.index_name,
            stylesheet=settings.stylesheet,
            index_lastmod=settings.index_lastmod,
            host_base_urls=list(settings.host_base_urls),
        )

    def problems(self) -> list[str]:
        """Every reason these options cannot be used, as ``option: message`` (empty when fine)."""
        found: list[tuple[str, str | None]] = [
            ("name pattern", name_pattern_problem(self.name_pattern)),
            ("index name", file_name_problem(self.index_name)),
            ("stylesheet", stylesheet_problem(self.stylesheet) if self.stylesheet else None),
        ]
        if self.base_url is None:
            found.append(("base URL", "unknown: give the public URL of the output folder "
                                      "(the index lists the files by absolute URL)"))
        else:
            found.append(("base URL", base_url_problem(self.base_url)))
        for spec in self.host_base_urls:
            host, url = parse_base_url(spec)
            found.append(("base URL", host_problem(host, url) or base_url_problem(url)))
        if not 1 <= self.max_urls <= PROTOCOL_MAX_URLS:
            found.append(("max URLs", f"must be from 1 to {PROTOCOL_MAX_URLS}, not "
                                      f"{self.max_urls}"))
        if not MIN_MAX_BYTES <= self.max_bytes <= PROTOCOL_MAX_BYTES:
            found.append(("max bytes", f"must be from {MIN_MAX_BYTES} to {PROTOCOL_MAX_BYTES}, "
                                       f"not {self.max_bytes}"))
        if self.index_lastmod not in INDEX_LASTMOD_POLICIES:
            found.append(("index lastmod", f'must be "newest" or "none", not '
                                           f"{shown(self.index_lastmod)}"))
        if not os.fspath(self.out_dir):
            found.append(("output folder", "must not be empty"))
        if not name_pattern_problem(self.name_pattern) and not file_name_problem(self.index_name):
            clash = self._index_clash()
            if clash:
                found.append(("index name", clash))
        return [f"{what}: {message}" for what, message in found if message]

    def validate(self) -> None:
        """Raise :class:`SitemapError` listing every problem of these options."""
        problems = self.problems()
        if problems:
            raise SitemapError("cannot export: " + "; ".join(problems), code="export-options")

    def all_base_urls(self) -> list[str]:
        """Every base URL, the main one first, written as URIs (punycode host, %-escapes)."""
        specs = [self.base_url] if self.base_url is not None else []
        specs += [parse_base_url(spec)[1] for spec in self.host_base_urls]
        return [percent_encode_iri(url) for url in specs]

    def file_name(self, number: int) -> str:
        """The name of exported file ``number`` (1-based), with ``.gz`` when compressing."""
        name = format_name(self.name_pattern, number)
        return name + ".gz" if self.gzip else name

    def _index_clash(self) -> str | None:
        """Whether the index name could also be the name of a data file."""
        index = self.index_name.lower()
        match = NAME_PLACEHOLDER.search(self.name_pattern)
        assert match is not None
        head = self.name_pattern[: match.start()].lower()
        tail = (self.name_pattern[match.end() :] + (".gz" if self.gzip else "")).lower()
        middle = index[len(head) : len(index) - len(tail)]
        if (index.startswith(head) and index.endswith(tail) and len(index) > len(head) + len(tail)
                and middle.isdigit()):
            return f"{shown(self.index_name)} is also a name the file pattern produces"
        return None


def project_base_url(project: Project) -> str | None:
    """Where a project's exported files are published.

    That is the public URL of the folder kept in its export settings, else
    :func:`derived_base_url`.
    """
    return project.export.base_url or derived_base_url(project)


def derived_base_url(project: Project) -> str | None:
    """The folder of the project's index URL, or its site URL (ending with ``/``)."""
    if project.index is not None and project.index.url:
        return project.index.url.split("?", 1)[0].split("#", 1)[0].rsplit("/", 1)[0] + "/"
    if project.site_url:
        site = project.site_url.split("?", 1)[0].split("#", 1)[0]
        return site if site.endswith("/") else site + "/"
    return None


__all__ = [
    "DEFAULT_INDEX_NAME", "DEFAULT_NAME_PATTERN", "MAX_FILES", "MIN_MAX_BYTES", "ExportOptions",
    "ExportReport", "ExportedFile", "ExportedIndex", "LoneFileExport", "base_url_problem",
    "derived_base_url", "format_name", "project_base_url",
]
