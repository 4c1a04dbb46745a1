"""The strict-XSD profile where it departs from the protocol and Google profiles.

Each rule added so that the XSD profile agrees with the official XSDs (see
tests/conformance/test_xsd_differential.py) is tested both ways: the case the XSD
rejects is flagged with the rule's severity under each profile (an error under
``xsd``; off, a notice or a warning elsewhere), and the nearest case the XSD accepts
is not flagged at all. The official XSDs (``../shared/schemas``) confirm each verdict.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from helpers.xsd_oracle import RecordedOracle, XsdOracle

from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.context import ValidationContext
from sitemap_studio.core.validation.engine import validate_document
from sitemap_studio.core.validation.registry import RULES, Profile
from sitemap_studio.core.validation.rules_doc import render

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
PROTOCOL, XSD, GOOGLE = Profile.PROTOCOL, Profile.XSD, Profile.GOOGLE
NOW = datetime(2025, 6, 20, 12, 0, tzinfo=UTC)

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO = "http://www.google.com/schemas/sitemap-video/1.1"
NEWS = "http://www.google.com/schemas/sitemap-news/0.9"
LOC = "<loc>https://example.com/page</loc>"
LOC2 = "<loc>https://example.com/other</loc>"
IMG_LOC = "<image:loc>https://example.com/photo.jpg</image:loc>"
VIDEO_HEAD = ("<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>"
              "<video:title>T</video:title><video:description>D</video:description>"
              "<video:content_loc>https://example.com/m.mp4</video:content_loc>")
PUBLICATION = ("<news:publication><news:name>N</news:name><news:language>en</news:language>"
               "</news:publication>")


@pytest.fixture(scope="module")
def oracle(fixed_xsd_oracle: RecordedOracle) -> RecordedOracle:
    return fixed_xsd_oracle


def invalid(oracle: XsdOracle, data: bytes) -> bool:
    return oracle.validate(data) != []


def urlset(*entries: str) -> bytes:
    body = "".join(f"\n  {entry}" for entry in entries)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}" '
            f'xmlns:image="{IMAGE}" xmlns:video="{VIDEO}" xmlns:news="{NEWS}">{body}\n'
            "</urlset>\n").encode()


def sitemapindex(*entries: str) -> bytes:
    body = "".join(f"\n  {entry}" for entry in entries)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{SM}">{body}\n'
            "</sitemapindex>\n").encode()


def found(data: bytes, profile: Profile) -> list[tuple[str, Severity]]:
    document = open_bytes(data, "test.xml")
    # The site is set, as a user publishing example.com would: no site-placeholder-host.
    context = ValidationContext(profile=profile, now=NOW, site_url="https://example.com")
    return [(f.code, f.severity) for f in validate_document(document, context).findings()]


def severities(data: bytes, code: str) -> dict[Profile, list[Severity]]:
    """The severities ``code`` is reported with in ``data``, per profile."""
    return {profile: [severity for found_code, severity in found(data, profile)
                      if found_code == code] for profile in Profile}


def video(*children: str) -> str:
    return f"<url>{LOC}<video:video>{''.join(children)}</video:video></url>"


def news(inner: str) -> str:
    return f"<url>{LOC}<news:news>{inner}</news:news></url>"


# --- the registry ----------------------------------------------------------------------------

NEW_RULES = {
    "changefreq-padded": (None, E, None),
    "extension-value-padded": (None, E, None),
    "structure-foreign-attribute": (None, E, None),
    "stray-text": (W, E, W),
    "element-between-entries": (N, E, N),
    "extension-unknown-element": (W, E, W),
    "image-structure": (N, E, N),
    "video-structure": (N, E, N),
    "news-structure": (N, E, N),
}


@pytest.mark.parametrize("code", list(NEW_RULES))
def test_rules_have_a_severity_per_profile_a_source_and_a_description(code: str) -> None:
    rule = RULES[code]
    expected = dict(zip((PROTOCOL, XSD, GOOGLE), NEW_RULES[code], strict=True))
    assert {profile: rule.severity_for(profile) for profile in Profile} == expected
    assert rule.source.value == "sitemaps.org XSD"
    assert rule.checks.strip()
    assert f"`{code}`" in render()


# --- 1. loc length, whatever else is wrong with the location ---------------------------------


@pytest.mark.parametrize(("loc", "other", "length"), [
    ("ftp://a.bcd", "loc-unsupported-scheme", "loc-xsd-min-length"),
    ("//a.example", "loc-not-absolute", "loc-xsd-min-length"),
    ("https://", "loc-no-host", "loc-xsd-min-length"),
    ("ftp://example.com/" + "a" * 2031, "loc-unsupported-scheme", "loc-xsd-max-length"),
    ("/" + "a" * 2048, "loc-not-absolute", "loc-xsd-max-length"),
])
def test_length_facets_are_checked_behind_another_loc_error(oracle: XsdOracle, loc: str,
                                                            other: str, length: str) -> None:
    data = urlset(f"<url><loc>{loc}</loc></url>")
    assert invalid(oracle, data)
    assert severities(data, length) == {PROTOCOL: [], XSD: [E], GOOGLE: []}
    assert severities(data, other)[XSD] == [E]
    index = sitemapindex(f"<sitemap><loc>{loc}</loc></sitemap>")
    assert severities(index, length)[XSD] == [E]


@pytest.mark.parametrize("loc", ["ftp://example.com/file", "mailto:someone@example.com",
                                 "/relative/path", "ftp://example.com/" + "a" * 2030])
def test_a_location_within_the_length_facets_gets_no_length_finding(oracle: XsdOracle,
                                                                     loc: str) -> None:
    assert not invalid(oracle, urlset(f"<url><loc>{loc}</loc></url>"))
    codes = {code for profile in Profile for code, _ in found(urlset(f"<url><loc>{loc}</loc>"
                                                                    "</url>"), profile)}
    assert not codes & {"loc-xsd-min-length", "loc-xsd-max-length"}


# --- 2. a padded changefreq ------------------------------------------------------------------


@pytest.mark.parametrize("text", [" daily ", "daily\n", "never ", "\tweekly"])
def test_padded_changefreq_is_an_xsd_error_and_a_notice_elsewhere(oracle: XsdOracle,
                                                                  text: str) -> None:
    data = urlset(f"<url>{LOC}<changefreq>{text}</changefreq></url>")
    assert invalid(oracle, data)
    assert severities(data, "changefreq-padded") == {PROTOCOL: [], XSD: [E], GOOGLE: []}
    assert severities(data, "value-whitespace") == {PROTOCOL: [N], XSD: [], GOOGLE: [N]}
    assert all(not severities(data, "changefreq-invalid")[profile] for profile in Profile)


@pytest.mark.parametrize("text", ["daily", "<![CDATA[daily]]>"])
def test_an_unpadded_changefreq_is_clean_under_the_xsd(oracle: XsdOracle, text: str) -> None:
    data = urlset(f"<url>{LOC}<changefreq>{text}</changefreq></url>")
    assert not invalid(oracle, data)
    assert "changefreq-padded" not in {code for code, _ in found(data, XSD)}


def test_a_padded_invalid_changefreq_gets_both_errors_under_the_xsd() -> None:
    data = urlset(f"<url>{LOC}<changefreq> Daily </changefreq></url>")
    assert ("changefreq-padded", E) in found(data, XSD)
    assert ("changefreq-invalid", E) in found(data, XSD)


def test_padded_lastmod_and_priority_stay_notices_under_the_xsd() -> None:
    data = urlset(f"<url>{LOC}<lastmod> 2024-01-15 </lastmod><priority> 0.5 </priority></url>")
    assert found(data, XSD) == [("value-whitespace", N), ("value-whitespace", N)]


# --- 3. padded extension values ---------------------------------------------------------------


@pytest.mark.parametrize("data", [
    urlset(video(VIDEO_HEAD, "<video:family_friendly> yes </video:family_friendly>")),
    urlset(video(VIDEO_HEAD, "<video:live>no\n</video:live>")),
    urlset(video(VIDEO_HEAD, '<video:platform relationship="allow"> web tv</video:platform>')),
    urlset(news("<news:publication><news:name>N</news:name><news:language> en </news:language>"
                "</news:publication><news:publication_date>2024-01-15</news:publication_date>"
                "<news:title>T</news:title>")),
], ids=["family_friendly", "live", "platform", "news-language"])
def test_padded_enumeration_and_pattern_values_are_xsd_errors_only(oracle: XsdOracle,
                                                                   data: bytes) -> None:
    assert invalid(oracle, data)
    assert severities(data, "extension-value-padded") == {PROTOCOL: [], XSD: [E], GOOGLE: []}
    assert all(severity is not E for profile in (PROTOCOL, GOOGLE)
               for code, severity in found(data, profile) if code.startswith(("video", "news")))


@pytest.mark.parametrize("data", [
    urlset(video(VIDEO_HEAD, "<video:family_friendly>yes</video:family_friendly>")),
    urlset(video(VIDEO_HEAD.replace("<video:title>T<", "<video:title> T <"))),
    urlset(news("<news:publication><news:name> N </news:name><news:language>en</news:language>"
                "</news:publication><news:publication_date> 2024-01-15 </news:publication_date>"
                "<news:title> T </news:title>")),
], ids=["unpadded", "padded-plain-string", "padded-news-strings-and-date"])
def test_padding_the_xsd_type_ignores_is_not_reported(oracle: XsdOracle, data: bytes) -> None:
    assert not invalid(oracle, data)
    assert severities(data, "extension-value-padded") == {PROTOCOL: [], XSD: [], GOOGLE: []}


def test_a_padded_title_counts_its_blanks_under_the_xsd_only(oracle: XsdOracle) -> None:
    too_long = urlset(video(VIDEO_HEAD.replace("<video:title>T<",
                                               f"<video:title> {'x' * 100} <")))
    assert invalid(oracle, too_long)
    assert severities(too_long, "video-title-too-long") == {PROTOCOL: [], XSD: [E], GOOGLE: []}
    fits = urlset(video(VIDEO_HEAD.replace("<video:title>T<", f"<video:title> {'x' * 99}<")))
    assert not invalid(oracle, fits)
    assert severities(fits, "video-title-too-long") == {PROTOCOL: [], XSD: [], GOOGLE: []}


def test_the_reader_records_which_extension_values_were_padded() -> None:
    data = urlset(f"<url>{LOC}<image:image><image:loc> https://example.com/p.jpg\n</image:loc>"
                  "</image:image>" + news(f"{PUBLICATION.replace('>en<', '> en<')}"
                                          "<news:publication_date>2024-01-15"
                                          "</news:publication_date><news:title>T</news:title>"
                                          ).removeprefix(f"<url>{LOC}"))
    entry = open_bytes(data).entry_at(0)
    assert entry.images[0].padded == (("loc", 2),)
    assert entry.news[0].padded == (("publication_language", 1),)
    assert entry.news[0].publication_language == "en"


# --- 4. '-0' is an xsd:nonNegativeInteger ----------------------------------------------------


def test_minus_zero_duration_is_zero(oracle: XsdOracle) -> None:
    data = urlset(video(VIDEO_HEAD, "<video:duration>-0</video:duration>"))
    assert not invalid(oracle, data)
    assert severities(data, "video-duration-invalid") == {PROTOCOL: [], XSD: [], GOOGLE: []}
    assert severities(data, "video-duration-zero") == {PROTOCOL: [E], XSD: [N], GOOGLE: [E]}


def test_minus_zero_view_count_is_valid_but_negative_ones_are_not(oracle: XsdOracle) -> None:
    zero = urlset(video(VIDEO_HEAD, "<video:view_count>-0</video:view_count>"))
    assert not invalid(oracle, zero)
    assert severities(zero, "video-view-count-invalid") == {PROTOCOL: [], XSD: [], GOOGLE: []}
    negative = urlset(video(VIDEO_HEAD, "<video:view_count>-1</video:view_count>"))
    assert invalid(oracle, negative)
    assert severities(negative, "video-view-count-invalid") == {p: [E] for p in Profile}
    duration = urlset(video(VIDEO_HEAD, "<video:duration>-1</video:duration>"))
    assert severities(duration, "video-duration-invalid") == {p: [E] for p in Profile}


# --- 6. comments and processing instructions inside values -----------------------------------


@pytest.mark.parametrize("inner", ["https://example.com/<!-- c -->page",
                                   "https://example.com/<?pi x?>page"])
def test_comments_and_pis_inside_a_value_are_not_markup(oracle: XsdOracle, inner: str) -> None:
    data = urlset(f"<url><loc>{inner}</loc></url>")
    assert not invalid(oracle, data)
    assert all(not found(data, profile) for profile in Profile)
    assert open_bytes(data).entry_at(0).loc == "https://example.com/page"


def test_an_element_inside_a_value_is_still_markup() -> None:
    data = urlset("<url><loc>https://example.com/<b>x</b>page</loc></url>")
    assert severities(data, "structure-markup-in-value") == {p: [E] for p in Profile}


# --- 7. attributes in other namespaces on url / sitemap --------------------------------------


@pytest.mark.parametrize("data", [
    urlset(f'<url xmlns:x="urn:x" x:a="1">{LOC}</url>'),
    urlset(f'<url xml:lang="en">{LOC}</url>'),
    sitemapindex('<sitemap xmlns:x="urn:x" x:a="1"><loc>https://example.com/s.xml</loc>'
                 "</sitemap>"),
], ids=["namespaced", "xml:lang", "sitemap"])
def test_foreign_attributes_on_entries_are_xsd_errors_only(oracle: XsdOracle,
                                                           data: bytes) -> None:
    assert invalid(oracle, data)
    assert severities(data, "structure-foreign-attribute") == {
        PROTOCOL: [], XSD: [E], GOOGLE: []}
    assert all(severity is not E for profile in (PROTOCOL, GOOGLE)
               for _, severity in found(data, profile))


def test_namespace_declarations_are_not_attributes(oracle: XsdOracle) -> None:
    data = urlset(f'<url xmlns:x="urn:x">{LOC}</url>')
    assert not invalid(oracle, data)
    assert all(not found(data, profile) for profile in Profile)


def test_an_attribute_without_namespace_stays_an_error_everywhere() -> None:
    data = urlset(f'<url id="1">{LOC}</url>')
    assert severities(data, "structure-attribute") == {p: [E] for p in Profile}
    assert severities(data, "structure-foreign-attribute") == {p: [] for p in Profile}


# --- 8. text between entries -----------------------------------------------------------------


def test_text_between_entries_follows_the_profile(oracle: XsdOracle) -> None:
    data = urlset(f"<url>{LOC}</url>text<url>{LOC2}</url>")
    assert invalid(oracle, data)
    assert severities(data, "stray-text") == {PROTOCOL: [W], XSD: [E], GOOGLE: [W]}
    clean = urlset(f"<url>{LOC}</url><!-- text --><url>{LOC2}</url>")
    assert not invalid(oracle, clean)
    assert severities(clean, "stray-text") == {p: [] for p in Profile}


# --- 9. extension elements out of place ------------------------------------------------------


def test_an_extension_before_a_protocol_child_is_out_of_order(oracle: XsdOracle) -> None:
    data = urlset(f"<url>{LOC}<image:image>{IMG_LOC}</image:image>"
                  "<lastmod>2024-01-15</lastmod></url>")
    assert invalid(oracle, data)
    assert severities(data, "structure-child-order") == {PROTOCOL: [N], XSD: [E], GOOGLE: [N]}
    after = urlset(f"<url>{LOC}<lastmod>2024-01-15</lastmod><image:image>{IMG_LOC}"
                   "</image:image></url>")
    assert not invalid(oracle, after)
    assert severities(after, "structure-child-order") == {p: [] for p in Profile}


def test_a_foreign_element_between_entries_is_out_of_place(oracle: XsdOracle) -> None:
    between = urlset(f"<url>{LOC}</url><image:image>{IMG_LOC}</image:image><url>{LOC2}</url>")
    assert invalid(oracle, between)
    assert severities(between, "element-between-entries") == {
        PROTOCOL: [N], XSD: [E], GOOGLE: [N]}
    after = urlset(f"<url>{LOC}</url><x:meta xmlns:x='urn:x'/>")
    assert severities(after, "element-between-entries")[XSD] == [E]
    before = urlset(f"<image:image>{IMG_LOC}</image:image><url>{LOC}</url>")
    assert not invalid(oracle, before)
    assert severities(before, "element-between-entries") == {p: [] for p in Profile}
    assert all(not found(before, profile) for profile in Profile)


def test_an_element_in_no_namespace_is_allowed_nowhere_at_root_level(oracle: XsdOracle) -> None:
    data = urlset(f'<meta xmlns=""/><url>{LOC}</url>')
    assert invalid(oracle, data)
    assert severities(data, "element-between-entries") == {
        PROTOCOL: [N], XSD: [E], GOOGLE: [N]}


# --- 10. unknown elements of a known extension namespace -------------------------------------


@pytest.mark.parametrize("element", ["<image:picture/>", "<video:clip/>", "<news:item/>"])
def test_an_unknown_element_in_an_extension_namespace(oracle: XsdOracle, element: str) -> None:
    data = urlset(f"<url>{LOC}{element}</url>")
    assert invalid(oracle, data)
    assert severities(data, "extension-unknown-element") == {
        PROTOCOL: [W], XSD: [E], GOOGLE: [W]}
    message = next(f.message for f in validate_document(open_bytes(data)).findings()
                   if f.code == "extension-unknown-element")
    assert "not part of Google's" in message and "ignored" in message


def test_the_extension_elements_themselves_are_known(oracle: XsdOracle) -> None:
    data = urlset(f"<url>{LOC}<image:image>{IMG_LOC}</image:image></url>")
    assert not invalid(oracle, data)
    assert all(not found(data, profile) for profile in Profile)


# --- 11. the content models of the extensions ------------------------------------------------


@pytest.mark.parametrize(("code", "data"), [
    ("image-structure", urlset(f"<url>{LOC}<image:image>{IMG_LOC}{IMG_LOC}</image:image></url>")),
    ("image-structure", urlset(f"<url>{LOC}<image:image><image:title>T</image:title>{IMG_LOC}"
                               "</image:image></url>")),
    ("image-structure", urlset(f"<url>{LOC}<image:image>{IMG_LOC}<image:size>9</image:size>"
                               "</image:image></url>")),
    ("image-structure", urlset(f"<url>{LOC}<image:image>{IMG_LOC}<x:y xmlns:x='urn:x'/>"
                               "</image:image></url>")),
    ("image-structure", urlset(f"<url>{LOC}<image:image>hi{IMG_LOC}</image:image></url>")),
    ("video-structure", urlset(video(VIDEO_HEAD.replace(
        "<video:title>T</video:title>", ""), "<video:title>T</video:title>"))),
    ("video-structure", urlset(video(VIDEO_HEAD, "<video:title>U</video:title>"))),
    ("video-structure", urlset(video(VIDEO_HEAD, "<video:format>mp4</video:format>"))),
    ("news-structure", urlset(news("<news:title>T</news:title>" + PUBLICATION
                                   + "<news:publication_date>2024-01-15</news:publication_date>"
                                   ))),
    ("news-structure", urlset(news("<news:publication><news:language>en</news:language>"
                                   "<news:name>N</news:name></news:publication>"
                                   "<news:publication_date>2024-01-15</news:publication_date>"
                                   "<news:title>T</news:title>"))),
], ids=["image-two-locs", "image-order", "image-unknown", "image-foreign", "image-text",
        "video-order", "video-two-titles", "video-unknown", "news-order", "publication-order"])
def test_extension_content_models_are_xsd_errors_and_notices_elsewhere(oracle: XsdOracle,
                                                                       code: str,
                                                                       data: bytes) -> None:
    assert invalid(oracle, data)
    assert severities(data, code) == {PROTOCOL: [N], XSD: [E], GOOGLE: [N]}


@pytest.mark.parametrize("data", [
    urlset(f"<url>{LOC}<image:image>{IMG_LOC}<image:caption>c</image:caption>"
           "<image:title>t</image:title></image:image></url>"),
    urlset(video(VIDEO_HEAD, "<video:duration>60</video:duration>",
                 "<video:tag>a</video:tag><video:tag>b</video:tag>",
                 "<video:family_friendly>yes</video:family_friendly>")),
    urlset(news(PUBLICATION + "<news:publication_date>2024-01-15</news:publication_date>"
                "<news:title>T</news:title><!-- c -->")),
], ids=["image", "video", "news"])
def test_items_in_xsd_order_have_no_structure_finding(oracle: XsdOracle, data: bytes) -> None:
    assert not invalid(oracle, data)
    for code in ("image-structure", "video-structure", "news-structure"):
        assert severities(data, code) == {p: [] for p in Profile}


def test_the_reader_notes_the_content_model_problems_of_each_item() -> None:
    data = urlset(f"<url>{LOC}<image:image><image:caption>c</image:caption>{IMG_LOC}"
                  f"<image:size>9</image:size></image:image><image:image>{IMG_LOC}"
                  "</image:image></url>")
    images = open_bytes(data).entry_at(0).images
    assert images[0].structure == ("order:loc", "unknown:image:size")
    assert images[1].structure == ()
    assert images[0].loc == "https://example.com/photo.jpg"


def test_several_problems_of_one_kind_make_one_finding() -> None:
    data = urlset(video("<video:description>D</video:description>"
                        "<video:title>T</video:title>"
                        "<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>"))
    messages = [f.message for f in validate_document(open_bytes(data)).findings()
                if f.code == "video-structure"]
    assert len(messages) == 1
    assert "<video:title>, <video:thumbnail_loc> are out of the XSD's order" in messages[0]
