"""Read entries to import from every kind of source, each into a plain :class:`ImportBatch`.

Files are told apart by their content (the name only breaks a tie): XML
sitemaps, indexes and feeds, gzip, robots.txt and one-URL-a-line text go
through the loader, with its caps and hardened parsing; CSV and TSV become a
:class:`TableSource` that waits for its column mapping. A sitemap index (or
a robots.txt) brings in the entries of its children that are files beside
it, never fetched. Clipboard text is tab-separated with a header row, or one
URL a line, or a pasted XML sitemap. Nothing here changes a document.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from sitemap_studio.core.edits.tsv import tsv_to_entries
from sitemap_studio.core.fetching.http_fetch import DEFAULT_TIMEOUT, make_fetcher
from sitemap_studio.core.fetching.site_fetch import FetchOutcome, StatusCallback, fetch_sitemaps
from sitemap_studio.core.imports.checks import check_entries
from sitemap_studio.core.imports.csv_guess import looks_like_header, sniff
from sitemap_studio.core.imports.csv_source import (
    ColumnMapping,
    TableFormat,
    read_table,
    rows_to_entries,
)
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check
from sitemap_studio.core.project.expand import child_path
from sitemap_studio.core.reading.loader import document_from_source, open_bytes, open_document
from sitemap_studio.core.reading.prolog import looks_like_markup
from sitemap_studio.core.reading.robots import looks_like_robots
from sitemap_studio.core.reading.source import read_source

#: How a file is read: by its content, as a table, or as a sitemap, feed or URL list.
AUTO, TABLE, DOCUMENT = "auto", "table", "document"
#: Child sitemaps of a local index read at most, and index levels followed.
MAX_CHILDREN = 1000
MAX_DEPTH = 2
_TABLE_SUFFIXES = (".csv", ".tsv", ".tab")


@dataclass(slots=True)
class ImportBatch:
    """Entries ready to import (ids ``-1``), what reading them noticed, and where they came from.

    ``flagged`` holds the indexes of the entries with findings of their own.
    """

    entries: list[Entry] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    description: str = ""
    flagged: set[int] = field(default_factory=set)


@dataclass(slots=True)
class TableSource:
    """A CSV or TSV file read into memory, with the guessed format, waiting for its mapping."""

    name: str
    data: bytes
    format: TableFormat


def _note(severity: Severity, code: str, message: str, line: int | None = None) -> Finding:
    return Finding(severity, code, message, line=line, source=RuleSource.STUDIO)


def finish(batch: ImportBatch, cancel: CancelToken | None = None,
           progress: ProgressCallback | None = None) -> ImportBatch:
    """Fill ``batch.flagged`` by running each entry's own rules."""
    batch.flagged = check_entries(batch.entries, cancel=cancel, progress=progress)
    return batch


def looks_like_table(data: bytes, name: str | None = None) -> bool:
    """Whether plain text is a CSV or TSV table rather than one URL a line or a robots.txt."""
    sample = data[:65536]
    if looks_like_markup(sample.removeprefix(b"\xef\xbb\xbf")) or sample.startswith(b"\x1f\x8b"):
        return False
    if looks_like_robots(name, sample):
        return False
    if name and name.lower().endswith(_TABLE_SUFFIXES):
        return True
    try:
        fmt = sniff(sample)
        table = read_table(sample, fmt.delimiter, fmt.encoding, False, max_rows=20)
    except SitemapError:
        return False
    rows = table.rows
    if not rows or max(len(row) for row in rows) < 2:
        return False
    if fmt.delimiter != "," or looks_like_header(rows[0], rows[1] if len(rows) > 1 else None):
        return True
    # Commas also appear inside URLs (mostly in the query): a table's first column ends
    # before any query, and its second holds no URL pieces.
    if all("?" in row[0] for row in rows if len(row) > 1):
        return False
    seconds = [row[1].strip() for row in rows if len(row) > 1 and row[1].strip()]
    return bool(seconds) and not any("/" in text or "=" in text for text in seconds)


def inspect_file(
    path: str,
    read_as: str = AUTO,
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ImportBatch | TableSource:
    """Read ``path``: a table waits for its mapping, anything else becomes a batch.

    Raises:
        SitemapError: The file cannot be read (with where and why).
    """
    limits = limits or Limits.from_env()
    source = read_source(path, limits, cancel=cancel, progress=progress)
    name = os.path.basename(path)
    if read_as == TABLE or (read_as == AUTO and looks_like_table(source.data, name)):
        return TableSource(name, source.data, sniff(source.data))
    document = document_from_source(source, limits, cancel=cancel)
    return finish(batch_from_document(document, path, limits, cancel), cancel)


def read_table_source(
    table_source: TableSource,
    table_format: TableFormat,
    mapping: ColumnMapping,
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ImportBatch:
    """The entries of a table through ``mapping``; rows that give none are problems."""
    fmt = table_format
    table = read_table(table_source.data, fmt.delimiter, fmt.encoding, fmt.has_header,
                       limits=limits, cancel=cancel, progress=progress)
    mapped = rows_to_entries(table, mapping, cancel=cancel)
    kind = "TSV" if fmt.delimiter == "\t" else "CSV"
    batch = ImportBatch(mapped.entries, mapped.problems,
                        f"{table_source.name} ({kind}, {len(table.rows):,} rows)")
    return finish(batch, cancel)


def read_clipboard(text: str, limits: Limits | None = None, *,
                   cancel: CancelToken | None = None,
                   progress: ProgressCallback | None = None) -> ImportBatch:
    """Entries from clipboard text: tab-separated with a header, one URL a line, or XML."""
    limits = limits or Limits.from_env()
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        document = open_bytes(stripped.encode("utf-8"), None, limits)
        return finish(batch_from_document(document, None, limits, cancel), cancel, progress)
    check(cancel)
    result = tsv_to_entries(text)
    if len(result.entries) > limits.max_entries:
        raise SitemapError(f"the clipboard holds more than {limits.max_entries:,} entries",
                           code="limit-exceeded")
    problems = [_note(Severity.ERROR, "paste-line-skipped", message, line or None)
                for line, message in result.problems]
    what = "tab-separated with a header row" if result.header else "one URL a line"
    batch = ImportBatch([replace(e, id=-1) for e in result.entries], problems,
                        f"the clipboard ({what})")
    return finish(batch, cancel, progress)


def batch_from_document(document: SitemapDocument, path: str | None, limits: Limits,
                        cancel: CancelToken | None = None) -> ImportBatch:
    """The entries of a read document; an index brings in its local children instead."""
    name = os.path.basename(path) if path else "the clipboard"
    problems = [_prefixed(finding, name) for finding in document.load_findings]
    what = {"feed": "feed", "text": "text list", "robots": "robots.txt"}.get(
        document.source.format, "sitemap")
    if document.kind != DocumentKind.INDEX:
        entries = [replace(entry, id=-1, element="url") for entry in document.entries()]
        return ImportBatch(entries, problems, f"{name} ({what}, {len(entries):,} URLs)")
    batch = ImportBatch(problems=problems)
    if path is None:
        batch.problems.append(_note(Severity.WARNING, "import-index-no-folder",
                                    "a sitemap index from the clipboard has no folder to find "
                                    "its child sitemaps in: nothing to import"))
        batch.description = "the clipboard (sitemap index)"
        return batch
    read = _read_children(document, path, limits, batch, cancel, depth=1, seen={path})
    kind = "robots.txt" if document.source.format == SourceFormat.ROBOTS else "sitemap index"
    batch.description = f"{name} ({kind}, {read:,} local child sitemaps)"
    return batch


def _read_children(index: SitemapDocument, index_path: str, limits: Limits,
                   batch: ImportBatch, cancel: CancelToken | None, depth: int,
                   seen: set[str]) -> int:
    """Add the entries of the index's children that are files beside it; return how many."""
    read = 0
    for row in range(len(index)):
        check(cancel)
        url = index.text(row, 0)
        if not url:
            continue
        local = child_path(url, None, index_path)
        if local is None or not os.path.isfile(local):
            batch.problems.append(_note(Severity.WARNING, "import-child-missing",
                                        f"{url}: no such file beside the index; not imported"))
            continue
        if local in seen:
            continue
        seen.add(local)
        if len(seen) > MAX_CHILDREN:
            batch.problems.append(_note(Severity.WARNING, "import-too-many-children",
                                        f"more than {MAX_CHILDREN} child sitemaps: the rest "
                                        "were not read"))
            break
        try:
            child = open_document(local, limits, cancel=cancel)
        except SitemapError as exc:
            batch.problems.append(_note(Severity.ERROR, "import-child-unreadable", str(exc)))
            continue
        read += 1
        name = os.path.basename(local)
        batch.problems.extend(_prefixed(finding, name) for finding in child.load_findings)
        if child.kind == DocumentKind.INDEX:
            if depth < MAX_DEPTH:
                read += _read_children(child, local, limits, batch, cancel, depth + 1, seen)
            else:
                batch.problems.append(_note(Severity.WARNING, "import-index-too-deep",
                                            f"{name}: indexes nested more than {MAX_DEPTH} "
                                            "levels deep; not read"))
            continue
        room = limits.max_entries - len(batch.entries)
        if len(child) > room:
            raise SitemapError(f"more than {limits.max_entries:,} entries in all",
                               code="limit-exceeded")
        batch.entries.extend(replace(e, id=-1, element="url") for e in child.entries())
    return read


def _prefixed(finding: Finding, name: str) -> Finding:
    return replace(finding, message=f"{name}: {finding.message}", entry=None)


def batch_from_fetch(outcome: FetchOutcome, site: str,
                     cancel: CancelToken | None = None) -> ImportBatch:
    """A batch of what a live-site fetch brought in."""
    batch = ImportBatch(list(outcome.entries), list(outcome.findings),
                        f"{site} (live site, {outcome.sitemaps:,} sitemaps fetched)")
    for status in outcome.statuses:
        if not status.ok:
            batch.problems.append(_note(Severity.WARNING, "import-url-failed",
                                        f"{status.url}: {status.message}"))
    return finish(batch, cancel)


def read_live_site(
    urls: list[str],
    site: str,
    limits: Limits | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
    on_status: StatusCallback | None = None,
) -> ImportBatch:
    """Fetch the chosen sitemap ``urls`` of ``site`` (and their index children) into a batch."""
    limits = limits or Limits.from_env()
    fetcher = make_fetcher(timeout=timeout, max_bytes=limits.max_uncompressed_bytes,
                           cancel=cancel)
    outcome = fetch_sitemaps(urls, fetcher, limits=limits, progress=progress, cancel=cancel,
                             on_status=on_status)
    return batch_from_fetch(outcome, site, cancel)


__all__ = [
    "AUTO",
    "DOCUMENT",
    "TABLE",
    "ImportBatch",
    "TableSource",
    "batch_from_document",
    "batch_from_fetch",
    "finish",
    "inspect_file",
    "looks_like_table",
    "read_clipboard",
    "read_live_site",
    "read_table_source",
]
