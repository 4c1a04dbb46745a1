"""Google's video sitemap extension (``video:video``): required tags, limits, value formats.

Source: Google Search Central's video sitemap documentation and the video XSD
Google published (``../shared/schemas``). Under the XSD profile a few rules
follow the schema where it differs from Google (title length, the spelling of
yes/no, price attributes, country case). The tags Google retired in 2022 are
checked in :mod:`deprecated_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from sitemap_studio.core.model.entries import Entry, Price, Video
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.model.w3c_dates import W3CDateTime
from sitemap_studio.core.urls.parsing import normalize_url, split_host
from sitemap_studio.core.validation.bcp47 import REGIONS, codes
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.deprecated_rules import check_retired_video_tags
from sitemap_studio.core.validation.extension_helpers import (
    check_date,
    date_clause,
    is_blank,
    item_label,
    item_prefix,
    lacks,
)
from sitemap_studio.core.validation.extension_structure import padding
from sitemap_studio.core.validation.hreflang_links import is_absolute_http
from sitemap_studio.core.validation.registry import Profile, rule

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

MAX_TAGS = 32
MAX_TITLE = 100
MAX_DESCRIPTION = 2_048
MAX_DURATION = 28_800

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

#: xsd:nonNegativeInteger's lexical space: '-0' is zero; other negative numbers are ruled out
#: by value.
_INTEGER = re.compile(r"[+-]?\d+")
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")


def _is_past(value: W3CDateTime, now: datetime) -> bool:
    if value.hour is None:
        return date(value.year, value.month or 1, value.day or 1) < now.astimezone(UTC).date()
    return value.to_datetime() < now


def _site(url: str) -> str | None:
    """The host of ``url`` without a leading 'www.', to compare sites loosely."""
    found = split_host(url)
    return None if found is None else found[1].removeprefix("www.")


def check_videos(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``video:video``: required tags, limits, value formats, retired tags."""
    videos = entry.videos
    for index, video in enumerate(videos):
        which = item_label("video", index, len(videos))
        _video_required(entry, video, which, report)
        _video_lengths(video, which, report, ctx.profile)
        _video_numbers(index, video, which, report)
        _video_dates(index, video, which, report, ctx)
        _video_flags(index, video, which, report, ctx)
        _video_lists(index, video, which, report)
        _video_prices(video, which, report, ctx)
        if len(video.tags) > MAX_TAGS:
            report(VIDEO_TAGS, f"{which} has {len(video.tags)} <video:tag> elements; at most "
                               f"{MAX_TAGS} are allowed", field="videos")
    if videos:
        check_retired_video_tags(videos, report)


def _video_required(entry: Entry, video: Video, which: str, report: Reporter) -> None:
    for name in ("thumbnail_loc", "title", "description"):
        if is_blank(getattr(video, name)):
            value = getattr(video, name)
            report(VIDEO_MISSING, f"{lacks(which, f'<video:{name}>', value)}, which Google "
                                  "requires", field="videos",
                   element=None if value is None else f"video:{name}")
    if is_blank(video.content_loc) and is_blank(video.player_loc):
        report(VIDEO_NO_LOCATION, f"{which} has neither <video:content_loc> nor "
                                  "<video:player_loc>: Google needs at least one",
               field="videos")
    page = normalize_url(entry.loc) if entry.loc else None
    for name in ("thumbnail_loc", "content_loc", "player_loc", "uploader_info"):
        value = getattr(video, name)
        if is_blank(value):
            continue
        shown = "the info attribute of <video:uploader>" if name == "uploader_info" else (
            f"<video:{name}>")
        if not is_absolute_http(value.strip()):
            report(VIDEO_URL, f"{item_prefix(which)}{shown} '{value}' is not an absolute http(s) "
                              "URL", field="videos")
        elif name in ("content_loc", "player_loc") and normalize_url(value) == page:
            report(VIDEO_LOCATION_IS_PAGE, f"{item_prefix(which)}<video:{name}> is the page's own "
                                           "URL; it must point at the video file or player",
                   field="videos")
        elif name == "uploader_info" and entry.loc and is_absolute_http(entry.loc) and (
                _site(value) != _site(entry.loc)):
            report(VIDEO_UPLOADER_DOMAIN, f"{item_prefix(which)}the uploader info page {value} is "
                                          "not on the page's site; Google wants it on the same "
                                          "domain",
                   field="videos")


def _video_lengths(video: Video, which: str, report: Reporter, profile: Profile) -> None:
    for name, limit, found in (("title", MAX_TITLE, VIDEO_TITLE_LONG),
                               ("description", MAX_DESCRIPTION, VIDEO_DESCRIPTION_LONG)):
        text = getattr(video, name)
        if text is None:
            continue
        # The XSD's maxLength counts the blanks around the value (xsd:string keeps them).
        blanks = padding(video, name) if profile == Profile.XSD else 0
        length = len(text) + blanks
        if length <= limit:
            continue
        counted = (f" as written ({len(text):,} without the blanks around it)" if blanks
                   else "")
        allowed = (f"the video XSD allows {limit}" if name == "title"
                   else f"at most {limit:,} are allowed")
        report(found, f"{item_prefix(which)}<video:{name}> has {length:,} characters{counted}; "
                      f"{allowed}", field="videos")


def _video_numbers(index: int, video: Video, which: str, report: Reporter) -> None:
    duration = video.duration
    if duration is not None:
        _duration(index, duration, which, report)
    if video.rating is not None:
        rating = _decimal(video.rating)
        if rating is None or not Decimal(0) <= rating <= Decimal(5):
            report(VIDEO_RATING, f"{item_prefix(which)}<video:rating> '{video.rating}' is not a "
                                 "number from 0.0 to 5.0", field="videos")
    if video.view_count is not None and not (_INTEGER.fullmatch(video.view_count)
                                             and int(video.view_count) >= 0):
        report(VIDEO_VIEW_COUNT, f"{item_prefix(which)}<video:view_count> '{video.view_count}' is "
                                 "not a whole number of views", field="videos")


def _duration(index: int, duration: str, which: str, report: Reporter) -> None:
    if _INTEGER.fullmatch(duration) and int(duration) >= 0:
        seconds = int(duration)
        if seconds == 0:
            report(VIDEO_DURATION_ZERO, f"{item_prefix(which)}<video:duration> is 0; Google wants "
                                        f"1 to {MAX_DURATION:,} seconds (the XSD itself allows 0)",
                   field="videos")
        elif seconds > MAX_DURATION:
            report(VIDEO_DURATION, f"{item_prefix(which)}<video:duration> {seconds:,} seconds is "
                                   f"over the {MAX_DURATION:,}-second (8-hour) limit",
                   field="videos")
        return
    number = _decimal(duration)
    fix = None
    whole = None if number is None else max(1, int(number.to_integral_value(ROUND_HALF_UP)))
    if whole is not None and number is not None and number >= 0 and whole <= MAX_DURATION:
        rounded = str(whole)
        fix = QuickFix(f"Round duration to {rounded} seconds",
                       _set_video(index, duration=rounded))
        message = (f"{item_prefix(which)}<video:duration> '{duration}' is not a whole number of "
                   f"seconds (write {rounded})")
    else:
        message = (f"{item_prefix(which)}<video:duration> '{duration}' is not a number of seconds "
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
        checked = check_date(text, ctx.profile)
        if checked.problem is not None:
            fix = None
            if checked.suggestion is not None:
                fix = QuickFix(f"Change to {checked.suggestion}",
                               _set_video(index, **{name: checked.suggestion}))
            report(VIDEO_DATE, f"{item_prefix(which)}<video:{name}> '{text}' "
                               f"{date_clause(checked.problem)}", field="videos", fix=fix)
        elif name == "expiration_date" and checked.value is not None and _is_past(
                checked.value, ctx.now):
            report(VIDEO_EXPIRED, f"{which} expired on {text}; Google no longer shows it in "
                                  "results (remove the video or the date)", field="videos")


_YES_NO_XSD = ("yes", "Yes", "YES", "no", "No", "NO")


def _video_flags(index: int, video: Video, which: str, report: Reporter,
                 ctx: ValidationContext) -> None:
    for name in ("family_friendly", "requires_subscription", "live"):
        value = getattr(video, name)
        if value is None or value in ("yes", "no"):
            continue
        fixed = value.lower()
        if fixed not in ("yes", "no"):
            report(VIDEO_YES_NO, f"{item_prefix(which)}<video:{name}> is '{value}'; it must be "
                                 "'yes' or 'no'", field="videos")
        elif ctx.profile == Profile.XSD and value not in _YES_NO_XSD:
            report(VIDEO_YES_NO, f"{item_prefix(which)}<video:{name}> is '{value}'; the XSD allows "
                                 "only yes, Yes, YES, no, No or NO", field="videos",
                   fix=QuickFix(f"Change to '{fixed}'", _set_video(index, **{name: fixed})))
        else:
            report(VIDEO_YES_NO_CASE, f"{item_prefix(which)}<video:{name}> is '{value}'; Google "
                                      f"documents lower-case '{fixed}'", field="videos",
                   fix=QuickFix(f"Change to '{fixed}'", _set_video(index, **{name: fixed})))


def _video_lists(index: int, video: Video, which: str, report: Reporter) -> None:
    for name in ("restriction", "platform"):
        value = getattr(video, name)
        if value is None:
            continue
        attribute = f"{name}_relationship"
        relationship = getattr(video, attribute)
        if relationship is None:
            report(VIDEO_RELATIONSHIP, f"{item_prefix(which)}<video:{name}> needs "
                                       "relationship=\"allow\" or relationship=\"deny\"",
                   field="videos")
        elif relationship not in ("allow", "deny"):
            fixed = relationship.strip().lower()
            fix = None
            if fixed in ("allow", "deny"):
                fix = QuickFix(f"Change to relationship=\"{fixed}\"",
                               _set_video(index, **{attribute: fixed}))
            report(VIDEO_RELATIONSHIP, f"{item_prefix(which)}<video:{name}> has relationship="
                                       f"\"{relationship}\"; it must be \"allow\" or \"deny\"",
                   field="videos", fix=fix)
    if video.restriction is not None:
        _restriction(index, video.restriction, which, report)
    if video.platform is not None:
        unknown = [p for p in video.platform.split() if p not in ("web", "mobile", "tv")]
        if unknown:
            shown = ", ".join(map(repr, unknown))
            report(VIDEO_PLATFORM, f"{item_prefix(which)}<video:platform> {shown} is not one of "
                                   "web, mobile, tv (separated by spaces)", field="videos")


def _restriction(index: int, value: str, which: str, report: Reporter) -> None:
    codes = value.split()
    unknown = [c for c in codes if c.upper() not in REGIONS]
    if unknown or "," in value or ";" in value:
        hint = " (the United Kingdom is GB)" if "UK" in (c.upper() for c in codes) else ""
        shown = ", ".join(repr(c) for c in unknown) if unknown else f"'{value}'"
        report(VIDEO_RESTRICTION, f"{item_prefix(which)}<video:restriction> {shown} is not a list "
                                  f"of ISO 3166 country codes separated by spaces{hint}",
               field="videos")
    elif any(c != c.upper() for c in codes):
        fixed = " ".join(c.upper() for c in codes)
        report(VIDEO_RESTRICTION_CASE, f"{item_prefix(which)}<video:restriction> country codes are "
                                       f"written in upper case ('{fixed}')", field="videos",
               fix=QuickFix(f"Change to '{fixed}'", _set_video(index, restriction=fixed)))


def _video_prices(video: Video, which: str, report: Reporter, ctx: ValidationContext) -> None:
    for number, price in enumerate(video.prices, start=1):
        problem = _price_problem(price, ctx.profile)
        if problem is not None:
            label = "<video:price>" if len(video.prices) == 1 else f"<video:price> {number}"
            report(VIDEO_PRICE, f"{item_prefix(which)}{label}: {problem}", field="videos")


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


def _set_video(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.videos):
            return entry
        videos = list(entry.videos)
        videos[index] = replace(videos[index], **changes)
        return replace(entry, videos=tuple(videos))

    return apply
