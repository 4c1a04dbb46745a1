"""Private addresses are not fetched unless allowed, checked where the connection is made too."""

from __future__ import annotations

import socket

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult
from helpers.audit_server import Audit, AuditSite, codes, page, redirect

from sitemap_studio.core.audit import Verdict, guarded_resolver


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "10.1.2.3",
                                  "192.168.0.1", "169.254.169.254", "app.localhost"])
def test_private_hosts_are_unreachable_with_how_to_allow_them(audit: Audit, host: str) -> None:
    [result] = audit(f"http://{host}:9/page", allow_private=False)
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["private-address"]
    assert "--allow-private" in result.findings[0].message


def test_nothing_is_sent_to_a_private_host(site: AuditSite, audit: Audit) -> None:
    site["/a"] = page()
    [result] = audit(site.url("/a"), allow_private=False)
    assert result.verdict is Verdict.UNREACHABLE and site.seen == []
    [allowed] = audit(site.url("/a"), allow_private=True)
    assert allowed.verdict is Verdict.INDEXABLE


class _Rebinding(AbstractResolver):
    """A resolver whose answer, at connection time, is the test server's loopback address."""

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        return [{"hostname": host, "host": "127.0.0.1", "port": port, "family": socket.AF_INET,
                 "proto": 0, "flags": 0}]

    async def close(self) -> None:
        return None


def test_a_name_that_turns_private_at_connection_time_is_refused(
        site: AuditSite, audit: Audit, monkeypatch: pytest.MonkeyPatch) -> None:
    # The pre-flight look-up of rebind.invalid finds nothing (so it is not refused there);
    # the connection's resolver then answers 127.0.0.1, as a rebinding DNS server would.
    monkeypatch.setattr(guarded_resolver, "DefaultResolver", _Rebinding)
    site["/a"] = page()
    port = site.host.rsplit(":", 1)[1]
    [result] = audit(f"http://rebind.invalid:{port}/a", allow_private=False)
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["private-address"]
    assert "rebind.invalid resolves to 127.0.0.1" in result.findings[0].message
    assert site.seen == []
    [allowed] = audit(f"http://rebind.invalid:{port}/a", allow_private=True)
    assert allowed.verdict is Verdict.INDEXABLE


def test_a_redirect_to_a_private_address_is_not_followed(site: AuditSite, audit: Audit,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guarded_resolver, "DefaultResolver", _Rebinding)
    site["/a"] = redirect("http://192.168.1.1/admin")
    port = site.host.rsplit(":", 1)[1]
    [result] = audit(f"http://public.invalid:{port}/a", allow_private=False)
    assert result.verdict is Verdict.UNREACHABLE  # public.invalid itself connects to 127.0.0.1
    site.seen.clear()
    [allowed] = audit(site.url("/a"), allow_private=True)
    assert allowed.verdict is Verdict.REDIRECT
