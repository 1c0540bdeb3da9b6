"""The layered search from A*'s frontier: when A*'s table fills --max-memory at its bound
F, breadth-first layers by depth (layer_kernel.py, as layers.py builds them) finish A*'s
last f-layer from the positions A* left open, with A*'s table kept as the record of what
A* did there.  They prove that no win of F moves exists (F + 1 is then a lower bound),
or meet a win of F moves, which IDA* from the root reads back (relay.RelayReader).

Why: past A*'s memory, A*'s whole work is its last f-layer (deals 40986, 92174: still at
their root's own bound when the table filled; A*'s open positions at F are the few
hundred of a depth-first walk), and the layered search from the root would do that work
again before going on (40986: 38.6M expansions for its pass at 47, after A*'s 31.3M
positions).  From A*'s frontier only the rest of the layer is left
(reports/hard-tail/frontier-layers.md).

The roots are those of `frontier.Frontier(search, through=F)`: the positions with a live
reference in A*'s open list at a value v <= F.  Layer g holds the roots whose g in A*'s
table is g, and the children c of layer g - 1's positions with g + h(c) <= F under the
layered search's rules for a child (layers.py: at f = F only moves that lower h; one of
each canonical key; dropped where tight.py's tests, as late_choice.py chooses them, prove
h not exact at f = F, or where deadness.is_dead proves c lost below F), and one more: a
child that A*'s table holds at a g' <= g is dropped, while that table is kept.  The
layers run from the least g of a root until one is empty with no root deeper.

Proof.  F is a proven lower bound (A*'s).  Suppose a win of F moves exists, so L = F, and
let p_0 (the root), ..., p_F be one: p_i is at distance exactly i from the root.  Let k be
the largest index with p_k in A*'s table at g = k (p_0 is, at 0; the won p_F is never
stored).  By frontier.py's proof, part (a), p_k has a live open reference with v <= L =
F: it is a root, put in layer k.  If p_i is in layer i (k <= i < F - 1), its expansion
generates p_{i+1} with i + 1 + h <= F (h, and h + 1 where a test proves it, is
admissible), and it is not dropped: it is not lost; at f = F its h is its distance, so no
test proves h not exact; A*'s table, while kept, holds it at no g' <= i + 1 (g' >= its
distance i + 1, and g' = i + 1 would contradict the choice of k).  So it is put in layer
i + 1 or is there already, and p_{F-1}'s expansion generates the win.  Conversely every
position of layer g is reached by a line of g moves (a root by A*'s, whose g values are
lengths of lines; a child through its parent), so a win generated from layer g has
g + 1 <= F moves, hence exactly F.  So layers running out with no win prove L > F, and a
win met is a shortest one; IDA* from the root at bound F then finds a win of F moves
(ida.py's proof).  Like the others, this search never answers LOST.

Memory, all within max_bytes: A*'s table and g values (the Frontier's; its roots are
taken), the roots' keys and g in their order by g, the two layers' keys, the index of the
one being built, the not-exact memory.  When a layer outgrows max_bytes, A*'s table is
freed and its rule dropped (the proof holds with or without it: what A* expanded is
expanded again where a layer meets it), which gives the layers most of max_bytes (at 1
GB the 170 MB beside A*'s table ran out at depth 18-25 on 6 of the 15 deals past A*'s
memory); when a layer outgrows it again the tests go on for good (late_choice.force);
after that the search gives up (grow_within: None), and solve goes on from F without it.
"""
from __future__ import annotations

import numpy as np

from ...common.allocator import MMAP_THRESHOLD, give_back_freed_memory
from ..jit import njit
from ..rules.keys import KEY_WORDS, canonical_key
from . import late_choice
from .deadness import dead_memo
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
    index_find,
    index_slots,
    keep_exact,
    layer_run,
    not_exact_memory,
    reindex,
    work_arrays,
)
from .layers import FIRST_ROOM, NO_RELAY
from .relay import RelayReader
from .status import FULL, RUNNING, WON

PLACE_BYTES = int(8 * KEY_WORDS + 4 * INDEX_PER_ROOM)    # a place's key and index slots
ROOT_BYTES = 8 * KEY_WORDS + 3 * 8      # a root's key and g kept, its g and rank in the sort
NO_RECORDS = (np.zeros(0, np.int32), np.zeros(0, np.int16))


@njit(cache=True)
def put_roots(keys, nxt, index, st):
    """Put the positions of `keys` in the layer being built (nxt, index; st[BUILT] places
    used), one of each key: returns how many of `keys` were taken, all unless the layer's
    room ran out."""
    room = nxt.shape[0]
    for i in range(keys.shape[0]):
        key = keys[i]
        found = index_find(index, nxt, key)
        if found >= 0:
            continue
        nn = st[BUILT]
        if nn == room:
            return i
        for w in range(KEY_WORDS):
            nxt[nn, w] = key[w]
        index[-found - 2] = nn + 1
        st[BUILT] = nn + 1
        st[STORED] += 1
    return keys.shape[0]


def room_beside(frontier, max_bytes: int) -> int:
    """What max_bytes leaves for the layers beside the Frontier's table once its roots are
    taken (their keys and g are copied, and sorted, while A*'s table is still held)."""
    return max_bytes - frontier.held_bytes() - len(frontier.roots) * ROOT_BYTES


class FrontierLayers:
    """Layers by depth from a Frontier kept to A*'s bound (frontier.Frontier(search,
    through=F)), whose roots it takes, within `max_bytes` with the Frontier's table
    (room_beside(frontier, max_bytes) must not be negative); runs in slices like
    layers.LayeredSearch.  WON: a shortest win, of F moves; FULL with
    `over`: no win of F moves, bound() F + 1 (grow_within then answers None, as when the
    memory runs out).  Once over or WON, A*'s table is freed."""
    slice = 20_000
    what = "the layered search from A*'s frontier"

    def __init__(self, frontier, max_bytes: int, notify=None, late: bool | None = None):
        self.fr = frontier
        self.max_bytes = int(max_bytes)
        self.notify = notify
        self.always, self.adaptive = late_choice.policy(late)
        self.st = np.zeros(ST_SLOTS, np.int64)
        self.tests = self.st[TESTS_AT:]
        self.st[THRESHOLD] = frontier.through
        gs = frontier.gs[frontier.roots]
        order = np.argsort(gs, kind="stable")
        self.root_keys = frontier.keys[frontier.roots[order]]
        self.root_g = gs[order].astype(np.int64)
        frontier.roots = frontier.starts = None     # taken
        self.memo = dead_memo()
        self.a_table = (frontier.keys, frontier.gs)
        self.cur, self.ncur = np.zeros((0, KEY_WORDS), np.int64), 0
        self.nxt = self.index = self.not_exact = None     # none held yet
        self.not_exact = not_exact_memory(self.max_bytes - self._held())
        self.work = work_arrays()
        self.status, self.over, self.length, self.reader = RUNNING, False, None, None
        self.peak = 0
        late_choice.begin(self.tests, self.always, self.adaptive)
        self.st[DEPTH] = (int(self.root_g[0]) if len(self.root_g) else 0) - 1
        self.taken = 0              # roots put in a layer so far
        self._make_layer(FIRST_ROOM)

    @property
    def expanded(self) -> int:
        return int(self.st[EXPANDED]) + (self.reader.expanded if self.reader else 0)

    progress = expanded     # what `run`'s budget counts
    nodes = expanded        # the effort measure solve() adds up

    @property
    def stored(self) -> int:
        return int(self.st[STORED]) + (self.reader.stored if self.reader else 0)

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        return self.length if self.status == WON else int(self.st[THRESHOLD])

    def _a_bytes(self) -> int:
        return sum(a.nbytes for a in (self.fr.keys, self.fr.gs) if a is not None)

    def _held(self) -> int:
        return self._a_bytes() + sum(a.nbytes for a in (
            self.root_keys, self.root_g, self.not_exact, self.cur, self.nxt, self.index)
            if a is not None)

    def _free_a_table(self) -> None:
        """A*'s table freed, and with it the rule that drops a child it holds."""
        self.a_table = NO_A_TABLE
        self.fr.keys = self.fr.gs = None
        give_back_freed_memory()

    def _free_all(self) -> None:
        """The search over (no win of F moves, or one to read back): all it held freed."""
        self.cur = self.nxt = self.index = self.not_exact = None
        self.root_keys = self.root_g = None
        self._free_a_table()

    def table_bytes(self) -> int:
        """The most bytes held at once, A*'s table included: at most max_bytes."""
        return max(self.peak, self.reader.table_bytes() if self.reader else 0)

    def _make_layer(self, room: int) -> None:
        room = max(0, min(room, (self.max_bytes - self._held()) // PLACE_BYTES))
        self.nxt = np.zeros((room, KEY_WORDS), np.int64)
        self.index = np.zeros(index_slots(room), np.int32)
        self.peak = max(self.peak, self._held())
        g1 = int(self.st[DEPTH]) + 1
        self.roots_end = self.taken + int(np.searchsorted(self.root_g[self.taken:], g1, "right"))

    def grow_within(self, avail: int) -> int | None:
        """After FULL: room for twice as many positions in the layer being built (within
        min(avail, max_bytes)); where there is none, A*'s table freed if still kept, else
        the tests on for good if the third was off (the layer kept where they allow), else
        None (and after `over`)."""
        if self.over:
            return None
        nn = int(self.st[BUILT])
        copied = self.nxt.nbytes if self.nxt.nbytes < MMAP_THRESHOLD else 0
        left = min(avail, self.max_bytes) - self._held() - copied + self.nxt.nbytes + \
            self.index.nbytes
        room = min(max(2 * nn, FIRST_ROOM), left // PLACE_BYTES)
        if room <= nn:
            layer = f"layer {int(self.st[DEPTH]) + 1} outgrows the memory"
            if self.fr.keys is not None:
                self._free_a_table()
                self._say(f"{layer}; A*'s table freed (what A* expanded is expanded again "
                          f"where a layer meets it)")
                return self.grow_within(avail)
            if late_choice.force(self.tests, self.adaptive):
                self.st[BUILT] = keep_exact(self.nxt, nn, *NO_RECORDS, self.st,
                                            self.not_exact, self.work)
                self._say(f"{layer}; the exactness tests on from here")
            else:
                self._say(f"{layer}; given up")
                return None
        else:
            self.index = None       # the layer grows in place; a small block is copied
            self.nxt.resize((room, KEY_WORDS), refcheck=False)
            self.index = np.zeros(index_slots(room), np.int32)
            self.peak = max(self.peak, self._held() + copied)
        reindex(self.nxt, int(self.st[BUILT]), self.index)
        self.status = RUNNING
        return self.peak

    def _say(self, text: str) -> None:
        if self.notify:
            self.notify(f"{self.what}: {text}")

    def run(self, budget: int) -> int:
        if self.reader is not None:
            self.status = self.reader.run(budget)
            return self.status
        if self.status != RUNNING:
            return self.status
        if self.taken < self.roots_end:
            self.taken += int(put_roots(self.root_keys[self.taken:self.roots_end], self.nxt,
                                        self.index, self.st))
            if self.taken < self.roots_end:
                self.status = FULL
                return self.status
        status = layer_run(self.cur, self.ncur, self.nxt, self.index, *NO_RECORDS, NO_RELAY,
                           self.st, budget, self.memo, self.not_exact, self.work, self.a_table)
        if status == WON:
            self.length = int(self.st[DEPTH]) + 1
            self._read_back()
        elif status == FULL:
            self.status = FULL
        elif self.st[NEXT] == self.ncur:
            self._next_layer()
        return self.status

    def _next_layer(self) -> None:
        """Layer g + 1 is built: it becomes the one expanded; an empty one with no root
        deeper ends the search (no win of F moves: L > F)."""
        nn = int(self.st[BUILT])
        if nn == 0 and self.taken == len(self.root_g):
            self.st[THRESHOLD] += 1
            self._say(f"no solution of {int(self.st[THRESHOLD]) - 1} moves "
                      f"({self.expanded:,} expansions)")
            self._free_all()
            self.status, self.over = FULL, True
            return
        self.cur = self.index = None
        self.nxt.resize((nn, KEY_WORDS), refcheck=False)
        self.cur, self.ncur = self.nxt, nn
        self.nxt = None
        late_choice.choose(self.tests, self.adaptive)
        self.st[DEPTH] += 1
        self.st[NEXT] = self.st[BUILT] = 0
        self._make_layer(max(FIRST_ROOM, nn + nn // 2))

    def _read_back(self) -> None:
        """A win of F = length moves met: IDA* from the root at bound F reads one back,
        in the memory the layers held."""
        self._free_all()
        self._say(f"a win of {self.length} moves, the shortest; IDA* from the root reads "
                  f"its moves back")
        root_key = np.zeros(KEY_WORDS, np.int64)
        canonical_key(self.fr.root, np.zeros(self.fr.root.shape[0], np.int64), root_key)
        self.reader = RelayReader(self.fr.root, root_key, np.zeros((0, KEY_WORDS), np.int64),
                                  self.length, self.max_bytes)
        self.status = self.reader.status

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        return self.reader.path()
