"""Hreflang links of one entry on their own: absolute hrefs, valid values, one page per value.

Every hreflang link has an absolute http(s) ``href``, a valid BCP 47
``hreflang`` (or ``x-default``, judged by :mod:`bcp47`) and ``rel="alternate"``;
no hreflang value names two pages; no page is labelled with two languages; at
most one x-default. What needs the other pages of a cluster is checked by
:class:`~sitemap_studio.core.validation.hreflang.HreflangIndex`.

Links without an ``hreflang`` attribute (AMP ``rel="amphtml"``, app links,
``media`` alternates for separate mobile pages) are not hreflang annotations and
are left alone here. URLs are compared in the form ``core.urls.normalize_url``
gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from urllib.parse import urljoin

from sitemap_studio.core.model.entries import Alternate, Entry
from sitemap_studio.core.model.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.urls.parsing import normalize_url, split_host
from sitemap_studio.core.validation.bcp47 import check_hreflang_value
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import rule

E, W = Severity.ERROR, Severity.WARNING
GOOGLE = RuleSource.GOOGLE

HREF = rule("hreflang-href-invalid", E, GOOGLE,
            "an hreflang link's href is an absolute http(s) URL")
REL = rule("hreflang-rel", W, GOOGLE, "a link with hreflang has rel=\"alternate\"",
           fix="set rel=\"alternate\"")
DUPLICATE_VALUE = rule("hreflang-duplicate-value", W, GOOGLE,
                       "one hreflang value names one page per entry")
CONFLICT = rule("hreflang-conflict", W, GOOGLE,
                "a page is labelled with one language, by itself and by the rest of its cluster")
X_DEFAULT = rule("hreflang-x-default", W, GOOGLE, "a cluster has at most one x-default page")

FIELD = "alternates"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


# --- URLs -------------------------------------------------------------------------------------


def is_absolute_http(url: str | None) -> bool:
    """Whether ``url`` is an absolute http(s) URL with a plausible host and no blanks."""
    if not url or any(ch.isspace() or ord(ch) < 0x20 for ch in url):
        return False
    found = split_host(url)
    if found is None or found[0] not in ("http", "https"):
        return False
    host = found[1]
    if ":" in host:
        return True  # an IPv6 literal, brackets already checked
    return all(label and all(c.isalnum() or c == "-" for c in label)
               and not label.startswith("-") and not label.endswith("-")
               for label in host.removesuffix(".").split("."))


def absolute_from(url: str, page: str | None) -> str | None:
    """``url`` resolved against the page's absolute http(s) URL, when that gives one.

    ``None`` when there is no such page URL or ``url`` has a scheme of its own.
    """
    text = url.strip()
    if not text or page is None or not is_absolute_http(page.strip()):
        return None
    if _SCHEME.match(text):
        return None
    joined = urljoin(page.strip(), text)
    return joined if is_absolute_http(joined) else None


# --- per-entry checks -------------------------------------------------------------------------


def primary_language(value: str) -> str:
    """The lower-case language subtag of an hreflang value, or 'x-default'."""
    lowered = value.strip().lower()
    return lowered if lowered == "x-default" else lowered.replace("_", "-").split("-")[0]


def _replace_alternate(index: int, before: Alternate, after: Alternate) -> Callable[[Entry], Entry]:
    """A fix that swaps one link for its corrected form (found again by value if rows moved)."""

    def apply(entry: Entry) -> Entry:
        links = list(entry.alternates)
        if index < len(links) and links[index] == before:
            links[index] = after
        elif before in links:
            links[links.index(before)] = after
        else:
            return entry
        return replace(entry, alternates=tuple(links))

    return apply


def check_alternates(entry: Entry, report: Reporter, ctx: ValidationContext) -> None:
    """Check one entry's ``xhtml:link`` hreflang annotations on their own."""
    del ctx  # the same rules under every profile: sitemaps.org and the XSDs say nothing here
    by_value: dict[str, set[str]] = {}
    by_href: dict[str, dict[str, str]] = {}
    shown_href: dict[str, str] = {}
    for index, link in enumerate(entry.alternates):
        if link.hreflang is None:
            continue
        _check_link(index, link, entry.loc, report)
        if not link.href or not link.href.strip():
            continue
        href = normalize_url(link.href)
        shown_href.setdefault(href, link.href.strip())
        by_value.setdefault(link.hreflang.strip().lower(), set()).add(href)
        by_href.setdefault(href, {}).setdefault(primary_language(link.hreflang),
                                                link.hreflang.strip())
    for value, hrefs in by_value.items():
        if len(hrefs) < 2:
            continue
        pages = _listing(shown_href[h] for h in sorted(hrefs))
        if value == "x-default":
            report(X_DEFAULT, f"{len(hrefs)} different x-default pages ({pages}); a cluster has "
                              "at most one fallback page", field=FIELD)
        else:
            report(DUPLICATE_VALUE, f"hreflang '{value}' is given to {len(hrefs)} different "
                                    f"pages ({pages}); each language-region names one page",
                   field=FIELD)
    for href, labels in by_href.items():
        languages = {p: v for p, v in labels.items() if p != "x-default"}
        if len(languages) > 1:
            values = ", ".join(f"'{v}'" for v in languages.values())
            report(CONFLICT, f"{shown_href[href]} is labelled with different languages "
                             f"({values}); a page is in one language", field=FIELD)


def _check_link(index: int, link: Alternate, page: str | None, report: Reporter) -> None:
    assert link.hreflang is not None
    if not link.href or not link.href.strip():
        report(HREF, f"the '{link.hreflang}' link has no href", field=FIELD)
    elif not is_absolute_http(link.href.strip()):
        href = link.href.strip()
        why = "is protocol-relative" if href.startswith("//") else "is not an absolute http(s) URL"
        absolute = absolute_from(href, page)
        fix = None if absolute is None else QuickFix(f"Change href to {absolute}", (
            _replace_alternate(index, link, replace(link, href=absolute))))
        report(HREF, f"the '{link.hreflang}' link's href '{href}' {why}; hreflang links need the "
                     "full URL with https:// or http://", field=FIELD, fix=fix)
    problem = check_hreflang_value(link.hreflang)
    if problem is not None:
        fix = None
        if problem.suggestion is not None:
            fix = QuickFix(f"Change hreflang to '{problem.suggestion}'", _replace_alternate(
                index, link, replace(link, hreflang=problem.suggestion)))
        report(problem.rule, problem.message, field=FIELD, fix=fix)
    rels = (link.rel or "").lower().split()
    if "alternate" not in rels:
        shown = f"rel=\"{link.rel}\"" if link.rel is not None else "no rel"
        report(REL, f"the '{link.hreflang}' link has {shown}; hreflang links are "
                    "rel=\"alternate\"", field=FIELD,
               fix=QuickFix("Set rel=\"alternate\"", _replace_alternate(
                   index, link, replace(link, rel="alternate"))))


def _listing(items: Iterable[str], limit: int = 3) -> str:
    shown = list(items)
    text = ", ".join(shown[:limit])
    return text + (f" and {len(shown) - limit} more" if len(shown) > limit else "")
