"""Every file the core writes goes through a symbolic link to its target, as editors do.

The one atomic writer serves sitemaps, project files, recovery journals and the IndexNow key;
these tests check the files on disk for the writers that are not sitemaps (the CLI and window
tests cover sitemaps).
"""

from __future__ import annotations

import os
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from sitemap_studio.core.export.output import OutputFolder
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.project_file import load_project, new_project, save_project
from sitemap_studio.core.reading.fingerprints import fingerprint_of
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.writing.recovery import read_recovery, write_recovery
from sitemap_studio.core.writing.snapshots import save_document

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
PAGES = "".join(f"  <url><loc>https://example.com/p/{n}</loc></url>\n" for n in range(3000))
DATA = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{PAGES}</urlset>\n'.encode()


def linked(tmp_path: Path, name: str, content: bytes, mode: int) -> tuple[Path, Path]:
    """A file in a folder of its own with ``mode``, and a link to it named ``name``."""
    real = tmp_path / "real" / name
    real.parent.mkdir(exist_ok=True)
    real.write_bytes(content)
    real.chmod(mode)
    link = tmp_path / name
    link.symlink_to(real)
    return real, link


def test_a_project_saved_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    project = new_project(tmp_path / "draft.sitemapproj", "https://example.com/")
    save_project(project)
    real, link = linked(tmp_path, "site.sitemapproj", b"", 0o600)
    save_project(load_project(tmp_path / "draft.sitemapproj"), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_project(real).site_url == "https://example.com/"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert sorted(os.listdir(real.parent)) == ["site.sitemapproj"]


def test_a_recovery_journal_written_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    original = tmp_path / "sitemap.xml"
    original.write_bytes(DATA)
    document = open_bytes(DATA, str(original))
    first = write_recovery(document, original, fingerprint_of(document),
                           journal_path=tmp_path / "real.sitemap-studio-recovery")
    journal = tmp_path / ".sitemap.xml.sitemap-studio-recovery"
    journal.symlink_to(first)
    entry = document.entry_at(0)
    document.replace_entries([replace(entry, loc="https://example.com/edited")])
    assert write_recovery(document, original, fingerprint_of(document)) == str(journal)
    assert journal.is_symlink() and os.readlink(journal) == first
    assert read_recovery(journal).original_path == str(original)
    assert b"https://example.com/edited" in Path(first).read_bytes()


def test_a_loop_of_links_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    first, second = tmp_path / "a.xml", tmp_path / "b.xml"
    first.symlink_to(second)
    second.symlink_to(first)
    with pytest.raises(SitemapError) as caught:
        save_document(open_bytes(DATA, "in.xml"), first)
    assert "loop" in caught.value.message and caught.value.path == str(first)
    assert sorted(os.listdir(tmp_path)) == ["a.xml", "b.xml"] and first.is_symlink()


def test_a_link_to_a_file_not_there_yet_creates_it(tmp_path: Path) -> None:
    link = tmp_path / "sitemap.xml"
    link.symlink_to(tmp_path / "out" / "sitemap.xml")
    (tmp_path / "out").mkdir()
    save_document(open_bytes(DATA, "in.xml"), link)
    assert link.is_symlink() and (tmp_path / "out" / "sitemap.xml").read_bytes() == DATA


def test_an_export_writes_through_a_link_inside_its_folder(tmp_path: Path) -> None:
    real = tmp_path / "current.xml"
    real.write_bytes(b"old")
    real.chmod(0o640)
    link = tmp_path / "sitemap-1.xml"
    link.symlink_to(real)
    folder = OutputFolder(tmp_path)
    folder.write(folder.add("sitemap-1.xml"), DATA, compress=False)
    folder.write(folder.add("sitemap-2.xml"), DATA, compress=False)
    folder.commit()
    assert link.is_symlink() and real.read_bytes() == DATA
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert (tmp_path / "sitemap-2.xml").read_bytes() == DATA
