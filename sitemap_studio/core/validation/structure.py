"""Structure rules: the shape of entries and files, sitemap index rules, protocol limits."""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote, urlsplit

from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, StructureNote
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.model.limits import PROTOCOL_MAX_BYTES, PROTOCOL_MAX_URLS
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import RULES, Profile, rule

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
XSD, PROTOCOL, STUDIO, XML = RuleSource.XSD, RuleSource.PROTOCOL, RuleSource.STUDIO, RuleSource.XML

MISSING = rule("structure-missing-loc", E, XSD, "every entry has a <loc>")
REPEATED = rule("structure-repeated-child", E, XSD,
                "loc, lastmod, changefreq and priority appear at most once per entry")
UNKNOWN = rule("structure-unknown-element", E, XSD,
               "no unknown elements in the sitemap namespace (extensions use their own)")
ORDER = rule("structure-child-order", N, XSD,
             "children in schema order: loc, lastmod, changefreq, priority, then extensions "
             "(crawlers accept any order; the XSD does not)", xsd=E)
ATTRIBUTE = rule("structure-attribute", E, XSD, "no attributes on sitemap elements")
FOREIGN_ATTRIBUTE = rule(
    "structure-foreign-attribute", E, XSD,
    "no attributes on <url> or <sitemap>, not even in another namespace or xml:lang (the XSD "
    "declares none; crawlers ignore them, so only the XSD profile reports them)",
    protocol=None, google=None)
EXTENSION_UNKNOWN = rule(
    "extension-unknown-element", W, XSD,
    "an entry holds only the elements an extension defines (image:image, video:video, "
    "news:news, mobile:mobile), not others in those namespaces (crawlers ignore them; the "
    "strict wildcard of the XSD rejects them)", xsd=E)
UNDECLARED = rule(
    "extension-undeclared", E, XSD,
    "no elements of namespaces without an official schema (PageMap, XInclude, a CMS's own "
    "tags) in a urlset or index: the XSD's wildcard is strict, so it rejects any element it "
    "finds no declaration for (the protocol allows such extensions and crawlers ignore them, "
    "so only the XSD profile reports them)", protocol=None, google=None)
NESTED = rule("structure-nested-entry", E, XSD, "no entry inside another entry")
STRAY_TEXT = rule("structure-stray-text", W, XSD, "no text outside the value elements",
                  xsd=E)
MIXED = rule("structure-markup-in-value", E, XSD, "values are plain text, without elements")
NOT_XML = rule(
    "format-not-xml-sitemap", E, XSD,
    "the file is an XML <urlset> or <sitemapindex>: the XSDs describe nothing else, so a "
    "text list or a feed cannot be valid against them (the protocol accepts both, so only "
    "the XSD profile reports it)", protocol=None, google=None)
TOO_MANY = rule("limit-entries", E, PROTOCOL,
                "at most 50,000 entries per file (split it on export)")
TOO_BIG = rule("limit-bytes", E, PROTOCOL,
               "at most 52,428,800 bytes uncompressed per file (split it on export)")
EMPTY = rule("structure-no-entries", W, PROTOCOL, "a sitemap lists at least one entry",
             xsd=E)
URL_IN_INDEX = rule("index-url-entry", E, PROTOCOL,
                    "a sitemap index lists <sitemap> entries, never <url>")
SITEMAP_IN_URLSET = rule("urlset-sitemap-entry", E, PROTOCOL,
                         "a urlset lists <url> entries; <sitemap> belongs in an index")
INDEX_CHILD = rule("index-unexpected-child", E, XSD,
                   "an index entry has only <loc> and <lastmod> (no priority or changefreq)")
INDEX_OF_INDEX = rule("index-lists-index", E, PROTOCOL,
                      "an index lists sitemaps, not other indexes (checked within a project)")
SELF_REFERENCE = rule("index-self-reference", E, PROTOCOL, "an index does not list itself")
ESCAPES = rule("index-child-escapes", E, STUDIO,
               "child locations stay inside the export folder (no '..', no encoded slashes)")

#: Codes the reader produces, registered so that docs/rules.md lists them too.
READER_RULES = {
    "namespace-missing": ("the root declares the sitemaps.org 0.9 namespace", E, PROTOCOL),
    "namespace-near-miss": ("the namespace is exactly http://www.sitemaps.org/schemas/sitemap/0.9",
                            E, PROTOCOL),
    "namespace-wrong": ("the root element is in the sitemaps.org namespace", E, PROTOCOL),
    "unknown-element": ("no unknown elements between entries in the sitemap namespace", E, XSD),
    "text-line-not-url": ("a text sitemap holds one URL per line and nothing else", W, PROTOCOL),
    "text-no-urls": ("a text sitemap holds at least one URL", E, PROTOCOL),
    "gzip-name-mismatch": ("a .gz name is really gzip-compressed", W, STUDIO),
    "gzip-unnamed": ("gzip files are named .gz", N, STUDIO),
    "gzip-trailing-bytes": ("nothing follows the gzip stream", W, STUDIO),
    "encoding-not-utf8": ("sitemaps are UTF-8 encoded", N, PROTOCOL),
    "encoding-declaration-mismatch": ("the declared encoding matches the bytes", W, XML),
    "encoding-not-reversible": ("the encoding can be written back unchanged", W, STUDIO),
    "robots-field-spacing": ("'Sitemap:' is written without a blank before the colon", N, STUDIO),
    "feed-rss": ("an RSS feed is imported as a new urlset", N, PROTOCOL),
    "feed-atom": ("an Atom feed is imported as a new urlset", N, PROTOCOL),
    "feed-item-without-link": ("every feed item has a link", N, STUDIO),
}
for _code, (_checks, _severity, _source) in READER_RULES.items():
    rule(_code, _severity, _source, _checks)
#: Codes the reader produces that the XSD profile makes errors: code -> (checks, severity,
#: source) under the other profiles.
_READER_XSD_ERRORS = {
    "stray-text": ("no text between entries (element-only content)", W, XSD),
    "element-between-entries": (
        "elements of other namespaces come before the first entry, never between or after "
        "entries, and an element in no namespace nowhere (the XSD's ##other wildcard; "
        "crawlers ignore them anywhere)", N, XSD),
    "namespace-obsolete": (
        "not Google's retired 0.84 namespace (the XSD declares urlset and sitemapindex only in "
        "the 0.9 namespace)", W, PROTOCOL),
    "root-attribute": (
        "no attributes on <urlset> or <sitemapindex> besides namespace declarations and "
        "xsi: schema hints (version=, generatedBy=: the XSD declares none; crawlers ignore "
        "them)", N, XSD),
    "entry-no-namespace": (
        "entries are in the sitemaps.org namespace: a <url xmlns=\"\"> (an entry in no "
        "namespace) is not an entry, and crawlers drop it", W, PROTOCOL),
}
READER_RULES_BY_PROFILE = {
    code: rule(code, severity, source, checks, xsd=E)
    for code, (checks, severity, source) in _READER_XSD_ERRORS.items()}

_NOTE_RULES = {"missing": MISSING, "repeated": REPEATED, "unknown": UNKNOWN, "order": ORDER,
               "attribute": ATTRIBUTE, "nested": NESTED, "text": STRAY_TEXT, "mixed": MIXED,
               "foreign-attribute": FOREIGN_ATTRIBUTE, "extension": EXTENSION_UNKNOWN,
               "undeclared": UNDECLARED, "no-namespace": UNDECLARED}
_EXTENSION_FIELDS = {"image": "images", "video": "videos", "news": "news"}
_ENCODED_SEPARATORS = re.compile(r"%2f|%5c|%2e%2e", re.IGNORECASE)


def check_notes(notes: tuple[StructureNote, ...], element: str, report: Reporter,
                ctx: ValidationContext) -> None:
    """Turn the reader's structure notes about one entry into findings."""
    for note in notes:
        if note.kind == "unknown" and element == "sitemap" and note.name in (
                "priority", "changefreq"):
            report(INDEX_CHILD, f"<{note.name}> is not allowed in a sitemap index entry",
                   field=note.name, line=note.line)
            continue
        found = _NOTE_RULES.get(note.kind)
        if found is None:
            continue
        # An attribute of the entry itself is about the entry, whatever field it names.
        on_entry = note.kind in ("attribute", "foreign-attribute") and "@" not in note.name
        report(found, _note_message(note), field=_note_field(note), line=note.line,
               element="" if on_entry else _note_element(note))


def _note_field(note: StructureNote) -> str | None:
    """The field a note is about: a protocol child, an extension list, or none."""
    if note.kind in ("foreign-attribute", "undeclared", "no-namespace"):
        return None
    if note.kind == "extension":
        return _EXTENSION_FIELDS.get(note.name.partition(":")[0])
    return note.name.split("@")[0]


def _note_element(note: StructureNote) -> str | None:
    """The element a note points at, when its field does not say (an unknown element)."""
    if note.kind in ("undeclared", "no-namespace", "extension", "unknown"):
        return note.name
    return None


def _note_message(note: StructureNote) -> str:
    name = note.name
    return {
        "missing": f"the entry has no <{name}>",
        "repeated": f"<{name}> appears more than once; only the first is used",
        "unknown": f"unknown element <{name}> in the sitemap namespace",
        "order": f"<{name}> is out of schema order (loc, lastmod, changefreq, priority, then "
                 "extensions)",
        "attribute": f"attribute '{name}' is not allowed on sitemap elements",
        "nested": f"a <{name}> inside another entry is not allowed (and is not read as an entry)",
        "text": "stray text inside the entry, outside any value element",
        "mixed": f"<{name}> contains markup; its value must be plain text",
        "foreign-attribute": f"attribute '{name}' on the entry: the XSD allows no attributes "
                             "on <url> or <sitemap> (crawlers ignore it)",
        "extension": f"<{name}> is not part of Google's {name.partition(':')[0]} extension; "
                     "ignored (the XSD does not allow it)",
        "undeclared": f"<{name}> is in a namespace no official schema declares: the XSD's "
                      "wildcard is strict and rejects it (crawlers ignore it)",
        "no-namespace": f"<{name}> is in no namespace: the XSD allows only elements of other "
                        "namespaces here (crawlers ignore it)",
    }.get(note.kind, name)


def check_entry_kind(entry_element: str, report: Reporter, ctx: ValidationContext) -> None:
    """A <url> in an index, or a <sitemap> in a urlset."""
    if ctx.kind == DocumentKind.INDEX and entry_element == "url":
        report(URL_IN_INDEX, "a <url> entry inside a sitemap index: an index lists <sitemap> "
                             "entries (was this meant to be a urlset?)")
    elif ctx.kind == DocumentKind.URLSET and entry_element == "sitemap":
        report(SITEMAP_IN_URLSET, "a <sitemap> entry inside a urlset: move it to a sitemap index")


def check_index_entry(loc: str | None, report: Reporter, ctx: ValidationContext) -> None:
    """Rules only an index entry has: self-reference, index of index, safe child names."""
    if not loc:
        return
    if ctx.sitemap_url and loc.rstrip("/") == ctx.sitemap_url.rstrip("/"):
        report(SELF_REFERENCE, "the index lists itself", field="loc")
    name = posixpath.basename(urlsplit(loc).path) if "://" in loc else posixpath.basename(loc)
    if loc in ctx.project_indexes or (name and name in ctx.project_indexes):
        report(INDEX_OF_INDEX, f"{loc} is a sitemap index in this project: an index may not "
                               "list another index", field="loc")
    path = urlsplit(loc).path if "://" in loc else loc
    segments = unquote(path).replace("\\", "/").split("/")
    if ".." in segments or _ENCODED_SEPARATORS.search(path) or "\\" in path:
        report(ESCAPES, f"the child location {loc!r} would lead outside the export folder "
                        "('..' or an encoded separator in its path)", field="loc")


def published_size(document: SitemapDocument) -> int:
    """Bytes a crawler downloads for ``document`` (uncompressed, in the file's own encoding).

    Exact for a file as read; after edits, the change in UTF-8 bytes is scaled by the
    ratio the file had when read (a UTF-16 file takes about twice its UTF-8 size).
    """
    source = document.source
    utf8_size = document.uncompressed_size
    if not (source.published_size and source.read_utf8_size) or source.encoding.name in (
            "utf-8", "ascii"):
        return utf8_size + len(source.encoding.bom)
    ratio = source.published_size / source.read_utf8_size
    return source.published_size + round((utf8_size - source.read_utf8_size) * ratio)


def file_findings(kind: DocumentKind, entries: int, size: int, ctx: ValidationContext,
                  fmt: SourceFormat) -> list[Finding]:
    """Findings about the file as a whole: entry count, size, emptiness."""
    report = Reporter(ctx.profile)
    if entries > PROTOCOL_MAX_URLS:
        report(TOO_MANY, f"{entries:,} entries: the protocol allows at most 50,000 per file; "
                         "export splits it into several files with an index")
    if size > PROTOCOL_MAX_BYTES:
        report(TOO_BIG, f"{size:,} bytes uncompressed: the protocol allows at most 52,428,800 "
                        "(50 MiB; some tools wrongly use 50,000,000); export splits it")
    if fmt in (SourceFormat.TEXT, SourceFormat.FEED):
        what = "a text list of URLs" if fmt == SourceFormat.TEXT else "an RSS or Atom feed"
        report(NOT_XML, f"this is {what}, not an XML <urlset> or <sitemapindex>: the "
                        "sitemaps.org XSDs cannot validate it (export it as XML to check it)")
    if entries == 0 and fmt == SourceFormat.XML:
        report(EMPTY, f"the {kind.value} lists no entries")
    return report.findings


def reader_finding(finding: Finding, profile: Profile = Profile.PROTOCOL) -> Finding | None:
    """A finding from the reader, with the severity under ``profile`` and the source its
    registered rule names; ``None`` when the rule is off under ``profile``."""
    registered = RULES.get(finding.code)
    if registered is None:
        return finding
    severity = registered.severity_for(profile)
    if severity is None:
        return None
    if registered.source == finding.source and severity == finding.severity:
        return finding
    return Finding(severity, finding.code, finding.message, finding.entry,
                   finding.field, finding.line, finding.column, registered.source, finding.fix)


def reader_findings(findings: list[Finding], profile: Profile) -> list[Finding]:
    """:func:`reader_finding` for each of the reader's findings, leaving out those off."""
    return [found for found in (reader_finding(f, profile) for f in findings)
            if found is not None]
