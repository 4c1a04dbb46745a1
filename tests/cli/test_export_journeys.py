"""What users come for, from the command line: a big URL list in, upload-ready files out.

Each test runs ``python -m sitemap_studio`` as a user would, on input of the
size users have, and checks what they would check: the files on disk, every
URL exactly once, the official XSDs, and our own ``validate`` on the output.
"""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.xsd_oracle import XsdOracle

from sitemap_studio.core.reading.loader import open_bytes

SITE = "https://example.com/"
WORDS = ("blog", "shop", "news", "docs", "team", "size", "a-b", "x_y", "2024", "fr", "de")


def sitemap_studio(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sitemap_studio", *argv], cwd=cwd,
                          capture_output=True, text=True, timeout=600, check=False)


def url_lines(count: int, seed: int, site: str = SITE) -> list[str]:
    """``count`` varied, distinct URLs of ``site``."""
    rng = random.Random(seed)
    urls = []
    for n in range(count):
        folder = "/".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
        urls.append((f"{site}{folder}/{n}", f"{site}{folder}?id={n}&sort=asc",
                     f"{site}{folder}/item-{n}.html")[n % 3])
    return urls


def write_list(path: Path, urls: list[str]) -> Path:
    path.write_text("\n".join(urls) + "\n", encoding="utf-8")
    return path


def published(folder: Path, base: str, oracle: XsdOracle) -> list[str]:
    """Every URL the index in ``folder`` leads to, in order; each file checked with the XSDs."""
    index_data = (folder / "sitemap-index.xml").read_bytes()
    oracle.assert_valid(index_data, "the index")
    urls: list[str] = []
    for entry in open_bytes(index_data, "sitemap-index.xml").entries():
        assert entry.loc is not None and entry.loc.startswith(base)
        path = folder / entry.loc[len(base):]
        data = gzip.decompress(path.read_bytes())
        assert len(data) <= 52_428_800
        oracle.assert_valid(data, path.name)
        found = [item.loc or "" for item in open_bytes(data, path.name).entries()]
        assert 0 < len(found) <= 50_000
        urls.extend(found)
    return urls


def validate_output(folder: Path, base: str) -> subprocess.CompletedProcess[str]:
    files = sorted(str(p) for p in folder.iterdir() if p.name.startswith("sitemap"))
    return sitemap_studio("validate", "--site-url", base, *files, cwd=folder)


@pytest.mark.slow
def test_a_60001_line_list_exports_to_upload_ready_files(tmp_path, core_xsd_oracle) -> None:
    urls = url_lines(60_001, seed=1)
    write_list(tmp_path / "list.txt", urls)
    done = sitemap_studio("export", "list.txt", "--out", "out", "--base-url", SITE,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    assert published(out, SITE, core_xsd_oracle) == urls
    assert "sitemap-1.xml.gz   50000 urls" in done.stdout
    assert "sitemap-2.xml.gz   10001 urls" in done.stdout
    assert "total: 2 files, 60001 urls" in done.stdout
    checked = validate_output(out, SITE)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert " error " not in checked.stdout


@pytest.mark.slow
def test_two_overlapping_lists_write_each_url_once_first_copy_wins(tmp_path,
                                                                   core_xsd_oracle) -> None:
    first = url_lines(30_000, seed=2)
    second = first[20_000:] + url_lines(25_000, seed=3, site="https://example.com/more/")
    write_list(tmp_path / "a.txt", first)
    write_list(tmp_path / "b.txt", second)
    done = sitemap_studio("export", "a.txt", "b.txt", "--out", "out", "--base-url", SITE,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    written = published(tmp_path / "out", SITE, core_xsd_oracle)
    assert written == first + second[10_000:]
    assert len(set(written)) == len(written) == 55_000
    assert ("merged: 10,000 URLs listed more than once in the input, written once "
            "(the first copy wins)") in done.stdout


def test_an_error_blocks_unless_allowed_and_nothing_invalid_is_written(tmp_path,
                                                                        core_xsd_oracle) -> None:
    urls = url_lines(200, seed=4)
    rows = "".join(f"\n  <url><loc>{url.replace('&', '&amp;')}</loc></url>" for url in urls)
    bad = ("\n  <url><loc>ftp://example.com/file.zip</loc></url>"
           "\n  <url><loc>https://example.com/dated</loc><lastmod>2024-13-45</lastmod>"
           "<priority>0.5</priority></url>"
           "\n  <url><loc>/relative/page</loc></url>")
    source = tmp_path / "site.xml"
    source.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns='
                      f'"http://www.sitemaps.org/schemas/sitemap/0.9">{rows}{bad}\n</urlset>\n',
                      encoding="utf-8")

    blocked = sitemap_studio("export", "site.xml", "--out", "out", "--base-url", SITE,
                             cwd=tmp_path)
    assert blocked.returncode == 1
    assert "site.xml:203:8: error loc-unsupported-scheme:" in blocked.stderr
    lastmod_column = len('  <url><loc>https://example.com/dated</loc>') + 1
    assert f"site.xml:204:{lastmod_column}: error lastmod-" in blocked.stderr
    assert "export blocked: 2 errors in 1 file" in blocked.stderr
    assert not (tmp_path / "out").exists()

    allowed = sitemap_studio("export", "site.xml", "--out", "out", "--base-url", SITE,
                             "--allow-errors", cwd=tmp_path)
    assert allowed.returncode == 0, allowed.stderr
    written = published(tmp_path / "out", SITE, core_xsd_oracle)
    assert written == [*urls, "https://example.com/dated", "https://example.com/relative/page"]
    report = allowed.stdout
    assert "resolved: 1 relative URL resolved against the site URL" in report
    assert "site.xml:205: /relative/page -> https://example.com/relative/page" in report
    assert "left out: 1 entry: not an http or https URL" in report
    assert "site.xml:203: ftp://example.com/file.zip" in report
    assert "written without an invalid lastmod: 1 entry" in report
    assert "errors carried into the output (allowed): 2 errors" in report
    data = gzip.decompress((tmp_path / "out" / "sitemap-1.xml.gz").read_bytes())
    assert b"<priority>0.5</priority>" in data and b"2024-13-45" not in data


def test_a_file_with_only_what_export_resolves_is_never_blocked(tmp_path,
                                                                core_xsd_oracle) -> None:
    # A duplicate, a relative URL, a missing namespace and an over-limit count for the
    # file size chosen: each one a finding of `validate`, none a reason to refuse.
    source = tmp_path / "old.xml"
    source.write_text("<urlset>\n<url><loc>https://example.com/a</loc></url>\n"
                      "<url><loc>https://example.com/a</loc></url>\n"
                      "<url><loc>/b</loc></url>\n</urlset>\n", encoding="utf-8")
    assert sitemap_studio("validate", "old.xml", cwd=tmp_path).returncode == 1
    done = sitemap_studio("export", "old.xml", "--out", "out", "--base-url", SITE,
                          "--max-urls", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert published(tmp_path / "out", SITE, core_xsd_oracle) == [
        "https://example.com/a", "https://example.com/b"]
    checked = validate_output(tmp_path / "out", SITE)
    assert checked.returncode == 0, checked.stdout


def test_two_hosts_are_refused_with_the_hosts_named_or_written_one_set_each(
        tmp_path, core_xsd_oracle) -> None:
    main = url_lines(300, seed=5)
    shop = url_lines(200, seed=6, site="https://shop.example.org/")
    mixed = [url for pair in zip(main, shop, strict=False) for url in pair] + main[200:]
    write_list(tmp_path / "all.txt", mixed)

    refused = sitemap_studio("export", "all.txt", "--out", "out", "--base-url", SITE,
                             cwd=tmp_path)
    assert refused.returncode == 2
    assert "the input spans 2 hosts" in refused.stderr
    assert "https://shop.example.org: 200 URLs with no base URL" in refused.stderr
    assert "--base-url HOST=URL" in refused.stderr
    assert not (tmp_path / "out").exists()

    deep = sitemap_studio("export", "all.txt", "--out", "out", "--base-url", SITE,
                          "--base-url", "shop.example.org=https://shop.example.org/maps/",
                          cwd=tmp_path)
    assert deep.returncode == 2
    assert "are outside https://shop.example.org/maps/, the folder" in deep.stderr
    assert not (tmp_path / "out").exists()

    done = sitemap_studio("export", "all.txt", "--out", "out", "--base-url", SITE,
                          "--base-url", "shop.example.org=https://shop.example.org/",
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out"
    assert sorted(p.name for p in out.iterdir()) == ["example.com", "shop.example.org"]
    assert published(out / "example.com", SITE, core_xsd_oracle) == main
    assert published(out / "shop.example.org", "https://shop.example.org/",
                     core_xsd_oracle) == shop
    for folder, base in (("example.com", SITE), ("shop.example.org", "https://shop.example.org/")):
        checked = validate_output(out / folder, base)
        assert checked.returncode == 0, checked.stdout
        assert "scope-" not in checked.stdout
