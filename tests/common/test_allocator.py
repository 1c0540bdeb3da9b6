"""The allocator setting changes where freed memory goes, never a result."""
import os
import platform

import numpy as np
import pytest

from drez.solver.common.allocator import give_back_freed_memory, keep_freed_memory


def test_keep_freed_memory_takes_on_glibc_and_tables_still_start_empty():
    took = keep_freed_memory()
    if platform.libc_ver()[0] == "glibc":
        assert took
    for _ in range(20):                     # freed and reused blocks come back cleared
        a = np.zeros((1 << 20) // 8, np.int64)
        assert not a.any()
        a[::97] = 7
        del a


def _rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_give_back_freed_memory_shrinks_the_process_after_small_blocks():
    """64 MB of 1 MB blocks, freed, stay in the process while freed memory is kept; after
    give_back_freed_memory the process is at least 32 MB smaller."""
    assert keep_freed_memory()
    blocks = [np.ones((1 << 20) // 8, np.int64) for _ in range(64)]
    del blocks
    held = _rss_bytes()
    assert give_back_freed_memory()
    assert _rss_bytes() < held - (32 << 20)
