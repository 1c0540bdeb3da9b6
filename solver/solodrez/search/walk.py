"""Depth first from a whole layer (numba kernel): one IDA* iteration whose roots are the
positions of a layer of the layered search, for the iterations whose next layer outgrows
the memory (layers.py).

The layered search's layer g holds, by its proof (1), the position p_g of every winning
line p_0, ..., p_L with L <= T (T the iteration's bound), unless a win is met first.  The
walk takes the layer's positions one by one as roots at depth g and walks depth first from
each through the positions with g + d + h <= T (d the depth below the root), under IDA*'s
rules for a child (ida.py `_next_child`, `_dropped`), with IDA*'s transposition table (entries made
on expansion, d and one stamp for the whole walk, shared by every root).  It takes the
roots in sweeps by their slack T - (g + h): first those at f = T, whose walks follow only
moves that lower h (deal 2857's 53-move line has f = 53 from its first move on), then
slack 1, 2, ...  (On 2857 itself this does not help: every position of its layer 19 is
at f = 53, reports/hard-tail/layers.md.)

Proof.  Every root is reached from the root of the deal by a line of g moves (the layer's
proof (2)), so a win met d moves below it has a line of g + d <= T moves.  If a winning
line of L <= T moves exists, p_g is a root; every position q of the layer is at distance
at most g from the deal's root, so p_{g+i} (at distance g + i) is at least i moves below
any root, and a table entry for it, when present, has d >= i.  With that, ida.py's proof
(1) goes through below p_g as it does below the root (p_{g+i} is expanded at d = i, from
p_g's walk or found expanded at i by an earlier root's), so a win is met.  So a walk that
ends without one proves L > T; a win it meets has at most T moves, and when T is a proven
lower bound it is a shortest one.  The order of the roots plays no part in this.

Memory: the table within the bytes it is given, the stack (as IDA*'s), a byte a root for
its slack; the layer is the caller's.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import NCOLS, lower_bound
from ..rules.keys import KEY_WORDS, key_to_columns
from . import late_choice
from .ida import (
    DEPTH,
    EXPANDED,
    LENGTH,
    NEW_CHILD,
    STACK_LEVEL_BYTES,
    STAMP,
    STORED,
    THRESHOLD,
    WIN_CHILD,
    _descend,
    _take_child,
    new_stack,
    stack_keys,
    table_and_work,
)
from .ida_table import seen_or_store
from .status import RUNNING, WON

NEXT = 8            # the next root of the layer to look at
ROOT = 9            # the root being walked
SWEEP = 10          # the slack of the roots this sweep takes
ST_SLOTS = 11


@njit(cache=True)
def root_slacks(layer, depth, threshold, out, cols):
    """out[r]: threshold - (depth + h) of root r (h its bound), at most 255; cols: a
    column array to work in."""
    for r in range(layer.shape[0]):
        key_to_columns(layer[r], cols)
        out[r] = min(255, threshold - depth - lower_bound(cols))


@njit(cache=True)
def walk_run(layer, slacks, st, stack, tt, budget, memo, work, tests):
    """Walk depth first from the roots of slack st[SWEEP] in layer[st[NEXT]:], then
    from those of the next sweeps (st[THRESHOLD]: the bound less their depth), for up to
    `budget` expansions: WON (a win st[LENGTH] moves below root st[ROOT], its moves on
    the stack) or RUNNING (call again; once st[SWEEP] passes st[THRESHOLD] the walk is
    over, no win met)."""
    cstack, nm, at = stack[0], stack[3], stack[4]
    tt_keys, tt_meta = tt
    key = work[0]
    bound = st[THRESHOLD]
    done = 0
    while done < budget:
        d = st[DEPTH]
        if d < 0:
            r = st[NEXT]
            while r < layer.shape[0] and slacks[r] != st[SWEEP]:
                r += 1
            if r >= layer.shape[0]:
                st[NEXT] = 0
                st[SWEEP] += 1
                if st[SWEEP] > bound:
                    return RUNNING
                continue
            st[NEXT] = r + 1
            st[ROOT] = r
            key_to_columns(layer[r], cstack[0])
            for w in range(KEY_WORDS):
                key[w] = layer[r, w]
            if seen_or_store(tt_keys, tt_meta, key, 0, st[STAMP], st):
                continue
            _descend(0, lower_bound(cstack[0]), bound, stack, st)
            done += 1
            continue
        i = at[d]
        if i >= nm[d]:
            st[DEPTH] = d - 1
            continue
        made = _take_child(d, bound, stack, st, tt, memo, work, tests)
        if made == WIN_CHILD:
            return WON
        done += made == NEW_CHILD
    return RUNNING


class LayerWalk:
    """The walk from `layer` (an array of canonical keys, the layer of depth `depth`) at
    bound `threshold`, within `max_bytes` for its table and stack.  `run(budget)` returns
    WON or RUNNING; `over` tells a walk that met no win (a proof that no line of at most
    threshold moves wins).  `late`: the exactness tests, as for ida.IdaStar."""

    def __init__(self, layer: np.ndarray, depth: int, threshold: int, max_bytes: int,
                 late: bool | None = None):
        self.layer, self.depth = layer, int(depth)
        self.tests, self.adaptive = late_choice.walk_tests(late)
        self.st = np.zeros(ST_SLOTS, np.int64)
        self.st[DEPTH] = -1
        self.st[STAMP] = 1
        self.st[THRESHOLD] = int(threshold) - self.depth
        levels = int(self.st[THRESHOLD]) + 2
        self.stack = new_stack(levels)
        self.tt, self.memo, self.work = table_and_work(
            max_bytes - levels * STACK_LEVEL_BYTES - layer.shape[0])    # a slack a root
        self.slacks = np.zeros(layer.shape[0], np.uint8)
        root_slacks(layer, self.depth, int(threshold), self.slacks, np.zeros(NCOLS, np.int64))

    @property
    def expanded(self) -> int:
        return int(self.st[EXPANDED])

    @property
    def stored(self) -> int:
        return int(self.st[STORED])

    @property
    def length(self) -> int:
        """After WON: the win's moves below its root."""
        return int(self.st[LENGTH])

    @property
    def over(self) -> bool:
        """Every root walked and no win met: no line of at most the bound's moves wins."""
        return self.st[SWEEP] > self.st[THRESHOLD]

    def table_bytes(self) -> int:
        return sum(a.nbytes for a in self.tt) + sum(a.nbytes for a in self.stack) \
            + self.slacks.nbytes

    def run(self, budget: int) -> int:
        status = walk_run(self.layer, self.slacks, self.st, self.stack, self.tt, budget,
                          self.memo, self.work, self.tests)
        late_choice.choose(self.tests, self.adaptive)
        return status

    def root(self) -> int:
        """The place in the layer of the root the walk is on (after WON: the win's)."""
        return int(self.st[ROOT])

    def keys_below(self) -> np.ndarray:
        """After WON: the canonical keys of the positions after each of the win's moves
        below its root but the last (the win itself)."""
        return stack_keys(self.stack, self.length)
