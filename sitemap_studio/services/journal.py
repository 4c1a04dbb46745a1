"""Journal unsaved edits beside the user's file, a moment after the last change.

After every change of a watched document a single-shot timer restarts; when
it fires (``debounce_ms`` after the last change, 0.4 s by default; edits that
never pause are journaled every ``MAX_DELAY_FACTOR`` debounces) the
document's pieces are gathered on the GUI thread (:func:`take_snapshot`: about
12 ms for 50,000 rows, paid once per pause in editing; untouched runs are views
of the original bytes, so nothing the size of the file is copied) and a worker
writes the journal atomically. One write per document runs at a
time; changes during a write schedule the next one.

The journal lives beside the file (``.<name>.sitemap-studio-recovery``); for
an unsaved document, or when that folder cannot be written, in the per-user
folder. A journal is never written over the user's file, and nothing here
writes the user's file.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal
from PySide6.QtGui import QUndoStack

from sitemap_studio.core.model import SitemapDocument, SitemapError, on_document_change
from sitemap_studio.core.reading import fingerprint_of
from sitemap_studio.core.writing import (
    RECOVERED_FROM_INFO,
    discard_recovery,
    fallback_recovery_path,
    recovery_path,
    take_snapshot,
    write_recovery,
)
from sitemap_studio.services.jobs import Job, JobRunner

#: Milliseconds between the last change and the journal write.
DEBOUNCE_MS = 400
#: Edits that never pause for ``debounce_ms`` are still journaled this many debounces apart.
MAX_DELAY_FACTOR = 8


def default_user_folder() -> str:
    """The per-user folder for journals of unsaved documents (created on first use)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return os.path.join(base, "recovery")


@dataclass(eq=False, slots=True)
class _Watch:
    """The journal state of one document."""

    document: SitemapDocument
    path: str | None  # None: follow document.source.path
    timer: QTimer
    stop: Callable[[], None]
    #: Whether the document's original bytes are still those of its file (no save since).
    raw_is_file: bool
    untitled: str | None = None  # the journal of an unsaved document, once named
    fell_back: str | None = None  # the file whose folder refused its journal
    written: set[str] = field(default_factory=set)  # journals on disk, not yet discarded
    job: Job | None = None
    again: bool = False  # changed while a write was running
    discard_after: bool = False  # discarded while a write was running
    first_change: float = 0.0  # monotonic time of the oldest change not yet journaled


class Journal(QObject):
    """Keeps a recovery journal of every watched document with unsaved changes."""

    #: (document, journal path): a journal was written.
    written = Signal(object, str)
    #: (document, SitemapError): a journal could not be written anywhere.
    failed = Signal(object, object)

    def __init__(self, runner: JobRunner, *, user_folder: str | None = None,
                 debounce_ms: int = DEBOUNCE_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self.user_folder = os.path.abspath(user_folder or default_user_folder())
        self.debounce_ms = debounce_ms
        self._watches: dict[int, _Watch] = {}

    # ------------------------------------------------------------------ public

    def watch(self, document: SitemapDocument, path: str | None = None,
              undo_stack: QUndoStack | None = None) -> None:
        """Journal ``document`` after each change.

        Args:
            document: The document to follow.
            path: The user's file the edits belong to; by default
                ``document.source.path`` at each write (so a Save As moves the
                journal along). No path at all: an unsaved document, journaled
                in the per-user folder.
            undo_stack: If given, returning to the clean state discards the journal.

        Watching a watched document again only updates ``path``. A document
        read from a journal (:func:`load_recovery`) goes on writing that journal
        until it is discarded.
        """
        watch = self._watches.get(id(document))
        if watch is not None:
            watch.path = path
            return
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(self.debounce_ms)
        recovered = document.info.get(RECOVERED_FROM_INFO)
        watch = _Watch(document, path, timer, lambda: None,
                       raw_is_file=not isinstance(recovered, str))
        if isinstance(recovered, str):
            watch.written.add(recovered)
        timer.timeout.connect(lambda: self._due(watch))
        watch.stop = on_document_change(document, lambda: self._changed(watch))
        if undo_stack is not None:
            undo_stack.cleanChanged.connect(lambda clean: self._clean_changed(watch, clean))
        self._watches[id(document)] = watch

    def pending(self, document: SitemapDocument) -> bool:
        """Whether a journal write is scheduled or running for ``document``."""
        watch = self._watches.get(id(document))
        return watch is not None and (watch.timer.isActive() or watch.job is not None)

    def journal_path(self, document: SitemapDocument) -> str | None:
        """Where the next journal of ``document`` goes (``None`` if not watched)."""
        watch = self._watches.get(id(document))
        return None if watch is None else self._target(watch)

    def discard(self, document: SitemapDocument) -> None:
        """Delete the journal because the user gave up the edits; keep watching.

        The next change starts a new journal. After a save, use
        :meth:`file_saved` instead (it keeps edits made while saving).
        """
        watch = self._watches.get(id(document))
        if watch is None:
            return
        self._drop(watch)

    def file_saved(self, document: SitemapDocument, path: str, written: object = None,
                   clean: bool = True) -> None:
        """Take note of a save (connect ``SaveService.saved`` here).

        The file no longer holds the bytes the document was read from. When
        the document is clean (nothing edited while saving) its journal is
        deleted; otherwise the journal of the newer edits stays and is kept
        current as usual.
        """
        watch = self._watches.get(id(document))
        own = document.source.path
        if watch is None or own is None or os.path.abspath(path) != os.path.abspath(own):
            return  # a converted copy elsewhere: the document's own file is as it was
        watch.raw_is_file = False
        if clean:
            self._drop(watch)
        elif watch.written or watch.timer.isActive() or watch.job is not None:
            self._changed(watch)  # write again: the journal must know the file as saved

    def forget(self, document: SitemapDocument) -> None:
        """Stop journaling ``document``; a journal on disk stays there."""
        watch = self._watches.pop(id(document), None)
        if watch is None:
            return
        watch.timer.stop()
        watch.stop()
        watch.again = False
        watch.timer.deleteLater()

    # --------------------------------------------------------------- internals

    def _changed(self, watch: _Watch) -> None:
        """Restart the timer; but a stream of edits without a pause still gets journaled."""
        now = time.monotonic()
        if not watch.timer.isActive():
            watch.first_change = now
            watch.timer.start(self.debounce_ms)
            return
        left = MAX_DELAY_FACTOR * self.debounce_ms - int((now - watch.first_change) * 1000)
        watch.timer.start(max(0, min(self.debounce_ms, left)))

    def _clean_changed(self, watch: _Watch, clean: bool) -> None:
        if clean and self._watches.get(id(watch.document)) is watch:
            self._drop(watch)

    def _drop(self, watch: _Watch) -> None:
        watch.timer.stop()
        watch.again = False
        if watch.job is not None:
            watch.job.cancel()
            watch.discard_after = True
        self._delete(watch)

    def _original(self, watch: _Watch) -> str | None:
        return watch.path if watch.path is not None else watch.document.source.path

    def _target(self, watch: _Watch) -> str:
        recovered = watch.document.info.get(RECOVERED_FROM_INFO)
        if isinstance(recovered, str):
            return recovered
        original = self._original(watch)
        if original is None:
            if watch.untitled is None:
                watch.untitled = fallback_recovery_path(None, self.user_folder)
            return watch.untitled
        if watch.fell_back == original:
            return fallback_recovery_path(original, self.user_folder)
        return recovery_path(original)

    def _due(self, watch: _Watch) -> Job | None:
        if self._watches.get(id(watch.document)) is not watch:
            return None
        if watch.job is not None:
            watch.again = True
            return None
        document = watch.document
        if watch.raw_is_file and document.is_pristine:
            # Back to exactly the bytes of the file: nothing to recover.
            self._delete(watch)
            return None
        target = self._target(watch)
        if os.path.dirname(target) == self.user_folder:
            with contextlib.suppress(OSError):
                os.makedirs(self.user_folder, exist_ok=True)
        snapshot = take_snapshot(document)
        job = Job(write_recovery, snapshot, self._original(watch), fingerprint_of(document),
                  journal_path=target)
        job.cancel_wins = False  # a journal written must be known, to be deleted later
        watch.job = job
        job.signals.succeeded.connect(lambda path: self._written(watch, str(path)))
        job.signals.failed.connect(lambda error: self._failed(watch, error))
        job.signals.finished.connect(lambda: self._job_done(watch))
        return self.runner.start_soon(job)

    def _written(self, watch: _Watch, path: str) -> None:
        # Older journals of this document (before a Save As, say) are out of date now.
        for old in watch.written - {path}:
            with contextlib.suppress(SitemapError):
                discard_recovery(old)
        watch.written = {path}
        if not watch.discard_after:
            self.written.emit(watch.document, path)

    def _failed(self, watch: _Watch, error: SitemapError) -> None:
        original = self._original(watch)
        if original is not None and watch.fell_back != original \
                and RECOVERED_FROM_INFO not in watch.document.info \
                and error.code == "write-failed":
            # The file's folder cannot be written: keep its journal in the per-user folder.
            watch.fell_back = original
            watch.again = True
            return
        self.failed.emit(watch.document, error)

    def _job_done(self, watch: _Watch) -> None:
        watch.job = None
        if watch.discard_after:
            watch.discard_after = False
            self._delete(watch)
        if watch.again and self._watches.get(id(watch.document)) is watch:
            watch.again = False
            self._due(watch)

    def _delete(self, watch: _Watch) -> None:
        for path in list(watch.written):
            with contextlib.suppress(SitemapError):
                discard_recovery(path)
        watch.written.clear()
        # A recovered document's journal is gone: its next journal goes beside its file.
        watch.document.info.pop(RECOVERED_FROM_INFO, None)
