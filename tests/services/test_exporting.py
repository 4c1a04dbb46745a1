"""The export service: measuring for the preview, then checking and writing in the background."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.export_gate import hold_export

from sitemap_studio.core.export.options import ExportOptions, ExportReport
from sitemap_studio.core.export.output import TEMP_PREFIX
from sitemap_studio.core.export.preview import EntrySizes
from sitemap_studio.core.export.run import export_sources
from sitemap_studio.core.project.project_file import SitemapRef, new_project, save_project
from sitemap_studio.core.project.workspace import Workspace, open_workspace
from sitemap_studio.services.exporting import ExportService

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
BASE = "https://example.com/"


def sitemap(first: int, count: int, extra: str = "") -> bytes:
    entries = "".join(f"\n  <url><loc>{BASE}page-{n}</loc><lastmod>2024-03-{n % 28 + 1:02d}"
                      f"</lastmod></url>" for n in range(first, first + count))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">{entries}{extra}'
            "\n</urlset>\n").encode()


def workspace(folder: Path, **files: bytes) -> Workspace:
    """A project in ``folder`` listing ``files`` (name: content) as its sitemaps."""
    project = new_project(folder / "site.sitemapproj", BASE)
    for name, data in files.items():
        (folder / name).write_bytes(data)
        project.sitemaps.append(SitemapRef(name, BASE + name))
    save_project(project)
    return open_workspace(folder / "site.sitemapproj")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_measuring_hands_over_the_sizes(qtbot, runner, site) -> None:
    work = workspace(site, **{"a.xml": sitemap(1, 5), "b.xml": sitemap(6, 2)})
    service = ExportService(runner)
    with qtbot.waitSignal(service.measured, timeout=5000) as blocker:
        service.measure(export_sources(work).documents)
        assert service.measuring
    sizes = blocker.args[0]
    assert isinstance(sizes, EntrySizes) and sizes.entries == 7 and sizes.exact
    qtbot.waitUntil(lambda: not service.measuring)


def test_an_export_writes_and_reports_its_files(qtbot, runner, site) -> None:
    work = workspace(site, **{"a.xml": sitemap(1, 5), "b.xml": sitemap(6, 2)})
    service = ExportService(runner)
    running: list[bool] = []
    service.running_changed.connect(running.append)
    options = ExportOptions(str(site / "out"), BASE, max_urls=3, gzip=False)
    with qtbot.waitSignal(service.finished, timeout=10_000) as blocker:
        service.export(export_sources(work), options)
        assert service.running
        with pytest.raises(RuntimeError):
            service.export(export_sources(work), options)
    report = blocker.args[0]
    assert isinstance(report, ExportReport)
    assert [(f.name, f.urls) for f in report.files] == [
        ("sitemap-1.xml", 3), ("sitemap-2.xml", 3), ("sitemap-3.xml", 1)]
    assert sorted(p.name for p in (site / "out").iterdir() if not p.name.startswith(".")) == [
        "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap-index.xml"]
    assert running == [True, False] and not service.running


def test_errors_in_a_sitemap_block_the_export_until_allowed(qtbot, runner, site) -> None:
    broken = sitemap(1, 2, extra="\n  <url><loc>ftp://example.com/file</loc></url>")
    work = workspace(site, **{"a.xml": broken})
    service = ExportService(runner)
    failed: list[object] = []
    service.failed.connect(failed.append)
    with qtbot.waitSignal(service.blocked, timeout=10_000) as blocker:
        service.export(export_sources(work), ExportOptions(str(site / "out"), BASE))
    blockers = blocker.args[0]
    assert [(Path(key).name, finding.line) for key, finding in blockers] == [("a.xml", 5)]
    assert blockers[0][1].code == "loc-unsupported-scheme" and failed == []
    assert not (site / "out").exists() or not any((site / "out").iterdir())
    assert not service.running

    with qtbot.waitSignal(service.finished, timeout=10_000) as done:
        service.export(export_sources(work), ExportOptions(str(site / "out"), BASE, gzip=False),
                       allow_errors=True)
    report = done.args[0]
    assert [(f.name, f.urls) for f in report.files] == [("sitemap-1.xml", 2)]
    assert report.notes.carried == {blockers[0][1].code: 1}
    assert report.notes.left_out.total == 1
    assert b"ftp:" not in (site / "out" / "sitemap-1.xml").read_bytes()


def test_a_cancelled_export_leaves_the_previous_output(qtbot, runner, site,
                                                       monkeypatch) -> None:
    work = workspace(site, **{"a.xml": sitemap(1, 9)})
    out = site / "out"
    service = ExportService(runner)
    with qtbot.waitSignal(service.finished, timeout=10_000):
        service.export(export_sources(work), ExportOptions(str(out), BASE, max_urls=4))
    before = snapshot(out)

    # The worker stops after its first file is handed to a writer, until Cancel was pressed.
    reached, release = hold_export(monkeypatch, at=3)
    finished: list[object] = []
    service.finished.connect(finished.append)
    service.export(export_sources(work), ExportOptions(str(out), BASE, max_urls=2))
    qtbot.waitUntil(reached.is_set, timeout=10_000)
    with qtbot.waitSignal(service.cancelled, timeout=10_000):
        service.cancel()
        release.set()
    assert snapshot(out) == before
    assert not [p for p in out.iterdir() if p.name.startswith(TEMP_PREFIX)]
    assert finished == [] and not service.running
