"""The audit's fix plans and results store: what a fix would change, what a project keeps."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from sitemap_studio.core.audit.fixes import (
    FixKind,
    plan_fix,
    plan_lastmod,
    plan_redirects,
    plan_removals,
)
from sitemap_studio.core.audit.results import AuditFinding, Hop, UrlAudit, Verdict
from sitemap_studio.core.audit.store import AuditStore, load_results, save_results, side_file
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def urlset(*rows: tuple[str, str | None]) -> bytes:
    body = "".join(f"<url><loc>{loc}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "")
                   + "</url>" for loc, lastmod in rows)
    return f'<urlset xmlns="{NS}">{body}</urlset>'.encode()


def audit(url: str, verdict: Verdict, **kwargs: object) -> UrlAudit:
    findings = () if verdict == Verdict.INDEXABLE else (
        AuditFinding(f"audit-{verdict}", Severity.ERROR, f"{url} is {verdict}"),)
    return UrlAudit(url=url, file="a.xml", line=None, verdict=verdict,  # type: ignore[arg-type]
                    checked_at="2026-11-25T10:00:00+00:00", findings=findings, **kwargs)


def redirect(url: str, final: str, **kwargs: object) -> UrlAudit:
    return audit(url, Verdict.REDIRECT, status=301, final_url=final, final_status=200,
                 redirects=(Hop(url, 301, final),), **kwargs)


def test_redirects_replaced_only_by_indexable_final_urls() -> None:
    doc = open_bytes(urlset(("https://e.com/a", None), ("https://e.com/b", None),
                            ("https://e.com/c", None), ("https://e.com/d", None),
                            ("https://e.com/kept", None), ("https://e.com/e", None)))
    results = {
        "https://e.com/a": redirect("https://e.com/a", "https://e.com/a2"),
        "https://e.com/b": redirect("https://e.com/b", "https://e.com/b2", noindex=True),
        "https://e.com/c": audit("https://e.com/c", Verdict.REDIRECT, status=302,
                                 final_url="https://e.com/c2", final_status=404),
        "https://e.com/d": redirect("https://e.com/d", "https://e.com/d2",
                                    canonical="https://e.com/elsewhere"),
        "https://e.com/e": redirect("https://e.com/e", "https://e.com/kept"),
    }
    plan = plan_redirects(doc, results)
    assert [(c.row, c.before, c.after) for c in plan.changes] == [
        (0, "https://e.com/a", "https://e.com/a2")]
    assert "200" in plan.changes[0].reason
    assert [(c.row, c.reason) for c in plan.left_alone] == [
        (5, "the final URL is in the sitemap already")]
    assert plan.entry_ids == [doc.id_at(0)]


def test_removals_take_the_chosen_verdicts_with_their_evidence() -> None:
    locs = ["https://e.com/ok", "https://e.com/gone", "https://e.com/noindex",
            "https://e.com/canon", "https://e.com/blocked", "https://e.com/500"]
    doc = open_bytes(urlset(*((loc, None) for loc in locs)))
    verdicts = [Verdict.INDEXABLE, Verdict.NOT_FOUND, Verdict.NOINDEX, Verdict.CANONICALISED,
                Verdict.BLOCKED, Verdict.SERVER_ERROR]
    results = {loc: audit(loc, verdict) for loc, verdict in zip(locs, verdicts, strict=True)}
    plan = plan_removals(doc, results)
    assert [c.row for c in plan.changes] == [1, 2, 3, 4]
    assert all(c.after is None for c in plan.changes)
    assert plan.changes[0].reason == "not-found: https://e.com/gone is not-found"
    only_gone = plan_fix(FixKind.REMOVE, doc, results, NOW, [Verdict.NOT_FOUND])
    assert [c.loc for c in only_gone.changes] == ["https://e.com/gone"]


def test_lastmod_from_last_modified_where_missing_future_or_older() -> None:
    doc = open_bytes(urlset(
        ("https://e.com/missing", None),
        ("https://e.com/future", "2030-01-01"),
        ("https://e.com/older", "2026-01-01T00:00:00Z"),
        ("https://e.com/same-day", "2026-11-20"),
        ("https://e.com/newer", "2026-11-24T00:00:00Z"),
        ("https://e.com/not-a-date", "yesterday"),
        ("https://e.com/header-in-future", None),
        ("https://e.com/no-header", None),
    ))
    header = "Fri, 20 Nov 2026 08:30:00 GMT"
    results = {doc.text(row, 0) or "": audit(doc.text(row, 0) or "", Verdict.INDEXABLE,
                                            last_modified=header) for row in range(6)}
    results["https://e.com/header-in-future"] = audit(
        "https://e.com/header-in-future", Verdict.INDEXABLE,
        last_modified="Mon, 01 Jan 2035 00:00:00 GMT")
    results["https://e.com/no-header"] = audit("https://e.com/no-header", Verdict.INDEXABLE)
    plan = plan_lastmod(doc, results, NOW)
    assert [(c.loc.rsplit("/", 1)[1], c.before, c.after) for c in plan.changes] == [
        ("missing", None, "2026-11-20T08:30:00+00:00"),
        ("future", "2030-01-01", "2026-11-20T08:30:00+00:00"),
        ("older", "2026-01-01T00:00:00Z", "2026-11-20T08:30:00+00:00"),
    ]
    assert plan.changes[1].reason == "the sitemap's lastmod lies in the future"


def test_text_sitemaps_get_no_lastmod_plan() -> None:
    doc = open_bytes(b"https://e.com/a\n", name="list.txt")
    results = {"https://e.com/a": audit("https://e.com/a", Verdict.INDEXABLE,
                                        last_modified="Fri, 20 Nov 2026 08:30:00 GMT")}
    assert len(plan_lastmod(doc, results, NOW)) == 0


def test_store_round_trips_through_the_side_file(tmp_path: Path) -> None:
    store = AuditStore()
    store.taken_at = "2026-11-25T10:00:00+00:00"
    store.add(redirect("https://e.com/a", "https://e.com/a2"))
    store.add(audit("https://e.com/b", Verdict.NOT_FOUND, status=404))
    path = side_file(tmp_path / "shop.sitemap-project")
    assert path.endswith("shop.sitemap-project.audit.json")
    save_results(store, path)
    again, problem = load_results(path)
    assert problem is None
    assert again.taken_at == store.taken_at
    assert list(again.results()) == list(store.results())
    assert [(c.verdict, c.count) for c in again.counts()] == [
        (Verdict.REDIRECT, 1), (Verdict.NOT_FOUND, 1)]


def test_store_skips_recent_checks_only() -> None:
    store = AuditStore()
    store.add(audit("https://e.com/a", Verdict.INDEXABLE))
    assert store.checked_since("a.xml", "https://e.com/a", 1, NOW)
    assert not store.checked_since("a.xml", "https://e.com/a", 0.05, NOW)
    assert not store.checked_since("a.xml", "https://e.com/a", 0, NOW)
    assert not store.checked_since("a.xml", "https://e.com/other", 7, NOW)


def test_damaged_side_files_cost_only_the_results(tmp_path: Path) -> None:
    path = tmp_path / "p.sitemap-project.audit.json"
    missing, problem = load_results(path)
    assert not missing and problem is None  # no audit yet: no complaint
    path.write_text('{"format_version": 1, "results": [\n  {"url": }]}', encoding="utf-8")
    store, problem = load_results(path)
    assert not store
    assert problem is not None and "line 2, column 11" in problem and str(path) in problem
    path.write_text(json.dumps({"format_version": 9, "results": []}), encoding="utf-8")
    assert "newer" in (load_results(path)[1] or "")
    path.write_text(json.dumps({"format_version": 1, "results": [{"url": "x"}]}),
                    encoding="utf-8")
    assert "result 1" in (load_results(path)[1] or "")


def test_quarantine_takes_the_removal_entries_with_their_values() -> None:
    from sitemap_studio.core.audit.quarantine import entries_to_move, quarantine_file

    doc = open_bytes(urlset(("https://e.com/ok", None), ("https://e.com/gone", "2026-01-02")))
    results = {"https://e.com/gone": audit("https://e.com/gone", Verdict.NOT_FOUND)}
    plan = plan_fix(FixKind.QUARANTINE, doc, results, NOW)
    assert plan.kind == FixKind.QUARANTINE
    assert plan.changes == plan_removals(doc, results).changes
    moved = entries_to_move(doc, [*plan.entry_ids, 12345])  # an id that is gone is left out
    assert [(e.loc, e.lastmod, e.id, e.element) for e in moved] == [
        ("https://e.com/gone", "2026-01-02", -1, "url")]
    assert quarantine_file("shop.sitemapproj") == "shop.sitemapproj.quarantine.xml"


def test_targets_list_each_url_once_and_skip_recent_ones() -> None:
    from sitemap_studio.core.audit.targets import skip_recent, targets_of

    doc = open_bytes(urlset(("https://e.com/a", "2026-01-01"), ("https://e.com/b", None),
                            ("https://e.com/a", None)))
    items = targets_of(doc, "a.xml")
    assert [(i.url, i.file, i.lastmod) for i in items] == [
        ("https://e.com/a", "a.xml", "2026-01-01"), ("https://e.com/b", "a.xml", None)]
    assert [i.url for i in targets_of(doc, "a.xml", [2, 1])] == ["https://e.com/b",
                                                                  "https://e.com/a"]
    store = AuditStore()
    store.add(audit("https://e.com/a", Verdict.INDEXABLE))  # checked two hours before NOW
    assert skip_recent(items, store, 1, NOW) == ([items[1]], 1)
    assert skip_recent(items, store, 0, NOW) == (items, 0)


def test_time_left_in_words() -> None:
    from sitemap_studio.core.audit.targets import describe_time_left, time_left

    assert time_left(10.0, 0, 100) is None
    assert time_left(10.0, 25, 100) == 30.0
    assert time_left(10.0, 100, 100) == 0.0
    assert describe_time_left(None) == "estimating the time left"
    assert describe_time_left(3) == "a few seconds left"
    assert describe_time_left(31) == "about 30 s left"
    assert describe_time_left(600) == "about 10 min left"
    assert describe_time_left(4 * 3600) == "about 4.0 h left"
