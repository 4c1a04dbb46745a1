"""Live files against the project's export, file by file: same bytes, same URLs, or not."""

from __future__ import annotations

from helpers.site_server import urlset

from sitemap_studio.core.publish_check import FileCheck, MatchState, report_lines
from sitemap_studio.core.publish_check.export_match import ExpectedExport, ExpectedFile, compare
from sitemap_studio.core.publish_check.problems import LiveReport

BASE = "https://example.com/maps/"


def expected(name: str, *locs: str) -> ExpectedFile:
    return ExpectedFile(BASE + name, urlset(*locs), locs)


def live(name: str, body: bytes | None, *locs: str) -> FileCheck:
    return FileCheck(BASE + name, status=200, fetched=body is not None, body=body,
                     locs=list(locs) if body is not None else None)


def test_each_state_of_the_comparison() -> None:
    pages = [f"https://example.com/p{n}" for n in range(6)]
    export = ExpectedExport([BASE + "index.xml"], [
        expected("same.xml", *pages[:2]),
        expected("reordered.xml", *pages[2:4]),
        expected("stale.xml", *pages[4:]),
        expected("missing.xml", pages[0]),
        expected("broken.xml", pages[1]),
    ])
    checks = [
        live("same.xml", urlset(*pages[:2]), *pages[:2]),
        live("reordered.xml", urlset(pages[3], pages[2]), pages[3], pages[2]),
        live("stale.xml", urlset(pages[4], "https://example.com/old"), pages[4],
             "https://example.com/old"),
        live("broken.xml", None),
        live("extra.xml", urlset(pages[0]), pages[0]),
    ]
    assert compare(checks, export) is False
    states = {item.url.removeprefix(BASE): item.match.state for item in checks if item.match}
    assert states == {
        "same.xml": MatchState.SAME, "reordered.xml": MatchState.SAME_URLS,
        "stale.xml": MatchState.DIFFERENT, "broken.xml": MatchState.NOT_LIVE,
        "extra.xml": MatchState.NOT_IN_PROJECT, "missing.xml": MatchState.NOT_LIVE,
    }
    stale = next(item for item in checks if item.url.endswith("stale.xml"))
    assert (stale.match.added, stale.match.missing) == (1, 1)
    assert checks[-1].url == BASE + "missing.xml"  # the file no live index lists is added
    assert [item.passed for item in checks] == [True, False, False, False, False, False]
    lines = report_lines(LiveReport(checks, matches_project=False))
    assert f"FAIL {BASE}missing.xml" in lines
    assert "    compared with the project's export: the project would export this file; no " \
           "live index lists it" in lines


def test_everything_the_same_matches() -> None:
    export = ExpectedExport([BASE + "a.xml"], [expected("a.xml", "https://example.com/")])
    checks = [live("a.xml", urlset("https://example.com/"), "https://example.com/")]
    assert compare(checks, export) is True
    assert checks[0].passed and checks[0].match is not None
