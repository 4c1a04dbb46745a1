"""Recovery journals: unsaved edits kept beside the user's file, to offer after a crash.

A journal of ``/site/sitemap.xml`` is the hidden file
``/site/.sitemap.xml.sitemap-studio-recovery``; a document that has no file
yet (or whose folder is read-only) keeps its journal in a per-user folder the
caller names. A journal is one line of JSON (the header) and then the
document's bytes, UTF-8 as :meth:`SitemapDocument.chunks` gives them. The
header says which file the edits belong to and what that file looked like
when it was read (:class:`FileFingerprint`), so that a later start can tell
whether the file has changed since.

Journals are written atomically and never over anything but a journal.
Recovering reads the bytes through the normal loader into a document whose
path is the original file's; nothing here ever writes the original file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sitemap_studio import __version__
from sitemap_studio.core.model.document_types import SourceFormat
from sitemap_studio.core.model.documents import DocumentSource, SitemapDocument
from sitemap_studio.core.model.entries import DocumentKind
from sitemap_studio.core.model.errors import SitemapError
from sitemap_studio.core.model.limits import Limits
from sitemap_studio.core.model.progress import CancelToken, ProgressCallback, check, report
from sitemap_studio.core.reading.encoding import TextEncoding
from sitemap_studio.core.reading.fingerprints import FileFingerprint, file_matches, set_fingerprint
from sitemap_studio.core.writing.atomic_files import atomic_write
from sitemap_studio.core.writing.snapshots import DocumentSnapshot, reopen_snapshot, take_snapshot

RECOVERY_SUFFIX = ".sitemap-studio-recovery"
FORMAT_NAME = "sitemap-studio-recovery"
FORMAT_VERSION = 1
#: Key of :attr:`SitemapDocument.info` naming the journal a recovered document came from.
RECOVERED_FROM_INFO = "recovered_from"
#: A header line longer than this is not ours.
_MAX_HEADER = 1 << 16


@dataclass(frozen=True, slots=True)
class RecoveryHeader:
    """The first line of a journal."""

    original_path: str | None
    original: FileFingerprint | None
    written_at: datetime
    document_format: SourceFormat
    kind: str
    encoding: TextEncoding
    compressed: bool
    length: int

    def to_line(self) -> bytes:
        """The header as one line of ASCII JSON, newline included."""
        fingerprint = self.original
        data: dict[str, Any] = {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            "app_version": __version__,
            "original_path": self.original_path,
            "original_size": fingerprint.size if fingerprint else None,
            "original_mtime_ns": fingerprint.mtime_ns if fingerprint else None,
            "original_sha256": fingerprint.sha256 if fingerprint else None,
            "written_at": self.written_at.isoformat(),
            "document_format": str(self.document_format),
            "kind": self.kind,
            "encoding": {"name": self.encoding.name, "bom": self.encoding.bom.hex(),
                         "declared": self.encoding.declared},
            "compressed": self.compressed,
            "length": self.length,
        }
        return json.dumps(data, ensure_ascii=True).encode("ascii") + b"\n"

    @classmethod
    def from_line(cls, line: bytes) -> RecoveryHeader:
        """Parse a header line; ``ValueError`` when it is not a journal header we can read."""
        data = json.loads(line)
        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise ValueError("not a recovery journal")
        if not isinstance(data.get("format_version"), int) or \
                data["format_version"] > FORMAT_VERSION:
            raise ValueError("a recovery journal from a newer version")
        sha = data.get("original_sha256")
        original = None
        if isinstance(sha, str):
            original = FileFingerprint(int(data["original_size"]),
                                       int(data["original_mtime_ns"]), sha)
        encoding = data["encoding"]
        written_at = datetime.fromisoformat(data["written_at"])
        if written_at.tzinfo is None:
            written_at = written_at.replace(tzinfo=UTC)
        path = data.get("original_path")
        return cls(
            original_path=path if isinstance(path, str) else None,
            original=original,
            written_at=written_at,
            document_format=SourceFormat(str(data["document_format"])),
            kind=str(data["kind"]),
            encoding=TextEncoding(str(encoding["name"]), bytes.fromhex(encoding["bom"]),
                                  encoding.get("declared")),
            compressed=bool(data["compressed"]),
            length=int(data["length"]),
        )


@dataclass(frozen=True, slots=True)
class Recovery:
    """A journal found on disk: unsaved edits of ``original_path`` (``None``: an unsaved file)."""

    journal_path: str
    original_path: str | None
    written_at: datetime
    #: The original file is missing or no longer holds the bytes the edits started from.
    original_changed_since: bool
    original_exists: bool
    header: RecoveryHeader

    @property
    def name(self) -> str:
        """What to call the recovered document when asking the user."""
        return os.path.basename(self.original_path) if self.original_path else "Untitled"


def recovery_path(original_path: str | os.PathLike[str]) -> str:
    """The journal beside ``original_path``: ``.<name>.sitemap-studio-recovery``."""
    path = os.path.abspath(os.fspath(original_path))
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}{RECOVERY_SUFFIX}")


def fallback_recovery_path(original_path: str | os.PathLike[str] | None,
                           folder: str | os.PathLike[str]) -> str:
    """A journal in the per-user ``folder``: for unsaved documents and read-only folders."""
    if original_path is None:
        return os.path.join(os.fspath(folder), f".untitled-{uuid.uuid4().hex[:12]}"
                            f"{RECOVERY_SUFFIX}")
    path = os.path.abspath(os.fspath(original_path))
    tag = hashlib.sha256(os.fsencode(path)).hexdigest()[:12]
    return os.path.join(os.fspath(folder),
                        f".{os.path.basename(path)}-{tag}{RECOVERY_SUFFIX}")


def write_recovery(
    document: SitemapDocument | DocumentSnapshot,
    original_path: str | os.PathLike[str] | None,
    original: FileFingerprint | None,
    *,
    journal_path: str | os.PathLike[str] | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressCallback | None = None,
) -> str:
    """Write the journal of ``document`` (or of a snapshot of it); return the journal's path.

    Args:
        document: What to keep. From a worker thread pass a snapshot taken
            with :func:`take_snapshot` on the thread that edits the document.
        original_path: The user's file the edits belong to, ``None`` for an unsaved document.
        original: The fingerprint of that file when it was read or last saved.
        journal_path: Where to write; by default beside ``original_path``.
        cancel: Checked between pieces; a cancelled write leaves no journal behind.
        progress: Called with (bytes written, bytes in all).

    Raises:
        SitemapError: The journal cannot be written, or its path would replace
            something that is not a journal (the user's file above all).
    """
    snapshot = document if isinstance(document, DocumentSnapshot) else take_snapshot(document)
    original_text = None if original_path is None else os.path.abspath(os.fspath(original_path))
    if journal_path is None:
        if original_text is None:
            raise SitemapError("an unsaved document needs a journal path",
                               code="recovery-no-path")
        journal_path = recovery_path(original_text)
    target = os.path.abspath(os.fspath(journal_path))
    _check_target(target, original_text)
    source = snapshot.source
    header = RecoveryHeader(
        original_path=original_text,
        original=original,
        written_at=datetime.now(UTC),
        document_format=source.format,
        kind=source.kind.value,
        encoding=source.encoding,
        compressed=source.compressed,
        length=snapshot.size,
    )
    atomic_write(target, _body(header.to_line(), snapshot.chunks, snapshot.size, cancel,
                               progress))
    return target


def _check_target(target: str, original: str | None) -> None:
    """Refuse to write a journal anywhere but over a journal (or a new file)."""
    if not target.endswith(RECOVERY_SUFFIX):
        raise SitemapError("a recovery journal's name must end in " + RECOVERY_SUFFIX,
                           path=target, code="recovery-refused")
    same = original is not None and (target == original or (
        os.path.exists(original) and os.path.exists(target)
        and os.path.samefile(target, original)))
    if same:
        raise SitemapError("refusing to write a recovery journal over the file itself",
                           path=target, code="recovery-refused")
    if os.path.lexists(target):
        try:
            read_header(target)
        except SitemapError:
            raise SitemapError("refusing to replace a file that is not a recovery journal",
                               path=target, code="recovery-refused") from None


def _body(header: bytes, chunks: Iterable[bytes | memoryview], size: int,
          cancel: CancelToken | None,
          progress: ProgressCallback | None) -> Iterator[bytes | memoryview]:
    yield header
    done = 0
    for chunk in chunks:
        check(cancel)
        done += len(chunk)
        report(progress, done, size)
        yield chunk
    check(cancel)


def read_header(journal_path: str | os.PathLike[str]) -> RecoveryHeader:
    """The header of the journal at ``journal_path``; :class:`SitemapError` if it is not one."""
    path = os.fspath(journal_path)
    try:
        with open(path, "rb") as stream:
            line = stream.readline(_MAX_HEADER)
    except OSError as exc:
        raise SitemapError(f"cannot read: {exc.strerror or exc}", path=path,
                           code="recovery-unreadable") from None
    try:
        if not line.endswith(b"\n"):
            raise ValueError("no header line")
        return RecoveryHeader.from_line(line)
    except (ValueError, KeyError, TypeError) as exc:
        raise SitemapError(f"not a recovery journal Sitemap Studio can read ({exc})",
                           path=path, code="recovery-damaged") from None


def read_recovery(journal_path: str | os.PathLike[str]) -> Recovery:
    """Describe the journal at ``journal_path``, checking whether its original has changed."""
    path = os.path.abspath(os.fspath(journal_path))
    header = read_header(path)
    original = header.original_path
    exists = original is not None and os.path.isfile(original)
    if original is None:
        changed = False
    elif not exists or header.original is None:
        changed = True
    else:
        changed = not file_matches(original, header.original)
    return Recovery(path, original, header.written_at, changed, exists, header)


def find_recoveries(paths_or_folders: Iterable[str | os.PathLike[str]]) -> list[Recovery]:
    """Journals of the given files, and every journal in the given folders (not below them).

    Unreadable or foreign files are left alone and not listed. Each journal
    is listed once, newest first.
    """
    found: dict[str, Recovery] = {}
    for entry in paths_or_folders:
        text = os.fspath(entry)
        if os.path.isdir(text):
            try:
                names = sorted(os.listdir(text))
            except OSError:
                continue
            candidates = [os.path.join(text, n) for n in names if n.endswith(RECOVERY_SUFFIX)]
        elif text.endswith(RECOVERY_SUFFIX):
            candidates = [text]
        else:
            candidates = [recovery_path(text)]
        for candidate in candidates:
            key = os.path.abspath(candidate)
            if key in found or not os.path.isfile(key):
                continue
            with contextlib.suppress(SitemapError):
                found[key] = read_recovery(key)
    return sorted(found.values(), key=lambda r: r.written_at, reverse=True)


def load_recovery(recovery: Recovery | str | os.PathLike[str], limits: Limits | None = None, *,
                  cancel: CancelToken | None = None,
                  progress: ProgressCallback | None = None) -> SitemapDocument:
    """Read a journal into a document that belongs to the original file.

    The document's ``source.path`` is the original path (``None`` for an
    unsaved one), its format, encoding and compression those of the original,
    so that Save writes there; nothing is written here. The document is new
    (pristine in its own terms) although it differs from the file on disk:
    the caller marks it modified. ``document.info`` names the journal
    (:data:`RECOVERED_FROM_INFO`) and keeps the original's fingerprint.

    Raises:
        SitemapError: The journal is unreadable or damaged, or its bytes are not a sitemap.
    """
    path = recovery.journal_path if isinstance(recovery, Recovery) else os.fspath(recovery)
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise SitemapError(f"cannot read: {exc.strerror or exc}", path=path,
                           code="recovery-unreadable") from None
    end = data.find(b"\n", 0, _MAX_HEADER)
    if end < 0:
        raise SitemapError("not a recovery journal", path=path, code="recovery-damaged")
    try:
        header = RecoveryHeader.from_line(data[: end + 1])
    except (ValueError, KeyError, TypeError) as exc:
        raise SitemapError(f"not a recovery journal Sitemap Studio can read ({exc})",
                           path=path, code="recovery-damaged") from None
    body = data[end + 1 :]
    if len(body) != header.length:
        raise SitemapError(f"the journal is damaged: {len(body):,} bytes of "
                           f"{header.length:,}", path=path, code="recovery-damaged")
    check(cancel)
    snapshot = DocumentSnapshot((body,), _source(header), len(body))
    try:
        document = reopen_snapshot(snapshot, limits, cancel=cancel, progress=progress)
    except SitemapError as exc:
        exc.path = path
        raise
    document.source.path = header.original_path
    document.info[RECOVERED_FROM_INFO] = os.path.abspath(path)
    set_fingerprint(document, header.original)
    return document


def _source(header: RecoveryHeader) -> DocumentSource:
    return DocumentSource(header.original_path, header.document_format,
                          DocumentKind(header.kind), header.encoding, header.compressed,
                          header.original.size if header.original else header.length)


def discard_recovery(recovery: Recovery | str | os.PathLike[str]) -> bool:
    """Delete a journal; return whether there was one. Only ever deletes journals."""
    path = recovery.journal_path if isinstance(recovery, Recovery) else os.fspath(recovery)
    if not path.endswith(RECOVERY_SUFFIX):
        raise SitemapError("not a recovery journal", path=path, code="recovery-refused")
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise SitemapError(f"cannot delete: {exc.strerror or exc}", path=path,
                           code="recovery-undeletable") from None
    return True
