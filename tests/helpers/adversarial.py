"""Inputs built to make a reader, the validator, a writer or a search slow.

Each generator takes a size in bytes and returns the bytes of one file of about
that size, shaped the way that hurts a super-linear loop or a backtracking
regular expression: one long run of blanks, one huge attribute or URL, one
very long line, deep nesting, thousands of namespace declarations, and N
entries that share one URL, one host or one hreflang cluster.

:data:`CASES` lists them all with the reader that takes them (``xml``,
``text``, ``robots``, ``feed``, ``csv``, ``json``); tests time each case at
two sizes and compare the times (see ``tests/core/test_linear_time.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

SITE = "https://www.example.com"
_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
         b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')
_XHTML = b' xmlns:xhtml="http://www.w3.org/1999/xhtml"'
_IMAGE = b' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'


def _urlset(body: bytes, root_extra: bytes = b"") -> bytes:
    return _HEAD + root_extra + b">\n" + body + b"</urlset>\n"


def _url(loc: str, extra: bytes = b"") -> bytes:
    return b"  <url><loc>" + loc.encode() + b"</loc>" + extra + b"</url>\n"


def _repeat(size: int, make: Callable[[int], bytes]) -> list[bytes]:
    """``make(0)``, ``make(1)``, ... until their total length reaches ``size``."""
    parts: list[bytes] = []
    total = 0
    while total < size:
        part = make(len(parts))
        parts.append(part)
        total += len(part)
    return parts


# --------------------------------------------------------------------------- XML sitemaps


def blanks_before_loc(size: int) -> bytes:
    """One ``<url>`` whose body starts with ``size`` blanks (issue 12's report)."""
    return _urlset(b"  <url>" + b" \n\t" * (size // 3) + b"<loc>" + SITE.encode()
                   + b"/</loc></url>\n")


def blanks_after_loc(size: int) -> bytes:
    """Blanks after the last child of an entry, before ``</url>``, and before ``</urlset>``."""
    half = b" \r\n" * (size // 6)
    return _urlset(b"  <url><loc>" + SITE.encode() + b"/</loc>" + half + b"</url>" + half)


def blanks_inside_values(size: int) -> bytes:
    """Blank runs around the text of ``<loc>`` and ``<lastmod>``."""
    pad = b" " * (size // 4)
    return _urlset(b"  <url><loc>" + pad + SITE.encode() + b"/" + pad + b"</loc><lastmod>" + pad
                   + b"2024-01-02" + pad + b"</lastmod></url>\n")


def long_attribute(size: int) -> bytes:
    """A huge attribute value on the root and on an entry."""
    value = b"a" * (size // 2)
    return _urlset(b'  <url data-note="' + value + b'"><loc>' + SITE.encode()
                   + b"/</loc></url>\n", b' data-note="' + value + b'"')


def long_namespace(size: int) -> bytes:
    """One namespace declaration whose URI is ``size`` bytes long, used by an element."""
    uri = b"http://example.org/" + b"n" * size
    return _urlset(_url(SITE + "/", b"<x:note>1</x:note>"), b' xmlns:x="' + uri + b'"')


def many_namespaces(size: int) -> bytes:
    """Thousands of namespace declarations on the root, a few entries using some of them."""
    count = size // 40
    declarations = b"".join(b' xmlns:n%d="http://example.org/ns/%d"' % (i, i)
                            for i in range(count))
    body = b"".join(_url(f"{SITE}/{i}", b"<n%d:x>1</n%d:x>" % (i, i)) for i in range(0, count, 97))
    return _urlset(body, declarations)


def one_line(size: int) -> bytes:
    """Every entry on one line: no newline in the whole file."""
    body = b"".join(_repeat(size, lambda i: f"<url><loc>{SITE}/p{i}</loc>"
                                           f"<lastmod>2024-01-02</lastmod></url>".encode()))
    return _urlset(body).replace(b"\n", b"")


def deep_nesting(size: int) -> bytes:
    """Unknown elements nested as deep as the file allows inside one entry."""
    depth = size // 16
    return _urlset(_url(SITE + "/", b"<x:a>" * depth + b"</x:a>" * depth),
                   b' xmlns:x="http://example.org/x"')


def huge_url(size: int) -> bytes:
    """One ``<loc>`` of ``size`` bytes, with a query and escapes along the way."""
    path = (b"seg%20ment/" * (size // 22)) + b"?q=" + b"a&amp;b=%zz" * (size // 22)
    return _urlset(b"  <url><loc>" + SITE.encode() + b"/" + path + b"</loc></url>\n")


def huge_comment(size: int) -> bytes:
    """A comment and a CDATA section of ``size`` bytes inside entries."""
    return _urlset(b"  <url><!-- " + b"- " * (size // 4) + b" --><loc><![CDATA["
                   + SITE.encode() + b"/" + b"c" * (size // 2) + b"]]></loc></url>\n")


def many_children(size: int) -> bytes:
    """One entry holding thousands of images and hreflang links."""
    image = f"<image:image><image:loc>{SITE}/i.png</image:loc></image:image>".encode()
    link = (b'<xhtml:link rel="alternate" hreflang="en" href="' + SITE.encode()
            + b'/other"/>')
    count = size // (len(image) + len(link))
    return _urlset(_url(SITE + "/", (image + link) * count), _IMAGE + _XHTML)


def same_url(size: int) -> bytes:
    """One URL repeated (issue 22): every entry duplicates the first."""
    return _urlset(b"".join(_repeat(size, lambda _i: _url(SITE + "/same"))))


def same_url_variants(size: int) -> bytes:
    """One URL written many ways: host case, default port, trailing slash, fragment."""
    forms = [f"{SITE}/same", f"{SITE}/same/", "https://WWW.example.com/same",
             "https://www.example.com:443/same", f"{SITE}/same#top"]
    return _urlset(b"".join(_repeat(size, lambda i: _url(forms[i % len(forms)]))))


def distinct_urls(size: int) -> bytes:
    """The baseline: distinct URLs on one host."""
    return _urlset(b"".join(_repeat(size, lambda i: _url(f"{SITE}/page/{i}"))))


def other_host(size: int) -> bytes:
    """Many distinct URLs on one host that is not the site's (validated with ``SITE``)."""
    return _urlset(b"".join(_repeat(size, lambda i: _url(f"https://cdn.example.net/p/{i}"))))


def one_cluster_repeated(size: int) -> bytes:
    """The same two-language hreflang cluster written again and again."""
    en, de = f"{SITE}/en", f"{SITE}/de"
    links = (f'<xhtml:link rel="alternate" hreflang="en" href="{en}"/>'
             f'<xhtml:link rel="alternate" hreflang="de" href="{de}"/>'
             f'<xhtml:link rel="alternate" hreflang="x-default" href="{en}"/>').encode()
    return _urlset(b"".join(_repeat(size, lambda i: _url(en if i % 2 else de, links))), _XHTML)


def one_cluster_wide(size: int) -> bytes:
    """One cluster of many pages that all name each other (size grows with its square)."""
    count = max(2, int((size / 90) ** 0.5))
    pages = [f"{SITE}/l{i}" for i in range(count)]
    links = "".join(f'<xhtml:link rel="alternate" hreflang="{_language(i)}" href="{page}"/>'
                    for i, page in enumerate(pages)).encode()
    return _urlset(b"".join(_url(page, links) for page in pages), _XHTML)


def one_target(size: int) -> bytes:
    """Many pages that all name one page of the file, which names none back."""
    target = f"{SITE}/hub"
    return _urlset(_url(target) + b"".join(_repeat(size, lambda i: _url(
        f"{SITE}/p{i}", f'<xhtml:link rel="alternate" hreflang="de" href="{target}"/>'
                        f'<xhtml:link rel="alternate" hreflang="en" href="{SITE}/p{i}"/>'
                        .encode()))), _XHTML)


def _language(i: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return "en-" + letters[i // 26 % 26].upper() + letters[i % 26].upper()


# ------------------------------------------------------------------- text, robots, feeds


def text_long_line(size: int) -> bytes:
    """A text sitemap whose one line is a huge URL, then a line of blanks and tabs."""
    return (SITE + "/" + "a" * size + "\n" + " \t" * (size // 2) + "\n" + SITE + "/b\n").encode()


def text_no_newline(size: int) -> bytes:
    """Words separated by blanks and no line break at all."""
    return (" ".join(f"{SITE}/w{i}" for i in range(size // 30))).encode()


def text_same_url(size: int) -> bytes:
    """A text sitemap repeating one URL, lines ending in CR only."""
    return b"".join(_repeat(size, lambda _i: (SITE + "/same\r").encode()))


def robots_long_lines(size: int) -> bytes:
    """A robots.txt with a huge Sitemap line, a line of blanks and many repeated lines."""
    head = b"User-agent: *\nDisallow: /x\nSitemap:" + b" \t" * (size // 8) + b"\n"
    head += b"Sitemap: " + SITE.encode() + b"/" + b"s" * (size // 4) + b".xml\n"
    repeated = b"sitemap : " + SITE.encode() + b"/sitemap.xml # again\n"
    return head + repeated * (size // 2 // len(repeated))


def rss_feed(size: int) -> bytes:
    """An RSS feed whose items repeat one link, with one huge link and a blank run."""
    item = f"<item><link>{SITE}/post</link><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>" \
           "</item>\n"
    huge = f"<item><link>{' ' * (size // 4)}{SITE}/{'p' * (size // 4)}</link></item>\n"
    items = item * (size // 2 // len(item))
    return (f'<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title>{huge}'
            f"{items}</channel></rss>\n").encode()


def atom_feed(size: int) -> bytes:
    """An Atom feed with many entries sharing one link, and one huge attribute."""
    entry = f'<entry><link href="{SITE}/post"/><updated>2024-01-02T10:00:00Z</updated></entry>\n'
    huge = f'<entry><link href="{SITE}/{"q" * (size // 2)}"/></entry>\n'
    return (f'<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">{huge}'
            f"{entry * (size // 2 // len(entry))}</feed>\n").encode()


# --------------------------------------------------------------------------- tables, JSON


def csv_table(size: int) -> bytes:
    """A CSV with quoted cells of 100 KB holding line breaks, then one URL repeated."""
    big = '"' + "x, \n" * 25_000 + '"'
    head = "".join(f"{SITE}/big{i},{big},0.1\n" for i in range(size // 4 // len(big) + 1))
    row = f"{SITE}/same,2024-01-02,0.5\n"
    return (f"loc,lastmod,priority\n{head}" + row * (size // 2 // len(row))).encode()


def csv_wide(size: int) -> bytes:
    """A CSV whose one line has thousands of columns, then one long unquoted cell."""
    header = ",".join(f"c{i}" for i in range(size // 16)) + "\n"
    return (header + f"{SITE}/a," + "y" * (size // 2) + "\n").encode()


def json_project(size: int) -> bytes:
    """A project file holding a huge string and a long list of files."""
    files = [{"path": f"part-{i}.xml", "note": " " * 20} for i in range(size // 60)]
    return json.dumps({"format_version": 2, "site_url": SITE + "/", "sitemaps": files,
                       "note": "n\\" * (size // 4)}, indent=1).encode()


@dataclass(frozen=True)
class Case:
    """One adversarial input: its name, the reader that takes it, and its generator."""

    name: str
    reader: str
    make: Callable[[int], bytes]


CASES: tuple[Case, ...] = (
    *(Case(f.__name__, "xml", f) for f in (
        blanks_before_loc, blanks_after_loc, blanks_inside_values, long_attribute,
        long_namespace, many_namespaces, one_line, deep_nesting, huge_url, huge_comment,
        many_children, same_url, same_url_variants, distinct_urls, other_host,
        one_cluster_repeated, one_cluster_wide, one_target)),
    *(Case(f.__name__, "text", f) for f in (text_long_line, text_no_newline, text_same_url)),
    Case("robots_long_lines", "robots", robots_long_lines),
    Case("rss_feed", "feed", rss_feed),
    Case("atom_feed", "feed", atom_feed),
    Case("csv_table", "csv", csv_table),
    Case("csv_wide", "csv", csv_wide),
    Case("json_project", "json", json_project),
)
