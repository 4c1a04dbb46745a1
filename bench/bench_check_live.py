"""Check Live Site, the user's journey: ``sitemap-studio check-live PROJECT`` on a published site.

A project of N URLs (default 200,000) is exported, its files (and a
robots.txt naming the index) are served from 127.0.0.1 by a threaded HTTP
server, and ``check-live`` checks them and compares them with a fresh export.
The baseline, measured in the same run, is what the check cannot avoid doing:
one export of the project plus ``validate`` of the files it wrote. Prints the
median of the runs and the ratio (target <= 1.5x).

    python bench/bench_check_live.py [--urls 200000] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sitemap_studio import cli

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
TARGET = 1.5


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Override of ``BaseHTTPRequestHandler.log_message``: stay quiet."""


def _quietly(*argv: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main(list(argv))


def _timed(*argv: str) -> float:
    start = time.perf_counter()
    code = _quietly(*argv)
    elapsed = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"{' '.join(argv[:2])} exited {code}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--urls", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-check-live-") as name:
        folder = Path(name)
        public = folder / "public"
        public.mkdir()
        server = ThreadingHTTPServer(("127.0.0.1", 0),
                                     functools.partial(_Quiet, directory=str(public)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        site = f"http://127.0.0.1:{server.server_address[1]}/"
        rows = "".join(f"<url><loc>{site}products/item-{n}?colour={n % 7}</loc>"
                       f"<lastmod>2024-0{n % 9 + 1}-1{n % 10}</lastmod></url>\n"
                       for n in range(args.urls))
        (folder / "all.xml").write_text(f'<urlset xmlns="{NS}">\n{rows}</urlset>\n', "utf-8")
        project = folder / "shop.sitemapproj"
        project.write_text(json.dumps({"format_version": 2, "site_url": site, "index": None,
                                       "sitemaps": [{"path": "all.xml"}],
                                       "export": {"output_folder": "public"}}), "utf-8")
        _timed("export", str(project))
        (public / "robots.txt").write_text(f"User-agent: *\nAllow: /\n"
                                           f"Sitemap: {site}sitemap-index.xml\n", "utf-8")
        written = sorted(str(path) for path in public.glob("sitemap*"))
        checks, baselines = [], []
        for _ in range(args.runs):
            checks.append(_timed("check-live", str(project), "--allow-private"))
            baselines.append(_timed("export", str(project), "--out", str(folder / "again"))
                             + _timed("validate", *written))
        server.shutdown()
    check, baseline = statistics.median(checks), statistics.median(baselines)
    ratio = check / baseline
    print(f"check-live of {args.urls:,} URLs in {len(written) - 1} files: {check:.2f} s "
          f"(median of {args.runs})")
    print(f"baseline, export + validate of the files written: {baseline:.2f} s")
    print(f"ratio {ratio:.2f}x (target <= {TARGET}x): {'PASS' if ratio <= TARGET else 'FAIL'}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
