"""Relative locations made absolute with the site URL."""

from __future__ import annotations

import pytest

from sitemap_studio.core.edits.location_fixes import (
    absolute_location,
    make_absolute_fix,
    site_url_problem,
)
from sitemap_studio.core.model.entries import Entry


@pytest.mark.parametrize(("loc", "site", "expected"), [
    ("/about", "https://example.com/shop/", "https://example.com/about"),
    ("about/team", "https://example.com/shop/", "https://example.com/shop/about/team"),
    ("about/team", "https://example.com", "https://example.com/about/team"),
    ("//cdn.example.com/x", "http://example.com/", "http://cdn.example.com/x"),
    ("example.com/x", "https://example.com/", "https://example.com/x"),
    ("page.html", "https://example.com/", "https://example.com/page.html"),
    (" ?q=1 ", "https://example.com/", "https://example.com/?q=1"),
])
def test_absolute_location(loc: str, site: str, expected: str) -> None:
    assert absolute_location(loc, site) == expected


def test_the_fix_changes_the_loc_only() -> None:
    entry = Entry(id=7, loc="/a", priority="0.5")
    fixed = make_absolute_fix("https://example.com/").apply(entry)
    assert fixed.loc == "https://example.com/a" and fixed.priority == "0.5" and fixed.id == 7


@pytest.mark.parametrize("site", ["example.com", "ftp://example.com/", "https://", ""])
def test_a_site_url_must_be_absolute_http(site: str) -> None:
    assert site_url_problem(site) is not None
    assert site_url_problem("https://example.com/") is None
