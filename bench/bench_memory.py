"""Resident memory of the core with the 1,000,000-URL project open at once.

The parent process makes sure the inputs exist, then runs this script again in
a fresh interpreter (``--child``) so that nothing else has touched its memory.
The child imports the core and lxml, notes its resident size (the baseline),
opens the twenty 50,000-URL files of ``bench/data/project-1m`` with
``open_document`` and keeps every document alive, then reports:

* peak RSS: ``resource.getrusage(RUSAGE_SELF).ru_maxrss`` (KiB on Linux), the
  figure the target is checked against, and ``VmHWM`` from
  ``/proc/self/status`` (the same high-water mark, kept by the kernel per
  address space, so nothing inherited from the parent can show in it);
* current RSS after loading, from ``/proc/self/statm``;
* bytes per URL = peak RSS / URLs (target: at most 450; the larger of the
  two peak figures is used), and, for
  information, (peak - baseline) / URLs and the share of the raw file bytes;
* the total time to load the 1,000,000 URLs.

Exit status 1 when the target fails.

Usage::

    python bench/bench_memory.py [--data FOLDER]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
for entry in (str(REPO_ROOT), str(BENCH_DIR)):
    if entry not in sys.path:
        sys.path.insert(0, entry)

import generate  # noqa: E402  (stdlib only: keeps the parent small)

TARGET_BYTES_PER_URL = 450
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def current_rss() -> int:
    """Resident bytes right now (second field of ``/proc/self/statm``, in pages)."""
    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * PAGE_SIZE


def high_water_rss() -> int:
    """Peak resident bytes of this address space (``VmHWM``), 0 if unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def max_rss() -> int:
    """Peak resident bytes from ``getrusage`` (``ru_maxrss`` is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(project: Path) -> dict[str, float | int]:
    """Load every sitemap of ``project`` and keep them all; return the measurements."""
    import lxml.etree  # noqa: F401  (part of the baseline: the loader uses it)

    from sitemap_studio.core.reading.loader import open_document

    names = generate.project_names()
    gc.collect()
    baseline = current_rss()
    documents = []
    started = time.perf_counter()
    for name in names:
        documents.append(open_document(project / name))
    elapsed = time.perf_counter() - started
    gc.collect()
    urls = sum(len(document) for document in documents)
    # Touch every document so that nothing can have been left unread.
    first_locs = [document.text(0, 0) for document in documents]
    if not all(loc and loc.startswith(generate.SITE) for loc in first_locs):
        raise RuntimeError("a document did not load its first URL")
    return {
        "files": len(documents),
        "urls": urls,
        "raw_bytes": sum(len(document.raw) for document in documents),
        "baseline_rss": baseline,
        "current_rss": current_rss(),
        "peak_rss": max_rss(),
        "vm_hwm": high_water_rss(),
        "load_seconds": elapsed,
    }


def report(figures: dict[str, float | int]) -> bool:
    """Print the table; return whether the target is met."""
    urls = int(figures["urls"])
    mib = 1024 * 1024
    peak = max(int(figures["peak_rss"]), int(figures["vm_hwm"]))  # the larger, to be safe
    baseline = int(figures["baseline_rss"])
    per_url = peak / urls
    ok = per_url <= TARGET_BYTES_PER_URL
    print(f"{figures['files']} documents kept open, {urls:,} URLs, "
          f"{int(figures['raw_bytes']):,} bytes of XML")
    print(f"  load time, all files          {figures['load_seconds']:8.2f} s "
          f"({urls / float(figures['load_seconds']):,.0f} URLs/s)")
    print(f"  baseline RSS (after imports)  {baseline / mib:8.1f} MiB")
    print(f"  current RSS after loading     {int(figures['current_rss']) / mib:8.1f} MiB")
    print(f"  peak RSS (ru_maxrss)          {peak / mib:8.1f} MiB")
    print(f"  peak RSS (VmHWM)              {int(figures['vm_hwm']) / mib:8.1f} MiB")
    print(f"\n  peak RSS per URL              {per_url:8.1f} bytes   target <= "
          f"{TARGET_BYTES_PER_URL}   {'PASS' if ok else 'FAIL'}")
    print(f"  (peak - baseline) per URL     {(peak - baseline) / urls:8.1f} bytes   "
          "(information)")
    held = int(figures["current_rss"]) - baseline
    raw = int(figures["raw_bytes"])
    print(f"  of which raw file bytes       {raw / urls:8.1f} bytes; offsets and the rest "
          f"{(held - raw) / urls:.1f} bytes (from current RSS)")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Parent: generate if needed, measure in a fresh interpreter, print the result."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=generate.DEFAULT_OUT)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child)))
        return 0
    generate.generate(args.data)
    project = args.data / generate.PROJECT_DIR
    done = subprocess.run([sys.executable, __file__, "--child", str(project)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stdout + done.stderr, file=sys.stderr)
        return 2
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return 0 if report(figures) else 1


if __name__ == "__main__":
    sys.exit(main())
