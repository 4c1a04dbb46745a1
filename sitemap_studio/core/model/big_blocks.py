"""Big temporary buffers go back to the system when freed, not into holes of the heap.

glibc gives an allocation of at least its *mmap threshold* pages of its own
and returns them to the system when it is freed. The threshold starts at
128 KiB but rises (up to 32 MiB) each time such a block is freed, so once the
first file has been read, each later file's multi-megabyte temporaries (a
file's bytes before decoding, slices, parse buffers) come from the heap, and
the holes they leave between long-lived arrays stay resident: about 25 bytes
per URL of the 1,000,000-URL project, and more at the peak (``bench/``).
:func:`keep_big_blocks_apart` fixes the threshold at 128 KiB, which also stops
its rising: a file's columns of 50,000 rows (200 KB each) and a sort's slices
get pages of their own too, so the heap's free holes stay small (about 2 bytes
per URL, against 9 with a 1 MiB threshold, and about 4 fewer at the peak). It also
keeps every thread on :data:`ARENAS` heaps: glibc gives each new thread a heap of
its own (up to eight per core), and what a loading or validating thread frees in
its heap is no use to the others, which made the 1,000,000-URL project's peak
vary by about 8 bytes per URL from run to run; Python's lock makes the threads
take turns anyway. Elsewhere (another C library, another system) it does nothing.
"""

from __future__ import annotations

import ctypes
import sys

#: glibc's ``mallopt`` parameter for the mmap threshold.
_M_MMAP_THRESHOLD = -3
#: glibc's ``mallopt`` parameter for the number of heaps threads allocate from.
_M_ARENA_MAX = -8
#: Heaps for every thread: free space one thread leaves is then another's to reuse.
ARENAS = 2
#: Blocks of this size or more get pages of their own.
BIG_BLOCK = 1 << 17


def keep_big_blocks_apart(threshold: int = BIG_BLOCK) -> bool:
    """Serve blocks of ``threshold`` bytes or more from their own pages, from :data:`ARENAS`
    heaps for every thread; whether it took."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    mallopt(_M_ARENA_MAX, ARENAS)
    return bool(mallopt(_M_MMAP_THRESHOLD, threshold))


__all__ = ["BIG_BLOCK", "keep_big_blocks_apart"]
