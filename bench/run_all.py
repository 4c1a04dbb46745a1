"""Run the whole benchmark: generate the inputs, then the speed and memory benchmarks.

Each step runs in its own interpreter (the same one running this script), so
the memory figures are not disturbed by the speed benchmark. Works from the
repository root with or without the project installed::

    python bench/run_all.py [--data FOLDER] [--profile]

Exit status: 0 when every target passes, 1 when one fails, 2 when a step
could not run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent


def run(title: str, script: str, *args: str) -> int:
    """Run one bench script, streaming its output; return its exit status."""
    print(f"\n=== {title} " + "=" * max(0, 66 - len(title)), flush=True)
    started = time.perf_counter()
    status = subprocess.run([sys.executable, str(BENCH_DIR / script), *args],
                            check=False).returncode
    print(f"--- {script} finished in {time.perf_counter() - started:.1f} s, exit status {status}",
          flush=True)
    return status


def main(argv: list[str] | None = None) -> int:
    """Run every step and summarise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=BENCH_DIR / "data",
                        help="folder for the generated inputs (default: bench/data)")
    parser.add_argument("--profile", action="store_true",
                        help="add cProfile/tracemalloc figures to the speed benchmark")
    args = parser.parse_args(argv)
    data = str(args.data)
    statuses = {"generate": run("inputs", "generate.py", data, "--self-check")}
    if statuses["generate"] != 0:
        return 2
    core_args = ["--data", data, *(["--profile"] if args.profile else [])]
    statuses["speed"] = run("speed: 50,000-URL file", "bench_core.py", *core_args)
    statuses["memory"] = run("memory: 1,000,000-URL project", "bench_memory.py", "--data", data)
    statuses["validation"] = run("validation: 1,000,000-URL project", "bench_validation.py",
                                 "--data", data)
    statuses["export"] = run("export: 1,000,000-URL project", "bench_export.py", "--data", data)
    statuses["audit"] = run("URL audit: 10,000 URLs at 20 ms, memory of 100,000",
                            "bench_audit.py")
    statuses["window"] = run("editor window: 50,000-URL file and 1,000,000-URL project",
                             "bench_gui.py", "--data", data)
    print("\nsummary: " + ", ".join(
        f"{name} {'ok' if code == 0 else 'FAIL' if code == 1 else f'error {code}'}"
        for name, code in statuses.items()))
    if any(code not in (0, 1) for code in statuses.values()):
        return 2
    return 1 if any(statuses.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
