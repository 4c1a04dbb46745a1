"""Hreflang alternates (``xhtml:link``): per-entry checks and the cross-document cluster index.

Two halves:

* :func:`check_alternates` looks at one entry alone: every hreflang link has an
  absolute http(s) ``href``, a valid BCP 47 ``hreflang`` (or ``x-default``) and
  ``rel="alternate"``; no hreflang value names two pages; no page is labelled
  with two languages; at most one x-default.
* :class:`HreflangIndex` holds the links of every entry of a project (or of one
  document) and reports what needs the other pages: each page lists itself,
  every link is returned (Google ignores a pair that is not reciprocal), the
  cluster agrees on one x-default and on each page's language.

Links without an ``hreflang`` attribute (AMP ``rel="amphtml"``, app links,
``media`` alternates for separate mobile pages) are not hreflang annotations and
are left alone here.

The code lists below are compact copies of ISO 639-1, ISO 3166-1 alpha-2 and
the UN M.49 area codes that the IANA language subtag registry accepts, enough
to catch the usual mistakes offline (``extensions`` reuses them for news
languages and video country restrictions). URLs are compared in the form
``core.urls.normalize_url`` gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from urllib.parse import urljoin

from sitemap_studio.core.entries import Alternate, Entry
from sitemap_studio.core.findings import QuickFix, RuleSource, Severity
from sitemap_studio.core.urls import normalize_url, split_host
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import Rule, rule

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
GOOGLE = RuleSource.GOOGLE

# --- code lists -------------------------------------------------------------------------------


def codes(text: str) -> frozenset[str]:
    """A code list written as blank-separated words."""
    return frozenset(text.split())


#: ISO 639-1 two-letter language codes (lower case).
LANGUAGES = codes("""
aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy
da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu
hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb
lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om
or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw
ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
""")

#: ISO 3166-1 alpha-2 country codes (upper case).
REGIONS = codes("""
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ
EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW
GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY
KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV
MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG
TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM
ZW
""")

#: UN M.49 area codes that BCP 47 accepts as a region (``es-419`` is Latin American Spanish).
M49_AREAS = codes("""
001 002 003 005 009 011 013 014 015 017 018 019 021 029 030 034 035 039 053 054 057 061 142
143 145 150 151 154 155 202 419
""")

#: Withdrawn ISO 639 codes still seen in the wild, and their replacements.
DEPRECATED_LANGUAGES = {"iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"}

#: Three-letter ISO 639-2/3 codes of languages that have a two-letter code (BCP 47 wants it).
LONG_LANGUAGES = {
    "ara": "ar", "bul": "bg", "cat": "ca", "ces": "cs", "cze": "cs", "chi": "zh", "zho": "zh",
    "dan": "da", "deu": "de", "ger": "de", "dut": "nl", "nld": "nl", "ell": "el", "gre": "el",
    "eng": "en", "est": "et", "fas": "fa", "per": "fa", "fin": "fi", "fra": "fr", "fre": "fr",
    "heb": "he", "hin": "hi", "hrv": "hr", "hun": "hu", "ind": "id", "ita": "it", "jpn": "ja",
    "kor": "ko", "lav": "lv", "lit": "lt", "may": "ms", "msa": "ms", "nor": "no", "pol": "pl",
    "por": "pt", "ron": "ro", "rum": "ro", "rus": "ru", "slk": "sk", "slo": "sk", "slv": "sl",
    "spa": "es", "srp": "sr", "swe": "sv", "tha": "th", "tur": "tr", "ukr": "uk", "vie": "vi",
}

#: Language codes that are far more often meant as a country, with what was probably meant.
AMBIGUOUS_LANGUAGES = {
    "uk": ("Ukrainian", "the United Kingdom", "en-GB"),
    "se": ("Northern Sami", "Sweden", "sv-SE"),
    "kr": ("Kanuri", "South Korea", "ko-KR"),
    "br": ("Breton", "Brazil", "pt-BR"),
    "ee": ("Ewe", "Estonia", "et-EE"),
    "si": ("Sinhala", "Slovenia", "sl-SI"),
    "ie": ("Interlingue", "Ireland", "en-IE"),
}

#: Country codes used alone as if they were languages, with the usual intended tag.
REGION_ONLY = {
    "us": "en-US", "gb": "en-GB", "jp": "ja-JP", "cn": "zh-CN", "dk": "da-DK", "cz": "cs-CZ",
    "gr": "el-GR", "ua": "uk-UA", "il": "he-IL", "vn": "vi-VN", "at": "de-AT", "mx": "es-MX",
    "au": "en-AU", "nz": "en-NZ", "rs": "sr-RS", "by": "be-BY", "kz": "kk-KZ", "ir": "fa-IR",
    "pk": "ur-PK",
}

#: Region codes that are not ISO 3166-1 but are common slips, with the code meant.
REGION_SLIPS = {"UK": "GB"}

# --- rules ------------------------------------------------------------------------------------

HREF = rule("hreflang-href-invalid", E, GOOGLE,
            "an hreflang link's href is an absolute http(s) URL")
INVALID = rule("hreflang-invalid", E, GOOGLE,
               "hreflang is 'x-default' or language[-script][-region] (BCP 47 as Google reads it)")
UNDERSCORE = rule("hreflang-underscore", E, GOOGLE,
                  "hreflang separates its parts with '-', not '_' (en-US, not en_US)",
                  fix="replace '_' with '-'")
LANGUAGE_UNKNOWN = rule("hreflang-language-unknown", E, GOOGLE,
                        "the language is an ISO 639-1 code")
REGION_ALONE = rule("hreflang-region-only", E, GOOGLE,
                    "hreflang starts with a language, not a country code ('en-US', not 'us')",
                    fix="use the country's main language with the region")
AMBIGUOUS = rule("hreflang-ambiguous", N, GOOGLE,
                 "codes like 'uk' (Ukrainian, not the United Kingdom) are what was meant",
                 fix="use the language-region pair for the country")
LANGUAGE_LONG = rule("hreflang-language-long", W, GOOGLE,
                     "a language with a two-letter code uses it ('de', not 'deu')",
                     fix="use the two-letter code")
LANGUAGE_DEPRECATED = rule("hreflang-language-deprecated", W, GOOGLE,
                           "no withdrawn ISO 639 codes (iw, in, ji, jw, mo)",
                           fix="use the current code")
REGION_UNKNOWN = rule("hreflang-region-unknown", E, GOOGLE,
                      "the region is an ISO 3166-1 alpha-2 code or a UN M.49 area",
                      fix="'UK' becomes 'GB'")
REGION_NUMERIC = rule("hreflang-region-numeric", N, GOOGLE,
                      "Google documents two-letter country codes; numeric areas (es-419) are "
                      "valid BCP 47 but may be ignored")
REL = rule("hreflang-rel", W, GOOGLE, "a link with hreflang has rel=\"alternate\"",
           fix="set rel=\"alternate\"")
DUPLICATE_VALUE = rule("hreflang-duplicate-value", W, GOOGLE,
                       "one hreflang value names one page per entry")
CONFLICT = rule("hreflang-conflict", W, GOOGLE,
                "a page is labelled with one language, by itself and by the rest of its cluster")
X_DEFAULT = rule("hreflang-x-default", W, GOOGLE, "a cluster has at most one x-default page")
MISSING_SELF = rule("hreflang-missing-self", N, GOOGLE,
                    "a page with hreflang links lists itself too (Google asks for it; pages are "
                    "still clustered without it)", fix="add a link to the page itself")
NO_RETURN = rule("hreflang-no-return-link", W, GOOGLE,
                 "hreflang links are reciprocal: if A lists B, B lists A (checked for pages in "
                 "the project; Google ignores one-way links)")

FIELD = "alternates"
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}")
_SCRIPT = re.compile(r"[A-Za-z]{4}")
_REGION = re.compile(r"[A-Za-z]{2}|[0-9]{3}")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


# --- BCP 47 -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HreflangProblem:
    """What is wrong with one hreflang value, and the value it probably should be."""

    rule: Rule
    message: str
    suggestion: str | None = None


def check_hreflang_value(value: str) -> HreflangProblem | None:
    """Judge one hreflang value; ``None`` when it is fine (case does not matter)."""
    text = value.strip()
    if text != value:
        problem = check_hreflang_value(text)
        if problem is not None:
            return problem
        return HreflangProblem(INVALID, f"hreflang '{value}' has blanks around the code",
                               text or None)
    if not text:
        return HreflangProblem(INVALID, "hreflang is empty: give a language code or 'x-default'")
    lowered = text.lower()
    if lowered == "x-default":
        return None
    if lowered in ("default", "xdefault", "x_default", "x-defaut"):
        return HreflangProblem(INVALID, f"hreflang '{text}' is not a language; the fallback page "
                                        "is marked 'x-default'", "x-default")
    if "_" in text:
        fixed = text.replace("_", "-")
        further = _check_subtags(fixed)
        if further is not None and further.suggestion is not None:
            fixed = further.suggestion
        return HreflangProblem(UNDERSCORE, f"hreflang '{text}' uses '_': language and region are "
                                           f"joined with '-' ('{fixed}')", fixed)
    return _check_subtags(text)


def _check_subtags(text: str) -> HreflangProblem | None:
    parts = text.split("-")
    language, rest = parts[0], parts[1:]
    if not _LANGUAGE.fullmatch(language):
        return HreflangProblem(INVALID, f"hreflang '{text}' does not start with a two- or "
                                        "three-letter language code")
    script = region = None
    if rest and _SCRIPT.fullmatch(rest[0]):
        script = rest.pop(0)
    if rest and _REGION.fullmatch(rest[0]):
        region = rest.pop(0)
    if "" in parts:
        return HreflangProblem(INVALID, f"hreflang '{text}' has an empty part between hyphens",
                               "-".join(p for p in parts if p) or None)
    if rest:
        return HreflangProblem(INVALID, f"hreflang '{text}' is not language[-script][-region] "
                                        "(for example 'de', 'de-CH', 'zh-Hant-TW'); Google does "
                                        "not use other parts")
    problem = _check_language(text, language.lower(), script, region)
    if problem is None and region is not None:
        problem = _check_region(text, language, script, region)
    return problem


def _check_language(text: str, language: str, script: str | None,
                    region: str | None) -> HreflangProblem | None:
    tail = text[len(language):]
    if len(language) == 3:
        short = LONG_LANGUAGES.get(language)
        if short is None:
            return None  # ISO 639-2/3 languages without a two-letter code (fil, yue, haw)
        return HreflangProblem(LANGUAGE_LONG, f"hreflang '{text}': '{language}' has the "
                                              f"two-letter code '{short}', which BCP 47 and "
                                              "Google expect", short + tail)
    if language in DEPRECATED_LANGUAGES:
        current = DEPRECATED_LANGUAGES[language]
        return HreflangProblem(LANGUAGE_DEPRECATED, f"hreflang '{text}': '{language}' is a "
                                                    f"withdrawn code; use '{current}'",
                               current + tail)
    if language not in LANGUAGES:
        upper = language.upper()
        if region is not None and region.lower() in LANGUAGES and upper in REGIONS:
            swapped = f"{region.lower()}-{upper}"
            return HreflangProblem(REGION_ALONE, f"hreflang '{text}' is back to front: the "
                                                 f"language comes first ('{swapped}')", swapped)
        if upper in REGIONS and script is None and region is None:
            guess = REGION_ONLY.get(language)
            hint = f" such as '{guess}'" if guess else f" such as 'en-{upper}'"
            return HreflangProblem(REGION_ALONE, f"hreflang '{text}' is a country code, not a "
                                                 f"language: start with the language{hint}",
                                   guess)
        return HreflangProblem(LANGUAGE_UNKNOWN, f"hreflang '{text}': '{language}' is not an "
                                                 "ISO 639-1 language code")
    if language in AMBIGUOUS_LANGUAGES and script is None and region is None:
        name, country, meant = AMBIGUOUS_LANGUAGES[language]
        return HreflangProblem(AMBIGUOUS, f"hreflang '{text}' means {name}, not {country}; "
                                          f"if the page is for {country}, use '{meant}'", meant)
    return None


def _check_region(text: str, language: str, script: str | None,
                  region: str) -> HreflangProblem | None:
    head = language if script is None else f"{language}-{script}"
    if region.isdigit():
        if region not in M49_AREAS:
            return HreflangProblem(REGION_UNKNOWN, f"hreflang '{text}': '{region}' is not a "
                                                   "UN M.49 area code")
        return HreflangProblem(REGION_NUMERIC, f"hreflang '{text}' uses the area code "
                                               f"'{region}': valid BCP 47, but Google documents "
                                               "only two-letter country codes and may ignore it")
    upper = region.upper()
    if upper in REGIONS:
        return None
    if upper in REGION_SLIPS:
        meant = REGION_SLIPS[upper]
        return HreflangProblem(REGION_UNKNOWN, f"hreflang '{text}': the country code of the "
                                               f"United Kingdom is '{meant}', not '{region}'",
                               f"{head}-{meant}")
    return HreflangProblem(REGION_UNKNOWN, f"hreflang '{text}': '{region}' is not an ISO 3166-1 "
                                           "country code")


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


def _primary(value: str) -> str:
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
        by_href.setdefault(href, {}).setdefault(_primary(link.hreflang), link.hreflang.strip())
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


# --- the cross-document index -----------------------------------------------------------------

EntryKey = tuple[Hashable, int]
#: Names an entry of the reporting entry's own document ("entry 3 (line 7)").
Describe = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class _Link:
    value: str  # as written, trimmed
    primary: str  # lower-case language subtag, or 'x-default'
    href: str  # as written, trimmed
    target: str  # normalised


@dataclass(frozen=True, slots=True)
class _Page:
    loc: str  # as written
    key: str  # normalised
    links: tuple[_Link, ...]

    def targets(self) -> set[str]:
        return {link.target for link in self.links}


class HreflangIndex:
    """Every entry's hreflang links across the documents of a project, for cluster checks.

    Keys are ``(doc_key, entry_id)``. :meth:`add` and :meth:`remove` return the
    keys whose findings may have changed, so the engine re-reports only those.
    """

    def __init__(self) -> None:
        self._pages: dict[EntryKey, _Page] = {}
        self._by_loc: dict[str, set[EntryKey]] = {}
        self._by_target: dict[str, set[EntryKey]] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def __contains__(self, key: object) -> bool:
        return key in self._pages

    def add(self, doc_key: Hashable, entry_id: int, loc: str | None,
            alternates: Iterable[Alternate]) -> set[EntryKey]:
        """Index (or re-index) one entry; the keys whose findings may have changed."""
        key = (doc_key, entry_id)
        affected = self.remove(doc_key, entry_id)
        if not loc or not loc.strip():
            return affected
        links = tuple(
            _Link(a.hreflang.strip(), _primary(a.hreflang), a.href.strip(),
                  normalize_url(a.href))
            for a in alternates
            if a.hreflang is not None and a.hreflang.strip() and a.href and a.href.strip())
        page = _Page(loc.strip(), normalize_url(loc), links)
        self._pages[key] = page
        self._by_loc.setdefault(page.key, set()).add(key)
        for target in page.targets():
            self._by_target.setdefault(target, set()).add(key)
        affected |= self._related(key, page)
        return affected

    def remove(self, doc_key: Hashable, entry_id: int) -> set[EntryKey]:
        """Forget one entry; the keys (other than it) whose findings may have changed."""
        key = (doc_key, entry_id)
        page = self._pages.pop(key, None)
        if page is None:
            return set()
        _discard(self._by_loc, page.key, key)
        for target in page.targets():
            _discard(self._by_target, target, key)
        return self._related(key, page) - {key}

    def entry_ids(self, doc_key: Hashable) -> list[int]:
        """Ids of the entries of one document that are in the index."""
        return [entry_id for key, entry_id in self._pages if key == doc_key]

    def remove_document(self, doc_key: Hashable) -> set[EntryKey]:
        """Forget every entry of one document; the keys in other documents that may change."""
        affected: set[EntryKey] = set()
        for key in [k for k in self._pages if k[0] == doc_key]:
            affected |= self.remove(*key)
        return {k for k in affected if k[0] != doc_key}

    def _related(self, key: EntryKey, page: _Page) -> set[EntryKey]:
        """Entries whose findings can depend on ``page``: itself, its namesakes, and its links."""
        related = {key}
        related |= self._by_loc.get(page.key, set())
        related |= self._by_target.get(page.key, set())
        for target in page.targets():
            related |= self._by_loc.get(target, set())
        return related

    def report(self, doc_key: Hashable, entry_id: int, report: Reporter,
               describe: Describe | None = None) -> None:
        """Report one entry's cluster findings: self link, return links, x-default, language.

        ``describe`` names entries of the same document (``entry 3 (line 7)``);
        pages in other documents are named by their URL alone.
        """
        key = (doc_key, entry_id)
        page = self._pages.get(key)
        if page is None:
            return
        name = _Namer(self._pages, doc_key, describe)
        if page.links:
            self._report_self(page, report)
            self._report_outgoing(page, report, name)
            self._report_x_default(key, page, report, name)
        self._report_incoming(page, report, name)
        self._report_labels(key, page, report, name)

    def _report_self(self, page: _Page, report: Reporter) -> None:
        if page.key in page.targets():
            return
        labels = {link.value for other in self._linking_to(page.key)
                  for link in self._pages[other].links if link.target == page.key}
        fix = None
        if len(labels) == 1:
            value = labels.pop()
            fix = QuickFix(f"Add a link to this page itself as '{value}'", _add_self_link(value))
        report(MISSING_SELF, "the hreflang links do not include this page itself; Google asks "
                             "each page to list its own URL among its alternates", field=FIELD,
               fix=fix)

    def _report_outgoing(self, page: _Page, report: Reporter, name: _Namer) -> None:
        seen: set[str] = set()
        for link in page.links:
            if link.target == page.key or link.target in seen:
                continue
            seen.add(link.target)
            others = self._by_loc.get(link.target)
            if not others:
                continue  # not in the project: nothing to check against
            if any(page.key in self._pages[other].targets() for other in others):
                continue
            report(NO_RETURN, f"{name.page(min(others, key=repr))} does not link back to this "
                              f"page (this page lists it as '{link.value}'); Google ignores "
                              "hreflang pairs that are not reciprocal", field=FIELD)

    def _report_incoming(self, page: _Page, report: Reporter, name: _Namer) -> None:
        mine = page.targets()
        reported: set[str] = set()
        for other in sorted(self._linking_to(page.key), key=repr):
            source = self._pages[other]
            if source.key == page.key or source.key in mine or source.key in reported:
                continue
            reported.add(source.key)
            values = sorted({link.value for link in source.links if link.target == page.key})
            shown = "', '".join(values)
            report(NO_RETURN, f"{name.page(other)} lists this page as '{shown}' but this page "
                              "does not link back to it", field=FIELD)

    def _report_x_default(self, key: EntryKey, page: _Page, report: Reporter,
                          name: _Namer) -> None:
        mine = {link.target for link in page.links if link.primary == "x-default"}
        if not mine:
            return
        for target in sorted({link.target for link in page.links} - {page.key}):
            for other in sorted(self._by_loc.get(target, set()) - {key}, key=repr):
                theirs = {link.target: link.href for link in self._pages[other].links
                          if link.primary == "x-default"}
                if theirs and not mine & theirs.keys():
                    shown = ", ".join(sorted(theirs.values()))
                    report(X_DEFAULT, f"{name.page(other)} names a different x-default page "
                                      f"({shown}); a cluster has one x-default", field=FIELD)
                    return

    def _report_labels(self, key: EntryKey, page: _Page, report: Reporter,
                       name: _Namer) -> None:
        own = {link.primary: link.value for link in page.links
               if link.target == page.key and link.primary != "x-default"}
        given: dict[str, list[tuple[EntryKey, str]]] = {}
        for other in sorted(self._linking_to(page.key) - {key}, key=repr):
            if self._pages[other].key == page.key:
                continue  # a duplicate of this page: its own labels are reported on it
            for link in self._pages[other].links:
                if link.target == page.key and link.primary != "x-default":
                    given.setdefault(link.primary, []).append((other, link.value))
        if not given or len(given.keys() | own.keys()) < 2:
            return
        parts = [f"this page says '{value}'" for value in own.values()]
        for labels in given.values():
            other, value = labels[0]
            more = f" (and {len(labels) - 1} more)" if len(labels) > 1 else ""
            parts.append(f"{name.page(other)}{more} says '{value}'")
        report(CONFLICT, "the cluster disagrees about this page's language: " + "; ".join(parts),
               field=FIELD)

    def _linking_to(self, target: str) -> set[EntryKey]:
        return self._by_target.get(target, set())


class _Namer:
    """Names other entries in messages: by URL, plus where they are in the same document."""

    def __init__(self, pages: dict[EntryKey, _Page], doc_key: Hashable,
                 describe: Describe | None) -> None:
        self.pages = pages
        self.doc_key = doc_key
        self.describe = describe

    def page(self, key: EntryKey) -> str:
        loc = self.pages[key].loc
        if self.describe is None or key[0] != self.doc_key:
            return loc
        where = self.describe(key[1])
        return f"{loc} ({where})" if where else loc


def _discard(index: dict[str, set[EntryKey]], name: str, key: EntryKey) -> None:
    keys = index.get(name)
    if keys is not None:
        keys.discard(key)
        if not keys:
            del index[name]


def _add_self_link(value: str) -> Callable[[Entry], Entry]:
    def apply(entry: Entry) -> Entry:
        if not entry.loc:
            return entry
        link = Alternate(rel="alternate", hreflang=value, href=entry.loc)
        return replace(entry, alternates=(*entry.alternates, link))

    return apply
