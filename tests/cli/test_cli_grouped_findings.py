"""One cause, one line (issue 22): ``validate`` prints a cause repeated on many entries once.

A site built on localhost has ``loc-private-host`` on every entry. The text output
gives that cause one line, at its first place, with the count and the first lines;
``--every-finding`` prints each; the JSON output keeps one finding per entry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitemap_studio.cli import main

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|notice) "
                  r"(?P<code>[a-z0-9-]+): (?P<message>.+)$")


def localhost_site(path: Path, pages: int = 259) -> Path:
    """A Jekyll site built by ``jekyll serve``: every URL on localhost, a few other faults."""
    rows = [f"  <url>\n    <loc>http://localhost:4000/posts/{n}/</loc>\n"
            f"    <lastmod>2025-03-{1 + n % 28:02d}</lastmod>\n  </url>\n" for n in range(pages)]
    if pages > 20:  # on the lastmod's line, so that every entry keeps four lines
        rows[10] = rows[10].replace("</lastmod>", "</lastmod><priority>high</priority>")
        rows[20] = rows[20].replace("</lastmod>", "</lastmod><changefreq>Daily</changefreq>")
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}">\n'
                    + "".join(rows) + "</urlset>\n", encoding="utf-8")
    return path


def text_lines(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(["validate", *args])
    return status, capsys.readouterr().out.splitlines()


def test_a_cause_on_every_entry_is_one_line_with_the_count(tmp_path: Path, capsys) -> None:
    path = localhost_site(tmp_path / "sitemap.xml")
    status, lines = text_lines(capsys, str(path))
    assert status == 1  # the priority is an error
    private = [line for line in lines if "loc-private-host" in line]
    assert len(private) == 1
    match = LINE.match(private[0])
    assert match is not None and match["file"] == str(path)
    assert (match["line"], match["sev"]) == ("4", "warning")  # the first entry's <loc>
    assert "localhost" in match["message"]
    assert match["message"].endswith("(259 entries; first at lines 4, 8, 12, \u2026)")
    # The other findings are still there, each once, and nothing else is printed.
    codes = sorted(LINE.match(line)["code"] for line in lines)  # type: ignore[index]
    assert codes == ["changefreq-invalid", "loc-private-host", "priority-not-decimal"]


def test_a_cause_on_a_few_entries_lists_all_their_lines(tmp_path: Path, capsys) -> None:
    path = localhost_site(tmp_path / "sitemap.xml", pages=3)
    _status, lines = text_lines(capsys, str(path))
    private = [line for line in lines if "loc-private-host" in line]
    assert len(private) == 1 and private[0].endswith("(3 entries; at lines 4, 8, 12)")


def test_every_finding_prints_each_entry(tmp_path: Path, capsys) -> None:
    path = localhost_site(tmp_path / "sitemap.xml")
    status, lines = text_lines(capsys, "--every-finding", str(path))
    assert status == 1
    private = [LINE.match(line) for line in lines if "loc-private-host" in line]
    assert len(private) == 259
    assert [int(m["line"]) for m in private] == list(range(4, 4 + 4 * 259, 4))  # type: ignore[index]
    assert not any("entries;" in line for line in lines)


def test_json_keeps_one_finding_per_entry(tmp_path: Path, capsys) -> None:
    path = localhost_site(tmp_path / "sitemap.xml")
    assert main(["validate", "--format", "json", str(path)]) == 1
    issues = json.loads(capsys.readouterr().out)["files"][0]["issues"]
    private = [issue for issue in issues if issue["code"] == "loc-private-host"]
    assert [issue["entry"] for issue in private] == list(range(1, 260))
    assert len({issue["message"] for issue in private}) == 1
    assert not any("entries;" in issue["message"] for issue in issues)


def test_different_causes_of_one_code_stay_apart(tmp_path: Path, capsys) -> None:
    # Root-relative paths and protocol-relative URLs are both loc-not-absolute, for two
    # different reasons: two lines, each with its own count.
    locs = [f"/docs/page-{n}" for n in range(5)] + [f"//cdn.bakery.co.uk/p/{n}" for n in range(4)]
    path = tmp_path / "sitemap.xml"
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}">\n'
                    + "".join(f"  <url><loc>{loc}</loc></url>\n" for loc in locs)
                    + "</urlset>\n", encoding="utf-8")
    status, lines = text_lines(capsys, str(path))
    assert status == 1
    relative = [line for line in lines if "loc-not-absolute" in line]
    assert len(relative) == 2
    path_line, protocol_line = relative
    assert "is a path" in path_line
    assert path_line.endswith("(5 entries; first at lines 3, 4, 5, \u2026)")
    assert "protocol-relative" in protocol_line
    assert protocol_line.endswith("(4 entries; first at lines 8, 9, 10, \u2026)")


def test_quoted_values_are_the_entries_own(tmp_path: Path, capsys) -> None:
    # An outline saved as sitemap.txt: each line quoted in its finding, one cause for all.
    path = tmp_path / "sitemap.txt"
    path.write_text("https://bakery.co.uk/\nHome\nAbout us\nOur bread (list)\n", encoding="utf-8")
    status, lines = text_lines(capsys, str(path))
    assert status == 0
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}:2:1: warning text-line-not-url: not a URL: 'Home'")
    assert lines[0].endswith("(3 findings; at lines 2, 3, 4)")
