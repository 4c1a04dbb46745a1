"""Snapshots: what a worker writes from a snapshot equals what save_document writes."""

from __future__ import annotations

import contextlib
import os
from dataclasses import replace
from pathlib import Path

import pytest

from sitemap_studio.core.model.errors import Cancelled, SitemapError
from sitemap_studio.core.model.progress import CancelToken
from sitemap_studio.core.reading.fingerprints import fingerprint_file
from sitemap_studio.core.reading.loader import open_bytes, open_document
from sitemap_studio.core.writing.saving import OutputFormat
from sitemap_studio.core.writing.snapshots import (
    PROGRESS_UNITS,
    plan_save,
    reopen_snapshot,
    save_document,
    take_snapshot,
    write_save,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
UTF8 = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
        "  <url><loc>https://e.com/a</loc></url>\n  <url><loc>https://e.com/b</loc></url>\n"
        "</urlset>\n").encode()
LATIN1 = (f'<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset xmlns="{NS}">\n'
          "  <url><loc>https://e.com/caf\xe9</loc></url>\n</urlset>\n").encode("iso8859-1")
TEXT = b"https://e.com/a\r\nhttps://e.com/b\r\n"
INDEX = (f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
         "  <sitemap><loc>https://e.com/s1.xml</loc></sitemap>\n</sitemapindex>\n").encode()


def edited(data: bytes, name: str):
    document = open_bytes(data, name)
    entry = document.entry_at(0)
    document.replace_entries([replace(entry, loc=entry.loc + "x")])
    return document


CASES = [
    (UTF8, "s.xml", "out.xml", None, None),
    (UTF8, "s.xml", "out.xml.gz", None, None),
    (UTF8, "s.xml", "out.txt", None, None),
    (INDEX, "s.xml", "robots.txt", None, None),
    (b"\xef\xbb\xbf" + UTF8, "s.xml", "out.xml", None, None),
    (LATIN1, "s.xml", "out.xml", None, None),
    (LATIN1, "s.xml", "out.txt", OutputFormat.TEXT, True),
    (TEXT, "s.txt", "out.txt", None, None),
    (TEXT, "s.txt", "out.xml", None, None),
]


@pytest.mark.parametrize(("data", "name", "target", "fmt", "compress"), CASES)
def test_a_snapshot_is_written_like_the_document(tmp_path: Path, data: bytes, name: str,
                                                 target: str, fmt, compress) -> None:
    document = edited(data, name)
    (tmp_path / "expected").mkdir()
    expected = tmp_path / "expected" / target
    save_document(document, expected, fmt, compress)
    plan = plan_save(document, tmp_path / target, fmt, compress)
    progress: list[tuple[int, int]] = []
    result = write_save(plan, progress=lambda done, total: progress.append((done, total)))
    assert (tmp_path / target).read_bytes() == expected.read_bytes()
    assert result.written == expected.stat().st_size
    assert result.fingerprint == fingerprint_file(tmp_path / target)
    assert progress[-1] == (PROGRESS_UNITS, PROGRESS_UNITS)


def test_the_snapshot_does_not_follow_later_edits(tmp_path: Path) -> None:
    document = edited(UTF8, "s.xml")
    plan = plan_save(document, tmp_path / "out.xml")
    before = document.to_bytes()
    document.set_text(document.id_at(1), "loc", "https://e.com/later")
    write_save(plan)
    assert (tmp_path / "out.xml").read_bytes() == before


def test_reopening_keeps_encoding_and_values() -> None:
    document = edited(LATIN1, "s.xml")
    again = reopen_snapshot(take_snapshot(document))
    assert again.source.encoding == document.source.encoding
    assert again.to_bytes() == document.to_bytes()
    assert again.entry_at(0).loc == "https://e.com/caf\xe9x"


def test_a_cancelled_or_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "s.xml"
    target.write_bytes(UTF8)
    document = edited(UTF8, "s.xml")
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        write_save(plan_save(document, target), cancel=token)

    def refuse(source, destination):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SitemapError, match="Read-only file system"):
        write_save(plan_save(document, target))
    assert target.read_bytes() == UTF8
    assert os.listdir(tmp_path) == ["s.xml"]  # no temporary file left either


def test_shared_corpus_saves_agree(corpus_dir: Path, hostile_dir: Path, tmp_path: Path) -> None:
    checked = 0
    for path in sorted([*corpus_dir.iterdir(), *hostile_dir.iterdir()]):
        if not path.is_file() or path.suffix in (".md", ".json", ".tsv"):
            continue
        try:
            document = open_document(path)
        except SitemapError:
            continue
        if len(document):
            entry = document.entry_at(0)
            with contextlib.suppress(SitemapError):
                document.replace_entries([replace(entry, loc=(entry.loc or "") + "x")])
        for folder, fmt in (("own", None), ("xml", OutputFormat.XML)):
            (tmp_path / folder / "expected").mkdir(parents=True, exist_ok=True)
            (tmp_path / folder / "actual").mkdir(exist_ok=True)
            expected = tmp_path / folder / "expected" / path.name
            actual = tmp_path / folder / "actual" / path.name
            save_document(document, expected, fmt)
            write_save(plan_save(document, actual, fmt))
            assert actual.read_bytes() == expected.read_bytes(), (path.name, folder)
        checked += 1
    assert checked > 20


def test_a_snapshot_copies_only_what_was_edited(tmp_path: Path) -> None:
    # A journal write takes a snapshot after each pause in editing: a copy of the whole
    # file each time would double the memory of a large document while it is written.
    rows = "".join(f"  <url><loc>https://e.com/{n}</loc></url>\n" for n in range(20_000))
    data = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{rows}'
            "</urlset>\n").encode()
    document = open_bytes(data, "big.xml")
    entry = document.entry_at(10_000)
    document.replace_entries([replace(entry, loc="https://e.com/edited")])
    snapshot = take_snapshot(document)
    copied = sum(len(chunk) for chunk in snapshot.chunks if isinstance(chunk, bytes))
    assert copied < 1000 < len(data)
    assert snapshot.to_bytes() == document.to_bytes()
    target = tmp_path / "big.xml"
    write_save(plan_save(document, str(target), OutputFormat.XML, False))
    assert target.read_bytes() == document.to_bytes()
    assert b"<loc>https://e.com/edited</loc>" in target.read_bytes()
