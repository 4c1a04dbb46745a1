"""Load and save speed of the core on the 50,000-URL sitemap, against baselines in-process.

Three loaders read ``bench/data/sitemap-50k.xml`` in one process:

* **bare lxml**, two ways: ``lxml.etree.iterparse`` filtered on the ``<url>``
  end events, pulling loc/lastmod/changefreq/priority into a list of tuples
  and freeing elements as it goes, either with four ``findtext`` calls or with
  one loop over the children keyed by tag (faster); the faster of the two is
  the baseline the target is checked against;
* **ultimate-sitemap-parser** (USP): the file's text given to
  ``usp.fetch_parse.SitemapStrParser(...).sitemap()``, which parses local
  content without any network access;
* **ours**: ``sitemap_studio.core.reading.loader.open_document``.

Each loader runs once to warm up, then N times (5, or 3 for USP); the best
``time.perf_counter`` time counts, and every loader starts from the file path,
so reading the file is always included. Then a no-edit ``save_document`` is
timed the same way and its output compared byte for byte with the input.

Targets: ours <= 1.5x the faster bare lxml; USP >= 5x ours; save <= 1.5x our load.
Exit status 1 when a target fails. ``--profile`` adds cProfile and tracemalloc
figures for one load.

Usage::

    python bench/bench_core.py [--data FOLDER] [--runs 5] [--usp-runs 3] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.metadata
import io
import os
import platform
import pstats
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
OUT_DIR = BENCH_DIR / "out"  # git-ignored; the saved copies go here (same disk as a user's files)
for entry in (str(REPO_ROOT), str(BENCH_DIR)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

import generate  # noqa: E402
from lxml import etree  # noqa: E402
from usp.fetch_parse import SitemapStrParser  # noqa: E402
from usp.objects.sitemap import AbstractSitemap  # noqa: E402

from sitemap_studio.core.model.documents import SitemapDocument  # noqa: E402
from sitemap_studio.core.reading.loader import open_document  # noqa: E402
from sitemap_studio.core.writing.snapshots import save_document  # noqa: E402

NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
URL_TAG, LOC, LASTMOD, CHANGEFREQ, PRIORITY = (
    NS + name for name in ("url", "loc", "lastmod", "changefreq", "priority"))

Row = tuple[str | None, str | None, str | None, str | None]
T = TypeVar("T")


def lxml_rows(path: str) -> list[Row]:
    """The baseline: iterparse on ``<url>`` ends, four ``findtext`` calls, free as we go."""
    rows: list[Row] = []
    append = rows.append
    for _, element in etree.iterparse(path, events=("end",), tag=URL_TAG,
                                      resolve_entities=False, no_network=True):
        append((element.findtext(LOC), element.findtext(LASTMOD),
                element.findtext(CHANGEFREQ), element.findtext(PRIORITY)))
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    return rows


FIELD_INDEX = {LOC: 0, LASTMOD: 1, CHANGEFREQ: 2, PRIORITY: 3}


def lxml_rows_by_tag(path: str) -> list[Row]:
    """The same, with one pass over each entry's children instead of four searches."""
    rows: list[Row] = []
    append = rows.append
    index_of = FIELD_INDEX.get
    for _, element in etree.iterparse(path, events=("end",), tag=URL_TAG,
                                      resolve_entities=False, no_network=True):
        values: list[str | None] = [None, None, None, None]
        for child in element:
            index = index_of(child.tag)
            if index is not None:
                values[index] = child.text
        append((values[0], values[1], values[2], values[3]))
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    return rows


def usp_sitemap(path: str) -> AbstractSitemap:
    """USP on the same file: read it, decode it, parse it with its string parser."""
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8")
    return SitemapStrParser(text).sitemap()


def best_of(name: str, func: Callable[[], T], runs: int,
            after: Callable[[T], None] | None = None) -> tuple[float, T]:
    """Warm up once, then time ``runs`` calls; ``after`` runs outside the timer."""
    result = func()
    if after is not None:
        after(result)
    best = float("inf")
    for _ in range(runs):
        del result
        gc.collect()
        started = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - started)
        if after is not None:
            after(result)
    print(f"  {name:<38} best of {runs}: {best:8.4f} s")
    return best, result


def verdict(ok: bool) -> str:
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


def environment() -> str:
    """One line naming the interpreter, the libraries and the machine."""
    usp = importlib.metadata.version("ultimate-sitemap-parser")
    libxml = ".".join(map(str, etree.LIBXML_VERSION))
    return (f"Python {platform.python_version()}, lxml {etree.__version__} (libxml2 {libxml}), "
            f"ultimate-sitemap-parser {usp}, {os.cpu_count()} CPUs, {platform.system()} "
            f"{platform.machine()}")


def profile_load(path: str) -> None:
    """Where one ``open_document`` spends its time (cProfile) and memory (tracemalloc)."""
    profiler = cProfile.Profile()
    profiler.enable()
    open_document(path)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(12)
    print("\ncProfile of one open_document, top functions by own time:")
    print("\n".join(line for line in out.getvalue().splitlines()[4:] if line.strip()))
    gc.collect()
    tracemalloc.start()
    document = open_document(path)
    current, peak = tracemalloc.get_traced_memory()
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    print(f"\ntracemalloc for one open_document: {current / 1e6:.1f} MB held by the "
          f"document, {peak / 1e6:.1f} MB peak; largest holders by line:")
    for stat in snapshot.statistics("lineno")[:8]:
        frame = stat.traceback[0]
        where = f"{Path(frame.filename).name}:{frame.lineno}"
        print(f"  {stat.size / 1e6:8.2f} MB in {stat.count:>7,} blocks  {where}")
    del document


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the table; return 1 when a target fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=generate.DEFAULT_OUT)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--usp-runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true",
                        help="also print cProfile and tracemalloc figures for one load")
    args = parser.parse_args(argv)
    generate.generate(args.data)
    path = str(args.data / generate.SINGLE_NAME)
    size = os.path.getsize(path)
    print(environment())
    print(f"input: {generate.SINGLE_NAME}, {size:,} bytes\n\nloading (seconds):")

    find_time, rows = best_of("bare lxml iterparse, findtext", lambda: lxml_rows(path),
                              args.runs)
    loop_time, by_tag = best_of("bare lxml iterparse, child loop", lambda: lxml_rows_by_tag(path),
                                args.runs)
    lxml_time = min(find_time, loop_time)
    assert by_tag == rows, "the two lxml baselines disagree"
    del by_tag
    count = len(rows)
    expected = rows
    probes = [0, count // 3, count // 2, count - 1]

    def touch(document: SitemapDocument) -> None:
        """Read a few values back, outside the timer, so the load is proven real."""
        if len(document) != count:
            raise RuntimeError(f"open_document found {len(document)} entries")
        for row in probes:
            if document.text(row, 0) != expected[row][0]:
                raise RuntimeError(f"row {row}: loc differs from bare lxml")

    def usp_check(sitemap: AbstractSitemap) -> None:
        if type(sitemap).__name__ != "PagesXMLSitemap":
            raise RuntimeError(f"USP did not parse the file: {sitemap!r}")

    usp_time, sitemap = best_of("ultimate-sitemap-parser (str parser)",
                                lambda: usp_sitemap(path), args.usp_runs, usp_check)
    pages = sitemap.pages
    usp_ok = len(pages) == count and pages[-1].url == expected[-1][0]
    del sitemap, pages
    our_time, document = best_of("ours: open_document", lambda: open_document(path), args.runs,
                                 touch)
    same = all(tuple(document.text(row, field) for field in range(4)) == expected[row]
               for row in range(count))
    print(f"  every value of ours equals bare lxml: {same}; USP found {count:,} pages: {usp_ok}")

    OUT_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=OUT_DIR) as folder:
        target = os.path.join(folder, "out.xml")
        print("\nsaving with no edit (atomic write: temp file, fsync, rename):")
        save_time, written = best_of("ours: save_document", lambda: save_document(document, target),
                                     args.runs)
        with open(target, "rb") as handle, open(path, "rb") as original:
            identical = handle.read() == original.read()
    print(f"  {written:,} bytes written; identical to the input: {identical}")

    checks = [
        ("load ours / bare lxml", our_time / lxml_time, "<= 1.5", our_time / lxml_time <= 1.5),
        ("load USP / ours", usp_time / our_time, ">= 5.0", usp_time / our_time >= 5.0),
        ("save / load (ours)", save_time / our_time, "<= 1.5", save_time / our_time <= 1.5),
    ]
    print(f"\n{'ratio':<24}{'measured':>10}  {'target':<8} result")
    for name, value, target_text, ok in checks:
        print(f"{name:<24}{value:>9.2f}x  {target_text:<8} {verdict(ok)}")
    print(f"(ours / lxml findtext {our_time / find_time:.2f}x, ours / lxml child loop "
          f"{our_time / loop_time:.2f}x; the target uses the faster baseline)")
    print(f"\nthroughput: fastest bare lxml {size / lxml_time / 1e6:.1f} MB/s, ours "
          f"{size / our_time / 1e6:.1f} MB/s ({count / our_time:,.0f} URLs/s), USP "
          f"{size / usp_time / 1e6:.1f} MB/s")
    if args.profile:
        profile_load(path)
    correct = same and usp_ok and identical
    if not correct:
        print("FAIL: a correctness check failed (see above)")
    return 0 if correct and all(ok for *_, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
