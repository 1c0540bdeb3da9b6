"""Compiling the Solodrez kernels: every kernel module, a run of each kernel on a tiny
position (`warm_up`), and `ensure_compiled`, which announces a compile on stderr rather
than hiding it in a silent pause.  Above the kernel modules: they import only `njit` from
`jit`, never this module."""
from __future__ import annotations

import os
import sys
import time

import numpy as np
from numba.core.dispatcher import Dispatcher

from ..common.allocator import keep_freed_memory
from . import jit
from .difficulty import players
from .rules import columns, engine, keys, packing, productive, splitmix
from .search import (
    astar,
    beam,
    children,
    commute,
    deadness,
    dfs,
    expansion,
    frontier,
    frontier_layers,
    ida,
    ida_table,
    late_choice,
    layer_kernel,
    layers,
    move_numbers,
    open_list,
    ordering,
    parents,
    shortcut,
    table,
    table_line,
    tight,
    walk,
)

_done = False
WARM_MARKER = "warmed"   # written in the cache folder once warm_up has run there


def _dispatchers(modules):
    for mod in modules:
        for obj in vars(mod).values():
            if isinstance(obj, Dispatcher):
                yield obj


def kernel_modules():
    """The modules that define numba kernels (packing's are compiled in engine, but numba
    caches them under packing's own file name)."""
    return (columns, engine, keys, packing, productive, splitmix, deadness, commute, astar, beam,
            children, expansion, frontier, frontier_layers, ida, ida_table, late_choice,
            layer_kernel, move_numbers, open_list, ordering, dfs, parents, shortcut, table,
            table_line, tight, walk, players)


def ensure_compiled(stream=None) -> None:
    """Make sure every solver kernel is compiled and cached, once per process.

    Once warm_up has run with the current sources (the cache folder holds WARM_MARKER),
    nothing is done here: each kernel loads from the cache on its first call, so a command
    pays only for what it uses.  Otherwise (a new checkout, changed sources, or a cache
    that a script filled only in part) one line goes to stderr before warm_up and one
    after with the kernels it compiled and the time it took, and the marker is written.
    Either way the process is set to keep the memory of freed tables for the next ones
    (common/allocator.py).
    """
    global _done
    if _done:
        return
    _done = True
    keep_freed_memory()         # a process about to search: reuse its freed tables
    marker = os.path.join(jit.CACHE_DIR, WARM_MARKER)
    if os.path.exists(marker):
        return
    stream = stream or sys.stderr
    print("drez: compiling the numba kernels (first run only, cached afterwards)...",
          file=stream, flush=True)
    start = time.perf_counter()
    warm_up()
    misses = sum(sum(d.stats.cache_misses.values()) for d in _dispatchers(kernel_modules()))
    if misses:
        print(f"drez: compiled {misses} numba kernels in {time.perf_counter() - start:.1f} s",
              file=stream, flush=True)
    try:
        with open(marker, "w", encoding="utf-8"):
            pass
    except OSError:
        pass        # an unwritable cache: the next run warms up (and announces it) again


def warm_up() -> None:
    """Run every kernel once on a tiny position so numba compiles (or loads) them."""
    words = np.full(engine.NCOLS, engine.EMPTY_WORD, np.int64)
    words[0] = 7 ** 6 + 6 + 5 * 7 + 4 * 49 + 3 * 343 + 2 * 2401 + 16807  # J..P upside down
    state = dfs.DfsState(words, 1 << 16, depth=4)
    state.run(100)
    solved = astar.AStar(words, 1 << 16)
    solved.run(1000)
    assert solved.status == dfs.WON and solved.path()   # compiles the path kernels too
    shortcut.shorten_path(words, np.asarray(solved.path(), np.int64))
    key = np.zeros(keys.KEY_WORDS, np.int64)
    keys.canonical_key(words, np.empty(engine.NCOLS, np.int64), key)
    keys.key_to_columns(key, np.empty(engine.NCOLS, np.int64))
    engine.lower_bound(words)
    engine.remove_series(words.copy())
    moves = np.empty(engine.MAX_MOVES, np.int64)
    engine.generate_moves(words, moves, True)           # as Position calls it
    engine.apply_move(words.copy(), moves[0])           # Position.play calls these two
    engine.is_won(words)
    grown = astar.AStar(words, 1 << 16)
    grown.run(10)
    grown.grow(2)           # the table-growth kernels, so the first growth compiles nothing
    # grow_within's test from Python: with a warm cache, astar_run loads without
    # compiling its callees, so this signature would otherwise come only mid-solve
    table.table_full(grown.size, grown.keys.shape[0], engine.MAX_MOVES)
    deepened = ida.IdaStar(words, 1 << 20)
    deepened.run(1000)
    assert deepened.status == dfs.WON and deepened.path()
    cut = astar.AStar(words, 1 << 16)
    assert cut.run(1) == dfs.RUNNING
    from_cut = frontier_layers.FrontierLayers(frontier.Frontier(cut, cut.bound()), 1 << 20)
    while from_cut.status == dfs.RUNNING:
        from_cut.run(1000)
    assert from_cut.status == dfs.WON and from_cut.path()
    layered = layers.LayeredSearch(words, 1 << 20)
    while layered.status in (dfs.RUNNING, dfs.FULL):
        if layered.status == dfs.FULL:
            layered.grow_within(1 << 20)
        layered.run(1000)
    assert layered.status == dfs.WON and layered.path()
    parents.follow_places(np.zeros(1, np.int32), np.zeros(1, np.int32))    # relay.compose's
    walked = walk.LayerWalk(key.reshape(1, -1), 0, len(layered.path()), 1 << 20, True)
    assert walked.run(100_000) == dfs.WON
    assert beam.beam_win(words, len(layered.path()), 16)[0]
    n = len(players.PLAYERS)
    players.play_many(np.repeat(words[None, :], n, axis=0), np.arange(n, dtype=np.int64),
                      np.arange(n, dtype=np.uint64), np.zeros(n, np.bool_), np.zeros(n, np.int64),
                      *players.work_arrays())
