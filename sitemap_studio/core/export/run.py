"""Export a workspace as ``sitemap-studio export`` does: check the inputs, then write.

The front ends (the CLI and the window) share these rules:

* a member that cannot be read stops the export;
* findings that export itself resolves never block it (:data:`RESOLVED_BY_EXPORT`:
  too many URLs or bytes for one file, duplicates, gzip and encoding of the
  input, a missing or old namespace, where the input itself is published;
  relative locations when there is a site URL to resolve them against);
* any other error finding in a sitemap to be exported blocks it unless the
  user chooses to export anyway (``--allow-errors``, *Export anyway*): then
  those errors are counted in the report as carried into the output, and
  whatever cannot be written validly is left out and listed (see
  :func:`~sitemap_studio.core.export.split.export_documents`, which leaves
  the previous export untouched unless it succeeds).

The export settings of a project are checked twice over: as the project file
will store them (:func:`settings_problems`, so that they can be saved) and as
the export uses them (:meth:`ExportOptions.problems`).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field, replace

from sitemap_studio.core.export.locs import site_root
from sitemap_studio.core.export.options import ExportOptions, ExportReport, derived_base_url
from sitemap_studio.core.export.report import plural
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, report
from sitemap_studio.core.project.project_file import ExportSettings, Project
from sitemap_studio.core.project.settings_values import (
    file_name_problem,
    folder_problem,
    index_lastmod_problem,
    name_pattern_problem,
    stylesheet_problem,
)
from sitemap_studio.core.project.workspace import FileRole, Workspace
from sitemap_studio.core.validation.project import Member, ProjectValidator
from sitemap_studio.core.validation.project_run import run_members

__all__ = [
    "RESOLVED_BY_EXPORT", "ExportBlocked", "ExportSources", "apply_export_settings",
    "blocking_findings", "blocks_export", "check_and_export",
    "export_sources", "options_for", "output_folder_problem", "settings_problems",
]

#: Blocking findings named in the error message; the rest are counted.
SHOWN_BLOCKERS = 5

#: Findings that export resolves by itself, so they never block it: it splits, merges
#: duplicates, writes UTF-8 in the sitemaps.org namespace, and judges the scope of every
#: URL against where the exported files are published (not where the input was).
RESOLVED_BY_EXPORT = frozenset({
    "limit-entries", "limit-bytes", "loc-duplicate", "loc-possible-duplicate",
    "gzip-name-mismatch", "gzip-trailing-bytes", "gzip-unnamed",
    "encoding-declaration-mismatch", "encoding-not-reversible", "encoding-not-utf8",
    "namespace-missing", "namespace-near-miss", "namespace-obsolete", "namespace-wrong",
    "scope-lookalike-host", "scope-other-host", "scope-outside-directory", "scope-port",
    "scope-scheme", "scope-subdomain", "scope-www",
})
#: Resolved by export when there is a site URL to resolve relative locations against.
RESOLVED_WITH_SITE_URL = frozenset({"loc-not-absolute"})


def blocks_export(finding: Finding, *, site_known: bool) -> bool:
    """Whether ``finding`` stops an export unless the user allows errors."""
    if finding.severity != Severity.ERROR or finding.code in RESOLVED_BY_EXPORT:
        return False
    return not (site_known and finding.code in RESOLVED_WITH_SITE_URL)


class ExportBlocked(SitemapError):
    """Errors in the input that export does not resolve; the user may export anyway."""

    def __init__(self, blockers: list[tuple[str, Finding]]) -> None:
        super().__init__(_blocked_message(blockers), code="export-blocked")
        self.blockers = blockers


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
        if item.role == FileRole.SITEMAP:
            sources.documents.append(item.document)
    return sources


def blocking_findings(
    sources: ExportSources,
    *,
    site_url: str | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> list[tuple[str, Finding]]:
    """Error findings that block exporting the documents, as ``(member path, finding)``.

    ``site_url`` is what relative locations resolve against (default: the
    sources' site URL). Validates every member together (hreflang is
    cross-file) without leaving a validator attached to a document, so it
    may run in a worker thread.
    """
    validator = run_members(ProjectValidator(sources.members, site_url=sources.site_url),
                            cancel=cancel, progress=progress)
    targets = {id(doc) for doc in sources.documents}
    site_known = site_root(site_url or sources.site_url) is not None
    found = [(member.path, finding)
             for member in sources.members if id(member.document) in targets
             for finding in validator.validators[member.key].findings()
             if blocks_export(finding, site_known=site_known)]
    # The validators' indexes (every URL, every hreflang cluster) hold as much memory as
    # the documents: free them now, before the export needs its own. They are tied to the
    # project validator in a cycle (their callbacks are its bound methods); breaking it
    # lets reference counting free them at once (no gc.collect() in a worker thread, which
    # could finalise Qt objects of another thread).
    validator.close()
    del validator
    return found


def check_and_export(
    sources: ExportSources,
    options: ExportOptions,
    *,
    allow_errors: bool = False,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ExportReport:
    """Check ``sources`` and export them with ``options``.

    Raises :class:`ExportBlocked` when the input has errors export does not
    resolve, unless ``allow_errors``; :class:`SitemapError` when a member
    cannot be read or the export cannot be written. Progress runs over twice
    the entries: checking, then writing.
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

    site_url = sources.site_url or options.base_url
    blockers = blocking_findings(sources, site_url=site_url, cancel=cancel, progress=checking)
    if blockers and not allow_errors:
        raise ExportBlocked(blockers)
    carried = Counter(finding.code for _key, finding in blockers)
    return export_documents(sources.documents, options, site_url=site_url, carried=carried,
                            cancel=cancel, progress=writing)


def _blocked_message(blockers: list[tuple[str, Finding]]) -> str:
    files = len({key for key, _ in blockers})
    lines = [f"export blocked: {plural(len(blockers), 'error')} in {plural(files, 'file')} "
             "that export cannot resolve by itself; fix them, or export anyway (errors are "
             "then carried into the files, and entries that cannot be written are left out "
             "and listed)"]
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
                         stylesheet=settings.stylesheet, index_lastmod=settings.index_lastmod,
                         host_base_urls=list(settings.host_base_urls))


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
    # A base URL that is what the index or site URL gives anyway is not pinned.
    base = None if settings.base_url == derived_base_url(project) else settings.base_url
    project.export = replace(settings, base_url=base, extra=extra)
