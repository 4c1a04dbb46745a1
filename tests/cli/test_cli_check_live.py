"""``sitemap-studio check-live``: a published project checked live and compared with its export.

The journeys export a project with ``sitemap-studio export``, publish the
files on a real HTTP server on 127.0.0.1, and check them with
``check-live``: text and JSON, exit codes 0, 1 and 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.site_server import Route, Site, urlset

from sitemap_studio import cli

#: URLs of the realistic project: two files once exported (50,000 URLs at most per file).
PAGES = 60_000


def make_project(folder: Path, site: Site, pages: list[str]) -> Path:
    (folder / "maps").mkdir()
    (folder / "maps" / "all.xml").write_bytes(urlset(*pages))
    project = {"format_version": 2, "site_url": site.url("/"),
               "sitemaps": [{"path": "maps/all.xml"}], "index": None,
               "export": {"output_folder": "public"}}
    path = folder / "shop.sitemapproj"
    path.write_text(json.dumps(project), "utf-8")
    return path


def publish(folder: Path, site: Site) -> list[str]:
    """Serve every file of the export folder at the site's root; robots.txt names the index."""
    served = []
    for file in sorted((folder / "public").glob("sitemap*")):
        kind = "application/gzip" if file.suffix == ".gz" else "application/xml"
        site.routes["/" + file.name] = Route(body=file.read_bytes(),
                                             headers={"Content-Type": kind})
        served.append(site.url("/" + file.name))
    robots = f"User-agent: *\nAllow: /\nSitemap: {site.url('/sitemap-index.xml')}\n"
    site.routes["/robots.txt"] = Route(body=robots.encode())
    return served


def check_live(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(["check-live", *argv])
    return code, capsys.readouterr().out


def test_a_published_project_passes_and_matches_then_drifts(
        tmp_path: Path, site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    pages = [site.url(f"/products/item-{n}") for n in range(PAGES)]
    project = make_project(tmp_path, site, pages)
    assert cli.main(["export", str(project)]) == 0
    capsys.readouterr()
    served = publish(tmp_path, site)
    assert len(served) == 3  # two gzipped sitemaps and the index

    code, out = check_live(capsys, str(project), "--allow-private", "--format", "json")
    report = json.loads(out)
    assert code == 0, out
    assert report["matches_project"] is True
    assert [entry["url"] for entry in report["files"]] == [served[-1], *served[:-1]]
    assert all(entry["ok"] and entry["match"]["state"] == "same" for entry in report["files"])
    assert [entry["urls"] for entry in report["files"]] == [2, 50_000, 10_000]

    # The project moves on: one page gone, two new ones. The live files are now stale.
    (tmp_path / "maps" / "all.xml").write_bytes(urlset(*pages[1:], site.url("/new-1"),
                                                       site.url("/new-2")))
    code, out = check_live(capsys, str(project), "--allow-private")
    assert code == 1
    assert "the live files do not match what the project would export now" in out
    assert "compared with the project's export: 1 URLs live that the project does not export, " \
           "2 URLs the project exports that are not live" in out


def test_a_url_with_problems_exits_1_with_text_and_json(
        site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.routes["/s.xml"] = Route(body=urlset(site.url("/a")).replace(
        b"</loc>", b"</loc><lastmod>2024-13-01</lastmod>"),
        headers={"Content-Type": "text/html"})
    code, out = check_live(capsys, site.url("/s.xml"), "--allow-private")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"FAIL {site.url('/s.xml')} (urlset, 1 URLs, HTTP 200, " \
                       f"{len(site.routes['/s.xml'].body)} bytes)"
    assert "    Sitemap is HTML: the server says the answer is an HTML page" in lines
    assert "      evidence: Content-Type: text/html" in lines
    assert any(line.startswith("    Invalid date: 1 of 1 entries") for line in lines)
    assert any(line.startswith("    No Sitemap: line in robots.txt") for line in lines)
    assert lines[-1] == "1 file checked, 1 with problems"

    code, out = check_live(capsys, site.url("/s.xml"), "--allow-private", "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["matches_project"] is None
    assert [p["code"] for p in report["files"][0]["problems"]] == [
        "sitemap-is-html", "robots-sitemap-missing", "invalid-date"]


def test_nothing_fetched_exits_2(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    site.routes["/s.xml"] = Route(body=urlset(site.url("/a")))
    code, out = check_live(capsys, site.url("/s.xml"))  # 127.0.0.1 without --allow-private
    assert code == 2 and "Couldn't fetch" in out and "--allow-private" in out
    assert site.requests == []
    code, out = check_live(capsys, site.url("/gone.xml"), "--allow-private")
    assert code == 2 and "HTTP 404" in out


def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check-live", "ftp://example.com/s.xml"]) == 2
    assert "only http and https" in capsys.readouterr().err
    project = tmp_path / "bare.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "sitemaps": [], "index": None}))
    assert cli.main(["check-live", str(project)]) == 2
    assert "sitemap-studio check-live:" in capsys.readouterr().err
