"""Every document Sitemap Studio writes validates against the official XSDs.

New documents from generated entries (protocol fields, images, video, news, alternates),
conversions of the corpus files to .xml and .txt and back (a conversion adds no XSD error
the original did not have; a file without entries converts to an empty urlset), and a
property test: generated entries written with ``new_xml_document`` read back field by
field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

import pytest
from helpers.shared_data import MISSING, DataSources, corpus_params, plain_bytes
from helpers.xsd_oracle import ProfileOracle, XsdOracle
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import (
    CHANGEFREQ_VALUES,
    Alternate,
    DocumentKind,
    Entry,
    Image,
    News,
    Price,
    Video,
)
from sitemap_studio.core.reading.loader import open_bytes, open_document
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.core.writing.snapshots import save_document
from sitemap_studio.core.writing.xml_writer import new_xml_document

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
#: Picked from the corpus MANIFEST.tsv at collection time (the not-well-formed file is
#: tested in test_corpus.py: it is refused, so there is nothing to convert).
CORPUS_WITH_ENTRIES = corpus_params(entries=True)
CORPUS_WITHOUT_ENTRIES = corpus_params(entries=False)
COMPARED = ("loc", "lastmod", "changefreq", "priority", "images", "videos", "news",
            "alternates", "mobile", "element")


@pytest.fixture
def corpus_dir(data_sources: DataSources, source: str, name: str) -> Path:
    """The folder of the case's corpus (a missing shared corpus skips, or fails in CI)."""
    assert name != MISSING or source == "shared"
    return data_sources.corpus(source)


def fields_of(entry: Entry) -> dict[str, object]:
    """What must survive a write and a read (not ids, raw text or structure notes)."""
    return {name: getattr(entry, name) for name in COMPARED}


def assert_reads_back(data: bytes, entries: list[Entry]) -> None:
    document = open_bytes(data, "written.xml")
    assert len(document) == len(entries)
    for row, expected in enumerate(entries):
        assert fields_of(document.entry_at(row)) == fields_of(expected), f"row {row}"


# --- the oracle is not vacuous ----------------------------------------------------------------


def urlset(body: str, extra_ns: str = "") -> bytes:
    return f'<urlset xmlns="{SM}"{extra_ns}><url>{body}</url></urlset>'.encode()


def test_the_oracle_accepts_valid_documents(xsd_oracle: XsdOracle) -> None:
    assert xsd_oracle.validate(urlset("<loc>https://example.com/</loc>")) == []
    index = f'<sitemapindex xmlns="{SM}"><sitemap><loc>https://example.com/s.xml</loc>' \
            "<lastmod>2024-01-01</lastmod></sitemap></sitemapindex>"
    assert xsd_oracle.validate(index.encode()) == []
    link = '<loc>https://example.com/</loc><xhtml:link rel="alternate" hreflang="de" ' \
           'href="https://example.com/de"/>'
    xhtml = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'
    assert xsd_oracle.validate(urlset(link, xhtml)) == []


@pytest.mark.parametrize("body", [
    "<loc>https://example.com/</loc><priority>1.5</priority>",
    "<loc>https://example.com/</loc><changefreq>Daily</changefreq>",
    "<lastmod>2024-01-01</lastmod><loc>https://example.com/</loc>",
    "<loc>https://example.com/</loc><acme:x xmlns:acme='urn:acme'/>",
    "<loc>https://example.com/</loc><video:video xmlns:video="
    "'http://www.google.com/schemas/sitemap-video/1.1'><video:thumbnail_loc>"
    "https://example.com/t.jpg</video:thumbnail_loc></video:video>",
])
def test_the_oracle_rejects_invalid_documents(xsd_oracle: XsdOracle, body: str) -> None:
    assert xsd_oracle.validate(urlset(body)) != []


# --- new documents from generated entries -----------------------------------------------------

URL = "https://example.com/page?a=1&b=<2>"
IMAGE = Image(loc="https://example.com/i.jpg", caption="Caption & <co>", title="Title é",
              geo_location="Berlin, Germany", license="https://example.com/licence")
VIDEO_REQUIRED = Video(thumbnail_loc="https://example.com/t.jpg", title="A & B",
                       description="Described <here>", content_loc="https://example.com/v.mp4")
VIDEO_FULL = replace(
    VIDEO_REQUIRED, player_loc="https://example.com/player?id=1&x=2",
    player_loc_allow_embed="yes", player_loc_autoplay="ap=1", duration="600",
    expiration_date="2030-01-01", rating="4.5", view_count="12345",
    publication_date="2024-01-15T10:30:00+01:00", family_friendly="yes", restriction="DE FR",
    restriction_relationship="allow", platform="web tv", platform_relationship="deny",
    requires_subscription="no", uploader="Uploader", uploader_info="https://example.com/u",
    live="no", tags=("grill", "summer"), category="Cooking",
    gallery_loc="https://example.com/gallery",
    prices=(Price("1.99", "EUR", "rent", "HD"), Price("9.99", "USD", "purchase", "SD")))
NEWS = News(publication_name="The Daily & Co", publication_language="de",
            publication_date="2024-01-15T10:30:00+01:00", title="Launch <today>",
            keywords="launch, widget", genres="Blog, Opinion", stock_tickers="NASDAQ:AMZN",
            access="Subscription")
ALTERNATES = (Alternate(rel="alternate", hreflang="de", href="https://example.com/de"),
              Alternate(rel="alternate", hreflang="x-default", href="https://example.com/"))
PROTOCOL = Entry(loc=URL, lastmod="2024-01-15T10:30:00+01:00", changefreq="weekly",
                 priority="0.8")

GENERATED: dict[str, tuple[list[Entry], DocumentKind]] = {
    "protocol-fields": ([PROTOCOL, Entry(loc="https://example.com/only-loc"),
                         Entry(loc="https://example.com/ü/日本", lastmod="2024-02-29")],
                        DocumentKind.URLSET),
    "index": ([Entry(loc="https://example.com/s1.xml", lastmod="2024-01-01", element="sitemap"),
               Entry(loc="https://example.com/s2.xml?a=1&b=2", element="sitemap")],
              DocumentKind.INDEX),
    "images": ([replace(PROTOCOL, images=(IMAGE, Image(loc="https://example.com/2.png"))),
                Entry(loc="https://example.com/b", images=(IMAGE,))], DocumentKind.URLSET),
    "video-required": ([Entry(loc=URL, videos=(VIDEO_REQUIRED,))], DocumentKind.URLSET),
    "video-player-only": ([Entry(loc=URL, videos=(replace(
        VIDEO_REQUIRED, content_loc=None, player_loc="https://example.com/p"),))],
        DocumentKind.URLSET),
    "video-full": ([replace(PROTOCOL, videos=(VIDEO_FULL, VIDEO_REQUIRED))],
                   DocumentKind.URLSET),
    "news": ([Entry(loc=URL, news=(NEWS,)),
              Entry(loc="https://example.com/n2", news=(News(
                  publication_name="P", publication_language="en",
                  publication_date="2024-01-15", title="T"),))], DocumentKind.URLSET),
    "alternates": ([Entry(loc="https://example.com/", alternates=ALTERNATES)],
                   DocumentKind.URLSET),
    "mobile": ([Entry(loc="https://example.com/m", mobile=True)], DocumentKind.URLSET),
    "everything": ([replace(PROTOCOL, images=(IMAGE,), videos=(VIDEO_FULL,), news=(NEWS,),
                            alternates=ALTERNATES, mobile=True),
                    Entry(loc="https://example.com/plain")], DocumentKind.URLSET),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_new_documents_validate_and_read_back(xsd_oracle: XsdOracle, name: str) -> None:
    entries, kind = GENERATED[name]
    data = new_xml_document(entries, kind)
    xsd_oracle.assert_valid(data, name)
    if kind == DocumentKind.INDEX:
        entries = [replace(e, changefreq=None, priority=None) for e in entries]
    assert_reads_back(data, entries)


# --- conversions of the valid corpus files ----------------------------------------------------


LINE_COLUMN = re.compile(r"^\d+:\d+: ")
#: A schema error about one element's value: the element and the value, as the oracle says.
VALUE_ERROR = re.compile(r"^Element '(?P<element>[^']+)': (?:\[facet '\w+'\] The value "
                         r"'(?P<faceted>.*)' (?:is|has)|'(?P<value>.*)' is not a valid value)")


def schema_errors(xsd_oracle: XsdOracle, data: bytes) -> set[str]:
    """The oracle's errors without their ``line:column:`` (lines move when a file is rewritten)."""
    return {LINE_COLUMN.sub("", error) for error in xsd_oracle.validate(data)}


def element_values(data: bytes) -> set[tuple[str, str]]:
    """(``{namespace}name``, text) of every element, text as is and stripped."""
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True)
    found = set()
    for element in etree.fromstring(data, parser).iter():
        if isinstance(element.tag, str):
            text = "".join(element.itertext()) if len(element) == 0 else (element.text or "")
            found |= {(element.tag, text), (element.tag, text.strip())}
    return found


@dataclass(frozen=True)
class Original:
    """What an original document got wrong: its schema errors and its element values."""

    errors: set[str]
    values: set[tuple[str, str]]

    def new_errors(self, xsd_oracle: XsdOracle, data: bytes) -> list[str]:
        """Errors of ``data`` the original did not have.

        Not new: an error the original had, or - when the original is invalid - an error
        about a value the original holds verbatim in the same element. libxml2 does not
        validate what follows a misplaced element, so a value the original got wrong may
        show only once a conversion puts the elements in order; keeping the user's text
        is right, so that error is the original's, not the conversion's.
        """
        errors = schema_errors(xsd_oracle, data) - self.errors
        if not self.errors:
            return sorted(errors)
        return sorted(error for error in errors if not self.holds(error))

    def holds(self, error: str) -> bool:
        found = VALUE_ERROR.match(error)
        if not found:
            return False
        value = found["faceted"] if found["faceted"] is not None else found["value"]
        return (found["element"], value) in self.values


def original_of(xsd_oracle: XsdOracle, document: SitemapDocument, path: Path) -> Original:
    """A text original has no XML to be invalid: what is written from it must validate.

    The file's own bytes are judged (``document.raw`` is UTF-8 even when the file is not)."""
    if document.source.format != "xml":
        return Original(set(), set())
    data = plain_bytes(path.read_bytes())
    return Original(schema_errors(xsd_oracle, data), element_values(data))


def assert_no_new_errors(xsd_oracle: XsdOracle, data: bytes, original: Original,
                         what: str) -> None:
    new = original.new_errors(xsd_oracle, data)
    assert new == [], f"{what} has XSD errors the original did not have:\n" + "\n".join(
        new[:20])


def without_untyped_content(entry: Entry) -> Entry:
    """``entry`` as a document written from entries holds it.

    An entry carries ``video:tvshow`` only as the flag ``has_tvshow``: the content is not
    typed and lives in the original XML alone (see ``Video`` in core/model/entries.py), so a new
    document written from entries has no tvshow to read back.
    """
    return replace(entry, videos=tuple(replace(v, has_tvshow=False) for v in entry.videos))


@pytest.mark.parametrize(("source", "name"), CORPUS_WITH_ENTRIES)
def test_corpus_conversions_add_no_xsd_errors(
        corpus_dir: Path, tmp_path: Path, xsd_oracle: XsdOracle, name: str) -> None:
    """Every conversion of a valid file is valid; one of an invalid file adds no error."""
    document = open_document(corpus_dir / name)
    entries = list(document.entries())
    assert entries, "MANIFEST.tsv lists entries for this file"
    original = original_of(xsd_oracle, document, corpus_dir / name)
    as_xml = tmp_path / "converted.xml"
    save_document(document, as_xml, OutputFormat.XML)
    assert_no_new_errors(xsd_oracle, as_xml.read_bytes(), original, "saved as .xml")

    rewritten = new_xml_document(entries, document.kind)
    assert_no_new_errors(xsd_oracle, rewritten, original, "entries written as a new document")
    assert_reads_back(rewritten, [without_untyped_content(e) for e in entries])

    as_text = tmp_path / "converted.txt"
    save_document(document, as_text, OutputFormat.TEXT)
    from_text = open_document(as_text)
    assert [e.loc for e in from_text.entries()] == [e.loc for e in entries if e.loc]
    back = tmp_path / "back.xml"
    save_document(from_text, back, OutputFormat.XML)
    assert_no_new_errors(xsd_oracle, back.read_bytes(), original,
                         "converted to .txt and back to .xml")
    assert [e.loc for e in open_document(back).entries()] == [e.loc for e in entries if e.loc]


@pytest.mark.parametrize(("source", "name"), CORPUS_WITHOUT_ENTRIES)
def test_corpus_file_without_entries_converts_to_an_empty_urlset(
        corpus_dir: Path, tmp_path: Path, xsd_oracle: XsdOracle, name: str) -> None:
    """Nothing is invented: the only XSD error is the urlset's missing ``<url>``."""
    document = open_document(corpus_dir / name)
    assert len(document) == 0
    as_xml = tmp_path / "converted.xml"
    save_document(document, as_xml, OutputFormat.XML)
    for data, what in ((as_xml.read_bytes(), "saved as .xml"),
                       (new_xml_document([], document.kind), "written as a new document")):
        assert len(open_bytes(data, "converted.xml")) == 0, what
        errors = schema_errors(xsd_oracle, data)
        assert len(errors) == 1, f"{what}: {errors}"
        error = errors.pop()
        if isinstance(xsd_oracle, ProfileOracle):  # without ../shared: our own verdict
            assert "structure-no-entries: " in error, what
        else:
            assert error.startswith(f"Element '{{{SM}}}urlset': Missing child element"), what
    as_text = tmp_path / "converted.txt"
    save_document(document, as_text, OutputFormat.TEXT)
    assert len(open_document(as_text)) == 0


# --- property: what we write reads back ------------------------------------------------------

HOSTS = ("example.com", "bücher.example", "a-b.example.org")
#: Path pieces: characters (incl. & < > and non-ASCII) and well-formed percent escapes.
PATH_PIECES = (*"abcXYZ019-_.~/?=&<>éü日€", "%20", "%7E", "%E2%82%AC")
TEXT_CHARS = "abc XYZ 019&<>'\"éü日€-"


def text_values() -> st.SearchStrategy[str]:
    """Non-empty text without leading or trailing blanks (readers trim XML whitespace)."""
    return st.text(TEXT_CHARS, min_size=1, max_size=20).map(str.strip).filter(bool)


def urls() -> st.SearchStrategy[str]:
    return st.builds(lambda scheme, host, path: f"{scheme}://{host}/{path}",
                     st.sampled_from(("http", "https")), st.sampled_from(HOSTS),
                     st.lists(st.sampled_from(PATH_PIECES), max_size=16).map("".join))


def w3c_dates() -> st.SearchStrategy[str]:
    day = st.dates(min_value=date(1995, 1, 1), max_value=date(2099, 12, 31))
    zones = st.sampled_from(("Z", "+00:00", "+05:30", "-08:00"))
    times = st.builds(lambda d, h, m, s, z: f"{d.isoformat()}T{h:02d}:{m:02d}:{s:02d}{z}",
                      day, st.integers(0, 23), st.integers(0, 59), st.integers(0, 59), zones)
    return st.one_of(day.map(lambda d: d.isoformat()), times)


images = st.builds(Image, loc=urls(), caption=st.none() | text_values(),
                   title=st.none() | text_values())
entries = st.builds(
    Entry, loc=urls(), lastmod=st.none() | w3c_dates(),
    changefreq=st.none() | st.sampled_from(CHANGEFREQ_VALUES),
    priority=st.none() | st.integers(0, 10).map(lambda n: f"{n / 10:.1f}"),
    images=st.lists(images, max_size=3).map(tuple))


@settings(max_examples=100, deadline=None)
@given(generated=st.lists(entries, min_size=1, max_size=5))
def test_written_entries_read_back_and_validate(
        xsd_oracle: XsdOracle, generated: list[Entry]) -> None:
    data = new_xml_document(generated, DocumentKind.URLSET)
    assert_reads_back(data, generated)
    xsd_oracle.assert_valid(data, "generated document")
