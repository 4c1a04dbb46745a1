"""Read a sitemap file's bytes safely: gzip sniffing, streaming and size caps.

Nothing here decodes text or parses XML. Gzip is recognised by its magic bytes,
never by the file name, and is inflated in bounded steps so that a small
compressed file cannot make us hold more than the configured cap in memory.
"""

from __future__ import annotations

import errno
import os
import stat
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from io import BytesIO
from typing import BinaryIO

from sitemap_studio.core.model.errors import LimitExceeded, ReadError
from sitemap_studio.core.model.findings import Finding, Severity
from sitemap_studio.core.model.limits import ENV_MAX_BYTES, Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report

GZIP_MAGIC = b"\x1f\x8b"
#: Compressed (or plain) input handled per step.
CHUNK_SIZE = 1 << 20
#: Most uncompressed output produced by one inflate call.
_OUT_STEP = 1 << 20
#: Gzip output kept on the first pass; a larger stream is counted to the end
#: first (output discarded) and only inflated again, for keeps, when it fits
#: the cap. Refusing a gzip bomb so never holds more than this much.
_PROBE_BYTES = 4 << 20
_MIB = 1 << 20

_PLAIN_NOTE = Finding(
    Severity.WARNING,
    "gzip-name-mismatch",
    "named .gz but not gzip-compressed; opened as plain data",
)
_GZIP_NOTE = Finding(
    Severity.NOTICE, "gzip-unnamed", "gzip-compressed but not named .gz; decompressed it"
)

#: A gzip file up to this size keeps its compressed bytes, to be written back unchanged.
KEEP_GZIP_BYTES = 64 * 1024 * 1024

#: One piece of input: a slice of bytes in memory or a block read from a file.
_Chunk = bytes | memoryview


@dataclass(slots=True)
class RawSource:
    """The bytes of one document, uncompressed but not decoded.

    Attributes:
        data: The uncompressed bytes exactly as stored (original encoding, BOM included).
        path: The file path or display name, if any.
        compressed: True when the input was gzip (recognised by its magic bytes).
        stored_size: Bytes read from disk (the compressed size for gzip).
        findings: File-level notes such as a misleading ``.gz`` name.
    """

    data: bytes
    path: str | None
    compressed: bool
    stored_size: int
    findings: list[Finding] = field(default_factory=list)
    #: The compressed bytes as stored, for a gzip file of at most :data:`KEEP_GZIP_BYTES`
    #: (so that saving it unedited writes the very same bytes).
    stored_gzip: bytes | None = None


def read_source(
    path: str | os.PathLike[str],
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> RawSource:
    """Read a file, inflating it when it is gzip-compressed.

    Args:
        path: The file to read; only regular files are accepted.
        limits: Safety caps; the defaults when ``None``.
        cancel: Checked once per chunk.
        progress: Called with (bytes read, file size) about once per chunk.

    Returns:
        The document's bytes and notes about the file.

    Raises:
        ReadError: The file cannot be opened or its gzip data is truncated or corrupt.
        LimitExceeded: The (uncompressed) data is larger than the cap.
        Cancelled: ``cancel`` was set.
    """
    name = os.fspath(path)
    caps = limits or Limits()
    with _open(name) as handle:

        def chunks() -> Iterator[_Chunk]:
            handle.seek(0)
            while block := handle.read(CHUNK_SIZE):
                yield block

        try:
            size = os.fstat(handle.fileno()).st_size
            return _read(chunks, name, size, caps, cancel, progress)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise ReadError(f"cannot read: {reason}", path=name, code="cannot-open") from None


def read_source_bytes(
    data: bytes,
    name: str | None,
    limits: Limits | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> RawSource:
    """Like :func:`read_source` for bytes already in memory (a download, stdin).

    Args:
        data: The stored bytes, possibly gzip-compressed.
        name: A file name or URL used for messages and the ``.gz`` name check.
        limits: Safety caps; the defaults when ``None``.
        cancel: Checked once per chunk.
        progress: Called with (bytes handled, ``len(data)``) about once per chunk.

    Returns:
        The document's bytes (``data`` itself when it is not compressed).

    Raises:
        ReadError: As :func:`read_source`, except for opening errors.
    """
    view = memoryview(data)

    def chunks() -> Iterator[_Chunk]:
        for start in range(0, len(view), CHUNK_SIZE):
            yield view[start : start + CHUNK_SIZE]

    return _read(chunks, name, len(data), limits or Limits(), cancel, progress, whole=data)


def _open(name: str) -> BinaryIO:
    """Open a regular file for reading, turning every failure into a ReadError."""
    try:
        info = os.stat(name)
        if stat.S_ISDIR(info.st_mode):
            raise OSError(errno.EISDIR, os.strerror(errno.EISDIR))
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        return open(name, "rb")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ReadError(f"cannot open: {reason}", path=name, code="cannot-open") from None
    except ValueError as exc:  # e.g. an embedded NUL character in the name
        raise ReadError(f"cannot open: {exc}", path=name, code="cannot-open") from None


def _read(
    chunks: Callable[[], Iterator[_Chunk]],
    name: str | None,
    size: int,
    caps: Limits,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
    whole: bytes | None = None,
) -> RawSource:
    """Read plain or gzip data from a restartable chunk source."""
    stream = chunks()
    first = next(stream, b"")
    while 0 < len(first) < len(GZIP_MAGIC):  # tiny chunks: sniff at least the magic
        more = next(stream, b"")
        if not more:
            break
        first = bytes(first) + more
    compressed = bytes(first[:2]) == GZIP_MAGIC
    findings: list[Finding] = []
    if name is not None and name.lower().endswith(".gz") != compressed:
        findings.append(_GZIP_NOTE if compressed else _PLAIN_NOTE)
    cap = caps.max_uncompressed_bytes
    try:
        if not compressed:
            data, stored = _read_plain(first, stream, size, cap, cancel, progress, whole)
            return RawSource(data, name, False, stored, findings)
        inflater = _Inflater(cap, min(cap, _PROBE_BYTES), cancel)
        stored = inflater.run(chunks(), progress, size, 0)
        if inflater.data is None:  # too big to keep on the first pass, but within the cap
            inflater = _Inflater(cap, cap, cancel)
            stored = inflater.run(chunks(), progress, size, size)
    except ReadError as exc:
        if name is not None:
            exc.with_path(name)
        raise
    assert inflater.data is not None
    if inflater.trailing:
        message = f"ignored {inflater.trailing:,} bytes after the end of the gzip data"
        findings.append(Finding(Severity.WARNING, "gzip-trailing-bytes", message))
    kept = b"".join(bytes(block) for block in chunks()) if stored <= KEEP_GZIP_BYTES else None
    return RawSource(inflater.data, name, True, stored, findings, kept)


def _read_plain(
    first: _Chunk,
    rest: Iterator[_Chunk],
    size: int,
    cap: int,
    cancel: CancelToken | None,
    progress: ProgressCallback | None,
    whole: bytes | None,
) -> tuple[bytes, int]:
    """Collect uncompressed data, refusing it when it is larger than the cap."""
    if size > cap:
        raise LimitExceeded(_cap_message(f"the file is {_mib(size)} MiB, larger than", cap))
    if whole is not None:
        check(cancel)
        report(progress, size, size)
        return whole, size
    out = BytesIO()
    done = 0
    block = first
    while block:
        check(cancel)
        done += len(block)
        if done > cap:  # the file grew after we looked at its size
            raise LimitExceeded(_cap_message("the file is larger than", cap))
        out.write(block)
        report(progress, done, max(size, done))
        block = next(rest, b"")
    if done == 0:
        report(progress, 0, 0)
    return out.getvalue(), done


class _Inflater:
    """One pass over a (possibly multi-member) gzip stream."""

    def __init__(self, cap: int, keep: int, cancel: CancelToken | None) -> None:
        self.cap = cap
        self.keep = keep
        self.cancel = cancel
        self.size = 0
        self.out: BytesIO | None = BytesIO()
        self.member: zlib._Decompress | None = zlib.decompressobj(wbits=31)
        self.pending = b""  # bytes after a member that may start another one
        self.garbage = False
        self.trailing = 0
        self.data: bytes | None = None

    def run(
        self, stream: Iterator[_Chunk], progress: ProgressCallback | None, size: int, base: int
    ) -> int:
        """Feed every chunk, report progress and finish; return the bytes read.

        ``base`` is added to the progress of a second pass so that, once a
        second pass is known to be needed, progress runs over twice the size.
        """
        done = 0
        span = size if base == 0 else 2 * size
        try:
            for block in stream:
                check(self.cancel)
                done += len(block)
                self._feed(block)
                if self.out is None and base == 0:
                    span = 2 * size
                report(progress, base + done, max(span, base + done))
        except zlib.error as exc:
            raise ReadError(f"corrupt gzip data: {exc}", code="gzip-corrupt") from None
        if self.member is not None:
            raise ReadError(
                "gzip stream truncated: unexpected end of compressed data", code="gzip-truncated"
            )
        self.trailing += len(self.pending)
        if self.out is not None:
            self.data = self.out.getvalue()
            self.out.close()
        return done

    def _feed(self, block: _Chunk) -> None:
        if self.garbage:
            self.trailing += len(block)
            return
        while block:
            if self.member is None:
                self.pending += block
                if len(self.pending) < len(GZIP_MAGIC):
                    return
                if not self.pending.startswith(GZIP_MAGIC):
                    self.garbage = True
                    self.trailing = len(self.pending)
                    self.pending = b""
                    return
                block, self.pending = self.pending, b""
                self.member = zlib.decompressobj(wbits=31)
            block = self._inflate(self.member, block)

    def _inflate(self, member: zlib._Decompress, block: _Chunk) -> bytes:
        """Inflate ``block`` in bounded steps; return the input left after the member."""
        while True:
            check(self.cancel)
            limit = min(self.cap + 1 - self.size, _OUT_STEP)
            piece = member.decompress(block, limit)
            self.size += len(piece)
            if self.size > self.cap:
                raise LimitExceeded(_cap_message("the uncompressed data is larger than", self.cap))
            if self.out is not None:
                if self.size > self.keep:
                    self.out.close()
                    self.out = None
                else:
                    self.out.write(piece)
            if member.eof:
                self.member = None
                return member.unused_data
            block = member.unconsumed_tail
            if not block and len(piece) < limit:  # a full piece may leave output inside zlib
                return b""


def _mib(size: int) -> str:
    """Format a byte count in MiB, without decimals when it is a whole number."""
    return f"{size // _MIB:,}" if size % _MIB == 0 else f"{size / _MIB:,.2f}"


def _cap_message(what: str, cap: int) -> str:
    """Say which cap was exceeded and how to raise it."""
    return (
        f"{what} the {_mib(cap)} MiB limit ({cap:,} bytes); raise it with --max-bytes "
        f"on the command line or the {ENV_MAX_BYTES} environment variable"
    )
