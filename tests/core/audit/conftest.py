"""Audit tests: real aiohttp servers on 127.0.0.1 and a helper that audits a few of their URLs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.audit_server import Audit, AuditSite, audit_site, options
from helpers.local_http import guard_network

from sitemap_studio.core.audit import AuditItem, UrlAudit, audit_all


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    guard_network(monkeypatch)


@pytest.fixture
def site() -> Iterator[AuditSite]:
    with audit_site() as served:
        yield served


@pytest.fixture
def other_site() -> Iterator[AuditSite]:
    with audit_site() as served:
        yield served


@pytest.fixture
def audit() -> Audit:
    """``audit(url, ..., **options)``: the results of those URLs, in order."""

    def run(*urls: str, **changes: object) -> list[UrlAudit]:
        items = [AuditItem(url, "sitemap.xml", line) for line, url in enumerate(urls, 3)]
        return audit_all(items, options(**changes))

    return run
