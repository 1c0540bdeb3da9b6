"""IDA* from A*'s frontier: when A*'s table fills --max-memory, the table stays for a while
and serves as an exact transposition table of proven g values, and iterative deepening
walks depth first from the positions A* left open, in A*'s own order (lowest f, then
lowest h), so that the layers A* had done are not walked again.

Solve runs it first past A*'s memory, with a budget (solve.py FRONTIER_SHARE), at A*'s
last bound F only (`Frontier(search, through=F)`): A*'s whole work there is its last
f-layer (its open positions at F are the few of a depth-first walk), and the walk goes on
with it where A* stopped, to a win of F moves (deal 2857: a 53-move win after 7.1M
expansions, where the layered search and IDA* from the root met none in 1,500 s;
reports/hard-tail/layers.md) or to the end of the layer, which proves F + 1.  The roots
of later iterations (every position A* stored is open again at F + 1) are not kept: their
4 bytes a position go to the walk's table (deal 40986 at 1 GB: 170 MB against 50 MB,
and the iteration at 47 ends after 8.8M expansions against 40.2M, where the layered
search's pass at 47 from the root takes 38.6M; reports/hard-tail/layer-end.md).  When
the budget runs out first, A*'s table is freed and the layered search (layers.py) takes
over from F.

The roots.  When A* stops (search/astar.py; it stops before taking a position, so none is
half expanded), its open list is turned into the roots: the stored positions with a live
reference in it (a link not stale, or an entry whose g is the position's g in the table),
each with the value v (its f) of the bucket holding it
and h, sorted by (v, h) like A*'s buckets and within a bucket in the order A* would take
them (newest first, the fronts in turn), so that the walk goes on where A* was going:
deal 2857's win after 8,801,189 expansions against 9,912,435 with a bucket's roots in
heapsort's order, 86683's after 5,710,527 against 6,602,981, five others within 4%
(reports/hard-tail/root-order.md).  The roots take the place of A*'s links, the rest of
the open list is freed, and what it held goes to the walk's own transposition table
(ida.py's, with the same replacement rule).

Iteration T (from A*'s proven bound F up) walks depth first from every root with v <= T,
in (v, h) order, at g = the root's g in A*'s table: a position at depth g is generated when
g + h <= T (h = `engine.lower_bound`, raised by one where `tight.bound_not_exact` proves
the bound not exact); it is not expanded when A*'s table holds it with a g' <= g (A*'s own
roots cover it), when the walk's table says it was expanded at g' <= g in this iteration,
or when `deadness.is_dead` proves it lost.

`Frontier(search, through=X)` keeps only the roots with v <= X (those of the iterations
up to X; the iterations walk no other), and the walk stops with FULL before iteration
X + 1, having proven L > X, unless a known win is that short (below).

Proof of optimality.  Let L be the length of a shortest win (L >= F: A* proved no win is
shorter than F) and p_0 (the root), ..., p_L a shortest winning line; p_i is at distance
exactly i from the root, and every g the table or the walk gives a position is the length of
a line to it, so g >= i for p_i.  Let k be the largest index with p_k in A*'s table at
g = k (p_0 is, at 0; p_L is won and never stored, so k < L).
(a) p_k has a live open reference (open_list.py) with value v <= L.  A* opened p_k when
    it set its g to k.  Each time it took p_k it either put it back (at the next f of its children not yet
    stored, or at f + 1 when the exactness test raised it), or stored every child with
    g <= k + 1; the latter would store p_{k+1} at g = k + 1, against the choice of k.  So
    its last reference is live.  Its value is an admissible f for p_k at g = k: every value A*
    gives (g + h, pathmax over ancestors at their own exact g, the raise) is at most
    g + the distance to a win, here k + (L - k) = L.
(b) So in iteration T = L the walk starts at p_k, at g = k, and by the argument of ida.py
    (1) p_{i+1} is expanded at g = i + 1 for every i >= k, unless a win comes first: it
    is generated with g + h <= L, it is not dead, A*'s table does not hold it at g' <= i+1
    (it would be at g' = i + 1, against the choice of k), and if the walk's table holds it
    at g' <= i + 1 in this iteration it was expanded there.  p_{L-1}'s expansion generates
    the win.
(c) A win generated from a root at g0 and depth d is a line to the root of at most g0
    moves (its g is the length of the line through the parents that set the g values:
    a g only goes down) and d moves, d + g0 <= T; so an
    iteration T that finds a win finds one of at most T moves, and an iteration without
    one proves L > T.  The first iteration with a win has T = L: a shortest solution.
With an upper bound U (a win already found), iteration T = U - 1 without a win proves it
shortest.  Like IDA*, this never answers LOST.

Memory: A*'s table and g values (kept), the roots (4 bytes each, in the place of A*'s
links) and their starts by (v, h),
the walk's stack and its table: --max-memory still bounds the whole solve.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import lower_bound
from ..rules.keys import KEY_WORDS, key_to_columns_and_symbols
from .ida import (
    DEPTH,
    LENGTH,
    SKIP_CHILD,
    STAMP,
    THRESHOLD,
    UPPER,
    WIN_CHILD,
    IdaStar,
    _descend,
    _dropped,
    _next_child,
    _open_iteration,
    stack_keys,
)
from .ida import ST_SLOTS as IDA_SLOTS
from .ida_table import seen, seen_or_store, tt_prefetch
from .open_list import END, HBUCKETS, MAX_F, NBUCKETS, link_next
from .parents import moves_through
from .status import FULL, RUNNING, TOO_LONG, WON
from .table import prefetch_row, table_find_from, table_prefetch
from .table_line import line_to

CODES = 1 << 15             # root codes (v - F) * HBUCKETS + h; larger ones are clipped
NEXT_ROOT = IDA_SLOTS       # the next root of this iteration (an index into the roots)
ROOT = IDA_SLOTS + 1        # the root being walked from
BASE = IDA_SLOTS + 2        # its g in A*'s table
ST_SLOTS = IDA_SLOTS + 3


@njit(cache=True)
def order_roots(opens, gs, base_f, starts, cur):
    """Turn A*'s open lists into the roots, in place: links[0:k] the stored positions
    with a live reference (a link not stale, or an entry with gs[slot] == its g), in the
    order A* would take them: bucket by bucket, lowest (v, h) first, and within a bucket
    newest first, the fronts' lists taken in turn one live reference at a time (as A*
    takes turns between its fronts).  starts[c] is set to the number of roots whose code,
    (v - base_f) * HBUCKETS + h clipped to 0..CODES - 2, is below c (a clipped root is
    only walked from earlier than it need be; codes never go down along the order).
    Returns k (at most len(links): the caller makes room).  Linear in the slots and
    entries, no memory beside (cur: an int64 array of a reference a front, to work in);
    the open lists are meaningless afterwards."""
    heads, e_slot, e_g, e_next, ne, lows, links = opens
    nf = lows.shape[0]
    starts[:] = 0
    k = 0
    for b in range(NBUCKETS):
        code = min(CODES - 2, max(0, b - base_f * HBUCKETS))
        for f in range(nf):
            cur[f] = heads[f * NBUCKETS + b]
        more = True
        while more:
            more = False
            for f in range(nf):
                r = _live(cur[f], opens, gs)
                if r == END:
                    cur[f] = END
                    continue
                if r >= 0:                  # a slot: its place + 1 in its link
                    cur[f] = link_next(links[r])
                    links[r] = k + 1
                else:                       # an entry: its place in e_next
                    e = -2 - r
                    cur[f] = e_next[e]
                    e_next[e] = k
                    e_g[e] = -1             # a root not yet placed (a g is never negative)
                starts[code + 1] += 1
                k += 1
                more = True
    for c in range(1, starts.shape[0]):
        starts[c] += starts[c - 1]
    # now links[s] is s's place + 1 or 0; place each root, placed ones as -(slot + 1)
    for e in range(ne[0]):
        if e_g[e] == -1:
            _place(links, e_slot[e], e_next[e])
    for s in range(links.shape[0]):
        to = links[s] - 1
        if to >= 0:
            links[s] = 0
            _place(links, s, to)
    for i in range(k):
        links[i] = -links[i] - 1
    return k


@njit(cache=True, inline="always")
def _live(r, opens, gs):
    """The first live reference from r on along its list (END if none); a stale link
    passed on the way is unlinked (0)."""
    e_slot, e_g, e_next, links = opens[1], opens[2], opens[3], opens[6]
    while r != END:
        if r >= 0:
            link = links[r]
            if link > 0:
                return r
            links[r] = 0
            r = link_next(link)
        else:
            e = -2 - r
            if gs[e_slot[e]] == e_g[e]:
                return r
            r = e_next[e]
    return END


@njit(cache=True, inline="always")
def _place(links, slot, to):
    """Put root `slot` at place `to`; a root not yet placed that held `to` (its own
    place + 1 there) is carried on to its place, and so on along the cycle."""
    while links[to] > 0:
        nxt = links[to] - 1
        links[to] = -(slot + 1)
        slot = to
        to = nxt
    links[to] = -(slot + 1)


@njit(cache=True, inline="always")
def roots_within(starts, base_f, threshold):
    """How many roots (the first ones, in their order) have a value v <= threshold."""
    return starts[min(CODES, (threshold - base_f + 1) * HBUCKETS)]


@njit(cache=True)
def frontier_run(roots, starts, base_f, a_table, st, stack, tt, budget, memo, work, tests):
    """Run iterations from the roots for up to `budget` expansions; returns RUNNING, WON
    (a win of st[LENGTH] moves from roots[st[ROOT]] on the stack, or T reached st[UPPER]:
    then st[LENGTH] = -1), DEEP (grow the stack and call again) or TOO_LONG.  a_table =
    (keys, gs) of A*.  The model and its proof are in the module docstring."""
    cstack, nm, at = stack[0], stack[3], stack[4]
    tt_keys, tt_meta = tt
    a_keys, a_gs = a_table
    key, syms = work[0], work[3]
    done = 0
    while done < budget:
        d = st[DEPTH]
        threshold = st[THRESHOLD]
        if d < 0:
            i = st[NEXT_ROOT]
            if i == 0:
                opened = _open_iteration(threshold, st, nm)
                if opened != RUNNING:
                    return opened
            last = roots_within(starts, base_f, threshold)
            if i >= last:
                st[THRESHOLD] = threshold + 1   # no win of at most T moves: L > T
                st[NEXT_ROOT] = 0
                return RUNNING
            st[NEXT_ROOT] = i + 1
            slot = roots[i]
            g0 = np.int64(a_gs[slot])
            key_to_columns_and_symbols(a_keys[slot], cstack[0], syms)
            h0 = lower_bound(cstack[0])
            if g0 + h0 > threshold:
                continue
            for w in range(KEY_WORDS):
                key[w] = a_keys[slot, w]
            if seen_or_store(tt_keys, tt_meta, key, g0, st[STAMP], st):
                continue
            st[ROOT] = i
            st[BASE] = g0
            _descend(0, h0, threshold - g0, stack, st)
            done += 1
            continue
        g0 = st[BASE]
        rel = threshold - g0
        i = at[d]
        if i >= nm[d]:
            st[DEPTH] = d - 1               # -1: the next root
            continue
        at[d] = i + 1
        made, h2 = _next_child(d, i, rel, stack, work)
        if made == WIN_CHILD:
            st[LENGTH] = d + 1
            return WON
        if made == SKIP_CHILD:
            continue
        tt_prefetch(tt_keys, tt_meta, key)     # the three lookups wait for memory together
        home = table_prefetch(a_keys, key)
        prefetch_row(a_gs, home)
        found = table_find_from(a_keys, key, home)
        if found >= 0 and a_gs[found] <= g0 + d + 1:
            continue                        # A*'s root there covers it (or it is dead)
        if seen(tt_keys, tt_meta, key, g0 + d + 1, st[STAMP]) or \
                _dropped(d, h2, rel, stack, memo, work, tests) or \
                seen_or_store(tt_keys, tt_meta, key, g0 + d + 1, st[STAMP], st):
            continue
        _descend(d + 1, h2, rel, stack, st)
        done += 1
    return RUNNING


class Frontier:
    """A*'s table and its open positions as roots, for iterative deepening (module
    docstring).  Made from an AStar that stopped on memory: takes its open list (the
    AStar cannot run again) and keeps its table, payload and root."""

    def __init__(self, search, through: int | None = None):
        self.root = search.root
        self.keys, self.gs = search.keys, search.gs
        self.base_f = search.bound()
        self.through = MAX_F + 1 if through is None else int(through)
        opens = search.opens
        search.opens = None
        search.status = TOO_LONG        # it cannot go on without its open list
        links = opens[6]
        if search.stored + int(opens[4][0]) > links.shape[0]:   # more roots than slots
            links = np.concatenate((links, np.zeros(int(opens[4][0]), np.int32)))
            opens = opens[:6] + (links,)
        self.starts = np.zeros(CODES + 1, np.int64)
        k = order_roots(opens, self.gs, self.base_f, self.starts,
                        np.empty(opens[5].shape[0], np.int64))
        del opens
        k = min(k, int(roots_within(self.starts, self.base_f, self.through)))
        links.resize(k, refcheck=False)     # in place: the tail goes back to the system
        self.roots = links

    def held_bytes(self) -> int:
        """Bytes held: A*'s table and g values, the roots and their starts."""
        return sum(a.nbytes for a in (self.keys, self.gs, self.roots, self.starts))

    def prefix(self, slot: int) -> np.ndarray:
        """The canonical keys of the positions after each move of a line from the root
        to `slot` (gs[slot] moves), a root that the walk's win starts from (table_line.py)."""
        return line_to(self.keys, self.gs, slot)


class FrontierIda(IdaStar):
    """Iterative deepening from a Frontier within `max_bytes` (its stack and table, the
    Frontier's bytes not included); runs, bounds and reports like ida.IdaStar, and
    `start`, `upper` and `notify` mean the same."""

    st_slots = ST_SLOTS

    def __init__(self, frontier: Frontier, max_bytes: int, start: int = 0,
                 upper: list[int] | None = None, notify=None, late: bool | None = None):
        super().__init__(frontier.root, max_bytes, max(int(start), frontier.base_f), upper,
                         notify, late)
        self.fr = frontier

    what = "IDA* from A*'s frontier"

    def _kernel(self, budget: int) -> int:
        fr = self.fr
        if fr.through < self.threshold < self.st[UPPER]:
            return FULL                 # the roots of this iteration were not kept
        return frontier_run(fr.roots, fr.starts, fr.base_f, (fr.keys, fr.gs), self.st,
                            self.stack, self.tt, budget, self.memo, self.work, self.tests)

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        length = int(self.st[LENGTH])
        if length < 0:
            return list(self.upper)
        prefix = self.fr.prefix(int(self.fr.roots[self.st[ROOT]]))
        return moves_through(self.root, np.concatenate((prefix, stack_keys(self.stack, length))))
