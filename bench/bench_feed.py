"""Opening an RSS or Atom feed as a sitemap, against a bare lxml parse of the same feed.

For each size (20,000 and 100,000 items by default) and each format (RSS 2.0,
Atom 1.0), the feed is written to a temporary file and, in one process:

* **bare lxml** reads the file with ``lxml.etree.parse`` (the tree only, no
  Python object per item): the floor any reader of the feed pays;
* **ours** opens it with ``sitemap_studio.core.reading.loader.open_document``
  (parse the feed, make the urlset's bytes and rows, with their findings).

Each runs once to warm up, then N times (3 by default); the best wall time
(``time.perf_counter``) and the best processor time of this process
(``time.process_time``, steadier on a machine others share) count. The script
prints both, with ours divided by bare lxml, and checks outside the timers that
every item became a row. It asserts no target: compare its figures before and
after a change.

Usage::

    python bench/bench_feed.py [--items 20000 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from lxml import etree  # noqa: E402

from sitemap_studio.core.reading.loader import open_document  # noqa: E402

T = TypeVar("T")


def rss_item(n: int) -> str:
    """One RSS post with a title, link, guid, date and description."""
    return (f"<item><title>Post {n} &amp; more</title>"
            f"<link>https://example.com/blog/{n // 100}/post-{n}?a=1&amp;b={n}</link>"
            f"<guid>https://example.com/?p={n}</guid>"
            f"<pubDate>Mon, {n % 28 + 1:02d} Jan 2024 10:{n % 60:02d}:00 GMT</pubDate>"
            f"<description>About post {n}: &lt;b&gt;bold&lt;/b&gt; words.</description>"
            "</item>\n")


def atom_entry(n: int) -> str:
    """One Atom entry with a title, id, alternate link, update time and summary."""
    return (f"<entry><title>Post {n}</title><id>tag:example.com,2024:{n}</id>"
            f'<link rel="alternate" href="https://example.com/blog/{n // 100}/post-{n}"/>'
            f"<updated>2024-01-{n % 28 + 1:02d}T10:{n % 60:02d}:00Z</updated>"
            f"<summary>About post {n}.</summary></entry>\n")


FORMATS = {
    "rss": ('<rss version="2.0">\n<channel>\n<title>Bench blog</title>'
            "<link>https://example.com/</link>\n", rss_item, "</channel>\n</rss>\n"),
    "atom": ('<feed xmlns="http://www.w3.org/2005/Atom">\n<title>Bench blog</title>\n'
             '<link rel="self" href="https://example.com/feed.atom"/>\n', atom_entry,
             "</feed>\n"),
}


def feed(name: str, items: int) -> bytes:
    """The feed of format ``name`` (``rss`` or ``atom``) with ``items`` posts."""
    head, item, tail = FORMATS[name]
    body = "".join(item(n) for n in range(items))
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{head}{body}{tail}'.encode()


def best_of(func: Callable[[], T], runs: int) -> tuple[float, float]:
    """Warm up once, then the best wall and processor times of ``runs`` calls."""
    func()
    wall = cpu = float("inf")
    for _ in range(runs):
        gc.collect()
        started, started_cpu = time.perf_counter(), time.process_time()
        result = func()
        wall = min(wall, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - started_cpu)
        del result
    return wall, cpu


def bare_lxml(path: str) -> etree._ElementTree:
    """The floor: lxml parses the file into a tree, nothing more."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    return etree.parse(path, parser)


def main(argv: list[str] | None = None) -> int:
    """Time each size and format and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, nargs="+", default=[20_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    libxml = ".".join(map(str, etree.LIBXML_VERSION))
    print(f"Python {platform.python_version()}, lxml {etree.__version__} (libxml2 {libxml}), "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; best of {args.runs}")
    print(f"{'':<27}{'wall time':^34}{'processor time':^34}")
    print(f"{'feed':<14}{'bytes':>13}" + f"{'bare lxml s':>13}{'ours s':>10}{'ours/lxml':>11}" * 2)
    with tempfile.TemporaryDirectory() as folder:
        for items in args.items:
            for name in FORMATS:
                path = os.path.join(folder, f"{name}-{items}.xml")
                Path(path).write_bytes(feed(name, items))
                document = open_document(path)
                if len(document) != items:
                    print(f"{name} {items}: {len(document)} rows, expected {items}")
                    return 1
                del document
                floor = best_of(lambda: bare_lxml(path), args.runs)
                ours = best_of(lambda: open_document(path), args.runs)
                print(f"{name + ' ' + format(items, ','):<14}{os.path.getsize(path):>13,}"
                      f"{floor[0]:>13.3f}{ours[0]:>10.3f}{ours[0] / floor[0]:>10.1f}x"
                      f"{floor[1]:>13.3f}{ours[1]:>10.3f}{ours[1] / floor[1]:>10.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
