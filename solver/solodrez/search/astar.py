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

Open lists: one per front (see expansion.astar_run), buckets by (f, h), each a linked
list through shared entry arrays; lowest f first and, within it, lowest h (deepest)
first, newest first.  Within the last f-layer the search is a depth-first walk whose luck varies from
one tie-breaking to another by orders of magnitude (100 deals of 0-9,999 that needed over
12,000 positions with one front: median 46,486 positions with one, 2,999 with four), so
several fronts walk it together, sharing the table: a position one front stored is not
stored again, and a position one front expanded gives another nothing new.
Storage (the table holds only keys, 24 bytes a slot; the bookkeeping is here), passed to
the kernels in three tuples, table = (keys, size), payload = (parent, gs) and opens =
(heads, e_slot, e_g, e_next, ne, lows, links) (open_list.py: a list's references name a
slot or an entry), and a stats array (stats_slots.py):
    gs[slot]      uint8, A*: g, the best known distance from the root (0 for dead
                  positions; f never passes MAX_G = 255 in A*, and g <= f)
    links[slot]   int32, A*: the slot's own place in an open list (open_list.py): A*
                  keeps about one open position per stored one (partial expansion puts a
                  taken position back), so it lists them through their slots, and an
                  entry only for a slot already in a list (a shorter path found to it,
                  the root's children in the other fronts)
    parent[slot]  int32, greedy: the parent's slot + 1 (0 for the root and for dead
                  positions); A* keeps no parents and reads its line back through the
                  stored g values (table_line.py)
    heads[b]      int32, the newest reference of bucket b (front * NBUCKETS + f *
                  HBUCKETS + h), END if none
    e_slot[e]     int32, the slot the open entry e names
    e_next[e]     int32, the next reference in its bucket (or in the free list)
    e_g[e]        int16, A*: g when e was pushed (a stale entry has gs[slot] < e_g[e]);
                  greedy: the in-move code of the position (commute.came_code)
    ne            [0] entries ever used, [1] the free list's first entry, [2] the free
                  list's length (entries taken off the open list are reused: greedy
                  mode ends with 1-2% of its stored positions open, though early on it
                  can hold far more: 14710 has 700,000 open at 1.5M stored, so entries
                  must stay small)
    lows[i]       the lowest bucket of front i that may be non-empty
Greedy keeps gs, A* parent and greedy links as one-element placeholders.  Bounds: slots
below LINK_SLOTS and entries below ENTRY_MAX (open_list.py), g at most MAX_G.  A* costs
29 bytes a slot, 33 a position at 7/8 load, and its entries are few (deal 29502 at
1 GB: before, 30 bytes a slot and 1.3 open entries of 10 bytes a position, 47 bytes a
position; A* now holds 31.3M positions in 1 GiB where it held 21.5M); greedy costs 28
bytes a slot and 10 an entry.  When A*'s entries are used up and the memory has no room
to grow them, the open lists are compacted (open_list.compact: stale references
dropped, entries turned into links where their slot is in no list) and the same search
goes on: deal 83820 used up its 2.1M entries at 23.7M positions, and compaction freed
all but 39 of them in 8.9 s, so A* went on to the 31.3M its table holds.
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, is_won, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key
from .commute import NO_RULE
from .deadness import dead_memo
from .expansion import astar_run, astar_work
from .late_choice import begin, choose
from .open_list import (
    END,
    ENTRY_MAX,
    FRONTS,
    HBUCKETS,
    LINK_BYTES,
    LINK_SLOTS,
    NBUCKETS,
    OPEN_ENTRY_BYTES,
    compact,
    entries_left,
    new_open_list,
    push,
)
from .parents import chain_length, move_payload, moves_through, trace_path
from .stats_slots import ASTAR_STATS, EXPANDED, LENGTH, WIN_PARENT
from .status import FULL, LOST, RUNNING, TOO_LONG, WON  # noqa: F401  (LOST, TOO_LONG: run answers them)
from .table import (
    KEY_BYTES,
    MAX_SLOTS,
    grow_table,
    new_table,
    next_slots,
    slots_for,
    table_find,
    table_full,
    table_insert_at,
)
from .table_line import line_to
from .tight import LATE_AFTER

# A* keeps a test on where it proves at least 1 bound in ASTAR_LATE_RATE (late_choice.py),
# twice as readily as the layered search: a proof also keeps the position's children out
# of the table.  Deal 292 (1 GB): the third test proves 13-26% of the bounds it tests,
# and stores 12.1M positions always on, 18.6M chosen at late_choice's 1 in 5; deal 19679:
# 5-8%, 9.7M positions always on, 10.2M chosen, in half the time (reports/hard-tail/
# astar-tests.md).
ASTAR_LATE_RATE = 10


@njit(cache=True, nrt=True)
def astar_start(root, table, payload, opens, stats, greedy):
    """Store the root and open it (the tuples as in expansion.astar_run); WON when the
    root is won (nothing stored), else RUNNING."""
    keys, size = table
    parent, gs = payload
    heads, ne, lows = opens[0], opens[4], opens[5]
    heads[:] = END
    ne[0] = 0
    ne[1] = END
    ne[2] = 0
    stats[:] = 0
    lows[:] = NBUCKETS
    if is_won(root):
        stats[WIN_PARENT] = -1
        return WON
    key = np.empty(KEY_WORDS, np.int64)
    canonical_key(root, np.empty(NCOLS, np.int64), key)
    slot = table_insert_at(keys, size, table_find(keys, key), key)
    if greedy:
        parent[slot] = 0
    else:
        gs[slot] = 0
    h0 = lower_bound(root)
    push(opens, slot, NO_RULE if greedy else 0, h0, h0, 0)
    return RUNNING


def _extended(a: np.ndarray, n: int) -> np.ndarray:
    """a with room for n entries, its own first."""
    out = np.empty(n, a.dtype)
    out[:a.shape[0]] = a
    return out


class AStar:
    """One A* search from a position's words; `run` works in slices of a budget."""
    slice = 10_000      # expansions a caller should run between looks at the clock

    def __init__(self, words: np.ndarray, max_bytes: int, greedy: bool = False,
                 prune_dead: bool = True, tight: bool = True, fronts: int = FRONTS,
                 commute: bool = True, late: bool | None = None):
        self.greedy = greedy
        self.commute = commute
        self.prune_dead = prune_dead
        self.tight = tight
        self.root = words.astype(np.int64).copy()
        nfronts = 1 if greedy else fronts
        self.slot_bytes = KEY_BYTES + (4 if greedy else 1 + LINK_BYTES)
        # tight.py's tests: the first two on every position taken in its own layer; from
        # this many stored positions on (None: never), the third too, or with late=None
        # all three chosen slice by slice (late_choice.py)
        self.late_after = LATE_AFTER if late is None else (0 if late else None)
        self.modes = (greedy, prune_dead, tight, commute)     # expansion.astar_run's
        # room for the most one expansion pushes (the root's children to every front)
        self.min_entries = nfronts * (MAX_MOVES + 1)
        # greedy: an entry for every open position; A*: for a shorter path found to a
        # position already open (deal 957: 3,085 entries at 203,214 positions)
        share = 8 if greedy else 64
        entries = max(4 * self.min_entries, max_bytes // share // OPEN_ENTRY_BYTES)
        self.opens = new_open_list(nfronts, entries, 0)
        nslots = slots_for(max_bytes - self.fixed_bytes(), self.slot_bytes)
        if not greedy:
            nslots = min(nslots, LINK_SLOTS)
            self.opens = self.opens[:6] + (np.zeros(nslots, np.int32),)
        self.keys, self.size = new_table(nslots)
        self.parent = np.zeros(nslots if greedy else 1, np.int32)
        self.gs = np.zeros(1 if greedy else nslots, np.uint8)
        self.stats = np.zeros(ASTAR_STATS, np.int64)
        self.memo = dead_memo()
        self.work = astar_work()
        self.chosen = False         # whether late_choice chooses the tests (past late_after)
        begin(self.work[5], self.late_after == 0, False)
        self.status = astar_start(self.root, self.table, self.payload, self.opens,
                                  self.stats, greedy)

    @property
    def table(self):
        """(keys, size), as the kernels take the table."""
        return self.keys, self.size

    @property
    def payload(self):
        """(parent, gs), as the kernels take them."""
        return self.parent, self.gs

    @property
    def e_slot(self) -> np.ndarray:
        """The slot each open entry names (open_list.py)."""
        return self.opens[1]

    @property
    def links(self) -> np.ndarray:
        """A*: each slot's place in the open lists (open_list.py)."""
        return self.opens[6]

    @property
    def ne(self) -> np.ndarray:
        """[0] open entries ever used, [1] the head of their free list, [2] its length."""
        return self.opens[4]

    @property
    def expanded(self) -> int:
        return int(self.stats[EXPANDED])

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
            return int(self.stats[LENGTH])
        b = int(self.opens[5].min())      # the lowest bucket of any front
        return b // HBUCKETS if b < NBUCKETS else 0

    def fixed_bytes(self) -> int:
        """Bytes held besides the table's slots (with their links): the bucket heads and
        the open entries (none once the search gave them up: path, frontier.Frontier)."""
        if self.opens is None:
            return 0
        heads, e_slot, e_g, e_next = self.opens[:4]
        return heads.nbytes + e_slot.nbytes + e_next.nbytes + e_g.nbytes

    def table_bytes(self) -> int:
        """Bytes held by the table, its payload and the open list."""
        return self.keys.shape[0] * self.slot_bytes + self.fixed_bytes()

    def _open_full(self) -> bool:
        return int(entries_left(self.opens)) < self.min_entries

    def grow_within(self, avail: int) -> int | None:
        """Make room to go on within `avail` bytes in all, at the peak of the growth;
        returns that peak, or None (and nothing changes) when avail is too small.

        The open list doubles while that fits, else takes what is left, and A*'s is
        compacted when nothing is left (_compacted).  The table grows fourfold while
        small (table.next_slots), then takes all the rest at once: A*'s open list runs
        through the slots and needs few entries, and the old table's bytes come back
        after the growth for more.  (Before, with an entry for every open position, A*
        stopped at 1 GB with 21.5M positions: deal 29502.)"""
        peak = self.table_bytes()
        if self._open_full():
            grown = self._open_room(avail)
            if grown is not None:
                self._grow_open(grown)
                peak = self.table_bytes()
            elif not self._compacted():
                return None
        if table_full(self.size, self.keys.shape[0], MAX_MOVES):
            n = self.keys.shape[0]
            slots = next_slots(n, self.fixed_bytes(), self.slot_bytes, 4, avail,
                               MAX_SLOTS if self.greedy else LINK_SLOTS)
            if slots is None:
                return None
            peak = max(peak, self.fixed_bytes() + n * (self.slot_bytes + 4)
                       + slots * self.slot_bytes)
            self.grow(slots=slots)
        return peak

    def _open_room(self, avail: int) -> int | None:
        """The open entries to grow to when they are used up: twice as many, or all
        that avail leaves (old and new entries are held at once while copying); None
        when that is less than an expansion more."""
        e = self.e_slot.shape[0]
        table = self.keys.shape[0] * self.slot_bytes + self.opens[0].nbytes
        most = (avail - table - e * OPEN_ENTRY_BYTES) // OPEN_ENTRY_BYTES
        grown = min(2 * e, most, ENTRY_MAX)
        return grown if grown >= e + self.min_entries else None

    def _compacted(self) -> bool:
        """A*, when its entries are used up and cannot grow: the stale references dropped
        from the open lists and the entries of slots in no list turned into links
        (open_list.compact: the same search goes on); True when that freed at least an
        eighth of the entries (less would have it compact again and again)."""
        if self.greedy:
            return False
        freed = int(compact(self.opens, self.gs))
        if freed < max(self.min_entries, self.e_slot.shape[0] // 8):
            return False
        if self.status == FULL:
            self.status = RUNNING
        return True

    def _grow_open(self, entries: int | None = None) -> None:
        """More open entries (twice as many by default); their numbers do not change."""
        heads, e_slot, e_g, e_next, ne, lows, links = self.opens
        n = entries or 2 * e_slot.shape[0]
        e_slot, e_g, e_next = (_extended(a, n) for a in (e_slot, e_g, e_next))
        self.opens = heads, e_slot, e_g, e_next, ne, lows, links
        if self.status == FULL:
            self.status = RUNNING

    def grow(self, factor: int = 4, slots: int | None = None) -> None:
        """Make the table `factor` times larger (or `slots` slots), keeping every entry:
        slot numbers change, so the payload and the links move, and parent pointers and
        the open lists' references are renamed."""
        slots = slots or self.keys.shape[0] * factor
        keys, size, slot_map = grow_table(self.keys, slots)
        if self.greedy:
            parent, gs, links = np.zeros(slots, np.int32), self.gs, self.links
        else:
            parent, gs = self.parent, np.zeros(slots, np.uint8)
            links = np.zeros(slots, np.int32)
        move_payload((self.parent, self.gs), slot_map, (parent, gs), self.opens, links,
                     self.greedy)
        self.opens = self.opens[:6] + (links,)
        self.keys, self.size, self.parent, self.gs = keys, size, parent, gs
        if self._open_full():
            self._grow_open()
        if self.status == FULL:
            self.status = RUNNING

    def run(self, budget: int) -> int:
        if self.status == RUNNING:
            if not self.chosen and self.late_after not in (None, 0) and \
                    self.stored >= self.late_after:
                self._tests_from_now()
            self.status = astar_run(self.table, self.payload, self.opens, self.stats, budget,
                                    self.modes, self.memo, self.work)
            choose(self.work[5], self.chosen, ASTAR_LATE_RATE)
        return self.status

    def _tests_from_now(self) -> None:
        """Past late_after stored positions (late=None): all three tests chosen slice by
        slice from the next slice on (late_choice.py), the third on until measured."""
        begin(self.work[5], False, True)
        self.chosen = True

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        if self.stats[LENGTH] == 0:
            return []
        win_parent = int(self.stats[WIN_PARENT])
        if not self.greedy:
            self.opens = None       # the search is over: its links make room to read back
            return moves_through(self.root, line_to(self.keys, self.gs, win_parent))
        out = np.empty(chain_length(self.parent, win_parent), np.int64)
        trace_path(self.root, self.keys, self.parent, win_parent, out)
        return out.tolist()

