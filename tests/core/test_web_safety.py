"""The private-address rule: what a stranger's sitemap cannot make us fetch."""

from __future__ import annotations

import asyncio

import pytest

from sitemap_studio.core.urls.web_safety import address_refusal, host_refusal, host_refusal_async

NON_PUBLIC = [
    ("127.0.0.1", "loopback"),
    ("127.8.9.10", "loopback"),
    ("::1", "loopback"),
    ("[::1]", "loopback"),
    ("10.1.2.3", "private"),
    ("172.16.0.9", "private"),
    ("192.168.1.1", "private"),
    ("fd12:3456::1", "private"),
    ("169.254.169.254", "link-local"),
    ("fe80::1%eth0", "link-local"),
    ("100.64.0.1", "carrier-grade NAT"),
    ("0.0.0.0", "unspecified"),
    ("224.0.0.1", "multicast"),
    ("::ffff:192.168.0.1", "private"),
    ("240.0.0.1", "reserved"),
]


@pytest.mark.parametrize(("address", "kind"), NON_PUBLIC)
def test_a_non_public_address_is_refused_with_its_kind_and_the_way_to_allow_it(
        address: str, kind: str) -> None:
    reason = address_refusal(address)
    assert reason is not None
    assert kind in reason
    assert "--allow-private" in reason


@pytest.mark.parametrize("address", ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
                                     "8.8.8.8"])
def test_a_public_address_is_fetched(address: str) -> None:
    assert address_refusal(address) is None


def test_hosts_are_refused_by_literal_and_by_name_unless_allowed() -> None:
    assert host_refusal("127.0.0.1") is not None
    assert host_refusal("localhost") is not None
    assert host_refusal("app.localhost") is not None
    assert host_refusal("localhost", allow_private=True) is None
    assert host_refusal("[::1]", 8080) is not None
    # A name no resolver knows is left to the fetch, which explains the failure itself.
    assert host_refusal("no-such-host.invalid") is None


def test_the_async_check_agrees_with_the_blocking_one() -> None:
    for host in ("127.0.0.1", "localhost", "192.168.0.1", "8.8.8.8", "no-such-host.invalid"):
        blocking = host_refusal(host)
        waited = asyncio.run(host_refusal_async(host))
        assert (blocking is None) == (waited is None), host
