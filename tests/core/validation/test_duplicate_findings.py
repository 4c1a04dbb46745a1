"""Copies of a URL, judged a group at a time: each copy's finding, its words and its place."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.findings import Finding, RuleSource, Severity, findings_alike
from sitemap_studio.core.model.text_position import line_column
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.urls.parsing import normalization_differences, normalize_url
from sitemap_studio.core.validation.duplicates import loose_key
from sitemap_studio.core.validation.engine import DocumentValidator, validate_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SPELLINGS = ["https://e.com/a", "https://E.com/a", "https://e.com:443/a", "https://e.com/a/",
             "https://e.com/a#top", "https://e.com/b", "https://e.com/b/", "https://e.com/"]
DUPLICATE_CODES = ("loc-duplicate", "loc-possible-duplicate")


def xml(locs: list[str], prefix: str = "") -> bytes:
    name = f"{prefix}:" if prefix else ""
    declare = f"xmlns:{prefix}" if prefix else "xmlns"
    body = "".join(f"  <{name}url>\n    <{name}loc>{loc}</{name}loc>\n  </{name}url>\n"
                   for loc in locs)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<{name}urlset {declare}="{NS}">\n'
            f"{body}</{name}urlset>\n").encode()


def expected(validator: DocumentValidator) -> dict[int, tuple[str, str]]:
    """Row -> (code, message) of each copy, worked out row by row from the rule's words."""
    doc = validator.document
    locs = [doc.text(row, 0) or "" for row in range(len(doc))]
    keys = [normalize_url(loc) for loc in locs]
    found: dict[int, tuple[str, str]] = {}
    for row, key in enumerate(keys):
        first = keys.index(key)
        if first != row:
            reasons = normalization_differences(locs[first], locs[row])
            if reasons != ["fragment"]:  # loc-fragment says that one
                how = f" after normalisation: {', '.join(reasons)}" if reasons else \
                    ", written identically"
                named = validator.describe(doc.id_at(first))
                found[row] = ("loc-duplicate", f"Same URL as {named}{how}. Crawlers count it "
                              "once; keep one of them.")
            continue
        earliest = next(at for at, other in enumerate(keys) if loose_key(other) == loose_key(key))
        if earliest != row:
            found[row] = ("loc-possible-duplicate",
                          f"Differs from {validator.describe(doc.id_at(earliest))} only by a "
                          "trailing slash: possibly the same page (servers often redirect one "
                          "to the other); keep the one the site links to.")
    return found


def copies(validator: DocumentValidator) -> dict[int, Finding]:
    doc = validator.document
    return {doc.row_of(f.entry): f for f in validator.findings()
            if f.code in DUPLICATE_CODES and f.entry is not None}


def loc_position(data: bytes, row: int, tag: bytes) -> tuple[int, int]:
    """Where the ``row``-th ``<loc>`` start tag is, counted in the file itself."""
    offset = -1
    for _ in range(row + 1):
        offset = data.index(tag, offset + 1)
    return line_column(data, offset)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SPELLINGS), min_size=1, max_size=30), st.booleans())
def test_each_copy_gets_its_words_at_its_own_loc(locs: list[str], prefixed: bool) -> None:
    data = xml(locs, "sm" if prefixed else "")
    validator = validate_document(open_bytes(data))
    found = copies(validator)
    assert {row: (f.code, f.message) for row, f in found.items()} == expected(validator)
    tag = b"<sm:loc>" if prefixed else b"<loc>"
    for row, finding in found.items():
        assert (finding.line, finding.column) == loc_position(data, row, tag)
        assert finding.field == "loc" and finding.severity == Severity.WARNING


def test_a_text_list_points_at_the_line_of_each_copy() -> None:
    data = b"https://e.com/a\nhttps://e.com/b\n  https://e.com/a\nhttps://E.com/a\n"
    validator = validate_document(open_bytes(data, "list.txt"))
    found = copies(validator)
    assert {row: (f.line, f.column) for row, f in found.items()} == {2: (3, 1), 3: (4, 1)}
    assert "written identically" in found[2].message and "host case" in found[3].message


def test_after_rows_move_and_entries_change_the_copies_follow() -> None:
    # Many entries moved (their rows looked up in one pass), some edited (held as entries,
    # without a place in the file): the findings equal a fresh run's, places included.
    locs = [SPELLINGS[n % 3] if n % 4 else f"https://e.com/p{n}" for n in range(40)]
    doc = open_bytes(xml(locs))
    validator = validate_document(doc)
    doc.move_rows(30, 8, 2)
    doc.replace_entries([Entry(id=doc.id_at(row), loc="https://e.com/a") for row in (5, 17)])
    doc.insert_entries(0, [Entry(loc="https://e.com/a/")])
    mine = copies(validator)
    fresh = copies(DocumentValidator(doc, validator.context).run())
    assert mine == fresh
    assert {row: (f.code, f.message) for row, f in mine.items()} == expected(validator)
    assert mine[6].line is not None  # an untouched copy keeps its place in the file


def test_findings_made_alike_equal_the_constructors() -> None:
    made = findings_alike(Severity.WARNING, "loc-duplicate", "Same URL", [4, 9], "loc",
                          [3, None], [5, None], RuleSource.STUDIO)
    assert made == [Finding(Severity.WARNING, "loc-duplicate", "Same URL", 4, "loc", 3, 5),
                    Finding(Severity.WARNING, "loc-duplicate", "Same URL", 9, "loc")]
    assert hash(made[0]) == hash(Finding(Severity.WARNING, "loc-duplicate", "Same URL", 4,
                                         "loc", 3, 5))
    assert made[1].fix is None and made[1].source is RuleSource.STUDIO


def test_hashes_that_collide_never_make_a_copy_of_different_urls(monkeypatch) -> None:
    # The index keeps 4 bytes of each URL's hash; with 16 hash values instead of 4 billion,
    # nearly every URL shares its hash with others: the findings must not change.
    from sitemap_studio.core.validation import duplicates

    locs = [SPELLINGS[n % len(SPELLINGS)] if n % 5 == 0 else f"https://e.com/p{n % 37}"
            for n in range(200)]
    wide = copies(validate_document(open_bytes(xml(locs))))
    monkeypatch.setattr(duplicates, "LOOSE_MASK", 0xF)
    doc = open_bytes(xml(locs))
    validator = validate_document(doc)
    narrow = copies(validator)
    assert narrow == wide and len(narrow) > 100
    assert {row: (f.code, f.message) for row, f in narrow.items()} == expected(validator)
    # And after edits, moves and removals, as a fresh run sees it.
    doc.move_rows(150, 20, 3)
    doc.replace_entries([Entry(id=doc.id_at(row), loc=f"https://e.com/q{row}")
                         for row in (7, 40, 99)])
    doc.remove_rows(range(60, 80))
    assert copies(validator) == copies(DocumentValidator(doc, validator.context).run())
    assert {row: (f.code, f.message) for row, f in copies(validator).items()} == expected(
        validator)
