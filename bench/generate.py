"""Generate the benchmark inputs, deterministically.

Writes into a folder (default ``bench/data/``, which git ignores):

* ``sitemap-50k.xml``: one urlset of 50,000 ``<url>`` entries with all four
  protocol fields (loc, lastmod, changefreq, priority), about 9 MB;
* ``project-1m/``: twenty such files (``sitemap-01.xml`` ... ``sitemap-20.xml``,
  1,000,000 different URLs in all), a ``sitemap-index.xml`` listing them and a
  ``project.sitemapproj`` file.

Every byte comes from a seeded :class:`random.Random` and fixed dates, so the
output is identical on every run and every machine. A stamp file
(``.stamp.json``) records a hash of this script and the size and SHA-256 of
every file: a file is written again only when it is missing, its size no
longer matches (``--verify``: its SHA-256), or this script changed.

Usage::

    python bench/generate.py [FOLDER] [--force] [--verify] [--self-check]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

#: Relative path -> {"size": bytes, "sha256": hex digest}, as kept in the stamp.
Files = dict[str, dict[str, Any]]

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_OUT = BENCH_DIR / "data"
SITE = "https://www.example.com/"
URLS_PER_FILE = 50_000
PROJECT_FILES = 20
SEED = 20261122
SINGLE_NAME = "sitemap-50k.xml"
PROJECT_DIR = "project-1m"
STAMP = ".stamp.json"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"

WORDS = (
    "garden", "chair", "table", "lamp", "winter", "summer", "guide", "review", "best", "cheap",
    "how", "to", "make", "bake", "bread", "coffee", "travel", "city", "river", "mountain",
    "light", "dark", "blue", "green", "red", "classic", "modern", "small", "large", "home",
    "office", "kitchen", "outdoor", "running", "shoes", "jacket", "wool", "cotton", "linen",
    "update", "release", "notes", "install", "setup", "config", "api", "client", "server", "data",
    "report", "annual", "quarterly", "market", "price", "offer", "sale", "new", "old", "first",
    "last", "quick", "easy", "simple", "advanced", "tips", "ideas", "list", "top", "ten", "why",
    "what", "when", "where", "family", "kids", "dog", "cat", "patio", "tools", "repair",
    "battery", "solar", "power", "energy", "water", "filter", "camera", "lens", "photo", "video",
    "music", "live", "tour", "ticket", "event", "festival", "recipe", "soup", "salad", "pasta",
    "pizza", "vegan", "healthy", "sport", "bike", "trail", "map", "hotel", "beach", "island",
    "north", "south", "east", "west",
)
CATEGORIES = ("furniture", "lighting", "outdoor", "apparel", "footwear", "electronics",
              "kitchen", "garden", "toys", "books", "sports", "tools")
DOC_SECTIONS = ("getting-started", "reference", "tutorials", "how-to", "faq", "changelog")
LANGS = ("en", "de", "fr", "es", "it", "nl", "pt-br", "ja")
CHANGEFREQ = (("always", 1), ("hourly", 3), ("daily", 20), ("weekly", 40), ("monthly", 25),
              ("yearly", 8), ("never", 3))
ZONES = ("+00:00", "+00:00", "+01:00", "+02:00", "-05:00", "-08:00", "+05:30", "+09:00")
EPOCH = datetime(2019, 1, 1)
SPAN_SECONDS = 6 * 365 * 24 * 3600


def _slug(rng: random.Random, low: int, high: int) -> str:
    return "-".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def make_url(rng: random.Random, ident: int) -> str:
    """One realistic https URL; ``ident`` makes it unique (it appears in every pattern)."""
    kind = rng.random()
    if kind < 0.25:
        return f"{SITE}blog/{2019 + rng.randrange(6)}/{_slug(rng, 1, 3)}-{ident}/"
    if kind < 0.50:
        return f"{SITE}shop/{rng.choice(CATEGORIES)}/{_slug(rng, 1, 2)}-p{ident}"
    if kind < 0.62:
        return f"{SITE}{rng.choice(LANGS)}/{rng.choice(DOC_SECTIONS)}/{ident}.html"
    if kind < 0.77:
        return f"{SITE}c/{rng.choice(CATEGORIES)}?page={ident}"
    if kind < 0.90:
        return f"{SITE}p/{ident:x}"
    return f"{SITE}news/{_slug(rng, 1, 3)}-{ident}"


def _lastmod(rng: random.Random) -> str:
    moment = EPOCH + timedelta(seconds=rng.randrange(SPAN_SECONDS))
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + rng.choice(ZONES)


def urlset_bytes(seed: int, first_ident: int, count: int = URLS_PER_FILE) -> bytes:
    """A urlset of ``count`` entries with all four fields, tab-indented like common CMS output."""
    rng = random.Random(seed)
    freqs = [name for name, _ in CHANGEFREQ]
    weights = [weight for _, weight in CHANGEFREQ]
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n', f'<urlset xmlns="{NS}">\n']
    for n in range(count):
        loc = make_url(rng, first_ident + n)
        freq = rng.choices(freqs, weights)[0]
        priority = f"{rng.randint(1, 10) / 10:.1f}"
        parts.append(
            f"\t<url>\n\t\t<loc>{loc}</loc>\n\t\t<lastmod>{_lastmod(rng)}</lastmod>\n"
            f"\t\t<changefreq>{freq}</changefreq>\n\t\t<priority>{priority}</priority>\n\t</url>\n"
        )
    parts.append("</urlset>\n")
    return "".join(parts).encode("utf-8")


def index_bytes(names: list[str]) -> bytes:
    """A sitemapindex listing ``names`` under the site with fixed lastmod values."""
    rows = "".join(
        f"\t<sitemap>\n\t\t<loc>{SITE}{name}</loc>\n"
        f"\t\t<lastmod>2026-11-{1 + i % 20:02d}T08:00:00+00:00</lastmod>\n\t</sitemap>\n"
        for i, name in enumerate(names)
    )
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n{rows}'
            "</sitemapindex>\n").encode()


def project_bytes(names: list[str]) -> bytes:
    """The ``project.sitemapproj`` JSON for the twenty files and the index."""
    project = {
        "format_version": 1,
        "site_url": SITE,
        "sitemaps": [{"path": name, "url": SITE + name} for name in names],
        "index": {"path": "sitemap-index.xml", "url": SITE + "sitemap-index.xml"},
    }
    return (json.dumps(project, indent=2) + "\n").encode("utf-8")


def project_names() -> list[str]:
    """File names of the project's sitemaps."""
    return [f"sitemap-{i:02d}.xml" for i in range(1, PROJECT_FILES + 1)]


def builders() -> dict[str, Callable[[], bytes]]:
    """Relative path -> zero-argument function returning that file's bytes."""
    names = project_names()
    plan: dict[str, Callable[[], bytes]] = {SINGLE_NAME: lambda: urlset_bytes(SEED, 0)}
    for i, name in enumerate(names):
        plan[f"{PROJECT_DIR}/{name}"] = _project_file(i)
    plan[f"{PROJECT_DIR}/sitemap-index.xml"] = lambda: index_bytes(names)
    plan[f"{PROJECT_DIR}/project.sitemapproj"] = lambda: project_bytes(names)
    return plan


def _project_file(i: int) -> Callable[[], bytes]:
    """Builder of the project's file number ``i + 1`` (ids ``i * 50,000`` onwards)."""
    return lambda: urlset_bytes(SEED + 1 + i, i * URLS_PER_FILE)


def generator_hash() -> str:
    """Hash of this script: a changed generator invalidates the stamp."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def stale_files(out: Path, verify: bool) -> tuple[Files, list[str]]:
    """(stamp's table of files still valid, files to write): all when the generator changed."""
    try:
        stamp = json.loads((out / STAMP).read_text("utf-8"))
    except (OSError, ValueError):
        stamp = {}
    plan = list(builders())
    known: Files = stamp.get("files", {}) if stamp.get("generator") == generator_hash() else {}
    valid: Files = {}
    for rel in plan:
        info = known.get(rel)
        path = out / rel
        if info is None or not path.is_file() or path.stat().st_size != info["size"]:
            continue
        if verify and _sha256_file(path) != info["sha256"]:
            continue
        valid[rel] = info
    return valid, [rel for rel in plan if rel not in valid]


def generate(out: Path, force: bool = False, verify: bool = False) -> Files:
    """Write the files that are missing or out of date (all with ``force``); return the table."""
    files, todo = ({}, list(builders())) if force else stale_files(out, verify)
    if not todo:
        print(f"inputs up to date in {out.name}/ (stamp matches; --force to rewrite)")
        return files
    plan = builders()
    for rel in todo:
        data = plan[rel]()
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        part.write_bytes(data)
        os.replace(part, path)
        files[rel] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        print(f"wrote {rel} ({len(data):,} bytes)")
    stamp = {"generator": generator_hash(), "files": dict(sorted(files.items()))}
    (out / STAMP).write_text(json.dumps(stamp, indent=2, sort_keys=True) + "\n", "utf-8")
    return files


def self_check(files: Files) -> bool:
    """Build two files twice in memory: same bytes each time and the same as the stamp."""
    plan = builders()
    ok = True
    for rel in (SINGLE_NAME, f"{PROJECT_DIR}/sitemap-01.xml"):
        first = hashlib.sha256(plan[rel]()).hexdigest()
        second = hashlib.sha256(plan[rel]()).hexdigest()
        same = first == second == files[rel]["sha256"]
        ok = ok and same
        print(f"self-check {rel}: {'identical' if same else 'DIFFERENT'} ({first[:16]})")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT,
                        help="output folder (default: bench/data)")
    parser.add_argument("--force", action="store_true", help="rewrite even if up to date")
    parser.add_argument("--verify", action="store_true",
                        help="re-hash existing files instead of trusting their sizes")
    parser.add_argument("--self-check", action="store_true",
                        help="also build two files twice in memory and compare the bytes")
    args = parser.parse_args(argv)
    files = generate(args.out, force=args.force, verify=args.verify)
    total = sum(int(info["size"]) for rel, info in files.items() if rel.startswith(PROJECT_DIR))
    print(f"{SINGLE_NAME}: {files[SINGLE_NAME]['size']:,} bytes, "
          f"sha256 {files[SINGLE_NAME]['sha256']}")
    print(f"{PROJECT_DIR}/: {len(files) - 1} files, {total:,} bytes, sha256 of sitemap-01.xml "
          f"{files[PROJECT_DIR + '/sitemap-01.xml']['sha256']}")
    if args.self_check and not self_check(files):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
