"""Shortest solutions within a fixed memory: breadth-first heuristic search by depth layers
(numba kernels), for the deals whose A* table outgrows --max-memory.

Iteration T builds the layers of depth g = 0, 1, ... from the root: layer g + 1 holds the
children c of layer g's positions with g + 1 + h(c) <= T (h = `engine.lower_bound`), one
of each canonical key, under IDA*'s rules for a child (ida.py `_next_child`, `_dropped`:
at f = g + h = T a parent lists only the moves that lower h, `rules.productive`; a child
at f = T is dropped where tight.py's tests, as late_choice.py chooses them, prove h not
exact, or where a key so proven is remembered; one below T where `deadness.is_dead`
proves it lost).  Only the layer being expanded and the one being built keep their keys
(24 bytes a position; an index of 4-byte slots over the one being built); every layer
keeps each position's parent's place in the layer before and the move (6 bytes), to read
a win's line back.  The iteration stops at the first win generated, or when a layer
comes out empty; T starts at a proven lower bound, up one after an iteration with no win.

Proof of optimality.  Let L be the length of a shortest win and p_0 (the root), ..., p_L a
shortest winning line; p_i is at distance exactly i from the root and L - i from a win.
(1) If T >= L, p_i is in layer i for every i < L, unless a win is generated first.  p_0
    is layer 0.  If p_i is in layer i, it is expanded and all its children with
    f <= T are generated (every legal move up to canonical duplicates,
    `engine.generate_moves` with pruning; at f = T only moves lowering h can keep
    f <= T, since h drops by at most one a move, and `rules.productive` lists just those),
    p_{i+1} among them at g = i + 1, with f = i + 1 + h(p_{i+1}) <= L <= T (h is
    admissible, and so is h + 1 where an exactness test, or a key it proved, raises
    it); it is not dead (a win is reached from it).  So it is put in layer i + 1, or is
    there already.  Then p_{L-1}'s expansion generates the win.
(2) Every position of layer g is reached by a line of g moves (its parents' places and
    moves are that line), so a win generated from layer g is g + 1 <= T moves long
    (h = 0 at a win, and f <= T).
(3) T starts at a proven lower bound on L and grows by one only after an iteration with
    no win, which by (1) proves L > T; so the first iteration with a win has T = L, and
    by (2) its win has at most L moves: a shortest solution.
With an upper bound U (a known win), an iteration T = U - 1 with no win proves U shortest.
A position met again in a later layer (by a longer line) is simply expanded again: the
proof never asks that a layer be free of earlier layers' positions, so no earlier layer's
keys are needed (on Solodrez such repeats are rare: reports/hard-tail/layers.md).  Never LOST.

Memory: the two layers' keys, the index (INDEX_PER_ROOM slots a place), the 6-byte records
of every layer, the keys proven not exact (layer_kernel.not_exact_memory: at most 24 MB);
--max-memory bounds them.  When a layer would outgrow it (the tests on), the records give
way to relays (relay.py: the first k layers' kept, and 4 bytes a place of the two layers
held), then to nothing, the layer being built going on where it was ((1) asks only that
each child be put in).  A win met then has T moves, proven shortest by (3); IDA* from its
relay, or from the root, reads a line back (relay.py).  A layer that outgrows the memory
with neither is given up, and the iteration walks depth first from the layer expanded in
the memory left (walk.py, with its proof): a walk with no win proves L > T like an empty
layer; a win it meets is read back by IDA* from the root.  When not even the walk's least
table fits, FULL, and the search can go no further (UNKNOWN, memory).
"""
from __future__ import annotations

import numpy as np

from ...common.allocator import MMAP_THRESHOLD
from ..rules.engine import NCOLS, is_won, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key
from . import late_choice
from .deadness import dead_memo
from .ida import STACK_LEVEL_BYTES
from .ida_table import ENTRY_BYTES, MIN_ENTRIES
from .layer_kernel import (
    BUILT,
    DEPTH,
    EXPANDED,
    INDEX_PER_ROOM,
    NEXT,
    NO_A_TABLE,
    ST_SLOTS,
    STORED,
    TESTS_AT,
    THRESHOLD,
    WIN_PARENT,
    index_slots,
    keep_exact,
    layer_run,
    not_exact_memory,
    reindex,
    work_arrays,
)
from .open_list import MAX_F
from .parents import layer_line_keys, moves_through
from .relay import RECORD_BYTES, RelayReader, give_way
from .status import FULL, RUNNING, TOO_LONG, WON
from .walk import LayerWalk

RELAY_BYTES = 4             # a position's relay: its ancestor's place in the relay layer
PLACE_BYTES = int(8 * KEY_WORDS + 4 * INDEX_PER_ROOM) + RECORD_BYTES    # key, index, record
FIRST_ROOM = 1 << 10
NO_RELAY = np.zeros(0, np.int32)    # for the kernel: the layer expanded has no relays
WALK_LEAST = MIN_ENTRIES * ENTRY_BYTES + (64 << 10)    # a walk's least table, memo and work


class LayeredSearch:
    """Breadth-first heuristic search by layers from a position's words within
    `max_bytes`; `run` works in slices of a budget, like ida.IdaStar, so solve's limits
    stop it between slices.  `start`: a proven lower bound to begin at; `upper`: the moves
    of a known win, proven shortest once T reaches their count.  `notify(text)` hears
    each bound proven.  When a layer would outgrow max_bytes, the records give way to
    relays, then to nothing, then the walk from the layer before (walk.py) takes over
    (the module docstring); IDA* reads a win met without the records back (relay.py).
    `records=False`: no records, no relays.
    `late`: the third test always, never, or all tests chosen (None: late_choice)."""
    slice = 20_000
    what = "the layered search"

    def __init__(self, words: np.ndarray, max_bytes: int, start: int = 0,
                 upper: list[int] | None = None, notify=None, late: bool | None = None,
                 records: bool = True):
        self.root = words.astype(np.int64).copy()
        self.max_bytes = int(max_bytes)
        self.given, (self.always, self.adaptive) = late, late_choice.policy(late)
        self.notify = notify
        self.upper = None if upper is None else list(upper)
        self.st = np.zeros(ST_SLOTS, np.int64)
        self.tests = self.st[TESTS_AT:]     # the exactness tests the layers run
        self.st[THRESHOLD] = max(int(start), int(lower_bound(self.root)))
        self.top = MAX_F + 2 if upper is None else len(upper)
        self.memo = dead_memo()
        self.not_exact = not_exact_memory(self.max_bytes)
        self.work = work_arrays()
        self.root_key = np.zeros(KEY_WORDS, np.int64)
        canonical_key(self.root, np.zeros(NCOLS, np.int64), self.root_key)
        self.status = RUNNING
        self.length = None          # after WON: the win's length
        self.found = False          # ... and whether this search met it (else `upper`)
        self.widest = 1
        self.peak = 0
        self.records_wanted = bool(records)
        self.lined = self.records_wanted    # keeping the records (else they were dropped)
        self.relayed = False        # ... or relays in their place (relay.py)
        self.records = []           # (parents, moves) of layers 1, 2, ... (1..k with relays)
        self.relay = None           # the relays of the layer expanded, if relayed
        self.reader = None          # IDA* reading back a win met without the records
        self.walker = None          # the walk from the deepest layer (walk.py), if on
        self.walked = self.walked_stored = 0    # expansions and stores of walks ended
        self.line = None            # a win's moves, once read
        self.cur = self.nxt = self.par = self.mv = self.index = None
        if is_won(self.root):
            self.status, self.length = WON, 0
        elif self.threshold >= self.top:     # the known win is as short as the bound
            self.status, self.length = WON, self.top
        else:
            self._begin()

    def _begin(self) -> None:
        """Start iteration st[THRESHOLD]: layer 0 is the root."""
        late_choice.begin(self.tests, self.always, self.adaptive)
        self.st[DEPTH] = self.st[NEXT] = self.st[BUILT] = 0
        self.lined, self.relayed, self.relay = self.records_wanted, False, None
        self.cur, self.ncur = self.root_key.reshape(1, KEY_WORDS).copy(), 1
        self.records = []
        self.nxt = self.par = self.mv = self.index = None
        self._make_layer(FIRST_ROOM)

    def _place_bytes(self) -> int:
        return PLACE_BYTES - RECORD_BYTES + (RECORD_BYTES if self.lined else
                                             RELAY_BYTES if self.relayed else 0)

    def _make_layer(self, room: int) -> None:
        """Arrays for a layer of `room` positions (fewer if max_bytes leaves less)."""
        room = max(0, min(room, (self.max_bytes - self._held() - self._walk_least())
                              // self._place_bytes()))
        self.nxt = np.zeros((room, KEY_WORDS), np.int64)
        self.par = np.zeros(room if self.lined or self.relayed else 0, np.int32)
        self.mv = np.zeros(room if self.lined else 0, np.int16)
        self.index = np.zeros(index_slots(room), np.int32)
        self._note()

    @property
    def expanded(self) -> int:
        return int(self.st[EXPANDED]) + self.walked + sum(
            s.expanded for s in (self.reader, self.walker) if s is not None)

    progress = expanded     # what `run`'s budget counts
    nodes = expanded        # the effort measure solve() adds up

    @property
    def stored(self) -> int:
        return int(self.st[STORED]) + self.walked_stored + sum(
            s.stored for s in (self.reader, self.walker) if s is not None)

    threshold = property(lambda self: int(self.st[THRESHOLD]))

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        return self.length if self.status == WON else self.threshold

    def _held(self) -> int:
        arrays = [self.not_exact, self.cur, self.nxt, self.par, self.mv, self.index, self.relay]
        arrays += [a for pair in self.records for a in pair]
        return sum(a.nbytes for a in arrays if a is not None)

    def _note(self, extra: int = 0) -> None:
        self.peak = max(self.peak, self._held() + extra)

    def table_bytes(self) -> int:
        """The most bytes held at once so far (the two layers' keys, the index, the
        records; a copy while a layer grows; IDA*'s table while it reads a line back): at
        most max_bytes."""
        return max(self.peak, self.reader.table_bytes() if self.reader else 0)

    def grow_within(self, avail: int) -> int | None:
        """After FULL: room for twice as many positions in the layer being built (or all
        avail leaves); if none, the tests on for good if the third was off (late_choice.force,
        keep_exact), else the records give way to relays, or the relays to nothing (the
        layer goes on where it was), else the walk from the layer expanded.  The peak
        held, or None."""
        nn = int(self.st[BUILT])
        room = self._room_within(nn, avail)
        if room <= nn and not late_choice.force(self.tests, self.adaptive):
            if not (self.lined or self.relayed):
                return self._start_walk(avail)
            self._give_way()
            self.status = RUNNING
            return self.peak
        if room <= nn:      # the layer so far kept where the tests, now on, allow
            self.st[BUILT] = keep_exact(self.nxt, nn, self.par, self.mv, self.st,
                                        self.not_exact, self.work)
            reindex(self.nxt, int(self.st[BUILT]), self.index)
            self.status = RUNNING
            self._outgrows("the exactness tests on from here")
            return self.peak
        self.index = None
        # the arrays grow in place (glibc's realloc remaps large blocks without a copy);
        # blocks below the mmap threshold may be copied: counted
        copied = sum(a.nbytes for a in (self.nxt, self.par, self.mv) if a.nbytes < MMAP_THRESHOLD)
        self.nxt.resize((room, KEY_WORDS), refcheck=False)
        if self.lined or self.relayed:
            self.par.resize(room, refcheck=False)
        if self.lined:
            self.mv.resize(room, refcheck=False)
        self._note(copied)
        self.index = np.zeros(index_slots(room), np.int32)
        self._note()
        reindex(self.nxt, nn, self.index)
        self.status = RUNNING
        return self.peak

    def _room_within(self, nn: int, avail: int) -> int:
        """Places for the layer being built: twice nn, or what min(avail, max_bytes)
        leaves besides everything else held and a copy of its small arrays."""
        layer = [self.nxt, self.par, self.mv, self.index]
        others = self._held() - sum(a.nbytes for a in layer)
        copied = sum(a.nbytes for a in layer[:3] if a.nbytes < MMAP_THRESHOLD)
        left = min(avail, self.max_bytes) - others - copied - self._walk_least()
        return min(max(2 * nn, FIRST_ROOM), left // self._place_bytes())

    def _walk_least(self) -> int:
        """The least memory of a walk from the layer expanded (its table, stack and a
        byte a root), kept free by the layers."""
        return WALK_LEAST + (self.threshold + 2) * STACK_LEVEL_BYTES + self.ncur

    def _start_walk(self, avail: int) -> int | None:
        """The layer being built is given up (its room freed); the walk from the layer
        expanded gets what min(avail, max_bytes) leaves.  The peak held, or None."""
        self.nxt = self.par = self.mv = self.index = None
        room = min(avail, self.max_bytes) - self._held()
        if room < self._walk_least():
            return None
        g = int(self.st[DEPTH])
        self.walker = LayerWalk(self.cur, g, self.threshold, room, self.given)
        self._outgrows(f"depth first from the {self.ncur:,} positions of layer {g}")
        self._note(self.walker.table_bytes())
        self.status = RUNNING
        return self.peak

    def _walk(self, budget: int) -> int:
        """Run the walk: a win (of the bound's length, read back by IDA*), or a walk over
        (no win: the bound is proven)."""
        walk = self.walker
        if walk.run(budget) == WON:
            self.length, self.found = int(self.st[DEPTH]) + walk.length, True
            self._end_walk()
            self._start_reading(walk.root())
        elif walk.over:
            self._end_walk()
            self._no_win()
        return self.status

    def _end_walk(self) -> None:
        self.walked += self.walker.expanded
        self.walked_stored += self.walker.stored
        self.walker = None

    def _give_way(self) -> None:
        """The records give way to relays (relay.give_way, the layer being built's moves
        freed first: no more is held than before); or the relays to nothing (a win met
        from here is read back by IDA* from the root)."""
        if self.lined:
            self.mv, self.lined, self.relayed = np.zeros(0, np.int16), False, True
            self.relay, k = give_way(self.records, self.par[:int(self.st[BUILT])],
                                     int(self.st[DEPTH]), self.max_bytes)
            self._outgrows(f"the records give way to relays in layer {k} (IDA* from one "
                           f"would read a win back)")
        else:
            self.relayed, self.relay, self.records, self.par = False, None, [], NO_RELAY.copy()
            self._outgrows("the relays are dropped too (IDA* from the root would read a "
                           "win back)")

    def _outgrows(self, then: str) -> None:
        if self.notify:
            self.notify(f"{self.what}: layer {int(self.st[DEPTH]) + 1} outgrows the memory "
                        f"at {self.threshold} moves; {then}")

    def run(self, budget: int) -> int:
        if self.reader is not None:     # after a win met without the records
            self.status = self.reader.run(budget)
            return self.status
        if self.walker is not None:
            return self._walk(budget)
        if self.status != RUNNING:
            return self.status
        status = layer_run(self.cur, self.ncur, self.nxt, self.index, self.par, self.mv,
                           NO_RELAY if self.relay is None else self.relay, self.st, budget,
                           self.memo, self.not_exact, self.work, NO_A_TABLE)
        if status == WON:
            self.length = int(self.st[DEPTH]) + 1
            self.found = True
            if self.lined:
                self.status = WON
                self._free()
            else:
                self._start_reading(int(self.st[WIN_PARENT]))
        elif status == FULL:
            self.status = FULL
        elif self.st[NEXT] == self.ncur:
            self._next_layer()
        return self.status

    def _start_reading(self, place: int) -> None:
        """A win of T = length moves, met without the records through position `place`
        of the layer expanded: L = T is proven (the iterations below T met none); IDA*
        from its relay (relay.py), or from the root at bound T, finds a line of T moves.
        Everything else is freed first."""
        keys = layer_line_keys(self.root_key, self.records, int(self.relay[place])) \
            if self.relayed else np.zeros((0, KEY_WORDS), np.int64)
        self._free()
        self.records = []
        if self.notify:
            self.notify(f"{self.what}: a win of {self.length} moves, the shortest; IDA* from "
                        f"{f'its relay in layer {len(keys)}' if self.relayed else 'the root'} "
                        f"reads its moves back")
        self.reader = RelayReader(self.root, self.root_key, keys, self.length, self.max_bytes)

    def _next_layer(self) -> None:
        """Layer g + 1 is built: it becomes the one expanded; an empty one ends the
        iteration (no win of at most T moves: L > T)."""
        nn = int(self.st[BUILT])
        if nn == 0:
            self._no_win()
            return
        self.widest = max(self.widest, nn)
        self.cur = self.index = None
        # trimmed in place to the layer's positions (large blocks shrink without a copy)
        self.nxt.resize((nn, KEY_WORDS), refcheck=False)
        if self.lined:
            self.par.resize(nn, refcheck=False)
            self.mv.resize(nn, refcheck=False)
            self.records.append((self.par, self.mv))
        elif self.relayed:
            self.relay = None
            self.par.resize(nn, refcheck=False)
            self.relay = self.par
        self.cur, self.ncur = self.nxt, nn
        self.nxt = self.par = self.mv = None
        late_choice.choose(self.tests, self.adaptive)
        self._make_layer(max(FIRST_ROOM, nn + nn // 2))
        self.st[DEPTH] += 1
        self.st[NEXT] = self.st[BUILT] = 0

    def _no_win(self) -> None:
        """Iteration T met no win: L > T; the next begins (or the known win is proven)."""
        self.st[THRESHOLD] += 1
        t = self.threshold
        if self.notify:
            self.notify(f"{self.what}: no solution of {t - 1} moves "
                        f"({self.expanded:,} expansions so far)")
        self._free()
        if t >= self.top:
            self.status, self.length = WON, self.top
        elif t > MAX_F:
            self.status = TOO_LONG
        else:
            self._begin()

    def _free(self) -> None:
        self.cur = self.nxt = self.par = self.mv = self.index = self.relay = None

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        if self.length == 0:
            return []
        if not self.found:
            return list(self.upper)
        if self.reader is not None:
            return self.reader.path()
        if self.line is None:
            keys = layer_line_keys(self.root_key, self.records, int(self.st[WIN_PARENT]))
            self.line = moves_through(self.root, keys)
        return self.line
