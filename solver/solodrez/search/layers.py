"""Shortest solutions within a fixed memory: breadth-first heuristic search by depth layers
(numba kernels), for the deals whose A* table outgrows --max-memory.

Iteration T builds the layers of depth g = 0, 1, ... from the root: layer g + 1 holds the
children c of layer g's positions with g + 1 + h(c) <= T (h = `engine.lower_bound`), one
of each canonical key, under exactly IDA*'s rules for a child (ida.py `_next_child`: at
f = g + h = T a parent lists only the moves that lower h, `rules.productive`; a child at
f = T is dropped where `tight.bound_not_exact` proves h not exact, one below T where
`deadness.is_dead` proves it lost).  Only the layer being expanded and the one being built
keep their keys (24 bytes a position, and an index of 4-byte slots over the one being
built); every layer keeps, for each of its positions, its parent's place in the layer
before and the move (6 bytes), so that a win's line can be read back.  The iteration stops
at the first win generated, or when a layer comes out empty; T starts at a proven lower
bound and goes up by one after an iteration without a win.

Proof of optimality.  Let L be the length of a shortest win and p_0 (the root), ..., p_L a
shortest winning line; p_i is at distance exactly i from the root and L - i from a win.
(1) If T >= L, p_i is in layer i for every i < L, unless a win is generated first.  p_0
    is layer 0.  If p_i is in layer i, it is expanded and all its children with
    f <= T are generated (every legal move up to canonical duplicates,
    `engine.generate_moves` with pruning; at f = T only moves lowering h can keep
    f <= T, since h drops by at most one a move, and `rules.productive` lists just those),
    p_{i+1} among them at g = i + 1, with f = i + 1 + h(p_{i+1}) <= L <= T (h is
    admissible, and so is h + 1 where the exactness test raises it); it is not dead (a
    win is reached from it).  So it is put in layer i + 1, or is there already.  Then p_{L-1}'s expansion
    generates the win.
(2) Every position of layer g is reached by a line of g moves (its parents' places and
    moves are that line), so a win generated from layer g is g + 1 <= T moves long
    (h = 0 at a win, and f <= T).
(3) T starts at a proven lower bound on L and grows by one only after an iteration with
    no win, which by (1) proves L > T; so the first iteration with a win has T = L, and
    by (2) its win has at most L moves: a shortest solution.
With an upper bound U (a known win), an iteration T = U - 1 with no win proves U shortest.
A position met again in a later layer (by a longer line) is simply expanded again: the
proof never asks that a layer be free of earlier layers' positions, so no earlier layer's
keys are needed (on Solodrez such repeats are rare: reports/hard-tail/layers.md).  Like
IDA*, this never answers LOST.

Memory: the two layers' keys, the index (INDEX_PER_ROOM slots a place), the 6-byte records
of every layer; --max-memory bounds them.  When a layer would outgrow it, the records are
dropped (every layer's, and 6 bytes a place of the layers still to come) and the iteration
goes on; a win it meets then has T moves, proven shortest by (3), and IDA* at bound T
(which finds a win of at most T moves when one exists: ida.py) reads a line of T moves
back.  A layer that outgrows max_memory even so answers FULL, and the search can go no
further (UNKNOWN, memory).
"""
from __future__ import annotations

import numpy as np

from ...common.allocator import MMAP_THRESHOLD
from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key, key_hash, key_to_columns
from ..rules.productive import generate_productive
from .deadness import dead_memo, is_dead
from .ida import IdaStar
from .open_list import MAX_F
from .parents import read_line
from .status import FULL, RUNNING, TOO_LONG, WON
from .tight import LATE_AFTER, bound_not_exact, tight_scratch

INDEX_PER_ROOM = 3 / 2      # index slots per place of the layer being built (load <= 2/3)
RECORD_BYTES = 4 + 2        # a position's record: its parent's place, the move
PLACE_BYTES = int(8 * KEY_WORDS + 4 * INDEX_PER_ROOM) + RECORD_BYTES    # key, index, record
FIRST_ROOM = 1 << 10

# the slots of LayeredSearch.st
THRESHOLD = 0       # T, the f bound of this iteration
DEPTH = 1           # g, the layer being expanded
NEXT = 2            # the next position of that layer to expand
BUILT = 3           # the positions in layer g + 1 so far
EXPANDED = 4        # expansions so far (what `run`'s budget counts)
WIN_PARENT = 5      # after a win: its parent's place in layer g
WIN_MOVE = 6        # ... and the move
STORED = 7          # positions put in a layer, in every iteration
ST_SLOTS = 8


@njit(cache=True, inline="always")
def _index_find(index, keys, key):
    """The place of key in the layer being built (keys), or -(slot+2) of the empty index
    slot where it would go."""
    n = index.shape[0]
    slot = np.int64(((key_hash(key) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))
    while True:
        p = index[slot]
        if p == 0:
            return -(slot + 2)
        p -= 1
        if keys[p, 0] == key[0] and keys[p, 1] == key[1] and keys[p, 2] == key[2]:
            return p
        slot += 1
        if slot == n:
            slot = 0


@njit(cache=True)
def reindex(keys, n, index):
    """Index keys[0:n] in an empty index (after the layer's arrays grew)."""
    index[:] = 0
    for p in range(n):
        index[-_index_find(index, keys, keys[p]) - 2] = p + 1


@njit(cache=True)
def layer_run(cur, ncur, nxt, index, par, mv, st, budget, memo, work, late):
    """Expand layer st[DEPTH] (cur[0:ncur]) from its position st[NEXT] on, into the layer
    being built (nxt, par, mv, index), for up to `budget` expansions: RUNNING (call again;
    st[NEXT] == ncur when the layer is done), WON (a win: st[WIN_PARENT], st[WIN_MOVE])
    or FULL (no room for a child: grow the arrays and call again; the position being
    expanded is expanded again, its children already built found as duplicates)."""
    cols, child, scratch, key, moves, outlooks, tight = work
    t_digits, t_counted, t_lengths, t_work = tight
    g, threshold = st[DEPTH], st[THRESHOLD]
    room = nxt.shape[0]
    done = 0
    while st[NEXT] < ncur and done < budget:
        i = st[NEXT]
        key_to_columns(cur[i], cols)
        h = lower_bound(cols)
        if g + h == threshold:
            n = generate_productive(cols, moves)
            for j in range(n):
                outlooks[j] = 0     # each lowers h by one
        else:
            n = generate_moves(cols, moves, True, outlooks)
        for j in range(n):
            h2 = h + (outlooks[j] & 3) - 1
            f2 = g + 1 + h2
            if f2 > threshold:
                continue
            for c in range(NCOLS):
                child[c] = cols[c]
            apply_move(child, moves[j])
            if h2 == 0 and is_won(child):
                st[WIN_PARENT] = i
                st[WIN_MOVE] = moves[j]
                return WON
            canonical_key(child, scratch, key)
            found = _index_find(index, nxt, key)
            if found >= 0:      # (found before the tests: most children are found again)
                continue
            if f2 == threshold and h2 > 1 and \
                    bound_not_exact(child, t_digits, t_counted, t_lengths, t_work, late):
                continue
            if f2 < threshold and is_dead(child, memo):
                continue
            nn = st[BUILT]
            if nn == room:
                return FULL
            for w in range(KEY_WORDS):
                nxt[nn, w] = key[w]
            if par.shape[0]:        # (none once the records are dropped)
                par[nn] = i
                mv[nn] = moves[j]
            index[-found - 2] = nn + 1
            st[BUILT] = nn + 1
            st[STORED] += 1
        st[NEXT] = i + 1
        st[EXPANDED] += 1
        done += 1
    return RUNNING


def _index_slots(room: int) -> int:
    return max(room + 1, int(room * INDEX_PER_ROOM))      # one slot stays empty


def _work():
    return (np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64),
            np.zeros(KEY_WORDS, np.int64), np.zeros(MAX_MOVES, np.int64),
            np.zeros(MAX_MOVES, np.int64), tight_scratch())


class LayeredSearch:
    """Breadth-first heuristic search by layers from a position's words within
    `max_bytes`; `run` works in slices of a budget, like ida.IdaStar, so solve's limits
    stop it between slices.  `start`: a proven lower bound to begin at; `upper`: the moves
    of a known win, proven shortest once T reaches their count.  `notify(text)` hears
    each bound proven.  When a layer would outgrow max_bytes, the records are dropped
    (the rest of the iteration, and later ones, keep none); a win met without them has a
    proven length T, and IDA* at bound T (ida.IdaStar, within the same memory) reads a
    line of T moves back."""
    slice = 20_000
    what = "the layered search"

    def __init__(self, words: np.ndarray, max_bytes: int, start: int = 0,
                 upper: list[int] | None = None, notify=None, late: bool | None = None,
                 records: bool = True):
        self.root = words.astype(np.int64).copy()
        self.max_bytes = int(max_bytes)
        # tight.py's third test: on unless DREZ_LATE_BOUND=0 (deal 292's exhaustive pass to
        # 51 moves: 9.6M positions with it, 22.5M without, in about the same time)
        self.late = LATE_AFTER is not None if late is None else bool(late)
        self.notify = notify
        self.upper = None if upper is None else list(upper)
        self.st = np.zeros(ST_SLOTS, np.int64)
        self.st[THRESHOLD] = max(int(start), int(lower_bound(self.root)))
        self.top = MAX_F + 2 if upper is None else len(upper)
        self.memo = dead_memo()
        self.work = _work()
        self.root_key = np.zeros(KEY_WORDS, np.int64)
        canonical_key(self.root, np.zeros(NCOLS, np.int64), self.root_key)
        self.status = RUNNING
        self.length = None          # after WON: the win's length
        self.found = False          # ... and whether this search met it (else `upper`)
        self.widest = 1
        self.peak = 0
        self.lined = bool(records)  # keeping the records (else they were dropped)
        self.records = []
        self.reader = None          # IDA* reading back a win met without the records
        self.cur = self.nxt = self.par = self.mv = self.index = None
        if is_won(self.root):
            self.status, self.length = WON, 0
        elif self.threshold >= self.top:     # the known win is as short as the bound
            self.status, self.length = WON, self.top
        else:
            self._begin()

    def _begin(self) -> None:
        """Start iteration st[THRESHOLD]: layer 0 is the root."""
        self.st[DEPTH] = self.st[NEXT] = self.st[BUILT] = 0
        self.cur, self.ncur = self.root_key.reshape(1, KEY_WORDS).copy(), 1
        self.records = []           # (parents, moves) of layers 1, 2, ...
        self.nxt = self.par = self.mv = self.index = None
        self._make_layer(FIRST_ROOM)

    def _place_bytes(self) -> int:
        return PLACE_BYTES - (0 if self.lined else RECORD_BYTES)

    def _make_layer(self, room: int) -> None:
        """Arrays for a layer of `room` positions (fewer if max_bytes leaves less)."""
        room = max(0, min(room, (self.max_bytes - self._held()) // self._place_bytes()))
        self.nxt = np.zeros((room, KEY_WORDS), np.int64)
        lined = room if self.lined else 0
        self.par = np.zeros(lined, np.int32)
        self.mv = np.zeros(lined, np.int16)
        self.index = np.zeros(_index_slots(room), np.int32)
        self._note()

    @property
    def expanded(self) -> int:
        return int(self.st[EXPANDED]) + (self.reader.expanded if self.reader else 0)

    progress = expanded     # what `run`'s budget counts
    nodes = expanded        # the effort measure solve() adds up

    @property
    def stored(self) -> int:
        return int(self.st[STORED]) + (self.reader.stored if self.reader else 0)

    @property
    def threshold(self) -> int:
        return int(self.st[THRESHOLD])

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        return self.length if self.status == WON else self.threshold

    def _held(self) -> int:
        arrays = [self.cur, self.nxt, self.par, self.mv, self.index]
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
        that avail leaves, after dropping the records if they are kept); the peak held,
        or None when avail leaves no room for more."""
        nn = int(self.st[BUILT])
        room = self._room_within(nn, avail)
        if room <= nn and self.lined:
            self._drop_records()
            room = self._room_within(nn, avail)
        if room <= nn:
            return None
        self.index = None
        # the arrays grow in place (glibc's realloc remaps large blocks without a copy);
        # blocks below the mmap threshold may be copied: counted
        copied = sum(a.nbytes for a in (self.nxt, self.par, self.mv) if a.nbytes < MMAP_THRESHOLD)
        self.nxt.resize((room, KEY_WORDS), refcheck=False)
        if self.lined:
            self.par.resize(room, refcheck=False)
            self.mv.resize(room, refcheck=False)
        self._note(copied)
        self.index = np.zeros(_index_slots(room), np.int32)
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
        left = min(avail, self.max_bytes) - others - copied
        return min(max(2 * nn, FIRST_ROOM), left // self._place_bytes())

    def _drop_records(self) -> None:
        """Keep no more records in this iteration: a win it meets is read back by IDA*."""
        self.lined = False
        self.records = []
        self.par = np.zeros(0, np.int32)
        self.mv = np.zeros(0, np.int16)
        if self.notify:
            self.notify(f"{self.what}: memory is short at {self.threshold} moves; the "
                        f"records of the line are dropped (IDA* would read a win back)")

    def run(self, budget: int) -> int:
        if self.reader is not None:     # after a win met without the records
            self.status = self.reader.run(budget)
            return self.status
        if self.status != RUNNING:
            return self.status
        status = layer_run(self.cur, self.ncur, self.nxt, self.index, self.par, self.mv,
                           self.st, budget, self.memo, self.work, self.late)
        if status == WON:
            self.length = int(self.st[DEPTH]) + 1
            self.found, self.status = True, WON if self.lined else RUNNING
            self._free()
            if not self.lined:
                self._start_reading()
        elif status == FULL:
            self.status = FULL
        elif self.st[NEXT] == self.ncur:
            self._next_layer()
        return self.status

    def _start_reading(self) -> None:
        """A win of T = length moves, met without the records: L = T is proven (the
        iterations below T met none); IDA* at bound T finds a line of T moves."""
        if self.notify:
            self.notify(f"{self.what}: a win of {self.length} moves, the shortest; IDA* "
                        f"reads its moves back")
        self.reader = IdaStar(self.root, self.max_bytes, start=self.length)

    def _next_layer(self) -> None:
        """Layer g + 1 is built: it becomes the one expanded; an empty one ends the
        iteration (no win of at most T moves: L > T)."""
        nn = int(self.st[BUILT])
        if nn == 0:
            self.st[THRESHOLD] += 1
            t = self.threshold
            if self.notify:
                self.notify(f"{self.what}: no solution of {t - 1} moves "
                            f"({self.expanded:,} expansions so far)")
            if t >= self.top:
                self.status, self.length = WON, self.top
                self._free()
            elif t > MAX_F:
                self.status = TOO_LONG
            else:
                self._free()
                self._begin()
            return
        self.widest = max(self.widest, nn)
        self.cur = self.index = None
        # trimmed in place to the layer's positions (large blocks shrink without a copy)
        self.nxt.resize((nn, KEY_WORDS), refcheck=False)
        if self.lined:
            self.par.resize(nn, refcheck=False)
            self.mv.resize(nn, refcheck=False)
            self.records.append((self.par, self.mv))
        self.cur, self.ncur = self.nxt, nn
        self.nxt = self.par = self.mv = None
        self._make_layer(max(FIRST_ROOM, nn + nn // 2))
        self.st[DEPTH] += 1
        self.st[NEXT] = self.st[BUILT] = 0

    def _free(self) -> None:
        self.cur = self.nxt = self.par = self.mv = self.index = None

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        if self.length == 0:
            return []
        if not self.found:
            return list(self.upper)
        if self.reader is not None:
            return self.reader.path()
        return read_line(self.root, self.root_key, self.records, int(self.st[WIN_PARENT]),
                         int(self.st[WIN_MOVE]))
