"""``sitemap-studio diff``: text and JSON reports, the release-pipeline exit codes, live inputs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.local_http import guard_network
from helpers.site_server import NS, Route, site_server

from sitemap_studio import cli

SITE = "https://www.example.com/"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


def urlset(*entries: tuple[str, str]) -> str:
    body = "".join(f"  <url><loc>{SITE}{path}</loc><lastmod>{lastmod}</lastmod></url>\n"
                   for path, lastmod in entries)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{body}</urlset>\n'


@pytest.fixture
def pair(tmp_path: Path) -> tuple[str, str]:
    old = tmp_path / "old.xml"
    new = tmp_path / "new.xml"
    old.write_text(urlset(("a", "2024-01-01"), ("b", "2024-01-01"), ("c", "2024-01-01"),
                          ("d", "2024-01-01")), "utf-8")
    new.write_text(urlset(("a", "2024-01-01"), ("c", "2024-03-01"), ("d", "2024-01-01"),
                          ("e", "2024-01-01")), "utf-8")
    return str(old), str(new)


def test_json_report_has_the_documented_shape(pair, capsys) -> None:
    assert cli.main(["diff", *pair, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["added"] == [f"{SITE}e"]
    assert report["removed"] == [f"{SITE}b"]
    assert report["changed"] == [{"url": f"{SITE}c",
                                  "fields": {"lastmod": ["2024-01-01", "2024-03-01"]}}]
    assert report["moved"] == []
    assert report["summary"] == {"added": 1, "removed": 1, "changed": 1, "unchanged": 2,
                                 "moved": 0}


def test_text_report_lists_each_group(pair, capsys) -> None:
    assert cli.main(["diff", *pair]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "added 1, removed 1, changed 1, unchanged 2, moved 0" in out
    assert f"+ {SITE}e" in out and f"- {SITE}b" in out
    assert f"~ {SITE}c  lastmod: 2024-01-01 -> 2024-03-01" in out


def test_fail_on_removed_and_added_compare_with_olds_url_count(pair, capsys) -> None:
    # One of OLD's four URLs removed and one added: 25%.
    assert cli.main(["diff", *pair, "--fail-on-removed", "25"]) == 0
    assert cli.main(["diff", *pair, "--fail-on-removed", "24.9"]) == 1
    assert "1 URLs removed (25.00% of OLD's 4), more than --fail-on-removed 24.9%" in \
        capsys.readouterr().err
    assert cli.main(["diff", *pair, "--fail-on-added", "10"]) == 1
    assert cli.main(["diff", *pair, "--fail-on-added", "30", "--fail-on-removed", "30"]) == 0


def test_an_unreadable_input_exits_2_naming_it(pair, tmp_path, capsys) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text(f'<urlset xmlns="{NS}"><url><loc>x</loc></urlset>', "utf-8")
    assert cli.main(["diff", pair[0], str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{broken}:1:")
    assert cli.main(["diff", pair[0], str(tmp_path / "missing.xml")]) == 2
    assert cli.main(["diff", *pair, "--fail-on-removed", "lots"]) == 2


def test_live_inputs_need_allow_private_on_a_local_address(pair, capsys) -> None:
    with site_server() as site:
        site.routes["/sitemap.xml"] = Route(body=Path(pair[1]).read_bytes())
        assert cli.main(["diff", pair[0], site.url("/sitemap.xml")]) == 2
        assert "--allow-private" in capsys.readouterr().err
        assert site.requests == []
        assert cli.main(["diff", pair[0], site.url("/sitemap.xml"), "--allow-private",
                         "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["changed"] == 1


def test_journey_a_release_pipeline_stops_a_release_that_drops_urls(tmp_path: Path) -> None:
    """60,000 URLs before and after a release that lost 3,000 pages: the gate fails it."""
    count = 60_000
    before = [(f"section-{n % 30}/page-{n}", f"2024-{1 + n % 12:02d}-01") for n in range(count)]
    after = [(path, "2025-01-01" if n % 25 == 0 else lastmod)
             for n, (path, lastmod) in enumerate(before) if n % 20 != 7]
    after += [(f"new/page-{n}", "2025-01-01") for n in range(500)]
    old, new = tmp_path / "released.xml", tmp_path / "candidate.xml"
    old.write_text(urlset(*before), "utf-8")
    new.write_text(urlset(*after), "utf-8")

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "sitemap_studio", "diff", *argv],
                              capture_output=True, text=True, timeout=600, check=False)

    gate = run(str(old), str(new), "--format", "json", "--fail-on-removed", "2")
    assert gate.returncode == 1, gate.stderr
    assert "3,000 URLs removed (5.00% of OLD's 60,000)" in gate.stderr
    report = json.loads(gate.stdout)
    assert report["summary"] == {"added": 500, "removed": 3000, "changed": 2400,
                                 "unchanged": 54600, "moved": 0}
    assert f"{SITE}section-7/page-7" in report["removed"]
    assert len(report["added"]) == 500
    shop = [p for p in report["prefixes"] if p["prefix"] == "www.example.com/new"]
    assert shop == [{"prefix": "www.example.com/new", "added": 500, "removed": 0,
                     "changed": 0, "moved": 0}]
    assert run(str(old), str(new), "--fail-on-removed", "5").returncode == 0
