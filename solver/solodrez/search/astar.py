"""Shortest solutions: A* over canonical keys with the engine's admissible lower bound.

Guarantee: a solution `AStar` finds has the fewest moves of any solution (removals
are not moves).  `engine.lower_bound` is consistent (it drops by at most one per move), so
a position is expanded only once its g is final, and the first win generated is optimal: a win is
generated from a parent p with h(p) = 1, at cost g(p) + 1 = f(p), the smallest f open.
When the open list runs dry, every reachable position was stored: the position is LOST.
Positions `deadness.is_dead` proves lost are stored but never opened; no winning line
passes through them, so neither guarantee changes.  A* tests only the children of
positions taken above their own layer (f > g + h), where lost deals spend most of their
positions; in its own layer the exactness test raises most dead ends anyway, and there
the test cost more than it saved (153 hard won deals of 0-9,999: 15% more CPU time for
0.3% fewer positions).

Partial expansion (PEA*): a position popped at value f stores only its children whose
f equals f, and goes back into the open list at the next larger f of its children.  So
the table holds only positions with f up to the optimum, not every child generated.
In its own layer (f = g + h) those are the children whose move lowers h by one, and
`rules.productive` lists just them; the position comes back at f + 1 (at most the next
f of its other children, so no position is ever skipped).  In greedy mode f is h, a move
changes h by at most one, so a position comes back at most once, at h + 1, and then
takes only the children with h + 1: the others were stored when it was taken at h.

Open lists: one per front (see astar_run), buckets by (f, h), each a linked list through
shared entry arrays; lowest f first and, within it, lowest h (deepest) first, newest
first.  Within the last f-layer the search is a depth-first walk whose luck varies from
one tie-breaking to another by orders of magnitude (100 deals of 0-9,999 that needed over
12,000 positions with one front: median 46,486 positions with one, 2,999 with four), so
several fronts walk it together, sharing the table: a position one front stored is not
stored again, and a position one front expanded gives another nothing new.
Storage (the table holds only keys, 24 bytes a slot; the bookkeeping is here):
    parent[slot]  int32, the parent's slot + 1 (0 for the root and for dead positions)
    gs[slot]      int16, g, the best known distance from the root (A* only: greedy mode
                  never reads g, so it keeps a one-element placeholder)
    heads[b]      int32, the newest open entry of bucket b (front * NBUCKETS + f *
                  HBUCKETS + h), -1 if none
    e_slot[e]     int32, the slot the open entry e names
    e_next[e]     int32, the next entry in its bucket (or in the free list), -1 at the end
    e_g[e]        int16, A*: g when e was pushed (a stale entry has gs[slot] < e_g[e]);
                  greedy: the in-move code of the position (commute.came_code)
    ne            [0] entries ever used, [1] head of the free list (entries taken off
                  the open list are reused: greedy mode ends with 1-2% of its stored
                  positions open, though early on it can hold far more: 14710 has
                  700,000 open at 1.5M stored, so entries must stay small)
Bounds: slots and entries below 2**31 (table.MAX_SLOTS, AStar._grow_open checks), g at
most MAX_F < 2**15; so int32 and int16 hold them.  Greedy: 28 bytes a slot, A*: 30.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won, lower_bound, move_outlook
from ..rules.keys import KEY_WORDS, canonical_key, key_to_columns_and_symbols
from ..rules.productive import generate_productive
from .children import children_work, key_children
from .commute import NO_RULE, came_code, came_words, covered
from .deadness import dead_memo, is_dead
from .open_list import ENTRY_MAX, FRONTS, HBUCKETS, MAX_F, NBUCKETS, next_front, push, seed_fronts
from .ordering import shuffle_ties, sort_scored
from .parents import chain_length, move_payload, trace_path
from .status import FULL, LOST, RUNNING, TOO_LONG, WON
from .table import (
    KEY_BYTES,
    grow_table,
    new_table,
    next_slots,
    slots_for,
    table_find,
    table_find_from,
    table_full,
    table_insert_at,
)
from .tight import bound_not_exact, tight_scratch


@njit(cache=True, nrt=True)
def astar_start(root, keys, size, parent, gs, heads, e_slot, e_g, e_next, ne, stats, lows,
                greedy):
    """Store the root and open it.  stats: [0] children greedy search skipped by the
    commute rule, [1] positions expanded, [2] parent slot of the
    win, [3] solution length, [4] the front to take from next.  lows[i]: the lowest
    bucket of front i that may be non-empty."""
    heads[:] = -1
    ne[0] = 0
    ne[1] = -1
    stats[:] = 0
    lows[:] = NBUCKETS
    if is_won(root):
        stats[2] = -1
        return WON
    key = np.empty(KEY_WORDS, np.int64)
    canonical_key(root, np.empty(NCOLS, np.int64), key)
    slot = table_insert_at(keys, size, table_find(keys, key), key)
    parent[slot] = 0
    if not greedy:
        gs[slot] = 0
    h0 = lower_bound(root)
    push(heads, e_slot, e_g, e_next, ne, slot, NO_RULE if greedy else 0, h0, h0, lows, 0)
    return RUNNING


LISTS = 9       # move lists astar_run works in


def astar_work():
    """The work arrays astar_run overwrites: LISTS move lists, the children's keys, two
    positions' columns and one's symbol words, children.children_work and
    tight.tight_scratch."""
    return (np.empty((LISTS, MAX_MOVES), np.int64), np.empty((MAX_MOVES, KEY_WORDS), np.int64),
            np.empty((3, NCOLS), np.int64), children_work(), tight_scratch())


@njit(cache=True)
def astar_run(keys, size, parent, gs, heads, e_slot, e_g, e_next, ne, stats, lows, budget,
              greedy, prune_dead, tight, memo, commute, work):
    """Expand up to `budget` positions; returns RUNNING, WON, LOST, FULL or TOO_LONG.

    With greedy=True the order is by h alone (greedy best-first): the first win found
    is not shortest, but the search stays exhaustive, so LOST is still a proof.
    With tight=True (A* only), a position taken at f = g + h that `tight.bound_not_exact`
    proves cannot be won in exactly h moves goes back at f + 1 unexpanded; its distance
    is at least h + 1, so f + 1 is still a lower bound on every solution through it.
    Children get f = max(g + 1 + h(child), f) (pathmax), so that the f of a raised
    position carries over to its children: every win through them costs at least that.

    Fronts (len(lows) of them): each has its own open list and breaks ties between
    children of equal f its own way (front 0 by `order_moves` alone); the root's
    children go to every front, any other position's to the front that expanded it.
    Positions are taken in turn from the fronts holding the lowest f, so every position
    taken still has the lowest f open: the guarantees above hold whatever the turn.
    In greedy mode g is not kept (a position is stored once and never re-opened from
    another parent, so no entry goes stale): stats[3] is then 1 after a win, not a length.
    With commute (greedy only), children that `commute.covered` shows another stored
    position makes are not keyed (LOST stays a proof: commute.py).
    `work` is astar_work's.
    """
    lists, ckeys, own, cwork, (t_digits, t_counted, t_lengths, t_work) = work
    cols, child, syms = own[0], own[1], own[2]
    homes, moves, outlooks = lists[0], lists[1], lists[2]   # homes: the children's slots
    chosen, scores, ties = lists[3], lists[4], lists[5]
    kept, kept_slot, kept_score = lists[6], lists[7], lists[8]
    came = NO_RULE
    xa = xb = wa = wb = ka = back = 0
    nfronts = lows.shape[0]
    done = 0
    while done < budget:
        if table_full(size, keys.shape[0], MAX_MOVES) or \
                ne[0] + nfronts * (MAX_MOVES + 1) > e_slot.shape[0]:
            return FULL         # before taking a position: nothing is half expanded
        front = next_front(heads, lows, stats)
        if front < 0:
            return LOST
        b = lows[front]
        at = front * NBUCKETS + b
        e = heads[at]
        heads[at] = e_next[e]
        slot = e_slot[e]
        e_next[e] = ne[1]       # e is free again
        ne[1] = e
        if greedy:
            g = 1               # not kept (see above)
            came = e_g[e]       # the in-move code (commute.py)
        else:
            g = e_g[e]
            if gs[slot] != g:
                continue        # a shorter path to this position was found since
        f = b // HBUCKETS
        h = b % HBUCKETS
        if f == (h if greedy else g + h):
            done += 1
            stats[1] += 1
        whole = key_to_columns_and_symbols(keys[slot], cols, syms)
        if tight and not greedy and f == g + h and h > 1 and \
                bound_not_exact(cols, t_digits, t_counted, t_lengths, t_work):
            if f + 1 > MAX_F:
                return TOO_LONG
            if not push(heads, e_slot, e_g, e_next, ne, slot, g, f + 1, h, lows, front):
                return FULL
            continue
        g2 = 1 if greedy else g + 1         # greedy: f is h alone
        if not greedy and f == g + h:
            # in its own layer only the moves that lower h keep f: list just those, and
            # come back at f + 1 (at most the smallest f of the other children)
            if f + 1 > MAX_F:
                return TOO_LONG
            k = generate_productive(cols, chosen)
            for i in range(k):
                scores[i] = move_outlook(cols, chosen[i])
            later = f + 1
        else:
            n = generate_moves(cols, moves, True, outlooks)
            if came != NO_RULE:
                xa, xb, wa, wb, ka, back = came_words(cols, came)
            later = MAX_F + 1       # the smallest f above this one among the children
            k = 0                   # children stored now: those with f2 <= f
            for i in range(n):
                outlook = outlooks[i]
                h2 = h + (outlook & 3) - 1      # exact: engine.move_outlook
                f2 = h2 if greedy else max(g2 + h2, f)
                if f2 > MAX_F:
                    return TOO_LONG         # never drop a position: LOST must stay a proof
                if f2 > f:
                    if f2 < later:
                        later = f2
                    continue
                if greedy and f2 <= h < f:
                    continue        # taken back at f, this child was stored at f = h
                if came != NO_RULE and covered(cols, moves[i], xa, xb, wa, wb, ka, back):
                    stats[0] += 1
                    continue        # another position makes this child (commute.py)
                chosen[k] = moves[i]
                scores[k] = outlook
                k += 1
        # The children are keyed in generation order, and only those pushed are sorted
        # (one or two of about ten): the same pushes in the same order, since sort_scored
        # and shuffle_ties are stable.  A child that wins sends the expansion the sorted
        # way, so that the children stored before the win are the same as one at a time.
        win = -1
        deferred = key_children(cols, syms, whole, chosen, 0, k, 1, keys, ckeys, homes,
                                cwork) < 0
        if not deferred:
            sort_scored(chosen, k, scores)  # order_moves; stable: the full list's order
            if front > 0:
                shuffle_ties(cols, chosen, k, scores, front, ties)
            # pushed last is popped first: best move first; a win ends the batch (the
            # children before it, in push order, are still stored)
            win = key_children(cols, syms, whole, chosen, k - 1, -1, -1, keys, ckeys, homes,
                               cwork)
        nk = 0                  # children to push: kept, kept_slot, kept_score
        for t in range(k if deferred else k - 1 - win):
            i = t if deferred else k - 1 - t
            m = chosen[i]
            key = ckeys[i]
            found = table_find_from(keys, key, homes[i])
            if found >= 0:
                if greedy or gs[found] <= g2:
                    continue
                gs[found] = g2
                parent[found] = slot + 1
                s2 = found
            else:
                if prune_dead and (greedy or f != g + h):
                    for c in range(NCOLS):
                        child[c] = cols[c]
                    apply_move(child, m)
                    if is_dead(child, memo):
                        # stored with g = 0 so that it is never opened (it cannot be won)
                        s2 = table_insert_at(keys, size, found, key)
                        if s2 < 0:
                            return FULL
                        parent[s2] = 0
                        if not greedy:
                            gs[s2] = 0
                        continue
                s2 = table_insert_at(keys, size, found, key)
                if s2 < 0:
                    return FULL
                parent[s2] = slot + 1
                if not greedy:
                    gs[s2] = g2
            kept[nk] = m
            kept_slot[nk] = s2
            kept_score[nk] = scores[i]
            nk += 1
        if deferred:
            sort_scored(kept, nk, kept_score, kept_slot)    # pushed from the last
            if front > 0:
                shuffle_ties(cols, kept, nk, kept_score, front, ties, kept_slot)
        for j in range(nk):     # in push order: the best move last, so popped first
            t = nk - 1 - j if deferred else j
            m = kept[t]
            h2 = h + (kept_score[t] & 3) - 1
            f2 = h2 if greedy else max(g2 + h2, f)
            pushed = g2     # what e_g keeps: A*'s g, greedy search's in-move code
            if greedy:
                pushed = came_code(cols, m) if commute else NO_RULE
            if not push(heads, e_slot, e_g, e_next, ne, kept_slot[t], pushed, f2, h2,
                        lows, front):
                return FULL
        if win >= 0:
            stats[2] = slot
            stats[3] = g2
            return WON
        if g == 0 and nfronts > 1 and nk > 0 and not seed_fronts(
                cols, kept, kept_slot, nk, h, f, heads, e_slot, e_g, e_next, ne, lows,
                chosen, scores, ties):
            return FULL
        if later <= MAX_F and not push(heads, e_slot, e_g, e_next, ne, slot,
                                       came if greedy else g, later, h, lows, front):
            return FULL
    return RUNNING


class AStar:
    """One A* search from a position's words; `run` works in slices of a budget."""
    slice = 10_000      # expansions a caller should run between looks at the clock

    def __init__(self, words: np.ndarray, max_bytes: int, greedy: bool = False,
                 prune_dead: bool = True, tight: bool = True, fronts: int = FRONTS,
                 commute: bool = True):
        self.greedy = greedy
        self.commute = commute
        self.prune_dead = prune_dead
        self.tight = tight
        self.root = words.astype(np.int64).copy()
        nfronts = 1 if greedy else fronts
        self.slot_bytes = KEY_BYTES + 4 + (0 if greedy else 2)
        self.entry_bytes = 10
        # room for the most one expansion pushes (the root's children to every front)
        self.min_entries = nfronts * (MAX_MOVES + 1)
        entries = max(4 * self.min_entries, max_bytes // 8 // self.entry_bytes)
        self.heads = np.empty(nfronts * NBUCKETS, np.int32)
        self.lows = np.empty(nfronts, np.int64)
        self.e_slot = np.empty(entries, np.int32)
        self.e_g = np.empty(entries, np.int16)
        self.e_next = np.empty(entries, np.int32)
        nslots = slots_for(max_bytes - self.fixed_bytes(), self.slot_bytes)
        self.keys, self.size = new_table(nslots)
        self.parent = np.zeros(nslots, np.int32)
        self.gs = np.zeros(1 if greedy else nslots, np.int16)
        self.ne = np.zeros(2, np.int64)
        self.stats = np.zeros(5, np.int64)
        self.memo = dead_memo()
        self.work = astar_work()
        self.status = astar_start(self.root, self.keys, self.size, self.parent, self.gs,
                                  self.heads, self.e_slot, self.e_g, self.e_next, self.ne,
                                  self.stats, self.lows, greedy)

    @property
    def expanded(self) -> int:
        return int(self.stats[1])

    progress = expanded     # what `run`'s budget counts

    @property
    def stored(self) -> int:
        return int(self.size[0])

    nodes = stored      # the effort measure the portfolio adds up

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        if self.greedy:
            return 0
        if self.status == WON:
            return int(self.stats[3])
        b = int(self.lows.min())
        return b // HBUCKETS if b < NBUCKETS else 0

    def fixed_bytes(self) -> int:
        """Bytes held besides the table's slots: the bucket heads and the open entries."""
        return (self.heads.nbytes + self.e_slot.nbytes + self.e_next.nbytes
                + self.e_g.nbytes)

    def table_bytes(self) -> int:
        """Bytes held by the table, its payload and the open list."""
        return self.keys.shape[0] * self.slot_bytes + self.fixed_bytes()

    def _open_full(self) -> bool:
        return int(self.ne[0]) + self.min_entries > self.e_slot.shape[0]

    def grow_within(self, avail: int) -> int | None:
        """Make room to go on within `avail` bytes in all, at the peak of the growth;
        returns that peak, or None (and nothing changes) when avail is too small."""
        peak = self.table_bytes()
        if self._open_full():
            extra = self.e_slot.shape[0] * self.entry_bytes
            if peak + extra > avail or 2 * self.e_slot.shape[0] > ENTRY_MAX:
                return None
            self._grow_open()
            peak = self.table_bytes()
        if table_full(self.size, self.keys.shape[0], MAX_MOVES):
            n = self.keys.shape[0]
            slots = next_slots(n, self.fixed_bytes(), self.slot_bytes, 4, avail,
                               self._open_reserve())
            if slots is None:
                return None
            peak = self.fixed_bytes() + n * (self.slot_bytes + 4) + slots * self.slot_bytes
            self.grow(slots=slots)
        return peak

    def _open_reserve(self) -> int:
        """Bytes a slot leaves in A*'s last growth for its open list to keep doubling;
        none in greedy search (its open list ends at 1-2% of its positions)."""
        if self.greedy:
            return 0
        return 1 + int(3 * int(self.ne[0]) / max(1, int(self.size[0])) * self.entry_bytes)

    def _grow_open(self) -> None:
        """Twice the open entries (their numbers do not change)."""
        extra = self.e_slot.shape[0]
        self.e_slot = np.concatenate([self.e_slot, np.empty(extra, np.int32)])
        self.e_next = np.concatenate([self.e_next, np.empty(extra, np.int32)])
        self.e_g = np.concatenate([self.e_g, np.empty(extra, np.int16)])
        if self.status == FULL:
            self.status = RUNNING

    def grow(self, factor: int = 4, slots: int | None = None) -> None:
        """Make the table `factor` times larger (or `slots` slots), keeping every entry:
        slot numbers change, so the payload moves and parent pointers and open entries
        are renamed."""
        slots = slots or self.keys.shape[0] * factor
        keys, size, slot_map = grow_table(self.keys, slots)
        parent = np.zeros(slots, np.int32)
        gs = self.gs if self.greedy else np.zeros(slots, np.int16)
        move_payload(self.parent, self.gs, slot_map, parent, gs, self.e_slot,
                      int(self.ne[0]), self.greedy)
        self.keys, self.size, self.parent, self.gs = keys, size, parent, gs
        if self._open_full():
            self._grow_open()
        if self.status == FULL:
            self.status = RUNNING

    def run(self, budget: int) -> int:
        if self.status == RUNNING:
            self.status = astar_run(self.keys, self.size, self.parent, self.gs, self.heads,
                                    self.e_slot, self.e_g, self.e_next, self.ne, self.stats,
                                    self.lows, budget, self.greedy, self.prune_dead,
                                    self.tight, self.memo, self.commute, self.work)
        return self.status

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        if self.stats[3] == 0:
            return []
        out = np.empty(chain_length(self.parent, int(self.stats[2])), np.int64)
        trace_path(self.root, self.keys, self.parent, int(self.stats[2]), out)
        return out.tolist()

