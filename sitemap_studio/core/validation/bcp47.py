"""BCP 47 language tags as Google reads hreflang: the code lists and the check of one value.

The code lists are compact copies of ISO 639-1, ISO 3166-1 alpha-2 and the UN
M.49 area codes that the IANA language subtag registry accepts, enough to catch
the usual mistakes offline; the news and video rules reuse them for news
languages and video country restrictions. :func:`check_hreflang_value` judges
one ``hreflang`` value (``x-default`` or language[-script][-region]) and
suggests the value probably meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sitemap_studio.core.model.findings import RuleSource, Severity
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

_LANGUAGE = re.compile(r"[A-Za-z]{2,3}")
_SCRIPT = re.compile(r"[A-Za-z]{4}")
_REGION = re.compile(r"[A-Za-z]{2}|[0-9]{3}")


# --- checking one value -----------------------------------------------------------------------


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

