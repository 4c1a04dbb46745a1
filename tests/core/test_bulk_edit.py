"""Bulk edit plans: checked values, unchanged entries left out, nothing applied by planning."""

from __future__ import annotations

import pytest

from sitemap_studio.core.edits.bulk_edit import bulk_set, checked_value, rows_for_ids, with_field
from sitemap_studio.core.model.entries import CHANGEFREQ_VALUES, Entry
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DOC = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="{NS}">
  <url><loc>https://example.com/a</loc><changefreq>daily</changefreq></url>
  <url><loc>https://example.com/b</loc><priority> 0.5 </priority></url>
  <url><loc>https://example.com/c</loc><lastmod>2024-01-01</lastmod></url>
</urlset>
""".encode()
INDEX = f"""<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="{NS}">
  <sitemap><loc>https://example.com/s1.xml</loc></sitemap>
</sitemapindex>
""".encode()


def all_ids(document) -> list[int]:
    return [document.id_at(row) for row in range(len(document))]


def test_sets_a_field_and_leaves_out_entries_that_have_it() -> None:
    doc = open_bytes(DOC)
    plan = bulk_set(doc, all_ids(doc), "changefreq", "daily")
    assert [entry.loc for entry in plan] == ["https://example.com/b", "https://example.com/c"]
    assert all(entry.changefreq == "daily" for entry in plan)
    assert [entry.id for entry in plan] == [doc.id_at(1), doc.id_at(2)]
    assert doc.to_bytes() == DOC  # planning changes nothing


def test_value_comparison_is_on_the_trimmed_value_and_the_result_is_trimmed() -> None:
    doc = open_bytes(DOC)
    assert bulk_set(doc, [doc.id_at(1)], "priority", "0.5") == []
    (entry,) = bulk_set(doc, [doc.id_at(0)], "priority", " 0.8\n")
    assert entry.priority == "0.8"


def test_none_removes_the_field_where_present() -> None:
    doc = open_bytes(DOC)
    plan = bulk_set(doc, all_ids(doc), "lastmod", None)
    assert [entry.loc for entry in plan] == ["https://example.com/c"]
    assert plan[0].lastmod is None
    doc.replace_entries(plan)
    assert b"lastmod" not in doc.to_bytes()


def test_dropped_raw_text_of_the_field() -> None:
    doc = open_bytes(DOC)
    assert doc.entry_at(1).raw == {"priority": " 0.5 "}
    (entry,) = bulk_set(doc, [doc.id_at(1)], "priority", "0.7")
    assert entry.raw == {}


def test_ids_that_are_gone_are_skipped_and_rows_come_in_order() -> None:
    doc = open_bytes(DOC)
    plan = bulk_set(doc, [doc.id_at(2), 999, doc.id_at(0)], "priority", "0.1")
    assert [entry.loc for entry in plan] == ["https://example.com/a", "https://example.com/c"]


def test_many_ids_are_mapped_in_one_pass() -> None:
    urls = "".join(f"<url><loc>https://example.com/{n}</loc></url>" for n in range(100))
    doc = open_bytes(f'<urlset xmlns="{NS}">{urls}</urlset>'.encode())
    doc.move_rows(0, 1, 100)
    ids = list(reversed(all_ids(doc)))
    mapping = rows_for_ids(doc, [*ids, 12345])
    assert len(mapping) == 100
    assert all(doc.id_at(row) == entry_id for entry_id, row in mapping.items())
    assert len(bulk_set(doc, ids, "changefreq", "never")) == 100


@pytest.mark.parametrize("value", ["2024-01-15", "2024-01-15T10:30:00+01:00", "2024",
                                   "2024-01-15T10:30:00.5Z"])
def test_lastmod_accepts_w3c_datetimes(value: str) -> None:
    assert checked_value("lastmod", value) == value


@pytest.mark.parametrize(("value", "reason"), [
    ("2024-02-30", "February 2024 has 29 days"),
    ("2024-01-15 10:30:00", "write 2024-01-15T10:30:00"),
    ("yesterday", "expected YYYY-MM-DD"),
    ("", "empty"),
])
def test_lastmod_refusals_say_why(value: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        checked_value("lastmod", value)


def test_changefreq_values() -> None:
    for value in CHANGEFREQ_VALUES:
        assert checked_value("changefreq", value) == value
    with pytest.raises(ValueError, match="lower case: write 'weekly'"):
        checked_value("changefreq", "Weekly")
    with pytest.raises(ValueError, match="not one of always"):
        checked_value("changefreq", "sometimes")


@pytest.mark.parametrize("value", ["0", "1", "0.5", "1.0", ".3", "0.00"])
def test_priority_accepts_decimals_in_range(value: str) -> None:
    assert checked_value("priority", value) == value


@pytest.mark.parametrize(("value", "reason"), [
    ("1.5", "out of range"), ("-0.1", "out of range"), ("0,5", "not a decimal"),
    ("1e-1", "not a decimal"), ("NaN", "not a decimal"),
])
def test_priority_refusals(value: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        checked_value("priority", value)


def test_only_the_three_optional_fields() -> None:
    doc = open_bytes(DOC)
    with pytest.raises(ValueError, match="cannot be set in bulk"):
        bulk_set(doc, all_ids(doc), "loc", "https://example.com/")


def test_index_entries_take_lastmod_but_not_priority() -> None:
    index = open_bytes(INDEX)
    assert bulk_set(index, [index.id_at(0)], "lastmod", "2024-05-05")[0].lastmod == "2024-05-05"
    with pytest.raises(ValueError, match="sitemap index entry"):
        bulk_set(index, [index.id_at(0)], "priority", "0.5")
    assert bulk_set(index, [index.id_at(0)], "priority", None) == []


def test_with_field() -> None:
    entry = Entry(id=3, loc="https://a/", raw={"loc": " https://a/ ", "lastmod": "x "},
                  lastmod="x")
    changed = with_field(entry, "loc", "https://b/")
    assert changed.loc == "https://b/" and changed.raw == {"lastmod": "x "}
    with pytest.raises(ValueError):
        with_field(entry, "images", None)
