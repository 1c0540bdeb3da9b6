"""The layered search from A*'s frontier (search/frontier_layers.py) against A* with ample
memory and the reference BFS distances, on seeded positions, with A* cut after any number
of expansions (its state between two expansions is what a full table leaves: the proof
needs nothing else): a win it meets has the minimum's length and replays; where it meets
none, the minimum is above A*'s bound.  Every solution is replayed by the reference
verifier."""
from __future__ import annotations

import random
import tracemalloc

import numpy as np
import pytest

from drez.solver.solodrez.rules.keys import KEY_WORDS
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, frontier
from drez.solver.solodrez.search.budget import Clock, Limits
from drez.solver.solodrez.search.frontier_layers import (
    ROOT_BYTES,
    FrontierLayers,
    put_roots,
    room_beside,
)
from drez.solver.solodrez.search.layer_kernel import BUILT, ST_SLOTS, index_slots
from drez.solver.solodrez.search.solve import MIN_FRONTIER_BYTES
from drez.solver.solodrez.search.stages import run_stage
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.status import FULL, RUNNING, WON
from tests.solodrez.helpers import (
    biased_game,
    fast_reference,
    late_game_cases,
    random_small_position,
    ref,
    replayed,
    to_engine,
    to_ref,
)

CUTS = (1, 2, 7, 40, 300, 3000)


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def shortest_by_astar(words, budget=300_000):
    a = astar.AStar(np.asarray(words, np.int64), 1 << 24)
    return int(a.stats[LENGTH]) if a.run(budget) == astar.WON else None


def small_positions(rng, at_bound):
    """Seeded positions of 12 real cards with their minimum (A*'s): (pos, length), those
    whose minimum is their root bound kept only at the rate `at_bound`."""
    while True:
        pos = to_engine(ref.settle(random_small_position(rng, 2, rng.random() < 0.5)))
        if pos.is_won():
            continue
        length = shortest_by_astar(pos.words(), 100_000)
        if length is None or (length == pos.lower_bound() and rng.random() >= at_bound):
            continue
        yield pos, length


def from_cut(words, cut, beside=1 << 24, heard=None, a_bytes=1 << 22):
    """A* run for `cut` expansions, then the layers from its frontier to their end, with
    `beside` bytes besides A*'s table: (A*'s bound, the search), or None when A* ended
    first."""
    a = astar.AStar(np.asarray(words, np.int64), a_bytes)
    if a.run(cut) != RUNNING:
        return None
    bound = a.bound()
    fr = frontier.Frontier(a, through=bound)
    max_bytes = fr.keys.nbytes + fr.gs.nbytes + beside
    s = FrontierLayers(fr, max_bytes, notify=heard.append if heard is not None else None)
    while True:
        status = s.run(10_000)
        if status == FULL and s.grow_within(max_bytes) is None:
            break
        if status not in (RUNNING, FULL):
            break
    return bound, s


def check(pos, length, got) -> str:
    """The layers' answer agrees with the minimum `length`: a win of exactly A*'s bound
    F when that is the minimum, else no win and F + 1 proven; or, out of memory, no claim
    (F still).  Returns which: "won", "proof" or "gave up"."""
    bound, s = got
    assert bound <= length
    assert s.table_bytes() <= s.max_bytes
    if s.status == FULL and not s.over:
        assert s.bound() == bound
        return "gave up"
    if length == bound:
        assert s.status == WON and s.bound() == length
        assert replayed(pos, s.path()) == length
        return "won"
    assert s.status == FULL and s.over and s.bound() == bound + 1
    return "proof"


def test_against_astar_on_seeded_positions():
    """Seeded positions of 12 real cards (most with a root bound below the minimum, so
    that the layers must prove A*'s bound too low) and of middle games, A* cut at several
    points: a win the layers meet is as short as A*'s with ample memory, and where they
    meet none, A*'s minimum is above the bound they started from."""
    rng = random.Random(20261207)
    seen = {"won": 0, "proof": 0, "gave up": 0}
    for pos, length in small_positions(rng, 0.1):
        if seen["proof"] >= 40:
            break
        for cut in CUTS[:3]:
            got = from_cut(pos.words(), cut)
            if got is not None:
                seen[check(pos, length, got)] += 1
    for n in range(100, 108):
        for p in biased_game(n, rng, 40, 0.7)[-13::4]:
            pos = to_engine(p)
            if pos.is_won():
                continue
            length = shortest_by_astar(pos.words())
            if length is None:
                continue
            for cut in CUTS:
                got = from_cut(pos.words(), cut)
                if got is not None:
                    seen[check(pos, length, got)] += 1
    assert seen["won"] >= 40 and seen["gave up"] <= seen["won"], seen


def test_against_bfs_near_the_end_of_deals():
    """Positions 3-7 moves from the end of the wins the verdict search finds for deals
    40-43, and one random move away from them: where BFS (reference.shortest_distance)
    decides them, the layers from A* cut after 1 or 7 expansions agree with that
    distance."""
    from drez.solver.solodrez.search.solve import solve
    rng = random.Random(41)
    checked = 0
    for n in range(40, 44):
        pos = Position.from_deal(n)
        won = solve(pos)
        line = [pos]
        for m in won.moves:
            line.append(line[-1].play(m))
        for cur in line[-8:-3]:
            for p in (cur, cur.play(rng.choice(cur.legal_moves(prune=True)))):
                d = ref.shortest_distance(to_ref(p), max_nodes=20_000)
                if not isinstance(d, int) or d < 2:
                    continue
                for cut in (1, 7):
                    got = from_cut(p.words(), cut)
                    if got is not None:
                        checked += 1
                        check(p, d, got)
    assert checked >= 30


@pytest.mark.parametrize("deal", [15, 40, 42])
def test_deal_openings_against_astar(deal):
    """Whole deals, A* cut after a twentieth and a fifth of the positions it stores to
    solve them: the layers agree with A*'s length."""
    pos = Position.from_deal(deal)
    a = astar.AStar(pos.words(), 1 << 24)
    assert a.run(3_000_000) == astar.WON
    length, stored = int(a.stats[LENGTH]), a.nodes
    for cut in (stored // 20, stored // 5):
        got = from_cut(pos.words(), cut)
        assert got is not None
        check(pos, length, got)


def test_lost_positions_never_win():
    """On the lost positions of the late-game corpus the layers never claim a win."""
    lost = 0
    for p, d in late_game_cases():
        if d != "LOST":
            continue
        pos = to_engine(p).settled()
        for cut in (1, 5):
            got = from_cut(pos.words(), cut)
            if got is not None:
                lost += 1
                assert got[1].status != WON, p
    assert lost >= 10


def test_too_little_memory_gives_up_without_a_claim():
    """With room for hardly a layer beside A*'s table the search frees A*'s table, then
    turns the tests on, then gives up (grow_within None) with the bound it started from
    and within its memory."""
    pos = Position.from_deal(292)      # 23.3M positions for A* to prove its minimum
    heard = []
    bound, s = from_cut(pos.words(), 100, beside=1 << 17, heard=heard, a_bytes=1 << 18)
    assert s.status == FULL and not s.over and s.bound() == bound
    assert s.table_bytes() <= s.max_bytes
    assert [h.split("; ")[1][:12] for h in heard] == ["A*'s table f", "the exactnes", "given up"]


def test_freeing_astars_table_keeps_the_answers():
    """With little room beside A*'s table a layer outgrows it and A*'s table is freed
    part way; the answers still agree with A*'s with ample memory: on seeded 12-card
    positions whose minimum is above their root bound (wins of F moves that replay) and
    on deal 957 (its minimum above A*'s bound) from A* cut after 20,000 expansions
    (F + 1 proven)."""
    rng = random.Random(20261208)
    seen = {"won": 0, "proof": 0, "gave up": 0}
    for pos, length in small_positions(rng, 0.0):
        if seen["won"] >= 15:
            break
        for cut in CUTS[:2]:
            heard = []
            got = from_cut(pos.words(), cut, beside=1 << 15, heard=heard)
            if got is not None and any("A*'s table freed" in h for h in heard):
                seen[check(pos, length, got)] += 1
    assert seen["gave up"] <= seen["won"], seen
    pos = Position.from_deal(957)
    length, heard = shortest_by_astar(pos.words(), 3_000_000), []
    got = from_cut(pos.words(), 20_000, beside=1 << 16, heard=heard)
    assert check(pos, length, got) == "proof" and got[0] < length
    assert any("A*'s table freed" in h for h in heard), heard


def test_taking_the_roots_stays_within_room_beside():
    """Deal 957's A* at 6 MB stops on memory with 119,468 roots at its bound: taking them
    (their keys and g copied and sorted while A*'s table is held), with the not-exact
    memory and a first layer, allocates at its peak (numpy's allocations traced) no more
    than max_bytes leaves beside the Frontier when room_beside leaves solve's minimum;
    the layers then count within max_bytes what they hold.  (With the roots' sort left
    out of ROOT_BYTES the peak is over.)"""
    limits = Limits(max_memory=6 << 20)
    a, _, _, limit = run_stage(astar.AStar(Position.from_deal(957).words(), 1 << 20), limits,
                               Clock(limits), 0)
    fr = frontier.Frontier(a, through=a.bound())
    a = None
    assert limit == "memory" and len(fr.roots) > 100_000
    held = fr.held_bytes()
    max_bytes = held + len(fr.roots) * ROOT_BYTES + MIN_FRONTIER_BYTES
    assert room_beside(fr, max_bytes) == MIN_FRONTIER_BYTES
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    s = FrontierLayers(fr, max_bytes)
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    assert peak <= max_bytes - held
    assert s.table_bytes() <= max_bytes


def test_put_roots_takes_each_key_once_and_stops_when_full():
    """put_roots puts each key once (a repeated one is found in the index) and, with room
    for two, takes two and says so."""
    a = astar.AStar(Position.from_deal(957).words(), 1 << 20)
    a.run(50)
    slots = np.flatnonzero(a.keys[:, 0] != 0)[:3].astype(np.int64)
    assert len(slots) == 3
    st = np.zeros(ST_SLOTS, np.int64)
    nxt = np.zeros((4, KEY_WORDS), np.int64)
    index = np.zeros(index_slots(4), np.int32)
    twice = a.keys[np.concatenate((slots, slots))]
    assert put_roots(twice, nxt, index, st) == 6 and st[BUILT] == 3
    assert sorted(map(tuple, nxt[:3].tolist())) == sorted(map(tuple, a.keys[slots].tolist()))
    st[:] = 0
    nxt, index = np.zeros((2, KEY_WORDS), np.int64), np.zeros(index_slots(2), np.int32)
    assert put_roots(a.keys[slots], nxt, index, st) == 2 and st[BUILT] == 2
