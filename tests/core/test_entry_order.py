"""Sort orders and filters over a document's columns, checked against plain Python."""

from __future__ import annotations

import math
import re
from xml.sax.saxutils import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import Entry
from sitemap_studio.core.model.values import datetime_sort_key
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.rows.entry_order import (
    ABSENT_KEY,
    FINDINGS_COLUMN,
    UNPARSABLE_KEY,
    EntryIndex,
    FilterPatternError,
    field_keys,
    filter_rows,
    rows_of_ids,
    sort_order,
)
from sitemap_studio.core.validation.engine import validate_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"


def xml_document(rows: list[dict[str, str]], *, images: dict[int, int] | None = None,
                 raw: bool = False) -> SitemapDocument:
    """A urlset with one ``<url>`` per dict (field name -> text, escaped unless ``raw``)."""
    parts = [f'<urlset xmlns="{NS}" xmlns:image="{IMAGE_NS}">']
    for number, fields in enumerate(rows):
        parts.append("<url>")
        for name in ("loc", "lastmod", "changefreq", "priority"):
            if name in fields:
                text = fields[name] if raw else escape(fields[name])
                parts.append(f"<{name}>{text}</{name}>")
        for image in range((images or {}).get(number, 0)):
            parts.append(f"<image:image><image:loc>https://e.com/i{image}.png</image:loc>"
                         "</image:image>")
        parts.append("</url>")
    parts.append("</urlset>")
    return open_bytes("".join(parts).encode())


def locs(*values: str) -> SitemapDocument:
    return xml_document([{"loc": value} for value in values])


def column(document: SitemapDocument, rows: object, field: int) -> list[str | None]:
    return [document.text(row, field) for row in rows]  # type: ignore[attr-defined]


def naive_filter(document: SitemapDocument, text: str, *, regex: bool = False,
                 case_sensitive: bool = False, field: int = 0) -> list[int]:
    """The reference: plain Python over ``document.text`` (an absent field is empty)."""
    pattern = re.compile(text if regex else re.escape(text), 0 if case_sensitive else re.I)
    found = []
    for row in range(len(document)):
        value = document.text(row, field) or ""
        if regex:
            hit = pattern.search(value) is not None
        elif case_sensitive:
            hit = text in value
        else:
            hit = text.lower() in value.lower()
        if hit:
            found.append(row)
    return found


def shown(document: SitemapDocument, result: object) -> list[int]:
    return list(range(len(document))) if result is None else list(result)  # type: ignore[call-overload]


# --- sorting -------------------------------------------------------------------------------


def test_lastmod_sorts_by_instant_across_time_zones() -> None:
    doc = xml_document([
        {"loc": "https://e.com/a", "lastmod": "2024-01-01T10:00:00+02:00"},  # 08:00Z
        {"loc": "https://e.com/b", "lastmod": "2024-01-01T09:00:00Z"},
        {"loc": "https://e.com/c"},
        {"loc": "https://e.com/d", "lastmod": "2024-01-01"},  # 00:00Z
        {"loc": "https://e.com/e", "lastmod": "not a date"},
        {"loc": "https://e.com/f", "lastmod": "2023-12-31T23:30:00-01:00"},  # 00:30Z
        {"loc": "https://e.com/g", "lastmod": "2024-02-30"},
        {"loc": "https://e.com/h", "lastmod": " 2023-06-01T12:00:00.25Z "},
    ])
    ascending = column(doc, sort_order(doc, 1), 1)
    assert ascending == ["2023-06-01T12:00:00.25Z", "2024-01-01", "2023-12-31T23:30:00-01:00",
                         "2024-01-01T10:00:00+02:00", "2024-01-01T09:00:00Z",
                         "2024-02-30", "not a date", None]
    # Descending reverses the dates; values without a date stay last, in the same order.
    assert column(doc, sort_order(doc, 1, descending=True), 1) == [
        *reversed(ascending[:5]), "2024-02-30", "not a date", None]


def test_priority_sorts_as_numbers_and_changefreq_by_frequency() -> None:
    doc = xml_document([
        {"loc": "https://e.com/a", "priority": "0.5", "changefreq": "never"},
        {"loc": "https://e.com/b", "priority": ".45", "changefreq": "hourly"},
        {"loc": "https://e.com/c", "priority": "high", "changefreq": "sometimes"},
        {"loc": "https://e.com/d", "priority": "1", "changefreq": "daily"},
        {"loc": "https://e.com/e"},
        {"loc": "https://e.com/f", "priority": "0.10", "changefreq": "always"},
    ])
    assert column(doc, sort_order(doc, 3), 3) == ["0.10", ".45", "0.5", "1", "high", None]
    assert column(doc, sort_order(doc, 3, True), 3) == ["1", "0.5", ".45", "0.10", "high", None]
    assert column(doc, sort_order(doc, 2), 2) == ["always", "hourly", "daily", "never",
                                                  "sometimes", None]


def test_sort_is_stable_in_both_directions() -> None:
    doc = xml_document([{"loc": f"https://e.com/{n}", "priority": "0.5" if n % 2 else "0.2"}
                        for n in range(6)])
    assert list(sort_order(doc, 3)) == [0, 2, 4, 1, 3, 5]
    assert list(sort_order(doc, 3, descending=True)) == [1, 3, 5, 0, 2, 4]


def test_location_order_counts_and_subsets() -> None:
    doc = xml_document([{"loc": "https://e.com/b"}, {"loc": "https://e.com/a"},
                        {"loc": "https://e.com/B"}, {"loc": "https://e.com/c"}],
                       images={1: 2, 3: 1})
    assert column(doc, sort_order(doc, 0), 0) == ["https://e.com/B", "https://e.com/a",
                                                  "https://e.com/b", "https://e.com/c"]
    assert list(sort_order(doc, 4)) == [0, 2, 3, 1]
    assert list(sort_order(doc, 4, descending=True)) == [1, 3, 0, 2]
    assert list(sort_order(doc, 0, rows=[0, 1, 3])) == [1, 0, 3]
    assert list(sort_order(doc, 4, rows=[1, 2])) == [2, 1]


def test_findings_column_puts_errors_first() -> None:
    doc = xml_document([{"loc": "https://e.com/a"}, {"loc": "https://e.com/b", "priority": "x"},
                        {"loc": "https://e.com/c"}, {"loc": "https://e.com/a"}])
    validator = validate_document(doc)
    order = sort_order(doc, FINDINGS_COLUMN, findings_of=validator.entry_findings,
                       flagged=validator.flagged_ids())
    first, *middle, last = order
    assert first == 1
    assert set(middle) == {0, 3}  # the duplicate pair
    assert last == 2
    with pytest.raises(ValueError, match="findings_of"):
        sort_order(doc, FINDINGS_COLUMN)


@given(st.lists(st.one_of(
    st.builds("{:04d}-{:02d}-{:02d}".format, st.integers(0, 2100), st.integers(0, 13),
              st.integers(0, 32)),
    st.builds("{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}{}{}".format,
              st.integers(1990, 2030), st.integers(1, 12), st.integers(1, 31),
              st.integers(0, 25), st.integers(0, 61), st.integers(0, 61),
              st.sampled_from(["", ".5", ".123456789"]),
              st.sampled_from(["", "Z", "+01:00", "-05:30", "+14:00", "+15:00", "+0100"])),
    st.text(alphabet="0123456789-T:+Z. ", max_size=26)), max_size=30))
@settings(max_examples=60, deadline=None)
def test_lastmod_keys_equal_datetime_sort_key(texts: list[str]) -> None:
    doc = xml_document([{"loc": f"https://e.com/{n}", "lastmod": text}
                        for n, text in enumerate(texts)])
    keys = field_keys(doc, 1)
    for row, text in enumerate(texts):
        expected = datetime_sort_key(text.strip(" "))
        if expected is None:
            assert keys[row] == UNPARSABLE_KEY, text
        else:
            assert math.isclose(keys[row], expected, rel_tol=0, abs_tol=1e-6), text


def test_keys_mark_absent_and_unparsable() -> None:
    doc = xml_document([{"loc": "https://e.com/a"}, {"loc": "https://e.com/b", "priority": ""}])
    assert list(field_keys(doc, 3)) == [ABSENT_KEY, UNPARSABLE_KEY]


# --- filtering -----------------------------------------------------------------------------

CASES = locs("https://e.com/Garden/chair", "https://e.com/garden?a=1&b=2",
             "  https://e.com/kitchen  ", "https://e.com/caf\u00e9", "https://e.com/CAF\u00c9",
             "https://e.com/\u0130zmir", "https://e.com/\u212aelvin", "https://e.com/x<y>")


@pytest.mark.parametrize(("text", "case_sensitive", "expected"), [
    ("garden", False, [0, 1]),
    ("garden", True, [1]),
    ("GARDEN/", False, [0]),
    ("a=1&b", False, [1]),  # written &amp; in the file
    ("amp", False, []),  # ... which is not part of the text
    ("x<y>", False, [7]),
    ("kitchen", False, [2]),
    (" https", False, []),  # the text is trimmed
    ("caf\u00e9", False, [3, 4]),  # not ASCII: compared as text
    ("CAF\u00c9", True, [4]),
    ("i", False, [0, 2, 5, 6]),  # U+0130 lower-cases to "i" and a combining dot
    ("kelvin", False, [6]),  # U+212A KELVIN SIGN lower-cases to "k"
    ("https://", True, [0, 1, 2, 3, 4, 5, 6, 7]),
    ("zzz", False, []),
])
def test_substring_filter(text: str, case_sensitive: bool, expected: list[int]) -> None:
    assert list(filter_rows(CASES, text, case_sensitive=case_sensitive) or []) == expected
    assert expected == naive_filter(CASES, text, case_sensitive=case_sensitive)


def test_empty_filter_means_every_row() -> None:
    assert filter_rows(CASES, "") is None
    assert filter_rows(CASES, "", regex=True) is None


def test_regex_filter_and_its_errors() -> None:
    assert list(filter_rows(CASES, r"^https://e\.com/[a-z]+$", regex=True,
                            case_sensitive=True) or []) == [2]
    # Ignoring case the Python way: [a-z] also takes U+0130 and the Kelvin sign.
    assert list(filter_rows(CASES, r"^https://e\.com/[a-z]+$", regex=True) or []) == [2, 5, 6]
    assert list(filter_rows(CASES, r"GARDEN\b", regex=True) or []) == [0, 1]
    assert list(filter_rows(CASES, r"GARDEN\b", regex=True, case_sensitive=True) or []) == []
    with pytest.raises(FilterPatternError) as raised:
        filter_rows(CASES, "garden(", regex=True)
    assert raised.value.position == 6
    assert "character 7" in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_only_ids_and_within() -> None:
    assert list(filter_rows(CASES, "", only_ids={1, 3, 99}) or []) == [1, 3]
    assert list(filter_rows(CASES, "e.com", only_ids={1, 3}) or []) == [1, 3]
    assert list(filter_rows(CASES, "garden", within=[1, 2, 3]) or []) == [1]


def test_filter_other_columns() -> None:
    doc = xml_document([{"loc": "https://e.com/a", "lastmod": "2024-01-05"},
                        {"loc": "https://e.com/b"},
                        {"loc": "https://e.com/c", "lastmod": "2023-01-05"}])
    assert list(filter_rows(doc, "2024", column=1) or []) == [0]
    assert list(filter_rows(doc, "^$", column=1, regex=True) or []) == [1]


def test_dense_needles_search_row_by_row() -> None:
    # More hits than the buffer search takes (1024): each row's span is searched instead.
    doc = xml_document([{"loc": f"https://e.com/{'Page' if n % 3 else 'page'}{n}&x",
                         "lastmod": "2024-01-01"} for n in range(3000)])
    for text, case_sensitive in (("page", False), ("page", True), ("https", False),
                                 ("&x", True)):
        assert shown(doc, filter_rows(doc, text, case_sensitive=case_sensitive)) == \
            naive_filter(doc, text, case_sensitive=case_sensitive)
    assert shown(doc, filter_rows(doc, "page", within=range(0, 3000, 2))) == \
        [row for row in naive_filter(doc, "page") if row % 2 == 0]


def test_ignoring_case_looks_again_only_at_rows_with_capitals() -> None:
    # Few rows hold capitals: the lower-case needle is searched as is, those rows again.
    doc = xml_document([{"loc": f"https://e.com/{'GarDen' if n % 20 == 0 else 'garden'}/{n}"
                                + ("&amp;" if n % 30 == 0 else "")} for n in range(3000)],
                       raw=True)
    doc.replace_entries([Entry(id=doc.id_at(7), loc="https://e.com/GARDEN-edited")])
    for text in ("garden", "GARDEN/1", "https", "den/2", "rden-e"):
        expected = naive_filter(doc, text)
        assert shown(doc, filter_rows(doc, text)) == expected, text
        assert shown(doc, filter_rows(doc, text, within=range(0, 3000, 3))) == \
            [row for row in expected if row % 3 == 0], text


def test_index_follows_edits_inserts_removals_and_moves() -> None:
    doc = xml_document([{"loc": f"https://e.com/{word}", "lastmod": f"2024-01-{day:02d}"}
                        for word, day in (("alpha", 3), ("beta", 1), ("gamma", 2),
                                          ("delta", 5), ("alphabet", 4))])
    index = EntryIndex(doc)
    assert list(index.sort_order(1)) == [1, 2, 0, 4, 3]
    assert list(index.filter_rows("alpha") or []) == [0, 4]

    def check() -> None:
        fresh = EntryIndex(doc, follow=False)
        for field in (1, 2, 3):
            assert list(index.sort_order(field)) == list(fresh.sort_order(field))
        for text in ("alpha", "e.com/", "zeta"):
            assert shown(doc, index.filter_rows(text)) == naive_filter(doc, text)

    doc.replace_entries([Entry(id=doc.id_at(1), loc="https://e.com/alphas",
                               lastmod="2025-01-01")])
    check()
    doc.insert_entries(2, [Entry(loc="https://e.com/zeta-alpha", lastmod="2020-01-01")])
    check()
    removal = doc.remove_rows([0, 3])
    check()
    doc.restore_rows(removal)
    check()
    doc.move_rows(4, 2, 0)
    check()
    doc.move_rows(0, 1, 5)
    check()
    assert index.cache_size() > 0
    index.close()
    assert index.cache_size() == 0


def test_restored_rows_shorten_the_shared_prefix() -> None:
    doc = locs("https://a.com/1", "https://a.com/2", "http://b.com/3")
    index = EntryIndex(doc)
    removal = doc.remove_rows([2])
    assert shown(doc, index.filter_rows("a.com")) == [0, 1]  # every row: from the prefix
    doc.restore_rows(removal)
    assert shown(doc, index.filter_rows("a.com")) == [0, 1]
    assert shown(doc, index.filter_rows("http")) == [0, 1, 2]
    state = doc.state(0)
    doc.replace_entries([Entry(id=doc.id_at(0), loc="ftp://c.com/0")])
    assert shown(doc, index.filter_rows("http")) == [1, 2]
    doc.restore_states([state])
    assert shown(doc, index.filter_rows("https")) == [0, 1]


def test_warm_up_fills_the_caches_unless_the_document_changes() -> None:
    doc = xml_document([{"loc": f"https://e.com/{n}", "lastmod": f"2024-01-{1 + n % 28:02d}"}
                        for n in range(100)])
    index = EntryIndex(doc)
    steps = index.warm_up(chunk=16)
    next(steps)
    next(steps)
    doc.replace_entries([Entry(id=doc.id_at(0), loc="https://e.com/x")])
    for _ in steps:
        pass
    assert index.cache_size() == 0  # stopped: the document changed
    for _ in index.warm_up(chunk=16):
        pass
    assert index.cache_size() > 0
    assert list(index.sort_order(1)) == list(EntryIndex(doc, follow=False).sort_order(1))
    assert shown(doc, index.filter_rows("/1")) == naive_filter(doc, "/1")


def test_rows_of_ids_after_reordering() -> None:
    doc = locs(*(f"https://e.com/{n}" for n in range(10)))
    doc.move_rows(0, 3, 10)
    ids = {doc.id_at(row) for row in (1, 4, 8, 9)}
    assert list(rows_of_ids(doc, ids)) == [1, 4, 8, 9]
    assert list(rows_of_ids(doc, {doc.id_at(5), 12345})) == [5]


# --- property: the fast paths agree with plain Python -------------------------------------

ALPHABET = "aAbBkK/.:-_ &<>'\"\u00e9\u00c9\u0130\u212a\u00df0123"
needles = st.text(alphabet=ALPHABET, min_size=1, max_size=4)


@st.composite
def documents(draw: st.DrawFn) -> SitemapDocument:
    values = draw(st.lists(st.text(alphabet=ALPHABET, max_size=12), min_size=1, max_size=25))
    if draw(st.booleans()):  # mostly lower case, as URLs are
        values = [values[0], *(value.lower() for value in values[1:])]
    doc = locs(*(f"h{value}" for value in values))
    # Some rows edited (held as entries) or inserted.
    for row in draw(st.lists(st.integers(0, len(doc) - 1), max_size=3, unique=True)):
        doc.replace_entries([Entry(id=doc.id_at(row),
                                   loc="h" + draw(st.text(alphabet=ALPHABET, max_size=8)))])
    if draw(st.booleans()):
        doc.insert_entries(draw(st.integers(0, len(doc))),
                           [Entry(loc="h" + draw(st.text(alphabet=ALPHABET, max_size=8)))])
    if draw(st.booleans()) and len(doc) > 2:
        doc.move_rows(0, 1, len(doc))
    return doc


@given(documents(), needles, st.booleans())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_substring_filter_equals_plain_python(doc: SitemapDocument, needle: str,
                                              case_sensitive: bool) -> None:
    expected = naive_filter(doc, needle, case_sensitive=case_sensitive)
    assert shown(doc, filter_rows(doc, needle, case_sensitive=case_sensitive)) == expected
    within = list(range(0, len(doc), 2))
    assert shown(doc, filter_rows(doc, needle, case_sensitive=case_sensitive,
                                  within=within)) == [row for row in expected if row % 2 == 0]


@given(documents(), st.booleans())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_location_order_equals_plain_python(doc: SitemapDocument, descending: bool) -> None:
    # Plain rows are keyed by their bytes, others by their text: the order is the texts'.
    expected = sorted(range(len(doc)), key=lambda row: doc.text(row, 0) or "",
                      reverse=descending)
    assert list(sort_order(doc, 0, descending)) == expected


def test_location_order_with_references_blanks_and_edits() -> None:
    doc = xml_document([{"loc": "https://e.com/b&amp;c"}, {"loc": "https://e.com/b\n "},
                        {"loc": "https://e.com/b"}, {"loc": "https://e.com/\u00e9"},
                        {"loc": "https://e.com/a"}, {"loc": "https://e.com/b!"}], raw=True)
    doc.replace_entries([Entry(id=doc.id_at(4), loc="https://e.com/z")])
    assert column(doc, sort_order(doc, 0), 0) == [
        "https://e.com/b", "https://e.com/b", "https://e.com/b!", "https://e.com/b&c",
        "https://e.com/z", "https://e.com/\u00e9"]
    assert list(sort_order(doc, 0))[:2] == [1, 2]  # equal texts keep their order


@given(documents(), needles, st.sampled_from(["^{}", "{}$", "{}|k", "[{}]", "(?:{})+"]),
       st.booleans())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_regex_filter_equals_plain_python(doc: SitemapDocument, needle: str, shape: str,
                                          case_sensitive: bool) -> None:
    pattern = shape.format(re.escape(needle))
    assert shown(doc, filter_rows(doc, pattern, regex=True, case_sensitive=case_sensitive)) \
        == naive_filter(doc, pattern, regex=True, case_sensitive=case_sensitive)


@given(st.lists(st.sampled_from(["0.5", ".45", "1", "0", "high", "", " 0.3 ", "1.0", "-0"]),
                min_size=1, max_size=20))
@settings(max_examples=50, deadline=None)
def test_priority_order_equals_plain_python(values: list[str]) -> None:
    doc = xml_document([{"loc": f"https://e.com/{n}", "priority": value}
                        for n, value in enumerate(values)])

    def key(row: int) -> tuple[int, float, str]:
        text = doc.text(row, 3) or ""
        try:
            return (0, float(text), "") if text and "e" not in text.lower() else (1, 0, text)
        except ValueError:
            return (1, 0.0, text)

    assert list(sort_order(doc, 3)) == sorted(range(len(doc)), key=key)
