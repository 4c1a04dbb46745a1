"""The validator: full runs, incremental updates that agree with a fresh run, profiles."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.entries import Alternate, Entry
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.validation.context import ValidationContext
from sitemap_studio.core.validation.engine import DocumentValidator, validate_document
from sitemap_studio.core.validation.project import Member, ProjectValidator
from sitemap_studio.core.validation.registry import Profile

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def urlset(*entries: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
            + "\n".join(f"  <url>{e}</url>" for e in entries) + "\n</urlset>\n").encode()


def loc(url: str, extra: str = "") -> str:
    return f"<loc>{url}</loc>{extra}"


def summary(validator: DocumentValidator) -> list[tuple[int, str, str, int, int]]:
    doc = validator.document
    return sorted(
        (-1 if f.entry is None else doc.row_of(f.entry), f.code, f.message,
         -1 if f.line is None else f.line, -1 if f.column is None else f.column)
        for f in validator.findings())


def fresh(validator: DocumentValidator) -> list[tuple[int, str, str, int, int]]:
    return summary(DocumentValidator(validator.document, validator.context).run())


def test_findings_name_entry_line_field_and_source() -> None:
    doc = open_bytes(urlset(loc("https://e.com/a", "<priority>high</priority>")))
    finding = next(f for f in validate_document(doc).findings() if f.code.startswith("priority"))
    assert (finding.entry, finding.line, finding.field) == (doc.id_at(0), 3, "priority")
    assert finding.severity == Severity.ERROR
    assert finding.source.value == "sitemaps.org XSD" or finding.source.value.startswith("sitemaps")


def test_an_edit_revalidates_the_entry_and_its_duplicates() -> None:
    doc = open_bytes(urlset(loc("https://e.com/a"), loc("https://e.com/b"), loc("https://e.com/c")))
    validator = validate_document(doc)
    assert validator.findings() == []
    changed: list[set[int]] = []
    validator.findings_changed.connect(changed.append)
    doc.set_text(doc.id_at(2), "loc", "https://E.com/a")
    assert [(doc.row_of(f.entry), f.code) for f in validator.findings()] == [(2, "loc-duplicate")]
    assert doc.id_at(2) in changed[-1]
    doc.set_text(doc.id_at(0), "loc", "https://e.com/z")
    assert validator.findings() == []
    assert summary(validator) == fresh(validator)


def test_removing_the_original_moves_the_duplicate_finding() -> None:
    doc = open_bytes(urlset(loc("https://e.com/a"), loc("https://e.com/a"), loc("https://e.com/a")))
    validator = validate_document(doc)
    assert [doc.row_of(f.entry) for f in validator.findings()] == [1, 2]
    removal = doc.remove_rows([0])
    assert [doc.row_of(f.entry) for f in validator.findings()] == [1]
    assert summary(validator) == fresh(validator)
    doc.restore_rows(removal)
    assert summary(validator) == fresh(validator)
    doc.move_rows(2, 1, 0)
    assert summary(validator) == fresh(validator)


def test_file_level_findings_follow_counts() -> None:
    doc = open_bytes(urlset(*[loc(f"https://e.com/{i}", "<lastmod>2024-01-01T00:00:00Z</lastmod>")
                              for i in range(12)]))
    validator = validate_document(doc)
    assert [f.code for f in validator.file_findings()] == ["lastmod-build-stamp"]
    doc.set_text(doc.id_at(0), "lastmod", "2023-05-05")
    doc.set_text(doc.id_at(1), "lastmod", "2023-05-06")
    assert validator.file_findings() == []


def test_profiles_change_severity() -> None:
    doc = open_bytes(urlset(loc("https://e.com/a", "<lastmod>2024-01</lastmod>")))
    protocol = validate_document(doc, ValidationContext(profile=Profile.PROTOCOL))
    strict = validate_document(doc, ValidationContext(profile=Profile.XSD))
    assert [f.severity for f in protocol.findings()] == [Severity.NOTICE]
    assert [f.severity for f in strict.findings()] == [Severity.ERROR]
    assert "XSD" in strict.findings()[0].message


def test_hreflang_reciprocity_across_documents_and_after_an_edit() -> None:
    en = open_bytes(urlset(loc("https://e.com/en/", '<xhtml:link rel="alternate" hreflang="en" '
                                                    'href="https://e.com/en/"/>'
                                                    '<xhtml:link rel="alternate" hreflang="de" '
                                                    'href="https://e.com/de/"/>')))
    de = open_bytes(urlset(loc("https://e.com/de/")))
    project = ProjectValidator([Member("en.xml", en), Member("de.xml", de)]).run()
    de_findings = project.validators["de.xml"].findings()
    assert [f.code for f in de_findings] == ["hreflang-no-return-link"]
    assert "https://e.com/en/" in de_findings[0].message
    entry = de.entry_at(0)
    de.replace_entries([replace(entry, alternates=(
        Alternate("alternate", "de", "https://e.com/de/"),
        Alternate("alternate", "en", "https://e.com/en/")))])
    assert project.validators["de.xml"].findings() == []
    assert project.validators["en.xml"].findings() == []


def test_index_listing_an_index_of_the_project() -> None:
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/child.xml</loc>'
                       "</sitemap></sitemapindex>".encode())
    child = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://e.com/s.xml</loc>'
                       "</sitemap></sitemapindex>".encode())
    alone = ProjectValidator([Member("index.xml", index)]).run()
    assert alone.validators["index.xml"].findings() == []
    both = ProjectValidator([Member("index.xml", index), Member("child.xml", child)]).run()
    assert [f.code for f in both.validators["index.xml"].findings()] == ["index-lists-index"]


URLS = st.sampled_from(["https://e.com/a", "https://e.com/a/", "https://E.com/a", "https://e.com/b",
                        "http://e.com/a", "/rel", "https://e.com/a#x", "https://x.org/a"])
DATES = st.sampled_from([None, "2024-01-01", "2024-02-30", "2024", "2024-01-01T10:00:00"])


@settings(max_examples=80, deadline=None)
@given(initial=st.lists(st.tuples(URLS, DATES), min_size=1, max_size=6),
       edits=st.lists(st.tuples(st.integers(0, 5), URLS, DATES, st.sampled_from(
           ["edit", "insert", "remove", "move"])), max_size=6))
def test_incremental_equals_a_fresh_run(initial, edits) -> None:
    doc = open_bytes(urlset(*[loc(u, f"<lastmod>{d}</lastmod>" if d else "")
                              for u, d in initial]))
    validator = validate_document(doc)
    for row, url, date, action in edits:
        if not len(doc):
            action = "insert"
        row = row % max(len(doc), 1)
        if action == "edit":
            doc.replace_entries([replace(doc.entry_at(row), loc=url, lastmod=date)])
        elif action == "insert":
            doc.insert_entries(row, [Entry(loc=url, lastmod=date)])
        elif action == "remove":
            doc.remove_rows([row])
        else:
            doc.move_rows(row, 1, 0 if row else len(doc))
        assert summary(validator) == fresh(validator)
