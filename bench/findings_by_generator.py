"""Findings per generator: what ``sitemap-studio validate`` says about real files (issue 22).

Validates each file of the shared real-world corpus (its ``MANIFEST.tsv`` names the
generator of each file and whether it is valid) and the project's own example files,
one file per run of ``validate --format json``, and prints per generator the number of
files and of findings of each severity. Then it lists every error left on a file the
manifest calls valid, so each can be justified or fixed.

``--code DIR`` runs the ``sitemap_studio`` package found in DIR instead of this
checkout's: check out an older commit with ``git worktree add`` and pass its folder to
compare the findings before and after a change. The corpus is read where it is, never
copied.

    python bench/findings_by_generator.py [--corpus DIR] [--code DIR] [--profile google]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "real"
EXAMPLE = REPO / "resources" / "example"
EXAMPLE_GENERATOR = "Sitemap Studio example (deliberate faults)"
SEVERITIES = ("error", "warning", "notice")


def corpus_files(corpus: Path) -> list[tuple[Path, str, bool]]:
    """(file, generator, valid per the manifest) for each corpus file."""
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [(corpus / row["filename"], row["generator"],
             row["valid_per_sitemaps_org"].startswith("yes")) for row in rows]


def example_files() -> list[tuple[Path, str, bool]]:
    """The example project's sitemaps: faults on purpose, so none is called valid."""
    return [(path, EXAMPLE_GENERATOR, False) for path in sorted(EXAMPLE.glob("*.xml"))]


def validate(path: Path, code: Path, profile: str) -> list[dict[str, object]] | None:
    """The findings of ``path`` by the package in ``code``; ``None`` when it is unreadable."""
    environment = dict(os.environ, PYTHONPATH=str(code))
    result = subprocess.run(
        [sys.executable, "-m", "sitemap_studio", "validate", "--format", "json",
         "--profile", profile, str(path)],
        capture_output=True, text=True, env=environment, cwd=code, check=False)
    if result.returncode not in (0, 1, 2):
        raise SystemExit(f"{path.name}: validate failed ({result.returncode}):\n{result.stderr}")
    found = json.loads(result.stdout)["files"][0]
    if "error" in found:
        return None
    issues: list[dict[str, object]] = found["issues"]
    return issues


def main() -> int:
    """Validate every file, print the table and the errors on valid files."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--code", type=Path, default=REPO,
                        help="the checkout whose sitemap_studio runs (default: this one)")
    parser.add_argument("--profile", default="protocol")
    args = parser.parse_args()
    code = args.code.resolve()
    check = subprocess.run([sys.executable, "-c", "import sitemap_studio; print("
                            "sitemap_studio.__file__)"], capture_output=True, text=True,
                           env=dict(os.environ, PYTHONPATH=str(code)), cwd=code, check=True)
    print(f"code: {Path(check.stdout.strip()).parent.parent.name}, "
          f"profile: {args.profile}\n")
    table: dict[str, Counter[str]] = defaultdict(Counter)
    on_valid: list[tuple[str, str, int]] = []
    for path, generator, valid in corpus_files(args.corpus) + example_files():
        counts = table[generator]
        counts["files"] += 1
        issues = validate(path, code, args.profile)
        if issues is None:
            counts["unreadable"] += 1
            continue
        counts.update(str(issue["severity"]) for issue in issues)
        if valid:
            errors = Counter(str(i["code"]) for i in issues if i["severity"] == "error")
            on_valid.extend((path.name, name, count) for name, count in sorted(errors.items()))
    width = max(len(name) for name in table)
    columns = ("files", *SEVERITIES, "unreadable")
    print(f"{'generator':<{width}} " + " ".join(f"{c:>10}" for c in columns))
    total: Counter[str] = Counter()
    for generator in sorted(table, key=str.lower):
        total.update(table[generator])
        print(f"{generator:<{width}} " + " ".join(f"{table[generator][c]:>10}"
                                                  for c in columns))
    print(f"{'total':<{width}} " + " ".join(f"{total[c]:>10}" for c in columns))
    print("\nerrors on files the manifest calls valid:")
    for name, error, count in on_valid:
        print(f"  {name}: {error} x{count}")
    if not on_valid:
        print("  none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
