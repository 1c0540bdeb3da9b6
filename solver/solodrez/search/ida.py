"""Shortest solutions within a fixed memory: IDA* (iterative deepening on f = g + h) with
a bounded transposition table, for the deals whose A* table outgrows --max-memory.

Iteration T walks depth first from the root through the positions with g + h <= T
(h = `engine.lower_bound`, raised to h + 1 where `tight.bound_not_exact` proves the bound
is not exact), g the depth; it stops at the first win it generates.  T starts at a proven
lower bound on the solution length (the root's h, or A*'s last proven f when IDA* takes
over from it) and goes up by one after each iteration that finds no win.

The transposition table holds exact canonical keys (never fingerprints), each with the g
at which its position was last *expanded* and the iteration that did it (its stamp).  A
position generated at g is not expanded when the table says it was expanded at g' <= g in
this iteration.  The table has a fixed number of entries, in buckets of WAYS: an entry of
an earlier iteration is free; when a bucket holds none, its first WAYS - 1 entries keep
the positions of smallest g (the largest remaining depth, the largest subtrees), and the
last way takes whatever they turned away.  A position that is turned away, or whose entry
is replaced, is simply expanded again when met again: a full table costs re-expansions,
never correctness, since the proof below needs only that an entry, when present, is true.

Proof of optimality.  Let L be the length of a shortest win and p_0 (the root), ...,
p_L a shortest winning line.  Each p_i is at distance exactly i from the root (a shorter
way to it would give a shorter win) and at distance L - i from a win.  Every g the search
meets for a position is the length of a line to it, so g(p_i) >= i always.
(1) If T >= L, iteration T generates a win.  By induction on i < L: p_i is expanded at
    g = i in iteration T (unless a win is generated first).  p_0 is, by construction.  If
    p_i is expanded at i, its children are all generated (the expansion lists every
    legal move up to canonical duplicates, `engine.generate_moves` with pruning, which
    keeps every canonical successor; at f = g + h = T only moves lowering h can keep
    f <= T since h drops by at most one per move, and `rules.productive` lists just
    those), so p_{i+1} is generated at g = i + 1.  There f = i + 1 + h(p_{i+1}) <= i + 1
    + (L - i - 1) = L <= T, since h is admissible (and so is h + 1 where the exactness
    test raises it: it proves the distance exceeds h).  p_{i+1} is not dead
    (`deadness.is_dead` answers True only for lost positions, and p_{i+1} is won).  So
    either it is expanded at i + 1, or the table holds it with g' <= i + 1 for this
    iteration, i.e. it was expanded at g' (entries are written only on expansion), and
    g' >= i + 1, so at g = i + 1 too.  Either way p_{i+1} is expanded at i + 1, and
    p_{L-1}'s expansion generates the win p_L.  An iteration's walk is finite (depth at
    most T), so it gets there.
(2) A win generated in iteration T is at most T long: it is generated at g with
    g + h = g <= T.
(3) T starts at a proven lower bound on L and grows by one only after an iteration with
    no win, which by (1) proves L > T.  So the first iteration that finds a win has
    T = L, and its win is L moves long by (2): a shortest solution.
With an upper bound U (the length of a solution already found): an iteration T = U - 1
without a win proves L >= U, so that solution is shortest.  IDA* never answers LOST: it
raises T by one whatever it met, so an iteration with no win proves only L > T.

Memory: WAYS-way buckets of ENTRY_BYTES (ida_table.py: the key's 24 bytes, and g and the stamp in
one int32), plus the walk's stack (a position, its moves and their outlooks at each depth:
about 4 KB a level of T).  Nothing grows while a search runs but the stack between
iterations; so `--max-memory` bounds IDA*, and only time (or --max-nodes, counting its
expansions) bounds the proof.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import (
    MAX_MOVES,
    NCOLS,
    apply_move,
    generate_moves,
    is_won,
    lower_bound,
    move_outlook,
)
from ..rules.keys import KEY_WORDS, canonical_key, column_symbols, key_from_symbols
from ..rules.productive import generate_productive
from . import late_choice
from .deadness import dead_memo, is_dead
from .ida_table import STORED, entries_for, seen, seen_or_store, tt_prefetch
from .late_choice import chosen_not_exact
from .open_list import MAX_F
from .ordering import sort_scored
from .status import DEEP, RUNNING, TOO_LONG, WON
from .tight import tight_scratch

STACK_LEVEL_BYTES = 8 * (2 * NCOLS + 2 * MAX_MOVES + 3)
FIRST_DEPTH = 96                    # stack levels made at first (grown when T needs more)

# the slots of IdaStar.st
DEPTH = 0           # the depth of the position being expanded; -1: start an iteration
THRESHOLD = 1       # T, the f bound of this iteration
STAMP = 2           # the iteration's number, in the table entries
EXPANDED = 3        # expansions so far (what `run`'s budget counts)
LENGTH = 4          # after WON: the solution's length
# STORED = 5: table writes of a new position (ida_table.py counts them there)
UPPER = 6           # a known solution's length (MAX_F + 2 if none): T reaching it proves it
ITER_EXPANDED = 7   # expansions in the current iteration
ST_SLOTS = 8


@njit(cache=True, inline="always")
def _expand(d, h, threshold, cstack, mstack, ostack, nm, at, hs):
    """List the children of the position at depth d (its columns in cstack[d]) best
    first: at f = d + h = T only the moves that lower h (the others' f exceeds T), else
    every move (canonical duplicates pruned)."""
    cols = cstack[d]
    moves = mstack[d]
    outlooks = ostack[d]
    if d + h == threshold:
        n = generate_productive(cols, moves)
        for i in range(n):
            outlooks[i] = move_outlook(cols, moves[i])
    else:
        n = generate_moves(cols, moves, True, outlooks)
    sort_scored(moves, n, outlooks)
    hs[d] = h
    nm[d] = n
    at[d] = 0


@njit(cache=True, inline="always")
def _open_iteration(threshold, st, nm):
    """Start iteration T = threshold: TOO_LONG (T would pass MAX_F), WON (T reached
    st[UPPER]: st[LENGTH] = -1), DEEP (the stack needs more levels), else RUNNING with a
    new stamp for the table."""
    if threshold > MAX_F:
        return TOO_LONG
    if threshold >= st[UPPER]:
        st[LENGTH] = -1
        return WON
    if threshold + 2 > nm.shape[0]:
        return DEEP
    st[STAMP] += 1
    st[ITER_EXPANDED] = 0
    return RUNNING


NEW_CHILD, SKIP_CHILD, WIN_CHILD = 0, 1, 2


@njit(cache=True, inline="always")
def _next_child(d, i, bound, stack, work):
    """Make child i of the position at depth d in cstack[d + 1]: (WIN_CHILD, 0) when it
    is won; (SKIP_CHILD, 0) when d + 1 + h passes `bound`; else (NEW_CHILD, h) with its
    canonical key in work[0] (_dropped tells whether it is worth expanding)."""
    cstack, mstack, ostack, hs, sstack = stack[0], stack[1], stack[2], stack[5], stack[6]
    child = cstack[d + 1]
    for c in range(NCOLS):
        child[c] = cstack[d, c]
    m = mstack[d, i]
    apply_move(child, m)
    h2 = hs[d] + (ostack[d, i] & 3) - 1
    if h2 == 0 and is_won(child):
        return WIN_CHILD, 0
    if d + 1 + h2 > bound:
        return SKIP_CHILD, 0
    # the child's symbol words: its parent's, but for the two columns the move changed
    syms = sstack[d + 1]
    whole = True
    for c in range(NCOLS):
        syms[c] = sstack[d, c]
    for c in (m & 15, (m >> 4) & 15):
        syms[c] = column_symbols(child[c])
    for c in range(NCOLS):
        whole = whole and syms[c] >= 0
    if whole:
        key_from_symbols(syms, work[0])
    else:
        canonical_key(child, work[1], work[0])
    return NEW_CHILD, h2


@njit(cache=True, inline="always")
def _dropped(d, h2, bound, stack, memo, work, tests):
    """Whether child cstack[d + 1] (bound h2, d + 1 + h2 <= bound) is dropped: the
    exactness tests `tests` chooses (late_choice.py) raise it past the bound, or it is
    dead (lost: no win passes through it).  Run after the tables' lookups: most children
    are found there."""
    child = stack[0][d + 1]
    f2 = d + 1 + h2
    if f2 == bound and h2 > 1 and chosen_not_exact(child, work[2], tests):
        return True     # its distance is at least h2 + 1: f2 + 1 > bound
    return f2 < bound and is_dead(child, memo)


@njit(cache=True, inline="always")
def _descend(d, h, bound, stack, st):
    """Expand the position at depth d (h its bound) and make it the walk's top (a root,
    at d = 0, gets its symbol words here: _next_child keeps them for the rest)."""
    cstack, mstack, ostack, nm, at, hs, sstack = stack
    if d == 0:
        for c in range(NCOLS):
            sstack[0, c] = column_symbols(cstack[0, c])
    _expand(d, h, bound, cstack, mstack, ostack, nm, at, hs)
    st[DEPTH] = d
    st[EXPANDED] += 1
    st[ITER_EXPANDED] += 1


@njit(cache=True, inline="always")
def _take_child(d, bound, stack, st, tt, memo, work, tests):
    """Make the next child of the position at depth d (at[d] moves on): WIN_CHILD (it is
    won: st[LENGTH] = d + 1), SKIP_CHILD (past the bound, the table says it was expanded
    at d + 1 or less, or dropped) or NEW_CHILD (expanded: the walk's new top)."""
    at = stack[4]
    i = at[d]
    at[d] = i + 1
    made, h2 = _next_child(d, i, bound, stack, work)
    if made == WIN_CHILD:
        st[LENGTH] = d + 1
        return WIN_CHILD
    tt_keys, tt_meta = tt
    if made == NEW_CHILD:
        tt_prefetch(tt_keys, tt_meta, work[0])     # its bucket's lines load together
    if made == SKIP_CHILD or seen(tt_keys, tt_meta, work[0], d + 1, st[STAMP]) or \
            _dropped(d, h2, bound, stack, memo, work, tests) or \
            seen_or_store(tt_keys, tt_meta, work[0], d + 1, st[STAMP], st):
        return SKIP_CHILD
    _descend(d + 1, h2, bound, stack, st)
    return NEW_CHILD


@njit(cache=True)
def ida_run(root, st, stack, tt, budget, memo, work, tests):
    """Run IDA* for up to `budget` expansions, or to the end of an iteration; returns
    RUNNING (call again), WON (a win
    at st[LENGTH] on the stack, or T reached st[UPPER]: then st[LENGTH] = -1), DEEP (the
    stack needs more levels for the next T: grow it and call again) or TOO_LONG (T would
    pass MAX_F).  `tests`: the exactness tests run (late_choice.py).  The model and its
    proof are in the module docstring."""
    cstack, nm, at = stack[0], stack[3], stack[4]
    tt_keys, tt_meta = tt
    key, scratch = work[0], work[1]
    done = 0
    while done < budget:
        d = st[DEPTH]
        threshold = st[THRESHOLD]
        if d < 0:
            opened = _open_iteration(threshold, st, nm)
            if opened != RUNNING:
                return opened
            for c in range(NCOLS):
                cstack[0, c] = root[c]
            canonical_key(cstack[0], scratch, key)
            seen_or_store(tt_keys, tt_meta, key, 0, st[STAMP], st)
            _descend(0, lower_bound(root), threshold, stack, st)
            done += 1
            continue
        i = at[d]
        if i >= nm[d]:
            st[DEPTH] = d - 1
            if d == 0:
                st[THRESHOLD] = threshold + 1   # no win of at most T moves: L > T
                return RUNNING                  # (so that each bound proven is seen)
            continue
        made = _take_child(d, threshold, stack, st, tt, memo, work, tests)
        if made == WIN_CHILD:
            return WON
        done += made == NEW_CHILD
    return RUNNING


def new_stack(levels: int):
    """(cstack, mstack, ostack, nm, at, hs, sstack) for `levels` depths: at each depth
    the position's columns, its moves, their outlooks, how many, the next one, its
    bound, and its columns' symbol words (keys.column_symbols: -1 for a column of more
    than keys.SYMBOL_CARDS cards), from which a child's key is made."""
    return (np.zeros((levels, NCOLS), np.int64), np.zeros((levels, MAX_MOVES), np.int64),
            np.zeros((levels, MAX_MOVES), np.int64), np.zeros(levels, np.int64),
            np.zeros(levels, np.int64), np.zeros(levels, np.int64),
            np.zeros((levels, NCOLS), np.int64))


def stack_keys(stack, length: int) -> np.ndarray:
    """After a win of `length` moves below a walk's root: the canonical keys of the
    positions at depths 1 .. length - 1 of its stack (every one but the root and the win)."""
    out = np.zeros((max(0, length - 1), KEY_WORDS), np.int64)
    scratch = np.zeros(NCOLS, np.int64)
    for d in range(1, length):
        canonical_key(stack[0][d], scratch, out[d - 1])
    return out


def table_and_work(max_bytes: int):
    """(table, dead memo, work arrays) of a depth-first walk (ida_run's), the table of
    entries_for what max_bytes leaves besides the memo and the work (64 KB)."""
    n = entries_for(max_bytes - 64 * 1024)
    work = (np.zeros(KEY_WORDS, np.int64), np.zeros(NCOLS, np.int64), tight_scratch(),
            np.zeros(NCOLS, np.int64))
    return (np.zeros((n, KEY_WORDS), np.int64), np.zeros(n, np.int32)), dead_memo(), work


class IdaStar:
    """IDA* from a position's words within `max_bytes` (table and stack); `run` works in
    slices of a budget, like astar.AStar, so solve's limits (time, cancel, nodes) stop it
    between slices.  `start` is a proven lower bound on the solution length to begin at;
    `upper`, the moves of a known solution: once T reaches their count they are proven
    shortest and `path` gives them.  `notify(text)`, if given, hears each bound proven.
    `late`: the exactness tests, chosen slice by slice (None) or not (late_choice.policy)."""
    slice = 20_000
    st_slots = ST_SLOTS

    def __init__(self, words: np.ndarray, max_bytes: int, start: int = 0,
                 upper: list[int] | None = None, notify=None, late: bool | None = None):
        self.root = words.astype(np.int64).copy()
        self.tests, self.adaptive = late_choice.walk_tests(late)
        self.notify = notify
        self.upper = None if upper is None else list(upper)
        self.st = np.zeros(self.st_slots, np.int64)
        self.st[DEPTH] = -1
        self.st[THRESHOLD] = max(int(start), int(lower_bound(self.root)))
        self.st[UPPER] = MAX_F + 2 if upper is None else len(upper)
        levels = min(MAX_F + 2, max(FIRST_DEPTH, int(self.st[THRESHOLD]) + 8))
        self.stack = new_stack(levels)
        self.tt, self.memo, self.work = table_and_work(max_bytes - levels * STACK_LEVEL_BYTES)
        self.status = RUNNING
        if is_won(self.root):
            self.status = WON
            self.st[LENGTH] = 0

    @property
    def expanded(self) -> int:
        return int(self.st[EXPANDED])

    progress = expanded     # what `run`'s budget counts
    nodes = expanded        # the effort measure solve() adds up (re-expansions included)

    @property
    def stored(self) -> int:
        return int(self.st[STORED])

    @property
    def threshold(self) -> int:
        return int(self.st[THRESHOLD])

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        if self.status == WON:
            return len(self.path())
        return self.threshold

    def table_bytes(self) -> int:
        """Bytes held by the table and the stack."""
        return sum(a.nbytes for a in self.tt) + sum(a.nbytes for a in self.stack)

    def grow_within(self, avail: int) -> int | None:
        """IDA* never fills: its table has a fixed size (run's FULL never comes)."""
        return None

    what = "IDA*"           # how notify names this search

    def _kernel(self, budget: int) -> int:
        return ida_run(self.root, self.st, self.stack, self.tt, budget, self.memo,
                       self.work, self.tests)

    def run(self, budget: int) -> int:
        before = self.threshold
        while self.status == RUNNING:
            self.status = self._kernel(budget)
            late_choice.choose(self.tests, self.adaptive)
            if self.status != DEEP:
                break
            self._deepen()
        if self.notify and self.threshold > before and self.status == RUNNING:
            self.notify(f"{self.what}: no solution of {self.threshold - 1} moves "
                        f"({self.expanded:,} expansions so far)")
        return self.status

    def _deepen(self) -> None:
        """More stack levels for the next iteration (between iterations: nothing is on it)."""
        levels = min(MAX_F + 2, 2 * self.stack[3].shape[0])
        grown = new_stack(levels)
        self.stack = grown
        self.status = RUNNING

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        length = int(self.st[LENGTH])
        if length < 0:
            return list(self.upper)
        if length == 0:
            return []
        mstack, at = self.stack[1], self.stack[4]
        return [int(mstack[d, at[d] - 1]) for d in range(length)]
