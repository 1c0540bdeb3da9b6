"""Reading back a win the layered search met without its records, through a relay layer.

The layered search (layers.py) keeps, for every position of every layer, its parent's place
and move (the records, 6 bytes), to read a win's line back.  When the memory runs short
it drops them, and then a win's moves must be found again.  IDA* from the root at the
proven length T does that, but at any cost (deal 29502 at 50 moves: 29,520,163 expansions;
from the 12th position of its line, 148,578: reports/hard-tail/read-back.md).  Instead,
the records of the first k layers are kept (k the relay depth, `relay_depth`: as deep as
they fit in a small share of the memory), and each position of the later layers carries,
in place of a record, the place in layer k of its ancestor (4 bytes, for the two layers
held at a time only: `compose` gives the layer being expanded its relays from the
records, layer_kernel.layer_run hands a parent's relay to its children).  A win met
through a position with relay q is read back as the records' line to q, then IDA* from q
(`RelayReader`).

Proof.  Every position of layer j >= k with relay q is reached from q by j - k moves: its
parent (the position of layer j - 1 it was first built from) has relay q, and by
induction is reached from q by j - 1 - k moves; a position of layer k is its own relay.
q is reached from the root by k moves (the records).  So a win met at depth T through a
position with relay q has a line root -> q (k moves) -> win (T - k moves).  T is the
proven shortest length L (layers.py (3)), so no win lies fewer than L - k moves below q
(it would give a line shorter than L): L - k is a proven lower bound for IDA* from q, and a
win of L - k moves exists below q, so IDA* from q at that bound finds one (ida.py (1)),
and the records' k moves followed by its L - k are a shortest solution.
"""
from __future__ import annotations

import numpy as np

from ...common.allocator import give_back_freed_memory
from ..rules.engine import NCOLS
from ..rules.keys import key_to_columns
from .ida import IdaStar, stack_keys
from .parents import follow_places, moves_through

RELAY_SHARE = 64        # the records kept for the relay layers: at most this share of the memory
RECORD_BYTES = 4 + 2    # a position's record: its parent's place, the move


def relay_depth(records, max_bytes: int) -> int:
    """The relay depth k: the most layers 1..k whose records (records[0:k]) fit in
    max_bytes // RELAY_SHARE (0: the root alone)."""
    k, held = 0, 0
    for par, _ in records:
        held += par.shape[0] * RECORD_BYTES
        if held > max_bytes // RELAY_SHARE:
            break
        k += 1
    return k


def compose(records, k: int) -> np.ndarray:
    """The relays of the positions of layer g = len(records) > k: the place of each one's
    ancestor in layer k.  Takes the records of layers k + 1, ..., g off the list (each
    freed once used) and composes their parents' places in place, in the array of layer
    g's: nothing more is held than before."""
    places, _ = records.pop()
    while len(records) > k:
        par, _ = records.pop()
        follow_places(par, places)
    return places


def give_way(records, built: np.ndarray, g: int, max_bytes: int):
    """(relays of layer g, k): the records of layers 1..g (taken off the list but for
    layers 1..k, k = relay_depth but below g) give way to the relays of layer g, and the
    parents' places in layer g of the layer being built (`built`) to theirs, in place.
    The records' memory goes back to the system (most of it lies in blocks the process
    would otherwise keep for reuse: common/allocator.py)."""
    k = min(relay_depth(records, max_bytes), max(0, g - 1))
    relay = compose(records, k) if g else np.zeros(1, np.int32)
    follow_places(relay, built)
    give_back_freed_memory()
    return relay, k


class RelayReader:
    """IDA* from a relay position q, within max_bytes: `keys`, the canonical keys after
    each of the records' k moves from the root (words, canonical key root_key) to q
    (parents.layer_line_keys; none: q is the root), then a win of `length` moves in all,
    IDA*'s L - k from q (the module's proof).  Runs, counts and answers `path` like
    ida.IdaStar."""

    def __init__(self, root: np.ndarray, root_key: np.ndarray, keys: np.ndarray,
                 length: int, max_bytes: int):
        self.root, self.keys = root, keys
        cols = np.zeros(NCOLS, np.int64)
        key_to_columns(keys[-1] if len(keys) else root_key, cols)
        self.ida = IdaStar(cols, max_bytes, start=int(length) - len(keys))

    def run(self, budget: int) -> int:
        return self.ida.run(budget)

    @property
    def status(self) -> int:
        return self.ida.status

    @property
    def expanded(self) -> int:
        return self.ida.expanded

    @property
    def stored(self) -> int:
        return self.ida.stored

    def table_bytes(self) -> int:
        return self.ida.table_bytes()

    def path(self) -> list[int]:
        """After WON: the packed moves of the whole line, on the root's own columns."""
        below = stack_keys(self.ida.stack, len(self.ida.path()))
        return moves_through(self.root, np.concatenate((self.keys, below)))
