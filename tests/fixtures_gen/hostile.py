"""Hostile and broken inputs, made at test time, each with what a correct editor does with it.

One :class:`HostileCase` per kind of input the editor must survive: entity bombs and
external entities, DTDs, deep nesting, broken gzip, bad encodings, control characters,
malformed markup, bad values row by row, odd namespaces, feeds, text sitemaps and
robots.txt. The expectation is data in the same shape as the cases of
``../shared/hostile/EXPECT.json``, so that one set of tests runs over either source:

- ``tag``: ERROR (refuse, naming ``line``), REFUSE (refuse: security, size or format),
  FLAG (open and flag ``rows``; a file-level flag when no rows are listed), OK (open
  cleanly) or ANY (open or refuse);
- ``rows`` / ``warn``: 1-based entries (lines in text files and robots.txt) that need an
  error or warning / at least a note;
- ``words``: regular expressions the message (or a finding) must match;
- ``markers``: text a save with no edits must keep (``a||b``: either form).

The hard rules hold for every file: no network (only ``127.0.0.1:9`` is ever named), no
read of another file (``/etc/passwd`` and the :data:`CANARIES`, which the tests make FIFOs),
no traceback or memory error. Every host is made up; most are ``example.com``, the site
the row-by-row cases are about.
"""

from __future__ import annotations

import gzip
import json
import os
import struct
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
NET = "http://127.0.0.1:9/"
#: Files next to the hostile ones that nothing may open (the tests make them FIFOs).
CANARIES = ("xxe_canary.txt", "dtd_canary.dtd", "xsl_canary.xsl")
#: lastmod values, each valid W3C Datetime ("ok"), a form that deserves a note ("note":
#: reduced precision, no zone, far future) or not a date ("bad").
LASTMOD_ROWS = (
    ("2024-01-15", "ok"), ("2024", "note"), ("2024-01", "note"),
    ("2024-01-15T10:30+01:00", "note"), ("2024-01-15T10:30:00Z", "ok"),
    ("2024-01-15T10:30:00-05:00", "ok"), ("2024-01-15T10:30:00.123456+02:00", "ok"),
    ("2024-13-01", "bad"), ("2024-02-30", "bad"), ("2023-02-29", "bad"),
    ("2024-01-15T10:30:00+0100", "bad"), ("2024-01-15T10:30:00", "note"),
    ("2024-01-15 10:30:00+00:00", "bad"), ("15/01/2024", "bad"), ("2024-01-15T25:00:00Z", "bad"),
    ("2024-1-5", "bad"), ("2999-12-31", "note"), ("", "bad"), ("2024-01-15T10:30:60Z", "bad"),
    ("2024-06-31", "bad"),
)


@dataclass(frozen=True)
class HostileCase:
    name: str
    tag: str
    expect: str
    data: bytes
    line: tuple[int, ...] | None = None
    rows: tuple[int, ...] = ()
    warn: tuple[int, ...] = ()
    words: tuple[str, ...] = ()
    markers: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        """The case as EXPECT.json has it (without the bytes)."""
        fields = asdict(self)
        del fields["data"]
        for key in ("rows", "warn", "words", "markers"):
            fields[key] = list(fields[key])
        fields["line"] = None if self.line is None else list(self.line)
        fields["large"] = False
        return fields


def url(loc: str, extra: str = "", attrs: str = "") -> str:
    return f"<url{attrs}><loc>{loc}</loc>{extra}</url>"


def urlset(rows: list[str], root: str = f'<urlset xmlns="{SM}">', close: str = "</urlset>",
           decl: str = DECL) -> bytes:
    """A declaration, the root on line 2, one row a line from line 3, the close tag."""
    return (decl + root + "\n" + "".join(row + "\n" for row in rows) + close + "\n").encode()


def values(field: str, texts: list[str]) -> bytes:
    """A urlset whose row n has loc ``/v-n`` and ``texts[n-1]`` as ``field``."""
    return urlset([url(f"https://example.com/v-{n}", f"<{field}>{text}</{field}>")
                   for n, text in enumerate(texts, 1)])


def png() -> bytes:
    """A real 1x1 PNG: the bytes an image named sitemap.xml holds."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x80\x00")
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


def entity_cases() -> list[HostileCase]:
    laughs = "".join(f'<!ENTITY h{n} "{("&h" + str(n - 1) + ";") * 10}">\n' for n in range(1, 10))
    bomb = (DECL + '<!DOCTYPE urlset [\n<!ENTITY h0 "ha">\n' + laughs + "]>\n"
            f'<urlset xmlns="{SM}"><url><loc>https://example.com/&h9;</loc></url></urlset>\n')
    wide = "w" * 65536
    quadratic = (DECL + f'<!DOCTYPE urlset [<!ENTITY w "{wide}">]>\n<urlset xmlns="{SM}">'
                 f'<url><loc>https://example.com/</loc><lastmod>{"&w;" * 8000}</lastmod>'
                 "</url></urlset>\n")

    def with_doctype(doctype: str, loc: str) -> bytes:
        return urlset([url(loc)], decl=DECL + doctype + "\n")

    refuse = "Refuse: DOCTYPE and ENTITY declarations never belong in a sitemap"
    declared = ("entit|doctype|dtd",)
    return [
        HostileCase("xxe_billion_laughs.xml", "REFUSE", refuse + "; nothing expands (10^9).",
                    bomb.encode(), words=declared),
        HostileCase("xxe_quadratic_blowup.xml", "REFUSE", refuse + "; 8,000 uses of 64 KiB.",
                    quadratic.encode(), words=declared),
        HostileCase("xxe_local_file.xml", "REFUSE",
                    "Refuse; never read /etc/passwd or the canary beside the file.",
                    with_doctype('<!DOCTYPE urlset [<!ENTITY pw SYSTEM "file:///etc/passwd">\n'
                                 '<!ENTITY near SYSTEM "xxe_canary.txt">]>',
                                 "https://example.com/&pw;&near;")),
        HostileCase("xxe_remote_http.xml", "REFUSE", "Refuse; never connect for an entity.",
                    with_doctype(f'<!DOCTYPE urlset [<!ENTITY far SYSTEM "{NET}e.txt">]>',
                                 "https://example.com/&far;")),
        HostileCase("xxe_external_dtd_http.xml", "REFUSE", "Refuse; never fetch the DTD.",
                    with_doctype(f'<!DOCTYPE urlset SYSTEM "{NET}sitemap.dtd">',
                                 "https://example.com/dtd")),
        HostileCase("xxe_parameter_entity_remote.xml", "REFUSE",
                    "Refuse; never fetch a parameter entity (nor the local DTD canary).",
                    with_doctype(f'<!DOCTYPE urlset [<!ENTITY % far SYSTEM "{NET}pe.dtd">\n'
                                 '<!ENTITY % near SYSTEM "dtd_canary.dtd"> %far; %near;]>',
                                 "https://example.com/pe")),
    ]


def markup_cases() -> list[HostileCase]:
    deep = (DECL + f'<urlset xmlns="{SM}">\n<url><loc>https://example.com/deep</loc>'
            + "<n>" * 5000 + "\n" + "</n>" * 5000 + "</url></urlset>\n")
    sitemap = urlset([url(f"https://example.com/z-{n}") for n in range(1, 40)])
    cut = (DECL + f'<urlset xmlns="{SM}">\n' + "".join(
        url(f"https://example.com/t-{n}") + "\n" for n in (1, 2, 3))
        + "<url><loc>https://example.com/t-")
    html = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>404 Not Found</title></head>\n<body><h1>Page not found</h1><br>"
            "<p>Try the <a href=\"/\">home page</a>.</body></html>\n")
    return [
        HostileCase("deep_nesting.xml", "ERROR", "Refuse: nesting too deep, at line 3.",
                    deep.encode(), line=(3,)),
        HostileCase("duplicate_attribute.xml", "ERROR", "Refuse: attribute redefined, line 3.",
                    urlset([url("https://example.com/a", attrs=' id="1" id="2"')]), line=(3,)),
        HostileCase("gzip_truncated.xml.gz", "ERROR",
                    "Refuse: the gzip stream ends early; never show the partial rows.",
                    gzip.compress(sitemap, mtime=0)[:200],
                    words=("gzip|compress|truncat|corrupt|end",)),
        HostileCase("gzip_not_really.xml.gz", "FLAG",
                    "Plain XML named .gz: open its 4 rows and note the mismatch.",
                    urlset([url(f"https://example.com/plain-{n}") for n in range(1, 5)])),
        HostileCase("empty.xml", "ERROR", "0 bytes: say the file is empty.", b"",
                    words=("empty",)),
        HostileCase("whitespace_only.xml", "ERROR", "Only blanks: no content.",
                    b"  \n\t\n   \r\n"),
        HostileCase("binary_png.xml", "ERROR", "A PNG named .xml: not a sitemap.", png()),
        HostileCase("xml_decl_not_first.xml", "ERROR",
                    "Blank lines before <?xml ...?>: refuse at line 3.",
                    b"\n\n" + urlset([url("https://example.com/late")]), line=(3,)),
        HostileCase("unescaped_ampersand.xml", "ERROR", "A raw & in row 2: refuse at line 4.",
                    urlset([url("https://example.com/1"), url("https://example.com/?q=a&b=2")]),
                    line=(4,), words=("&|amp|entity|entityref",)),
        HostileCase("undefined_entity.xml", "ERROR", "&nbsp; in row 2: refuse at line 4.",
                    urlset([url("https://example.com/1"), url("https://example.com/a&nbsp;b")]),
                    line=(4,), words=("eacute|nbsp|entity",)),
        HostileCase("wrong_root.xml", "ERROR", "Root <sitemap>: refuse naming line 2.",
                    urlset(["<loc>https://example.com/</loc>"], root=f'<sitemap xmlns="{SM}">',
                           close="</sitemap>"), line=(2,), words=("root|urlset|sitemapindex",)),
        HostileCase("html_error_page.xml", "REFUSE", "An HTML page: say so.", html.encode(),
                    words=("html",)),
        HostileCase("truncated.xml", "ERROR", "Cut inside row 4: unexpected end at line 6.",
                    cut.encode(), line=(6,), words=("end|truncat|premature|incomplete",)),
    ]


def encoding_cases() -> list[HostileCase]:
    latin = urlset([url("https://example.com/1"), url("https://example.com/caf\x00")])
    control = urlset([url("https://example.com/1"), url("https://example.com/a\x01b")])
    return [
        HostileCase("bom_utf8.xml", "OK", "UTF-8 BOM: 3 clean rows, no BOM in the first loc.",
                    b"\xef\xbb\xbf" + urlset([url(f"https://example.com/page-{n}")
                                              for n in (1, 2, 3)]),
                    markers=("https://example.com/page-1",)),
        HostileCase("latin1_bytes_utf8_decl.xml", "ERROR",
                    "Declared UTF-8, row 2 holds Latin-1 0xE9: refuse at line 4.",
                    latin.replace(b"\x00", b"\xe9"), line=(4,), words=("utf-?8|encod|byte",)),
        HostileCase("control_chars.xml", "ERROR", "U+0001 in row 2: refuse at line 4.",
                    control, line=(4,)),
    ]


def loc_cases() -> list[HostileCase]:
    long_loc = "https://example.com/" + "l" * (2049 - len("https://example.com/"))
    schemes = ["javascript:alert(1)", "JaVaScRiPt:alert(2)", " javascript:alert(3)",
               "file:///etc/passwd", "data:text/html,hello", "ftp://example.com/f.xml",
               "mailto:web@example.com", "vbscript:msgbox(1)", "https://example.com/fine",
               "http://127.0.0.1:9/admin"]
    duplicates = ["https://example.com/page", "https://example.com/page/",
                  "https://EXAMPLE.com/page", "https://example.com:443/page",
                  "https://example.com/page#section", "https://example.com/page",
                  "HTTPS://example.com/page", "https://example.com/Page",
                  "https://example.com/%7Euser", "https://example.com/~user",
                  "http://example.com/page", "https://example.com:8443/page"]
    hosts = ["https://example.com/h1", "https://example.com/h2", "https://example.com/h3",
             "https://www.example.com/h4", "https://blog.example.com/h5",
             "https://other-site.net/h6", "http://example.com/h7",
             "https://example.com.evil.net/h8", "https://example.com@evil.net/h9",
             "https://" + "exämple".encode("idna").decode() + ".com/h10",
             "https://\u0435xample.com/h11", "https://EXAMPLE.COM/h12",
             "https://example.com:443/h13"]
    blanks = ["  https://example.com/ws-1  ", "\n    https://example.com/ws-2\n  ",
              "\u00a0https://example.com/ws-3\u00a0", "\thttps://example.com/ws-4"]
    return [
        HostileCase("loc_2049.xml", "FLAG", "A 2,049-character loc: flag row 1.",
                    urlset([url(long_loc), url("https://example.com/short")]), rows=(1,),
                    words=("2,?04[78]|length|long",)),
        HostileCase("loc_relative.xml", "FLAG", "Rows 1-3 are not absolute; row 4 is.",
                    urlset([url(u) for u in ("/about", "about.html", "//example.com/x",
                                             "https://example.com/ok")]), rows=(1, 2, 3)),
        HostileCase("loc_bad_schemes.xml", "FLAG",
                    "Flag rows 1-8 (schemes) and 10 (loopback); row 9 is fine.",
                    urlset([url(u) for u in schemes]), rows=(1, 2, 3, 4, 5, 6, 7, 8, 10)),
        HostileCase("duplicates.xml", "FLAG",
                    "Rows 3, 4, 6, 7 duplicate row 1; 5 differs by a fragment; 2 by a slash; "
                    "10 duplicates 9; 11 and 12 differ in scheme / port.",
                    urlset([url(u) for u in duplicates]),
                    rows=(2, 3, 4, 5, 6, 7, 10, 11, 12)),
        HostileCase("foreign_hosts.xml", "FLAG",
                    "Site example.com: rows 4-11 are other hosts or look-alikes.",
                    urlset([url(u) for u in hosts]), rows=(4, 5, 6, 7, 8, 9, 10, 11)),
        HostileCase("whitespace_values.xml", "FLAG",
                    "XML blanks around rows 1, 2, 4: notes; NO-BREAK SPACE in row 3: a flag.",
                    urlset([url(u) for u in blanks]), rows=(3,), warn=(1, 2, 4),
                    markers=tuple(f"https://example.com/ws-{n}" for n in (1, 2, 4))),
        HostileCase("cdata_loc.xml", "OK", "CDATA in loc: values survive a save.",
                    urlset([url("<![CDATA[https://example.com/search?q=a&b=2]]>"),
                            url("<![CDATA[  https://example.com/padded \n]]>"),
                            url("https://example.com/<![CDATA[mixed]]>-part")]), warn=(2,),
                    markers=("<![CDATA[https://example.com/search?q=a&b=2]]>"
                             "||https://example.com/search?q=a&amp;b=2",
                             "https://example.com/mixed-part"
                             "||https://example.com/<![CDATA[mixed]]>-part")),
    ]


def value_cases() -> list[HostileCase]:
    priorities = ["1.5", "-0.1", "high", "0.0", "0.5", "1.0", "1e-1", "NaN", "0,5", "",
                  "1", "0.25", "1.00001", "inf"]
    frequencies = ["sometimes", "Daily", "DAILY", "weekly", "monthly", "never", "hourly ", "",
                   "fortnightly"]
    return [
        HostileCase("priority_invalid.xml", "FLAG", "Flag the priorities outside xsd:decimal "
                    "0.0-1.0; keep their text.", values("priority", priorities),
                    rows=(1, 2, 3, 7, 8, 9, 10, 13, 14),
                    markers=("<priority>1.5</priority>", "<priority>high</priority>")),
        HostileCase("changefreq_invalid.xml", "FLAG", "Flag values outside the enumeration; "
                    "a trailing blank is a note.", values("changefreq", frequencies),
                    rows=(1, 2, 3, 8, 9), warn=(7,),
                    markers=("<changefreq>sometimes</changefreq>",
                             "<changefreq>Daily</changefreq>")),
        HostileCase("lastmod_variants.xml", "FLAG", "Flag impossible and malformed dates; "
                    "reduced precision, no zone and far future are notes.",
                    values("lastmod", [text for text, _ in LASTMOD_ROWS]),
                    rows=tuple(n for n, (_, kind) in enumerate(LASTMOD_ROWS, 1) if kind == "bad"),
                    warn=tuple(n for n, (_, kind) in enumerate(LASTMOD_ROWS, 1)
                               if kind == "note"),
                    markers=("<lastmod>2024-02-30</lastmod>",
                             "<lastmod>2024-01-15T10:30:00+0100</lastmod>")),
    ]


def all_cases() -> list[HostileCase]:
    from fixtures_gen.hostile_docs import document_cases

    cases = [*entity_cases(), *markup_cases(), *encoding_cases(), *loc_cases(),
             *value_cases(), *document_cases()]
    assert len({case.name for case in cases}) == len(cases), "two cases share a name"
    return cases


def expectations() -> dict[str, object]:
    """Everything EXPECT.json says, for the generated cases."""
    return {"net_base": NET, "passwd": "file:///etc/passwd", "canaries": list(CANARIES),
            "cases": [case.as_json() for case in all_cases()]}


#: Paths that are not regular files (made beside a copy of the hostile files, never shipped):
#: opening one must be refused at once, without reading or blocking.
SPECIAL_PATHS = {
    "fifo.xml": "a FIFO nobody writes to (a read would block for ever)",
    "dev_zero.xml": "a symbolic link to /dev/zero (endless zero bytes)",
    "dev_urandom.xml.gz": "a symbolic link to /dev/urandom (endless noise)",
    "folder.xml": "a directory named like a sitemap",
}


def make_special(folder: Path, name: str) -> Path:
    """Make the special path ``name`` of :data:`SPECIAL_PATHS` in ``folder``."""
    path = folder / name
    if name == "fifo.xml":
        os.mkfifo(path)
    elif name == "folder.xml":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero" if name == "dev_zero.xml" else "/dev/urandom")
    return path


def write_hostile(folder: Path) -> Path:
    """Write every case into ``folder`` with its EXPECT.json; return ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for case in all_cases():
        (folder / case.name).write_bytes(case.data)
    (folder / "EXPECT.json").write_text(json.dumps(expectations(), indent=1), "utf-8")
    return folder
