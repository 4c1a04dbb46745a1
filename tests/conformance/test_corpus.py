"""Every corpus sitemap: open, lossless save, one-entry edit.

Two corpora: the one written for the project in ``tests/corpus`` (every generator quirk
in small made-up files) and, when it is there, the real-world one in
``../shared/corpus/real``; each case is ``source/name``.

MANIFEST.tsv gives each file's format and entry count. A save with no edits must give back
the original bytes; an edit of one entry's lastmod (a text sitemap's loc) must change only
that entry's bytes, and the result must read back with the new value; a file without
entries takes a first one without any other byte changing.

Each test's cases are picked from the manifest at collection time (see
helpers/shared_data.py): the not-well-formed file is a case of the refusal tests only,
text files are not cases of the C14N tests, and so on. No case skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.shared_data import (
    CORPUS_SOURCES,
    MISSING,
    DataSources,
    corpus_files,
    corpus_params,
    expected_entries,
    is_well_formed,
    manifest_format,
    plain_bytes,
    read_manifest,
)
from lxml import etree

from sitemap_studio.core.model.documents import SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind, Entry
from sitemap_studio.core.model.errors import ReadError
from sitemap_studio.core.reading.loader import open_document
from sitemap_studio.core.writing.snapshots import save_document

#: Picked from MANIFEST.tsv at collection time.
FILES = corpus_params(formats=("xml", "text", "broken"))
READABLE = corpus_params()
XML_FILES = corpus_params(formats=("xml",))
WITH_ENTRIES = corpus_params(entries=True)
XML_WITH_ENTRIES = corpus_params(formats=("xml",), entries=True)
WITHOUT_ENTRIES = corpus_params(entries=False)
BROKEN = corpus_params(formats=("broken",))
NEW_LASTMOD = "2021-03-04T05:06:07+00:00"
NEW_LOC = "https://example.com/edited-entry?a=1&b=2"


@pytest.fixture
def corpus_dir(data_sources: DataSources, source: str, name: str) -> Path:
    """The folder of the case's source (``name`` first: a missing corpus fails its cases)."""
    assert name != MISSING or source == "shared"
    return data_sources.corpus(source)


def manifest(corpus_dir: Path) -> dict[str, dict[str, str]]:
    return read_manifest(corpus_dir)


def open_corpus(corpus_dir: Path, name: str) -> SitemapDocument:
    """Open a corpus file and check it has the format MANIFEST.tsv gives it."""
    document = open_document(corpus_dir / name)
    assert document.source.format == manifest_format(manifest(corpus_dir)[name])
    return document


def canonical(data: bytes) -> str:
    """C14N 2.0 with comments (tests may parse XML directly; no DTD, entities or network)."""
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True)
    tree = etree.fromstring(plain_bytes(data), parser).getroottree()
    return etree.canonicalize(tree, with_comments=True)


def entry_elements(root: etree._Element) -> list[etree._Element]:
    """The root's children that are entries (``url`` or ``sitemap`` in the root's namespace)."""
    namespace = etree.QName(root).namespace
    return [child for child in root if isinstance(child.tag, str)
            and etree.QName(child).namespace == namespace
            and etree.QName(child).localname in ("url", "sitemap")]


@pytest.mark.parametrize("source", CORPUS_SOURCES)
def test_manifest_lists_every_file(data_sources: DataSources, source: str) -> None:
    corpus_dir = data_sources.corpus(source)
    listed = set(manifest(corpus_dir))
    present = {p.name for p in corpus_dir.iterdir() if p.name != "MANIFEST.tsv"}
    assert listed == present
    broken = {name for name, row in manifest(corpus_dir).items() if not is_well_formed(row)}
    assert len(broken) == 1
    # The collection-time selections leave no file out: every readable file is a case of
    # the lossless-save tests, and of either the edit tests or the first-entry test.
    def selected(**kwargs: object) -> set[str]:
        return set(corpus_files(source=source, **kwargs))  # type: ignore[arg-type]
    assert selected() == listed - broken
    assert selected(entries=True) | selected(entries=False) == selected()
    assert selected(formats=("xml",), entries=True) == (
        selected(formats=("xml",)) & selected(entries=True))


@pytest.mark.parametrize(("source", "name"), BROKEN)
def test_not_well_formed_file_is_refused(corpus_dir: Path, name: str) -> None:
    with pytest.raises(ReadError) as caught:
        open_document(corpus_dir / name)
    assert caught.value.line is not None and caught.value.line >= 1
    assert caught.value.column is not None and caught.value.column >= 1


@pytest.mark.parametrize(("source", "name"), FILES)
def test_opens_with_manifest_entry_count(corpus_dir: Path, name: str) -> None:
    row = manifest(corpus_dir)[name]
    if not is_well_formed(row):
        with pytest.raises(ReadError):
            open_document(corpus_dir / name)
        return
    document = open_document(corpus_dir / name)
    assert len(document) == expected_entries(row)
    kind = row["format"].split()[0]
    if kind == "text":
        assert document.source.format == "text"
    else:
        assert document.source.format == "xml"
        assert document.kind == DocumentKind(kind)


@pytest.mark.parametrize(("source", "name"), READABLE)
def test_no_edit_save_gives_back_the_original_bytes(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    document = open_corpus(corpus_dir, name)
    target = tmp_path / name
    save_document(document, target)
    original = (corpus_dir / name).read_bytes()
    assert plain_bytes(target.read_bytes()) == plain_bytes(original)


@pytest.mark.parametrize(("source", "name"), XML_FILES)
def test_no_edit_save_keeps_the_canonical_form(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    document = open_corpus(corpus_dir, name)
    target = tmp_path / name
    save_document(document, target)
    assert canonical(target.read_bytes()) == canonical((corpus_dir / name).read_bytes())


@pytest.mark.parametrize(("source", "name"), READABLE)
def test_a_file_we_wrote_comes_back_byte_identical(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    document = open_corpus(corpus_dir, name)
    first = tmp_path / "first" / name
    second = tmp_path / "second" / name
    first.parent.mkdir()
    second.parent.mkdir()
    save_document(document, first)
    save_document(open_document(first), second)
    assert second.read_bytes() == first.read_bytes()


def edit_middle_entry(document: SitemapDocument) -> tuple[int, str, str, bytes, int, int]:
    """Edit the middle entry; return (row, field, value, new body, old start, old end).

    Offsets are into ``document.raw`` (the file's UTF-8 bytes without BOM).
    """
    row = len(document) // 2
    before = document.body(row)
    position = document.position_of(row)
    assert position is not None
    start = byte_offset(document.raw, *position)
    end = start + len(before)
    assert document.raw[start:end] == before, "position_of does not point at the entry"
    field, value = ("loc", NEW_LOC) if document.source.format == "text" else (
        "lastmod", NEW_LASTMOD)
    document.set_text(document.id_at(row), field, value)
    after = document.body(row)
    assert after != before
    return row, field, value, after, start, end


def byte_offset(data: bytes, line: int, column: int) -> int:
    """Byte offset of 1-based (line, column in characters) in UTF-8 ``data``."""
    line_start = 0
    for _ in range(line - 1):
        line_start = data.index(b"\n", line_start) + 1
    line_end = data.find(b"\n", line_start)
    text = data[line_start : line_end if line_end >= 0 else len(data)].decode("utf-8")
    return line_start + len(text[: column - 1].encode("utf-8"))


def as_utf8(data: bytes, document: SitemapDocument) -> bytes:
    """A file's bytes as UTF-8, the form of ``document.raw`` (UTF-8 files keep their BOM)."""
    data = plain_bytes(data)
    encoding = document.source.encoding
    if encoding.name in ("utf-8", "ascii"):
        return data
    assert data.startswith(encoding.bom)
    return data[len(encoding.bom):].decode(encoding.name).encode("utf-8")


def original_text(corpus_dir: Path, name: str, document: SitemapDocument) -> tuple[bytes, int]:
    """The original file's bytes (as UTF-8) and where ``document.raw`` starts in them."""
    original = as_utf8((corpus_dir / name).read_bytes(), document)
    shift = 3 if original.startswith(b"\xef\xbb\xbf") else 0
    assert original[shift:] == document.raw, "raw must be the file's text"
    return original, shift


@pytest.mark.parametrize(("source", "name"), WITH_ENTRIES)
def test_editing_one_entry_changes_only_its_bytes(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    document = open_corpus(corpus_dir, name)
    count = len(document)
    assert count == expected_entries(manifest(corpus_dir)[name]) > 0
    original, shift = original_text(corpus_dir, name, document)
    row, field, value, body, start, end = edit_middle_entry(document)
    target = tmp_path / name
    save_document(document, target)
    written = as_utf8(target.read_bytes(), document)
    assert written[: shift + start] == original[: shift + start], "bytes before the entry"
    assert written[len(written) - (len(original) - shift - end) :] == original[shift + end :], \
        "bytes after the entry"
    assert written == original[: shift + start] + body + original[shift + end :]
    reopened = open_document(target)
    assert len(reopened) == count
    assert reopened.entry_at(row).value(field) == value
    for other in (0, count - 1):
        if other != row:
            assert reopened.entry_at(other) == document.entry_at(other)


@pytest.mark.parametrize(("source", "name"), XML_WITH_ENTRIES)
def test_edit_changes_the_canonical_form_only_inside_the_entry(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    document = open_corpus(corpus_dir, name)
    count = len(document)
    assert count == expected_entries(manifest(corpus_dir)[name]) > 0
    row, _, value, _, _, _ = edit_middle_entry(document)
    target = tmp_path / name
    save_document(document, target)
    trees = [etree.fromstring(canonical(data).encode("utf-8"))
             for data in ((corpus_dir / name).read_bytes(), target.read_bytes())]
    entries = [entry_elements(root) for root in trees]
    assert [len(found) for found in entries] == [count, count]
    old, new = entries[0][row], entries[1][row]
    assert etree.tostring(old) != etree.tostring(new)
    assert value in [child.text for child in new]
    for root, element in zip(trees, (old, new), strict=True):
        placeholder = etree.Element("edited-entry")
        placeholder.tail = element.tail
        root.replace(element, placeholder)
    rest = [etree.tostring(root, method="c14n2") for root in trees]
    assert rest[0] == rest[1], "the canonical form changed outside the edited entry"


@pytest.mark.parametrize(("source", "name"), WITHOUT_ENTRIES)
def test_a_file_without_entries_takes_a_first_entry(
        corpus_dir: Path, tmp_path: Path, name: str) -> None:
    """The edit check for a file with nothing to edit: adding an entry adds only its bytes."""
    document = open_corpus(corpus_dir, name)
    assert len(document) == 0
    original, _ = original_text(corpus_dir, name, document)
    document.insert_entries(0, [Entry(loc=NEW_LOC)])
    target = tmp_path / name
    save_document(document, target)
    written = as_utf8(target.read_bytes(), document)
    added = len(written) - len(original)
    assert added > 0, "the new entry's bytes are missing"
    start = next((i for i, (a, b) in enumerate(zip(written, original, strict=False)) if a != b),
                 len(original))
    assert written[:start] == original[:start]
    assert written[start + added :] == original[start:], \
        "the save changed bytes other than inserting the new entry"
    reopened = open_document(target)
    assert [entry.loc for entry in reopened.entries()] == [NEW_LOC]
