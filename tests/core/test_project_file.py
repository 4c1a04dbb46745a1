"""Tests for sitemap_studio.core.project.project_file: the .sitemapproj JSON, upgrades, errors."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.errors import ReadError, SitemapError
from sitemap_studio.core.project import project_file
from sitemap_studio.core.project.project_file import (
    ExportSettings,
    Project,
    SitemapRef,
    SubmissionSettings,
    load_project,
    new_project,
    project_from_json,
    project_to_json,
    save_project,
)
from sitemap_studio.core.project.project_upgrades import FORMAT_VERSION, UPGRADES
from sitemap_studio.core.project.settings_values import (
    file_name_problem,
    folder_problem,
    index_lastmod_problem,
    indexnow_key_problem,
    name_pattern_problem,
    relative_path_problem,
    stylesheet_problem,
    url_problem,
)

SITE = "https://shop.example.com/"

# A format 2 file exactly as project_to_json writes it.
V2 = """\
{
  "format_version": 2,
  "site_url": "https://shop.example.com/",
  "sitemaps": [
    {
      "path": "sitemap-pages.xml",
      "url": "https://shop.example.com/sitemap-pages.xml"
    },
    {
      "path": "blog/sitemap-blog.xml",
      "url": null
    }
  ],
  "index": {
    "path": "sitemap-index.xml",
    "url": "https://shop.example.com/sitemap-index.xml"
  },
  "export": {
    "output_folder": "export",
    "max_urls": 10000,
    "max_bytes": 10485760,
    "gzip": false,
    "name_pattern": "part-{n}.xml",
    "stylesheet": "/sitemap.xsl",
    "index_lastmod": "none",
    "index_name": "index.xml",
    "host_base_urls": [
      "https://blog.example.com/"
    ]
  },
  "submission": {
    "indexnow_key": "3f9c2b7e5a1d4c8f",
    "indexnow_key_location": "https://shop.example.com/3f9c2b7e5a1d4c8f.txt",
    "indexnow_endpoint": "https://api.indexnow.org/indexnow"
  }
}
"""

# What bench/generate.py writes, and what files from before format 2 look like.
V1 = {
    "format_version": 1,
    "site_url": SITE,
    "sitemaps": [{"path": "sitemap-01.xml", "url": SITE + "sitemap-01.xml"}],
    "index": {"path": "sitemap-index.xml", "url": SITE + "sitemap-index.xml"},
}


def v2_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(V2)
    return data


def text_of(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def load_error(data: object) -> ReadError:
    text = data if isinstance(data, str) else text_of(data)
    with pytest.raises(ReadError) as caught:
        project_from_json(text, path="site.sitemapproj")
    return caught.value


def write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


# --- reading and writing format 2 ---------------------------------------------------------------


def test_a_format_2_file_reads_into_its_settings() -> None:
    project = project_from_json(V2, path="site.sitemapproj")
    assert project.path == "site.sitemapproj"
    assert project.site_url == SITE
    assert project.sitemaps == [
        SitemapRef("sitemap-pages.xml", SITE + "sitemap-pages.xml"),
        SitemapRef("blog/sitemap-blog.xml", None),
    ]
    assert project.index == SitemapRef("sitemap-index.xml", SITE + "sitemap-index.xml")
    assert project.export == ExportSettings(
        output_folder="export",
        max_urls=10_000,
        max_bytes=10_485_760,
        gzip=False,
        name_pattern="part-{n}.xml",
        stylesheet="/sitemap.xsl",
        index_lastmod="none",
        index_name="index.xml",
        host_base_urls=["https://blog.example.com/"],
    )
    assert project.submission == SubmissionSettings(
        "3f9c2b7e5a1d4c8f", SITE + "3f9c2b7e5a1d4c8f.txt", "https://api.indexnow.org/indexnow"
    )
    assert project.extra == {}
    assert project.upgraded_from is None


def test_writing_gives_the_fixed_layout() -> None:
    assert project_to_json(project_from_json(V2)) == V2


def test_round_trip_through_a_file_is_byte_identical(tmp_path: Path) -> None:
    path = write(tmp_path / "site.sitemapproj", V2)
    save_project(load_project(path))
    assert path.read_text(encoding="utf-8") == V2
    save_project(load_project(path), tmp_path / "copy.sitemapproj")
    assert (tmp_path / "copy.sitemapproj").read_bytes() == path.read_bytes()


def test_a_new_project_saves_with_every_default_written(tmp_path: Path) -> None:
    path = tmp_path / "new.sitemapproj"
    project = new_project(path, site_url=SITE)
    assert project.path == os.fspath(path)
    save_project(project)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == ["format_version", "site_url", "sitemaps", "index", "export", "submission"]
    assert data["export"] == {
        "output_folder": "export",
        "max_urls": 50_000,
        "max_bytes": 52_428_800,
        "gzip": True,
        "name_pattern": "sitemap-{n}.xml",
        "stylesheet": None,
        "index_lastmod": "newest",
        "index_name": "sitemap-index.xml",
        "host_base_urls": [],
    }
    assert data["submission"]["indexnow_endpoint"] == "https://api.indexnow.org/indexnow"
    assert data["index"] is None
    assert load_project(path) == project


def test_the_public_url_of_the_export_folder_is_kept_and_checked(tmp_path: Path) -> None:
    from sitemap_studio.core.export.options import ExportOptions, project_base_url

    path = tmp_path / "new.sitemapproj"
    project = new_project(path, site_url=SITE)
    assert project_base_url(project) == SITE
    project.export.base_url = "https://cdn.example.com/maps/"
    save_project(project)
    again = load_project(path)
    assert again.export.base_url == "https://cdn.example.com/maps/"
    assert project_base_url(again) == "https://cdn.example.com/maps/"
    assert ExportOptions.from_project(again).base_url == "https://cdn.example.com/maps/"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["export"]["base_url"] = "https://cdn.example.com/maps"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReadError) as caught:
        load_project(path)
    assert caught.value.message.startswith("export.base_url: must end with '/'")


def test_new_project_refuses_a_bad_site_url() -> None:
    with pytest.raises(ReadError) as caught:
        new_project("a.sitemapproj", site_url="x")
    assert caught.value.message == 'site_url: must be an absolute http(s) URL, not "x"'


def test_non_ascii_text_is_written_as_is_with_two_space_indent() -> None:
    project = Project(site_url="https://bücher.example/", sitemaps=[SitemapRef("käse.xml")])
    text = project_to_json(project)
    assert '"site_url": "https://bücher.example/"' in text
    assert '\n  "sitemaps": [\n    {\n      "path": "käse.xml",' in text
    assert text.endswith("}\n") and not text.endswith("\n\n")


def test_missing_optional_sections_take_their_defaults() -> None:
    project = project_from_json('{"format_version": 2}')
    assert project.sitemaps == [] and project.index is None and project.site_url is None
    assert project.export == ExportSettings()
    assert project.submission == SubmissionSettings()


# --- unknown keys -------------------------------------------------------------------------------


def test_unknown_keys_are_kept_in_the_object_they_came_from() -> None:
    data = v2_data()
    data["theme"] = {"colour": "green", "sizes": [1, 2.5, None, True]}
    data["sitemaps"][0]["note"] = "from the CMS"
    data["index"]["pinned"] = True
    data["export"]["compression_level"] = 9
    data["submission"]["bing"] = {"enabled": False}
    project = project_from_json(text_of(data))
    assert project.extra == {"theme": {"colour": "green", "sizes": [1, 2.5, None, True]}}
    assert project.sitemaps[0].extra == {"note": "from the CMS"}
    assert project.sitemaps[1].extra == {}
    assert project.index is not None and project.index.extra == {"pinned": True}
    assert project.export.extra == {"compression_level": 9}
    assert project.submission.extra == {"bing": {"enabled": False}}
    assert json.loads(project_to_json(project)) == data


def test_unknown_keys_follow_the_known_ones_and_round_trip_exactly() -> None:
    data = v2_data()
    data["export"] = {"zeta": 1, **data["export"], "alpha": "ä"}
    written = project_to_json(project_from_json(text_of(data)))
    assert list(json.loads(written)["export"])[-2:] == ["zeta", "alpha"]
    assert project_to_json(project_from_json(written)) == written


def test_an_extra_named_like_a_known_key_does_not_override_it() -> None:
    project = project_from_json(V2)
    project.extra["site_url"] = "https://other.example/"
    assert json.loads(project_to_json(project))["site_url"] == SITE


# --- upgrades -----------------------------------------------------------------------------------


def test_there_is_one_upgrade_step_per_older_version() -> None:
    assert sorted(UPGRADES) == list(range(1, FORMAT_VERSION))


def test_upgrade_1_moves_export_folder_into_export_and_fills_defaults() -> None:
    old = {**V1, "export_folder": "public/sitemaps", "custom": [1]}
    new = UPGRADES[1](old)
    assert new["format_version"] == 2
    assert "export_folder" not in new
    assert new["export"] == {
        "output_folder": "public/sitemaps",
        "max_urls": 50_000,
        "max_bytes": 52_428_800,
        "gzip": True,
        "name_pattern": "sitemap-{n}.xml",
        "stylesheet": None,
        "index_lastmod": "newest",
        "index_name": "sitemap-index.xml",
    }
    assert new["submission"] == {
        "indexnow_key": None,
        "indexnow_key_location": None,
        "indexnow_endpoint": "https://api.indexnow.org/indexnow",
    }
    for key in ("site_url", "sitemaps", "index", "custom"):
        assert new[key] == old[key]
    assert old["format_version"] == 1 and "export_folder" in old  # the input is not changed


def test_upgrade_1_without_export_folder_uses_the_default_folder() -> None:
    assert UPGRADES[1](dict(V1))["export"]["output_folder"] == "export"


def test_upgrade_1_refuses_an_export_folder_that_is_not_text() -> None:
    error = load_error({**V1, "export_folder": 5})
    assert error.message == "export_folder: must be a string, not 5"


def test_a_format_1_file_loads_upgraded_and_saves_as_format_2(tmp_path: Path) -> None:
    path = write(tmp_path / "project.sitemapproj", text_of({**V1, "export_folder": "out"}))
    project = load_project(path)
    assert project.upgraded_from == 1
    assert project.sitemaps == [SitemapRef("sitemap-01.xml", SITE + "sitemap-01.xml")]
    assert project.export.output_folder == "out"
    assert project.export.gzip is True
    save_project(project)
    assert project.upgraded_from is None
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["format_version"] == 2 and "export_folder" not in saved
    assert load_project(path) == project


def test_a_newer_format_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = write(tmp_path / "future.sitemapproj", text_of({**v2_data(), "format_version": 3}))
    with pytest.raises(ReadError) as caught:
        load_project(path)
    assert caught.value.message == (
        "made by a newer Sitemap Studio (format 3); this version reads up to 2"
    )
    assert caught.value.path == os.fspath(path)
    assert caught.value.code == "project-newer"


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (None, "format_version: must be a whole number from 1, not null"),
        ("2", 'format_version: must be a whole number from 1, not "2"'),
        (0, "format_version: must be a whole number from 1, not 0"),
        (True, "format_version: must be a whole number from 1, not true"),
        (1.5, "format_version: must be a whole number from 1, not 1.5"),
    ],
)
def test_a_bad_format_version_is_named(version: object, message: str) -> None:
    assert load_error({**v2_data(), "format_version": version}).message == message


def test_a_file_without_format_version_is_not_a_project() -> None:
    assert load_error({"sitemaps": []}).message == (
        "format_version: missing; this is not a Sitemap Studio project file"
    )


# --- JSON errors --------------------------------------------------------------------------------


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path / "broken.sitemapproj", '{\n  "format_version": 2,\n}\n')
    with pytest.raises(ReadError) as caught:
        load_project(path)
    error = caught.value
    assert (error.line, error.column) == (3, 1)
    assert error.message.startswith("not valid JSON: ")
    assert str(error) == f"{path}:3:1: {error.message}"


def test_an_empty_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="the file is empty"):
        load_project(write(tmp_path / "empty.sitemapproj", "\n"))


def test_text_that_is_not_utf8_is_located(tmp_path: Path) -> None:
    path = write(tmp_path / "latin1.sitemapproj", '{\n  "site_url": "caf\xe9"\n}'.encode("latin-1"))
    with pytest.raises(ReadError) as caught:
        load_project(path)
    assert (caught.value.line, caught.value.column) == (2, 19)
    assert "not UTF-8 text (byte 0xe9)" in caught.value.message


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = write(tmp_path / "bom.sitemapproj", b"\xef\xbb\xbf" + V2.encode("utf-8"))
    assert load_project(path).site_url == SITE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format_version": NaN}', "not valid JSON: NaN is not a JSON value"),
        ('{"format_version": 2, "x": -Infinity}', "not valid JSON: -Infinity is not a JSON value"),
        ('{"format_version": 2, "x": 1e999}', "not valid JSON: the number 1e999 is out of range"),
        ('{"format_version": 2, "x": ' + "9" * 101 + "}", "not valid JSON: a number with 101"),
        ("[" * 100_000, "not valid JSON: nested too deeply"),
    ],
)
def test_json_that_python_would_accept_but_we_cannot_keep(text: str, message: str) -> None:
    assert load_error(text).message.startswith(message)


def test_a_repeated_key_is_refused_with_its_key_path() -> None:
    text = '{"format_version": 2, "export": {"gzip": true, "gzip": false}}'
    assert load_error(text).message == (
        "export.gzip: this key appears more than once in its object; keep one"
    )


def test_a_lone_surrogate_is_refused_with_its_key_path() -> None:
    text = '{"format_version": 2, "sitemaps": [{"path": "a\\ud800.xml"}]}'
    assert load_error(text).message == (
        "sitemaps[0].path: holds a lone surrogate '\\ud800', which UTF-8 cannot store"
    )


def test_the_top_level_must_be_an_object() -> None:
    assert load_error("[1, 2]").message == "a project file holds a JSON object, not [1, 2]"


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "bad.sitemapproj", text_of({**v2_data(), "site_url": "nope"}))
    with pytest.raises(ReadError) as caught:
        load_project(path)
    assert caught.value.path == os.fspath(path)
    assert str(caught.value).startswith(f"{path}: site_url: ")


def test_a_missing_file_or_a_folder_cannot_be_opened(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="cannot open"):
        load_project(tmp_path / "missing.sitemapproj")
    with pytest.raises(ReadError, match="this is a folder, not a project file"):
        load_project(tmp_path)


def test_a_huge_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(project_file, "MAX_FILE_BYTES", 100)
    path = write(tmp_path / "big.sitemapproj", V2)
    with pytest.raises(ReadError, match="larger than 100 bytes, so not a project file"):
        load_project(path)


# --- wrong types and values, each named by its key path ----------------------------------------


def changed(key: str, value: object) -> dict[str, Any]:
    """The V2 data with the value at dotted/indexed ``key`` replaced (or deleted for ...)."""
    data = v2_data()
    *parents, last = key.replace("[", ".").replace("]", "").split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is Ellipsis:
        del target[last]
    else:
        target[last] = value
    return data


URL = "must be an absolute http(s) URL, not "
KEY = 'must be 8 to 128 characters of a-z, A-Z, 0-9 and "-", not '
HREF = "must be a URL or path without spaces, quotes or <>, not "
NAME = "must be a plain file name of letters, digits, '.', '_' and '-' (no folders), not "
ABSOLUTE = "must be relative to the project file's folder, not absolute: "
INSIDE = "must stay inside the project file's folder, but "

BAD_VALUES = [
    ("export.max_urls", "many", 'must be an integer from 1 to 50000, not "many"'),
    ("export.max_urls", 0, "must be an integer from 1 to 50000, not 0"),
    ("export.max_urls", 50_001, "must be an integer from 1 to 50000, not 50001"),
    ("export.max_urls", 100.0, "must be an integer from 1 to 50000, not 100.0"),
    ("export.max_urls", True, "must be an integer from 1 to 50000, not true"),
    ("export.max_bytes", 52_428_801, "must be an integer from 1 to 52428800, not 52428801"),
    ("export.max_bytes", None, "must be an integer from 1 to 52428800, not null"),
    ("export.gzip", "yes", 'must be true or false, not "yes"'),
    ("export.gzip", 1, "must be true or false, not 1"),
    ("export.output_folder", "", "must not be empty"),
    ("export.output_folder", ["a"], 'must be a string, not ["a"]'),
    ("export.name_pattern", "s.xml", 'must contain {n} (or {n:03}) exactly once, not "s.xml"'),
    ("export.name_pattern", "s-{n}.txt", 'must end with .xml: "s-{n}.txt"'),
    ("export.name_pattern", "out/s-{n}.xml", NAME + '"out/s-{n}.xml"'),
    ("export.name_pattern", "out\\s-{n}.xml", NAME + '"out\\\\s-{n}.xml"'),
    (
        "export.name_pattern",
        "s-{n}-{x}.xml",
        'may contain no braces other than {n}: "s-{n}-{x}.xml"',
    ),
    ("export.stylesheet", "my style.xsl", HREF + '"my style.xsl"'),
    ("export.stylesheet", 'a"b.xsl', HREF + '"a\\"b.xsl"'),
    ("export.stylesheet", "", HREF + '""'),
    ("export.index_lastmod", "oldest", 'must be "newest" or "none", not "oldest"'),
    ("export.index_lastmod", None, "must be a string, not null"),
    ("export.index_name", "a/index.xml", NAME + '"a/index.xml"'),
    ("export.index_name", "..", 'must not start with a dot: ".."'),
    ("submission.indexnow_key", "short", KEY + '"short"'),
    ("submission.indexnow_key", "key with spaces", KEY + '"key with spaces"'),
    ("submission.indexnow_key", "a_b_c_d_e_f", KEY + '"a_b_c_d_e_f"'),
    ("submission.indexnow_key", 12345678, "must be a string or null, not 12345678"),
    ("submission.indexnow_key_location", "/key.txt", URL + '"/key.txt"'),
    ("submission.indexnow_endpoint", "ftp://api.example/", URL + '"ftp://api.example/"'),
    ("site_url", "shop.example.com", URL + '"shop.example.com"'),
    ("site_url", "javascript:alert(1)", URL + '"javascript:alert(1)"'),
    ("site_url", "https://", URL + '"https://"'),
    ("site_url", "https://shop.example.com/a b", URL + '"https://shop.example.com/a b"'),
    ("site_url", "http://[::1/", URL + '"http://[::1/"'),
    ("site_url", 5, "must be a string or null, not 5"),
    ("sitemaps", "a.xml", 'must be a list, not "a.xml"'),
    ("sitemaps[1]", "a.xml", 'must be an object with a "path", not "a.xml"'),
    ("sitemaps[1].path", ..., "missing"),
    ("sitemaps[1].path", None, "must be a string, not null"),
    ("sitemaps[1].path", "", "must not be empty"),
    ("sitemaps[1].path", "/var/www/s.xml", ABSOLUTE + '"/var/www/s.xml"'),
    ("sitemaps[1].path", "C:/site/s.xml", ABSOLUTE + '"C:/site/s.xml"'),
    ("sitemaps[1].path", "../other/s.xml", INSIDE + '"../other/s.xml" leads out of it'),
    ("sitemaps[1].path", "blog/../../x.xml", INSIDE + '"blog/../../x.xml" leads out of it'),
    ("sitemaps[1].path", "blog\\x.xml", 'must use "/" between folders, not "\\": "blog\\\\x.xml"'),
    ("sitemaps[1].path", "blog/", 'must name a file, not a folder: "blog/"'),
    ("sitemaps[1].path", "a\tb.xml", 'must not contain control characters: "a\\tb.xml"'),
    ("sitemaps[1].url", "sitemap-blog.xml", URL + '"sitemap-blog.xml"'),
    ("index", "sitemap-index.xml", 'must be an object with a "path", not "sitemap-index.xml"'),
    ("index.path", "../index.xml", INSIDE + '"../index.xml" leads out of it'),
    ("export", [], "must be an object, not []"),
    ("export.host_base_urls", "https://b.example.com/", 'must be a list, not "https://b.example.com/"'),
    ("export.host_base_urls[0]", 7, "must be a string, not 7"),
    ("export.host_base_urls[0]", "b.example.com", URL + '"b.example.com"'),
    ("submission", "none", 'must be an object, not "none"'),
]


@pytest.mark.parametrize(("key", "value", "message"), BAD_VALUES)
def test_a_bad_value_is_named_by_its_key_path(key: str, value: object, message: str) -> None:
    error = load_error(changed(key, value))
    assert error.message == f"{key}: {message}"
    assert error.code == "project-invalid"
    assert error.path == "site.sitemapproj"


def test_the_same_sitemap_listed_twice_is_refused() -> None:
    data = v2_data()
    data["sitemaps"].append({"path": "./sitemap-pages.xml"})
    assert load_error(data).message == (
        'sitemaps[2].path: lists "./sitemap-pages.xml" again (as sitemaps[0].path)'
    )


def test_the_index_cannot_also_be_a_member() -> None:
    assert load_error(changed("index.path", "sitemap-pages.xml")).message == (
        "index.path: is also a member sitemap (sitemaps[0].path); the index must be a file of "
        "its own"
    )


def test_optional_values_may_be_null() -> None:
    data = v2_data()
    data["site_url"] = None
    data["index"] = None
    data["export"]["stylesheet"] = None
    data["submission"]["indexnow_key"] = None
    project = project_from_json(text_of(data))
    assert project.site_url is None and project.index is None
    assert project.export.stylesheet is None and project.submission.indexnow_key is None


# --- single-value checks used by dialogs --------------------------------------------------------


@pytest.mark.parametrize(
    ("check", "value"),
    [
        (url_problem, "https://shop.example.com/"),
        (url_problem, "HTTP://shop.example.com:8080/a?b=c"),
        (relative_path_problem, "sitemap.xml"),
        (relative_path_problem, "blog/2024/../sitemap.xml"),
        (name_pattern_problem, "sitemap-{n}.xml"),
        (file_name_problem, "sitemap-index.xml"),
        (folder_problem, "/srv/www/export"),
        (stylesheet_problem, "https://shop.example.com/sitemap.xsl?v=2&x=1"),
        (indexnow_key_problem, "a" * 8),
        (indexnow_key_problem, "A-9" * 42 + "ab"),
        (index_lastmod_problem, "newest"),
        (index_lastmod_problem, "none"),
    ],
)
def test_good_values_have_no_problem(check: Any, value: str) -> None:
    assert check(value) is None


def test_an_indexnow_key_longer_than_128_is_refused() -> None:
    assert indexnow_key_problem("a" * 128) is None
    assert indexnow_key_problem("a" * 129) is not None


# --- saving -------------------------------------------------------------------------------------


def test_save_refuses_a_value_it_could_not_read_back(tmp_path: Path) -> None:
    path = write(tmp_path / "site.sitemapproj", V2)
    project = load_project(path)
    project.export.max_urls = 60_000
    with pytest.raises(SitemapError) as caught:
        save_project(project)
    assert caught.value.message == (
        "cannot save: export.max_urls: must be an integer from 1 to 50000, not 60000"
    )
    assert path.read_text(encoding="utf-8") == V2


def test_save_without_a_path_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="no file yet"):
        save_project(Project())


def test_save_leaves_no_temporary_files(tmp_path: Path) -> None:
    save_project(new_project(tmp_path / "a.sitemapproj"))
    assert [p.name for p in tmp_path.iterdir()] == ["a.sitemapproj"]


def test_save_as_into_another_folder_keeps_pointing_at_the_same_files(tmp_path: Path) -> None:
    (tmp_path / "site" / "blog").mkdir(parents=True)
    project = project_from_json(V2, path=os.fspath(tmp_path / "site" / "blog" / "p.sitemapproj"))
    before = [project.resolve(ref) for ref in project.sitemaps]
    save_project(project, tmp_path / "site" / "p.sitemapproj")
    assert [ref.path for ref in project.sitemaps] == [
        "blog/sitemap-pages.xml",
        "blog/blog/sitemap-blog.xml",
    ]
    assert project.index is not None and project.index.path == "blog/sitemap-index.xml"
    assert [project.resolve(ref) for ref in project.sitemaps] == before
    assert load_project(tmp_path / "site" / "p.sitemapproj") == project


def test_save_as_where_members_would_be_outside_is_refused(tmp_path: Path) -> None:
    (tmp_path / "site" / "deeper").mkdir(parents=True)
    project = project_from_json(V2, path=os.fspath(tmp_path / "site" / "p.sitemapproj"))
    with pytest.raises(SitemapError, match=r"sitemaps\[0\] \(sitemap-pages.xml\) would be outside"):
        save_project(project, tmp_path / "site" / "deeper" / "p.sitemapproj")
    assert project.path == os.fspath(tmp_path / "site" / "p.sitemapproj")
    assert not (tmp_path / "site" / "deeper" / "p.sitemapproj").exists()


# --- paths --------------------------------------------------------------------------------------


def test_members_resolve_against_the_project_folder(tmp_path: Path) -> None:
    project = project_from_json(V2, path=os.fspath(tmp_path / "site.sitemapproj"))
    assert project.resolve(project.sitemaps[1]) == os.fspath(tmp_path / "blog" / "sitemap-blog.xml")
    assert project.output_folder() == os.fspath(tmp_path / "export")
    project.export.output_folder = os.fspath(tmp_path.parent / "public")
    assert project.output_folder() == os.fspath(tmp_path.parent / "public")


def test_relative_path_of_a_file_inside_and_outside(tmp_path: Path) -> None:
    project = new_project(tmp_path / "site" / "p.sitemapproj")
    assert project.relative_path(tmp_path / "site" / "a" / "s.xml") == "a/s.xml"
    with pytest.raises(SitemapError, match="outside the project's folder"):
        project.relative_path(tmp_path / "s.xml")


def test_an_unsaved_project_has_no_folder() -> None:
    with pytest.raises(ValueError, match="no file yet"):
        Project().resolve(SitemapRef("a.xml"))


def test_export_file_names_come_from_the_pattern() -> None:
    assert ExportSettings(name_pattern="part-{n}.xml").file_name(12) == "part-12.xml"


# --- properties ---------------------------------------------------------------------------------

JSON_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | JSON_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JSON_TEXT, inner, max_size=3),
    max_leaves=10,
)  # fmt: skip
EXTRAS = st.dictionaries(JSON_TEXT.map(lambda name: "x-" + name), JSON_VALUES, max_size=3)


@settings(max_examples=150, deadline=None)
@given(top=EXTRAS, export=EXTRAS, ref=EXTRAS)
def test_any_unknown_keys_round_trip_exactly(
    top: dict[str, Any], export: dict[str, Any], ref: dict[str, Any]
) -> None:
    project = project_from_json(V2)
    project.extra.update(top)
    project.export.extra.update(export)
    project.sitemaps[0].extra.update(ref)
    text = project_to_json(project)
    again = project_from_json(text)
    assert project_to_json(again) == text
    assert again.extra == top and again.export.extra == export


SLOTS = ["site_url", "sitemaps", "index", "export", "submission", "export.max_urls",
         "export.gzip", "export.name_pattern", "submission.indexnow_key", "sitemaps[0]",
         "sitemaps[0].path", "index.url"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(SLOTS), value=JSON_VALUES)
def test_any_value_anywhere_loads_or_gives_a_read_error(key: str, value: object) -> None:
    try:
        project = project_from_json(text_of(changed(key, value)))
    except ReadError as exc:
        assert exc.message.startswith(key.split(".")[0].split("[")[0])
    else:
        assert project_from_json(project_to_json(project)) == project


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80))
def test_any_text_loads_or_gives_a_read_error(text: str) -> None:
    with contextlib.suppress(ReadError):
        project_from_json(text)
