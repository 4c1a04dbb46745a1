"""Find and replace plans over locations: plain and regex, counts, examples and refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.edits import find_replace
from sitemap_studio.core.edits.find_replace import (
    MAX_EXAMPLES,
    PatternError,
    location_problem,
    plan_replace,
)
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def urlset(*locs: str) -> bytes:
    body = "".join(f"\n  <url><loc>{loc}</loc></url>" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{body}\n</urlset>\n' \
        .encode()


SITE = urlset("http://example.com/", "http://example.com/a?x=http://other/",
              "https://example.com/b", "http://www.old.example/shop/1",
              "http://old.example/shop/2")


def test_http_to_https() -> None:
    doc = open_bytes(SITE)
    plan = plan_replace(doc, "http://", "https://")
    assert plan.matches == 5  # the query's http:// counts too
    assert plan.preview_count == 4
    assert [entry.loc for entry in plan.changes] == [
        "https://example.com/", "https://example.com/a?x=https://other/",
        "https://www.old.example/shop/1", "https://old.example/shop/2"]
    assert [entry.id for entry in plan.changes] == [doc.id_at(row) for row in (0, 1, 3, 4)]
    assert plan.examples[0] == ("http://example.com/", "https://example.com/")
    assert plan.refused == []
    assert doc.to_bytes() == SITE  # planning changes nothing


def test_regex_anchors_keep_the_query_alone() -> None:
    doc = open_bytes(SITE)
    plan = plan_replace(doc, r"^http://", "https://", regex=True)
    assert plan.matches == 4
    assert plan.changes[1].loc == "https://example.com/a?x=http://other/"


def test_domain_change_with_groups() -> None:
    doc = open_bytes(SITE)
    plan = plan_replace(doc, r"^https?://(?:www\.)?old\.example/(?P<path>.*)$",
                        r"https://new.example/\g<path>", regex=True)
    assert [entry.loc for entry in plan.changes] == ["https://new.example/shop/1",
                                                     "https://new.example/shop/2"]
    numbered = plan_replace(doc, r"^(https?)://(www\.)?old\.example/", r"\1://new.example/",
                            regex=True)
    assert [entry.loc for entry in numbered.changes] == ["http://new.example/shop/1",
                                                         "http://new.example/shop/2"]


def test_case_insensitive() -> None:
    doc = open_bytes(urlset("HTTP://Example.com/A", "https://example.com/a"))
    assert plan_replace(doc, "example.COM", "example.org").preview_count == 0
    plan = plan_replace(doc, "example.COM", "example.org", case_sensitive=False)
    assert [entry.loc for entry in plan.changes] == ["HTTP://example.org/A",
                                                     "https://example.org/a"]


def test_case_insensitive_matches_non_ascii_letters_like_re_does() -> None:
    # U+212A KELVIN SIGN matches 'k' when case is ignored: the block test must not skip it.
    doc = open_bytes(urlset("https://example.com/\u212aelvin", "https://example.com/z"))
    plan = plan_replace(doc, "kelvin", "k", case_sensitive=False)
    assert [entry.loc for entry in plan.changes] == ["https://example.com/k"]


def test_matches_and_preview_count_differ() -> None:
    doc = open_bytes(urlset("https://a.example/a", "https://b.example/b"))
    plan = plan_replace(doc, "a", "a")
    assert (plan.matches, plan.preview_count, plan.examples) == (4, 0, [])
    plan = plan_replace(doc, "a", "A")
    assert (plan.matches, plan.preview_count) == (4, 2)
    assert [entry.loc for entry in plan.changes] == ["https://A.exAmple/A", "https://b.exAmple/b"]
    plan = plan_replace(doc, "/a", "/z")  # "//a.example" and "/a"
    assert (plan.matches, plan.preview_count) == (2, 1)


def test_invalid_regex_says_where() -> None:
    doc = open_bytes(SITE)
    with pytest.raises(PatternError, match="position 8") as caught:
        plan_replace(doc, r"https://(", "x", regex=True)
    assert isinstance(caught.value, ValueError)
    assert (caught.value.part, caught.value.position) == ("find", 8)


def test_invalid_replacement_template() -> None:
    doc = open_bytes(SITE)
    with pytest.raises(PatternError, match="invalid group reference") as caught:
        plan_replace(doc, r"(http)://", r"\2://", regex=True)
    assert caught.value.part == "replace"
    # Plain text replacements are never templates.
    plan = plan_replace(doc, "http://", r"\2://")
    assert plan.changes[0].loc == r"\2://example.com/"


def test_empty_find_is_refused() -> None:
    with pytest.raises(PatternError, match="nothing to find"):
        plan_replace(open_bytes(SITE), "", "x")


@pytest.mark.parametrize(("replacement", "reason"), [
    ("", "empty location"),
    ("  ", "empty location"),
    ("\x01", "U+0001, which XML cannot carry"),
    ("https://x/\nhttps://y/", "line break"),
])
def test_results_that_cannot_be_locations_are_refused(replacement: str, reason: str) -> None:
    doc = open_bytes(urlset("https://example.com/a", "https://example.com/b"))
    plan = plan_replace(doc, r"^.*/a$", replacement, regex=True)
    assert plan.preview_count == 0
    assert plan.matches == 1
    assert [(refused.row, refused.old) for refused in plan.refused] == [
        (0, "https://example.com/a")]
    assert reason in plan.refused[0].reason
    assert plan.refused[0].entry_id == doc.id_at(0)


def test_result_is_trimmed() -> None:
    doc = open_bytes(urlset("https://example.com/a"))
    plan = plan_replace(doc, "/a", "/b ")
    assert plan.changes[0].loc == "https://example.com/b"


def test_matching_is_on_the_trimmed_value() -> None:
    doc = open_bytes(urlset(" https://example.com/a ", "https://example.com/b"))
    assert plan_replace(doc, "a ", "x").matches == 0
    plan = plan_replace(doc, r"/a$", "/z", regex=True)
    assert plan.changes[0].loc == "https://example.com/z"
    assert "loc" not in plan.changes[0].raw


def test_references_and_cdata_are_matched_by_value() -> None:
    doc = open_bytes(urlset("https://example.com/?a=1&amp;b=2", "https://example.com/&#120;y",
                            "<![CDATA[https://example.com/cdata]]>"))
    assert plan_replace(doc, "&b", "&c").changes[0].loc == "https://example.com/?a=1&c=2"
    assert plan_replace(doc, "/xy", "/z").changes[0].loc == "https://example.com/z"
    assert plan_replace(doc, "cdata", "done").changes[0].loc == "https://example.com/done"


def test_edited_and_new_entries_are_searched() -> None:
    doc = open_bytes(SITE)
    doc.set_text(doc.id_at(2), "loc", "https://example.com/edited")
    doc.insert_entries(0, [doc.entry_at(2).__class__(loc="https://example.com/edited-too")])
    plan = plan_replace(doc, "edited", "changed")
    assert [entry.loc for entry in plan.changes] == ["https://example.com/changed-too",
                                                     "https://example.com/changed"]


def test_rows_limit_the_search_to_a_selection() -> None:
    doc = open_bytes(SITE)
    plan = plan_replace(doc, "http://", "https://", rows=[4, 0, 4])
    assert [entry.loc for entry in plan.changes] == ["https://example.com/",
                                                     "https://old.example/shop/2"]


def test_examples_are_capped() -> None:
    doc = open_bytes(urlset(*(f"http://example.com/{n}" for n in range(30))))
    plan = plan_replace(doc, "http:", "https:")
    assert plan.preview_count == 30
    assert len(plan.examples) == MAX_EXAMPLES


def test_text_sitemaps() -> None:
    doc = open_bytes(b"http://example.com/a\nhttp://example.com/b\n", "urls.txt")
    plan = plan_replace(doc, "http:", "https:")
    assert [entry.loc for entry in plan.changes] == ["https://example.com/a",
                                                     "https://example.com/b"]


def test_nul_never_matches() -> None:
    assert plan_replace(open_bytes(SITE), "\x00", "x").matches == 0


def test_cancel_and_progress() -> None:
    doc = open_bytes(SITE)
    seen: list[tuple[int, int]] = []
    plan_replace(doc, "x", "y", regex=True, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        plan_replace(doc, "x", "y", regex=True, cancel=token)


def test_location_problem() -> None:
    assert location_problem("https://example.com/") is None
    assert location_problem("https://example.com/\ud800") is not None


def test_the_byte_search_gives_up_where_it_cannot_be_exact() -> None:
    assert find_replace._rows_holding(open_bytes(SITE), "old") == [3, 4]
    entities = open_bytes(urlset("https://example.com/?a&amp;b"))
    assert find_replace._rows_holding(entities, "a") is None
    edited = open_bytes(SITE)
    edited.set_text(edited.id_at(0), "lastmod", "2024-01-01")
    assert find_replace._rows_holding(edited, "old") is None


PATHS = st.text(alphabet="abcAB/-.%~&", min_size=0, max_size=8)


@settings(max_examples=60, deadline=None)
@given(paths=st.lists(PATHS, min_size=1, max_size=12), find=st.text(alphabet="abAB/&", min_size=1,
                                                                       max_size=3))
def test_every_way_of_searching_agrees(paths: list[str], find: str) -> None:
    """The byte search, the block search and the per-row search find the same entries."""
    locs = [f"https://example.com/{path}" for path in paths]
    escaped = [loc.replace("&", "&amp;") for loc in locs]
    doc = open_bytes(urlset(*escaped))
    expected = [loc.replace(find, "#") for loc in locs if find in loc]
    assert [entry.loc for entry in plan_replace(doc, find, "#").changes] == expected
    assert [entry.loc for entry in plan_replace(doc, find, "#", rows=range(len(locs))).changes] \
        == expected
    edited = open_bytes(urlset(*escaped))
    edited.set_text(edited.id_at(0), "lastmod", "2024-01-01")  # no byte search once edited
    assert [entry.loc for entry in plan_replace(edited, find, "#").changes] == expected
    folded = [loc for loc in locs if find.lower() in loc.lower()]
    insensitive = plan_replace(doc, find, "#", case_sensitive=False)
    assert [doc.text(doc.row_of(entry.id), 0) for entry in insensitive.changes] == folded
