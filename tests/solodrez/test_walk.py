"""The walk from a layer (search/walk.py), alone against A*'s minima on seeded positions,
and inside the layered search (search/layers.py) when its layers outgrow the memory: the
same lengths, with and without the records, every line replayed by the reference
verifier."""
from __future__ import annotations

import random

import numpy as np
import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, ida, ida_table, layers
from drez.solver.solodrez.search.parents import layer_line_keys, moves_through
from drez.solver.solodrez.search.solve import Limit, Limits, run_search
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.status import FULL, RUNNING, WON
from drez.solver.solodrez.search.walk import LayerWalk
from tests.solodrez.helpers import fast_reference, near_the_end, random_walk, replayed


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def _minimum(pos) -> int | None:
    a = astar.AStar(pos.words(), 1 << 24)
    return int(a.stats[LENGTH]) if a.run(300_000) == astar.WON else None


def _cases(seed, count, near=0.6, back=(4, 12)):
    """(position, its minimum) for `count` seeded positions back[0] to back[1] - 1 moves
    before the end of a deal's win (a share `near` of them) or 30-70 random moves into
    one, A* deciding them."""
    rng = random.Random(seed)
    while count:
        n = rng.randrange(10_000)
        pos = near_the_end(n, rng.randrange(*back)) if rng.random() < near else \
            random_walk(n, rng, rng.randrange(30, 70))
        least = None if pos.is_won() else _minimum(pos)
        if least is not None and least >= 3:
            count -= 1
            yield pos, least


def _layer(pos, depth, bound):
    """The layered search at `bound` run to its layer `depth` (None if it ended first)."""
    s = layers.LayeredSearch(pos.words(), 1 << 28, start=bound, upper=[0] * (bound + 1))
    while s.status in (RUNNING, FULL) and int(s.st[layers.DEPTH]) < depth:
        if s.status == FULL:
            assert s.grow_within(1 << 28) is not None
        s.run(1)
    return s if s.status == RUNNING and int(s.st[layers.DEPTH]) == depth else None


@pytest.mark.parametrize("entries", [ida_table.MIN_ENTRIES, 16])
def test_a_walk_from_a_layer_finds_the_minimum_or_proves_none(entries, monkeypatch):
    """On 70 seeded positions, from layer g (0-3) of the layered search: at the bound L (the
    minimum) the walk meets a win of L moves, read through the layers' records; at L - 1
    it ends with none.  With ample tables and with 16 entries (nearly every position is
    expanded again: a full table costs work, never the answer)."""
    monkeypatch.setattr(ida_table, "MIN_ENTRIES", entries)
    rng = random.Random(4100 + entries)
    walked = 0
    for pos, least in _cases(20261206 + entries, 70):
        for bound in (least, least - 1):
            depth = rng.randrange(min(4, least - 1))
            s = _layer(pos, depth, bound)
            if s is None or bound < pos.lower_bound():
                continue
            layer = s.cur[:s.ncur].copy()
            walk = LayerWalk(layer, depth, bound, 0 if entries == 16 else 1 << 22, s.given)
            status = walk.run(10_000_000)
            walked += 1
            if bound < least:
                assert status == RUNNING and walk.over, pos
                continue
            assert status == WON and depth + walk.length == least, pos
            keys = layer_line_keys(s.root_key, s.records, walk.root())
            line = moves_through(s.root, np.concatenate((keys, walk.keys_below())))
            assert replayed(pos, line) == least, pos
    assert walked >= 60


@pytest.mark.parametrize("records", [True, False])
def test_the_layered_search_walks_when_its_layers_outgrow_the_memory(records, monkeypatch):
    """30 seeded positions with 1-12 KB for the layers besides a walk's least memory:
    the layers outgrow it (the records, if kept, give way to relays, then to nothing),
    the walk takes over, and each search proves A*'s minimum, its line replayed, or
    (when the layers leave a walk too little) stops on memory with a true bound; within
    the memory."""
    monkeypatch.setattr(layers, "FIRST_ROOM", 4)
    monkeypatch.setattr(ida, "FIRST_DEPTH", 0)     # IDA* reading a line back: T + 8 levels
    rng = random.Random(1 + records)
    walks = proven = 0
    for pos, least in _cases(8 + records, 30, near=0.2):
        cap = layers.WALK_LEAST + (least + 8) * ida.STACK_LEVEL_BYTES \
            + rng.randrange(1, 12) * 1024
        heard = []
        s = layers.LayeredSearch(pos.words(), cap, notify=heard.append, records=records)
        status, _, limit = run_search(s, Limits(max_memory=cap))
        assert s.table_bytes() <= cap
        if status == FULL:
            assert limit == Limit.MEMORY and s.bound() <= least, pos
            continue
        assert status == WON and limit is None and s.bound() == least, pos
        assert replayed(pos, s.path()) == least, pos
        proven += 1
        walks += sum("depth first from" in h for h in heard)
    assert proven >= 24 and walks >= 20


def test_too_little_memory_for_a_walk_stops_it_with_a_true_bound():
    """Where not even a walk's least table and stack fit (the layers keep that much free,
    so only a memory below it), the search stops on memory at once, its bound the start,
    no win claimed, within the limit."""
    pos = Position.from_deal(957)
    cap = layers.WALK_LEAST + 54 * ida.STACK_LEVEL_BYTES - 1       # below a walk's least at 52
    s = layers.LayeredSearch(pos.words(), cap, start=52)
    status, _, limit = run_search(s, Limits(max_memory=cap))
    assert status == FULL and limit == Limit.MEMORY
    assert s.bound() == 52 and not s.found and s.table_bytes() <= cap
