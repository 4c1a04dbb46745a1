"""``sitemap-studio audit``: the JSON contract, text and CSV, options and exit codes.

Everything is served by real HTTP servers on 127.0.0.1 (hence ``--allow-private``).
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.audit_server import AuditSite, audit_site, page, redirect

from sitemap_studio.cli import main

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
JSON_KEYS = {"url", "file", "line", "status", "final_url", "final_status", "redirects",
             "verdict", "noindex", "canonical", "robots_blocked", "last_modified", "lastmod",
             "findings"}


@pytest.fixture
def site() -> Iterator[AuditSite]:
    with audit_site() as served:
        served["/robots.txt"] = page("User-agent: *\nDisallow: /private/\n",
                                     content_type="text/plain")
        served["/"] = page()
        served["/ok"] = page()
        served["/old"] = redirect("/ok")
        served["/hidden"] = page('<html><head><meta name="robots" content="noindex"></head>')
        yield served


def sitemap(path: Path, *locs: str, lastmod: str | None = None) -> Path:
    extra = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    body = "".join(f"  <url><loc>{loc}</loc>{extra}</url>\n" for loc in locs)
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}'
                    "</urlset>\n", encoding="utf-8")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["audit", "--format", "json", "--allow-private", *args])
    return code, json.loads(capsys.readouterr().out)


def test_the_json_contract(site: AuditSite, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/ok"), site.url("/old"), site.url("/hidden"),
                   site.url("/private/x"), site.url("/missing"), lastmod="2024-05-01")
    code, data = run_json(capsys, str(path))
    assert code == 1
    urls = data["urls"]
    assert isinstance(urls, list)
    assert [item["url"] for item in urls] == [site.url(p) for p in (
        "/ok", "/old", "/hidden", "/private/x", "/missing")]
    assert [item["verdict"] for item in urls] == ["indexable", "redirect", "noindex", "blocked",
                                                  "not-found"]
    assert [item["line"] for item in urls] == [3, 4, 5, 6, 7]
    for item in urls:
        assert set(item) >= JSON_KEYS and item["file"] == str(path)
        assert item["lastmod"] == "2024-05-01"
        if item["verdict"] != "indexable":
            assert item["findings"] and {"code", "severity", "message"} <= set(
                item["findings"][0])
    assert urls[1]["redirects"] == [{"url": site.url("/old"), "status": 301,
                                     "location": site.url("/ok")}]
    assert (urls[1]["status"], urls[1]["final_url"], urls[1]["final_status"]) == (
        301, site.url("/ok"), 200)
    assert urls[2]["noindex"] is True and urls[3]["robots_blocked"] is True
    summary = data["summary"]
    assert isinstance(summary, dict)
    assert {k: v for k, v in summary.items() if v} == {
        "indexable": 1, "redirect": 1, "noindex": 1, "blocked": 1, "not-found": 1}


def test_exit_0_when_every_url_is_indexable(site: AuditSite, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/ok"), site.url("/"))
    code, data = run_json(capsys, str(path))
    assert code == 0 and data["summary"]["indexable"] == 2  # type: ignore[index]


def test_an_unreadable_input_is_exit_2_and_the_rest_is_audited(
        site: AuditSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = sitemap(tmp_path / "s.xml", site.url("/ok"))
    broken = tmp_path / "broken.xml"
    broken.write_text("<urlset><url><loc>x</loc></urlset>", encoding="utf-8")
    code = main(["audit", "--allow-private", str(broken), str(good),
                 str(tmp_path / "missing.xml")])
    captured = capsys.readouterr()
    assert code == 2
    assert f"{good}:3: indexable 200 {site.url('/ok')}" in captured.out
    assert str(broken) in captured.err and "missing.xml" in captured.err


def test_text_lines_and_the_summary(site: AuditSite, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/ok"), site.url("/old"))
    assert main(["audit", "--allow-private", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}:3: indexable 200 {site.url('/ok')}"
    assert lines[1].startswith(f"{path}:4: redirect 301 {site.url('/old')}: answers 301 and "
                               f"redirects to {site.url('/ok')}")
    assert lines[2] == "2 URLs audited"
    assert lines[3].split() == ["indexable", "1", "50.0%"]
    assert lines[4].split() == ["redirect", "1", "50.0%"]


def test_csv_has_one_row_per_url(site: AuditSite, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/old"), site.url("/private/a"))
    assert main(["audit", "--allow-private", "--format", "csv", str(path)]) == 1
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["verdict"] for row in rows] == ["redirect", "blocked"]
    assert rows[0]["redirects"] == f"301>{site.url('/ok')}" and rows[0]["line"] == "3"
    assert rows[1]["robots_blocked"] == "True" and "robots-disallowed" in rows[1]["findings"]


def test_private_hosts_need_allow_private(site: AuditSite, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/ok"))
    assert main(["audit", "--format", "json", str(path)]) == 1
    [item] = json.loads(capsys.readouterr().out)["urls"]
    assert item["verdict"] == "unreachable" and "--allow-private" in item["findings"][0][
        "message"]
    assert site.seen == []


def test_the_user_agent_and_limits_options(site: AuditSite, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = sitemap(tmp_path / "s.xml", site.url("/ok"))
    code, _ = run_json(capsys, "--user-agent", "Checker/3.1", "--concurrency", "2",
                       "--per-host", "1", "--timeout", "9", str(path))
    assert code == 0 and {seen.user_agent for seen in site.seen} == {"Checker/3.1"}
    assert main(["audit", "--concurrency", "0", str(path)]) == 2
    assert "--concurrency" in capsys.readouterr().err


def test_a_project_audits_every_member(site: AuditSite, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    sitemap(tmp_path / "pages.xml", site.url("/ok"), site.url("/old"))
    sitemap(tmp_path / "blog.xml", site.url("/hidden"))
    project = tmp_path / "site.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "site_url": site.base + "/",
                                   "sitemaps": [{"path": "pages.xml"}, {"path": "blog.xml"}]}),
                       encoding="utf-8")
    code, data = run_json(capsys, str(project))
    assert code == 1
    urls = data["urls"]
    assert isinstance(urls, list)
    assert [(Path(item["file"]).name, item["line"], item["verdict"]) for item in urls] == [
        ("pages.xml", 3, "indexable"), ("pages.xml", 4, "redirect"),
        ("blog.xml", 3, "noindex")]


def test_journey_two_thousand_urls_through_the_real_command(tmp_path: Path) -> None:
    """What a user runs: the installed command on a realistic sitemap, JSON out."""
    with audit_site() as served:
        served["/robots.txt"] = page("User-agent: *\nDisallow: /private/\n",
                                     content_type="text/plain")
        locs, expected = [], {"indexable": 0, "redirect": 0, "not-found": 0, "blocked": 0,
                              "noindex": 0}
        for number in range(2000):
            kind = ("blocked" if number % 50 == 0 else "not-found" if number % 10 == 0 else
                    "redirect" if number % 7 == 0 else "noindex" if number % 13 == 0 else
                    "indexable")
            expected[kind] += 1
            path = f"/private/{number}" if kind == "blocked" else f"/p/{number}"
            if kind == "redirect":
                served[path] = redirect("/")
            elif kind == "noindex":
                served[path] = page('<html><head><meta name="robots" content="noindex">'
                                    "</head></html>")
            elif kind == "indexable":
                served[path] = page()
            locs.append(served.url(path))
        served["/"] = page()
        file = sitemap(tmp_path / "big.xml", *locs)
        done = subprocess.run(
            [sys.executable, "-m", "sitemap_studio", "audit", "--format", "json",
             "--allow-private", "--concurrency", "16", str(file)],
            capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    assert {k: v for k, v in data["summary"].items() if v} == expected
    assert [item["url"] for item in data["urls"]] == locs
    assert [item["line"] for item in data["urls"]] == list(range(3, 2003))


def test_a_project_with_a_missing_member_audits_the_rest_and_exits_2(
        site: AuditSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sitemap(tmp_path / "pages.xml", site.url("/ok"))
    project = tmp_path / "site.sitemapproj"
    project.write_text(json.dumps({"format_version": 2, "site_url": site.base + "/",
                                   "sitemaps": [{"path": "gone.xml"}, {"path": "pages.xml"}]}),
                       encoding="utf-8")
    code = main(["audit", "--allow-private", "--format", "json", str(project)])
    captured = capsys.readouterr()
    assert code == 2 and "gone.xml" in captured.err
    assert [item["verdict"] for item in json.loads(captured.out)["urls"]] == ["indexable"]
