"""Google's news sitemap extension (``news:news``): required tags, language, date, the limit.

Source: Google Search Central's news sitemap documentation and the news XSD
Google published (``../shared/schemas``). The tags the documentation dropped
in 2022 are checked in :mod:`deprecated_rules`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

from sitemap_studio.core.model.entries import Entry, News
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.validation.bcp47 import LANGUAGES
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.deprecated_rules import check_retired_news_tags
from sitemap_studio.core.validation.extension_helpers import (
    check_date,
    date_clause,
    is_blank,
    item_label,
    item_prefix,
    lacks,
)
from sitemap_studio.core.validation.registry import rule

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
GOOGLE = RuleSource.GOOGLE

MAX_NEWS = 1_000
NEWS_MAX_AGE = timedelta(days=2)

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


def check_news(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """``news:news``: required tags, language code, publication date, retired tags."""
    items = entry.news
    for index, news in enumerate(items):
        which = item_label("news item", index, len(items))
        for name, shown in (("publication_name", "<news:publication><news:name>"),
                            ("publication_language", "<news:publication><news:language>"),
                            ("publication_date", "<news:publication_date>"),
                            ("title", "<news:title>")):
            value = getattr(news, name)
            if is_blank(value):
                element = shown[shown.rindex("<") + 1 : -1]  # the empty one: "news:title"
                report(NEWS_MISSING, f"{lacks(which, shown, value)}, which Google requires",
                       field="news", element=None if value is None else element)
        if not is_blank(news.publication_language):
            _news_language(index, news, which, report)
        if not is_blank(news.publication_date):
            _news_date(index, news, which, report, ctx)
    if items:
        check_retired_news_tags(items, report)


def _news_language(index: int, news: News, which: str, report: Reporter) -> None:
    value = news.publication_language or ""
    if _news_code(value):
        return
    lowered = value.strip().lower().replace("_", "-")
    if _news_code(lowered):
        report(NEWS_LANGUAGE_CASE, f"{item_prefix(which)}<news:language> '{value}' is written "
                                   f"'{lowered}'", field="news",
               fix=QuickFix(f"Change to '{lowered}'",
                            _set_news(index, publication_language=lowered)))
        return
    language = lowered.split("-")[0]
    meant = {"zh-hans": "zh-cn", "zh-sg": "zh-cn", "zh-hant": "zh-tw", "zh-hk": "zh-tw"}.get(
        lowered, language if language in LANGUAGES else None)
    fix = None
    if meant is not None:
        fix = QuickFix(f"Change to '{meant}'", _set_news(index, publication_language=meant))
        message = (f"{item_prefix(which)}<news:language> '{value}' is not what Google News "
                   f"expects: use the ISO 639 code alone ('{meant}'); only Chinese takes zh-cn "
                   "or zh-tw")
    else:
        message = (f"{item_prefix(which)}<news:language> '{value}' is not an ISO 639 language "
                   "code (such as en, de, or zh-cn / zh-tw for Chinese)")
    report(NEWS_LANGUAGE, message, field="news", fix=fix)


def _news_code(value: str) -> bool:
    """ISO 639 (two letters from ISO 639-1, or any three), or zh-cn / zh-tw, in lower case."""
    if value in ("zh-cn", "zh-tw"):
        return True
    return bool(re.fullmatch(r"[a-z]{3}", value)) or value in LANGUAGES


def _news_date(index: int, news: News, which: str, report: Reporter,
               ctx: ValidationContext) -> None:
    text = news.publication_date or ""
    checked = check_date(text, ctx.profile)
    if checked.problem is not None:
        fix = None
        if checked.suggestion is not None:
            fix = QuickFix(f"Change to {checked.suggestion}",
                           _set_news(index, publication_date=checked.suggestion))
        report(NEWS_DATE, f"{item_prefix(which)}<news:publication_date> '{text}' "
                          f"{date_clause(checked.problem)}", field="news", fix=fix)
    elif checked.value is not None and ctx.now - checked.value.to_datetime() > NEWS_MAX_AGE:
        report(NEWS_OLD, f"{which} was published {text}, more than two days ago; Google News "
                         "only reads articles from the last two days", field="news")


def _set_news(index: int, **changes: Any) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if index >= len(entry.news):
            return entry
        items = list(entry.news)
        items[index] = replace(items[index], **changes)
        return replace(entry, news=tuple(items))

    return apply


def check_news_count(count: int, report: Reporter) -> None:
    """File level: Google reads at most 1,000 ``news:news`` per sitemap."""
    if count > MAX_NEWS:
        report(NEWS_TOO_MANY, f"{count:,} news items in one sitemap; Google News reads at most "
                              f"{MAX_NEWS:,}: split the file or drop older articles",
               field="news")
