"""Compare 1,000,000 URLs with 1,000,000 URLs, against the time to load both.

Writes two urlsets into ``bench/data/diff/`` (git ignores ``bench/data``):
``old.xml`` with N URLs, and ``new.xml``, the same list with 5% of the URLs
changed (a new lastmod, every fifth of them a new priority too), 1% removed
and as many new ones added. Then, in one process, one run each:

* **lxml**: bare ``lxml.etree.iterparse`` over both files, four values per URL
  (the reference);
* **load**: the project's own loader (``open_document``) on both files (the
  baseline the goal is measured against);
* **diff**: ``compare_locations(old, new)``, reading both and comparing.

Prints the times, the counts found (checked against what was generated) and
the ratio diff / load; the goal is at most 2x.

Usage::

    python bench/bench_diff.py [--urls 1000000] [--data FOLDER]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

from lxml import etree

BENCH_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH_DIR.parent))

from sitemap_studio.core.compare import (  # noqa: E402
    compare_locations,
    compare_sides,
    read_side,
)
from sitemap_studio.core.model.limits import Limits  # noqa: E402
from sitemap_studio.core.reading.loader import open_document  # noqa: E402

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
URL_TAG = f"{{{NS}}}url"
GOAL = 2.0


def _entry(ident: int, lastmod: str, priority: str) -> str:
    return (f"\t<url>\n\t\t<loc>https://www.example.com/section-{ident % 40}/page-{ident}.html"
            f"</loc>\n\t\t<lastmod>{lastmod}</lastmod>\n\t\t<changefreq>weekly</changefreq>\n"
            f"\t\t<priority>{priority}</priority>\n\t</url>\n")


def _write(path: Path, rows: list[str]) -> None:
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
    path.write_text(head + "".join(rows) + "</urlset>\n", encoding="utf-8")


def generate(folder: Path, count: int) -> dict[str, int]:
    """Write old.xml and new.xml; return the counts a correct diff finds."""
    folder.mkdir(parents=True, exist_ok=True)
    old, new = [], []
    changed = removed = 0
    for ident in range(count):
        lastmod = f"2024-{1 + ident % 12:02d}-{1 + ident % 28:02d}"
        priority = f"0.{1 + ident % 9}"
        old.append(_entry(ident, lastmod, priority))
        if ident % 100 == 7:
            removed += 1
            continue
        if ident % 20 == 3:
            changed += 1
            new.append(_entry(ident, "2025-06-30", "1.0" if ident % 100 == 3 else priority))
        else:
            new.append(_entry(ident, lastmod, priority))
    new.extend(_entry(count + n, "2025-07-01", "0.5") for n in range(removed))
    _write(folder / "old.xml", old)
    _write(folder / "new.xml", new)
    return {"added": removed, "removed": removed, "changed": changed,
            "unchanged": count - removed - changed, "moved": 0}


def lxml_rows(path: Path) -> int:
    """Bare iterparse: four values per ``<url>``, elements freed as we go."""
    rows = []
    for _, element in etree.iterparse(str(path), events=("end",), tag=URL_TAG,
                                      resolve_entities=False, no_network=True):
        rows.append(tuple(child.text for child in element))
        element.clear()
        while element.getprevious() is not None:
            del element.getparent()[0]
    return len(rows)


def timed(label: str, work: object) -> float:
    gc.collect()
    start = time.perf_counter()
    work()  # type: ignore[operator]
    seconds = time.perf_counter() - start
    print(f"{label:<32} {seconds:8.2f} s")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--urls", type=int, default=1_000_000)
    parser.add_argument("--data", type=Path, default=BENCH_DIR / "data" / "diff")
    args = parser.parse_args(argv)
    expected = generate(args.data, args.urls)
    old, new = args.data / "old.xml", args.data / "new.xml"
    limits = Limits(max_entries=max(args.urls * 2, Limits().max_entries))
    print(f"{args.urls:,} vs {args.urls:,} URLs ({old.stat().st_size / 1e6:.0f} MB, "
          f"{new.stat().st_size / 1e6:.0f} MB)")
    timed("lxml iterparse, both", lambda: (lxml_rows(old), lxml_rows(new)))
    load = timed("open_document, both (baseline)",
                 lambda: (open_document(old, limits), open_document(new, limits)))
    found: dict[str, object] = {}
    diff = timed("compare_locations (read + diff)",
                 lambda: found.update(result=compare_locations(str(old), str(new), limits)))
    summary = found.pop("result").summary()  # type: ignore[attr-defined]
    sides: list[object] = []
    read = timed("  of which: read_side, both",
                 lambda: sides.extend((read_side(str(old), limits), read_side(str(new), limits))))
    timed("  of which: compare_sides", lambda: compare_sides(*sides))  # type: ignore[arg-type]
    print(f"(read {read:.2f} s = {read / load:.2f}x the baseline load)")
    print(f"found    {summary}")
    print(f"expected {expected}")
    ratio = diff / load
    verdict = "PASS" if ratio <= GOAL and summary == expected else "FAIL"
    print(f"diff / load = {ratio:.2f}x (goal <= {GOAL:.0f}x): {verdict}")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    raise SystemExit(main())
