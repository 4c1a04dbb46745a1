"""Time what a user can do with a file, stage by stage, at two sizes of one adversarial input.

:func:`stage_times` runs every stage that applies to a case's reader (read,
validate, write, search) and returns the best of a few runs of each; a test
compares the times at two sizes. Ratios only: no stage is held to a number of
seconds, so a busy machine changes nothing but the noise, which the best-of
cuts down.
"""

from __future__ import annotations

import contextlib
import gc
import io
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from helpers.adversarial import SITE, Case
from sitemap_studio import cli
from sitemap_studio.core.edits.find_replace import plan_replace
from sitemap_studio.core.imports.csv_guess import guess_mapping, sniff
from sitemap_studio.core.imports.csv_source import read_table, rows_to_entries
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.project.project_file import project_from_json
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows.entry_order import filter_rows
from sitemap_studio.core.validation.project import Member, ProjectValidator
from sitemap_studio.core.writing.saving import OutputFormat, document_chunks, gzip_chunks

#: Large enough for the 4 MB inputs; the default caps are not what is being tested.
LIMITS = Limits(max_uncompressed_bytes=1 << 30, max_entries=10_000_000)
NAMES = {"xml": "sitemap.xml", "text": "urls.txt", "robots": "robots.txt", "feed": "feed.xml"}

Stage = tuple[str, Callable[[], object]]


def _document_stages(case: Case, data: bytes, folder: Path) -> Iterator[Stage]:
    name = NAMES[case.reader]
    holder: list[SitemapDocument] = []

    def read() -> None:
        try:
            holder[:] = [open_bytes(data, name, LIMITS)]
        except SitemapError:
            holder.clear()  # a clear refusal is a fine answer: only reading it is timed

    def validate() -> None:
        ProjectValidator([Member(name, holder[0])], site_url=SITE + "/").run()

    def write() -> None:
        document = holder[0]
        for fmt in (OutputFormat.XML, OutputFormat.TEXT):
            for _ in gzip_chunks(document_chunks(document, fmt), level=1):
                pass

    def search() -> None:
        document = holder[0]
        filter_rows(document, "example.com/")
        filter_rows(document, "WWW.Example", case_sensitive=False)
        filter_rows(document, "nowhere-at-all")
        # The user's own patterns can be slow by themselves ("(\w+)\.com" over a URL of a
        # million letters is quadratic in any backtracking engine): these two are not.
        filter_rows(document, r"example\.(?:com|net)/p[0-9]", regex=True)
        plan_replace(document, "www.example", "example")
        plan_replace(document, r"example\.(com)", r"sample.\1", regex=True)

    def command_line() -> None:
        path = folder / name
        if not path.exists():
            path.write_bytes(data)
        out = io.StringIO()
        with redirect_stdout(out), redirect_stderr(out):
            limit = ["--max-bytes", str(1 << 30)]
            cli.main(["validate", "--format", "json", *limit, str(path)])

    yield "read", read
    if not holder:
        return
    yield "validate", validate
    yield "write", write
    yield "search", search
    yield "cli", command_line


def _table_stages(data: bytes) -> Iterator[Stage]:
    def read() -> None:
        fmt = sniff(data)
        try:
            table = read_table(data, fmt.delimiter, fmt.encoding, fmt.has_header, limits=LIMITS)
        except SitemapError:
            return  # a clear refusal (a cell over the csv module's limit)
        rows_to_entries(table, guess_mapping(table))

    yield "read", read


def _json_stages(data: bytes) -> Iterator[Stage]:
    def read() -> None:
        with contextlib.suppress(SitemapError):  # a refusal is also an answer, in time
            project_from_json(data.decode())

    yield "read", read


def stages(case: Case, data: bytes, folder: Path) -> Iterator[Stage]:
    """The timed stages of ``case`` over ``data`` (``folder`` holds files the CLI reads)."""
    if case.reader == "csv":
        return _table_stages(data)
    if case.reader == "json":
        return _json_stages(data)
    return _document_stages(case, data, folder)


def stage_times(case: Case, size: int, folder: Path, runs: int = 3) -> dict[str, float]:
    """Best of ``runs`` seconds of each stage of ``case`` at ``size`` bytes."""
    data = case.make(size)
    folder.mkdir(parents=True, exist_ok=True)
    best: dict[str, float] = {}
    for _ in range(runs):
        for stage, work in stages(case, data, folder):
            gc.collect()
            start = time.perf_counter()
            work()
            elapsed = time.perf_counter() - start
            best[stage] = min(elapsed, best.get(stage, elapsed))
    return best
