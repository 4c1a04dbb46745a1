"""Tests for sitemap_studio.core.reading.source: reading plain and gzip files safely."""

from __future__ import annotations

import gzip
import os
import shutil
import tempfile
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_studio.core.model.errors import Cancelled, LimitExceeded, ReadError
from sitemap_studio.core.model.findings import Severity
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback
from sitemap_studio.core.reading import source
from sitemap_studio.core.reading.encoding import decode_document
from sitemap_studio.core.reading.source import RawSource, read_source, read_source_bytes

MIB = 1 << 20
XML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    b"  <url><loc>https://example.com/a</loc></url>\n"
    b"</urlset>\n"
)


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def codes(raw: RawSource) -> list[tuple[Severity, str]]:
    return [(f.severity, f.code) for f in raw.findings]


def varied(size: int) -> bytes:
    """Poorly compressible but reproducible data of ``size`` bytes."""
    block = b"".join(i.to_bytes(4, "little") for i in range(MIB // 4))
    return (block * (size // len(block) + 1))[:size]


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """300 MiB of zeros, gzip-compressed to about 300 KB, built in bounded memory."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(MIB)
    parts = [packer.compress(zeros) for _ in range(300)]
    parts.append(packer.flush())
    return b"".join(parts)


def test_plain_file_is_read_unchanged(tmp_path: Path) -> None:
    raw = read_source(write(tmp_path / "sitemap.xml", XML))
    assert raw.data == XML
    assert raw.compressed is False
    assert raw.stored_size == len(XML)
    assert raw.path == str(tmp_path / "sitemap.xml")
    assert raw.findings == []


def test_gzip_file_is_inflated(tmp_path: Path) -> None:
    packed = gzip.compress(XML)
    raw = read_source(write(tmp_path / "sitemap.xml.gz", packed))
    assert raw.data == XML
    assert raw.compressed is True
    assert raw.stored_size == len(packed)
    assert raw.findings == []


def test_gzip_named_xml_is_inflated_with_a_notice(tmp_path: Path) -> None:
    raw = read_source(write(tmp_path / "sitemap.xml", gzip.compress(XML)))
    assert raw.data == XML
    assert codes(raw) == [(Severity.NOTICE, "gzip-unnamed")]


def test_plain_named_gz_is_opened_as_plain_with_a_warning(tmp_path: Path) -> None:
    raw = read_source(write(tmp_path / "sitemap.XML.GZ", XML))
    assert raw.data == XML
    assert raw.compressed is False
    assert codes(raw) == [(Severity.WARNING, "gzip-name-mismatch")]
    assert "not gzip-compressed" in raw.findings[0].message


def test_bytes_without_name_get_no_name_findings() -> None:
    assert read_source_bytes(gzip.compress(XML), None).findings == []


def test_plain_bytes_are_returned_without_copy() -> None:
    data = XML * 3
    assert read_source_bytes(data, "sitemap.xml").data is data


def test_concatenated_members_are_read_whole(tmp_path: Path) -> None:
    packed = gzip.compress(b"first ") + gzip.compress(b"second ") + gzip.compress(b"")
    raw = read_source(write(tmp_path / "s.xml.gz", packed))
    assert raw.data == b"first second "
    assert raw.findings == []


@settings(max_examples=60, deadline=None)
@given(
    members=st.lists(st.binary(max_size=300), min_size=1, max_size=4),
    garbage=st.binary(max_size=5).filter(lambda b: not b.startswith(b"\x1f")),
    chunk=st.integers(min_value=1, max_value=40),
)
def test_members_and_trailing_bytes_across_chunk_boundaries(
    members: list[bytes], garbage: bytes, chunk: int
) -> None:
    packed = b"".join(gzip.compress(m) for m in members) + garbage
    with mock.patch.object(source, "CHUNK_SIZE", chunk):
        raw = read_source_bytes(packed, "x.gz")
    assert raw.data == b"".join(members)
    expected = [(Severity.WARNING, "gzip-trailing-bytes")] if garbage else []
    assert codes(raw) == expected


def test_trailing_garbage_keeps_data_and_warns_with_count(tmp_path: Path) -> None:
    raw = read_source(write(tmp_path / "s.xml.gz", gzip.compress(XML) + b"\0\0\0junk\n"))
    assert raw.data == XML
    assert codes(raw) == [(Severity.WARNING, "gzip-trailing-bytes")]
    assert "8 bytes" in raw.findings[0].message


def test_single_trailing_magic_byte_is_trailing_garbage() -> None:
    raw = read_source_bytes(gzip.compress(XML) + b"\x1f", "s.xml.gz")
    assert raw.data == XML
    assert "1 bytes" in raw.findings[0].message


@pytest.mark.parametrize("cut", [1, 8, 30])
def test_truncated_stream_is_refused(tmp_path: Path, cut: int) -> None:
    packed = gzip.compress(XML * 20)
    path = write(tmp_path / "s.xml.gz", packed[:-cut])
    with pytest.raises(ReadError) as info:
        read_source(path)
    assert info.value.code == "gzip-truncated"
    assert "gzip stream truncated: unexpected end of compressed data" in info.value.message
    assert info.value.path == str(path)


def test_truncated_second_member_is_refused() -> None:
    packed = gzip.compress(XML) + gzip.compress(XML)[:12]
    with pytest.raises(ReadError, match="truncated"):
        read_source_bytes(packed, "s.gz")


def test_corrupt_deflate_data_is_refused() -> None:
    packed = bytearray(gzip.compress(varied(5000)))
    packed[20:30] = b"\xff" * 10
    with pytest.raises(ReadError, match="corrupt gzip data") as info:
        read_source_bytes(bytes(packed), "s.gz")
    assert info.value.path == "s.gz"


def test_bad_crc_is_refused() -> None:
    packed = bytearray(gzip.compress(XML))
    packed[-8] ^= 0xFF  # first byte of the CRC-32 trailer
    with pytest.raises(ReadError, match="corrupt gzip data"):
        read_source_bytes(bytes(packed), "s.gz")


def test_plain_file_over_cap_is_refused_with_how_to_raise_it(tmp_path: Path) -> None:
    path = write(tmp_path / "big.xml", b"x" * (MIB + 1))
    with pytest.raises(LimitExceeded) as info:
        read_source(path, Limits(max_uncompressed_bytes=MIB))
    message = info.value.message
    assert "1 MiB" in message
    assert "--max-bytes" in message
    assert "SITEMAP_STUDIO_MAX_BYTES" in message
    assert info.value.code == "limit-exceeded"
    assert info.value.path == str(path)


def test_plain_file_at_cap_is_accepted(tmp_path: Path) -> None:
    raw = read_source(write(tmp_path / "ok.xml", b"x" * MIB), Limits(max_uncompressed_bytes=MIB))
    assert len(raw.data) == MIB


def test_huge_plain_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.xml"
    with path.open("wb") as handle:
        handle.truncate(300 * MIB)  # sparse: cheap on disk
    tracemalloc.start()
    try:
        with pytest.raises(LimitExceeded, match="300 MiB"):
            read_source(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MIB


def test_gzip_bomb_file_is_refused_in_little_memory(tmp_path: Path, bomb: bytes) -> None:
    path = write(tmp_path / "bomb.xml.gz", bomb)
    tracemalloc.start()
    try:
        with pytest.raises(LimitExceeded) as info:
            read_source(path)  # default cap: 256 MiB
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "256 MiB" in info.value.message
    assert "SITEMAP_STUDIO_MAX_BYTES" in info.value.message
    assert peak < 12 * MIB


def test_gzip_bomb_bytes_are_refused_in_little_memory(bomb: bytes) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(LimitExceeded, match="2 MiB"):
            read_source_bytes(bomb, "bomb.gz", Limits(max_uncompressed_bytes=2 * MIB))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * MIB


@pytest.mark.parametrize("extra", [0, 1])
def test_gzip_cap_boundary(extra: int) -> None:
    payload = varied(6 * MIB + extra)  # larger than the first-pass probe
    limits = Limits(max_uncompressed_bytes=6 * MIB)
    packed = gzip.compress(payload, compresslevel=1)
    if extra:
        with pytest.raises(LimitExceeded):
            read_source_bytes(packed, "s.gz", limits)
    else:
        assert read_source_bytes(packed, "s.gz", limits).data == payload


def test_large_gzip_is_read_whole_with_monotonic_progress(tmp_path: Path) -> None:
    payload = varied(20 * MIB)
    path = write(tmp_path / "s.xml.gz", gzip.compress(payload, compresslevel=1))
    calls: list[tuple[int, int]] = []
    raw = read_source(path, progress=lambda done, total: calls.append((done, total)))
    assert raw.data == payload
    assert raw.stored_size == path.stat().st_size
    dones = [done for done, _ in calls]
    assert dones == sorted(dones)
    assert calls[-1][0] == calls[-1][1]


def test_plain_progress_reports_every_chunk(tmp_path: Path) -> None:
    path = write(tmp_path / "s.xml", b"y" * (3 * MIB + 5))
    calls: list[tuple[int, int]] = []
    read_source(path, progress=lambda done, total: calls.append((done, total)))
    total = 3 * MIB + 5
    assert calls == [(MIB, total), (2 * MIB, total), (3 * MIB, total), (total, total)]


def cancel_after_first_report(token: CancelToken) -> ProgressCallback:
    def progress(done: int, total: int) -> None:
        token.cancel()

    return progress


@pytest.mark.parametrize("packed", [False, True])
def test_cancel_stops_reading(tmp_path: Path, packed: bool) -> None:
    payload = varied(8 * MIB)
    data = gzip.compress(payload, compresslevel=1) if packed else payload
    path = write(tmp_path / "s.xml.gz", data)
    token = CancelToken()
    with pytest.raises(Cancelled):
        read_source(path, cancel=token, progress=cancel_after_first_report(token))


def test_cancelled_token_stops_at_once() -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        read_source_bytes(XML, "s.xml", cancel=token)


def test_missing_file_is_a_plain_read_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.xml"
    with pytest.raises(ReadError) as info:
        read_source(path)
    assert info.value.message == "cannot open: No such file or directory"
    assert info.value.path == str(path)
    assert str(info.value) == f"{path}: cannot open: No such file or directory"


def test_directory_is_a_plain_read_error(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="cannot open: Is a directory"):
        read_source(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.xml"
    os.mkfifo(fifo)
    with pytest.raises(ReadError, match="not a regular file"):
        read_source(fifo)


NOBODY = 65534


def read_outcome(path: Path) -> str:
    """What ``read_source(path)`` gives a user without root's right to read anything.

    Read in this process, unless it runs as root: then in a forked child that drops to
    uid/gid 65534 (nobody) first. Forking, not a new interpreter, so that nobody need not
    reach the interpreter or the packages (they may sit under /root).
    """
    if os.geteuid() != 0:
        return _outcome(path)
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report through the pipe, never return into pytest
        try:
            os.close(reader)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            os.write(writer, _outcome(path).encode("utf-8"))
        except BaseException as exc:  # reported to the parent as text
            os.write(writer, f"child failed: {exc!r}".encode())
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader, "rb") as pipe:
        outcome = pipe.read().decode("utf-8")
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return outcome


def _outcome(path: Path) -> str:
    try:
        raw = read_source(path)
    except ReadError as exc:
        return f"ReadError: {exc.message}"
    return f"read {len(raw.data)} bytes"


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder anyone may enter (pytest's tmp_path is root-only when running as root)."""
    folder = Path(tempfile.mkdtemp(prefix="sitemap-studio-modes-"))
    folder.chmod(0o711)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_unreadable_file_is_a_plain_read_error(open_folder: Path) -> None:
    readable = write(open_folder / "public.xml", XML)
    readable.chmod(0o644)
    secret = write(open_folder / "secret.xml", XML)
    secret.chmod(0)
    # The reader reaches the folder and reads a readable file: a refusal is the file mode's.
    assert read_outcome(readable) == f"read {len(XML)} bytes"
    assert read_outcome(secret) == "ReadError: cannot open: Permission denied"


def test_hostile_truncated_gzip_is_refused(hostile_dir: Path) -> None:
    with pytest.raises(ReadError) as info:
        read_source(hostile_dir / "gzip_truncated.xml.gz")
    assert info.value.code == "gzip-truncated"
    assert "truncated" in str(info.value)


def test_hostile_plain_named_gz_opens_with_warning(hostile_dir: Path) -> None:
    raw = read_source(hostile_dir / "gzip_not_really.xml.gz")
    assert raw.data.startswith(b"<?xml")
    assert raw.data.count(b"<url>") == 4
    assert codes(raw) == [(Severity.WARNING, "gzip-name-mismatch")]
    assert decode_document(raw.data).utf8 is raw.data


def test_hostile_latin1_bytes_in_utf8_document(hostile_dir: Path) -> None:
    raw = read_source(hostile_dir / "latin1_bytes_utf8_decl.xml")
    decoded = decode_document(raw.data, path=raw.path)  # left to the XML parser
    assert decoded.utf8 is raw.data
    with pytest.raises(ReadError) as info:
        decode_document(raw.data, path=raw.path, xml=False)
    assert info.value.line == 4
    assert "invalid UTF-8" in info.value.message
    assert "0xE9" in info.value.message


@settings(max_examples=60, deadline=None)
@given(
    payload=st.lists(st.sampled_from([b"a" * 300, b"<url/>", b"xyz", b"\n"]), max_size=30).map(
        b"".join
    ),
    chunk=st.integers(min_value=1, max_value=64),
    step=st.integers(min_value=1, max_value=9),
)
def test_small_output_steps_lose_nothing(payload: bytes, chunk: int, step: int) -> None:
    packed = gzip.compress(payload)
    with (
        mock.patch.object(source, "CHUNK_SIZE", chunk),
        mock.patch.object(source, "_OUT_STEP", step),
    ):
        raw = read_source_bytes(packed, "s.gz")
    assert raw.data == payload
