"""Make numba's compile cost visible: the first run that compiles says so on stderr."""
from __future__ import annotations

import glob
import os
import sys
import time

from numba.core.dispatcher import Dispatcher

_done = False


def _dispatchers(modules):
    for mod in modules:
        for obj in vars(mod).values():
            if isinstance(obj, Dispatcher):
                yield obj


def _has_cache(module) -> bool:
    base = os.path.splitext(os.path.basename(module.__file__))[0]
    cache_dirs = [os.path.join(os.path.dirname(module.__file__), "__pycache__")]
    if os.environ.get("NUMBA_CACHE_DIR"):
        cache_dirs.append(os.environ["NUMBA_CACHE_DIR"])
    return any(glob.glob(os.path.join(d, "**", f"{base}.*.nbi"), recursive=True) for d in cache_dirs)


def ensure_compiled(stream=None) -> None:
    """Compile (or load from cache) every solver kernel once per process.

    Prints one line to stderr before compiling when no cache exists, and one after when
    anything was actually compiled, with the time it took.
    """
    global _done
    if _done:
        return
    _done = True
    from . import deadness, engine, optimal, ordering, search, table  # the modules holding kernels
    modules = (engine, deadness, optimal, ordering, search, table)
    stream = stream or sys.stderr
    cold = not all(_has_cache(m) for m in modules)
    if cold:
        print("drez: compiling the numba kernels (first run only, cached afterwards)...",
              file=stream, flush=True)
    start = time.perf_counter()
    search.warm_up()
    misses = sum(sum(d.stats.cache_misses.values()) for d in _dispatchers(modules))
    if misses:
        print(f"drez: compiled {misses} numba kernels in {time.perf_counter() - start:.1f} s",
              file=stream, flush=True)
