"""The engine as the window and the CLI drive it: limits, results one by one, progress, Cancel."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from aiohttp import web
from helpers.audit_server import AuditSite, options, page

from sitemap_studio.core.audit import (
    AuditItem,
    UrlAudit,
    Verdict,
    audit_all,
    document_items,
    run_audit,
    summary,
)
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.loader import open_document


class InFlight:
    """Counts requests being answered at once, across every server that shares it."""

    def __init__(self) -> None:
        self.now = 0
        self.most = 0

    def handler(self) -> web.RequestHandler:
        async def handle(request: web.Request) -> web.StreamResponse:
            self.now += 1  # every server thread runs its own loop: guard with the GIL only
            self.most = max(self.most, self.now)
            try:
                await asyncio.sleep(0.03)
                return web.Response(status=404)
            finally:
                self.now -= 1

        return handle  # type: ignore[return-value]


def items_of(*urls: str) -> list[AuditItem]:
    return [AuditItem(url, "s.xml", number) for number, url in enumerate(urls, 1)]


def test_no_more_requests_to_one_host_than_the_per_host_limit(site: AuditSite) -> None:
    counter = InFlight()
    for number in range(24):
        site[f"/p{number}"] = counter.handler()
    results = audit_all(items_of(*(site.url(f"/p{n}") for n in range(24))),
                        options(per_host=3, concurrency=32))
    assert len(results) == 24 and all(r.verdict is Verdict.NOT_FOUND for r in results)
    assert 1 <= counter.most <= 3


def test_no_more_requests_in_all_than_the_global_limit(site: AuditSite,
                                                      other_site: AuditSite) -> None:
    counter = InFlight()
    urls = []
    for number in range(12):
        for served in (site, other_site):
            served[f"/p{number}"] = counter.handler()
            urls.append(served.url(f"/p{number}"))
    results = audit_all(items_of(*urls), options(per_host=4, concurrency=2))
    assert len(results) == 24 and 1 <= counter.most <= 2


def test_results_arrive_one_by_one_with_their_index_and_progress(site: AuditSite) -> None:
    site["/a"] = page()
    urls = [site.url("/a"), site.url("/missing"), site.url("/a")]
    seen: list[tuple[int, UrlAudit]] = []
    progress: list[tuple[int, int, float | None]] = []
    run_audit(items_of(*urls), options(), lambda i, a: seen.append((i, a)),
              on_progress=lambda done, total, eta: progress.append((done, total, eta)))
    assert sorted(index for index, _ in seen) == [0, 1, 2]
    for index, audit in seen:
        assert audit.url == urls[index] and audit.line == index + 1
    assert [done for done, _, _ in progress] == [1, 2, 3]
    assert {total for _, total, _ in progress} == {3}
    assert progress[-1][2] == 0.0
    assert all(eta is None or eta >= 0 for _, _, eta in progress)


def test_cancel_from_another_thread_stops_the_audit(site: AuditSite,
                                                   other_site: AuditSite) -> None:
    async def stall(request: web.Request) -> web.StreamResponse:
        assert site.release is not None
        await site.release.wait()
        return web.Response()

    other_site["/fast"] = page()
    for number in range(50):
        site[f"/slow{number}"] = stall
    urls = [*(site.url(f"/slow{n}") for n in range(50)), other_site.url("/fast")]
    token = CancelToken()
    got: list[UrlAudit] = []

    def first_result(index: int, audit: UrlAudit) -> None:
        got.append(audit)
        threading.Timer(0.1, token.cancel).start()

    with pytest.raises(Cancelled):
        run_audit(items_of(*urls), options(timeout=120), first_result, token)
    # Only the fast page finished: the stalled ones were abandoned, not waited for (the
    # timeout of 120 s would have failed the test's own time limit first).
    assert [audit.url for audit in got] == [other_site.url("/fast")]


def test_an_empty_audit_finishes(site: AuditSite) -> None:
    assert audit_all([], options()) == []


def test_recently_checked_urls_are_not_fetched_again(site: AuditSite) -> None:
    site["/a"] = page()
    site["/b"] = page()
    first = audit_all(items_of(site.url("/a"), site.url("/b")), options())
    old = replace(first[1], checked_at="2000-01-01T00:00:00+00:00")
    previous = {first[0].url: first[0], old.url: old}
    site.seen.clear()
    again = audit_all([AuditItem(site.url("/a"), "new.xml", 7), AuditItem(site.url("/b"))],
                      options(recheck_after_days=7), previous=previous)
    assert [seen.path for seen in site.seen if seen.path != "/robots.txt"] == ["/b", "/b"]
    assert again[0].checked_at == first[0].checked_at
    assert (again[0].file, again[0].line) == ("new.xml", 7)
    assert again[1].checked_at != old.checked_at


def test_items_come_from_a_sitemap_with_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "s.xml"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
                    "  <url><loc>https://example.com/a</loc><lastmod>2024-05-01</lastmod></url>\n"
                    "  <url>\n    <loc> https://example.com/b </loc>\n  </url>\n"
                    '  <url><loc>https://example.com/c</loc><image:image xmlns:image="http://'
                    'www.google.com/schemas/sitemap-image/1.1"><image:loc>https://example.com/'
                    "i.png</image:loc></image:image></url>\n</urlset>\n", encoding="utf-8")
    items = list(document_items(open_document(str(path)), "s.xml"))
    assert items == [AuditItem("https://example.com/a", "s.xml", 3, "2024-05-01"),
                     AuditItem("https://example.com/b", "s.xml", 4, None),
                     AuditItem("https://example.com/c", "s.xml", 7, None)]


def test_summary_counts_every_verdict() -> None:
    audits = [UrlAudit("u", "f", 1, Verdict.REDIRECT), UrlAudit("v", "f", 2, Verdict.REDIRECT)]
    counts = summary(audits)
    assert counts["redirect"] == 2 and counts["indexable"] == 0
    assert list(counts) == [verdict.value for verdict in Verdict]


def test_a_bug_on_one_url_is_reported_on_it_and_the_rest_goes_on(
        site: AuditSite, monkeypatch: pytest.MonkeyPatch) -> None:
    from sitemap_studio.core.audit import page_head

    real = page_head.read_head

    def broken(url: str, *args: object) -> page_head.PageHead:
        if url.endswith("/bad"):
            raise RuntimeError("boom")
        return real(url, *args)  # type: ignore[arg-type]

    monkeypatch.setattr("sitemap_studio.core.audit.verdicts.read_head", broken)
    site["/bad"] = page()
    site["/good"] = page()
    bad, good = audit_all(items_of(site.url("/bad"), site.url("/good")), options())
    assert bad.verdict is Verdict.UNREACHABLE and bad.findings[0].code == "internal-error"
    assert "RuntimeError: boom" in bad.findings[0].message
    assert good.verdict is Verdict.INDEXABLE
