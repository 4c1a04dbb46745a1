"""``sitemap-studio kit``: printed sections, written files, exit codes, and --submit on request."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from helpers.local_http import Replies, guard_network, local_server

from sitemap_studio.cli import kit as cli_kit
from sitemap_studio.core.model.limits import Limits

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SITE = "https://www.example.com/"
KEY = "5f0c2a9e-Test-Key"
EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "example" / "example.sitemapproj"


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


def kit(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="sitemap-studio")
    cli_kit.add_parser(parser.add_subparsers(dest="command"))
    return cli_kit.run(parser.parse_args(["kit", *argv]), Limits())


def urlset(*locs: str) -> str:
    entries = "".join(f"  <url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{entries}</urlset>\n'


def make_project(folder: Path, *, key: str | None = KEY, pages: tuple[str, ...] = (),
                 endpoint: str | None = None) -> Path:
    pages = pages or (f"{SITE}", f"{SITE}about/")
    (folder / "pages.xml").write_text(urlset(*pages), "utf-8")
    (folder / "blog.xml").write_text(urlset(f"{SITE}blog/first-post/"), "utf-8")
    index = "".join(f"  <sitemap><loc>{SITE}{name}</loc></sitemap>\n"
                    for name in ("pages.xml", "blog.xml"))
    (folder / "sitemap-index.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n{index}'
        "</sitemapindex>\n", "utf-8")
    submission: dict[str, object] = {"indexnow_key": key}
    if key:
        submission["indexnow_key_location"] = f"{SITE}keys/{key}.txt"
    if endpoint:
        submission["indexnow_endpoint"] = endpoint
    project = folder / "site.sitemapproj"
    project.write_text(json.dumps({
        "format_version": 2, "site_url": SITE,
        "sitemaps": [{"path": name, "url": f"{SITE}{name}"} for name in ("pages.xml",
                                                                         "blog.xml")],
        "index": {"path": "sitemap-index.xml", "url": f"{SITE}sitemap-index.xml"},
        "export": {"output_folder": "export"}, "submission": submission}, indent=2), "utf-8")
    return project


def test_project_kit_prints_every_section_and_writes_the_files(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    assert kit(str(project)) == 0
    out = capsys.readouterr().out
    sections = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert sections == ["robots.txt", "IndexNow", "Legacy ping links (retired, not sent)"]
    assert f"    Sitemap: {SITE}sitemap-index.xml" in out
    assert f"  key: {KEY}\n" in out
    assert f"upload it to {SITE}keys/{KEY}.txt" in out  # the project's key location
    assert "GET link for the first URL: https://api.indexnow.org/indexnow?url=https%3A%2F%2F" in out
    assert "404 since 2023" in out and "410 since 2022" in out
    assert "Nothing was sent" in out
    export = tmp_path / "export"
    assert (export / f"{KEY}.txt").read_text() == KEY
    batch = json.loads((export / "indexnow-batch-www.example.com-1.json").read_text())
    assert batch == {"host": "www.example.com", "key": KEY,
                     "keyLocation": f"{SITE}keys/{KEY}.txt",
                     "urlList": [SITE, f"{SITE}about/", f"{SITE}blog/first-post/"]}


def test_a_generated_key_is_printed_and_the_project_is_not_changed(tmp_path, capsys) -> None:
    project = make_project(tmp_path, key=None)
    before = project.read_bytes()
    assert kit(str(project), "--out", str(tmp_path / "kit")) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("  key: "))
    key = line.split()[1]
    assert "generated now" in line and "project file is not changed" in line
    assert (tmp_path / "kit" / f"{key}.txt").read_text() == key
    assert f"upload it to {SITE}{key}.txt" in out
    assert project.read_bytes() == before


def test_a_key_given_on_the_command_line_wins(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    assert kit(str(project), "--indexnow-key", "other-key-123") == 0
    out = capsys.readouterr().out
    assert "  key: other-key-123" in out
    assert f"upload it to {SITE}other-key-123.txt" in out  # not the project key's location
    assert (tmp_path / "export" / "other-key-123.txt").exists()


def test_locations_that_block_export_exit_1_and_write_nothing(tmp_path, capsys) -> None:
    project = make_project(tmp_path, pages=(f"{SITE}", "ftp://www.example.com/file",
                                            "/relative-page"))
    assert kit(str(project)) == 1
    err = capsys.readouterr().err
    assert "pages.xml:4: error loc-unsupported-scheme" in err
    assert "loc-not-absolute" not in err  # the site URL resolves it, as export does
    assert "export cannot resolve by itself" in err and "--allow-errors" in err
    assert not (tmp_path / "export").exists()


def test_allow_errors_batches_the_urls_export_writes(tmp_path, capsys) -> None:
    project = make_project(tmp_path, pages=(f"{SITE}", "ftp://www.example.com/file",
                                            "/relative-page", f"{SITE}caf\u00e9", f"{SITE}"))
    assert kit(str(project), "--allow-errors") == 0
    out = capsys.readouterr().out
    assert "built anyway (--allow-errors) with 1 error" in out
    batch = json.loads(next((tmp_path / "export").glob("indexnow-*.json")).read_text())
    # Resolved, percent-encoded and each once, as in the exported sitemaps; ftp left out.
    assert [u for u in batch["urlList"] if "blog" not in u] == [
        SITE, f"{SITE}relative-page", f"{SITE}caf%C3%A9"]


def test_the_example_project_is_blocked_by_its_errors_unless_allowed(tmp_path, capsys) -> None:
    assert kit(str(EXAMPLE), "--out", str(tmp_path / "kit")) == 1
    err = capsys.readouterr().err
    assert "sitemap-pages.xml" in err and "changefreq-invalid" in err
    assert "loc-not-absolute" not in err
    assert not (tmp_path / "kit").exists()
    assert kit(str(EXAMPLE), "--out", str(tmp_path / "kit"), "--allow-errors") == 0
    assert (tmp_path / "kit").is_dir()


def test_unreadable_input_exits_2(tmp_path, capsys) -> None:
    assert kit(str(tmp_path / "missing.sitemapproj")) == 2
    project = make_project(tmp_path)
    (tmp_path / "blog.xml").write_text("<urlset><url>\n</urlset>")
    assert kit(str(project)) == 2
    err = capsys.readouterr().err
    assert "missing.sitemapproj" in err and "blog.xml:2" in err
    assert "Traceback" not in err


def test_base_url_with_url_lists(tmp_path, capsys) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("https://www.example.com/a\nhttps://www.example.com/b?x=1&y=2\n")
    sitemap = tmp_path / "more.xml"
    sitemap.write_text(urlset(f"{SITE}c"))
    out_dir = tmp_path / "kit"
    assert kit("--base-url", "https://www.example.com", "--out", str(out_dir),
               "--indexnow-key", KEY, "--urls", str(listing), str(sitemap)) == 0
    out = capsys.readouterr().out
    assert f"assumed the sitemap index is published at {SITE}sitemap-index.xml" in out
    assert f"Sitemap: {SITE}sitemap-index.xml" in out
    assert "https%3A%2F%2Fwww.example.com%2Fsitemap-index.xml" in out
    batch = json.loads((out_dir / "indexnow-batch-www.example.com-1.json").read_text())
    assert batch["urlList"] == [f"{SITE}a", f"{SITE}b?x=1&y=2", f"{SITE}c"]
    assert batch["keyLocation"] == f"{SITE}{KEY}.txt"


def test_base_url_with_named_sitemaps_and_no_urls(tmp_path, capsys) -> None:
    assert kit("--base-url", SITE, "--out", str(tmp_path), "--sitemap-url",
               f"{SITE}a.xml", "--sitemap-url", f"{SITE}b.xml") == 0
    out = capsys.readouterr().out
    assert f"Sitemap: {SITE}a.xml\n    Sitemap: {SITE}b.xml" in out
    assert "give --urls FILE" in out and "assumed" not in out
    assert out.count("Google: https://www.google.com/ping?sitemap=") == 2


@pytest.mark.parametrize("argv", [
    [], ["--base-url", SITE], ["--out", "x"],
    ["PROJECT", "--base-url", SITE], ["PROJECT", "--urls", "a.txt"]])
def test_usage_errors_exit_2(tmp_path, capsys, argv: list[str]) -> None:
    project = str(make_project(tmp_path))
    assert kit(*[project if arg == "PROJECT" else arg for arg in argv]) == 2
    assert capsys.readouterr().err.startswith("kit: ")


@pytest.mark.parametrize("argv", [["--indexnow-key", "bad key"], ["--base-url", "/relative"],
                                  ["--endpoint", "ftp://example.com/"]])
def test_bad_option_values_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        kit(*argv)
    assert exit_.value.code == 2


def test_robots_check(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    robots = tmp_path / "robots.txt"
    robots.write_text("User-agent: *\nDisallow:\n\nSitemap: /sitemap-index.xml\n")
    assert kit(str(project), "--robots", str(robots)) == 1
    out = capsys.readouterr().out
    assert f"{robots}:4: error robots-sitemap-relative" in out
    assert f"{robots}: warning robots-sitemap-missing" in out
    assert (tmp_path / "export" / f"{KEY}.txt").exists()  # the kit itself is fine
    robots.write_text(f"User-agent: *\nDisallow:\n\nSitemap: {SITE}sitemap-index.xml\n")
    assert kit(str(project), "--robots", str(robots)) == 0
    assert "no problems found" in capsys.readouterr().out
    assert kit(str(project), "--robots", str(tmp_path / "none.txt")) == 2


def test_nothing_is_sent_without_submit(tmp_path, capsys) -> None:
    replies = Replies()
    with local_server(replies) as endpoint:
        assert kit(str(make_project(tmp_path, endpoint=endpoint))) == 0
    assert replies.received == []
    assert f"run again with --submit to POST the batches to {endpoint}" in capsys.readouterr().out


def test_submit_posts_each_batch_and_explains_the_answer(tmp_path, capsys) -> None:
    project = make_project(tmp_path)
    replies = Replies([(202, b"", {})])
    with local_server(replies) as endpoint:
        assert kit(str(project), "--submit", "--endpoint", endpoint) == 0
    out = capsys.readouterr().out
    assert f"POST 1/1 to {endpoint} (www.example.com, 3 URLs): 202: Accepted" in out
    written = (tmp_path / "export" / "indexnow-batch-www.example.com-1.json").read_text()
    assert [json.loads(r.body) for r in replies.received] == [json.loads(written)]


def test_a_refused_batch_exits_1_with_the_reason(tmp_path, capsys) -> None:
    replies = Replies([(403, b"key mismatch", {})])
    with local_server(replies) as endpoint:
        assert kit(str(make_project(tmp_path, endpoint=endpoint)), "--submit") == 1
    out = capsys.readouterr().out
    assert "403: Forbidden: the key is not valid" in out
    assert "the endpoint said: key mismatch" in out


def test_an_international_host_has_one_form_everywhere(tmp_path, capsys) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("https://faß.de/straße\nhttps://xn--fa-hia.de/b\n", encoding="utf-8")
    out_dir = tmp_path / "kit"
    assert kit("--base-url", "https://faß.de/", "--out", str(out_dir), "--indexnow-key", KEY,
               "--urls", str(listing)) == 0
    out = capsys.readouterr().out
    assert "Sitemap: https://xn--fa-hia.de/sitemap-index.xml" in out
    assert "fass.de" not in out
    # One host (not two spellings), the same URLs as an export writes.
    batches = sorted(out_dir.glob("indexnow-batch-*.json"))
    assert [p.name for p in batches] == ["indexnow-batch-xn--fa-hia.de-1.json"]
    batch = json.loads(batches[0].read_text())
    assert batch["host"] == "xn--fa-hia.de"
    assert batch["urlList"] == ["https://xn--fa-hia.de/stra%C3%9Fe", "https://xn--fa-hia.de/b"]
