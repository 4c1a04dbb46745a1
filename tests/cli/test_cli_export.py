"""``sitemap-studio export``: files or a project in, split files plus an index out, exit codes."""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

from sitemap_studio.cli import export as cli_export
from sitemap_studio.cli.run import limits_from
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str) -> bytes:
    rows = "".join(f"\n  <url><loc>{loc}</loc><lastmod>2024-01-0{n % 9 + 1}</lastmod></url>"
                   for n, loc in enumerate(locs))
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">'
    return f"{head}{rows}\n</urlset>\n".encode()


def pages(first: int, count: int) -> list[str]:
    return [f"https://example.com/p{n}" for n in range(first, first + count)]


def run(*argv: str) -> int:
    """Parse like the CLI does, with the input limits the CLI derives from the arguments."""
    parser = argparse.ArgumentParser(prog="sitemap-studio")
    cli_export.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["export", *argv])
    return cli_export.run(args, limits_from(args))


def index_locs(path: Path) -> list[str | None]:
    return [e.loc for e in open_bytes(path.read_bytes(), path.name).entries()]


def test_files_are_split_and_indexed(tmp_path, capsys) -> None:
    a, b = tmp_path / "a.xml", tmp_path / "b.txt"
    a.write_bytes(urlset(*pages(0, 3)))
    b.write_bytes("\n".join(pages(3, 2)).encode() + b"\n")
    out = tmp_path / "out"
    assert run(str(a), str(b), "--out", str(out), "--base-url", "https://example.com/",
               "--max-urls", "2") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["sitemap-1.xml.gz", "2", "urls",
                                str(len(gzip.decompress((out / "sitemap-1.xml.gz").read_bytes()))),
                                "bytes", str((out / "sitemap-1.xml.gz").stat().st_size),
                                "bytes", "gzipped"]
    assert len(lines) == 5
    assert lines[3].startswith("sitemap-index.xml  index of 3 sitemaps")
    assert lines[4].startswith("total: 3 files, 5 urls, ")
    assert index_locs(out / "sitemap-index.xml") == [
        f"https://example.com/sitemap-{n}.xml.gz" for n in (1, 2, 3)]
    written = b"".join(gzip.decompress((out / f"sitemap-{n}.xml.gz").read_bytes())
                       for n in (1, 2, 3))
    assert all(loc.encode() in written for loc in pages(0, 5))


def test_options_override_the_defaults(tmp_path, capsys) -> None:
    source = tmp_path / "a.xml"
    source.write_bytes(urlset(*pages(0, 3)))
    out = tmp_path / "out"
    assert run(str(source), "--out", str(out), "--base-url", "https://example.com/",
               "--no-gzip", "--name", "part-{n:02}.xml", "--index-name", "all.xml",
               "--index-lastmod", "none", "--stylesheet", "/s.xsl", "--max-bytes", "1100") == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "all.xml", "part-01.xml"]
    index = (out / "all.xml").read_bytes()
    assert b"<lastmod>" not in index and b'href="/s.xsl"' in index
    assert "bytes gzipped" not in capsys.readouterr().out


def test_files_need_a_base_url_and_an_output_folder(tmp_path, capsys) -> None:
    source = tmp_path / "a.xml"
    source.write_bytes(urlset(*pages(0, 1)))
    assert run(str(source), "--out", str(tmp_path / "out")) == 2
    assert "base URL" in capsys.readouterr().err
    assert run(str(source), "--base-url", "https://example.com/") == 2
    assert "--out" in capsys.readouterr().err
    assert run(str(source), "--out", str(tmp_path / "o"), "--base-url", "https://example.com/",
               "--name", "../x-{n}.xml") == 2
    assert "name pattern" in capsys.readouterr().err
    assert not (tmp_path / "out").exists() and not (tmp_path / "o").exists()


def test_unreadable_input_exits_2(tmp_path, capsys) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_bytes(b"<urlset>\n<url>\n</urlset>")
    assert run(str(broken), str(tmp_path / "missing.xml"), "--out", str(tmp_path / "out"),
               "--base-url", "https://example.com/") == 2
    err = capsys.readouterr().err
    assert f"{broken}:3:" in err and "missing.xml" in err
    assert not (tmp_path / "out").exists()


def test_errors_in_the_input_block_the_export(tmp_path, capsys) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_bytes(b"previous")
    source = tmp_path / "bad.xml"
    source.write_bytes(urlset("https://example.com/a", "ftp://example.com/b",
                              "https://example.com/c"))
    assert run(str(source), "--out", str(out), "--base-url", "https://example.com/") == 1
    err = capsys.readouterr().err
    column = source.read_text().splitlines()[3].index("<loc>") + 1
    assert f"{source}:4:{column}: error loc-unsupported-scheme:" in err
    assert "export blocked: 1 error in 1 file (loc-unsupported-scheme x1)" in err
    assert "--allow-errors" in err and "nothing was written" in err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_an_entry_too_big_exits_1(tmp_path, capsys) -> None:
    source = tmp_path / "a.xml"
    source.write_bytes(urlset("https://example.com/" + "x" * 1200))
    assert run(str(source), "--out", str(tmp_path / "out"), "--base-url", "https://example.com/",
               "--max-bytes", "1024") == 1
    assert "more than the limit of 1024 bytes" in capsys.readouterr().err


def make_project(folder: Path, index: bool = True) -> Path:
    (folder / "maps").mkdir()
    shop = [f"https://example.com/pub/p{n}" for n in range(6)]
    (folder / "maps" / "one.xml").write_bytes(urlset(*shop[:3]))
    (folder / "maps" / "two.xml").write_bytes(urlset(*shop[3:]))
    (folder / "maps" / "index.xml").write_bytes(
        f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/maps/one.xml</loc>'
        f"</sitemap></sitemapindex>".encode())
    project = {
        "format_version": 2,
        "site_url": "https://example.com/",
        "sitemaps": [{"path": "maps/one.xml"}, {"path": "maps/two.xml"}],
        "index": ({"path": "maps/index.xml", "url": "https://example.com/pub/index.xml"}
                  if index else None),
        "export": {"output_folder": "public", "max_urls": 4, "gzip": False,
                   "name_pattern": "urls-{n}.xml", "index_name": "urls.xml"},
    }
    path = folder / "site.sitemapproj"
    path.write_text(json.dumps(project), "utf-8")
    return path


def test_a_project_uses_its_export_settings(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    assert run(str(project)) == 0
    out = tmp_path / "public"
    assert index_locs(out / "urls.xml") == [
        "https://example.com/pub/urls-1.xml", "https://example.com/pub/urls-2.xml"]
    assert [line.split()[:2] for line in capsys.readouterr().out.splitlines()[:2]] == [
        ["urls-1.xml", "4"], ["urls-2.xml", "2"]]
    assert not (out / "index.xml").exists()


def test_a_project_with_options_and_without_an_index_url(tmp_path) -> None:
    project = make_project(tmp_path, index=False)
    out = tmp_path / "elsewhere"
    assert run(str(project), "--out", str(out), "--max-urls", "5", "--gzip") == 0
    assert index_locs(out / "urls.xml") == [
        "https://example.com/urls-1.xml.gz", "https://example.com/urls-2.xml.gz"]
    assert not (tmp_path / "public").exists()


def test_a_project_with_an_unreadable_member_exits_2(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    (tmp_path / "maps" / "two.xml").write_bytes(b"<urlset><url></urlset>")
    assert run(str(project)) == 2
    assert "two.xml" in capsys.readouterr().err
    assert not (tmp_path / "public").exists()


def test_a_project_and_files_together_are_refused(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    assert run(str(project), str(tmp_path / "maps" / "one.xml")) == 2
    assert "not both" in capsys.readouterr().err


def test_max_bytes_limits_files_not_inputs(tmp_path) -> None:
    source = tmp_path / "a.xml"
    source.write_bytes(urlset(*pages(0, 40)))
    assert len(source.read_bytes()) > 2000
    out = tmp_path / "out"
    assert run(str(source), "--out", str(out), "--base-url", "https://example.com/",
               "--max-bytes", "2000", "--no-gzip") == 0
    sizes = [p.stat().st_size for p in out.glob("sitemap-[0-9]*.xml")]
    assert len(sizes) > 1 and max(sizes) <= 2000
    assert run(str(source), "--out", str(out), "--base-url", "https://example.com/",
               "--max-input-bytes", "100") == 2


def test_a_project_names_a_base_url_per_host(tmp_path, capsys) -> None:
    project = make_project(tmp_path, index=False)
    (tmp_path / "maps" / "two.xml").write_bytes(urlset(*(f"https://shop.example.org/p{n}"
                                                        for n in range(3))))
    assert run(str(project)) == 2
    err = capsys.readouterr().err
    assert "https://shop.example.org: 3 URLs with no base URL" in err
    assert not (tmp_path / "public").exists()
    data = json.loads(project.read_text("utf-8"))
    data["export"]["host_base_urls"] = ["https://shop.example.org/"]
    project.write_text(json.dumps(data), "utf-8")
    assert run(str(project)) == 0
    out = tmp_path / "public"
    assert index_locs(out / "example.com" / "urls.xml") == ["https://example.com/urls-1.xml"]
    assert index_locs(out / "shop.example.org" / "urls.xml") == [
        "https://shop.example.org/urls-1.xml"]
