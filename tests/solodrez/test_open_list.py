"""A*'s open lists (search/open_list.py), threaded through the slots' links with entries
beside them, against a plain model with an entry for every push (as A* kept them before):
the same positions come off in the same order, a stale link exactly where the model's
entry is stale, a table's growth (parents.move_payload) renames without a change, and
compaction (open_list.compact) drops only stale references."""
from __future__ import annotations

import random

import numpy as np
import pytest

from drez.solver.solodrez.search import open_list
from drez.solver.solodrez.search.open_list import (
    HBUCKETS,
    NBUCKETS,
    compact,
    entries_left,
    mark_stale,
    next_front,
    pop,
    push,
)
from drez.solver.solodrez.search.parents import move_payload
from drez.solver.solodrez.search.stats_slots import ASTAR_STATS, EXPANDED


def _fresh(nfronts, nslots, entries=8):
    opens = open_list.new_open_list(nfronts, entries, nslots)
    opens[0][:] = open_list.END
    opens[4][:] = (0, open_list.END, 0)
    opens[5][:] = NBUCKETS
    return opens


class Model:
    """The open lists as plain Python: a stack of (slot, g) for each bucket of each front."""

    def __init__(self, nfronts):
        self.nfronts = nfronts
        self.buckets = [{} for _ in range(nfronts)]

    def push(self, slot, g, f, h, front):
        self.buckets[front].setdefault(f * HBUCKETS + h, []).append((slot, g))

    def pop(self, front):
        b = min(k for k, v in self.buckets[front].items() if v)
        slot, g = self.buckets[front][b].pop()
        return slot, g, b // HBUCKETS, b % HBUCKETS

    def lowest_f(self):
        fs = [b // HBUCKETS for d in self.buckets for b, v in d.items() if v]
        return min(fs) if fs else None


@pytest.mark.parametrize("seed", range(12))
def test_links_and_entries_pop_as_a_plain_list_of_entries(seed):
    """Random pushes (A* always pushes a slot at its table g), shorter paths found
    (gs lowered, the link marked stale, the slot pushed again at its new g), pops from
    the front next_front names, and now and then a growth to a shuffled larger table:
    every pop names the model's slot at its (f, h), live exactly when the model's entry
    is (its g is the slot's g), with that g; the lists empty together."""
    rng = random.Random(seed)
    nfronts, nslots = 1 + seed % 4, 64
    opens = _fresh(nfronts, nslots)
    gs = np.zeros(nslots, np.uint8)
    model = Model(nfronts)
    stats = np.zeros(ASTAR_STATS, np.int64)
    stats[EXPANDED] = 10**9                     # every front has joined
    stale_pops = links_used = 0
    for _ in range(4000):
        op = rng.random()
        if op < 0.45:
            opens, linked = _random_push(rng, opens, gs, model)
            links_used += linked
        elif op < 0.95:
            front = next_front(opens, stats)
            if front < 0:
                assert model.lowest_f() is None
                continue
            slot, g, f, h = pop(opens, front, gs)
            mslot, mg, mf, mh = model.pop(front)
            assert (slot, f, h) == (mslot, mf, mh)
            assert (g == gs[slot]) == (mg == gs[slot])
            if g == gs[slot]:
                assert g == mg
            stale_pops += int(g == -1)
        elif nslots < 1024:
            opens, gs = _grown(opens, gs, model, rng)
            nslots = gs.shape[0]
    assert stale_pops > 0 and links_used > 100


@pytest.mark.parametrize("seed", range(12))
def test_compaction_drops_only_stale_references(seed):
    """As above, with open_list.compact now and then: every live pop (g the slot's g)
    names the model's next live (slot, g, f, h) in the front popped, the model's stale
    ones skipped; the lists run out of live references together; the free list's count
    matches its length; compaction freed entries and turned some into links."""
    rng = random.Random(100 + seed)
    nfronts, nslots = 1 + seed % 4, 64
    opens = _fresh(nfronts, nslots)
    gs = np.zeros(nslots, np.uint8)
    model = Model(nfronts)
    stats = np.zeros(ASTAR_STATS, np.int64)
    stats[EXPANDED] = 10**9
    live_pops = freed = converted = 0
    for _ in range(4000):
        op = rng.random()
        if op < 0.45:
            opens = _random_push(rng, opens, gs, model)[0]
        elif op < 0.93:
            front = next_front(opens, stats)
            if front < 0:
                assert _live_left(model, gs) == 0
                continue
            slot, g, f, h = pop(opens, front, gs)
            if g != gs[slot]:
                continue                # stale: A* skips it; the model keeps its own
            while True:
                mslot, mg, mf, mh = model.pop(front)
                if mg == gs[mslot]:
                    break
            assert (slot, g, f, h) == (mslot, mg, mf, mh)
            live_pops += 1
        else:
            linked = int((opens[6] > 0).sum())
            before = int(entries_left(opens))
            free = int(compact(opens, gs))
            assert free == _free_length(opens) == opens[4][2]
            freed += int(entries_left(opens) > before)
            converted += int((opens[6] > 0).sum()) - linked
            assert not (opens[6] < 0).any()
    assert live_pops > 500 and freed > 0 and converted > 0


def _random_push(rng, opens, gs, model):
    """Push a random slot at its g (A* always pushes a slot at its table g), now and then
    after a shorter path to it (gs lowered, its link marked stale), in the lists and the
    model; returns opens (its entries grown if need be) and whether it went in by link."""
    slot = rng.randrange(gs.shape[0])
    if rng.random() < 0.5 and gs[slot] > 1:
        gs[slot] = rng.randrange(1, int(gs[slot]))
        mark_stale(opens[6], slot)
    elif gs[slot] == 0:
        gs[slot] = rng.randrange(1, 60)
    g = int(gs[slot])
    f, h, front = g + rng.randrange(0, 4), rng.randrange(0, HBUCKETS), rng.randrange(model.nfronts)
    linked = int(opens[6][slot] == 0)
    while not push(opens, slot, g, f, h, front):
        opens = _grown_entries(opens)
    model.push(slot, g, f, h, front)
    return opens, linked


def _live_left(model, gs):
    return sum(1 for d in model.buckets for v in d.values() for s, g in v if g == gs[s])


def _free_length(opens):
    e_next, ne = opens[3], opens[4]
    n, r = 0, int(ne[1])
    while r != open_list.END:
        n += 1
        r = int(e_next[-2 - r])
    return n


def _grown_entries(opens):
    heads, e_slot, e_g, e_next, ne, lows, links = opens
    n = 2 * e_slot.shape[0]
    grow = [np.concatenate((a, np.zeros(n - a.shape[0], a.dtype))) for a in (e_slot, e_g, e_next)]
    return heads, grow[0], grow[1], grow[2], ne, lows, links


def _grown(opens, gs, model, rng):
    """A larger table with the slots shuffled: move_payload's renaming, mirrored in the
    model."""
    n = gs.shape[0]
    slot_map = np.array(rng.sample(range(2 * n), n), np.int32)
    new_gs = np.zeros(2 * n, np.uint8)
    new_links = np.zeros(2 * n, np.int32)
    move_payload((np.zeros(1, np.int32), gs), slot_map, (np.zeros(1, np.int32), new_gs),
                 opens, new_links, False)
    for d in model.buckets:
        for b, v in d.items():
            d[b] = [(int(slot_map[s]), g) for s, g in v]
    return opens[:6] + (new_links,), new_gs
