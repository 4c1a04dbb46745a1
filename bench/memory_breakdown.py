"""Where the whole app's memory goes on the 1,000,000-URL project, stage by stage.

Opens ``bench/data/project-1m`` in the real window (offscreen) the way
``bench_all_entries.py`` does, in this fresh interpreter, and prints after each
stage the resident size now (``/proc/self/statm``) and the high-water mark
(``VmHWM``), in MiB and in bytes per URL, with the growth of each stage:

1. interpreter, Qt and the empty window;
2. every document loaded (raw bytes, offset columns);
3. every document validated (validators' indexes, findings);
4. the All entries table shown with every row (and its idle-time warm-up);
5. a filter typed and cleared (``blog`` and four backspaces);
6. sorted by location and lastmod, both orders.

``--trace`` also runs :mod:`tracemalloc` (much slower, and it adds its own
bytes) and prints, per stage, the Python allocations that grew most, grouped
by file and line; ``--trim`` returns the C heap's free pages to the system
after each stage (glibc) and shows what is resident then. The figures are for
information: no goal is checked here (``bench_all_entries.py`` checks the peak).

    python bench/memory_breakdown.py [--data bench/data] [--trace] [--top 12] [--trim]
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

import generate  # noqa: E402  (stdlib only)

URLS = generate.PROJECT_FILES * generate.URLS_PER_FILE
MIB = 2**20


def memory() -> tuple[int, int]:
    """(resident bytes now, peak resident bytes so far)."""
    now = int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return now, int(line.split()[1]) * 1024
    return now, now


class Stages:
    """Prints one line per stage; keeps the tracemalloc snapshot of the previous one."""

    def __init__(self, trace: bool, top: int, trim: bool) -> None:
        self.trace = trace
        self.trim = trim
        self.top = top
        self.previous = (0, 0)
        self.snapshot: object = None
        self.started = time.perf_counter()
        print(f"{'stage':<34} {'RSS now':>9} {'B/URL':>6} {'grew':>6}   "
              f"{'peak':>9} {'B/URL':>6} {'grew':>6}  {'s':>6}")

    def mark(self, name: str) -> None:
        gc.collect()
        now, peak = memory()
        grew_now = (now - self.previous[0]) / URLS
        grew_peak = (peak - self.previous[1]) / URLS
        print(f"{name:<34} {now / MIB:7.0f} M {now / URLS:6.0f} {grew_now:+6.0f}   "
              f"{peak / MIB:7.0f} M {peak / URLS:6.0f} {grew_peak:+6.0f}  "
              f"{time.perf_counter() - self.started:6.1f}", flush=True)
        self.previous = (now, peak)
        if self.trim:
            import ctypes

            ctypes.CDLL("libc.so.6").malloc_trim(0)
            print(f"{'  after malloc_trim(0)':<34} {memory()[0] / MIB:7.0f} M "
                  f"{memory()[0] / URLS:6.0f}")
        if self.trace:
            self._trace()

    def _trace(self) -> None:
        import tracemalloc

        snapshot = tracemalloc.take_snapshot()
        if self.snapshot is not None:
            stats = snapshot.compare_to(self.snapshot, "lineno")  # type: ignore[arg-type]
            for stat in stats[: self.top]:
                frame = stat.traceback[0]
                where = f"{Path(frame.filename).name}:{frame.lineno}"
                print(f"    {where:<40} {stat.size / URLS:+7.1f} B/URL now "
                      f"({stat.size_diff / URLS:+7.1f}) {stat.count:>9} blocks")
        self.snapshot = snapshot


def main() -> int:
    """Open, validate, show, filter and sort; print memory after each stage."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=BENCH / "data")
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--trim", action="store_true",
                        help="call glibc's malloc_trim(0) after each stage and show the RSS then")
    args = parser.parse_args()
    generate.generate(args.data)
    project = args.data / generate.PROJECT_DIR / "project.sitemapproj"
    if args.trace:
        import tracemalloc

        tracemalloc.start()
    stages = Stages(args.trace, args.top, args.trim)
    from bench_gui import WindowDriver
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    driver = WindowDriver()
    window = driver.window
    table = window.all_table
    proxy = table.proxy
    driver.run_until(lambda: window.isVisible())
    stages.mark("1 interpreter, Qt, window")
    select_all = window.project_model.all_entries_index

    def select_when_known(*_args: object) -> None:
        if select_all().isValid() and not window.all_view.shown:
            window.project_view.setCurrentIndex(select_all())

    window.session.opened.connect(select_when_known)
    loaded: list[float] = []
    window.workspace_loaded.connect(lambda _w: loaded.append(time.perf_counter()))
    window.open_path(str(project))
    driver.run_until(lambda: bool(loaded), timeout=600)
    stages.mark("2 documents loaded")
    driver.run_until(driver.validated, timeout=900)
    stages.mark("3 validated")
    driver.run_until(lambda: proxy.rowCount() == URLS, timeout=120)
    driver.run_until(lambda: window.all_view.shown and proxy._warm_up is None, timeout=300)
    stages.mark("4 All entries shown, warmed up")
    for key in ["b", "l", "o", "g", Qt.Key.Key_Backspace, Qt.Key.Key_Backspace,
                Qt.Key.Key_Backspace, Qt.Key.Key_Backspace]:
        before = proxy.filter_text
        if isinstance(key, str):
            QTest.keyClicks(table.filter_edit, key)
        else:
            QTest.keyClick(table.filter_edit, key)
        driver.run_until(lambda b=before: proxy.filter_text != b, timeout=120)
        driver.run_until(lambda: not proxy.filtering, timeout=300)
    stages.mark("5 filtered and cleared")
    header = table.view.horizontalHeader()
    for column in (0, 1):
        x = header.sectionViewportPosition(column) + 5
        for _order in range(2):
            changes: list[int] = []
            for signal in (proxy.layoutChanged, proxy.modelReset, proxy.rowsInserted):
                signal.connect(lambda *_, c=changes: c.append(1))
            QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
            driver.run_until(lambda c=changes: bool(c), timeout=300)
    stages.mark("6 sorted (location, lastmod)")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
