"""A freed big buffer leaves resident memory, even after others raised glibc's threshold."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

PROBE = """
import os
from sitemap_studio.core.model.big_blocks import keep_big_blocks_apart

def resident():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

took = keep_big_blocks_apart() if {call} else None
size = 16 << 20
block = b"x" * size
del block  # glibc now serves blocks up to 16 MiB from the heap, unless told otherwise
block = b"y" * size
after_it = [bytes([n % 256]) * 100 for n in range(1000)]  # the block is not the heap's top
held = resident()
del block
print(took, (held - resident()) >> 20)
"""


def freed_mib(call: bool) -> tuple[str, int]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(call=call)], capture_output=True,
                         text=True, check=True, timeout=120)
    took, freed = out.stdout.split()
    return took, int(freed)


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="glibc's allocator only")
def test_a_freed_big_buffer_goes_back_to_the_system() -> None:
    took, freed = freed_mib(True)
    assert took == "True"
    assert freed >= 12
    assert freed_mib(False)[1] < 4  # what the app saw before: the buffer's pages stayed
