"""``sitemap-studio validate``: the line format, the JSON contract and the exit status."""

from __future__ import annotations

import json
import re

from sitemap_studio.cli import main

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
CLEAN = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
         "  <url><loc>https://bakery.co.uk/a</loc></url>\n</urlset>\n").encode()
BROKEN_VALUES = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
                 "  <url><loc>https://bakery.co.uk/a</loc><priority>high</priority></url>\n"
                 "  <url><loc>https://bakery.co.uk/b</loc><lastmod>2024-01</lastmod></url>\n"
                 "</urlset>\n").encode()
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+)(?::\d+)?: (?P<sev>error|warning|notice) "
                  r"(?P<code>[a-z0-9-]+): .+$")


def write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_clean_file_exits_0_and_prints_nothing(tmp_path, capsys) -> None:
    assert main(["validate", str(write(tmp_path, "ok.xml", CLEAN))]) == 0
    assert capsys.readouterr().out == ""


def test_text_lines_and_exit_1(tmp_path, capsys) -> None:
    path = write(tmp_path, "bad.xml", BROKEN_VALUES)
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    parsed = [LINE.match(line) for line in lines]
    assert all(parsed), lines
    found = [(m["line"], m["sev"], m["code"]) for m in parsed if m]
    assert ("3", "error", "priority-not-decimal") in found
    assert ("4", "notice", "lastmod-reduced-precision") in found
    assert all(m["file"] == str(path) for m in parsed if m)


def test_profile_changes_the_verdict(tmp_path, capsys) -> None:
    data = BROKEN_VALUES.replace(b"<priority>high</priority>", b"")
    path = write(tmp_path, "p.xml", data)
    assert main(["validate", str(path)]) == 0
    assert main(["validate", "--profile", "xsd", str(path)]) == 1
    assert "error lastmod-reduced-precision" in capsys.readouterr().out


def test_json_contract(tmp_path, capsys) -> None:
    bad = write(tmp_path, "bad.xml", BROKEN_VALUES)
    broken = write(tmp_path, "broken.xml", b"<urlset>\n<url>\n</urlset>")
    assert main(["validate", "--format", "json", str(bad), str(broken)]) == 2
    files = json.loads(capsys.readouterr().out)["files"]
    assert [f["path"] for f in files] == [str(bad), str(broken)]
    first = files[0]
    assert (first["kind"], first["entries"]) == ("urlset", 2)
    issue = next(i for i in first["issues"] if i["code"] == "priority-not-decimal")
    assert set(issue) == {"severity", "code", "entry", "line", "column", "field", "message",
                          "source"}
    assert (issue["entry"], issue["line"], issue["field"], issue["severity"]) == (
        1, 3, "priority", "error")
    assert files[1]["error"]["line"] == 3
    assert set(files[1]) == {"path", "error"}


def test_site_url_scopes_the_check(tmp_path, capsys) -> None:
    path = write(tmp_path, "ok.xml", CLEAN)
    assert main(["validate", "--site-url", "https://other.example/", str(path)]) == 1
    assert "scope-other-host" in capsys.readouterr().out


def test_project_is_validated_with_its_site(tmp_path, capsys, repo_root) -> None:
    project = repo_root / "resources" / "example" / "example.sitemapproj"
    assert main(["validate", str(project)]) == 1
    out = capsys.readouterr().out
    assert "sitemap-pages.xml:" in out
    assert "error changefreq-invalid" in out
