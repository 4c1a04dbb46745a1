"""Watching for escapes while untrusted input is read: FIFO canaries, files, sockets.

A FIFO canary is a named pipe where a file would be. Opening it for reading blocks
until a writer comes, so :class:`FifoWatcher` keeps trying to open each one for
writing without blocking: ``ENXIO`` means nobody is reading; success means somebody
opened it, which is recorded, and the reader is handed :data:`SECRET`.
"""

from __future__ import annotations

import builtins
import errno
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

PASSWD = "/etc/passwd"
#: What a canary hands its reader: looks like /etc/passwd, and is easy to search for.
SECRET = "root:x:0:0:canary-secret:/root:/bin/sh\n"
DEFAULT_CANARIES = ("xxe_canary.txt", "dtd_canary.dtd", "xsl_canary.xsl")
_REAL_OS_OPEN = os.open


class FifoWatcher:
    """Notices anybody opening one of the FIFOs for reading (and feeds them the secret)."""

    def __init__(self, fifos: list[Path]) -> None:
        self.fifos = fifos
        self.readers: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> FifoWatcher:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.poll()

    def _run(self) -> None:
        while not self._stop.wait(0.002):
            self.poll()

    @property
    def opened(self) -> list[str]:
        """Each FIFO that somebody opened for reading (and each error), once, in order.

        One reader that holds a FIFO open is seen by every poll until it closes it:
        on a busy machine that is several polls, so ``readers`` may list it more than
        once; this says which were read, not how often they were polled meanwhile.
        """
        return list(dict.fromkeys(self.readers))

    def poll(self) -> None:
        """Try each FIFO once."""
        for fifo in self.fifos:
            try:
                fd = _REAL_OS_OPEN(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                if exc.errno != errno.ENXIO:  # ENXIO: nobody has it open for reading
                    self.readers.append(f"{fifo.name}: {exc}")
                continue
            self.readers.append(fifo.name)
            try:
                os.write(fd, SECRET.encode())
            except OSError:
                pass
            finally:
                os.close(fd)


def make_fifos(folder: Path, names: tuple[str, ...] = DEFAULT_CANARIES) -> list[Path]:
    """Create FIFO canaries called ``names`` in ``folder``."""
    fifos = []
    for name in names:
        os.mkfifo(folder / name)
        fifos.append(folder / name)
    return fifos


@dataclass
class Seen:
    """What :func:`guarded` caught."""

    network: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def _forbidden(target: object, canaries: tuple[str, ...]) -> bool:
    if isinstance(target, int):
        return False
    try:
        text = os.fsdecode(target)  # type: ignore[arg-type]
    except TypeError:
        return False
    return PASSWD in text or os.path.basename(text) in canaries


@contextmanager
def guarded(monkeypatch: pytest.MonkeyPatch,
            canaries: tuple[str, ...] = DEFAULT_CANARIES) -> Iterator[Seen]:
    """Record (and refuse) network use, and record opens of /etc/passwd or a canary."""
    seen = Seen()
    real_open = builtins.open

    def refuse_network(what: str) -> Any:
        def call(*args: object, **kwargs: object) -> Any:
            seen.network.append(f"{what}{args!r}")
            raise OSError(errno.ENETUNREACH, f"network use in a conformance test: {what}")
        return call

    def watched_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if _forbidden(file, canaries):
            seen.files.append(f"open({file!r})")
        return real_open(file, *args, **kwargs)

    def watched_os_open(path: Any, *args: Any, **kwargs: Any) -> int:
        if _forbidden(path, canaries):
            seen.files.append(f"os.open({path!r})")
        return _REAL_OS_OPEN(path, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(socket.socket, "connect", refuse_network("connect"))
        patch.setattr(socket.socket, "connect_ex", refuse_network("connect_ex"))
        patch.setattr(socket, "create_connection", refuse_network("create_connection"))
        patch.setattr(builtins, "open", watched_open)
        patch.setattr(os, "open", watched_os_open)
        yield seen
