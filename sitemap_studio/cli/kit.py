"""``sitemap-studio kit``: robots.txt lines, IndexNow key and batches, and the retired ping links.

Nothing is sent unless ``--submit`` is given. The project file is never
changed: a generated key is printed, written into the kit, and left to the
user to keep.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from sitemap_studio.cli.names import EXIT_INVALID, EXIT_OK, EXIT_UNREADABLE
from sitemap_studio.core.export import ExportSources, blocking_findings, written_urls
from sitemap_studio.core.model import (
    DocumentKind,
    Finding,
    Limits,
    Severity,
    SitemapDocument,
    SitemapError,
)
from sitemap_studio.core.project import INDEXNOW_ENDPOINT, FileRole, open_workspace, url_problem
from sitemap_studio.core.publishing import (
    LIVE_ROUTES,
    batches,
    check_robots,
    generate_key,
    get_link,
    key_file,
    key_location_url,
    key_problem,
    ping_links,
    robots_lines,
    robots_txt_url,
    submit,
    write_kit,
)
from sitemap_studio.core.reading import open_document
from sitemap_studio.core.urls import origin
from sitemap_studio.core.validation import Member

#: Crawlers read the first 500 KiB of a robots.txt; more is not worth checking.
MAX_ROBOTS_BYTES = 512 * 1024
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
#: Blocking findings printed before the rest are counted.
_SHOWN = 200


class _Stop(Exception):
    """End the command with ``code`` after its message was printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@dataclass(slots=True)
class _Inputs:
    """Everything the kit is built from, with notes on what was assumed."""

    site_url: str | None
    sitemaps: list[str]
    out_dir: str
    documents: list[tuple[str, SitemapDocument, str | None]] = field(default_factory=list)
    key: str | None = None
    key_location: str | None = None
    endpoint: str = INDEXNOW_ENDPOINT
    index_path: str | None = None
    notes: list[str] = field(default_factory=list)


def _url(text: str) -> str:
    if problem := url_problem(text):
        raise argparse.ArgumentTypeError(problem)
    return text


def _key(text: str) -> str:
    if problem := key_problem(text):
        raise argparse.ArgumentTypeError(problem)
    return text


def add_parser(commands: Any) -> None:
    """Register ``kit`` on the CLI's subparsers."""
    parser = commands.add_parser(
        "kit", help="robots.txt lines, IndexNow key file and batches, retired ping links",
        description="Prepare what tells search engines about a site: the robots.txt "
                    "'Sitemap:' lines, an IndexNow key file and JSON batches of the URLs "
                    "(at most 10,000 per host and file), and, for reference, the retired "
                    "Google and Bing ping links. Give a .sitemapproj PROJECT (its index URL, "
                    "site URL, IndexNow settings, export folder and sitemaps), or --base-url "
                    "URL --out DIR: then the sitemap is URL + sitemap-index.xml (unless "
                    "--sitemap-url names others) and the URLs to batch come from --urls "
                    "FILE... (sitemaps, .gz or text lists, one URL per line). Without a key "
                    "one is generated and printed; the project file is never changed. "
                    "Nothing is sent unless --submit is given. Exit 0 on success, 1 when "
                    "the input has errors that block export (they are listed), when the "
                    "robots.txt given with --robots has errors, or when --submit was given "
                    "and a batch was not accepted; 2 when an input cannot be read or the "
                    "kit cannot be written.")
    parser.add_argument("project", nargs="?", metavar="PROJECT", help="a .sitemapproj file")
    parser.add_argument("--base-url", metavar="URL", type=_url,
                        help="the site's URL, when there is no project (needs --out)")
    parser.add_argument("--out", metavar="DIR",
                        help="where the key file and batches go (default: the project's "
                             "export folder)")
    parser.add_argument("--urls", nargs="+", metavar="FILE",
                        help="with --base-url: sitemaps or text lists whose URLs go into the "
                             "IndexNow batches")
    parser.add_argument("--sitemap-url", action="append", metavar="URL", type=_url,
                        help="with --base-url: a public sitemap URL for robots.txt and the "
                             "ping links (repeat for several; default URL/sitemap-index.xml)")
    parser.add_argument("--indexnow-key", metavar="KEY", type=_key,
                        help="the IndexNow key (8-128 of a-z A-Z 0-9 -); default: the "
                             "project's, else a new one")
    parser.add_argument("--key-location", metavar="URL", type=_url,
                        help="where the key file will be served (default: <key>.txt in the "
                             "site URL's folder, or the project's setting)")
    parser.add_argument("--robots", metavar="FILE",
                        help="check an existing robots.txt: missing, relative, foreign-host "
                             "and other bad 'Sitemap:' lines")
    parser.add_argument("--submit", action="store_true",
                        help="POST the batches to the IndexNow endpoint (only with this flag; "
                             "upload the key file first)")
    parser.add_argument("--allow-errors", action="store_true",
                        help="build the kit even when the sitemaps have errors export cannot "
                             "resolve (as export --allow-errors does)")
    parser.add_argument("--endpoint", metavar="URL", type=_url,
                        help="the IndexNow endpoint for --submit and the GET link (default: "
                             f"the project's, else {INDEXNOW_ENDPOINT})")


def run(args: argparse.Namespace, limits: Limits) -> int:
    """Build the kit, print it, write its files, submit when asked; return the exit status."""
    try:
        inputs = _from_project(args, limits) if args.project else _from_base_url(args, limits)
        return _build(args, inputs)
    except _Stop as stop:
        return stop.code


def _fail(message: str, code: int) -> _Stop:
    print(f"kit: {message}", file=sys.stderr)
    return _Stop(code)


# --- inputs -------------------------------------------------------------------------------------


def _from_project(args: argparse.Namespace, limits: Limits) -> _Inputs:
    if args.base_url or args.urls or args.sitemap_url:
        raise _fail("--base-url, --urls and --sitemap-url are for use without a project; a "
                    "project's sitemaps and URLs come from the project", EXIT_UNREADABLE)
    try:
        workspace = open_workspace(args.project, limits)
    except SitemapError as exc:
        raise _fail(exc.with_path(args.project).located(), EXIT_UNREADABLE) from None
    project = workspace.project
    assert project is not None
    broken = [item.error for item in workspace.items if item.error is not None]
    for error in broken:
        print(error.located(), file=sys.stderr)
    if broken:
        raise _fail(f"{len(broken)} file(s) of the project cannot be read", EXIT_UNREADABLE)
    refs = [project.index] if project.index is not None else project.sitemaps
    unpublished = [ref.path for ref in refs if not ref.url]
    if not refs or unpublished:
        what = ", ".join(unpublished) if unpublished else "the project lists no sitemaps"
        raise _fail(f"no public URL for {what}: set the sitemap's URL in the project "
                    "(robots.txt and IndexNow need it)", EXIT_INVALID)
    sitemaps = [ref.url for ref in refs if ref.url]
    inputs = _Inputs(project.site_url, sitemaps, args.out or project.output_folder(),
                     endpoint=args.endpoint or project.submission.indexnow_endpoint)
    if inputs.site_url is None:
        inputs.site_url = (origin(sitemaps[0]) or sitemaps[0]) + "/"
        inputs.notes.append(f"the project has no site URL; assumed {inputs.site_url}")
    for item in workspace.items:
        assert item.document is not None
        if item.role == FileRole.INDEX:
            inputs.index_path = item.path
        inputs.documents.append((item.path, item.document,
                                 item.ref.url if item.ref is not None else None))
    settings = project.submission
    inputs.key = args.indexnow_key or settings.indexnow_key
    if args.key_location:
        inputs.key_location = args.key_location
    elif inputs.key == settings.indexnow_key and settings.indexnow_key_location:
        inputs.key_location = settings.indexnow_key_location
    return inputs


def _from_base_url(args: argparse.Namespace, limits: Limits) -> _Inputs:
    if not args.base_url or not args.out:
        raise _fail("give a PROJECT, or --base-url URL and --out DIR", EXIT_UNREADABLE)
    parts = urlsplit(args.base_url)
    folder = parts.path if parts.path.endswith("/") else parts.path + "/"
    base = urlunsplit((parts.scheme, parts.netloc, folder, "", ""))
    notes = []
    if base not in (args.base_url, args.base_url + "/"):
        notes.append(f"the base URL is taken as the folder {base}")
    sitemaps = args.sitemap_url or [base + "sitemap-index.xml"]
    if not args.sitemap_url:
        notes.append(f"assumed the sitemap index is published at {sitemaps[0]} (name other "
                     "sitemaps with --sitemap-url)")
    inputs = _Inputs(base, sitemaps, args.out, key=args.indexnow_key,
                     key_location=args.key_location, endpoint=args.endpoint or INDEXNOW_ENDPOINT,
                     notes=notes)
    unreadable = 0
    for path in args.urls or []:
        try:
            inputs.documents.append((path, open_document(path, limits), None))
        except SitemapError as exc:
            print(exc.with_path(path).located(), file=sys.stderr)
            unreadable += 1
    if unreadable:
        raise _fail(f"{unreadable} file(s) given with --urls cannot be read", EXIT_UNREADABLE)
    return inputs


# --- checking -----------------------------------------------------------------------------------


def _check_locations(inputs: _Inputs, allow_errors: bool) -> None:
    """Stop with exit 1, listing them, when the URLs have errors that block export.

    The rules are export's own (:func:`blocks_export`): what export resolves
    (duplicates, relative URLs with a site URL, more than 50,000 URLs) never
    stops the kit; with ``--allow-errors`` nothing does, and the URLs export
    would leave out are left out of the batches too.
    """
    members = [Member(path, document, url) for path, document, url in inputs.documents
               if path != inputs.index_path]
    sources = ExportSources(members=members, documents=[m.document for m in members],
                            site_url=inputs.site_url)
    blocking = blocking_findings(sources)
    for key, finding in blocking[:_SHOWN]:
        print(_located(key, finding), file=sys.stderr)
    if len(blocking) > _SHOWN:
        print(f"... and {len(blocking) - _SHOWN} more errors", file=sys.stderr)
    if blocking and not allow_errors:
        raise _fail(f"nothing written: {_count(len(blocking), 'error')} that export cannot "
                    "resolve by itself (see 'sitemap-studio validate'); fix them, or build the "
                    "kit anyway with --allow-errors", EXIT_INVALID)
    if blocking:
        inputs.notes.append(f"built anyway (--allow-errors) with {_count(len(blocking), 'error')}"
                            " in the sitemaps; URLs that export leaves out are not batched")


def _located(path: str, finding: Finding) -> str:
    where = path if finding.line is None else f"{path}:{finding.line}"
    return f"{where}: {finding.severity.value} {finding.code}: {finding.message}"


def _page_urls(inputs: _Inputs) -> list[str]:
    """The URLs to batch, written as export writes them (see :func:`written_urls`)."""
    for path, document, _url in inputs.documents:
        if document.kind != DocumentKind.URLSET and path != inputs.index_path:
            inputs.notes.append(f"{os.path.basename(path)} is a sitemap index: its entries "
                                "are sitemaps, not pages, so they are not batched")
    return written_urls([document for _path, document, _url in inputs.documents],
                        inputs.site_url)


# --- building and printing ----------------------------------------------------------------------


def _build(args: argparse.Namespace, inputs: _Inputs) -> int:
    _check_locations(inputs, args.allow_errors)
    status = EXIT_OK
    try:
        lines = robots_lines(inputs.sitemaps)
        pings = [link for url in inputs.sitemaps for link in ping_links(url)]
    except SitemapError as exc:
        raise _fail(exc.message, EXIT_INVALID) from None
    generated = inputs.key is None
    key = inputs.key or generate_key()
    site = inputs.site_url or inputs.sitemaps[0]
    location = inputs.key_location or key_location_url(site, key)
    try:
        bodies = batches(_page_urls(inputs), key, location)
    except SitemapError as exc:
        raise _fail(exc.message, EXIT_INVALID) from None
    robots_findings: list[Finding] = []
    if args.robots:
        robots_findings = check_robots(_read_robots(args.robots), inputs.sitemaps, site)
        if any(f.severity == Severity.ERROR for f in robots_findings):
            status = EXIT_INVALID
    try:
        written = write_kit(inputs.out_dir, key, bodies)
    except SitemapError as exc:
        raise _fail(exc.located(), EXIT_UNREADABLE) from None

    print("robots.txt")
    print(f"  Add to {robots_txt_url(site) or 'the robots.txt at the root of the site'}:")
    print("\n".join(f"    {line}" for line in lines))
    for note in inputs.notes:
        print(f"  note: {note}")
    for finding in robots_findings:
        print(f"  {_located(args.robots, finding)}")
    if args.robots and not robots_findings:
        print(f"  {args.robots}: lists every sitemap, no problems found")
    print("\nIndexNow")
    if generated:
        print(f"  key: {key} (generated now; the project file is not changed: to keep "
              "using it, save it in the project's IndexNow settings or pass --indexnow-key)")
    else:
        print(f"  key: {key}")
    print(f"  key file: {written.key_file}")
    for url in _upload_locations(location, key, bodies):
        print(f"    upload it to {url}")
    if bodies:
        first = bodies[0]
        example = get_link(inputs.endpoint, first["urlList"][0], key, first.get("keyLocation"))
        print(f"  GET link for the first URL: {example}")
    total = sum(len(body["urlList"]) for body in bodies)
    print(f"  batch files written: {len(bodies)} ({_count(total, 'URL')}, at most 10,000 "
          "per file)")
    for path, body in zip(written.batch_files, bodies, strict=True):
        print(f"    {path} ({body['host']}, {_count(len(body['urlList']), 'URL')})")
    for path in written.removed:
        print(f"    removed {path} (a batch file of an earlier run)")
    if not bodies:
        print("    (no URLs to submit" + ("" if args.project else ": give --urls FILE...")
              + ")")
    if args.submit:
        status = max(status, _submit(inputs.endpoint, bodies))
    else:
        print(f"  Nothing was sent. Upload the key file, then run again with --submit to POST "
              f"the batches to {inputs.endpoint}.")
    print("\nLegacy ping links (retired, not sent)")
    for link in pings:
        print(f"  {link.engine}: {link.url}\n    {link.status_note}")
    print(textwrap.fill(LIVE_ROUTES, width=96, initial_indent="  ", subsequent_indent="  ",
                        break_on_hyphens=False))
    return status


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _upload_locations(location: str, key: str, bodies: list[dict[str, Any]]) -> list[str]:
    """Where the key file must be served: its location, and the root of every other host."""
    own = not bodies or any("keyLocation" in body for body in bodies)
    found = [location] if own else []
    seen = {location}
    for body in bodies:
        root = origin(body["urlList"][0])
        if "keyLocation" not in body and root is not None:
            url = f"{root}/{key_file(key)[0]}"
            if url not in seen:
                seen.add(url)
                found.append(f"{url} (for the URLs on {body['host']})")
    return found


def _read_robots(path: str) -> str:
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_ROBOTS_BYTES)
    except OSError as exc:
        raise _fail(f"{path}: cannot read: {exc.strerror or exc}", EXIT_UNREADABLE) from None
    return data.decode("utf-8", "replace")


def _submit(endpoint: str, bodies: list[dict[str, Any]]) -> int:
    if not bodies:
        print("  --submit: no URLs, nothing sent")
        return EXIT_OK
    status = EXIT_OK
    for number, body in enumerate(bodies, start=1):
        result = submit(endpoint, body)
        code = "no answer" if result.status is None else str(result.status)
        print(f"  POST {number}/{len(bodies)} to {endpoint} ({body['host']}, "
              f"{_count(len(body['urlList']), 'URL')}): {code}: {result.meaning}")
        if result.body_excerpt and not result.accepted:
            print(f"    the endpoint said: {result.body_excerpt}")
        if not result.accepted:
            status = EXIT_INVALID
    return status
