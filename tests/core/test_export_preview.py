"""Export preview: the planned files are the files the export writes, found without writing."""

from __future__ import annotations

from array import array
from pathlib import Path

import pytest

from sitemap_studio.core.export import preview as export_preview
from sitemap_studio.core.export.options import ExportOptions
from sitemap_studio.core.export.preview import (
    EntrySizes,
    PlannedFile,
    SplitBy,
    measure_entries,
    plan_export,
)
from sitemap_studio.core.export.split import export_documents
from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.errors import Cancelled
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.loader import open_bytes

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
BASE = "https://example.com/"


def urlset(*bodies: str, decls: str = f' xmlns="{NS}"') -> bytes:
    inner = "".join(f"\n\t{body}" for body in bodies)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset{decls}>{inner}\n</urlset>\n'.encode()


def pages(count: int, name: str = "in.xml", first: int = 1, pad: int = 0) -> SitemapDocument:
    """``count`` entries whose sizes differ (the locations grow with the number)."""
    return open_bytes(urlset(*(f"<url><loc>https://example.com/{'p' * (n % 7 + pad)}-{n}</loc>"
                               f"<lastmod>2024-02-{n % 28 + 1:02d}</lastmod></url>"
                               for n in range(first, first + count))), name)


def written(documents: list[SitemapDocument], out: Path,
            options: ExportOptions) -> list[PlannedFile]:
    """What the real export wrote, in the plan's terms (the split reason left out)."""
    report = export_documents(documents, options)
    return [PlannedFile(item.name, item.urls, item.raw_bytes, SplitBy.END)
            for item in report.files]


def without_reasons(files: tuple[PlannedFile, ...]) -> list[PlannedFile]:
    return [PlannedFile(item.name, item.urls, item.raw_bytes, SplitBy.END) for item in files]


@pytest.mark.parametrize("settings", [
    {"max_urls": 3},
    {"max_urls": 50_000, "max_bytes": 1100},
    {"max_urls": 4, "max_bytes": 1024, "gzip": True, "stylesheet": "/style.xsl?a=1&b=2"},
    {"max_urls": 1, "name_pattern": "part-{n:03}.xml"},
])
def test_the_plan_is_what_the_export_writes(tmp_path, settings: dict[str, object]) -> None:
    documents = [pages(11, "a.xml"), pages(6, "b.xml", first=20, pad=30)]
    documents[0].set_text(documents[0].id_at(2), "loc", "https://example.com/edited/&/longer")
    options = ExportOptions(str(tmp_path), BASE, **{"gzip": False, **settings})  # type: ignore[arg-type]
    plan = plan_export(measure_entries(documents), options)
    assert plan.problem is None and plan.exact
    assert without_reasons(plan.files) == written(documents, tmp_path, options)
    assert len(plan.files) > 1


def test_text_lists_and_rich_entries_are_measured_exactly(tmp_path) -> None:
    text = open_bytes("https://example.com/t1\n  https://example.com/ü?a=1&b=<2>  \n"
                      "https://example.com/t3\n".encode(), "urls.txt")
    text.set_text(text.id_at(2), "loc", "https://example.com/t3-edited")
    rich = open_bytes(urlset("<url><loc>https://example.com/r</loc><image:image><image:loc>"
                             "https://example.com/r.jpg</image:loc></image:image></url>",
                             decls=f' xmlns="{NS}" xmlns:image="{IMAGE_NS}"'), "rich.xml")
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/s.xml'
                       "</loc></sitemap></sitemapindex>".encode(), "index.xml")
    options = ExportOptions(str(tmp_path), BASE, max_urls=2, gzip=False)
    sizes = measure_entries([text, index, rich])
    assert sizes.entries == 4 and sizes.exact
    plan = plan_export(sizes, options)
    assert without_reasons(plan.files) == written([text, index, rich], tmp_path, options)


def test_each_file_says_which_limit_ended_it(tmp_path) -> None:
    documents = [pages(30)]
    by_count = plan_export(measure_entries(documents),
                           ExportOptions(str(tmp_path), BASE, max_urls=4))
    assert [(f.urls, f.split_by) for f in by_count.files] == [
        *[(4, SplitBy.URLS)] * 7, (2, SplitBy.END)]
    by_size = plan_export(measure_entries(documents),
                          ExportOptions(str(tmp_path), BASE, max_bytes=1024))
    assert {f.split_by for f in by_size.files[:-1]} == {SplitBy.BYTES}
    assert by_size.files[-1].split_by == SplitBy.END
    assert all(f.raw_bytes <= 1024 for f in by_size.files)


def test_the_index_estimate_is_close_and_names_every_file(tmp_path) -> None:
    documents = [pages(9)]
    options = ExportOptions(str(tmp_path), BASE, max_urls=2)
    plan = plan_export(measure_entries(documents), options)
    report = export_documents(documents, options)
    assert plan.index is not None and report.index is not None
    assert (plan.index.name, plan.index.sitemaps) == (report.index.name, report.index.sitemaps)
    # Date-only lastmods here: the estimate assumes full date-times, so it is a little larger.
    assert report.index.bytes <= plan.index.bytes <= report.index.bytes + 16 * len(plan.files)
    no_lastmod = ExportOptions(str(tmp_path / "b"), BASE, max_urls=2, index_lastmod="none")
    exact = plan_export(measure_entries(documents), no_lastmod).index
    assert exact is not None
    assert exact.bytes == export_documents(documents, no_lastmod).index.bytes  # type: ignore[union-attr]
    assert plan_export(measure_entries(documents),
                       ExportOptions(str(tmp_path), None)).index is None


def test_an_entry_too_large_for_a_file_is_named(tmp_path) -> None:
    documents = [pages(2, "a.xml"), pages(3, "b.xml", first=5, pad=1200)]
    plan = plan_export(measure_entries(documents),
                       ExportOptions(str(tmp_path), BASE, max_bytes=1024))
    assert plan.problem is not None
    assert "entry 1 (https://example.com/" in plan.problem and "of b.xml" in plan.problem
    assert "1024 bytes" in plan.problem
    assert [f.urls for f in plan.files] == [2]


def test_more_files_than_an_index_can_list_is_a_problem(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(export_preview, "MAX_FILES", 3)
    plan = plan_export(measure_entries([pages(5)]),
                       ExportOptions(str(tmp_path), BASE, max_urls=1))
    assert plan.problem is not None and "more than 3 files" in plan.problem
    assert len(plan.files) == 3


def test_nothing_to_export_is_a_problem(tmp_path) -> None:
    index = open_bytes(f'<sitemapindex xmlns="{NS}"><sitemap><loc>https://example.com/s.xml'
                       "</loc></sitemap></sitemapindex>".encode(), "index.xml")
    plan = plan_export(measure_entries([index]), ExportOptions(str(tmp_path), BASE))
    assert plan.files == () and plan.problem is not None and "nothing to export" in plan.problem


def test_reserialised_documents_are_estimates_within_a_few_bytes(tmp_path) -> None:
    body = "<sm:url><sm:loc>https://example.com/{n}</sm:loc></sm:url>"
    source = (f'<sm:urlset xmlns:sm="{NS}">'
              + "".join(body.format(n=n) for n in range(6)) + "</sm:urlset>").encode()
    documents = [open_bytes(source, "prefixed.xml")]
    options = ExportOptions(str(tmp_path), BASE, max_urls=4)
    sizes = measure_entries(documents)
    assert not sizes.exact and sizes.estimated == ("prefixed.xml",)
    plan = plan_export(sizes, options)
    assert not plan.exact
    actual = written(documents, tmp_path, options)
    assert [f.urls for f in plan.files] == [f.urls for f in actual]
    for planned, real in zip(plan.files, actual, strict=True):
        assert abs(planned.raw_bytes - real.raw_bytes) <= 12 * planned.urls  # 4 x "sm:"


def test_measuring_reports_progress_and_can_be_cancelled(monkeypatch) -> None:
    monkeypatch.setattr(export_preview, "MEASURE_CHUNK", 4)
    seen: list[tuple[int, int]] = []
    measure_entries([pages(6), pages(3)], progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 9), (4, 9), (6, 9), (9, 9)]
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        measure_entries([pages(6)], cancel=token)


class CountingSizes:
    """A cumulative-size column that counts how often it is read."""

    def __init__(self, values: array[int]) -> None:
        self.values = values
        self.reads = 0

    def __getitem__(self, index: int) -> int:
        self.reads += 1
        return self.values[index]

    def __len__(self) -> int:
        return len(self.values)


def test_planning_reads_a_few_sizes_per_file_not_one_per_entry() -> None:
    entries = 1_000_000
    cumulative = CountingSizes(array("q", range(0, 101 * (entries + 1), 101)))
    sizes = EntrySizes({"": NS}, cumulative, (), (0,))  # type: ignore[arg-type]
    plan = plan_export(sizes, ExportOptions("out", BASE))
    assert len(plan.files) == 20 and plan.urls == entries
    assert all(item.urls == 50_000 for item in plan.files)
    assert cumulative.reads < 40 * len(plan.files)
