"""numba for the Solodrez kernels: a cache that follows every kernel source (compiling
them, with a notice on stderr, is `kernels.ensure_compiled`).

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

import numba

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
CACHE_PREFIX = "numba-"


_LOCAL_IMPORT = re.compile(r"^\s*from (\.+)([\w.]*) import (\([^)]*\)|[^\n]*)", re.M)
_KERNEL_MODULE = re.compile(r"^from \.+jit import", re.M)


def _package_modules(package_dir: str) -> dict[tuple[str, ...], str]:
    """Every module under package_dir by its dotted path in parts (a package's
    `__init__.py` by the package's own parts), mapped to its text."""
    texts = {}
    for path in glob.glob(os.path.join(package_dir, "**", "*.py"), recursive=True):
        parts = tuple(os.path.relpath(path, package_dir)[:-3].split(os.sep))
        if parts[-1] == "__init__":
            parts = parts[:-1] + ("__init__",)
        with open(path, encoding="utf-8") as f:
            texts[parts] = f.read()
    return texts


def _imported(parts: tuple[str, ...], text: str, texts) -> list[tuple[str, ...]]:
    """The package modules that the relative imports of module `parts` name: the module
    `from ..a.b import x` reads (and `x` itself when it is a module, as in `from . import x`)."""
    out = []
    for dots, module, names in _LOCAL_IMPORT.findall(text):
        base = parts[:len(parts) - len(dots)]
        target = base + tuple(filter(None, module.split(".")))
        candidates = [target, target + ("__init__",)]
        for name in re.findall(r"\w+", re.sub(r"#[^\n]*", "", names)):
            candidates += [target + (name,), target + (name, "__init__")]
        out.extend(c for c in candidates if c in texts)
    return out


def kernel_sources(package_dir: str = PACKAGE_DIR) -> list[str]:
    """The kernel modules under package_dir (at any depth; they import njit from this
    module, `from .jit` or `from ..jit`) and every module of the package they import,
    transitively, through relative imports; sorted paths."""
    texts = _package_modules(package_dir)
    todo = [parts for parts, text in texts.items() if _KERNEL_MODULE.search(text)]
    seen = {("jit",)} & texts.keys()
    while todo:
        parts = todo.pop()
        if parts in seen:
            continue
        seen.add(parts)
        todo.extend(_imported(parts, texts[parts], texts))
    return sorted(os.path.join(package_dir, *parts) + ".py" for parts in seen)


def source_tag(paths) -> str:
    """A hash of the names and contents of `paths`: equal exactly when no file changed."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(os.path.relpath(path, PACKAGE_DIR).encode() + b"\0")
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


def njit(*args, nrt=False, **kwargs):
    """numba.njit for the kernel modules, with numpy's error model: integer division by
    zero gives 0 instead of raising, so no division carries a zero test.  The kernels
    divide only by powers of 7 and other positive constants.

    Without numba's runtime (NRT) unless nrt=True: such a kernel cannot allocate an
    array, and in exchange keeps no reference counts.  With them, every array a kernel
    takes, and every row view it makes (keys[slot]), costs a pair of atomic updates
    that numba seldom removes.  So the searches' kernels take their work arrays from
    the Python class that wraps them (astar.AStar.work) rather than allocate them.
    """
    kwargs.setdefault("error_model", "numpy")
    return numba.njit(*args, _nrt=nrt, **kwargs)
