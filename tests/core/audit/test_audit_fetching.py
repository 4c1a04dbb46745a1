"""How the audit fetches: HEAD first, GET only for a page's head, bodies bounded, failures named."""

from __future__ import annotations

import asyncio
import gzip
import shutil
import socket
import ssl
import subprocess
from pathlib import Path

import pytest
from aiohttp import web
from helpers.audit_server import Audit, AuditSite, audit_site, codes, page, raw_site, redirect

from sitemap_studio.core.audit import DEFAULT_USER_AGENT, Verdict
from sitemap_studio.core.audit.options import BODY_LIMIT, MAX_HOPS

NOINDEX = b'<html><head><meta name="robots" content="noindex"></head><body>'


def refusing_head(get_status: int = 200, body: bytes = b"<html><head></head></html>",
                  refusal: int = 405) -> web.RequestHandler:
    async def handle(request: web.Request) -> web.StreamResponse:
        if request.method == "HEAD":
            return web.Response(status=refusal)
        return web.Response(status=get_status, body=body, content_type="text/html")

    return handle  # type: ignore[return-value]


@pytest.mark.parametrize("refusal", [405, 501])
def test_a_server_that_refuses_head_gets_a_get_whose_answer_counts(
        site: AuditSite, audit: Audit, refusal: int) -> None:
    site["/ok"] = refusing_head(refusal=refusal)
    site["/gone"] = refusing_head(404, refusal=refusal)
    site["/hidden"] = refusing_head(body=NOINDEX, refusal=refusal)
    ok, gone, hidden = audit(site.url("/ok"), site.url("/gone"), site.url("/hidden"),
                             concurrency=1)
    assert ok.verdict is Verdict.INDEXABLE and ok.status == 200
    assert gone.verdict is Verdict.NOT_FOUND and gone.status == 404
    assert hidden.verdict is Verdict.NOINDEX
    assert site.methods("/ok") == ["HEAD", "GET"]
    # Once the host said it does no HEAD, the audit asks it with GET only.
    assert site.methods("/hidden") == ["GET"]


def test_no_get_for_a_redirect_or_a_non_html_page(site: AuditSite, audit: Audit) -> None:
    site["/r"] = redirect("/img.png")
    site["/img.png"] = page(b"\x89PNG", content_type="image/png")
    [result] = audit(site.url("/r"))
    assert result.final_status == 200 and result.content_type == "image/png"
    assert site.methods("/r") == ["HEAD"] and site.methods("/img.png") == ["HEAD"]


@pytest.mark.parametrize(("content_type", "reads_head"), [
    ("text/html", True),
    ("TEXT/HTML; charset=UTF-8", True),
    ("application/xhtml+xml", True),
    ("text/plain", False),
    ("application/json", False),
])
def test_only_html_pages_are_read_for_their_head(site: AuditSite, audit: Audit,
                                                 content_type: str | None,
                                                 reads_head: bool) -> None:
    site["/p"] = page(NOINDEX, content_type=content_type)
    [result] = audit(site.url("/p"))
    assert result.noindex is reads_head
    assert site.methods("/p") == (["HEAD", "GET"] if reads_head else ["HEAD"])


def test_a_gzip_page_is_read_inflated(site: AuditSite, audit: Audit) -> None:
    async def handle(request: web.Request) -> web.StreamResponse:
        return web.Response(body=gzip.compress(NOINDEX + b"</body></html>"),
                            headers={"Content-Encoding": "gzip",
                                     "Content-Type": "text/html"})

    site["/z"] = handle
    [result] = audit(site.url("/z"))
    assert result.verdict is Verdict.NOINDEX


def test_an_endless_chunked_body_is_read_only_to_the_limit(site: AuditSite,
                                                          audit: Audit) -> None:
    sent = [0]

    async def handle(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/html"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        if request.method == "HEAD":
            return response
        await response.write(b'<html><head><link rel="canonical" href="/main">')
        try:
            while sent[0] < 50 * BODY_LIMIT:
                await response.write(b"<!-- padding -->" * 4096)
                sent[0] += 16 * 4096
        except (ConnectionError, RuntimeError):
            pass
        return response

    site["/endless"] = handle
    [result] = audit(site.url("/endless"))
    assert result.verdict is Verdict.CANONICALISED and result.canonical == site.url("/main")
    assert sent[0] < 50 * BODY_LIMIT  # the audit hung up long before the server's own cap


def test_a_gzip_bomb_is_inflated_only_to_the_limit(site: AuditSite, audit: Audit) -> None:
    bomb = gzip.compress(b"<html><head><title>t</title></head><body>" + b" " * (64 << 20))

    async def handle(request: web.Request) -> web.StreamResponse:
        return web.Response(body=bomb, headers={"Content-Encoding": "gzip",
                                                "Content-Type": "text/html"})

    site["/bomb"] = handle
    [result] = audit(site.url("/bomb"))
    assert result.verdict is Verdict.INDEXABLE


def test_a_meta_tag_past_the_first_512_kb_is_not_seen(site: AuditSite, audit: Audit) -> None:
    late = b"<html><head>" + b"<!-- x -->" * (BODY_LIMIT // 10 + 10) + NOINDEX[12:]
    site["/late"] = page(late)
    [result] = audit(site.url("/late"))
    assert result.verdict is Verdict.INDEXABLE


@pytest.mark.parametrize(("body", "content_type", "path"), [
    ('<html><head><link rel="canonical" href="/café"></head></html>'.encode("cp1252"),
     "text/html; charset=windows-1252", "/café"),
    ('<html><head><meta charset="shift_jis"><link rel="canonical" href="/日本"></head>'
     '<body>日本</body></html>'.encode("shift_jis"), "text/html", "/日本"),
    ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'
     '<link rel="canonical" href="/мир"></head></html>'.encode("koi8-r"), "text/html", "/мир"),
    ('<html><head><link rel="canonical" href="/café"></head></html>'.encode(),
     "text/html; charset=bogus-charset", "/café"),
])
def test_pages_that_are_not_utf8_are_read_by_their_charset(site: AuditSite, audit: Audit,
                                                           body: bytes,
                                                           content_type: str | None,
                                                           path: str) -> None:
    site["/p"] = page(body, content_type=content_type)
    [result] = audit(site.url("/p"))
    assert result.verdict is Verdict.CANONICALISED
    assert result.canonical == site.url(path)


def test_a_latin1_canonical_to_itself_is_the_same_url(site: AuditSite, audit: Audit) -> None:
    site["/caf%C3%A9"] = page('<html><head><link rel="canonical" href="/café"></head></html>'
                              .encode("latin-1"), content_type="text/html; charset=iso-8859-1")
    [result] = audit(site.url("/caf%C3%A9"))
    assert result.verdict is Verdict.INDEXABLE and result.canonical == site.url("/café")


def test_garbage_served_as_html_is_indexable(site: AuditSite, audit: Audit) -> None:
    site["/bin"] = page(bytes(range(256)) * 100, content_type="text/html")
    site["/empty"] = page(b"", content_type="text/html")
    results = audit(site.url("/bin"), site.url("/empty"))
    assert [result.verdict for result in results] == [Verdict.INDEXABLE] * 2


def test_redirect_chains_up_to_ten_hops_are_followed(site: AuditSite, audit: Audit) -> None:
    for number in range(MAX_HOPS):
        site[f"/r{number}"] = redirect(f"/r{number + 1}", 302)
    site[f"/r{MAX_HOPS}"] = page()
    site["/x0"] = redirect("/r0")
    ten, eleven = audit(site.url("/r0"), site.url("/x0"))
    assert ten.verdict is Verdict.REDIRECT and len(ten.redirects) == MAX_HOPS
    assert ten.final_status == 200 and ten.final_url == site.url(f"/r{MAX_HOPS}")
    assert codes(ten) == ["redirect"]
    assert eleven.verdict is Verdict.REDIRECT and len(eleven.redirects) == MAX_HOPS
    assert "too-many-redirects" in codes(eleven)


def test_a_redirect_loop_is_a_redirect_that_says_so(site: AuditSite, audit: Audit) -> None:
    site["/a"] = redirect("/b")
    site["/b"] = redirect(site.url("/a"))
    site["/self"] = redirect("/self")
    loop, itself = audit(site.url("/a"), site.url("/self"))
    for result in (loop, itself):
        assert result.verdict is Verdict.REDIRECT and "redirect-loop" in codes(result)
    assert len(loop.redirects) == 2


def test_redirect_targets_that_cannot_be_followed(site: AuditSite, other_site: AuditSite,
                                                  audit: Audit) -> None:
    other_site["/robots.txt"] = page("User-agent: *\nDisallow: /\n", content_type="text/plain")
    site["/to-blocked"] = redirect(other_site.url("/page"))
    site["/to-ftp"] = redirect("ftp://files.invalid/x")
    site["/to-dead"] = redirect(f"http://127.0.0.1:{closed_port()}/x")
    site["/no-location"] = page(b"", status=302, content_type=None)
    results = audit(*(site.url(path) for path in ("/to-blocked", "/to-ftp", "/to-dead",
                                                  "/no-location")))
    assert [result.verdict for result in results] == [Verdict.REDIRECT] * 4
    assert [codes(result)[-1] for result in results] == [
        "redirect-target-blocked", "redirect-target-refused", "redirect-target-unreachable",
        "redirect-without-location"]
    assert other_site.methods("/page") == []


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_dead_host_is_unreachable(audit: Audit) -> None:
    [result] = audit(f"http://127.0.0.1:{closed_port()}/page")
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["connection-error"]
    assert result.status is None


def test_an_unknown_host_is_unreachable(audit: Audit) -> None:
    [result] = audit("http://no-such-host.invalid/page")
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["dns-error"]


def test_a_slow_host_times_out(site: AuditSite, audit: Audit) -> None:
    async def stall(request: web.Request) -> web.StreamResponse:
        assert site.release is not None
        await site.release.wait()
        return web.Response()

    site["/slow"] = stall
    [result] = audit(site.url("/slow"), timeout=0.5)
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["timeout"]
    assert "0.5 s" in result.findings[0].message


def test_tls_to_a_plain_http_server_fails_as_tls(site: AuditSite, audit: Audit) -> None:
    [result] = audit(site.url("/x").replace("http://", "https://"))
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["tls-error"]


def test_a_certificate_nobody_vouches_for_is_a_tls_error(tmp_path: Path, audit: Audit) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a self-signed certificate")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=120)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    with audit_site(tls=context) as served:
        served["/a"] = page()
        [result] = audit(served.url("/a"))
    assert served.base.startswith("https://")
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["tls-error"]
    assert "CERTIFICATE_VERIFY_FAILED" in result.findings[0].message


def test_only_http_and_https(audit: Audit) -> None:
    results = audit("ftp://example.invalid/f", "mailto:someone@example.invalid", "/relative")
    for result in results:
        assert result.verdict is Verdict.UNREACHABLE and codes(result) == ["unsupported-scheme"]


def retry_once(first: int, retry_after: str | None) -> web.RequestHandler:
    count = [0]

    async def handle(request: web.Request) -> web.StreamResponse:
        count[0] += 1
        if count[0] == 1:
            headers = {"Retry-After": retry_after} if retry_after is not None else {}
            return web.Response(status=first, headers=headers)
        return web.Response(text="<html></html>", content_type="text/html")

    return handle  # type: ignore[return-value]


@pytest.mark.parametrize(("status", "retry_after"), [(503, "1"), (429, "0"), (503, None),
                                                     (429, "Thu, 01 Jan 1970 00:00:00 GMT")])
def test_429_and_503_are_retried_once_after_retry_after(site: AuditSite, audit: Audit,
                                                        status: int,
                                                        retry_after: str | None) -> None:
    site["/busy"] = retry_once(status, retry_after)
    [result] = audit(site.url("/busy"))
    assert result.verdict is Verdict.INDEXABLE and result.status == 200
    assert site.methods("/busy") == ["HEAD", "HEAD", "GET"]


def test_only_one_retry_and_no_endless_wait(site: AuditSite, audit: Audit) -> None:
    site["/down"] = page(status=503, headers={"Retry-After": "0"})
    site["/later"] = page(status=429, headers={"Retry-After": "86400"})
    down, later = audit(site.url("/down"), site.url("/later"))
    assert down.verdict is Verdict.SERVER_ERROR and site.methods("/down") == ["HEAD", "HEAD"]
    assert "Retry-After" in down.findings[0].message
    assert later.verdict is Verdict.CLIENT_ERROR and site.methods("/later") == ["HEAD"]
    assert "retry-after" in codes(later)


def test_every_request_names_the_app_or_the_chosen_agent(site: AuditSite, audit: Audit) -> None:
    site["/a"] = page()
    audit(site.url("/a"))
    assert {seen.user_agent for seen in site.seen} == {DEFAULT_USER_AGENT}
    assert next(seen.path for seen in site.seen) == "/robots.txt"
    assert DEFAULT_USER_AGENT.startswith("SitemapStudio/") and "(+https://" in DEFAULT_USER_AGENT
    site.seen.clear()
    audit(site.url("/a"), user_agent="MyBot/2.0")
    assert {seen.user_agent for seen in site.seen} == {"MyBot/2.0"}


def test_response_time_is_measured(site: AuditSite, audit: Audit) -> None:
    async def slow(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(0.2)
        return web.Response(status=404)

    site["/slow"] = slow
    [result] = audit(site.url("/slow"))
    assert result.response_ms is not None and result.response_ms >= 150


@pytest.mark.parametrize(("url", "code"), [
    ("http://[bad/", "invalid-url"),
    ("http://", "invalid-url"),
    ("https://example.invalid:99999/", "invalid-url"),
    ("http://0x7f.1/", "private-address"),
    ("http://2130706433/", "private-address"),
])
def test_urls_that_cannot_be_fetched_are_explained_not_crashed_on(audit: Audit, url: str,
                                                                 code: str) -> None:
    [result] = audit(url, allow_private=False)
    assert result.verdict is Verdict.UNREACHABLE and codes(result) == [code]


def test_a_page_without_any_content_type_is_read_for_its_head(audit: Audit) -> None:
    body = b'<html><head><meta name="robots" content="noindex"></head></html>'
    head = (b"HTTP/1.1 200 OK\r\nContent-Length: " + str(len(body)).encode() +
            b"\r\nConnection: close\r\n\r\n")
    with raw_site({("HEAD", "/bare"): head, ("GET", "/bare"): head + body}) as base:
        [result] = audit(base + "/bare")
    assert result.verdict is Verdict.NOINDEX and result.content_type is None
