"""Google's sitemap extensions: image, video, news, the retired mobile tag, and retired tags.

Sources: Google Search Central's image, video and news sitemap documentation, and
the extension XSDs Google published (``../shared/schemas``). sitemaps.org says
nothing about extensions, so under the protocol profile these rules follow
Google; under the XSD profile a few follow the schema instead where it differs
(video title length, the spelling of yes/no, price attributes, country case).

Google retired a group of tags and attributes in 2022 (image caption,
geo_location, title and license; video category, gallery_loc, price, tvshow and
the player_loc attributes; the mobile sitemap tag) and its News sitemap
documentation no longer lists keywords, stock_tickers, genres and access. They
still validate against the old XSDs, so each is a warning, or a notice under
the XSD profile, with a quick fix that removes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sitemap_studio.core.entries import Entry, Image, News, Price, Video
from sitemap_studio.core.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.urls import normalize_url, split_host
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.hreflang import (
    LANGUAGES,
    REGIONS,
    absolute_from,
    codes,
    is_absolute_http,
)
from sitemap_studio.core.validation.registry import Profile, Rule, rule
from sitemap_studio.core.values import EXPECTED_FORMS, DateIssue, W3CDateTime, diagnose_datetime

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
GOOGLE, XSD = RuleSource.GOOGLE, RuleSource.XSD

#: ISO 4217 currency codes (active, plus a few recently withdrawn ones still in old feeds).
CURRENCIES = codes("""
AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN
BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP
ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR
ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD
MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR
PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL
THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF
XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL
""")

MAX_IMAGES = 1_000
MAX_NEWS = 1_000
MAX_TAGS = 32
MAX_TITLE = 100
MAX_DESCRIPTION = 2_048
MAX_DURATION = 28_800
NEWS_MAX_AGE = timedelta(days=2)
RETIRED = "2022"

# --- rules ------------------------------------------------------------------------------------

IMAGE_LOC_MISSING = rule("image-loc-missing", E, GOOGLE, "every <image:image> has an <image:loc>")
IMAGE_LOC_INVALID = rule("image-loc-invalid", E, GOOGLE,
                         "<image:loc> is an absolute http(s) URL")
IMAGE_TOO_MANY = rule("image-too-many", E, GOOGLE, "at most 1,000 images per page")

VIDEO_MISSING = rule("video-missing-field", E, GOOGLE,
                     "a video has thumbnail_loc, title and description")
VIDEO_NO_LOCATION = rule("video-missing-location", E, GOOGLE,
                         "a video has content_loc or player_loc (or both)")
VIDEO_URL = rule("video-url-invalid", E, GOOGLE,
                 "thumbnail_loc, content_loc, player_loc and uploader info are absolute http(s) "
                 "URLs")
VIDEO_LOCATION_IS_PAGE = rule("video-location-is-page", W, GOOGLE,
                              "content_loc and player_loc differ from the page's own <loc>")
VIDEO_TITLE_LONG = rule("video-title-too-long", N, XSD,
                        "a video title has at most 100 characters (XSD maxLength; Google's "
                        "current documentation no longer states a limit)", xsd=E)
VIDEO_DESCRIPTION_LONG = rule("video-description-too-long", E, GOOGLE,
                              "a video description has at most 2,048 characters")
VIDEO_DURATION = rule("video-duration-invalid", E, GOOGLE,
                      "duration is a whole number of seconds up to 28,800 (8 hours)",
                      fix="round to whole seconds")
VIDEO_DURATION_ZERO = rule("video-duration-zero", E, GOOGLE,
                           "duration is at least 1 second (Google); the XSD accepts 0", xsd=N)
VIDEO_RATING = rule("video-rating-invalid", E, GOOGLE, "rating is a number from 0.0 to 5.0")
VIDEO_VIEW_COUNT = rule("video-view-count-invalid", E, GOOGLE,
                        "view_count is a whole number, zero or more")
VIDEO_DATE = rule("video-date-invalid", E, GOOGLE,
                  "expiration_date and publication_date are W3C dates (YYYY-MM-DD) or date-times "
                  "with a time zone; under the XSD profile, xsd:date or xsd:dateTime")
VIDEO_EXPIRED = rule("video-expired", N, GOOGLE,
                     "expiration_date is not in the past (Google stops showing expired videos)",
                     xsd=None)
VIDEO_YES_NO = rule("video-yes-no-invalid", E, GOOGLE,
                    "family_friendly, requires_subscription and live are 'yes' or 'no'")
VIDEO_YES_NO_CASE = rule("video-yes-no-case", W, GOOGLE,
                         "yes/no in lower case as Google documents it (the XSD also allows "
                         "'Yes' and 'YES')", fix="lower-case the value", xsd=N)
VIDEO_RELATIONSHIP = rule("video-relationship-invalid", E, GOOGLE,
                          "restriction and platform have relationship=\"allow\" or \"deny\"",
                          fix="lower-case the value")
VIDEO_RESTRICTION = rule("video-restriction-invalid", E, GOOGLE,
                         "restriction lists ISO 3166 country codes separated by spaces")
VIDEO_RESTRICTION_CASE = rule("video-restriction-case", W, GOOGLE,
                              "country codes in restriction are upper case (the XSD requires it)",
                              fix="upper-case the codes", xsd=E)
VIDEO_PLATFORM = rule("video-platform-invalid", E, GOOGLE,
                      "platform lists web, mobile and tv, separated by spaces")
VIDEO_UPLOADER_DOMAIN = rule("video-uploader-info-domain", N, GOOGLE,
                             "the uploader info page is on the same site as the page", xsd=None)
VIDEO_PRICE = rule("video-price-invalid", N, XSD,
                   "video:price has a non-negative amount, an ISO 4217 currency, and a valid type "
                   "and resolution (only a notice outside the XSD profile: Google ignores price "
                   "since 2022)", xsd=E)
VIDEO_TAGS = rule("video-too-many-tags", E, GOOGLE, "at most 32 tags per video")

NEWS_MISSING = rule("news-missing-field", E, GOOGLE,
                    "a news item has publication name and language, publication_date and title")
NEWS_LANGUAGE = rule("news-language-invalid", E, GOOGLE,
                     "news language is an ISO 639 code (zh-cn and zh-tw for Chinese)",
                     fix="use the language code alone")
NEWS_LANGUAGE_CASE = rule("news-language-case", W, GOOGLE,
                          "news language is lower case (the XSD requires it)",
                          fix="lower-case the code", xsd=E)
NEWS_DATE = rule("news-date-invalid", E, GOOGLE,
                 "publication_date is a W3C date (YYYY-MM-DD) or date-time with a time zone; "
                 "under the XSD profile, xsd:date or xsd:dateTime")
NEWS_OLD = rule("news-old", N, GOOGLE,
                "news items are at most two days old (Google News uses recent articles only)",
                xsd=None)
NEWS_TOO_MANY = rule("news-too-many", E, GOOGLE, "at most 1,000 <news:news> per sitemap")


def _deprecated(code: str, checks: str) -> Rule:
    return rule(code, W, GOOGLE, checks, fix="remove it", xsd=N)


DEPRECATED_IMAGE = {
    "caption": _deprecated("deprecated-image-caption",
                           "no <image:caption> (retired by Google in 2022)"),
    "geo_location": _deprecated("deprecated-image-geo-location",
                                "no <image:geo_location> (retired by Google in 2022)"),
    "title": _deprecated("deprecated-image-title",
                         "no <image:title> (retired by Google in 2022)"),
    "license": _deprecated("deprecated-image-license",
                           "no <image:license> (retired by Google in 2022)"),
}
DEPRECATED_VIDEO_CATEGORY = _deprecated("deprecated-video-category",
                                        "no <video:category> (retired by Google in 2022)")
DEPRECATED_VIDEO_GALLERY = _deprecated("deprecated-video-gallery-loc",
                                       "no <video:gallery_loc> (retired by Google in 2022)")
DEPRECATED_VIDEO_PRICE = _deprecated("deprecated-video-price",
                                     "no <video:price> (retired by Google in 2022)")
DEPRECATED_VIDEO_TVSHOW = _deprecated("deprecated-video-tvshow",
                                      "no <video:tvshow> (retired by Google in 2022)")
DEPRECATED_VIDEO_PLAYER = _deprecated("deprecated-video-player-attributes",
                                      "no allow_embed or autoplay on <video:player_loc> (retired "
                                      "by Google in 2022)")
DEPRECATED_NEWS = {
    "keywords": _deprecated("deprecated-news-keywords",
                            "no <news:keywords> (not in Google's News sitemap documentation "
                            "since 2022)"),
    "stock_tickers": _deprecated("deprecated-news-stock-tickers",
                                 "no <news:stock_tickers> (not in Google's News sitemap "
                                 "documentation since 2022)"),
    "genres": _deprecated("deprecated-news-genres",
                          "no <news:genres> (not in Google's News sitemap documentation since "
                          "2022)"),
    "access": _deprecated("deprecated-news-access",
                          "no <news:access> (not in Google's News sitemap documentation since "
                          "2022)"),
}
DEPRECATED_MOBILE = _deprecated("deprecated-mobile",
                                "no <mobile:mobile> (Google retired mobile sitemaps in 2022)")

# --- shared helpers ---------------------------------------------------------------------------

_INTEGER = re.compile(r"\+?\d+")
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
#: Date issues each profile accepts: W3C Datetime for Google, xsd:date | xsd:dateTime for the XSD.
_ACCEPTED = {
    Profile.XSD: (DateIssue.NO_TIMEZONE, DateIssue.DATE_WITH_TIMEZONE),
    Profile.GOOGLE: (),
    Profile.PROTOCOL: (),
}


@dataclass(frozen=True, slots=True)
class _Date:
    """A checked date: the instant (``None`` if there is none) and what is wrong, if anything."""

    value: W3CDateTime | None
    problem: str | None = None
    suggestion: str | None = None


def _check_date(text: str, profile: Profile) -> _Date:
    """Judge a complete W3C date or date-time (under the XSD profile: xsd:date | xsd:dateTime)."""
    diagnosis = diagnose_datetime(text)
    value, issue = diagnosis.value, diagnosis.issue
    if issue is None or issue in _ACCEPTED[profile]:
        return _Date(value)
    if issue is DateIssue.REDUCED_PRECISION and value is not None:
        if value.precision in ("year", "month"):
            return _Date(None, "is not a complete date: give at least YYYY-MM-DD")
        if profile != Profile.XSD:
            return _Date(value)  # hh:mm without seconds: W3C Datetime allows it
    return _Date(None, diagnosis.problem or f"is not a date ({EXPECTED_FORMS})",
                 diagnosis.suggestion)


def _is_past(value: W3CDateTime, now: datetime) -> bool:
    if value.hour is None:
        return date(value.year, value.month or 1, value.day or 1) < now.astimezone(UTC).date()
    return value.to_datetime() < now


def _label(kind: str, index: int, count: int) -> str:
    """'the video' when there is one, else 'video 2'."""
    return f"the {kind}" if count == 1 else f"{kind} {index + 1}"


def _at(which: str) -> str:
    """A message prefix naming the item, needed only when there are several ('video 2: ')."""
    return "" if which.startswith("the ") else f"{which}: "


def _blank(text: str | None) -> bool:
    return text is None or not text.strip()


def _site(url: str) -> str | None:
    """The host of ``url`` without a leading 'www.', to compare sites loosely."""
    found = split_host(url)
    return None if found is None else found[1].removeprefix("www.")


def _map_items(items: Sequence[Any], change: Callable[[Any], Any]) -> tuple[Any, ...]:
    return tuple(change(item) for item in items)


# --- images -----------------------------------------------------------------------------------


def check_images(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``image:image``: a loc that is an absolute URL, at most 1,000, no retired tags."""
    del ctx  # the same under every profile
    images = entry.images
    if not images:
        return
    if len(images) > MAX_IMAGES:
        report(IMAGE_TOO_MANY, f"{len(images):,} images on one page; Google reads at most "
                               f"{MAX_IMAGES:,} per <url>", field="images")
    for index, image in enumerate(images):
        which = _label("image", index, len(images))
        if _blank(image.loc):
            report(IMAGE_LOC_MISSING, f"{which} has no <image:loc>: the image URL is required",
                   field="images")
        elif not is_absolute_http(image.loc):
            absolute = absolute_from(image.loc or "", entry.loc)
            fix = None if absolute is None else QuickFix(
                f"Change to {absolute}", _set_image(index, loc=absolute))
            report(IMAGE_LOC_INVALID, f"{_at(which)}<image:loc> '{image.loc}' is not an absolute "
                                      "http(s) URL", field="images", fix=fix)
    for name, found in DEPRECATED_IMAGE.items():
        count = sum(1 for image in images if getattr(image, name) is not None)
        if count:
            where = "the image" if len(images) == 1 else f"{count} of {len(images)} images"
            report(found, f"<image:{name}> on {where} is ignored: Google retired it in "
                          f"{RETIRED} (the old image XSD still lists it)", field="images",
                   fix=QuickFix(f"Remove <image:{name}>", _clear_images(name)))


def _set_image(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.images):
            return entry
        images = list(entry.images)
        images[index] = replace(images[index], **changes)
        return replace(entry, images=tuple(images))

    return apply


def _clear_images(name: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        images: tuple[Image, ...] = _map_items(
            entry.images, lambda image: replace(image, **{name: None}))
        return replace(entry, images=images)

    return apply


# --- videos -----------------------------------------------------------------------------------


def check_videos(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``video:video``: required tags, limits, value formats, retired tags."""
    videos = entry.videos
    for index, video in enumerate(videos):
        which = _label("video", index, len(videos))
        _video_required(entry, video, which, report)
        _video_lengths(video, which, report)
        _video_numbers(index, video, which, report)
        _video_dates(index, video, which, report, ctx)
        _video_flags(index, video, which, report, ctx)
        _video_lists(index, video, which, report)
        _video_prices(video, which, report, ctx)
        if len(video.tags) > MAX_TAGS:
            report(VIDEO_TAGS, f"{which} has {len(video.tags)} <video:tag> elements; at most "
                               f"{MAX_TAGS} are allowed", field="videos")
    if videos:
        _video_deprecated(videos, report)


def _video_required(entry: Entry, video: Video, which: str, report: Reporter) -> None:
    for name in ("thumbnail_loc", "title", "description"):
        if _blank(getattr(video, name)):
            report(VIDEO_MISSING, f"{which} has no <video:{name}>, which Google requires",
                   field="videos")
    if _blank(video.content_loc) and _blank(video.player_loc):
        report(VIDEO_NO_LOCATION, f"{which} has neither <video:content_loc> nor "
                                  "<video:player_loc>: Google needs at least one",
               field="videos")
    page = normalize_url(entry.loc) if entry.loc else None
    for name in ("thumbnail_loc", "content_loc", "player_loc", "uploader_info"):
        value = getattr(video, name)
        if _blank(value):
            continue
        shown = "the info attribute of <video:uploader>" if name == "uploader_info" else (
            f"<video:{name}>")
        if not is_absolute_http(value.strip()):
            report(VIDEO_URL, f"{_at(which)}{shown} '{value}' is not an absolute http(s) URL",
                   field="videos")
        elif name in ("content_loc", "player_loc") and normalize_url(value) == page:
            report(VIDEO_LOCATION_IS_PAGE, f"{_at(which)}<video:{name}> is the page's own URL; it "
                                           "must point at the video file or player",
                   field="videos")
        elif name == "uploader_info" and entry.loc and is_absolute_http(entry.loc) and (
                _site(value) != _site(entry.loc)):
            report(VIDEO_UPLOADER_DOMAIN, f"{_at(which)}the uploader info page {value} is not on "
                                          "the page's site; Google wants it on the same domain",
                   field="videos")


def _video_lengths(video: Video, which: str, report: Reporter) -> None:
    if video.title is not None and len(video.title) > MAX_TITLE:
        report(VIDEO_TITLE_LONG, f"{_at(which)}<video:title> has {len(video.title)} "
                                 f"characters; the video XSD allows {MAX_TITLE}", field="videos")
    if video.description is not None and len(video.description) > MAX_DESCRIPTION:
        report(VIDEO_DESCRIPTION_LONG, f"{_at(which)}<video:description> has "
                                       f"{len(video.description):,} characters; at most "
                                       f"{MAX_DESCRIPTION:,} are allowed", field="videos")


def _video_numbers(index: int, video: Video, which: str, report: Reporter) -> None:
    duration = video.duration
    if duration is not None:
        _duration(index, duration, which, report)
    if video.rating is not None:
        rating = _decimal(video.rating)
        if rating is None or not Decimal(0) <= rating <= Decimal(5):
            report(VIDEO_RATING, f"{_at(which)}<video:rating> '{video.rating}' is not a number "
                                 "from 0.0 to 5.0", field="videos")
    if video.view_count is not None and not _INTEGER.fullmatch(video.view_count):
        report(VIDEO_VIEW_COUNT, f"{_at(which)}<video:view_count> '{video.view_count}' is not "
                                 "a whole number of views", field="videos")


def _duration(index: int, duration: str, which: str, report: Reporter) -> None:
    if _INTEGER.fullmatch(duration):
        seconds = int(duration)
        if seconds == 0:
            report(VIDEO_DURATION_ZERO, f"{_at(which)}<video:duration> is 0; Google wants 1 to "
                                        f"{MAX_DURATION:,} seconds (the XSD itself allows 0)",
                   field="videos")
        elif seconds > MAX_DURATION:
            report(VIDEO_DURATION, f"{_at(which)}<video:duration> {seconds:,} seconds is over the "
                                   f"{MAX_DURATION:,}-second (8-hour) limit", field="videos")
        return
    number = _decimal(duration)
    fix = None
    whole = None if number is None else max(1, int(number.to_integral_value(ROUND_HALF_UP)))
    if whole is not None and number is not None and number >= 0 and whole <= MAX_DURATION:
        rounded = str(whole)
        fix = QuickFix(f"Round duration to {rounded} seconds",
                       _set_video(index, duration=rounded))
        message = (f"{_at(which)}<video:duration> '{duration}' is not a whole number of seconds "
                   f"(write {rounded})")
    else:
        message = (f"{_at(which)}<video:duration> '{duration}' is not a number of seconds "
                   f"from 1 to {MAX_DURATION:,}")
    report(VIDEO_DURATION, message, field="videos", fix=fix)


def _decimal(text: str) -> Decimal | None:
    if not _DECIMAL.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _video_dates(index: int, video: Video, which: str, report: Reporter,
                 ctx: ValidationContext) -> None:
    for name in ("publication_date", "expiration_date"):
        text = getattr(video, name)
        if text is None:
            continue
        checked = _check_date(text, ctx.profile)
        if checked.problem is not None:
            fix = None
            if checked.suggestion is not None:
                fix = QuickFix(f"Change to {checked.suggestion}",
                               _set_video(index, **{name: checked.suggestion}))
            report(VIDEO_DATE, f"{_at(which)}<video:{name}> '{text}' {_clause(checked.problem)}",
                   field="videos", fix=fix)
        elif name == "expiration_date" and checked.value is not None and _is_past(
                checked.value, ctx.now):
            report(VIDEO_EXPIRED, f"{which} expired on {text}; Google no longer shows it in "
                                  "results (remove the video or the date)", field="videos")


def _clause(problem: str) -> str:
    """A date problem as the rest of a sentence that starts with the value."""
    return problem if problem.startswith("is ") else f"is not a valid date: {problem}"


_YES_NO_XSD = ("yes", "Yes", "YES", "no", "No", "NO")


def _video_flags(index: int, video: Video, which: str, report: Reporter,
                 ctx: ValidationContext) -> None:
    for name in ("family_friendly", "requires_subscription", "live"):
        value = getattr(video, name)
        if value is None or value in ("yes", "no"):
            continue
        fixed = value.lower()
        if fixed not in ("yes", "no"):
            report(VIDEO_YES_NO, f"{_at(which)}<video:{name}> is '{value}'; it must be 'yes' or "
                                 "'no'", field="videos")
        elif ctx.profile == Profile.XSD and value not in _YES_NO_XSD:
            report(VIDEO_YES_NO, f"{_at(which)}<video:{name}> is '{value}'; the XSD allows only "
                                 "yes, Yes, YES, no, No or NO", field="videos",
                   fix=QuickFix(f"Change to '{fixed}'", _set_video(index, **{name: fixed})))
        else:
            report(VIDEO_YES_NO_CASE, f"{_at(which)}<video:{name}> is '{value}'; Google documents "
                                      f"lower-case '{fixed}'", field="videos",
                   fix=QuickFix(f"Change to '{fixed}'", _set_video(index, **{name: fixed})))


def _video_lists(index: int, video: Video, which: str, report: Reporter) -> None:
    for name in ("restriction", "platform"):
        value = getattr(video, name)
        if value is None:
            continue
        attribute = f"{name}_relationship"
        relationship = getattr(video, attribute)
        if relationship is None:
            report(VIDEO_RELATIONSHIP, f"{_at(which)}<video:{name}> needs relationship=\"allow\" "
                                       "or relationship=\"deny\"", field="videos")
        elif relationship not in ("allow", "deny"):
            fixed = relationship.strip().lower()
            fix = None
            if fixed in ("allow", "deny"):
                fix = QuickFix(f"Change to relationship=\"{fixed}\"",
                               _set_video(index, **{attribute: fixed}))
            report(VIDEO_RELATIONSHIP, f"{_at(which)}<video:{name}> has relationship="
                                       f"\"{relationship}\"; it must be \"allow\" or \"deny\"",
                   field="videos", fix=fix)
    if video.restriction is not None:
        _restriction(index, video.restriction, which, report)
    if video.platform is not None:
        unknown = [p for p in video.platform.split() if p not in ("web", "mobile", "tv")]
        if unknown:
            shown = ", ".join(map(repr, unknown))
            report(VIDEO_PLATFORM, f"{_at(which)}<video:platform> {shown} is not one of web, "
                                   "mobile, tv (separated by spaces)", field="videos")


def _restriction(index: int, value: str, which: str, report: Reporter) -> None:
    codes = value.split()
    unknown = [c for c in codes if c.upper() not in REGIONS]
    if unknown or "," in value or ";" in value:
        hint = " (the United Kingdom is GB)" if "UK" in (c.upper() for c in codes) else ""
        shown = ", ".join(repr(c) for c in unknown) if unknown else f"'{value}'"
        report(VIDEO_RESTRICTION, f"{_at(which)}<video:restriction> {shown} is not a list of "
                                  f"ISO 3166 country codes separated by spaces{hint}",
               field="videos")
    elif any(c != c.upper() for c in codes):
        fixed = " ".join(c.upper() for c in codes)
        report(VIDEO_RESTRICTION_CASE, f"{_at(which)}<video:restriction> country codes are "
                                       f"written in upper case ('{fixed}')", field="videos",
               fix=QuickFix(f"Change to '{fixed}'", _set_video(index, restriction=fixed)))


def _video_prices(video: Video, which: str, report: Reporter, ctx: ValidationContext) -> None:
    for number, price in enumerate(video.prices, start=1):
        problem = _price_problem(price, ctx.profile)
        if problem is not None:
            label = "<video:price>" if len(video.prices) == 1 else f"<video:price> {number}"
            report(VIDEO_PRICE, f"{_at(which)}{label}: {problem}", field="videos")


def _price_problem(price: Price, profile: Profile) -> str | None:
    amount = price.value or ""
    if amount:
        number = _decimal(amount)
        if number is None or number < 0:
            return f"'{amount}' is not an amount such as 1.99"
        if price.currency is None:
            return "an amount needs a currency attribute (ISO 4217, such as EUR)"
    elif price.type is None:
        return "a price without an amount needs a type attribute"
    if price.currency is not None and price.currency not in CURRENCIES:
        upper = price.currency.upper()
        if upper in CURRENCIES:
            return f"currency '{price.currency}' is written in upper case: '{upper}'"
        return f"currency '{price.currency}' is not an ISO 4217 code such as USD or EUR"
    if price.type is not None:
        if profile == Profile.XSD:
            if price.type not in ("purchase", "PURCHASE", "rent", "RENT"):
                meant = " ('own' is 'purchase' in the XSD)" if price.type.lower() == "own" else ""
                return f"type '{price.type}' is not 'purchase' or 'rent'{meant}"
        elif price.type.lower() not in ("rent", "own", "purchase"):
            return f"type '{price.type}' is not 'rent' or 'own'"
    if price.resolution is not None:
        allowed = ("hd", "HD", "sd", "SD") if profile == Profile.XSD else None
        if (allowed is not None and price.resolution not in allowed) or (
                price.resolution.lower() not in ("hd", "sd")):
            return f"resolution '{price.resolution}' is not 'hd' or 'sd'"
    return None


def _video_deprecated(videos: tuple[Video, ...], report: Reporter) -> None:
    checks: list[tuple[Rule, str, str, Callable[[Video], bool], dict[str, Any]]] = [
        (DEPRECATED_VIDEO_CATEGORY, "<video:category>", "<video:category>",
         lambda v: v.category is not None, {"category": None}),
        (DEPRECATED_VIDEO_GALLERY, "<video:gallery_loc>", "<video:gallery_loc>",
         lambda v: v.gallery_loc is not None, {"gallery_loc": None}),
        (DEPRECATED_VIDEO_PRICE, "<video:price>", "<video:price>", lambda v: bool(v.prices),
         {"prices": ()}),
        (DEPRECATED_VIDEO_TVSHOW, "<video:tvshow>", "<video:tvshow>", lambda v: v.has_tvshow,
         {"has_tvshow": False}),
        (DEPRECATED_VIDEO_PLAYER, "the allow_embed and autoplay attributes of "
                                  "<video:player_loc>",
         "allow_embed and autoplay from <video:player_loc>",
         lambda v: v.player_loc_allow_embed is not None or v.player_loc_autoplay is not None,
         {"player_loc_allow_embed": None, "player_loc_autoplay": None}),
    ]
    for found, what, label, present, cleared in checks:
        count = sum(1 for video in videos if present(video))
        if not count:
            continue
        where = "" if len(videos) == 1 else f" (on {count} of {len(videos)} videos)"
        verb, it = ("are", "them") if what.startswith("the ") else ("is", "it")
        report(found, f"{what}{where} {verb} ignored: Google retired {it} in {RETIRED} (the old "
                      f"video XSD still lists {it})", field="videos",
               fix=QuickFix(f"Remove {label}", _clear_videos(cleared)))


def _set_video(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.videos):
            return entry
        videos = list(entry.videos)
        videos[index] = replace(videos[index], **changes)
        return replace(entry, videos=tuple(videos))

    return apply


def _clear_videos(changes: dict[str, Any]) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        videos: tuple[Video, ...] = _map_items(
            entry.videos, lambda video: replace(video, **changes))
        return replace(entry, videos=videos)

    return apply


# --- news -------------------------------------------------------------------------------------


def check_news(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``news:news``: required tags, language code, publication date, retired tags."""
    items = entry.news
    for index, news in enumerate(items):
        which = _label("news item", index, len(items))
        for name, shown in (("publication_name", "<news:publication><news:name>"),
                            ("publication_language", "<news:publication><news:language>"),
                            ("publication_date", "<news:publication_date>"),
                            ("title", "<news:title>")):
            if _blank(getattr(news, name)):
                report(NEWS_MISSING, f"{which} has no {shown}, which Google requires",
                       field="news")
        if not _blank(news.publication_language):
            _news_language(index, news, which, report)
        if not _blank(news.publication_date):
            _news_date(index, news, which, report, ctx)
    if items:
        _news_deprecated(items, report)


def _news_language(index: int, news: News, which: str, report: Reporter) -> None:
    value = news.publication_language or ""
    if _news_code(value):
        return
    lowered = value.strip().lower().replace("_", "-")
    if _news_code(lowered):
        report(NEWS_LANGUAGE_CASE, f"{_at(which)}<news:language> '{value}' is written '{lowered}'",
               field="news", fix=QuickFix(f"Change to '{lowered}'",
                                          _set_news(index, publication_language=lowered)))
        return
    language = lowered.split("-")[0]
    meant = {"zh-hans": "zh-cn", "zh-sg": "zh-cn", "zh-hant": "zh-tw", "zh-hk": "zh-tw"}.get(
        lowered, language if language in LANGUAGES else None)
    fix = None
    if meant is not None:
        fix = QuickFix(f"Change to '{meant}'", _set_news(index, publication_language=meant))
        message = (f"{_at(which)}<news:language> '{value}' is not what Google News expects: "
                   f"use the ISO 639 code alone ('{meant}'); only Chinese takes zh-cn or zh-tw")
    else:
        message = (f"{_at(which)}<news:language> '{value}' is not an ISO 639 language code "
                   "(such as en, de, or zh-cn / zh-tw for Chinese)")
    report(NEWS_LANGUAGE, message, field="news", fix=fix)


def _news_code(value: str) -> bool:
    """ISO 639 (two letters from ISO 639-1, or any three), or zh-cn / zh-tw, in lower case."""
    if value in ("zh-cn", "zh-tw"):
        return True
    return bool(re.fullmatch(r"[a-z]{3}", value)) or value in LANGUAGES


def _news_date(index: int, news: News, which: str, report: Reporter,
               ctx: ValidationContext) -> None:
    text = news.publication_date or ""
    checked = _check_date(text, ctx.profile)
    if checked.problem is not None:
        fix = None
        if checked.suggestion is not None:
            fix = QuickFix(f"Change to {checked.suggestion}",
                           _set_news(index, publication_date=checked.suggestion))
        report(NEWS_DATE, f"{_at(which)}<news:publication_date> '{text}' "
                          f"{_clause(checked.problem)}", field="news", fix=fix)
    elif checked.value is not None and ctx.now - checked.value.to_datetime() > NEWS_MAX_AGE:
        report(NEWS_OLD, f"{which} was published {text}, more than two days ago; Google News "
                         "only reads articles from the last two days", field="news")


def _news_deprecated(items: tuple[News, ...], report: Reporter) -> None:
    for name, found in DEPRECATED_NEWS.items():
        count = sum(1 for news in items if getattr(news, name) is not None)
        if not count:
            continue
        where = "" if len(items) == 1 else f" (on {count} of {len(items)} news items)"
        report(found, f"<news:{name}>{where} is ignored: Google's News sitemap documentation "
                      f"has dropped it (since {RETIRED}; the old news XSD still lists it)",
               field="news", fix=QuickFix(f"Remove <news:{name}>", _clear_news(name)))


def _set_news(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.news):
            return entry
        items = list(entry.news)
        items[index] = replace(items[index], **changes)
        return replace(entry, news=tuple(items))

    return apply


def _clear_news(name: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        items: tuple[News, ...] = _map_items(entry.news, lambda news: replace(news, **{name: None}))
        return replace(entry, news=items)

    return apply


def check_news_count(count: int, report: Reporter) -> None:
    """File level: Google reads at most 1,000 ``news:news`` per sitemap."""
    if count > MAX_NEWS:
        report(NEWS_TOO_MANY, f"{count:,} news items in one sitemap; Google News reads at most "
                              f"{MAX_NEWS:,}: split the file or drop older articles",
               field="news")


# --- mobile -----------------------------------------------------------------------------------


def check_mobile(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``mobile:mobile``: Google retired mobile (feature-phone) sitemaps."""
    del ctx
    if entry.mobile:
        report(DEPRECATED_MOBILE, f"<mobile:mobile> is ignored: Google retired mobile sitemaps "
                                  f"in {RETIRED} (the old mobile XSD still lists the tag)",
               field="mobile", fix=QuickFix("Remove <mobile:mobile>", _drop_mobile))


def _drop_mobile(entry: Entry) -> Entry:
    return replace(entry, mobile=False)
