"""The verdict search: depth-first search with an exact transposition table (numba).

The search state lives entirely in arrays (a `DfsState`), so the kernel works in slices of
a node budget and returns; Python owns time limits and progress bars and calls it again.

Guarantee: `dfs_run` answers WON only with a path of legal moves ending in a won position,
and LOST only after every position reachable from the root was stored in the table and
expanded, except positions `deadness.is_dead` proves lost (no winning line passes through
them).  `generate_moves(prune=True)` drops only moves whose result has the same canonical
key as another move's result or as the position itself, so no position is missed.

Storage: the table's keys alone (24 bytes a slot, search/table.py): a stored position
needs no payload here, since being in the table is all the search asks.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won
from ..rules.keys import KEY_WORDS, canonical_key
from .deadness import dead_memo, is_dead
from .ordering import sort_scored
from .stats_slots import DEPTH, DFS_STATS, STORED
from .status import DEEP, FULL, LOST, RUNNING, WON
from .table import (
    ENTRY_BYTES,
    grow_table,
    new_table,
    next_slots,
    slots_for,
    table_find,
    table_full,
    table_insert_at,
)


@njit(cache=True, inline="always")
def _undo(cols, saved, d, m):
    """Take back move m played at depth d (saved[d] holds the two columns it changed)."""
    cols[m & 15] = saved[d, 0]
    cols[(m >> 4) & 15] = saved[d, 1]


@njit(cache=True, nrt=True)
def dfs_start(cols, stack, table, stats, prune_dead, memo):
    """Set up the search at the root position cols; returns WON if cols is already won.
    stack = (moves, nmoves, idx, saved), the per-depth arrays; table = (keys, size)."""
    moves, nmoves, idx = stack[0], stack[1], stack[2]
    keys, size = table
    stats[:] = 0
    if is_won(cols):
        return WON
    key = np.empty(KEY_WORDS, np.int64)
    canonical_key(cols, np.empty(NCOLS, np.int64), key)
    found = table_find(keys, key)
    table_insert_at(keys, size, found, key)
    stats[DEPTH] = 0
    stats[STORED] = 1
    if prune_dead and is_dead(cols, memo):
        return LOST
    scores = np.empty(MAX_MOVES, np.int64)
    nmoves[0] = generate_moves(cols, moves[0], True, scores)
    sort_scored(moves[0], nmoves[0], scores)
    idx[0] = 0
    return RUNNING


@njit(cache=True)
def dfs_run(cols, stack, table, stats, budget, prune_dead, memo, work):
    """Continue the depth-first search for at most `budget` new positions.

    Returns RUNNING (budget spent, call again), WON (the path is moves[d, idx[d]-1] for
    d < stats[DEPTH]), LOST (the reachable space is exhausted), FULL (the table is full)
    or DEEP (the per-depth arrays are too short; grow them and call again).  The tuples
    as in dfs_start; `work` (a key, canonical_key's scratch, a move list) is overwritten.
    """
    moves, nmoves, idx, saved = stack
    keys, size = table
    key, scratch, scores = work
    d = stats[DEPTH]
    end = stats[STORED] + budget
    maxd = moves.shape[0]
    while True:
        if idx[d] >= nmoves[d]:
            if d == 0:
                return LOST
            d -= 1
            _undo(cols, saved, d, moves[d, idx[d] - 1])
            continue
        m = moves[d, idx[d]]
        idx[d] += 1
        saved[d, 0] = cols[m & 15]
        saved[d, 1] = cols[(m >> 4) & 15]
        apply_move(cols, m)
        if is_won(cols):
            stats[DEPTH] = d + 1
            return WON
        canonical_key(cols, scratch, key)
        found = table_find(keys, key)
        if found >= 0:
            _undo(cols, saved, d, m)
            continue
        stopped = RUNNING
        if d + 1 >= maxd:
            stopped = DEEP
        elif table_insert_at(keys, size, found, key) < 0:
            stopped = FULL
        if stopped != RUNNING:      # the move is taken back, to be played again
            _undo(cols, saved, d, m)
            idx[d] -= 1
            stats[DEPTH] = d
            return stopped
        stats[STORED] += 1
        if prune_dead and is_dead(cols, memo):
            _undo(cols, saved, d, m)
            continue
        d += 1
        nmoves[d] = generate_moves(cols, moves[d], True, scores)
        sort_scored(moves[d], nmoves[d], scores)
        idx[d] = 0
        if stats[STORED] >= end:
            stats[DEPTH] = d
            return RUNNING


class DfsState:
    """The arrays of one depth-first search; grows its per-depth arrays on demand."""
    slice = 100_000     # positions a caller should run between looks at the clock

    def __init__(self, words: np.ndarray, max_bytes: int, depth: int = 1024,
                 prune_dead: bool = True):
        self.prune_dead = prune_dead
        self.cols = words.astype(np.int64).copy()
        self.root = self.cols.copy()
        # per-depth arrays: a depth's entries are written before they are read
        self.moves = np.empty((depth, MAX_MOVES), np.int64)
        self.nmoves = np.empty(depth, np.int64)
        self.idx = np.empty(depth, np.int64)
        self.saved = np.empty((depth, 2), np.int64)
        self.keys, self.size = new_table(slots_for(max_bytes))
        self.stats = np.zeros(DFS_STATS, np.int64)
        self.memo = dead_memo()
        self.work = (np.empty(KEY_WORDS, np.int64), np.empty(NCOLS, np.int64),
                     np.empty(MAX_MOVES, np.int64))
        self.status = dfs_start(self.cols, self.stack, (self.keys, self.size), self.stats,
                                prune_dead, self.memo)

    @property
    def stack(self):
        """(moves, nmoves, idx, saved), the per-depth arrays, as the kernels take them."""
        return self.moves, self.nmoves, self.idx, self.saved

    @property
    def nodes(self) -> int:
        """Distinct positions stored so far (the root included)."""
        return int(self.stats[STORED])

    progress = nodes    # what `run`'s budget counts

    def run(self, budget: int) -> int:
        """Search on for at most `budget` more positions; returns the status code.
        Growing the per-depth arrays does not restart the budget, so a capped stage
        stores the same positions however deep the search goes and however large its
        table is."""
        end = self.nodes + budget
        while self.status == RUNNING and self.nodes < end:
            status = dfs_run(self.cols, self.stack, (self.keys, self.size), self.stats,
                             end - self.nodes, self.prune_dead, self.memo, self.work)
            if status != DEEP:
                self.status = status
                return status
            self._grow()
        return self.status

    def table_bytes(self) -> int:
        return self.keys.nbytes

    def grow_within(self, avail: int) -> int | None:
        """Grow the full table within `avail` bytes at the peak of the growth (the old
        table and the new one); returns that peak, or None when avail is too small."""
        n = self.keys.shape[0]
        if not table_full(self.size, n, 1):
            return self.table_bytes()
        slots = next_slots(n, 0, ENTRY_BYTES, 0, avail)
        if slots is None:
            return None
        self.grow(slots=slots)
        return (n + slots) * ENTRY_BYTES

    def grow(self, factor: int = 4, slots: int | None = None) -> None:
        """Make the table `factor` times larger (or `slots` slots), keeping every entry,
        and go on."""
        slots = slots or self.keys.shape[0] * factor
        self.keys, self.size, _ = grow_table(self.keys, slots, want_map=False)
        if self.status == FULL:
            self.status = RUNNING

    def _grow(self) -> None:
        n = self.moves.shape[0]
        self.moves = np.concatenate([self.moves, np.empty((n, MAX_MOVES), np.int64)])
        self.nmoves = np.concatenate([self.nmoves, np.empty(n, np.int64)])
        self.idx = np.concatenate([self.idx, np.empty(n, np.int64)])
        self.saved = np.concatenate([self.saved, np.empty((n, 2), np.int64)])

    def path(self) -> list[int]:
        """The packed moves from the root to the current position (after WON: a win)."""
        depth = int(self.stats[DEPTH])
        return self.moves[np.arange(depth), self.idx[:depth] - 1].tolist()
