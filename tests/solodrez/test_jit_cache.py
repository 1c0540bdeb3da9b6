"""numba's cache follows every kernel source (solver.solodrez.jit): a kernel whose callee changed
in another file must not load old machine code."""
import os
import shutil
import subprocess
import sys
import textwrap

import numba

from drez.solver.solodrez import jit, kernels
from tests.cli.helpers import ROOT


def test_kernel_sources_follow_imports_and_the_tag_any_change(tmp_path):
    """The hashed files: modules importing njit from jit, what they import from the
    package (transitively), and jit itself; not the modules no kernel depends on."""
    (tmp_path / "jit.py").write_text("")
    (tmp_path / "a.py").write_text("from .jit import njit\nfrom .b import X\n")
    (tmp_path / "b.py").write_text("from . import c\nX = 1\n")
    (tmp_path / "c.py").write_text("Y = 2\n")
    (tmp_path / "ui.py").write_text("from .a import f\n")
    paths = jit.kernel_sources(str(tmp_path))
    assert [os.path.basename(p) for p in paths] == ["a.py", "b.py", "c.py", "jit.py"]
    before = jit.source_tag(paths)
    assert jit.source_tag(paths) == before
    (tmp_path / "c.py").write_text("Y = 3\n")
    assert jit.source_tag(paths) != before


def test_kernel_sources_follow_relative_imports_across_subpackages(tmp_path):
    """Kernel modules in subpackages (`from ..jit import njit`) are found, and so is what
    they import through `..`, `from . import x` and parenthesised lists over lines."""
    (tmp_path / "jit.py").write_text("")
    for folder in ("rules", "search"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "rules" / "engine.py").write_text("from ..jit import njit\nfrom .cards import A\n")
    (tmp_path / "rules" / "cards.py").write_text("A = 1\n")
    (tmp_path / "search" / "dfs.py").write_text(
        "from ..jit import njit\nfrom ..rules.engine import (f,  # a comment\n    g)\n"
        "from . import table\n")
    (tmp_path / "search" / "table.py").write_text("X = 1\n")
    (tmp_path / "search" / "unused.py").write_text("Y = 1\n")
    (tmp_path / "ui.py").write_text("from .search.dfs import f\n")
    paths = jit.kernel_sources(str(tmp_path))
    assert sorted(os.path.relpath(p, tmp_path) for p in paths) == [
        "jit.py", "rules/cards.py", "rules/engine.py", "search/__init__.py", "search/dfs.py",
        "search/table.py"]


def test_every_kernel_caches_in_the_tagged_folder():
    """numba's cache folder is the one named by the current sources, every kernel's cache
    locator points into it, and every kernel module's file is among the hashed sources."""
    tag = jit.source_tag(jit.kernel_sources())
    assert os.path.basename(jit.CACHE_DIR) == jit.CACHE_PREFIX + tag
    assert numba.config.CACHE_DIR == jit.CACHE_DIR
    sources = set(jit.kernel_sources())
    dispatchers = list(kernels._dispatchers(kernels.kernel_modules()))
    assert len(dispatchers) > 20
    for d in dispatchers:
        assert d._cache._cache_path.startswith(jit.CACHE_DIR), d
        assert os.path.abspath(d.py_func.__code__.co_filename) in sources, d
    # every hashed file that defines a kernel (or a function a kernel is compiled from,
    # as engine compiles packing's) is compiled by ensure_compiled
    defining = {p for p in sources if "@njit" in open(p, encoding="utf-8").read()}
    defining |= {os.path.abspath(d.py_func.__code__.co_filename) for d in dispatchers}
    assert defining == {os.path.abspath(m.__file__) for m in kernels.kernel_modules()}


def test_only_the_allocating_kernels_keep_reference_counts():
    """Kernels compile without numba's runtime (jit.njit), so that no array argument or
    row view costs atomic reference-count updates in the searches' loops; only the
    set-up kernels that allocate arrays ask for it."""
    with_runtime = {d.py_func.__name__ for d in kernels._dispatchers(kernels.kernel_modules())
                    if d.targetoptions.get("_nrt", True)}
    assert with_runtime == {"astar_start", "dfs_start", "trace_path", "follow_keys",
                            "_path_positions", "_fewest_moves", "shorten_path", "_line"}


def test_changed_callee_in_another_file_is_recompiled(tmp_path):
    """A cached kernel b.g calling a.f in another file: after a.f changes, g returns the
    new value (plain numba caching would load the old g with the old f inlined)."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    shutil.copy(jit.__file__, pkg / "jit.py")
    (pkg / "__init__.py").write_text("")
    (pkg / "b.py").write_text(textwrap.dedent("""
        from .jit import njit
        from .a import f

        @njit(cache=True)
        def g():
            return f() * 10
    """))
    env = dict(os.environ, DREZ_CACHE_DIR=str(tmp_path / "cache"))

    def run(value):
        (pkg / "a.py").write_text(textwrap.dedent(f"""
            from .jit import njit

            @njit(cache=True)
            def f():
                return {value}
        """))
        out = subprocess.run([sys.executable, "-c", "import pkg.b; print(pkg.b.g())"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
        return int(out.stdout)

    assert run(1) == 10
    assert run(1) == 10
    assert run(2) == 20
    folders = os.listdir(tmp_path / "cache")
    assert len(folders) == 1 and folders[0].startswith(jit.CACHE_PREFIX)


def test_nothing_compiles_after_warm_up():
    """Every kernel a command calls, from Python or from another kernel, has its
    signature after warm_up: solving (tables growing in place), proving a shortest
    solution and playing moves compile nothing more, so no compile is silent."""
    from drez.solver.solodrez.rules.position import Position
    from drez.solver.solodrez.search.solve import Limits, solve
    kernels.warm_up()

    def signatures():
        return {d.py_func.__qualname__: len(d.signatures)
                for d in kernels._dispatchers(kernels.kernel_modules())}

    before = signatures()
    pos = Position.from_deal(104)
    assert solve(pos, Limits(max_nodes=600_000)).nodes > 100_000     # grows the table
    assert solve(Position.from_deal(42), want_optimal=True).optimal
    pos.play(pos.legal_moves()[0]).settled().key()
    assert signatures() == before


def test_a_cache_filled_in_part_is_announced_and_completed(tmp_path):
    """A cache that a script filled only in part (here: the current one without
    lower_bound's files and without the warm marker) makes the next ensure_compiled say
    that it compiles, compile what is missing, and leave the marker; the run after that
    is silent."""
    folder = tmp_path / os.path.basename(jit.CACHE_DIR)
    shutil.copytree(jit.CACHE_DIR, folder)
    removed = 0
    for path in folder.rglob("engine.lower_bound-*"):
        path.unlink()
        removed += 1
    marker = folder / kernels.WARM_MARKER
    if marker.exists():
        marker.unlink()
    assert removed > 0
    env = dict(os.environ, DREZ_CACHE_DIR=str(tmp_path))
    code = "from drez.solver.solodrez.kernels import ensure_compiled; ensure_compiled()"

    def run():
        return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True).stderr

    first = run()
    assert "drez: compiling the numba kernels" in first
    assert "drez: compiled " in first, first
    assert marker.exists()
    assert list(folder.rglob("engine.lower_bound-*"))
    assert run() == ""
