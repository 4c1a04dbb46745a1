"""The CLI export of a 1,000,000-line URL list, whole process, against what any export must do.

A user's journey: ``sitemap-studio export list.txt --out DIR --base-url URL``
on a list of 1,000,000 varied URLs (folders, file names, query strings and
numbers drawn from a seeded generator, so zlib meets text like a real site's,
not one repeated pattern). Measured in one run, each in a fresh process:

* **validate**: ``sitemap-studio validate list.txt`` (reading and checking the
  input, which an export must do anyway);
* **export**: ``sitemap-studio export`` into a fresh folder (gzip, split at
  50,000 URLs, the index, the safe-write protocol);
* **zlib**: Python's zlib at level 6 (gzip framing, one thread) compressing
  the uncompressed bytes the export wrote, in this process, timed alone.

The floor is validate + zlib; the target is export <= 1.3x the floor (medians
of N runs, default 3, validate and export alternating so load changes hit
both). Peak memory (the child's maximum resident set, from ``wait4``): the
target is export <= validate + 100 MiB. Outside the timers, the files written
are checked to hold every URL of the list exactly once. Prints figures and
ratios; exit status 1 when a target fails.

Usage::

    python bench/bench_export_cli.py [--data FOLDER] [--runs 3] [--urls 1000000]
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
SITE = "https://www.example.com/"
WORDS = ("garden", "chair", "table", "lamp", "winter", "summer", "guide", "review", "best",
         "cheap", "blue", "red", "oak", "steel", "kids", "outdoor", "sale", "new", "de", "fr",
         "2023", "2024", "size-xl", "gift", "ideas", "how-to", "faq", "shop", "blog", "news")
GZIP_LEVEL = 6
MIB = 1024 * 1024


def make_list(path: Path, count: int, seed: int = 20261124) -> None:
    """Write ``count`` distinct, varied URLs to ``path`` unless it is already there."""
    if path.exists() and sum(1 for _ in path.open("rb")) == count:
        return
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as stream:
        for n in range(count):
            folder = "/".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
            slug = "-".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
            kind = n % 4
            if kind == 0:
                url = f"{SITE}{folder}/{slug}-{n}"
            elif kind == 1:
                url = f"{SITE}{folder}/{slug}.html?id={rng.randrange(10**6)}&n={n}"
            elif kind == 2:
                url = f"{SITE}p/{n:x}/{slug}/"
            else:
                url = f"{SITE}{folder}?page={n}&sort={rng.choice(WORDS)}"
            stream.write(url + "\n")


def run_child(argv: list[str]) -> tuple[float, int, int]:
    """Run the CLI in a fresh process: (seconds, peak RSS in bytes, exit status)."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "sitemap_studio", *argv],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss * 1024, child.returncode


def written_bytes(out: Path) -> list[bytes]:
    """The uncompressed bytes of every sitemap file the export wrote, in order."""
    return [gzip.decompress(path.read_bytes())
            for path in sorted(out.glob("sitemap-*.xml.gz"),
                               key=lambda p: int(p.name.split("-")[1].split(".")[0]))]


def zlib_seconds(chunks: list[bytes]) -> float:
    started = time.perf_counter()
    for data in chunks:
        compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 31)
        compressor.compress(data)
        compressor.flush()
    return time.perf_counter() - started


def check_output(chunks: list[bytes], list_path: Path) -> None:
    """Every URL of the list written exactly once (outside the timers)."""
    expected = list_path.read_text("utf-8").split()
    written: list[str] = []
    for data in chunks:
        for piece in data.split(b"<loc>")[1:]:
            written.append(piece.split(b"</loc>", 1)[0].decode().replace("&amp;", "&"))
    if written != expected:
        raise SystemExit(f"the export did not write every URL once: {len(written)} written, "
                         f"{len(expected)} listed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=BENCH_DIR / "data")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--urls", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    list_path = args.data / f"list-{args.urls}.txt"
    make_list(list_path, args.urls)
    out = BENCH_DIR / "out" / "export-cli"
    print(f"input: {list_path.name}, {args.urls:,} URLs, {list_path.stat().st_size:,} bytes; "
          f"{os.cpu_count()} cores; Python {sys.version.split()[0]}")
    validate: list[tuple[float, int]] = []
    export: list[tuple[float, int]] = []
    for run in range(args.runs):
        seconds, peak, status = run_child(["validate", str(list_path)])
        if status not in (0, 1):
            raise SystemExit(f"validate failed with exit status {status}")
        validate.append((seconds, peak))
        shutil.rmtree(out, ignore_errors=True)
        seconds, peak_export, status = run_child(
            ["export", str(list_path), "--out", str(out), "--base-url", SITE])
        if status != 0:
            raise SystemExit(f"export failed with exit status {status}")
        export.append((seconds, peak_export))
        print(f"run {run + 1}: validate {validate[-1][0]:.2f} s ({peak / MIB:.0f} MiB), "
              f"export {seconds:.2f} s ({peak_export / MIB:.0f} MiB)", flush=True)
    chunks = written_bytes(out)
    check_output(chunks, list_path)
    squeeze = statistics.median(zlib_seconds(chunks) for _ in range(args.runs))
    validate_s = statistics.median(s for s, _ in validate)
    export_s = statistics.median(s for s, _ in export)
    floor = validate_s + squeeze
    ratio = export_s / floor
    validate_peak = max(p for _, p in validate)
    export_peak = max(p for _, p in export)
    print(f"files written: {len(chunks)}, {sum(map(len, chunks)):,} bytes uncompressed, "
          "every URL once")
    print(f"validate (median of {args.runs}): {validate_s:.2f} s")
    print(f"zlib level 6, one thread, on the bytes written: {squeeze:.2f} s")
    print(f"export (median of {args.runs}): {export_s:.2f} s = {ratio:.2f}x "
          f"(validate + zlib = {floor:.2f} s; target <= 1.30x)")
    extra = (export_peak - validate_peak) / MIB
    print(f"peak memory: export {export_peak / MIB:.0f} MiB, validate {validate_peak / MIB:.0f} "
          f"MiB, export - validate = {extra:+.0f} MiB (target <= +100 MiB)")
    failed = ratio > 1.3 or extra > 100
    print("targets: " + ("FAILED" if failed else "met"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
