"""Hreflang: BCP 47 values, per-entry link checks, and the cross-document cluster index."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers.shared_data import CORPUS_SOURCES, DataSources
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.entries import Alternate, Entry
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.validation import hreflang as hl
from sitemap_studio.core.validation.context import Reporter, ValidationContext
from sitemap_studio.core.validation.registry import RULES, Profile

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTICE
EN, DE, CH, FR = ("https://e.com/en/", "https://e.com/de/", "https://e.com/de-ch/",
                  "https://e.com/fr/")


def link(value: str | None, href: str | None, rel: str | None = "alternate") -> Alternate:
    return Alternate(rel=rel, hreflang=value, href=href)


# --- BCP 47 values ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    "en", "de", "zh", "EN", "en-US", "en-us", "de-CH", "es-419", "zh-Hant", "zh-Hant-TW",
    "sr-Latn-RS", "x-default", "X-Default", "fil", "yue", "pt-BR", "nb-NO", "uk", "se",
])
def test_values_google_accepts(value: str) -> None:
    problem = hl.check_hreflang_value(value)
    assert problem is None or problem.rule.code in ("hreflang-region-numeric",
                                                    "hreflang-ambiguous"), problem


@pytest.mark.parametrize(("value", "code", "suggestion", "words"), [
    ("en_US", "hreflang-underscore", "en-US", "'-'"),
    ("en_UK", "hreflang-underscore", "en-GB", "'-'"),
    ("uk", "hreflang-ambiguous", "en-GB", "Ukrainian"),
    ("se", "hreflang-ambiguous", "sv-SE", "Northern Sami"),
    ("en-UK", "hreflang-region-unknown", "en-GB", "'GB'"),
    ("de-XX", "hreflang-region-unknown", None, "ISO 3166-1"),
    ("es-999", "hreflang-region-unknown", None, "M.49"),
    ("es-419", "hreflang-region-numeric", None, "Google"),
    ("us", "hreflang-region-only", "en-US", "country code"),
    ("jp", "hreflang-region-only", "ja-JP", "country code"),
    ("us-en", "hreflang-region-only", "en-US", "back to front"),
    ("xx", "hreflang-language-unknown", None, "ISO 639-1"),
    ("qq-DE", "hreflang-language-unknown", None, "ISO 639-1"),
    ("deu", "hreflang-language-long", "de", "'de'"),
    ("eng-GB", "hreflang-language-long", "en-GB", "'en'"),
    ("iw", "hreflang-language-deprecated", "he", "withdrawn"),
    ("default", "hreflang-invalid", "x-default", "x-default"),
    ("", "hreflang-invalid", None, "empty"),
    (" en", "hreflang-invalid", "en", "blanks"),
    ("en-", "hreflang-invalid", "en", "empty part"),
    ("english", "hreflang-invalid", None, "language code"),
    ("e1", "hreflang-invalid", None, "language code"),
    ("en-US-x-twain", "hreflang-invalid", None, "language[-script][-region]"),
    ("de-1996", "hreflang-invalid", None, "language[-script][-region]"),
])
def test_common_mistakes(value: str, code: str, suggestion: str | None, words: str) -> None:
    problem = hl.check_hreflang_value(value)
    assert problem is not None
    assert problem.rule.code == code
    assert problem.suggestion == suggestion
    assert words in problem.message


def test_severities_of_value_rules() -> None:
    assert RULES["hreflang-ambiguous"].severity_for(Profile.GOOGLE) is N
    assert RULES["hreflang-region-numeric"].severity_for(Profile.GOOGLE) is N
    for code in ("hreflang-invalid", "hreflang-underscore", "hreflang-language-unknown",
                 "hreflang-region-only", "hreflang-region-unknown", "hreflang-href-invalid"):
        for profile in Profile:
            assert RULES[code].severity_for(profile) is E, code


def test_code_lists() -> None:
    assert len(hl.LANGUAGES) == 184 and {"en", "de", "zh", "uk", "he"} <= hl.LANGUAGES
    assert len(hl.REGIONS) == 249 and {"GB", "US", "CH", "DE"} <= hl.REGIONS
    assert "UK" not in hl.REGIONS and "419" in hl.M49_AREAS
    assert not set(hl.REGION_ONLY) & hl.LANGUAGES
    assert set(hl.AMBIGUOUS_LANGUAGES) <= hl.LANGUAGES
    assert set(hl.LONG_LANGUAGES.values()) <= hl.LANGUAGES
    assert not set(hl.DEPRECATED_LANGUAGES) & hl.LANGUAGES
    for suggestion in [*hl.REGION_ONLY.values(),
                       *(meant for _, _, meant in hl.AMBIGUOUS_LANGUAGES.values())]:
        assert hl.check_hreflang_value(suggestion) is None, suggestion


# --- per-entry checks -------------------------------------------------------------------------


def check(entry: Entry, profile: Profile = Profile.GOOGLE) -> list[Finding]:
    reporter = Reporter(profile, entry.id)
    hl.check_alternates(entry, reporter, ValidationContext(profile=profile))
    return reporter.findings


def page(loc: str, *links: Alternate, entry_id: int = 1) -> Entry:
    return Entry(id=entry_id, loc=loc, alternates=links)


CLUSTER = (link("en", EN), link("de", DE), link("de-CH", CH), link("x-default", EN))


def test_a_good_cluster_entry_is_clean() -> None:
    for profile in Profile:
        assert check(page(EN, *CLUSTER), profile) == []


def test_links_without_hreflang_are_not_hreflang_annotations() -> None:
    entry = page(EN, link(None, "android-app://com.example/page"),
                 link(None, "https://amp.e.com/en/", rel="amphtml"),
                 Alternate(rel="alternate", media="only screen and (max-width: 640px)",
                           href="https://m.e.com/en/"))
    assert check(entry) == []


@pytest.mark.parametrize(("href", "why"), [
    ("/de/", "not an absolute"), ("//e.com/de/", "protocol-relative"),
    ("ftp://e.com/de/", "not an absolute"), ("https://e.com/d e/", "not an absolute"),
])
def test_href_must_be_absolute_http(href: str, why: str) -> None:
    entry = page(EN, link("en", EN), link("de", href))
    [finding] = check(entry)
    assert finding.code == "hreflang-href-invalid" and finding.severity is E
    assert why in finding.message and "'de' link" in finding.message
    assert finding.field == "alternates"


def test_relative_href_is_fixed_against_the_page() -> None:
    entry = page(EN, link("en", EN), link("de", "/de/"))
    [finding] = check(entry)
    assert finding.fix is not None and finding.fix.label == "Change href to https://e.com/de/"
    fixed = finding.fix.apply(entry)
    assert fixed.alternates == (link("en", EN), link("de", DE))
    assert check(fixed) == []


def test_missing_href() -> None:
    [finding] = check(page(EN, link("en", EN), link("de", None)))
    assert finding.code == "hreflang-href-invalid" and "no href" in finding.message


def test_bad_value_gets_a_fix() -> None:
    entry = page(EN, link("en_US", EN), link("de", DE))
    [finding] = check(entry)
    assert finding.code == "hreflang-underscore" and finding.severity is E
    assert finding.message == "hreflang 'en_US' uses '_': language and region are joined with " \
                              "'-' ('en-US')"
    assert finding.fix is not None and finding.fix.label == "Change hreflang to 'en-US'"
    fixed = finding.fix.apply(entry)
    assert fixed.alternates[0] == link("en-US", EN)
    assert check(fixed) == []
    # the fix finds its link again after the links were reordered
    moved = replace(entry, alternates=tuple(reversed(entry.alternates)))
    assert finding.fix.apply(moved).alternates[1] == link("en-US", EN)


def test_uk_is_a_notice_with_a_fix() -> None:
    entry = page("https://e.com/uk/", link("uk", "https://e.com/uk/"), link("de", DE))
    [finding] = check(entry)
    assert finding.severity is N and "Ukrainian" in finding.message
    assert finding.fix is not None and finding.fix.apply(entry).alternates[0].hreflang == "en-GB"


@pytest.mark.parametrize("rel", [None, "", "canonical", "amphtml"])
def test_rel_should_be_alternate(rel: str | None) -> None:
    entry = page(EN, link("en", EN, rel=rel))
    [finding] = check(entry)
    assert finding.code == "hreflang-rel" and finding.severity is W
    assert finding.fix is not None
    assert check(finding.fix.apply(entry)) == []


@pytest.mark.parametrize("rel", ["alternate", "Alternate", "alternate nofollow"])
def test_rel_alternate_in_any_case(rel: str) -> None:
    assert check(page(EN, link("en", EN, rel=rel))) == []


def test_one_value_for_two_pages() -> None:
    [finding] = check(page(EN, link("en", EN), link("EN", "https://e.com/en-2/")))
    assert finding.code == "hreflang-duplicate-value" and finding.severity is W
    assert "'en'" in finding.message and EN in finding.message


def test_two_x_defaults() -> None:
    [finding] = check(page(EN, link("en", EN), link("x-default", EN),
                           link("x-default", DE)))
    assert finding.code == "hreflang-x-default" and "2 different x-default" in finding.message


def test_one_page_with_two_languages() -> None:
    [finding] = check(page(EN, link("en", EN), link("fr", EN)))
    assert finding.code == "hreflang-conflict" and "'en'" in finding.message
    assert "'fr'" in finding.message


def test_one_page_for_a_language_and_its_regions_is_fine() -> None:
    entry = page(EN, link("en", EN), link("en-GB", EN), link("x-default", EN), link("de", DE),
                 link("de", "https://E.com:443/de/"))
    assert check(entry) == []


# --- the cluster index ------------------------------------------------------------------------


def cluster_findings(index: hl.HreflangIndex, key: tuple[Hashable, int],
                     describe: hl.Describe | None = None) -> list[Finding]:
    reporter = Reporter(Profile.GOOGLE, key[1])
    index.report(key[0], key[1], reporter, describe)
    return reporter.findings


def build(*entries: tuple[Hashable, int, str, tuple[Alternate, ...]]) -> hl.HreflangIndex:
    index = hl.HreflangIndex()
    for doc, entry_id, loc, links in entries:
        index.add(doc, entry_id, loc, links)
    return index


def test_reciprocal_cluster_is_clean() -> None:
    index = build(("d", 1, EN, CLUSTER), ("d", 2, DE, CLUSTER), ("d", 3, CH, CLUSTER))
    assert len(index) == 3 and ("d", 2) in index
    for entry_id in (1, 2, 3):
        assert cluster_findings(index, ("d", entry_id)) == []


def test_a_link_that_is_not_returned_is_reported_on_both_pages() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE))),
                  ("d", 2, DE, (link("de", DE),)))
    [on_en] = cluster_findings(index, ("d", 1))
    assert on_en.code == "hreflang-no-return-link" and on_en.severity is W
    assert on_en.message.startswith(f"{DE} does not link back to this page")
    [on_de] = cluster_findings(index, ("d", 2))
    assert on_de.code == "hreflang-no-return-link"
    assert on_de.message == (f"{EN} lists this page as 'de' but this page does not link back "
                             "to it")


def test_a_page_without_any_links_that_is_listed_elsewhere() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE))), ("d", 2, DE, ()))
    assert [f.code for f in cluster_findings(index, ("d", 1))] == ["hreflang-no-return-link"]
    assert [f.code for f in cluster_findings(index, ("d", 2))] == ["hreflang-no-return-link"]


def test_pages_outside_the_project_are_not_judged() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE))))
    assert cluster_findings(index, ("d", 1)) == []


def test_describe_names_entries_of_the_same_document_only() -> None:
    index = build(("a", 1, EN, (link("en", EN), link("de", DE))),
                  ("a", 2, DE, (link("de", DE),)),
                  ("b", 9, FR, (link("fr", FR), link("en", EN))))
    messages = [f.message for f in cluster_findings(index, ("a", 1), lambda i: f"entry {i}")]
    assert messages == [f"{DE} (entry 2) does not link back to this page (this page lists it "
                        "as 'de'); Google ignores hreflang pairs that are not reciprocal",
                        f"{FR} lists this page as 'en' but this page does not link back to it"]


def test_return_links_match_after_normalisation() -> None:
    index = build(("d", 1, "https://E.COM:443/en/", (link("en", EN), link("de", DE))),
                  ("d", 2, DE, (link("de", DE), link("en", "HTTPS://e.com/en/"))))
    assert cluster_findings(index, ("d", 1)) == []
    assert cluster_findings(index, ("d", 2)) == []


def test_missing_self_link_is_a_notice_with_the_label_others_use() -> None:
    index = build(("d", 1, EN, (link("de", DE),)), ("d", 2, DE, (link("de", DE),
                                                                  link("en-GB", EN))))
    [finding] = cluster_findings(index, ("d", 1))
    assert finding.code == "hreflang-missing-self" and finding.severity is N
    assert finding.fix is not None and finding.fix.label == "Add a link to this page itself as " \
                                                            "'en-GB'"
    entry = page(EN, link("de", DE))
    assert finding.fix.apply(entry).alternates == (link("de", DE), link("en-GB", EN))
    alone = build(("d", 1, EN, (link("de", DE),)))
    [finding] = cluster_findings(alone, ("d", 1))
    assert finding.code == "hreflang-missing-self" and finding.fix is None


def test_x_default_disagreement_across_the_cluster() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE), link("x-default", EN))),
                  ("d", 2, DE, (link("en", EN), link("de", DE), link("x-default", DE))))
    [finding] = cluster_findings(index, ("d", 1))
    assert finding.code == "hreflang-x-default"
    assert finding.message.startswith(f"{DE} names a different x-default page ({DE})")
    assert [f.code for f in cluster_findings(index, ("d", 2))] == ["hreflang-x-default"]


def test_language_disagreement_across_the_cluster() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE))),
                  ("d", 2, DE, (link("fr", DE), link("en", EN))))
    [finding] = cluster_findings(index, ("d", 2))
    assert finding.code == "hreflang-conflict"
    assert finding.message == ("the cluster disagrees about this page's language: this page "
                               f"says 'fr'; {EN} says 'de'")
    assert cluster_findings(index, ("d", 1)) == []


def test_duplicates_of_a_page_in_two_documents() -> None:
    index = build(("a", 1, EN, (link("en", EN), link("de", DE))),
                  ("b", 1, EN, (link("en", EN),)),
                  ("a", 2, DE, (link("de", DE), link("en", EN))))
    assert cluster_findings(index, ("a", 1)) == []
    assert cluster_findings(index, ("a", 2)) == []
    assert [f.code for f in cluster_findings(index, ("b", 1))] == ["hreflang-no-return-link"]


def test_add_and_remove_return_the_entries_to_report_again() -> None:
    index = build(("d", 1, EN, (link("en", EN), link("de", DE))),
                  ("d", 3, FR, (link("fr", FR),)))
    assert index.add("d", 2, DE, (link("de", DE),)) == {("d", 1), ("d", 2)}
    assert index.add("d", 2, DE, (link("de", DE), link("en", EN))) == {("d", 1), ("d", 2)}
    assert cluster_findings(index, ("d", 1)) == []
    assert index.remove("d", 2) == {("d", 1)}
    assert index.remove("d", 2) == set()
    assert index.add("d", 4, None, (link("en", EN),)) == set()
    assert ("d", 4) not in index
    assert index.remove_document("d") == set()
    assert len(index) == 0


def test_remove_document_reports_the_other_documents() -> None:
    index = build(("a", 1, EN, (link("en", EN), link("de", DE))),
                  ("b", 1, DE, (link("de", DE), link("en", EN))), ("b", 2, FR, ()))
    assert index.remove_document("b") == {("a", 1)}
    assert cluster_findings(index, ("a", 1)) == []


# --- incremental upkeep matches a rebuild -----------------------------------------------------

PAGES = ["https://e.com/a", "https://e.com/b", "https://e.com/c", "https://E.com/c",
         "https://e.com/d"]
VALUES = ["en", "de", "fr", "x-default", "en-GB"]
links_strategy = st.lists(st.builds(link, st.sampled_from(VALUES), st.sampled_from(PAGES)),
                          max_size=4).map(tuple)
operation = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(["x", "y"]), st.integers(0, 3),
              st.sampled_from(PAGES), links_strategy),
    st.tuples(st.just("remove"), st.sampled_from(["x", "y"]), st.integers(0, 3)),
    st.tuples(st.just("drop"), st.sampled_from(["x", "y"])),
)


def snapshot(index: hl.HreflangIndex,
             keys: set[tuple[Hashable, int]]) -> dict[tuple[Hashable, int], list[tuple[str, str]]]:
    return {key: [(f.code, f.message) for f in cluster_findings(index, key)] for key in keys}


@settings(max_examples=300, deadline=None)
@given(st.lists(operation, max_size=25))
def test_incremental_findings_match_a_rebuild(operations: list[tuple[Any, ...]]) -> None:
    index = hl.HreflangIndex()
    state: dict[tuple[Hashable, int], tuple[str, tuple[Alternate, ...]]] = {}
    for op in operations:
        before = snapshot(index, set(state))
        if op[0] == "add":
            _, doc, entry_id, loc, links = op
            affected = index.add(doc, entry_id, loc, links)
            state[(doc, entry_id)] = (loc, links)
        elif op[0] == "remove":
            _, doc, entry_id = op
            affected = index.remove(doc, entry_id)
            state.pop((doc, entry_id), None)
        else:
            affected = index.remove_document(op[1])
            state = {k: v for k, v in state.items() if k[0] != op[1]}
        after = snapshot(index, set(state))
        rebuilt = hl.HreflangIndex()
        for (doc, entry_id), (loc, links) in state.items():
            rebuilt.add(doc, entry_id, loc, links)
        assert after == snapshot(rebuilt, set(state))
        # every entry whose findings changed was announced (new entries are their own news)
        changed = {k for k in state if k in before and before[k] != after[k]}
        assert changed <= affected


# --- shared test data -------------------------------------------------------------------------


def file_findings(path: Path, profile: Profile = Profile.GOOGLE) -> list[Finding]:
    document = open_document(path)
    index = hl.HreflangIndex()
    entries = [document.entry_at(row) for row in range(len(document))]
    for entry in entries:
        index.add(path.name, entry.id, entry.loc, entry.alternates)
    found: list[Finding] = []
    for entry in entries:
        reporter = Reporter(profile, entry.id)
        hl.check_alternates(entry, reporter, ValidationContext(profile=profile))
        index.report(path.name, entry.id, reporter, None)
        found.extend(reporter.findings)
    return found


#: A reciprocal set of three pages in each corpus (ours in tests/corpus, the shared one).
TRIPLET = {"own": "hreflang-regions.xml", "shared": "crawlercommons-hreflang-de-ch-triplet.xml"}
#: Pages whose locations and alternates are all protocol-relative (//host/path).
PROTOCOL_RELATIVE = {"own": "hugo-localhost-protocol-relative.xml",
                     "shared": "hugo-multilingual-en-hreflang-protocol-relative.xml"}
#: One page whose hreflang links all point elsewhere, beside app and AMP links.
ALL_TAGS = {"own": "alltags-deprecated-extensions.xml", "shared": "jsmocks-alltags-escaping.xml"}


@pytest.mark.parametrize("source", CORPUS_SOURCES)
@pytest.mark.parametrize("profile", list(Profile))
def test_reciprocal_triplet_is_clean(data_sources: DataSources, source: str,
                                     profile: Profile) -> None:
    assert file_findings(data_sources.corpus(source) / TRIPLET[source], profile) == []


@pytest.mark.parametrize("source", CORPUS_SOURCES)
def test_triplet_with_one_return_link_removed(data_sources: DataSources, source: str) -> None:
    document = open_document(data_sources.corpus(source) / TRIPLET[source])
    entries = [document.entry_at(row) for row in range(len(document))]
    index = hl.HreflangIndex()
    for entry in entries:
        index.add("doc", entry.id, entry.loc, entry.alternates)
    first, third = entries[0], entries[2]
    # The third page stops linking to the first: both ends of that link hear of it.
    without_first = tuple(a for a in third.alternates if a.href != first.loc)
    assert len(without_first) == len(third.alternates) - 1
    [label] = [a.hreflang for a in first.alternates if a.href == third.loc]
    affected = index.add("doc", third.id, third.loc, without_first)
    assert affected == {("doc", e.id) for e in entries}
    [on_first] = cluster_findings(index, ("doc", first.id))
    assert on_first.message.startswith(f"{third.loc} does not link back to this page (this "
                                       f"page lists it as '{label}')")
    [on_third] = cluster_findings(index, ("doc", third.id))
    assert on_third.message == (f"{first.loc} lists this page as '{label}' but this page does "
                                "not link back to it")
    assert cluster_findings(index, ("doc", entries[1].id)) == []


@pytest.mark.parametrize("source", CORPUS_SOURCES)
def test_protocol_relative_hugo_file(data_sources: DataSources, source: str) -> None:
    path = data_sources.corpus(source) / PROTOCOL_RELATIVE[source]
    found = file_findings(path)
    assert {f.code for f in found} == {"hreflang-href-invalid"}
    # Every link of every page (each lists itself too).
    assert len(found) == path.read_bytes().count(b"<xhtml:link") > 0
    assert all("protocol-relative" in f.message for f in found)
    assert all(f.fix is None for f in found)  # the page URLs are protocol-relative too


@pytest.mark.parametrize("source", CORPUS_SOURCES)
def test_all_tags_mock_links(data_sources: DataSources, source: str) -> None:
    found = file_findings(data_sources.corpus(source) / ALL_TAGS[source])
    # hreflang links point at other hosts, not at the page itself; app and AMP links are ignored
    assert [(f.code, f.severity) for f in found] == [("hreflang-missing-self", N)]
