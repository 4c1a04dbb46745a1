"""Export: stream the entries of one or more sitemaps into split, gzipped files plus an index.

Entries are written in order (documents in the order given, rows in row
order), each URL once, into the files of their host (see
:mod:`~sitemap_studio.core.export.feed` for what is written and what is left
out, and :mod:`~sitemap_studio.core.export.files` for how files are filled).
Index documents (and robots.txt, which lists sitemaps, not pages) are skipped.

Everything written is well-formed and valid against the official XSDs,
whatever the input. Export refuses (writing nothing) only what it cannot
write truthfully: URLs of a host with no base URL, URLs outside their base
URL's folder, or an input with nothing to write.

Each host's index (never gzipped: it is small, and robots.txt and search
consoles name it) lists its base URL + each file name, with the newest
lastmod of that file by instant (only full dates, and date-times with
seconds and a time zone, count: values both W3C Datetime and the XSD
accept; the newest is written as found) unless the policy is ``"none"``.

Output is deterministic: the same input gives byte-identical files, whichever
thread wrote them. On any error or cancellation every output folder is left
as it was.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from sitemap_studio.core.export.bodies import plan_bodies
from sitemap_studio.core.export.feed import CHECK_EVERY, EntryFeed
from sitemap_studio.core.export.files import IN_FLIGHT_BYTES, WORKERS, FileFiller, stylesheet_line
from sitemap_studio.core.export.hosts import HostPlan, HostTarget
from sitemap_studio.core.export.locs import LocRules
from sitemap_studio.core.export.options import ExportOptions
from sitemap_studio.core.export.output import OutputFolder
from sitemap_studio.core.export.report import (
    ExportedFile,
    ExportedIndex,
    ExportedSet,
    ExportNotes,
    ExportReport,
    plural,
)
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import SITEMAP_NS, DocumentKind, Entry
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.writing.xml_writer import (
    ENTRY_LEAD,
    XML_DECLARATION,
    root_start_tag,
    simple_entry_xml,
)


def export_documents(
    documents: list[SitemapDocument],
    options: ExportOptions,
    *,
    site_url: str | None = None,
    carried: Counter[str] | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> ExportReport:
    """Write the urlset entries of ``documents`` as split sitemaps plus an index per host.

    ``site_url`` is what relative locations resolve against (default: the
    scheme and host of the base URL). ``carried`` counts, per rule code, the
    error findings of the input the caller chose to export anyway; the report
    lists them. ``progress(done_entries, total_entries)`` is called every few
    thousand entries; ``cancel`` is checked as often. On any error or
    cancellation the output folders are left as they were
    (:class:`SitemapError` or :class:`~sitemap_studio.core.model.errors.Cancelled`
    is raised).
    """
    options.validate()
    sources = [doc for doc in documents if doc.kind == DocumentKind.URLSET]
    namespaces, bodies = plan_bodies(sources)
    total = sum(len(doc) for doc in sources)
    if not total:
        raise SitemapError("nothing to export: no urlset entries in the input (a sitemap needs "
                           "at least one <url>)", code="export-empty")
    hosts = HostPlan(options.all_base_urls())
    notes = ExportNotes(carried=Counter(carried or {}))
    rules = LocRules(site_url or options.base_url)
    inputs = [doc.source.path for doc in documents if doc.source.path]
    root = os.path.abspath(os.fspath(options.out_dir))
    created = _missing_folders(root)
    outputs: dict[str, OutputFolder] = {}
    try:
        with ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="sitemap-export") as pool:
            fillers: dict[HostTarget, FileFiller] = {}

            def filler_for(target: HostTarget) -> FileFiller:
                filler = fillers.get(target)
                if filler is None:
                    created.extend(_missing_folders(os.path.join(root, target.folder)))
                    output = OutputFolder(os.path.join(root, target.folder), protected=inputs)
                    outputs[target.origin] = output
                    filler = fillers[target] = FileFiller(options, namespaces, output, pool)
                return filler

            feed = EntryFeed(rules, hosts, notes, namespaces, filler_for)
            feed.note_repeats(sources, cancel)
            try:
                for doc, body_of in zip(sources, bodies, strict=True):
                    feed.add_document(doc, body_of, total, cancel, progress)
                refusal = hosts.refusal()
                if refusal:
                    raise SitemapError(f"cannot export: {refusal}", code="export-hosts")
                if not fillers:
                    raise SitemapError(_nothing_left(notes), code="export-empty")
                written = {target: filler.finish() for target, filler in fillers.items()}
            finally:
                for filler in fillers.values():
                    filler.drain()
        check(cancel)
        sets = []
        for target, files in written.items():
            output = outputs[target.origin]
            index = _write_index(options, target.base_url, output, files)
            if target.folder:
                files = [_in_folder(target.folder, item) for item in files]
                index = ExportedIndex(f"{target.folder}/{index.name}", index.sitemaps,
                                      index.bytes)
            sets.append(ExportedSet(target.origin, target.base_url, output.root, files, index))
        report(progress, total, total)
        check(cancel)
        for item in sets:
            item.removed = outputs[item.origin].commit()
    except BaseException:
        for output in outputs.values():
            output.abort()
        for folder in sorted(set(created), key=len, reverse=True):
            with contextlib.suppress(OSError):
                os.rmdir(folder)  # only folders this export made, and only when empty
        raise
    return ExportReport(root if len(sets) > 1 else sets[0].out_dir, sets, notes)


def _missing_folders(folder: str) -> list[str]:
    """``folder`` and those of its parents that do not exist yet (an export makes them)."""
    missing = []
    while folder and not os.path.exists(folder):
        missing.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return missing


def _nothing_left(notes: ExportNotes) -> str:
    reasons = "; ".join(f"{plural(count, 'entry', 'entries')}: {reason}"
                        for reason, count in notes.left_out.counts.most_common())
    merged = f"; {plural(notes.merged, 'duplicate')} merged" if notes.merged else ""
    return f"nothing to export: every entry was left out ({reasons}{merged})"


def _in_folder(folder: str, item: ExportedFile) -> ExportedFile:
    return ExportedFile(f"{folder}/{item.name}", item.urls, item.raw_bytes, item.stored_bytes,
                        item.lastmod)


# --- the index ----------------------------------------------------------------------------------


def index_bytes(options: ExportOptions, files: list[ExportedFile],
                base_url: str | None = None) -> bytes:
    """The sitemap index listing ``files`` under ``base_url`` (default ``options.base_url``)."""
    base = base_url if base_url is not None else options.base_url
    assert base is not None
    parts = [XML_DECLARATION, stylesheet_line(options),
             root_start_tag(DocumentKind.INDEX, {"": SITEMAP_NS})]
    for item in files:
        lastmod = item.lastmod if options.index_lastmod == "newest" else None
        entry = Entry(loc=base + item.name, lastmod=lastmod)
        parts.append(ENTRY_LEAD)
        parts.append(simple_entry_xml(entry, "sitemap"))
    parts.append(b"\n</" + DocumentKind.INDEX.value.encode() + b">\n")
    return b"".join(parts)


def _write_index(options: ExportOptions, base_url: str, output: OutputFolder,
                 files: list[ExportedFile]) -> ExportedIndex:
    data = index_bytes(options, files, base_url)
    path = output.add(options.index_name)
    OutputFolder.write(path, data, False)
    return ExportedIndex(options.index_name, len(files), len(data))


__all__ = ["CHECK_EVERY", "IN_FLIGHT_BYTES", "WORKERS", "export_documents", "index_bytes"]
