"""What the project would export now, and how the live files compare with it, file by file.

The export runs for real, with the project's own settings, into a temporary
folder that is removed afterwards (the project's export folder is not
touched). Each written file is known by the URL it would be published at
(the base URL plus its name) and kept after decompression. A live file
matches when its bytes after decompression are the same; when they are not,
the URLs they list are compared, and the report says how many the live file
adds and how many it misses.
"""

from __future__ import annotations

import gzip
import os
import tempfile
from dataclasses import dataclass, field

from sitemap_studio.core.export.options import ExportOptions
from sitemap_studio.core.export.run import export_sources
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback
from sitemap_studio.core.project.workspace import Workspace
from sitemap_studio.core.publish_check.problems import FileCheck, FileMatch, MatchState
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.urls.parsing import normalize_url


@dataclass(frozen=True, slots=True)
class ExpectedFile:
    """One file the export would write: where it is published, its bytes, its locations."""

    url: str
    body: bytes
    locs: tuple[str, ...]


@dataclass(slots=True)
class ExpectedExport:
    """The files of an export, each host's index first (the URLs to check live)."""

    index_urls: list[str] = field(default_factory=list)
    files: list[ExpectedFile] = field(default_factory=list)


def public_index_urls(workspace: Workspace) -> list[str]:
    """Where the project's exported index is published (one URL per host), or ``[]``."""
    project = workspace.project
    if project is None:
        return []
    options = ExportOptions.from_project(project)
    return [base + options.index_name for base in options.all_base_urls()]


def expected_export(workspace: Workspace, *, cancel: CancelToken | None = None,
                    progress: ProgressCallback | None = None) -> ExpectedExport:
    """Export ``workspace``'s project into a temporary folder and keep what it wrote.

    Raises:
        SitemapError: the project has no base URL, a member cannot be read, or the
            export cannot be made.
    """
    project = workspace.project
    if project is None:
        raise SitemapError("only a project can be compared with what is live",
                           code="check-no-project")
    sources = export_sources(workspace)
    if sources.unreadable:
        raise sources.unreadable[0]
    options = ExportOptions.from_project(project)
    expected = ExpectedExport()
    with tempfile.TemporaryDirectory(prefix="sitemap-check-") as folder:
        options.out_dir = os.path.join(folder, "export")
        report = export_documents(sources.documents, options,
                                  site_url=sources.site_url or options.base_url,
                                  cancel=cancel, progress=progress)
        for written in report.sets:
            index_url = written.base_url + options.index_name
            expected.index_urls.append(index_url)
            names = [options.index_name] + [os.path.basename(item.name) for item in written.files]
            for name in names:
                with open(os.path.join(written.out_dir, name), "rb") as handle:
                    data = handle.read()
                body = gzip.decompress(data) if name.endswith(".gz") else data
                expected.files.append(ExpectedFile(written.base_url + name, body,
                                                   tuple(_locs(body, name))))
    return expected


def _locs(body: bytes, name: str) -> list[str]:
    document = open_bytes(body, name)
    return [loc for loc in (document.text(row, 0) for row in range(len(document))) if loc]


def compare(checks: list[FileCheck], expected: ExpectedExport) -> bool:
    """Set each live file's :attr:`FileCheck.match`; return whether everything matches.

    Files the export would write that were not among the live files get a
    :class:`FileCheck` of their own (appended to ``checks``).
    """
    live = {normalize_url(item.url): item for item in checks}
    matches = True
    wanted = set()
    for item in expected.files:
        key = normalize_url(item.url)
        wanted.add(key)
        check = live.get(key)
        if check is None:
            check = FileCheck(item.url)
            checks.append(check)
            check.match = FileMatch(MatchState.NOT_LIVE, "the project would export this file; "
                                    "no live index lists it")
            matches = False
            continue
        check.match = _match(check, item)
        matches = matches and check.match.state == MatchState.SAME
    for key, check in live.items():
        if key not in wanted:
            check.match = FileMatch(MatchState.NOT_IN_PROJECT,
                                    "live, but the project would not export this file")
            matches = False
    return matches


def _match(check: FileCheck, item: ExpectedFile) -> FileMatch:
    if check.body is None or check.locs is None:
        return FileMatch(MatchState.NOT_LIVE, "could not be read live, so it cannot be compared")
    if check.body == item.body:
        return FileMatch(MatchState.SAME, "the same bytes as the project's export")
    live = {normalize_url(loc) for loc in check.locs}
    wanted = {normalize_url(loc) for loc in item.locs}
    added, missing = len(live - wanted), len(wanted - live)
    if not added and not missing:
        return FileMatch(MatchState.SAME_URLS, f"other bytes, but the same {len(live):,} URLs "
                         "(lastmod or other values differ): export and upload again")
    return FileMatch(MatchState.DIFFERENT,
                     f"{added:,} URLs live that the project does not export, {missing:,} URLs "
                     "the project exports that are not live: export and upload again",
                     added=added, missing=missing)


__all__ = ["ExpectedExport", "ExpectedFile", "compare", "expected_export", "public_index_urls"]
