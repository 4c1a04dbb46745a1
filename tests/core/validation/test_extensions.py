"""Extension rules: image, video, news, the mobile tag and the tags Google retired.

Every rule is tested both ways: a valid value passes, a broken one is flagged
with its code and a message a webmaster can act on. Severities are checked per
profile where they differ, the XSD-profile claims are checked against the
official XSDs, and quick fixes are checked through a real document round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from helpers.shared_data import CORPUS_SOURCES, DataSources
from helpers.xsd_oracle import RecordedOracle, XsdOracle

from sitemap_studio.core.model.entries import Entry, Image, News, Price, Video
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity
from sitemap_studio.core.reading.loader import open_bytes, open_document
from sitemap_studio.core.validation import extensions as ext
from sitemap_studio.core.validation import hreflang
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import RULES, Profile

NOW = datetime(2025, 6, 20, 12, 0, tzinfo=UTC)
PAGE = "https://www.example.com/videos/grilling.html"
E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
GOOGLE, PROTOCOL, XSD = Profile.GOOGLE, Profile.PROTOCOL, Profile.XSD

Check = Callable[[Entry, Reporter, ValidationContext], None]


def run(check: Check, entry: Entry, profile: Profile = GOOGLE) -> list[Finding]:
    reporter = Reporter(profile, entry.id)
    check(entry, reporter, ValidationContext(profile=profile, now=NOW))
    return reporter.findings


def codes(check: Check, entry: Entry, profile: Profile = GOOGLE) -> list[str]:
    return [f.code for f in run(check, entry, profile)]


def only(check: Check, entry: Entry, code: str, profile: Profile = GOOGLE) -> Finding:
    """The single finding of ``entry``, which must have ``code``."""
    found = run(check, entry, profile)
    assert [f.code for f in found] == [code], [f.message for f in found]
    return found[0]


def all_profiles(check: Check, entry: Entry) -> list[str]:
    return [code for profile in Profile for code in codes(check, entry, profile)]


# --- images -----------------------------------------------------------------------------------


def with_images(*images: Image, loc: str = PAGE) -> Entry:
    return Entry(id=7, loc=loc, images=images)


GOOD_IMAGE = Image(loc="https://cdn.example.com/img/steak.jpg")


def test_a_plain_image_is_clean_under_every_profile() -> None:
    assert all_profiles(ext.check_images, with_images(GOOD_IMAGE, GOOD_IMAGE)) == []


def test_image_without_loc() -> None:
    finding = only(ext.check_images, with_images(Image(loc=None)), "image-loc-missing")
    assert finding.severity is E and "<image:loc>" in finding.message
    assert finding.field == "images" and finding.entry == 7
    assert finding.source is RuleSource.GOOGLE
    assert codes(ext.check_images, with_images(Image(loc="  "))) == ["image-loc-missing"]


@pytest.mark.parametrize("loc", [
    "/wp-content/uploads/steak.jpg", "steak.jpg", "//cdn.example.com/steak.jpg",
    "ftp://example.com/steak.jpg", "data:image/png;base64,AAAA", "https://",
    "http://urltest.com&><'\"/", "https://exa mple.com/x.jpg",
])
def test_image_loc_must_be_absolute_http(loc: str) -> None:
    finding = only(ext.check_images, with_images(Image(loc=loc)), "image-loc-invalid")
    assert f"'{loc}'" in finding.message and "absolute" in finding.message


def test_relative_image_loc_gets_a_fix_against_the_page() -> None:
    entry = with_images(GOOD_IMAGE, Image(loc="/uploads/a.jpg"))
    finding = only(ext.check_images, entry, "image-loc-invalid")
    assert finding.message.startswith("image 2: ")
    assert finding.fix is not None and finding.fix.label == "Change to https://www.example.com/uploads/a.jpg"
    fixed = finding.fix.apply(entry)
    assert fixed.images[1].loc == "https://www.example.com/uploads/a.jpg"
    assert fixed.images[0] == GOOD_IMAGE
    assert codes(ext.check_images, fixed) == []


def test_no_fix_for_a_relative_image_when_the_page_url_is_relative_too() -> None:
    entry = with_images(Image(loc="a.jpg"), loc="/page")
    assert only(ext.check_images, entry, "image-loc-invalid").fix is None


def test_at_most_1000_images_per_page() -> None:
    assert codes(ext.check_images, with_images(*[GOOD_IMAGE] * 1000)) == []
    finding = only(ext.check_images, with_images(*[GOOD_IMAGE] * 1001), "image-too-many")
    assert finding.severity is E and "1,001" in finding.message and "1,000" in finding.message


@pytest.mark.parametrize(("name", "code"), [
    ("caption", "deprecated-image-caption"), ("geo_location", "deprecated-image-geo-location"),
    ("title", "deprecated-image-title"), ("license", "deprecated-image-license"),
])
def test_retired_image_tags(name: str, code: str) -> None:
    entry = with_images(replace(GOOD_IMAGE, **{name: "x"}), GOOD_IMAGE)
    finding = only(ext.check_images, entry, code)
    assert finding.severity is W and "2022" in finding.message
    assert f"<image:{name}> on 1 of 2 images" in finding.message
    assert only(ext.check_images, entry, code, PROTOCOL).severity is W
    assert only(ext.check_images, entry, code, XSD).severity is N
    assert finding.fix is not None and finding.fix.label == f"Remove <image:{name}>"
    fixed = finding.fix.apply(entry)
    assert fixed.images == (GOOD_IMAGE, GOOD_IMAGE)
    assert codes(ext.check_images, fixed) == []


def test_check_images_ignores_an_entry_without_images() -> None:
    assert codes(ext.check_images, Entry(loc=PAGE)) == []


# --- videos -----------------------------------------------------------------------------------

#: Google's own example, every tag Google still uses, all valid.
FULL_VIDEO = Video(
    thumbnail_loc="https://www.example.com/thumbs/123.jpg",
    title="Grilling steaks for summer",
    description="Alkis shows you how to get perfectly done steaks every time",
    content_loc="http://streamserver.example.com/video123.mp4",
    player_loc="https://www.example.com/videoplayer.php?video=123",
    duration="600",
    expiration_date="2031-11-05T19:20:30+08:00",
    rating="4.2",
    view_count="12345",
    publication_date="2024-11-05T19:20:30+08:00",
    family_friendly="yes",
    restriction="IE GB US CA",
    restriction_relationship="allow",
    platform="web tv",
    platform_relationship="allow",
    requires_subscription="yes",
    uploader="GrillyMcGrillerson",
    uploader_info="https://www.example.com/users/grillymcgrillerson",
    live="no",
    tags=("steak", "meat", "summer", "outdoor"),
)
MINIMAL_VIDEO = Video(thumbnail_loc="https://www.example.com/thumbs/345.jpg",
                      title="Grilling steaks for winter",
                      description="In the freezing cold, Roman shows you how to get perfectly "
                                  "done steaks every time.",
                      content_loc="http://streamserver.example.com/video345.mp4")


def with_video(**changes: Any) -> Entry:
    return Entry(id=3, loc=PAGE, videos=(replace(FULL_VIDEO, **changes),))


def test_googles_example_videos_are_clean_under_every_profile() -> None:
    entry = Entry(id=3, loc=PAGE, videos=(FULL_VIDEO, MINIMAL_VIDEO))
    assert all_profiles(ext.check_videos, entry) == []


@pytest.mark.parametrize("name", ["thumbnail_loc", "title", "description"])
def test_video_required_fields(name: str) -> None:
    finding = only(ext.check_videos, with_video(**{name: None}), "video-missing-field")
    assert finding.severity is E and f"<video:{name}>" in finding.message
    assert finding.message.startswith("the video has no")
    assert codes(ext.check_videos, with_video(**{name: " "})) == ["video-missing-field"]


def test_video_needs_content_or_player_location() -> None:
    assert codes(ext.check_videos, with_video(content_loc=None)) == []
    assert codes(ext.check_videos, with_video(player_loc=None)) == []
    finding = only(ext.check_videos, with_video(content_loc=None, player_loc=None),
                   "video-missing-location")
    assert "content_loc" in finding.message and "player_loc" in finding.message


def test_several_videos_are_named_by_number() -> None:
    entry = Entry(loc=PAGE, videos=(FULL_VIDEO, replace(FULL_VIDEO, title=None)))
    assert run(ext.check_videos, entry)[0].message.startswith("video 2 has no <video:title>")


@pytest.mark.parametrize("name", ["thumbnail_loc", "content_loc", "player_loc", "uploader_info"])
def test_video_urls_are_absolute(name: str) -> None:
    finding = only(ext.check_videos, with_video(**{name: "/media/123"}), "video-url-invalid")
    assert "'/media/123'" in finding.message


@pytest.mark.parametrize("name", ["content_loc", "player_loc"])
def test_video_location_is_not_the_page_itself(name: str) -> None:
    same_page = "https://WWW.Example.com:443/videos/grilling.html"
    finding = only(ext.check_videos, with_video(**{name: same_page}), "video-location-is-page")
    assert finding.severity is W and f"<video:{name}>" in finding.message


def test_uploader_info_on_another_site_is_a_notice() -> None:
    assert codes(ext.check_videos, with_video(uploader_info="https://example.com/u/1")) == []
    finding = only(ext.check_videos, with_video(uploader_info="https://other.org/u/1"),
                   "video-uploader-info-domain")
    assert finding.severity is N
    assert codes(ext.check_videos, with_video(uploader_info="https://other.org/u/1"), XSD) == []


def test_video_title_length_follows_the_xsd() -> None:
    assert codes(ext.check_videos, with_video(title="t" * 100), XSD) == []
    long_title = with_video(title="t" * 101)
    assert only(ext.check_videos, long_title, "video-title-too-long", XSD).severity is E
    finding = only(ext.check_videos, long_title, "video-title-too-long", GOOGLE)
    assert finding.severity is N and "101" in finding.message and "100" in finding.message
    assert only(ext.check_videos, long_title, "video-title-too-long", PROTOCOL).severity is N


def test_video_description_length() -> None:
    assert all_profiles(ext.check_videos, with_video(description="d" * 2048)) == []
    finding = only(ext.check_videos, with_video(description="d" * 2049),
                   "video-description-too-long")
    assert finding.severity is E and "2,049" in finding.message and "2,048" in finding.message


@pytest.mark.parametrize("duration", ["1", "600", "28800", "+600"])
def test_valid_durations(duration: str) -> None:
    assert all_profiles(ext.check_videos, with_video(duration=duration)) == []


def test_duration_with_decimals_is_flagged_and_rounded() -> None:
    entry = with_video(duration="2459.1")
    finding = only(ext.check_videos, entry, "video-duration-invalid")
    assert finding.severity is E
    assert "'2459.1' is not a whole number of seconds" in finding.message
    assert finding.fix is not None and finding.fix.label == "Round duration to 2459 seconds"
    assert finding.fix.apply(entry).videos[0].duration == "2459"
    half = only(ext.check_videos, with_video(duration="0.5"), "video-duration-invalid")
    assert half.fix is not None and half.fix.apply(entry).videos[0].duration == "1"


@pytest.mark.parametrize("duration", ["28801", "-5", "ten minutes", "PT10M", "28800.7", ""])
def test_invalid_durations(duration: str) -> None:
    finding = only(ext.check_videos, with_video(duration=duration), "video-duration-invalid")
    assert finding.severity is E and "<video:duration>" in finding.message
    assert finding.fix is None


def test_zero_duration_is_an_error_for_google_but_the_xsd_allows_it() -> None:
    entry = with_video(duration="0")
    finding = only(ext.check_videos, entry, "video-duration-zero")
    assert finding.severity is E and "XSD itself allows 0" in finding.message
    assert only(ext.check_videos, entry, "video-duration-zero", XSD).severity is N


@pytest.mark.parametrize("rating", ["0", "0.0", "5", "5.0", "4.25", ".5"])
def test_valid_ratings(rating: str) -> None:
    assert all_profiles(ext.check_videos, with_video(rating=rating)) == []


@pytest.mark.parametrize("rating", ["5.1", "-0.5", "4,2", "high", "1e0", ""])
def test_invalid_ratings(rating: str) -> None:
    finding = only(ext.check_videos, with_video(rating=rating), "video-rating-invalid")
    assert "0.0 to 5.0" in finding.message


@pytest.mark.parametrize(("value", "valid"), [
    ("0", True), ("12345", True), ("-1", False), ("1.5", False), ("12,345", False),
])
def test_view_count(value: str, valid: bool) -> None:
    expected = [] if valid else ["video-view-count-invalid"]
    assert codes(ext.check_videos, with_video(view_count=value)) == expected


@pytest.mark.parametrize("name", ["publication_date", "expiration_date"])
@pytest.mark.parametrize(("value", "google_ok", "xsd_ok"), [
    ("2030-01-15", True, True),
    ("2030-01-15T10:30:00+01:00", True, True),
    ("2030-01-15T10:30:00.123Z", True, True),
    ("2030-01-15T10:30+01:00", True, False),  # W3C allows hh:mm; xsd:dateTime needs seconds
    ("2030-01-15T10:30:00", False, True),  # no timezone: W3C says no, the XSD says yes
    ("2030-01-15Z", False, True),  # a date with a zone: only xsd:date
    ("2030-01", False, False),
    ("2030-02-30", False, False),
    ("15/01/2030", False, False),
    ("tomorrow", False, False),
])
def test_video_dates(name: str, value: str, google_ok: bool, xsd_ok: bool) -> None:
    entry = with_video(**{name: value})
    assert codes(ext.check_videos, entry, GOOGLE) == ([] if google_ok else ["video-date-invalid"])
    assert codes(ext.check_videos, entry, XSD) == ([] if xsd_ok else ["video-date-invalid"])
    if not google_ok:
        assert f"<video:{name}> '{value}'" in run(ext.check_videos, entry)[0].message


def test_video_date_fix_when_the_correction_is_obvious() -> None:
    entry = with_video(publication_date="2024-01-15 10:30:00+01:00")
    finding = only(ext.check_videos, entry, "video-date-invalid")
    assert finding.fix is not None
    fixed = finding.fix.apply(entry)
    assert fixed.videos[0].publication_date == "2024-01-15T10:30:00+01:00"
    assert codes(ext.check_videos, fixed) == []


def test_expired_video_is_a_notice() -> None:
    entry = with_video(expiration_date="2025-06-13T09:00:00+00:00")
    finding = only(ext.check_videos, entry, "video-expired")
    assert finding.severity is N and "2025-06-13" in finding.message
    assert codes(ext.check_videos, with_video(expiration_date="2025-06-20")) == []
    assert codes(ext.check_videos, with_video(expiration_date="2025-06-19")) == ["video-expired"]
    assert codes(ext.check_videos, entry, XSD) == []


@pytest.mark.parametrize("name", ["family_friendly", "requires_subscription", "live"])
def test_yes_no_values(name: str) -> None:
    for value in ("yes", "no"):
        assert all_profiles(ext.check_videos, with_video(**{name: value})) == []
    for value in ("true", "1", "y", ""):
        finding = only(ext.check_videos, with_video(**{name: value}), "video-yes-no-invalid")
        assert finding.severity is E and "'yes' or 'no'" in finding.message


@pytest.mark.parametrize("value", ["YES", "Yes", "NO", "No"])
def test_yes_no_case_the_xsd_allows(value: str) -> None:
    entry = with_video(requires_subscription=value)
    finding = only(ext.check_videos, entry, "video-yes-no-case")
    assert finding.severity is W and "lower-case" in finding.message
    assert only(ext.check_videos, entry, "video-yes-no-case", PROTOCOL).severity is W
    assert only(ext.check_videos, entry, "video-yes-no-case", XSD).severity is N
    assert finding.fix is not None
    assert finding.fix.apply(entry).videos[0].requires_subscription == value.lower()


def test_yes_no_case_the_xsd_does_not_allow() -> None:
    entry = with_video(live="yEs")
    assert only(ext.check_videos, entry, "video-yes-no-case").severity is W
    finding = only(ext.check_videos, entry, "video-yes-no-invalid", XSD)
    assert finding.severity is E and "the XSD allows only" in finding.message
    assert finding.fix is not None and finding.fix.apply(entry).videos[0].live == "yes"


@pytest.mark.parametrize("name", ["restriction", "platform"])
def test_relationship_is_required(name: str) -> None:
    finding = only(ext.check_videos, with_video(**{f"{name}_relationship": None}),
                   "video-relationship-invalid")
    assert finding.severity is E and f"<video:{name}>" in finding.message
    assert finding.fix is None
    entry = with_video(**{f"{name}_relationship": "Deny"})
    finding = only(ext.check_videos, entry, "video-relationship-invalid")
    assert finding.fix is not None
    assert getattr(finding.fix.apply(entry).videos[0], f"{name}_relationship") == "deny"
    assert codes(ext.check_videos, with_video(**{f"{name}_relationship": "block"})) == [
        "video-relationship-invalid"]


def test_restriction_country_codes() -> None:
    assert all_profiles(ext.check_videos, with_video(restriction="DE")) == []
    assert all_profiles(ext.check_videos, with_video(restriction="")) == []
    finding = only(ext.check_videos, with_video(restriction="IE UK"), "video-restriction-invalid")
    assert "'UK'" in finding.message and "GB" in finding.message
    assert codes(ext.check_videos, with_video(restriction="IE,GB")) == [
        "video-restriction-invalid"]
    assert codes(ext.check_videos, with_video(restriction="IRL")) == ["video-restriction-invalid"]


def test_restriction_in_lower_case() -> None:
    entry = with_video(restriction="ie gb")
    finding = only(ext.check_videos, entry, "video-restriction-case")
    assert finding.severity is W
    assert only(ext.check_videos, entry, "video-restriction-case", XSD).severity is E
    assert finding.fix is not None and finding.fix.apply(entry).videos[0].restriction == "IE GB"


def test_platform_values() -> None:
    assert all_profiles(ext.check_videos, with_video(platform="web mobile tv")) == []
    finding = only(ext.check_videos, with_video(platform="web desktop"), "video-platform-invalid")
    assert "'desktop'" in finding.message
    assert codes(ext.check_videos, with_video(platform="WEB")) == ["video-platform-invalid"]


def test_at_most_32_tags() -> None:
    assert codes(ext.check_videos, with_video(tags=("t",) * 32)) == []
    finding = only(ext.check_videos, with_video(tags=("t",) * 33), "video-too-many-tags")
    assert finding.severity is E and "33" in finding.message


def price_codes(price: Price, profile: Profile) -> list[str]:
    found = codes(ext.check_videos, with_video(prices=(price,)), profile)
    found.remove("deprecated-video-price")
    return found


@pytest.mark.parametrize(("price", "google_ok", "xsd_ok"), [
    (Price("1.99", "USD", "rent", "HD"), True, True),
    (Price("1.99", "EUR", "purchase", "sd"), True, True),
    (Price(None, None, "rent"), True, True),
    (Price("1.99", "USD", "own"), True, False),  # Google's old docs said own; the XSD purchase
    (Price("1.99", "USD", "Rent"), True, False),
    (Price("1.99", "USD", resolution="Hd"), True, False),
    (Price("1.99", None), False, False),
    (Price("1,99", "EUR"), False, False),
    (Price("-1", "EUR"), False, False),
    (Price("1.99", "usd"), False, False),
    (Price("1.99", "EURO"), False, False),
    (Price("1.99", "XYZ"), False, False),
    (Price(None, "EUR"), False, False),
    (Price("1.99", "EUR", "lease"), False, False),
    (Price("1.99", "EUR", resolution="4k"), False, False),
])
def test_price_attributes(price: Price, google_ok: bool, xsd_ok: bool) -> None:
    assert price_codes(price, GOOGLE) == ([] if google_ok else ["video-price-invalid"])
    assert price_codes(price, XSD) == ([] if xsd_ok else ["video-price-invalid"])


def test_price_problems_are_notices_outside_the_xsd_profile() -> None:
    entry = with_video(prices=(Price("free", "EUR"),))
    severities = {f.code: f.severity for f in run(ext.check_videos, entry)}
    assert severities == {"video-price-invalid": N, "deprecated-video-price": W}
    severities = {f.code: f.severity for f in run(ext.check_videos, entry, XSD)}
    assert severities == {"video-price-invalid": E, "deprecated-video-price": N}


@pytest.mark.parametrize(("changes", "code", "label"), [
    ({"category": "Grilling"}, "deprecated-video-category", "Remove <video:category>"),
    ({"gallery_loc": "https://www.example.com/gallery"}, "deprecated-video-gallery-loc",
     "Remove <video:gallery_loc>"),
    ({"prices": (Price("1.99", "USD"),)}, "deprecated-video-price", "Remove <video:price>"),
    ({"has_tvshow": True}, "deprecated-video-tvshow", "Remove <video:tvshow>"),
    ({"player_loc_allow_embed": "yes"}, "deprecated-video-player-attributes",
     "Remove allow_embed and autoplay from <video:player_loc>"),
    ({"player_loc_autoplay": "ap=1"}, "deprecated-video-player-attributes",
     "Remove allow_embed and autoplay from <video:player_loc>"),
])
def test_retired_video_tags(changes: dict[str, Any], code: str, label: str) -> None:
    entry = Entry(loc=PAGE, videos=(replace(FULL_VIDEO, **changes), MINIMAL_VIDEO))
    finding = only(ext.check_videos, entry, code)
    assert finding.severity is W and "2022" in finding.message
    assert "(on 1 of 2 videos)" in finding.message
    assert only(ext.check_videos, entry, code, PROTOCOL).severity is W
    assert only(ext.check_videos, entry, code, XSD).severity is N
    assert finding.fix is not None and finding.fix.label == label
    fixed = finding.fix.apply(entry)
    assert fixed.videos == (FULL_VIDEO, MINIMAL_VIDEO)


# --- news -------------------------------------------------------------------------------------

GOOD_NEWS = News(publication_name="The Example Times", publication_language="en",
                 publication_date="2025-06-19T09:00:00+00:00",
                 title="Companies A, B in Merger Talks")


def with_news(**changes: Any) -> Entry:
    return Entry(id=5, loc="https://www.example.org/business/article55.html",
                 news=(replace(GOOD_NEWS, **changes),))


def test_recent_news_is_clean_under_every_profile() -> None:
    assert all_profiles(ext.check_news, with_news()) == []
    assert all_profiles(ext.check_news, with_news(publication_date="2025-06-19")) == []


@pytest.mark.parametrize(("name", "shown"), [
    ("publication_name", "<news:name>"), ("publication_language", "<news:language>"),
    ("publication_date", "<news:publication_date>"), ("title", "<news:title>"),
])
def test_news_required_fields(name: str, shown: str) -> None:
    finding = only(ext.check_news, with_news(**{name: None}), "news-missing-field")
    assert finding.severity is E and shown in finding.message and finding.field == "news"


@pytest.mark.parametrize("language", ["en", "de", "zh-cn", "zh-tw", "fil", "yue"])
def test_valid_news_languages(language: str) -> None:
    assert all_profiles(ext.check_news, with_news(publication_language=language)) == []


@pytest.mark.parametrize(("language", "fixed"), [("EN", "en"), ("zh-CN", "zh-cn"),
                                                 ("De", "de"), ("zh_tw", "zh-tw")])
def test_news_language_case(language: str, fixed: str) -> None:
    entry = with_news(publication_language=language)
    finding = only(ext.check_news, entry, "news-language-case")
    assert finding.severity is W
    assert only(ext.check_news, entry, "news-language-case", XSD).severity is E
    assert finding.fix is not None
    assert finding.fix.apply(entry).news[0].publication_language == fixed


@pytest.mark.parametrize(("language", "fixed"), [
    ("en-US", "en"), ("de_DE", "de"), ("zh-Hans", "zh-cn"), ("zh-hant", "zh-tw"),
    ("xx", None), ("english", None), ("e", None),
])
def test_invalid_news_languages(language: str, fixed: str | None) -> None:
    entry = with_news(publication_language=language)
    finding = only(ext.check_news, entry, "news-language-invalid")
    assert finding.severity is E and f"'{language}'" in finding.message
    if fixed is None:
        assert finding.fix is None
    else:
        assert finding.fix is not None
        assert finding.fix.apply(entry).news[0].publication_language == fixed


@pytest.mark.parametrize("value", ["2025-06", "19.06.2025", "2025-06-31", "yesterday"])
def test_invalid_news_dates(value: str) -> None:
    finding = only(ext.check_news, with_news(publication_date=value), "news-date-invalid")
    assert f"'{value}'" in finding.message and "<news:publication_date>" in finding.message


def test_news_date_without_timezone_follows_the_profile() -> None:
    entry = with_news(publication_date="2025-06-19T09:00:00")
    assert codes(ext.check_news, entry) == ["news-date-invalid"]
    assert codes(ext.check_news, entry, XSD) == []


def test_old_news_is_a_notice() -> None:
    entry = with_news(publication_date="2025-06-18T11:00:00+00:00")
    finding = only(ext.check_news, entry, "news-old")
    assert finding.severity is N and "two days" in finding.message
    assert codes(ext.check_news, entry, XSD) == []
    assert codes(ext.check_news, with_news(publication_date="2025-06-18T13:00:00+00:00")) == []


@pytest.mark.parametrize(("name", "code"), [
    ("keywords", "deprecated-news-keywords"), ("stock_tickers", "deprecated-news-stock-tickers"),
    ("genres", "deprecated-news-genres"), ("access", "deprecated-news-access"),
])
def test_retired_news_tags(name: str, code: str) -> None:
    entry = with_news(**{name: "x"})
    finding = only(ext.check_news, entry, code)
    assert finding.severity is W and "2022" in finding.message
    assert only(ext.check_news, entry, code, XSD).severity is N
    assert finding.fix is not None and finding.fix.label == f"Remove <news:{name}>"
    assert finding.fix.apply(entry) == with_news()


def test_news_count_per_sitemap() -> None:
    reporter = Reporter(GOOGLE)
    ext.check_news_count(1000, reporter)
    assert reporter.findings == []
    ext.check_news_count(1001, reporter)
    [finding] = reporter.findings
    assert finding.code == "news-too-many" and finding.severity is E and finding.entry is None
    assert "1,001" in finding.message and "1,000" in finding.message


# --- mobile -----------------------------------------------------------------------------------


def test_mobile_tag_is_retired() -> None:
    assert all_profiles(ext.check_mobile, Entry(loc=PAGE)) == []
    entry = Entry(loc=PAGE, mobile=True)
    finding = only(ext.check_mobile, entry, "deprecated-mobile")
    assert finding.severity is W and finding.field == "mobile" and "2022" in finding.message
    assert only(ext.check_mobile, entry, "deprecated-mobile", PROTOCOL).severity is W
    assert only(ext.check_mobile, entry, "deprecated-mobile", XSD).severity is N
    assert finding.fix is not None and finding.fix.apply(entry) == Entry(loc=PAGE)


# --- the registry -----------------------------------------------------------------------------

PREFIXES = ("image-", "video-", "news-", "deprecated-")


def test_every_extension_rule_is_registered_with_a_source() -> None:
    mine = {code: r for code, r in RULES.items() if code.startswith(PREFIXES)}
    assert len(mine) >= 40
    for code, registered in mine.items():
        assert registered.source in (RuleSource.GOOGLE, RuleSource.XSD), code
        assert registered.checks, code
    for code, registered in mine.items():
        if code.startswith("deprecated-"):
            assert registered.severity_for(GOOGLE) is W, code
            assert registered.severity_for(PROTOCOL) is W, code
            assert registered.severity_for(XSD) is N, code
            assert registered.fix, code


def test_currency_data() -> None:
    assert {"USD", "EUR", "GBP", "JPY", "CHF", "INR"} <= ext.CURRENCIES
    assert all(len(c) == 3 and c.isupper() for c in ext.CURRENCIES)


# --- the XSD-profile claims, checked against the official schemas -----------------------------

VIDEO_NS = "http://www.google.com/schemas/sitemap-video/1.1"


@pytest.fixture(scope="module")
def oracle(fixed_xsd_oracle: RecordedOracle) -> RecordedOracle:
    return fixed_xsd_oracle


def video_document(**fields: str) -> bytes:
    values = {"thumbnail_loc": "https://e.com/t.jpg", "title": "T", "description": "D",
              "content_loc": "https://e.com/v.mp4", **fields}
    order = ("thumbnail_loc", "title", "description", "content_loc", "duration",
             "publication_date", "requires_subscription")
    body = "".join(f"<video:{name}>{values[name]}</video:{name}>" for name in order
                   if name in values)
    return (f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
            f'xmlns:video="{VIDEO_NS}"><url><loc>https://e.com/</loc>'
            f"<video:video>{body}</video:video></url></urlset>").encode()


@pytest.mark.parametrize(("fields", "xsd_valid"), [
    ({}, True),
    ({"requires_subscription": "YES"}, True),
    ({"requires_subscription": "Yes"}, True),
    ({"requires_subscription": "yEs"}, False),
    ({"duration": "0"}, True),
    ({"duration": "2459.1"}, False),
    ({"duration": "28801"}, False),
    ({"title": "t" * 100}, True),
    ({"title": "t" * 101}, False),
    ({"publication_date": "2024-01-15T10:30:00"}, True),
    ({"publication_date": "2024-01-15T10:30+01:00"}, False),
    ({"publication_date": "2024-01-15Z"}, True),
])
def test_xsd_profile_agrees_with_the_schema(oracle: XsdOracle, fields: dict[str, str],
                                            xsd_valid: bool) -> None:
    data = video_document(**fields)
    assert (oracle.validate(data) == []) is xsd_valid, oracle.validate(data)
    entry = open_bytes(data, "video.xml").entry_at(0)
    errors = [f.code for f in run(ext.check_videos, entry, XSD) if f.severity is E]
    assert (errors == []) is xsd_valid, errors


# --- quick fixes survive a real edit of the document ------------------------------------------

RETIRED_EVERYTHING = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://example.com/a</loc>
    <image:image>
      <image:loc>https://example.com/a.jpg</image:loc>
      <image:caption>Caption</image:caption>
      <image:geo_location>Limerick, Ireland</image:geo_location>
      <image:title>Title</image:title>
      <image:license>https://example.com/license</image:license>
    </image:image>
    <video:video>
      <video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
      <video:title>Video</video:title>
      <video:description>About</video:description>
      <video:player_loc allow_embed="yes" autoplay="ap=1">https://example.com/p</video:player_loc>
      <video:duration>2459.1</video:duration>
      <video:category>Cooking</video:category>
      <video:gallery_loc title="All">https://example.com/gallery</video:gallery_loc>
      <video:price currency="EUR">1.99</video:price>
      <video:requires_subscription>YES</video:requires_subscription>
      <video:tvshow>
        <video:show_title>Show</video:show_title>
        <video:video_type>full</video:video_type>
      </video:tvshow>
    </video:video>
    <news:news>
      <news:publication><news:name>Times</news:name><news:language>EN</news:language></news:publication>
      <news:access>Subscription</news:access>
      <news:genres>Blog</news:genres>
      <news:publication_date>2025-06-19</news:publication_date>
      <news:title>Title</news:title>
      <news:keywords>a, b</news:keywords>
      <news:stock_tickers>NASDAQ:A</news:stock_tickers>
    </news:news>
    <mobile:mobile/>
  </url>
</urlset>
"""

ALL_CHECKS: tuple[Check, ...] = (ext.check_images, ext.check_videos, ext.check_news,
                                 ext.check_mobile)


def entry_findings(entry: Entry) -> list[Finding]:
    return [f for check in ALL_CHECKS for f in run(check, entry)]


FIXED_AWAY = {
    "deprecated-image-caption": b"<image:caption>",
    "deprecated-image-geo-location": b"<image:geo_location>",
    "deprecated-image-title": b"<image:title>",
    "deprecated-image-license": b"<image:license>",
    "deprecated-video-category": b"<video:category>",
    "deprecated-video-gallery-loc": b"<video:gallery_loc",
    "deprecated-video-price": b"<video:price",
    "deprecated-video-player-attributes": b"allow_embed",
    "deprecated-news-keywords": b"<news:keywords>",
    "deprecated-news-stock-tickers": b"<news:stock_tickers>",
    "deprecated-news-genres": b"<news:genres>",
    "deprecated-news-access": b"<news:access>",
    "deprecated-mobile": b"<mobile:mobile",
    "video-duration-invalid": b"2459.1",
    "video-yes-no-case": b">YES<",
    "news-language-case": b">EN<",
}


@pytest.mark.parametrize("code", [*FIXED_AWAY, "deprecated-video-tvshow"])
def test_each_fix_edits_the_document_and_clears_its_finding(code: str) -> None:
    document = open_bytes(RETIRED_EVERYTHING, "retired.xml")
    entry = document.entry_at(0)
    [finding] = [f for f in entry_findings(entry) if f.code == code]
    assert finding.fix is not None
    document.replace_entries([finding.fix.apply(entry)])
    data = document.to_bytes()
    reopened = open_bytes(data, "fixed.xml")
    remaining = [f.code for f in entry_findings(reopened.entry_at(0))]
    assert code not in remaining
    assert FIXED_AWAY.get(code, b"<video:tvshow") not in data
    assert sorted(remaining) == sorted(
        c for c in (f.code for f in entry_findings(entry)) if c != code)


# --- shared test data -------------------------------------------------------------------------


def document_findings(path: Path, profile: Profile) -> list[Finding]:
    """What the extension and hreflang checks say about every entry of ``path``."""
    document = open_document(path)
    ctx = ValidationContext(profile=profile, now=NOW)
    index = hreflang.HreflangIndex()
    entries = [document.entry_at(row) for row in range(len(document))]
    for entry in entries:
        index.add("doc", entry.id, entry.loc, entry.alternates)
    found: list[Finding] = []
    for entry in entries:
        reporter = Reporter(profile, entry.id)
        for check in (*ALL_CHECKS, hreflang.check_alternates):
            check(entry, reporter, ctx)
        index.report("doc", entry.id, reporter, None)
        found.extend(reporter.findings)
    reporter = Reporter(profile)
    ext.check_news_count(sum(len(e.news) for e in entries), reporter)
    return found + reporter.findings


@pytest.mark.parametrize("profile", list(Profile))
def test_unknown_extensions_file_has_only_retired_tag_warnings(hostile_dir: Path,
                                                                profile: Profile) -> None:
    # Its image:caption is retired (a warning, a notice under the XSD profile). Notices are
    # fine: the first page does not list itself among its hreflang links, and the news item
    # is more than two days old.
    found = document_findings(hostile_dir / "ns_unknown_extensions.xml", profile)
    serious = [(f.code, f.severity) for f in found if f.severity is not N]
    expected = [] if profile is XSD else [("deprecated-image-caption", W)]
    assert serious == expected
    assert {f.code for f in found} <= {"deprecated-image-caption", "hreflang-missing-self",
                                       "news-old"}


def per_source(cases: dict[str, list[tuple[str, ...]]]) -> list[Any]:
    """``(source, name, ...)`` cases: our corpus's file for a case and the shared one's."""
    return [pytest.param(source, *case, id=f"{source}/{case[0]}")
            for source in CORPUS_SOURCES for case in cases[source]]


@pytest.mark.parametrize(("source", "name"), per_source({
    "own": [("yoast-page-sitemap.xml",), ("odd-prefixes.xml",), ("hreflang-regions.xml",)],
    "shared": [("yoast-page-sitemap-multi-images.xml",),
               ("shopify-app-image-sitemap-320-urls.xml",),
               ("crawlercommons-hreflang-de-ch-triplet.xml",)]}))
@pytest.mark.parametrize("profile", list(Profile))
def test_clean_corpus_files(data_sources: DataSources, source: str, name: str,
                            profile: Profile) -> None:
    assert document_findings(data_sources.corpus(source) / name, profile) == []


@pytest.mark.parametrize(("source", "name", "duration"), per_source({
    "own": [("legacy-video-tvshow.xml", "1804.5")],
    "shared": [("crawlercommons-video-tvshow-loc-last-decimal-duration.xml", "2459.1")]}))
def test_video_with_tvshow_and_decimal_duration(data_sources: DataSources, source: str, name: str,
                                                duration: str) -> None:
    path = data_sources.corpus(source) / name
    found = {f.code: f for f in document_findings(path, GOOGLE)}
    # The fixture really has neither content_loc nor player_loc, and it expired on
    # 2025-06-13, a week before NOW.
    assert set(found) == {"video-duration-invalid", "deprecated-video-tvshow",
                          "deprecated-video-category", "video-missing-location", "video-expired"}
    assert f"'{duration}'" in found["video-duration-invalid"].message
    assert found["deprecated-video-tvshow"].severity is W
    assert found["video-expired"].severity is N
    assert {f.code for f in document_findings(path, PROTOCOL)} == set(found)
    assert {f.code for f in document_findings(path, XSD)} == set(found) - {"video-expired"}


@pytest.mark.parametrize(("source", "name"), per_source({
    "own": [("news-genres-keywords.xml",)],
    "shared": [("jekyll-news-sitemap-german-genres.xml",)]}))
def test_news_file_with_genres(data_sources: DataSources, source: str, name: str) -> None:
    found = document_findings(data_sources.corpus(source) / name, GOOGLE)
    assert sorted((f.code, f.severity) for f in found) == [
        ("deprecated-news-genres", W), ("deprecated-news-keywords", W), ("news-old", N)]


@pytest.mark.parametrize(("source", "name"), per_source({
    "own": [("mobile-selfclosing-and-empty.xml",)],
    "shared": [("crawlercommons-mobile-selfclosing-and-empty.xml",)]}))
def test_mobile_file(data_sources: DataSources, source: str, name: str) -> None:
    found = document_findings(data_sources.corpus(source) / name, GOOGLE)
    assert [(f.code, f.entry) for f in found] == [("deprecated-mobile", 0),
                                                  ("deprecated-mobile", 1)]


@pytest.mark.parametrize(("source", "name"), per_source({
    "own": [("alltags-deprecated-extensions.xml",)],
    "shared": [("jsmocks-alltags-escaping.xml",), ("jsmocks-alltags-cdata.xml",)]}))
def test_all_tags_mocks(data_sources: DataSources, source: str, name: str) -> None:
    found = document_findings(data_sources.corpus(source) / name, GOOGLE)
    by_code: dict[str, list[Finding]] = {}
    for finding in found:
        by_code.setdefault(finding.code, []).append(finding)
    # The retired tags are all there, and each says so.
    assert {"deprecated-image-caption", "deprecated-image-geo-location", "deprecated-image-title",
            "deprecated-image-license", "deprecated-video-category",
            "deprecated-video-gallery-loc", "deprecated-video-price",
            "deprecated-video-player-attributes", "deprecated-news-keywords",
            "deprecated-news-stock-tickers", "deprecated-news-genres",
            "deprecated-news-access"} <= set(by_code)
    assert [f.message for f in by_code["video-yes-no-case"]] == [
        "<video:requires_subscription> is 'YES'; Google documents lower-case 'yes'"]
    # two image locations have no usable host ('http://urltest.com&><'"/' in the shared mock)
    assert len(by_code["image-loc-invalid"]) == 2
    assert all(f.severity is not E for code, fs in by_code.items() for f in fs
               if code != "image-loc-invalid")
