"""Findings a webmaster trusts (issue 22): severities that follow the authority, no false alarms.

Each test writes the sitemap a user has to disk, runs ``sitemap-studio validate``
through the CLI's ``main`` and reads what the user reads: the exit status and
the JSON findings.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from sitemap_studio.cli import main

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
SITE = "https://www.harbour-bakery.co.uk"


def urlset(body: str, namespaces: str = "") -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}"{namespaces}>\n'
            f"{body}</urlset>\n").encode()


def validate(capsys: pytest.CaptureFixture[str], path: Path, *options: str
             ) -> tuple[int, list[dict]]:
    status = main(["validate", "--format", "json", *options, str(path)])
    return status, json.loads(capsys.readouterr().out)["files"][0]["issues"]


@pytest.mark.parametrize(("profile", "status"), [("protocol", 0), ("google", 0)])
def test_a_repeated_url_is_a_warning_not_an_error(tmp_path: Path, capsys, profile: str,
                                                  status: int) -> None:
    pages = [f"{SITE}/menu/item-{n}" for n in range(600)] + [f"{SITE}/menu/item-{n}"
                                                             for n in range(0, 600, 100)]
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset("".join(f"  <url><loc>{page}</loc></url>\n" for page in pages)))
    code, issues = validate(capsys, path, "--profile", profile)
    assert code == status
    found = Counter((issue["code"], issue["severity"]) for issue in issues)
    assert found == Counter({("loc-duplicate", "warning"): 6})
    first = next(issue for issue in issues if issue["code"] == "loc-duplicate")
    assert first["line"] == 603 and "entry 1 (line 3)" in first["message"]


def test_a_url_that_differs_only_by_its_fragment_gets_one_finding(tmp_path: Path,
                                                                  capsys) -> None:
    body = "".join(f"  <url><loc>{SITE}/faq/{n}</loc></url>\n" for n in range(200))
    body += f"  <url><loc>{SITE}/faq/7#opening-hours</loc></url>\n"
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset(body))
    code, issues = validate(capsys, path)
    assert code == 0
    assert [(issue["code"], issue["line"]) for issue in issues] == [("loc-fragment", 203)]


def test_all_in_one_seo_cdata_dates_raise_no_notice(tmp_path: Path, capsys) -> None:
    body = "".join(f"  <url>\n    <loc><![CDATA[{SITE}/recipes/bread-{n}/]]></loc>\n"
                   f"    <lastmod><![CDATA[2025-0{1 + n % 9}-1{n % 10}T08:30:00+00:00]]>"
                   "</lastmod>\n  </url>\n" for n in range(1000))
    path = tmp_path / "post-sitemap.xml"
    path.write_bytes(urlset(body))
    code, issues = validate(capsys, path)
    assert code == 0
    assert issues == []


def test_padded_dates_are_still_noticed(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset(f"  <url><loc>{SITE}/</loc><lastmod> 2025-01-02 </lastmod></url>\n"))
    _, issues = validate(capsys, path)
    assert [issue["code"] for issue in issues] == ["value-whitespace"]
    assert "' 2025-01-02 '" in issues[0]["message"]


def test_an_image_url_with_a_narrow_no_break_space_names_the_character(tmp_path: Path,
                                                                       capsys) -> None:
    shot = f"{SITE}/uploads/Screenshot-2025-01-02-at-10.00.00\u202fAM.png"
    body = "".join(f"  <url><loc>{SITE}/blog/{n}</loc><image:image><image:loc>"
                   f"{SITE}/uploads/{n}.jpg</image:loc></image:image></url>\n"
                   for n in range(300))
    body += (f"  <url><loc>{SITE}/blog/shot</loc><image:image><image:loc>{shot}</image:loc>"
             "</image:image></url>\n")
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset(body, f' xmlns:image="{IMAGE}"'))
    code, issues = validate(capsys, path)
    assert code == 1
    [issue] = [issue for issue in issues if issue["code"] == "image-loc-invalid"]
    assert issue["line"] == 303
    assert "⟨U+202F NARROW NO-BREAK SPACE⟩" in issue["message"]
    assert "10.00.00⟨U+202F NARROW NO-BREAK SPACE⟩AM.png" in issue["message"]


def test_build_mistakes_are_warned_about_through_the_cli(tmp_path: Path, capsys) -> None:
    pages = [f"{SITE}/shop/item-{n}" for n in range(800)]
    pages[100] = f"{SITE}//shop/item-100"
    pages[200] = "https://your-site.com/shop/item-200"
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset("".join(f"  <url><loc>{page}</loc></url>\n" for page in pages)))
    code, issues = validate(capsys, path)
    warned = [(issue["code"], issue["line"]) for issue in issues
              if issue["severity"] == "warning"]
    assert warned == [("loc-double-slash", 103), ("loc-placeholder-host", 203)]
    assert code == 1  # your-site.com is also another host than the site's: an error


def test_a_file_on_example_com_is_said_to_be_on_a_placeholder_once(tmp_path: Path,
                                                                   capsys) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_bytes(urlset("".join(f"  <url><loc>https://www.example.com/p/{n}</loc></url>\n"
                                    for n in range(1500))))
    code, issues = validate(capsys, path)
    assert code == 0
    assert [(issue["code"], issue["line"]) for issue in issues] == [
        ("site-placeholder-host", None)]
    assert "https://www.example.com" in issues[0]["message"]
    # A user who names example.com as the site is not told again.
    code, issues = validate(capsys, path, "--site-url", "https://www.example.com")
    assert (code, issues) == (0, [])


def test_an_index_written_as_a_urlset_is_named(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sitemap_index.xml"
    path.write_bytes(urlset("".join(f"  <url><loc>{SITE}/post-sitemap{n}.xml</loc></url>\n"
                                    for n in range(1, 30))))
    code, issues = validate(capsys, path)
    assert code == 0
    assert [issue["code"] for issue in issues] == ["urlset-lists-sitemaps"]
    assert "looks like a sitemap index" in issues[0]["message"]
