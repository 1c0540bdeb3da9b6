"""numba for the Solodrez kernels: a cache that follows every kernel source, and a
visible compile.

numba keys its cache on each function's own file only, so a kernel whose callee changed in
another file would load old machine code.  Every kernel module imports `njit` from here,
and importing this module points numba's cache at a folder named by a hash of every
source file of this package (`source_tag`): any change to any of them gives a new folder,
so a cached kernel always matches the sources it was compiled from.  The hashed files are
the kernel modules (those importing `njit` from here) and every module of the package they
import, transitively: a kernel can only call kernels and read globals of those.  Folders of older
sources are removed when a new one is first made.  The folder lives under
`$DREZ_CACHE_DIR` if set, else this package's `__pycache__` (or `~/.cache/drez` when that
cannot be written).
"""
from __future__ import annotations

import glob
import hashlib
import os
import re
import shutil
import sys
import time

import numba
from numba import njit  # noqa: F401  (the kernel modules' decorator, cache set up below)
from numba.core.dispatcher import Dispatcher

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
CACHE_PREFIX = "numba-"


_LOCAL_IMPORT = re.compile(r"^\s*from \.(\w*) import ([\w, ()]+)", re.M)


def kernel_sources(package_dir: str = PACKAGE_DIR) -> list[str]:
    """The kernel modules of the package (they import njit from this module) and every
    module of the package they import, transitively; sorted paths."""
    texts = {}
    for path in glob.glob(os.path.join(package_dir, "*.py")):
        with open(path, encoding="utf-8") as f:
            texts[os.path.splitext(os.path.basename(path))[0]] = f.read()
    todo = [name for name, text in texts.items() if re.search(r"^from \.jit import", text, re.M)]
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in texts:
            continue
        seen.add(name)
        for module, names in _LOCAL_IMPORT.findall(texts[name]):
            todo.extend([module] if module else re.findall(r"\w+", names))
    seen.add("jit")
    return sorted(os.path.join(package_dir, name + ".py") for name in seen if name in texts)


def source_tag(paths) -> str:
    """A hash of the names and contents of `paths`: equal exactly when no file changed."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            digest.update(f.read() + b"\0")
    return digest.hexdigest()[:16]


def _writable_base() -> str:
    base = os.environ.get("DREZ_CACHE_DIR")
    if base:
        return base
    base = os.path.join(PACKAGE_DIR, "__pycache__")
    try:
        os.makedirs(base, exist_ok=True)
        if os.access(base, os.W_OK):
            return base
    except OSError:
        pass
    return os.path.join(os.path.expanduser("~"), ".cache", "drez")


def _configure_cache() -> str:
    base = _writable_base()
    folder = os.path.join(base, CACHE_PREFIX + source_tag(kernel_sources()))
    if not os.path.isdir(folder):
        for old in glob.glob(os.path.join(base, CACHE_PREFIX + "*")):
            shutil.rmtree(old, ignore_errors=True)
    os.environ["NUMBA_CACHE_DIR"] = folder   # numba re-reads its config from the environment
    numba.config.CACHE_DIR = folder
    return folder


CACHE_DIR = _configure_cache()
_done = False


def _dispatchers(modules):
    for mod in modules:
        for obj in vars(mod).values():
            if isinstance(obj, Dispatcher):
                yield obj


def _has_cache(module) -> bool:
    base = os.path.splitext(os.path.basename(module.__file__))[0]
    return bool(glob.glob(os.path.join(CACHE_DIR, "**", f"{base}.*.nbi"), recursive=True))


def kernel_modules():
    """The modules that define numba kernels."""
    from . import deadness, engine, optimal, ordering, search, table, tight
    return (engine, deadness, optimal, ordering, search, table, tight)


def ensure_compiled(stream=None) -> None:
    """Make sure every solver kernel is compiled and cached, once per process.

    With a cache for every kernel module (same sources), nothing is done here: each kernel
    loads from the cache on its first call, so a command pays only for what it uses.
    Otherwise one line goes to stderr before compiling and one after, with the time it
    took, and every kernel is compiled (and cached) now.
    """
    global _done
    if _done:
        return
    _done = True
    modules = kernel_modules()
    if all(_has_cache(m) for m in modules):
        return
    from . import search
    stream = stream or sys.stderr
    print("drez: compiling the numba kernels (first run only, cached afterwards)...",
          file=stream, flush=True)
    start = time.perf_counter()
    search.warm_up()
    misses = sum(sum(d.stats.cache_misses.values()) for d in _dispatchers(modules))
    if misses:
        print(f"drez: compiled {misses} numba kernels in {time.perf_counter() - start:.1f} s",
              file=stream, flush=True)
