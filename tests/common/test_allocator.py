"""The allocator setting changes where freed memory goes, never a result."""
import platform

import numpy as np

from drez.solver.common.allocator import keep_freed_memory


def test_keep_freed_memory_takes_on_glibc_and_tables_still_start_empty():
    took = keep_freed_memory()
    if platform.libc_ver()[0] == "glibc":
        assert took
    for _ in range(20):                     # freed and reused blocks come back cleared
        a = np.zeros((1 << 20) // 8, np.int64)
        assert not a.any()
        a[::97] = 7
        del a
