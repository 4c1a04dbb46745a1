"""Recovery journals: header, round trips for every kind of file, damage, and safety."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.project.workspace_loading import read_file
from sitemap_studio.core.reading.fingerprints import fingerprint_file, fingerprint_of
from sitemap_studio.core.reading.loader import open_bytes
from sitemap_studio.core.writing.recovery import (
    RECOVERED_FROM_INFO,
    discard_recovery,
    fallback_recovery_path,
    find_recoveries,
    load_recovery,
    read_header,
    recovery_path,
    write_recovery,
)

NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
DATA = (f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
        "  <url><loc>https://e.com/a</loc></url>\n</urlset>\n").encode()


def edit(document) -> None:
    entry = document.entry_at(0)
    with contextlib.suppress(SitemapError):
        document.replace_entries([replace(entry, loc=(entry.loc or "") + "-edited")])


def test_the_journal_is_a_header_line_and_the_bytes(tmp_path: Path) -> None:
    original = tmp_path / "sitemap.xml"
    original.write_bytes(DATA)
    document = read_file(original)
    edit(document)
    path = write_recovery(document, original, fingerprint_of(document))
    assert path == str(tmp_path / ".sitemap.xml.sitemap-studio-recovery")
    head, body = Path(path).read_bytes().split(b"\n", 1)
    header = json.loads(head)
    fingerprint = fingerprint_file(original)
    assert header["format"] == "sitemap-studio-recovery" and header["format_version"] == 1
    assert header["original_path"] == str(original)
    assert (header["original_size"], header["original_mtime_ns"], header["original_sha256"]) \
        == (fingerprint.size, fingerprint.mtime_ns, fingerprint.sha256)
    assert header["document_format"] == "xml" and header["encoding"]["name"] == "utf-8"
    assert header["written_at"].endswith("+00:00")
    assert body == document.to_bytes() and header["length"] == len(body)


def test_recovered_documents_belong_to_the_original(tmp_path: Path) -> None:
    original = tmp_path / "sitemap.xml.gz"
    import gzip

    original.write_bytes(gzip.compress(DATA))
    document = read_file(original)
    edit(document)
    write_recovery(document, original, fingerprint_of(document))
    [found] = find_recoveries([original])
    recovered = load_recovery(found)
    assert recovered.source.path == str(original) and recovered.source.compressed
    assert recovered.to_bytes() == document.to_bytes()
    assert recovered.info[RECOVERED_FROM_INFO] == found.journal_path
    assert fingerprint_of(recovered) == fingerprint_of(document)
    assert not recovered.load_findings  # no "gzip name but plain bytes" note


def test_every_readable_shared_file_round_trips(corpus_dir: Path, hostile_dir: Path,
                                                tmp_path: Path) -> None:
    checked = 0
    for path in sorted([*corpus_dir.iterdir(), *hostile_dir.iterdir()]):
        if not path.is_file() or path.suffix in (".md", ".json", ".tsv"):
            continue
        try:
            document = read_file(path)
        except SitemapError:
            continue
        if len(document):
            edit(document)
        journal = tmp_path / f".{path.name}.sitemap-studio-recovery"
        write_recovery(document, path, fingerprint_of(document), journal_path=journal)
        recovered = load_recovery(journal)
        assert recovered.to_bytes() == document.to_bytes(), path.name
        assert recovered.source.encoding == document.source.encoding, path.name
        assert recovered.source.format == document.source.format, path.name
        assert recovered.kind == document.kind, path.name
        assert len(recovered) == len(document), path.name
        checked += 1
    assert checked > 20


def test_a_damaged_or_foreign_journal(tmp_path: Path) -> None:
    document = open_bytes(DATA)
    journal = tmp_path / ".x.sitemap-studio-recovery"
    write_recovery(document, None, None, journal_path=journal)
    data = journal.read_bytes()
    journal.write_bytes(data[:-5])
    with pytest.raises(SitemapError, match="damaged"):
        load_recovery(journal)
    assert find_recoveries([tmp_path])[0].journal_path == str(journal)  # the header is fine
    journal.write_bytes(b"not json\n" + data)
    with pytest.raises(SitemapError):
        read_header(journal)
    assert find_recoveries([tmp_path]) == []
    newer = json.loads(data.split(b"\n", 1)[0])
    newer["format_version"] = 99
    journal.write_bytes(json.dumps(newer).encode() + b"\n" + DATA)
    assert find_recoveries([tmp_path]) == []


def test_find_lists_each_journal_once_newest_first(tmp_path: Path) -> None:
    first = tmp_path / "a.xml"
    second = tmp_path / "b.xml"
    for path in (first, second):
        path.write_bytes(DATA)
        document = read_file(path)
        edit(document)
        write_recovery(document, path, fingerprint_of(document))
    os.utime(tmp_path / "a.xml", None)  # touched: not a change
    found = find_recoveries([first, tmp_path, second, tmp_path / "missing.xml"])
    assert [r.original_path for r in found] == [str(second), str(first)]
    assert not any(r.original_changed_since for r in found)


def test_journals_for_files_without_a_writable_folder(tmp_path: Path) -> None:
    one = fallback_recovery_path("/a/sitemap.xml", tmp_path)
    two = fallback_recovery_path("/b/sitemap.xml", tmp_path)
    assert one != two and one == fallback_recovery_path("/a/sitemap.xml", tmp_path)
    assert os.path.basename(one).startswith(".sitemap.xml-")
    assert fallback_recovery_path(None, tmp_path) != fallback_recovery_path(None, tmp_path)
    assert recovery_path("rel.xml") == os.path.join(os.getcwd(), ".rel.xml.sitemap-studio-recovery")


def test_discard_deletes_only_journals(tmp_path: Path) -> None:
    user_file = tmp_path / "sitemap.xml"
    user_file.write_bytes(DATA)
    with pytest.raises(SitemapError):
        discard_recovery(user_file)
    assert user_file.exists()
    assert discard_recovery(tmp_path / ".gone.sitemap-studio-recovery") is False
    with pytest.raises(SitemapError, match="needs a journal path"):
        write_recovery(open_bytes(DATA), None, None)
