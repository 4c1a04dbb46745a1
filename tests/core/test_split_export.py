"""Split export: limits, determinism, stable assignment, the index, safety and lossless content."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from helpers.xsd_oracle import XsdOracle

from sitemap_studio.core.export import feed as export_feed
from sitemap_studio.core.export.options import (
    ExportOptions,
    ExportReport,
    format_name,
    project_base_url,
)
from sitemap_studio.core.export.output import MANIFEST_NAME, TEMP_PREFIX, OutputFolder
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.project.project_file import Project, SitemapRef
from sitemap_studio.core.reading.loader import open_bytes, open_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO_NS = "http://www.google.com/schemas/sitemap-video/1.1"
XHTML_NS = "http://www.w3.org/1999/xhtml"
BASE = "https://example.com/"


def url(n: int, lastmod: str | None = None) -> str:
    extra = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    return f"<url><loc>https://example.com/page-{n}</loc>{extra}</url>"


def urlset(*bodies: str, decls: str = f' xmlns="{NS}"') -> bytes:
    inner = "".join(f"\n  {body}" for body in bodies)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset{decls}>{inner}\n</urlset>\n'.encode()


def document(*bodies: str, name: str = "in.xml", decls: str = f' xmlns="{NS}"') -> SitemapDocument:
    return open_bytes(urlset(*bodies, decls=decls), name)


def numbered(count: int, name: str = "in.xml", first: int = 1) -> SitemapDocument:
    return document(*(url(n, f"2024-01-{n % 28 + 1:02d}") for n in range(first, first + count)),
                    name=name)


def export(documents: list[SitemapDocument], out: Path, **settings: object) -> ExportReport:
    settings.setdefault("gzip", False)
    return export_documents(documents, ExportOptions(str(out), BASE, **settings))  # type: ignore[arg-type]


def plain(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.endswith(".gz") else data


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones included) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def locs(data: bytes) -> list[str]:
    return [e.loc or "" for e in open_bytes(data, "out.xml").entries()]


def assert_all_valid(oracle: XsdOracle, report: ExportReport) -> None:
    folder = Path(report.out_dir)
    for item in report.files:
        oracle.assert_valid(plain(folder / item.name), item.name)
    assert report.index is not None
    oracle.assert_valid((folder / report.index.name).read_bytes(), report.index.name)


def no_temp_left(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.startswith(TEMP_PREFIX)]


# --- splitting ----------------------------------------------------------------------------------


def test_split_by_count_keeps_order_across_documents(tmp_path, core_xsd_oracle) -> None:
    docs = [numbered(4, "a.xml"), numbered(3, "b.xml", first=5)]
    report = export(docs, tmp_path, max_urls=3)
    assert [(f.name, f.urls) for f in report.files] == [
        ("sitemap-1.xml", 3), ("sitemap-2.xml", 3), ("sitemap-3.xml", 1)]
    written = [loc for f in report.files for loc in locs(plain(tmp_path / f.name))]
    assert written == [f"https://example.com/page-{n}" for n in range(1, 8)]
    assert report.urls == 7
    for item in report.files:
        data = (tmp_path / item.name).read_bytes()
        assert len(data) == item.raw_bytes == item.stored_bytes
    assert_all_valid(core_xsd_oracle, report)


def test_file_layout_is_declaration_root_and_two_space_entries(tmp_path) -> None:
    doc = document(url(1), url(2))
    report = export([doc], tmp_path, stylesheet="/style.xsl")
    data = (tmp_path / report.files[0].name).read_bytes()
    assert data == (b'<?xml version="1.0" encoding="UTF-8"?>\n'
                    b'<?xml-stylesheet type="text/xsl" href="/style.xsl"?>\n'
                    b'<urlset xmlns="' + NS.encode() + b'">\n  ' + doc.body(0) + b"\n  "
                    + doc.body(1) + b"\n</urlset>\n")


def test_byte_limit_is_exact(tmp_path) -> None:
    doc = document(*(f"<url><loc>https://example.com/{n}/{'p' * 300}</loc></url>"
                     for n in range(5)))
    whole = export([doc], tmp_path / "whole").files[0]
    # The size a file of the first three entries has: the whole file minus two entries.
    three = whole.raw_bytes - sum(len(doc.body(row)) + 3 for row in (3, 4))
    exact = export([doc], tmp_path / "exact", max_bytes=three)
    assert [f.urls for f in exact.files] == [3, 2]
    assert exact.files[0].raw_bytes == three
    assert (tmp_path / "exact" / "sitemap-1.xml").stat().st_size == three
    short = export([doc], tmp_path / "short", max_bytes=three - 1)
    assert short.files[0].urls == 2
    assert all(f.raw_bytes <= three - 1 for f in short.files)


def test_byte_limit_counts_extension_content(tmp_path) -> None:
    images = "".join(f"<image:image><image:loc>https://example.com/i{n}.jpg</image:loc>"
                     f"</image:image>" for n in range(20))
    rich = f"<url><loc>https://example.com/rich</loc>{images}</url>"
    decls = f' xmlns="{NS}" xmlns:image="{IMAGE_NS}"'
    alone = export([document(rich, decls=decls)], tmp_path / "alone").files[0].raw_bytes
    doc = document(url(1), rich, url(2), decls=decls)
    report = export([doc], tmp_path / "out", max_bytes=alone)
    assert [(f.urls, f.raw_bytes == alone) for f in report.files] == [
        (1, False), (1, True), (1, False)]
    for item in report.files:
        assert (tmp_path / "out" / item.name).stat().st_size == item.raw_bytes <= alone
    assert b"i19.jpg" in (tmp_path / "out" / "sitemap-2.xml").read_bytes()


def test_an_entry_too_big_for_any_file_is_named(tmp_path) -> None:
    big = f"<url><loc>https://example.com/big</loc><!-- {'x' * 2000} --></url>"
    doc = document(url(1), big, name="shop.xml")
    with pytest.raises(SitemapError) as caught:
        export([doc], tmp_path, max_bytes=1024)
    message = caught.value.located()
    assert message.startswith("shop.xml:")
    assert "https://example.com/big" in message
    assert "1024" in message
    assert no_temp_left(tmp_path)


def test_nothing_to_export_is_an_error(tmp_path) -> None:
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/a.xml'
                       f"</loc></sitemap></sitemapindex>".encode(), "index.xml")
    with pytest.raises(SitemapError, match="nothing to export"):
        export([index], tmp_path)


# --- determinism and stable assignment ----------------------------------------------------------


def test_gzip_output_is_reproducible(tmp_path) -> None:
    docs = [numbered(7)]
    first = export(docs, tmp_path / "one", max_urls=3, gzip=True)
    second = export(docs, tmp_path / "two", max_urls=3, gzip=True)
    assert first.files == second.files
    assert snapshot(tmp_path / "one") == snapshot(tmp_path / "two")
    plain_run = export(docs, tmp_path / "plain", max_urls=3)
    for gz, raw in zip(first.files, plain_run.files, strict=True):
        data = (tmp_path / "one" / gz.name).read_bytes()
        assert gz.name == raw.name + ".gz"
        assert data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0"  # no timestamp
        assert gzip.decompress(data) == (tmp_path / "plain" / raw.name).read_bytes()
        assert gz.stored_bytes == len(data) and gz.raw_bytes == raw.raw_bytes
    assert (tmp_path / "one" / "sitemap-index.xml").read_bytes().count(b".xml.gz</loc>") == 3


def test_editing_one_entry_changes_only_its_file(tmp_path) -> None:
    doc = numbered(10)
    before = export([doc], tmp_path / "before", max_urls=3, gzip=True)
    entry_id = doc.id_at(4)
    doc.set_text(entry_id, "loc", "https://example.com/a-much-longer-address-than-before")
    doc.set_text(entry_id, "lastmod", "2030-06-01")
    after = export([doc], tmp_path / "after", max_urls=3, gzip=True)
    old, new = snapshot(tmp_path / "before"), snapshot(tmp_path / "after")
    changed = sorted(name for name in old if old[name] != new.get(name))
    assert changed == ["sitemap-2.xml.gz", "sitemap-index.xml"]
    assert [f.urls for f in before.files] == [f.urls for f in after.files]
    assert after.files[1].lastmod == "2030-06-01"


def test_an_edit_that_keeps_the_newest_lastmod_leaves_the_index_alone(tmp_path) -> None:
    doc = numbered(6)
    export([doc], tmp_path / "before", max_urls=3)
    doc.set_text(doc.id_at(0), "changefreq", "daily")
    export([doc], tmp_path / "after", max_urls=3)
    old, new = snapshot(tmp_path / "before"), snapshot(tmp_path / "after")
    assert sorted(name for name in old if old[name] != new[name]) == ["sitemap-1.xml"]


# --- the index ----------------------------------------------------------------------------------


def index_entries(data: bytes) -> list[tuple[str | None, str | None]]:
    return [(e.loc, e.lastmod) for e in open_bytes(data, "index.xml").entries()]


def test_index_lists_every_file_with_its_newest_lastmod(tmp_path, core_xsd_oracle) -> None:
    doc = document(
        url(1, "2024-01-02T01:00:00+00:00"),
        url(2, "2024-01-01T23:00:00-05:00"),  # 04:00 UTC on the 2nd: the newest by instant
        url(3, "2024-03"),  # W3C but not XSD: never the index lastmod
        url(4, "2023-05-06"),
        url(5, "not a date"),
        url(6),
        url(7, "2024-03-01"),
    )
    report = export([doc], tmp_path, max_urls=3, index_name="index.xml")
    data = (tmp_path / "index.xml").read_bytes()
    assert index_entries(data) == [
        (BASE + "sitemap-1.xml", "2024-01-01T23:00:00-05:00"),
        (BASE + "sitemap-2.xml", "2023-05-06"),
        (BASE + "sitemap-3.xml", "2024-03-01"),
    ]
    assert report.index is not None
    assert (report.index.name, report.index.sitemaps, report.index.bytes) == (
        "index.xml", 3, len(data))
    core_xsd_oracle.assert_valid(data, "the index")


def test_index_without_lastmod_when_the_policy_is_none_or_there_is_none(tmp_path) -> None:
    doc = document(url(1, "2024-01-01"), url(2))
    export([doc], tmp_path / "none", max_urls=1, index_lastmod="none")
    assert index_entries((tmp_path / "none" / "sitemap-index.xml").read_bytes()) == [
        (BASE + "sitemap-1.xml", None), (BASE + "sitemap-2.xml", None)]
    export([doc], tmp_path / "newest", max_urls=1)
    assert index_entries((tmp_path / "newest" / "sitemap-index.xml").read_bytes()) == [
        (BASE + "sitemap-1.xml", "2024-01-01"), (BASE + "sitemap-2.xml", None)]


def test_newest_lastmod_skips_nothing_it_should_not(tmp_path) -> None:
    """The date prefilter: a later date in an earlier-sorting zone is still found."""
    lastmods = ["2024-05-10T00:30:00+14:00", "2024-05-09T11:00:00-12:00", "2024-05-08",
                "2024-05-09T10:00:00Z", "2024-05-09T23:59:59.999+00:00"]
    doc = document(*(url(n, value) for n, value in enumerate(lastmods)))
    report = export([doc], tmp_path)
    assert report.files[0].lastmod == "2024-05-09T23:59:59.999+00:00"


# --- options and names --------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", [
    "sitemap.xml", "sitemap-{n}-{n}.xml", "../sitemap-{n}.xml", "sub/sitemap-{n}.xml",
    "sub\\sitemap-{n}.xml", ".sitemap-{n}.xml", "sitemap-{n}.txt", "sitemap-{m}.xml",
    "sitemap {n}.xml", "a..b-{n}.xml", "/tmp/sitemap-{n}.xml", "sitemap-{n}{.xml", ""])
def test_bad_name_patterns_are_refused(tmp_path, pattern: str) -> None:
    with pytest.raises(SitemapError, match="name pattern"):
        export([numbered(2)], tmp_path, name_pattern=pattern)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("settings", "expected"), [
    ({"index_name": "../index.xml"}, "index name"),
    ({"index_name": "sitemap-7.xml"}, "index name"),
    ({"index_name": "sitemap-7.xml.gz", "gzip": True}, "index name"),
    ({"max_urls": 0}, "max URLs"),
    ({"max_urls": 50_001}, "max URLs"),
    ({"max_bytes": 1023}, "max bytes"),
    ({"max_bytes": 52_428_801}, "max bytes"),
    ({"index_lastmod": "oldest"}, "index lastmod"),
    ({"stylesheet": 'a"b.xsl'}, "stylesheet"),
])
def test_bad_options_are_refused(tmp_path, settings: dict[str, object], expected: str) -> None:
    with pytest.raises(SitemapError, match=expected):
        export([numbered(2)], tmp_path, **settings)


@pytest.mark.parametrize("base", [None, "https://example.com/maps", "ftp://example.com/",
                                  "https://example.com/?x=1/", "/maps/"])
def test_bad_base_urls_are_refused(tmp_path, base: str | None) -> None:
    with pytest.raises(SitemapError, match="base URL"):
        export_documents([numbered(1)], ExportOptions(str(tmp_path), base))


def test_zero_padded_names(tmp_path) -> None:
    assert format_name("part-{n:03}.xml", 7) == "part-007.xml"
    assert format_name("part-{n:03}.xml", 1234) == "part-1234.xml"
    report = export([numbered(3)], tmp_path, max_urls=2, name_pattern="part-{n:02}.xml")
    assert [f.name for f in report.files] == ["part-01.xml", "part-02.xml"]


def test_options_from_a_project(tmp_path) -> None:
    project = Project(path=str(tmp_path / "site.sitemapproj"), site_url="https://example.com")
    project.export.max_urls = 10
    project.export.name_pattern = "s-{n}.xml"
    options = ExportOptions.from_project(project)
    assert options.out_dir == str(tmp_path / "export")
    assert (options.base_url, options.max_urls, options.name_pattern) == (
        "https://example.com/", 10, "s-{n}.xml")
    project.index = SitemapRef("maps/index.xml", "https://cdn.example.com/maps/index.xml")
    assert project_base_url(project) == "https://cdn.example.com/maps/"
    assert ExportOptions.from_project(project, "https://x.example/").base_url == \
        "https://x.example/"


# --- the output folder: safety, failures, cancellation, stale files -----------------------------


def test_a_symlink_leading_outside_is_not_followed(tmp_path) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside.xml"
    out.mkdir()
    outside.write_bytes(b"precious")
    os.symlink(outside, out / "sitemap-1.xml")
    with pytest.raises(SitemapError, match="symbolic link"):
        export([numbered(2)], out)
    assert outside.read_bytes() == b"precious"
    assert os.path.islink(out / "sitemap-1.xml")
    assert no_temp_left(out)


def test_inputs_are_never_overwritten(tmp_path) -> None:
    source = tmp_path / "sitemap-1.xml"
    source.write_bytes(urlset(url(1)))
    doc = open_document(source)
    with pytest.raises(SitemapError, match="input"):
        export([doc], tmp_path)
    assert source.read_bytes() == urlset(url(1))


def test_the_output_path_check(tmp_path) -> None:
    folder = OutputFolder(tmp_path)
    try:
        assert folder.target("sitemap-1.xml.gz") == os.path.join(folder.root, "sitemap-1.xml.gz")
        for bad in ("../x.xml", "a/b.xml", ".x.xml", "x.txt"):
            with pytest.raises(SitemapError):
                folder.target(bad)
    finally:
        folder.abort()
    assert list(tmp_path.iterdir()) == []


def previous_export(folder: Path) -> dict[str, bytes]:
    export([numbered(5)], folder, max_urls=2, gzip=True)
    return snapshot(folder)


def test_a_failed_write_leaves_the_previous_export_untouched(tmp_path, monkeypatch) -> None:
    before = previous_export(tmp_path)
    real_write = OutputFolder.write
    calls = []

    def failing(path: str, data: bytes | bytearray, compress: bool) -> int:
        calls.append(path)
        if len(calls) == 2:
            raise SitemapError("cannot write the export: No space left on device",
                               path=path, code="write-failed")
        return real_write(path, data, compress)

    monkeypatch.setattr(OutputFolder, "write", staticmethod(failing))
    with pytest.raises(SitemapError, match="No space left"):
        export([numbered(9)], tmp_path, max_urls=2, gzip=True)
    assert snapshot(tmp_path) == before
    assert no_temp_left(tmp_path)


def test_an_entry_error_leaves_the_previous_export_untouched(tmp_path) -> None:
    before = previous_export(tmp_path)
    big = f"<url><loc>https://example.com/big</loc><!-- {'x' * 2000} --></url>"
    with pytest.raises(SitemapError, match="big"):
        export([document(url(1), url(2), url(3), big)], tmp_path, max_urls=2, gzip=True,
               max_bytes=1500)
    assert snapshot(tmp_path) == before
    assert no_temp_left(tmp_path)


def test_cancelling_after_the_first_file_leaves_the_previous_export(tmp_path,
                                                                    monkeypatch) -> None:
    before = previous_export(tmp_path)
    monkeypatch.setattr(export_feed, "CHECK_EVERY", 1)
    token = CancelToken()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 3:  # the first file (two entries) is closed and handed to a writer
            token.cancel()

    with pytest.raises(Cancelled):
        export_documents([numbered(9)], ExportOptions(str(tmp_path), BASE, max_urls=2),
                         cancel=token, progress=progress)
    assert seen[:4] == [(0, 9), (1, 9), (2, 9), (3, 9)]
    assert snapshot(tmp_path) == before
    assert no_temp_left(tmp_path)


def test_progress_reaches_the_total(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(export_feed, "CHECK_EVERY", 2)
    seen: list[tuple[int, int]] = []
    export_documents([numbered(3), numbered(2, first=4)], ExportOptions(str(tmp_path), BASE),
                     progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 5), (2, 5), (3, 5), (5, 5)]


def test_files_no_longer_produced_are_removed_and_nothing_else(tmp_path) -> None:
    export([numbered(8)], tmp_path, max_urls=2)
    (tmp_path / "sitemap-9.xml").write_bytes(b"the user's own file, not in our manifest")
    (tmp_path / "notes.txt").write_bytes(b"keep")
    report = export([numbered(8)], tmp_path, max_urls=5)
    assert report.removed == ["sitemap-3.xml", "sitemap-4.xml"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        MANIFEST_NAME, "notes.txt", "sitemap-1.xml", "sitemap-2.xml", "sitemap-9.xml",
        "sitemap-index.xml"]
    gz = export([numbered(8)], tmp_path, max_urls=5, gzip=True)
    assert sorted(gz.removed) == ["sitemap-1.xml", "sitemap-2.xml"]
    assert (tmp_path / "sitemap-9.xml").exists()


def test_a_manifest_naming_paths_outside_is_ignored(tmp_path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.xml"
    victim.write_bytes(b"keep")
    (out / MANIFEST_NAME).write_text('{"files": ["../victim.xml", "/etc/x.xml", ".x.xml"]}')
    export([numbered(1)], out)
    assert victim.read_bytes() == b"keep"


# --- lossless content and namespaces ------------------------------------------------------------

RICH_DECLS = (f' xmlns="{NS}" xmlns:image="{IMAGE_NS}" xmlns:video="{VIDEO_NS}" '
              f'xmlns:xhtml="{XHTML_NS}"')
RICH = (
    "<url><loc>https://example.com/rich</loc><lastmod>2024-02-03T04:05:06+01:00</lastmod>"
    '<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/rich"/>'
    '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/rich"/>'
    "<image:image><image:loc>https://example.com/a.jpg</image:loc>"
    "<image:caption>A &amp; B</image:caption></image:image>"
    "<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>"
    "<video:title>Clip</video:title><video:description>About it</video:description>"
    "<video:content_loc>https://example.com/v.mp4</video:content_loc>"
    '<video:tag>x</video:tag><video:price currency="EUR">1.50</video:price></video:video>'
    "<!-- kept --></url>"
)


def test_rich_entries_are_copied_byte_for_byte_and_validate(tmp_path, core_xsd_oracle) -> None:
    doc = document(url(1), RICH, name="rich.xml", decls=RICH_DECLS)
    report = export([doc], tmp_path, gzip=True)
    data = plain(tmp_path / report.files[0].name)
    assert RICH.encode() in data
    assert_all_valid(core_xsd_oracle, report)
    again = open_bytes(data, "out.xml").entry_at(1)
    assert again == doc.entry_at(1).__class__(**{**_fields(doc.entry_at(1)), "id": again.id})


def _fields(entry: object) -> dict[str, object]:
    return {name: getattr(entry, name) for name in entry.__slots__}  # type: ignore[attr-defined]


def test_an_element_with_no_schema_is_left_out_and_reported(tmp_path, core_xsd_oracle) -> None:
    decls = RICH_DECLS + ' xmlns:pm="http://www.google.com/schemas/sitemap-pagemap/1.0"'
    unknown = ('<url><loc>https://example.com/pm</loc><pm:PageMap><pm:DataObject type="doc">'
               '<pm:Attribute name="title">T</pm:Attribute></pm:DataObject></pm:PageMap></url>')
    source = urlset(RICH, unknown, decls=decls)
    assert core_xsd_oracle.validate(source)  # strict wildcard: PageMap has no XSD
    report = export([open_bytes(source, "pm.xml")], tmp_path)
    data = (tmp_path / report.files[0].name).read_bytes()
    # The rich entry is copied as it is; the PageMap entry keeps its URL, not the block.
    assert RICH.encode() in data and b"PageMap" not in data
    assert locs(data) == ["https://example.com/rich", "https://example.com/pm"]
    core_xsd_oracle.assert_valid(data)
    assert report.notes.trimmed.counts == {
        "elements and text the schema does not allow there": 1}
    assert any("written without elements and text the schema does not allow there: 1 entry"
               in line for line in report.lines())


def test_documents_with_clashing_prefixes_are_reserialised(tmp_path, core_xsd_oracle) -> None:
    first = document(RICH, name="a.xml", decls=RICH_DECLS)
    # "image" means the video namespace here, and "i" the image one.
    clash = ('<url><loc>https://example.com/b</loc><i:image><i:loc>https://example.com/b.jpg'
             "</i:loc></i:image><image:video><image:thumbnail_loc>https://example.com/t.jpg"
             "</image:thumbnail_loc><image:title>T</image:title><image:description>D"
             "</image:description><image:player_loc>https://example.com/p</image:player_loc>"
             "</image:video></url>")
    second = document(clash, name="b.xml",
                      decls=f' xmlns="{NS}" xmlns:image="{VIDEO_NS}" xmlns:i="{IMAGE_NS}"')
    report = export([first, second], tmp_path)
    data = (tmp_path / report.files[0].name).read_bytes()
    assert RICH.encode() in data
    assert_all_valid(core_xsd_oracle, report)
    out = open_bytes(data, "out.xml")
    assert out.entry_at(1).images == second.entry_at(0).images
    assert out.entry_at(1).videos == second.entry_at(0).videos


@pytest.mark.parametrize("decls", [
    "", ' xmlns="http://www.google.com/schemas/sitemap/0.84"', f' xmlns:sm="{NS}"'])
def test_other_root_namespaces_come_out_in_the_sitemap_namespace(tmp_path, core_xsd_oracle,
                                                                 decls: str) -> None:
    prefix = "sm:" if "sm" in decls else ""
    body = (f"<{prefix}url><{prefix}loc>https://example.com/x</{prefix}loc>"
            f"<{prefix}priority>0.5</{prefix}priority></{prefix}url>")
    source = (f'<?xml version="1.0"?>\n<{prefix}urlset{decls}>{body}'
              f"</{prefix}urlset>").encode()
    report = export([open_bytes(source, "odd.xml")], tmp_path)
    data = (tmp_path / report.files[0].name).read_bytes()
    assert_all_valid(core_xsd_oracle, report)
    entry = open_bytes(data, "out.xml").entry_at(0)
    assert (entry.loc, entry.priority) == ("https://example.com/x", "0.5")


def test_text_sources_give_plain_urls_and_indexes_are_skipped(tmp_path, core_xsd_oracle) -> None:
    text = open_bytes(b"https://example.com/t1\nhttps://example.com/t2?a=1&b=2\n", "urls.txt")
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/s.xml'
                       f"</loc></sitemap></sitemapindex>".encode(), "index.xml")
    robots = open_bytes(b"Sitemap: https://example.com/s.xml\n", "robots.txt")
    report = export([text, index, robots, numbered(1)], tmp_path)
    data = (tmp_path / report.files[0].name).read_bytes()
    assert locs(data) == ["https://example.com/t1", "https://example.com/t2?a=1&b=2",
                          "https://example.com/page-1"]
    assert b"&amp;b=2" in data
    assert_all_valid(core_xsd_oracle, report)


def test_an_element_in_no_namespace_is_left_out_and_reported(tmp_path, core_xsd_oracle) -> None:
    body = "<sm:url><sm:loc>https://example.com/x</sm:loc><extra>1</extra></sm:url>"
    source = f'<sm:urlset xmlns:sm="{NS}">{body}</sm:urlset>'.encode()
    report = export([open_bytes(source, "odd.xml")], tmp_path)
    data = (tmp_path / report.files[0].name).read_bytes()
    assert locs(data) == ["https://example.com/x"] and b"extra" not in data
    core_xsd_oracle.assert_valid(data)
    assert report.notes.trimmed.total == 1
