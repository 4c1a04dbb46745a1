"""Export a workspace as ``sitemap-studio export`` does: check the inputs, then write.

The front ends share the rules: a member that cannot be read stops the export,
error findings in a sitemap to be exported block it (the project's index is
not checked: a new one is written), and only then are the files written (see
:func:`~sitemap_studio.core.split_export.export_documents`, which leaves the
previous export untouched unless it succeeds).

The export settings of a project are checked twice over: as the project file
will store them (:func:`settings_problems`, so that they can be saved) and as
the export uses them (:meth:`ExportOptions.problems`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from sitemap_studio.core.documents import SitemapDocument
from sitemap_studio.core.errors import SitemapError
from sitemap_studio.core.export_options import ExportOptions, ExportReport
from sitemap_studio.core.findings import Finding, Severity
from sitemap_studio.core.progress import CancelToken, ProgressCallback, report
from sitemap_studio.core.project_file import ExportSettings, Project
from sitemap_studio.core.project_values import (
    file_name_problem,
    folder_problem,
    index_lastmod_problem,
    name_pattern_problem,
    stylesheet_problem,
)
from sitemap_studio.core.split_export import export_documents
from sitemap_studio.core.validation.project import Member, ProjectValidator
from sitemap_studio.core.validation.project_run import run_members
from sitemap_studio.core.workspace import Workspace

__all__ = [
    "ExportSources", "apply_export_settings", "blocking_findings", "check_and_export",
    "export_sources", "options_for", "output_folder_problem", "settings_problems",
]

#: Blocking findings named in the error message; the rest are counted.
SHOWN_BLOCKERS = 5


@dataclass(slots=True)
class ExportSources:
    """What a workspace exports: its readable members, the sitemaps among them, the unreadable."""

    members: list[Member] = field(default_factory=list)
    documents: list[SitemapDocument] = field(default_factory=list)
    unreadable: list[SitemapError] = field(default_factory=list)
    site_url: str | None = None

    @property
    def entries(self) -> int:
        """Entries of the documents to export."""
        return sum(len(doc) for doc in self.documents)


def export_sources(workspace: Workspace) -> ExportSources:
    """The members and sitemaps of ``workspace`` that an export reads and writes."""
    project = workspace.project
    sources = ExportSources(site_url=project.site_url if project is not None else None)
    for item in workspace.items:
        if item.document is None:
            sources.unreadable.append(item.error or SitemapError("cannot be read",
                                                                 path=item.path))
            continue
        sources.members.append(Member(item.path, item.document,
                                      item.ref.url if item.ref is not None else None))
        if item.role == "sitemap":
            sources.documents.append(item.document)
    return sources


def blocking_findings(
    sources: ExportSources,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> list[tuple[str, Finding]]:
    """Error findings in the documents to export, as ``(member key, finding)``.

    Validates every member together (hreflang is cross-file) without leaving a
    validator attached to a document, so it may run in a worker thread.
    """
    validator = run_members(ProjectValidator(sources.members, site_url=sources.site_url),
                            cancel=cancel, progress=progress)
    targets = {id(doc) for doc in sources.documents}
    return [(member.key, finding)
            for member in sources.members if id(member.document) in targets
            for finding in validator.validators[member.key].findings()
            if finding.severity == Severity.ERROR]


def check_and_export(
    sources: ExportSources,
    options: ExportOptions,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ExportReport:
    """Check ``sources`` and export them with ``options``; raise :class:`SitemapError` if blocked.

    Progress runs over twice the entries: checking, then writing.
    """
    if sources.unreadable:
        first = sources.unreadable[0]
        raise SitemapError(f"cannot export: {len(sources.unreadable)} file(s) of the project "
                           f"cannot be read, first {first.located()}", code="export-unreadable")
    options.validate()
    total = sources.entries
    whole = 2 * total

    def checking(done: int, _total: int) -> None:
        report(progress, min(done, total), whole)

    def writing(done: int, _total: int) -> None:
        report(progress, total + done, whole)

    blockers = blocking_findings(sources, cancel=cancel, progress=checking)
    if blockers:
        raise SitemapError(_blocked_message(blockers), code="export-blocked")
    return export_documents(sources.documents, options, cancel=cancel, progress=writing)


def _blocked_message(blockers: list[tuple[str, Finding]]) -> str:
    files = len({key for key, _ in blockers})
    lines = [f"export blocked: {len(blockers)} error(s) in {files} file(s); fix them and "
             "export again (the issues panel lists every finding)"]
    for key, finding in blockers[:SHOWN_BLOCKERS]:
        where = os.path.basename(key) + (f":{finding.line}" if finding.line is not None else "")
        lines.append(f"{where}: {finding.code}: {finding.message}")
    if len(blockers) > SHOWN_BLOCKERS:
        lines.append(f"... and {len(blockers) - SHOWN_BLOCKERS} more")
    return "\n".join(lines)


# --- settings -----------------------------------------------------------------------------------


def settings_problems(settings: ExportSettings) -> list[str]:
    """Why the project file could not store ``settings``, as ``setting: message``."""
    found = [
        ("output folder", folder_problem(settings.output_folder)),
        ("name pattern", name_pattern_problem(settings.name_pattern)),
        ("index name", file_name_problem(settings.index_name)),
        ("stylesheet", stylesheet_problem(settings.stylesheet)
         if settings.stylesheet is not None else None),
        ("index lastmod", index_lastmod_problem(settings.index_lastmod)),
    ]
    return [f"{what}: {message}" for what, message in found if message]


def options_for(project: Project | None, settings: ExportSettings,
                base_url: str | None) -> ExportOptions:
    """The export options ``settings`` give for ``project`` (which may have no file yet).

    A relative output folder is resolved against the project file's folder;
    without a project file it stays relative (and :func:`output_folder_problem`
    says so).
    """
    folder = settings.output_folder
    if project is not None and project.path is not None and not os.path.isabs(folder):
        folder = os.path.normpath(os.path.join(project.folder(), folder))
    return ExportOptions(out_dir=folder, base_url=base_url, max_urls=settings.max_urls,
                         max_bytes=settings.max_bytes, gzip=settings.gzip,
                         name_pattern=settings.name_pattern, index_name=settings.index_name,
                         stylesheet=settings.stylesheet, index_lastmod=settings.index_lastmod)


def output_folder_problem(project: Project | None, settings: ExportSettings) -> str | None:
    """Why the output folder cannot be resolved: a relative folder needs a saved project."""
    folder = settings.output_folder
    if folder.strip() and not os.path.isabs(folder) and (project is None or project.path is None):
        return ("output folder: must be absolute, because the project has no file yet to be "
                "relative to")
    return None


def apply_export_settings(project: Project, settings: ExportSettings) -> None:
    """Make ``settings`` the project's export settings, keeping keys this version does not know."""
    extra = {**project.export.extra, **settings.extra}
    project.export = replace(settings, extra=extra)
