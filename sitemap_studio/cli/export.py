"""``sitemap-studio export``: split sitemaps into protocol-sized files plus an index.

Input is one ``.sitemapproj`` project (its member sitemaps, with the
project's export settings) or one or more sitemap files and URL lists. The
options given override the project's settings. Plain files need
``--base-url``, the public URL of the output folder, because the index lists
every file by absolute URL (an index is always written, even for one file);
give it once per host when the input spans several hosts.

Before anything is written, the inputs are validated. What export resolves by
itself never blocks it (over 50,000 URLs or 50 MiB, duplicates, relative URLs
with a site URL, gzip, encoding, namespace); any other error finding is
printed as ``FILE:LINE:COLUMN: error CODE: message`` and blocks the export
(exit 1, nothing written) unless ``--allow-errors`` is given. Exit 0 on
success, 1 when the input has errors that block export, 2 when an input
cannot be read, the options are unusable or do not fit the input's hosts, or
the output cannot be written. The previous export in the folder is left
untouched whenever the export does not succeed.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

from sitemap_studio.cli.names import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE
from sitemap_studio.cli.validate import location
from sitemap_studio.core.export import (
    DEFAULT_INDEX_NAME,
    DEFAULT_NAME_PATTERN,
    ExportOptions,
    ExportSources,
    blocking_findings,
    export_documents,
    export_sources,
    plural,
)
from sitemap_studio.core.model import (
    PROTOCOL_MAX_BYTES,
    PROTOCOL_MAX_URLS,
    Finding,
    Limits,
    SitemapError,
)
from sitemap_studio.core.project import INDEX_LASTMOD_POLICIES, is_project_path, open_workspace
from sitemap_studio.core.reading import open_document
from sitemap_studio.core.validation import Member

#: Errors of the export itself that are problems of the input, not of reading or writing.
_INPUT_CODES = frozenset({"export-entry", "export-empty", "export-too-large"})
#: Blocking findings printed before the rest are summarised.
_SHOWN_BLOCKERS = 200


def add_parser(commands: Any) -> None:
    """Register ``export`` on the CLI's subparsers.

    ``--max-bytes`` here is the size limit per written file; the cap on what
    is read is ``--max-input-bytes`` (destination ``max_bytes``, as the other
    commands' ``--max-bytes``), so the CLI's usual input limits still apply.
    """
    parser = commands.add_parser(
        "export", help="split sitemaps into protocol-sized files plus a sitemap index",
        description="Write the URLs of a project (its member sitemaps) or of the given sitemap "
                    "files and URL lists into files of at most --max-urls URLs and --max-bytes "
                    "bytes each, gzipped unless --no-gzip, plus a sitemap index listing them; "
                    "each URL once, one set of files per host. What export resolves itself "
                    "(too many URLs or bytes, duplicates, relative URLs with a site URL) never "
                    "blocks it; other validation errors do (exit 1) unless --allow-errors. "
                    "Files are written to a temporary folder inside DIR and moved into place "
                    "only when all succeeded; files of the previous export that are no longer "
                    "produced are removed. Exit 0 on success, 1 when the input has errors, 2 "
                    "when a file cannot be read or written or the options do not fit.")
    parser.add_argument("inputs", nargs="+", metavar="PROJECT|FILE",
                        help="one .sitemapproj project, or sitemap files and URL lists")
    parser.add_argument("--out", metavar="DIR",
                        help="the output folder (default for a project: its export folder)")
    parser.add_argument("--base-url", metavar="[HOST=]URL", action="append",
                        help="public URL of the output folder, ending with '/' (default for a "
                             "project: the folder of its index URL, else its site URL); "
                             "required for plain files. Give it once per host when the input "
                             "spans several: each host's files and index then go into a folder "
                             "named after the host")
    parser.add_argument("--allow-errors", action="store_true",
                        help="export even when the input has errors export cannot resolve: they "
                             "are carried into the files (which stay schema-valid), entries that "
                             "cannot be written are left out, and the report lists both")
    parser.add_argument("--max-urls", type=int, metavar="N", dest="file_max_urls",
                        help=f"URLs per file, 1 to {PROTOCOL_MAX_URLS} "
                             f"(default {PROTOCOL_MAX_URLS})")
    parser.add_argument("--max-bytes", type=int, metavar="N", dest="file_max_bytes",
                        help=f"uncompressed bytes per file (default {PROTOCOL_MAX_BYTES})")
    parser.add_argument("--gzip", action=argparse.BooleanOptionalAction, default=None,
                        help="gzip the sitemap files (default: yes; the index stays plain XML)")
    parser.add_argument("--name", metavar="PATTERN", dest="name_pattern",
                        help=f"file name pattern with {{n}} or {{n:03}} for the number "
                             f"(default {DEFAULT_NAME_PATTERN}; .gz is added when gzipping)")
    parser.add_argument("--index-name", metavar="NAME",
                        help=f"file name of the index (default {DEFAULT_INDEX_NAME})")
    parser.add_argument("--index-lastmod", choices=INDEX_LASTMOD_POLICIES,
                        help="lastmod of each index entry: the newest lastmod in that file "
                             "(default) or none")
    parser.add_argument("--stylesheet", metavar="HREF",
                        help="an XSL stylesheet to reference from every written file")
    parser.add_argument("--max-input-bytes", type=int, metavar="N", dest="max_bytes",
                        help="refuse inputs larger than N bytes uncompressed "
                             "(default 268435456, or SITEMAP_STUDIO_MAX_BYTES)")
    parser.add_argument("--max-entries", type=int, metavar="N",
                        help="refuse inputs with more than N entries "
                             "(default 1000000, or SITEMAP_STUDIO_MAX_ENTRIES)")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Validate, export, print the report, and return the exit status."""
    inputs: list[str] = list(args.inputs)
    projects = [path for path in inputs if is_project_path(path)]
    if projects and len(inputs) > 1:
        return _usage("give one project, or sitemap files, not both")
    bases: list[str] = list(args.base_url or [])
    if projects:
        try:
            workspace = open_workspace(projects[0], limits)
        except SitemapError as exc:
            return _unreadable([exc.with_path(projects[0])])
        assert workspace.project is not None
        options = ExportOptions.from_project(workspace.project,
                                             base_url=bases[0] if bases else None)
        sources = export_sources(workspace)
    else:
        if args.out is None:
            return _usage("--out DIR is required when exporting sitemap files")
        options = ExportOptions(out_dir=args.out, base_url=bases[0] if bases else None)
        sources = ExportSources()
    if len(bases) > 1:
        options.host_base_urls = bases[1:]
    _override(options, args)
    problems = options.problems()
    if problems:
        return _usage("; ".join(problems))
    if not projects:
        for path in inputs:
            try:
                document = open_document(path, limits)
            except SitemapError as exc:
                sources.unreadable.append(exc.with_path(path))
                continue
            sources.members.append(Member(path, document))
            sources.documents.append(document)
    if sources.unreadable:
        return _unreadable(sources.unreadable)
    site_url = sources.site_url or options.base_url
    blockers = blocking_findings(sources, site_url=site_url)
    _print_blockers(blockers, allowed=args.allow_errors)
    if blockers and not args.allow_errors:
        return EXIT_INVALID
    try:
        report = export_documents(sources.documents, options, site_url=site_url,
                                  carried=Counter(finding.code for _key, finding in blockers))
    except SitemapError as exc:
        print(exc.located() if exc.path else f"sitemap-studio export: {exc.message}",
              file=sys.stderr)
        return EXIT_INVALID if exc.code in _INPUT_CODES else EXIT_UNREADABLE
    for line in report.lines():
        print(line)
    return EXIT_OK


def _override(options: ExportOptions, args: argparse.Namespace) -> None:
    """Apply the options given on the command line over the project's settings."""
    if args.out is not None:
        options.out_dir = args.out
    for name in ("file_max_urls", "file_max_bytes"):
        value = getattr(args, name)
        if value is not None:
            setattr(options, name.removeprefix("file_"), value)
    for name in ("gzip", "name_pattern", "index_name", "index_lastmod", "stylesheet"):
        value = getattr(args, name)
        if value is not None:
            setattr(options, name, value)


def _print_blockers(blockers: list[tuple[str, Finding]], *, allowed: bool) -> None:
    """Print the errors export cannot resolve, and what happens because of them."""
    for key, finding in blockers[:_SHOWN_BLOCKERS]:
        print(f"{location(key, finding)}: error {finding.code}: {finding.message}",
              file=sys.stderr)
    if len(blockers) > _SHOWN_BLOCKERS:
        print(f"... and {len(blockers) - _SHOWN_BLOCKERS} more errors", file=sys.stderr)
    if not blockers:
        return
    files = len({key for key, _ in blockers})
    counts = Counter(finding.code for _key, finding in blockers)
    summary = ", ".join(f"{code} x{count}" for code, count in counts.most_common())
    where = f"{plural(len(blockers), 'error')} in {plural(files, 'file')} ({summary})"
    if allowed:
        print(f"exporting anyway (--allow-errors): {where}; entries that cannot be written "
              "validly are left out and listed below", file=sys.stderr)
    else:
        print(f"export blocked: {where} that export cannot resolve by itself; fix them "
              "(sitemap-studio validate lists every finding), or export anyway with "
              "--allow-errors; nothing was written", file=sys.stderr)


def _usage(message: str) -> int:
    print(f"sitemap-studio export: error: {message}", file=sys.stderr)
    return EXIT_UNREADABLE


def _unreadable(errors: list[SitemapError]) -> int:
    for error in errors:
        print(error.located(), file=sys.stderr)
    return EXIT_UNREADABLE
