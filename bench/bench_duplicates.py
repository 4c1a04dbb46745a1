"""``sitemap-studio validate`` of one URL repeated against as many distinct URLs (issue 22).

Duplicates are found in linear time: 100,000 copies of one URL should validate within
1.5x the time of 100,000 distinct URLs, though every copy gets a finding (which is
printed) and the distinct file gets none. Both files are written to a temporary folder
and validated in this process through the command line's own entry point, with its
output sent to a null device; each is timed as the best of ``--runs``, in wall-clock
and in CPU time (steadier on a shared machine). Prints the figures and the ratios;
asserts nothing.

    python bench/bench_duplicates.py [--urls 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitemap_studio import cli  # noqa: E402

SITE = "https://www.example.com"
GOAL = 1.5


def _xml(locs: list[str]) -> bytes:
    body = "".join(f"  <url><loc>{loc}</loc></url>\n" for loc in locs)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns='
            f'"http://www.sitemaps.org/schemas/sitemap/0.9">\n{body}</urlset>\n').encode()


def _text(locs: list[str]) -> bytes:
    return "".join(f"{loc}\n" for loc in locs).encode()


def _validate(path: Path, runs: int) -> tuple[float, float]:
    """Best wall-clock and best CPU time of ``runs`` validations of ``path``."""
    best = best_cpu = float("inf")
    with open(os.devnull, "w", encoding="utf-8") as null:
        for _ in range(runs):
            started, cpu = time.perf_counter(), time.process_time()
            with contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
                cli.main(["validate", str(path)])
            best = min(best, time.perf_counter() - started)
            best_cpu = min(best_cpu, time.process_time() - cpu)
    return best, best_cpu


def main() -> int:
    """Write the inputs, validate each, print the times and ratios."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--urls", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    copies = [f"{SITE}/same"] * args.urls
    distinct = [f"{SITE}/page/{n}" for n in range(args.urls)]
    with tempfile.TemporaryDirectory() as folder:
        for suffix, write in ((".xml", _xml), (".txt", _text)):
            same_path = Path(folder, "copies" + suffix)
            other_path = Path(folder, "distinct" + suffix)
            same_path.write_bytes(write(copies))
            other_path.write_bytes(write(distinct))
            same, same_cpu = _validate(same_path, args.runs)
            other, other_cpu = _validate(other_path, args.runs)
            ratio, cpu_ratio = same / other, same_cpu / other_cpu
            verdict = "within" if ratio <= GOAL else "ABOVE"
            print(f"validate {suffix[1:]:>3}: {args.urls:,} copies of one URL {same:6.2f} s, "
                  f"{args.urls:,} distinct URLs {other:6.2f} s, ratio {ratio:.2f} "
                  f"({verdict} the {GOAL}x goal); CPU time {same_cpu:.2f} s / "
                  f"{other_cpu:.2f} s = {cpu_ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
