"""Validation speed on the 1,000,000-URL project: a full run against the load, then one edit.

Targets (issue 3): validating the project takes at most 2x the time it takes to load it;
re-validating after a single edit takes under 5 ms. Both are measured in this process:
the load is timed first, then the validation of the same loaded documents.

    python bench/bench_validation.py [--data bench/data] [--edits 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sitemap_studio.core.project.workspace import open_workspace  # noqa: E402
from sitemap_studio.core.reading.loader import open_document  # noqa: E402
from sitemap_studio.core.validation.project import Member, ProjectValidator  # noqa: E402

RATIO_TARGET = 2.0
EDIT_TARGET_MS = 5.0


def main() -> int:
    """Run the benchmark and print the figures; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=REPO / "bench" / "data")
    parser.add_argument("--edits", type=int, default=200)
    args = parser.parse_args()
    project = args.data / "project-1m" / "project.sitemapproj"
    if not project.is_file():
        print(f"missing {project}: run python bench/generate.py first", file=sys.stderr)
        return 2

    started = time.perf_counter()
    workspace = open_workspace(project)
    load = time.perf_counter() - started
    members = [Member(item.path, item.document, item.ref.url if item.ref else None)
               for item in workspace.items if item.document is not None
               and item.document.kind.value == "urlset"]
    urls = sum(len(member.document) for member in members)

    started = time.perf_counter()
    validators = ProjectValidator(members, site_url="https://www.example.com/").run().validators
    validate = time.perf_counter() - started
    findings = sum(len(v.findings()) for v in validators.values())

    rng = random.Random(7)
    timings = []
    for number in range(args.edits):
        member = rng.choice(members)
        document = member.document
        row = rng.randrange(len(document))
        value = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T08:00:00+00:00"
        started = time.perf_counter()
        document.set_text(document.id_at(row), "lastmod", value)
        timings.append((time.perf_counter() - started) * 1000)
    # The same edits without a validator listening: what the edit itself costs.
    bare = open_document(members[0].document.source.path or "")
    bare_timings = []
    for number in range(min(args.edits, 100)):
        row = rng.randrange(len(bare))
        started = time.perf_counter()
        bare.set_text(bare.id_at(row), "lastmod", f"2025-02-{1 + number % 28:02d}")
        bare_timings.append((time.perf_counter() - started) * 1000)

    ratio = validate / load
    edit_p50 = statistics.median(timings)
    edit_max = max(timings)
    print(f"URLs: {urls:,} in {len(members)} sitemaps; findings after the full run: {findings:,}")
    print(f"load (open_workspace):          {load:8.2f} s")
    print(f"validate (ProjectValidator):    {validate:8.2f} s   ratio {ratio:.2f}x "
          f"(target <= {RATIO_TARGET}x) {'PASS' if ratio <= RATIO_TARGET else 'FAIL'}")
    print(f"edit + re-validation, {len(timings)} edits: median {edit_p50:.2f} ms, "
          f"p95 {sorted(timings)[int(len(timings) * 0.95) - 1]:.2f} ms, max {edit_max:.2f} ms "
          f"(target < {EDIT_TARGET_MS} ms) {'PASS' if edit_p50 < EDIT_TARGET_MS else 'FAIL'}")
    print(f"the same edit with no validator: median {statistics.median(bare_timings):.2f} ms")
    ok = ratio <= RATIO_TARGET and edit_p50 < EDIT_TARGET_MS
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
