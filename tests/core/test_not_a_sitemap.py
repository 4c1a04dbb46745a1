"""The loader names a file that is not a sitemap instead of reading it line by line."""

from __future__ import annotations

import pytest

from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.reading.loader import open_bytes

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"


def refusal(data: bytes) -> ReadError:
    with pytest.raises(ReadError) as caught:
        open_bytes(data, "sitemap.xml")
    assert caught.value.code == "not-a-sitemap"
    return caught.value


def test_minified_javascript_on_one_line_is_named() -> None:
    data = ("!function(e){var t={};" + "e[t]=function(n){return n/2};" * 3000 + "}(window);"
            ).encode()
    error = refusal(data)
    assert "JavaScript source" in error.message and (error.line, error.column) == (1, 1)


def test_a_liquid_tag_deep_in_an_xml_sitemap_is_located() -> None:
    rows = "".join(f"<url><loc>https://a.example.net/{n}</loc></url>\n" for n in range(300))
    data = f'<urlset xmlns="{SM}">\n{rows}{{% include extra-urls.xml %}}\n</urlset>\n'.encode()
    error = refusal(data)
    assert (error.line, error.column) == (302, 1)
    assert "Liquid/Jinja tag" in error.message


def test_a_json_object_is_named_where_it_starts() -> None:
    error = refusal(b'\n\n  {"urls": ["https://a.example.net/"]}\n')
    assert (error.line, error.column) == (3, 3) and "JSON data" in error.message


def test_lines_of_markup_without_a_root_are_named() -> None:
    data = b"Sitemap for our shop\n" + b"<p><a href='/a'>A</a></p>\n" * 40
    error = refusal(data)
    assert "markup (40 of its first 41 lines are tags" in error.message
    assert (error.line, error.column) == (2, 1)


@pytest.mark.parametrize("text", [
    "https://a.example.net/{n}",            # plain URLs
    "/docs/page-{n}/",                      # relative paths: flagged later, still opened
    "https://a.example.net/q?a={n};b=2",    # a URL with ; and = inside
])
def test_url_lists_still_open(text: str) -> None:
    data = "\n".join(text.format(n=n) for n in range(500)).encode()
    document = open_bytes(data, "urls.txt")
    assert len(document) == 500


def test_prose_is_left_to_the_text_reader_which_finds_no_urls() -> None:
    document = open_bytes(b"remember the milk\nand the eggs\n", "notes.txt")
    assert [finding.code for finding in document.load_findings] == [
        "text-line-not-url", "text-line-not-url", "text-no-urls"]
