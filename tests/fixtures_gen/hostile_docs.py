"""Hostile cases about whole documents: structure, namespaces, comments, indexes, other formats.

The rest of the cases, and what the fields mean, are in :mod:`fixtures_gen.hostile`.
"""

from __future__ import annotations

from fixtures_gen.hostile import DECL, NET, SM, HostileCase, url, urlset

IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO = "http://www.google.com/schemas/sitemap-video/1.1"
NEWS = "http://www.google.com/schemas/sitemap-news/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
ACME = "urn:example:acme:sitemap-ext:2"
INDEX = f'<sitemapindex xmlns="{SM}">'


def sitemap(loc: str, extra: str = "") -> str:
    return f"<sitemap><loc>{loc}</loc>{extra}</sitemap>"


def structure_errors() -> HostileCase:
    rows = [
        "<url><lastmod>2024-01-01</lastmod></url>",
        url("https://example.com/b", "<loc>https://example.com/b2</loc>"),
        "<url><loc></loc></url>",
        "<url><loc>   </loc></url>",
        url("https://example.com/d", "<note>hi</note>"),
        url("https://example.com/e", url("https://example.com/e-inner")),
        '<url loc="https://example.com/f"><loc>https://example.com/f</loc></url>',
        url("https://example.com/g", "<lastmod>2024-01-01</lastmod><lastmod>2024-01-02</lastmod>"),
        "<url><lastmod>2024-01-03</lastmod><loc>https://example.com/h</loc></url>",
        "left over text",
    ]
    return HostileCase(
        "structure_errors.xml", "FLAG", "Flag rows 1-8 (schema errors); order in row 9 is a "
        "note; the stray text is flagged; keep <note> and the attribute.", urlset(rows),
        rows=(1, 2, 3, 4, 5, 6, 7, 8), warn=(9,),
        markers=("<note>hi</note>", 'loc="https://example.com/f"'))


def extensions() -> HostileCase:
    root = (f'<urlset xmlns="{SM}"\n  xmlns:image="{IMAGE}" xmlns:video="{VIDEO}"\n'
            f'  xmlns:news="{NEWS}" xmlns:xhtml="{XHTML}"\n  xmlns:acme="{ACME}" '
            'acme:generator="AcmeCMS 7.4">')
    first = ('<url acme:id="42">\n  <loc>https://example.com/shop/kettle</loc>\n'
             '  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/kessel"/>\n'
             "  <image:image><image:loc>https://example.com/img/kettle.png</image:loc>"
             "<image:caption>Widget &amp; Co</image:caption></image:image>\n"
             '  <acme:stock level="low">3</acme:stock>\n'
             '  <acme:notes><acme:line kind="x">copy: <![CDATA[<raw>]]> &amp; more</acme:line>'
             "</acme:notes>\n</url>")
    second = ("<url>\n  <loc>https://example.com/press/launch</loc>\n  <lastmod>2024-02-02"
              "</lastmod>\n  <news:news><news:publication><news:name>Kettle Weekly</news:name>"
              "<news:language>en</news:language></news:publication><news:publication_date>"
              "2024-02-01T08:00:00+00:00</news:publication_date><news:title>Launch</news:title>"
              "</news:news>\n  <video:video><video:thumbnail_loc>https://example.com/v/k.jpg"
              "</video:thumbnail_loc><video:title>Kettle</video:title><video:description>"
              "Boiling</video:description><video:content_loc>https://example.com/v/demo.mp4"
              "</video:content_loc></video:video>\n</url>")
    return HostileCase(
        "ns_unknown_extensions.xml", "OK", "Known and unknown extensions: 2 clean rows; every "
        "foreign element and attribute is kept, edited or not.", urlset([first, second], root),
        markers=('acme:generator="AcmeCMS 7.4"', 'acme:id="42"', 'hreflang="de"',
                 "<image:caption>Widget &amp; Co</image:caption>",
                 '<acme:stock level="low">3</acme:stock>', "<news:title>Launch</news:title>",
                 "<video:content_loc>https://example.com/v/demo.mp4</video:content_loc>",
                 ACME, "<![CDATA[<raw>]]>||&lt;raw&gt;"))


def comments_and_pis() -> HostileCase:
    markers = ("<!-- built by AcmeCMS, edits get overwritten -->",
               '<?acme-build rev="8812" host="builder-2"?>', "<!-- group: kettles -->",
               "<!-- after the loc, inside the url -->", '<?acme-cache ttl="60"?>',
               "<!-- the end, after the root -->", 'href="xsl_canary.xsl"')
    text = (DECL + '<?xml-stylesheet type="text/xsl" href="xsl_canary.xsl"?>\n'
            f"{markers[0]}\n{markers[1]}\n<urlset xmlns=\"{SM}\">\n  {markers[2]}\n"
            f"  <url><loc>https://example.com/c-1</loc>{markers[3]}{markers[4]}</url>\n"
            "  <!-- <url><loc>https://example.com/commented-out</loc></url> -->\n"
            f"  <url><loc>https://example.com/c-2</loc></url>\n</urlset>\n{markers[5]}\n")
    return HostileCase("comments_and_pis.xml", "OK", "Comments and PIs everywhere: 2 rows, all "
                       "kept; the stylesheet is never loaded.", text.encode(), markers=markers)


def indexes() -> list[HostileCase]:
    nested = urlset([sitemap("https://example.com/sitemap-pages.xml", "<lastmod>2024-01-01"
                             "</lastmod>"), sitemap("https://example.com/index_nested_child.xml")],
                    INDEX, "</sitemapindex>")
    child = urlset([sitemap("https://example.com/sitemap-a.xml"),
                    sitemap("https://example.com/sitemap-b.xml")], INDEX, "</sitemapindex>")
    mixed = urlset([sitemap("https://example.com/s-1.xml"), url("https://example.com/page"),
                    "<sitemap><lastmod>2024-01-01</lastmod></sitemap>",
                    sitemap("https://example.com/s-3.xml", "<priority>0.5</priority>")],
                   INDEX, "</sitemapindex>")
    return [
        HostileCase("index_nested.xml", "FLAG", "Row 2 lists another index of the project.",
                    nested, rows=(2,)),
        HostileCase("index_nested_child.xml", "OK", "A valid index of 2 rows.", child),
        HostileCase("index_mixed_children.xml", "FLAG",
                    "Flag rows 2 (url in an index), 3 (no loc), 4 (priority in an index).",
                    mixed, rows=(2, 3, 4)),
    ]


def namespaces() -> list[HostileCase]:
    rows = [url(f"https://example.com/n-{n}") for n in (1, 2, 3)]
    prefixed = [f"<sm:url><sm:loc>https://example.com/sm-{n}</sm:loc></sm:url>"
                for n in (1, 2, 3)]
    old = "http://www.google.com/schemas/sitemap/0.84"
    return [
        HostileCase("missing_namespace.xml", "FLAG", "No xmlns: open 3 rows, flag the file.",
                    urlset(rows, "<urlset>"), words=("namespace",)),
        HostileCase("google_084_namespace.xml", "FLAG", "The 0.84 namespace: open, flag the "
                    "file, keep it on save.", urlset(rows, f'<urlset xmlns="{old}">'),
                    words=("0\\.84|namespace|obsolete|deprecated",), markers=(old,)),
        HostileCase("ns_prefix_sm.xml", "OK", "sm: prefixes: a valid sitemap.",
                    urlset(prefixed, f'<sm:urlset xmlns:sm="{SM}">', "</sm:urlset>"),
                    markers=(SM, "https://example.com/sm-1", "https://example.com/sm-3")),
    ]


def other_formats() -> list[HostileCase]:
    lines = ["https://example.com/a", "", "# made by hand", "https://example.com/b",
             "   https://example.com/c  ", "", "relative/page.html", "javascript:alert(1)",
             "https://example.com/d https://example.com/d2", "https://example.com/e"]
    text = b"\xef\xbb\xbf" + "\r\n".join(lines).encode()
    robots = "\n".join([
        "User-agent: *", "Disallow: /cart/", "Sitemap: https://example.com/sitemap.xml",
        "sitemap: https://example.com/sitemap-news.xml", "Sitemap : https://example.com/more.xml",
        f"Sitemap: {NET}s.xml", "Sitemap: file:///etc/passwd", "Sitemap: javascript:alert(1)",
        "Sitemap: /relative.xml", "# Sitemap: https://example.com/old.xml", ""])
    rss = ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
           "<title>Kettles</title><link>https://example.com/</link><description>News"
           "</description>\n" + "".join(
               f"<item><title>{n}</title><link>{link}</link>"
               "<pubDate>Mon, 05 Feb 2024 10:00:00 GMT</pubDate></item>\n"
               for n, link in ((1, "https://example.com/n/1"), (2, "https://example.com/n/2"),
                               (3, "/n/3")))
           + '<item><title>4</title><guid isPermaLink="true">https://example.com/n/4</guid>'
           "</item>\n</channel></rss>\n")
    atom = ('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
            "<title>Kettles</title><id>urn:uuid:7c9e4a66-0b1d-4f51-9b1e-1d2a3c4b5e6f</id>"
            '<updated>2024-02-05T10:00:00Z</updated><link rel="self" '
            'href="https://example.com/feed.atom"/>\n' + "".join(
                f'<entry><title>{n}</title><id>urn:kettle:{n}</id><updated>2024-02-0{n}T10:00:00Z'
                f'</updated><link rel="alternate" href="https://example.com/a/{n}"/></entry>\n'
                for n in (1, 2)) + "</feed>\n")
    return [
        HostileCase("text_sitemap.txt", "FLAG", "Text sitemap with BOM, CRLF, blanks and "
                    "comments: flag lines 3, 7, 8, 9; trim line 5.", text, rows=(3, 7, 8, 9),
                    warn=(5,), markers=("https://example.com/e", "https://example.com/a")),
        HostileCase("robots.txt", "FLAG", "List lines 3-5; flag 6-9; ignore the comment; "
                    "fetch nothing.", robots.encode(), rows=(6, 7, 8, 9), warn=(5,)),
        HostileCase("feed_rss2.xml", "ANY", "RSS 2.0: import or say it is a feed.",
                    rss.encode(), words=("rss|feed",)),
        HostileCase("feed_atom1.xml", "ANY", "Atom 1.0: import or say it is a feed.",
                    atom.encode(), words=("atom|feed",)),
    ]


def document_cases() -> list[HostileCase]:
    return [structure_errors(), extensions(), comments_and_pis(), *indexes(), *namespaces(),
            *other_formats()]
