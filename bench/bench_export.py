"""Export speed and memory on the 1,000,000-URL project, against zlib alone and the npm peer.

The twenty files of ``bench/data/project-1m`` are loaded with ``open_document``
(untimed), then, in one process:

* **the floor**: Python's zlib at level 6 (``compressobj(6, DEFLATED, 31)``,
  gzip framing, as the export uses) compressing, on one thread, exactly the
  uncompressed bytes our export writes: they are collected beforehand by an
  untimed export without gzip and held in memory, so only compression counts;
* **ours**: ``export_documents`` with gzip and the default limits (50,000 URLs,
  52,428,800 bytes per file) into a fresh folder under ``bench/out/``, with
  the whole safe-write protocol (temporary folder, fsync, rename, manifest);

floor and ours alternate, best of N (3) each, so a change in the machine's
load hits both. Outside the timer, our gzipped files are checked to
decompress to exactly the floor's bytes.

* **the npm peer**: if ``node`` and ``npm`` exist, the ``sitemap`` package is
  installed into ``bench/node/`` (once), the same 1,000,000 entries are written
  to a TSV file (loc, lastmod, changefreq, priority; untimed), and
  ``bench/peer_sitemap_js.mjs`` streams them through ``SitemapAndIndexStream``
  with gzip and a limit of 50,000 into a temporary folder; the whole node
  process is timed (one run by default: it takes minutes). Without node or
  npm that line is skipped and says so.

**Memory** is measured in a fresh interpreter: it loads the project, notes its
RSS, then exports once while a thread samples ``/proc/self/statm`` every 5 ms;
reported is the peak during the export minus the RSS after loading.

Targets: ours <= 1.3x the floor; the peer >= 10x ours; export peak <= loaded + 100 MiB.
Exit status 1 when a target fails (a skipped peer is not a failure).

Usage::

    python bench/bench_export.py [--data FOLDER] [--runs 3] [--peer-runs 1] [--no-peer]
                                 [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import gzip
import io
import json
import os
import platform
import pstats
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
OUT_DIR = BENCH_DIR / "out"  # git-ignored
NODE_DIR = BENCH_DIR / "node"  # where the npm peer is installed; to be git-ignored
PEER_SCRIPT = BENCH_DIR / "peer_sitemap_js.mjs"
PEER_PACKAGE = "sitemap"
for entry in (str(REPO_ROOT), str(BENCH_DIR)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

import generate  # noqa: E402
from lxml import etree  # noqa: E402

from sitemap_studio.core.export.options import ExportOptions, ExportReport  # noqa: E402
from sitemap_studio.core.export.split import WORKERS, export_documents  # noqa: E402
from sitemap_studio.core.model.documents import SitemapDocument  # noqa: E402
from sitemap_studio.core.reading.loader import open_document  # noqa: E402

T = TypeVar("T")
MIB = 1024 * 1024
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
FLOOR_RATIO, PEER_RATIO, MEMORY_MIB = 1.3, 10.0, 100


def load(project: Path) -> list[SitemapDocument]:
    """The twenty member sitemaps of the project, as documents."""
    return [open_document(project / name) for name in generate.project_names()]


def options(folder: str, gzip_files: bool = True) -> ExportOptions:
    """The default export settings, publishing under the generated site."""
    return ExportOptions(folder, generate.SITE, gzip=gzip_files)


def current_rss() -> int:
    """Resident bytes right now (``/proc/self/statm``)."""
    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * PAGE_SIZE


def verdict(ok: bool) -> str:
    """PASS or FAIL."""
    return "PASS" if ok else "FAIL"


def tool_version(*command: str) -> str | None:
    """The first line ``command`` prints, or ``None`` when it cannot run."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip().splitlines()[0] if done.stdout.strip() else None


def environment() -> str:
    """One line naming the interpreter, the libraries and the machine."""
    libxml = ".".join(map(str, etree.LIBXML_VERSION))
    return (f"Python {platform.python_version()}, lxml {etree.__version__} (libxml2 {libxml}), "
            f"zlib {zlib.ZLIB_RUNTIME_VERSION}, {os.cpu_count()} CPUs, export writer threads "
            f"{WORKERS}, {platform.system()} {platform.machine()}")


# --- floor and ours ---------------------------------------------------------------------------


def compress_all(buffers: list[bytes]) -> int:
    """The floor: level-6 gzip framing of every buffer, one thread; returns compressed bytes."""
    total = 0
    for data in buffers:
        compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
        total += len(compressor.compress(data)) + len(compressor.flush())
    return total


def timed(func: Callable[[], T]) -> tuple[float, T]:
    """Seconds one call of ``func`` takes (after a garbage collection), and its result."""
    gc.collect()
    started = time.perf_counter()
    result = func()
    return time.perf_counter() - started, result


def check_same_bytes(report: ExportReport, raw: list[bytes]) -> bool:
    """Whether our gzipped files decompress to exactly the floor's bytes."""
    folder = Path(report.out_dir)
    return len(report.files) == len(raw) and all(
        gzip.decompress((folder / item.name).read_bytes()) == data
        for item, data in zip(report.files, raw, strict=True))


def profile_export(documents: list[SitemapDocument], work: str) -> None:
    """cProfile of one export (the calling thread: serialisation and waiting for writers)."""
    profiler = cProfile.Profile()
    profiler.enable()
    export_documents(documents, options(os.path.join(work, "profile")))
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(12)
    print("\ncProfile of one export (calling thread), top functions by own time:")
    print("\n".join(line for line in out.getvalue().splitlines()[4:] if line.strip()))


# --- the npm peer -----------------------------------------------------------------------------


def peer_ready() -> str | None:
    """Install the npm peer if needed; its version, or ``None`` (with a reason printed)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        print(f"  npm peer: SKIPPED: {'node' if node is None else 'npm'} is not installed")
        return None
    installed = NODE_DIR / "node_modules" / PEER_PACKAGE / "package.json"
    if not installed.is_file():
        NODE_DIR.mkdir(exist_ok=True)
        print(f"  installing the npm package {PEER_PACKAGE!r} into {NODE_DIR} ...", flush=True)
        done = subprocess.run([npm, "install", "--prefix", str(NODE_DIR), "--no-audit",
                               "--no-fund", PEER_PACKAGE], capture_output=True, text=True,
                              check=False)
        if done.returncode != 0 or not installed.is_file():
            print(f"  npm peer: SKIPPED: npm install failed:\n{done.stderr[-2000:]}")
            return None
    version = json.loads(installed.read_text("utf-8"))["version"]
    return f"{PEER_PACKAGE} {version} on node {tool_version(node, '--version')}"


def write_tsv(documents: list[SitemapDocument], path: str) -> int:
    """The entries as loc, lastmod, changefreq, priority lines; returns the count."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        for document in documents:
            text = document.text
            for row in range(len(document)):
                handle.write("\t".join(text(row, field) or "" for field in range(4)) + "\n")
                count += 1
    return count


def run_peer(tsv: str, work: str, runs: int) -> float:
    """Best wall time of the whole node process over ``runs`` runs."""
    best = float("inf")
    for run in range(runs):
        folder = os.path.join(work, f"peer-{run}")
        os.mkdir(folder)
        started = time.perf_counter()
        subprocess.run(["node", str(PEER_SCRIPT), tsv, folder, generate.SITE, "50000"],
                       check=True)
        elapsed = time.perf_counter() - started
        best = min(best, elapsed)
        files = [name for name in os.listdir(folder) if name != "sitemap-index.xml.gz"]
        urls = sum(gzip.decompress(Path(folder, name).read_bytes()).count(b"<url>")
                   for name in files)
        print(f"  npm peer run {run + 1}: {elapsed:.2f} s, {len(files)} files, {urls:,} URLs "
              "(checked untimed)")
        shutil.rmtree(folder)
    return best


# --- memory, in a fresh interpreter -----------------------------------------------------------


def memory_child(project: Path) -> None:
    """Load, note RSS, export once while sampling RSS; print the figures as JSON."""
    documents = load(project)
    gc.collect()
    loaded = current_rss()
    peak = loaded
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.wait(0.005):
            peak = max(peak, current_rss())

    sampler = threading.Thread(target=sample, daemon=True)
    OUT_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=OUT_DIR) as work:
        sampler.start()
        report = export_documents(documents, options(work))
        stop.set()
        sampler.join()
        peak = max(peak, current_rss())
    print(json.dumps({"loaded": loaded, "peak": peak, "urls": report.urls,
                      "files": len(report.files)}))


def measure_memory(project: Path) -> dict[str, int]:
    done = subprocess.run([sys.executable, __file__, "--memory-child", str(project)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


# --- main -------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the table; return 1 when a target fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=generate.DEFAULT_OUT)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer-runs", type=int, default=1)
    parser.add_argument("--no-peer", action="store_true", help="skip the npm peer")
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of one export")
    parser.add_argument("--memory-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child is not None:
        memory_child(args.memory_child)
        return 0
    generate.generate(args.data)
    project = args.data / generate.PROJECT_DIR
    print(environment())
    started = time.perf_counter()
    documents = load(project)
    urls = sum(len(document) for document in documents)
    print(f"input: {generate.PROJECT_DIR}, {len(documents)} files, {urls:,} URLs, loaded in "
          f"{time.perf_counter() - started:.1f} s (untimed)\n")

    OUT_DIR.mkdir(exist_ok=True)
    work = tempfile.mkdtemp(prefix="export-", dir=OUT_DIR)
    try:
        plain = export_documents(documents, options(os.path.join(work, "plain"), False))
        raw = [Path(plain.out_dir, item.name).read_bytes() for item in plain.files]
        raw_total = sum(map(len, raw))
        print(f"uncompressed output: {len(raw)} files, {raw_total:,} bytes (collected untimed)")
        print(f"\nfloor and ours alternate, best of {args.runs} (seconds):")
        floor_best = ours_best = float("inf")
        report: ExportReport | None = None
        for run in range(args.runs):
            floor_time, compressed = timed(partial(compress_all, raw))
            target = options(os.path.join(work, f"ours-{run}"))
            ours_time, result = timed(partial(export_documents, documents, target))
            assert isinstance(result, ExportReport)
            print(f"  run {run + 1}: floor {floor_time:6.2f}   ours {ours_time:6.2f}")
            floor_best, ours_best = min(floor_best, floor_time), min(ours_best, ours_time)
            if report is not None:
                shutil.rmtree(report.out_dir)
            report = result
        assert report is not None
        same = check_same_bytes(report, raw)
        print(f"  floor: zlib level 6, one thread   {floor_best:8.2f} s  "
              f"({raw_total / floor_best / 1e6:.0f} MB/s in, {compressed:,} bytes out)")
        print(f"  ours: export_documents, gzip      {ours_best:8.2f} s  "
              f"({urls / ours_best:,.0f} URLs/s, {len(report.files)} files, "
              f"{report.stored_bytes:,} bytes gzipped)")
        print(f"  our files decompress to exactly the floor's bytes: {same}")
        del raw

        peer_time: float | None = None
        if args.no_peer:
            print("  npm peer: SKIPPED (--no-peer)")
        else:
            peer = peer_ready()
            if peer is not None:
                tsv = os.path.join(work, "entries.tsv")
                count = write_tsv(documents, tsv)
                print(f"  npm peer: {peer}; {count:,} entries written to a TSV (untimed); "
                      f"best of {args.peer_runs} ...", flush=True)
                peer_time = run_peer(tsv, work, args.peer_runs)
                print(f"  npm peer: SitemapAndIndexStream + gzip {peer_time:8.2f} s (whole node "
                      "process)")
        if args.profile:
            profile_export(documents, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    del documents
    gc.collect()
    print("\nmemory (fresh interpreter: load the project, then export once):")
    memory = measure_memory(project)
    growth = memory["peak"] - memory["loaded"]
    print(f"  RSS after loading {memory['loaded'] / MIB:8.1f} MiB")
    print(f"  peak RSS during export {memory['peak'] / MIB:8.1f} MiB (+{growth / MIB:.1f} MiB)")

    checks = [("export / floor", ours_best / floor_best, f"<= {FLOOR_RATIO}",
               ours_best / floor_best <= FLOOR_RATIO)]
    if peer_time is not None:
        checks.append(("npm peer / export", peer_time / ours_best, f">= {PEER_RATIO:g}",
                       peer_time / ours_best >= PEER_RATIO))
    checks.append(("export RSS growth", growth / MIB, f"<= {MEMORY_MIB} MiB",
                   growth <= MEMORY_MIB * MIB))
    print(f"\n{'figure':<22}{'measured':>14}  {'target':<14} result")
    for name, value, target_text, ok in checks:
        shown = f"{value:.1f} MiB" if "MiB" in target_text else f"{value:.2f}x"
        print(f"{name:<22}{shown:>14}  {target_text:<14} {verdict(ok)}")
    if peer_time is None:
        print(f"{'npm peer / export':<22}{'skipped':>14}  >= {PEER_RATIO:g}")
    if not same:
        print("FAIL: our output does not decompress to the floor's bytes")
    return 0 if same and all(ok for *_, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
