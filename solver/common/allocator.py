"""Keeping freed memory in the process, so that each search's tables reuse mapped pages.

A solve makes a fresh table for every stage and probe (1 MB and up, search/solve.py), and
frees it after.  glibc gives freed memory back to the system and maps blocks of 128 KB
and more afresh, so the next table's first touch of each page is a page fault; on this
project's machine (a VM) a fault costs about 10-70 us, and an ordinary deal took 43 of
them, about as long as its whole search.  `keep_freed_memory` raises glibc's trim
threshold and its mmap threshold to the 32 MB maximum: freed tables up to that size stay
in the heap and are reused (calloc clears them, far faster than faulting them in).
Larger tables are still mapped afresh; their searches run long enough not to notice.
A search that leaves many small blocks behind before a long one that maps its own (the
beams before the walk past A*'s memory: about 80 MB) hands them back with
`give_back_freed_memory`, so the process does not hold both.
"""
from __future__ import annotations

import ctypes

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20           # glibc's DEFAULT_MMAP_THRESHOLD_MAX on 64-bit
TRIM_THRESHOLD = 1 << 30


def keep_freed_memory() -> bool:
    """Ask glibc (if this process runs on it) to keep freed memory for reuse; returns
    whether both settings took.  Only speed changes, never a result."""
    try:
        # the symbols the process has loaded: no library search (find_library runs
        # ldconfig, about 6 ms, on every start of a searching command)
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):
        return False            # no C library with mallopt: nothing to tune
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
                and mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))


def give_back_freed_memory() -> bool:
    """Return the heap's free memory to the system (glibc's malloc_trim); whether it did
    (False off glibc).  Only the process's size changes, never a result."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return bool(trim(0))
