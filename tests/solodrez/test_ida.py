"""IDA* with a bounded transposition table (search/ida.py) against the reference BFS
distances and against A*, on seeded positions, with tables from ample down to the
smallest; every solution replayed by the reference verifier; and solve()'s switch-over
from A* to IDA* when A*'s table reaches max_memory."""
from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, beam, ida, ida_table, late_choice
from drez.solver.solodrez.search import solve as solve_mod
from drez.solver.solodrez.search.solve import WON, Limit, Limits, solve
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.walk import LayerWalk
from tests.solodrez.helpers import (
    biased_game,
    fast_reference,
    late_game_cases,
    near_the_end,
    random_small_position,
    ref,
    replayed,
    to_engine,
    to_ref,
)

LATE = late_game_cases()
SMALLEST = 1        # bytes: IdaStar then makes its smallest table (ida_table.MIN_ENTRIES)


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def run_ida(words, max_bytes=1 << 22, budget=3_000_000, **kw):
    s = ida.IdaStar(np.asarray(words, np.int64), max_bytes, **kw)
    while s.status == ida.RUNNING and s.expanded < budget:
        s.run(10_000)
    return s.status, s


def run_astar(words, budget=400_000):
    a = astar.AStar(np.asarray(words, np.int64), 1 << 24)
    return a.run(budget), a


@pytest.mark.parametrize("max_bytes", [1 << 22, SMALLEST])
def test_against_bfs_on_the_late_game_corpus(max_bytes):
    """tests/solodrez/data/late_game.txt pins the reference BFS distance of 40 positions:
    IDA* finds a win of exactly that length on the 28 won ones, with an ample table and
    with the smallest; on the 12 lost ones it never claims a win."""
    won = 0
    for p, d in LATE:
        pos = to_engine(p).settled()
        status, s = run_ida(pos.words(), max_bytes, budget=200_000)
        if d == "LOST":
            assert status != ida.WON, p
            continue
        won += 1
        assert status == ida.WON, p
        assert replayed(pos, s.path()) == d, p
    assert won == 28


def test_against_bfs_near_the_end_of_deals():
    """Positions 2-5 moves from the end of A*'s solutions of deals 20-31, and one random
    move away from them: where BFS (reference.shortest_distance) decides them, IDA*'s
    length is the BFS distance, with a table of the smallest size."""
    rng = random.Random(41)
    checked = 0
    for n in range(20, 32):
        pos = Position.from_deal(n)
        _, a = run_astar(pos.words(), 2_000_000)
        line = [pos]
        for m in Move.unpack_all(a.path()):
            line.append(line[-1].play(m))
        for cur in line[-6:-2]:
            moves = cur.legal_moves(prune=True)
            for p in (cur, cur.play(rng.choice(moves))):
                d = ref.shortest_distance(to_ref(p), max_nodes=20_000)
                if not isinstance(d, int) or d == 0:
                    continue
                checked += 1
                status, s = run_ida(p.words(), SMALLEST)
                assert status == ida.WON, n
                assert replayed(p, s.path()) == d, n
    assert checked >= 60


def test_against_astar_on_seeded_positions():
    """400 seeded positions of 12 real cards and 100 of whole middle games: the same
    length as A* (whose lengths equal BFS: test_optimal_bounds.py), ample table or not;
    the middle games A* proves with at most 200,000 positions (its open entries stopped
    it near there before they ran through its slots; past it, IDA* from the smallest
    table can need more than its 3M expansions)."""
    rng = random.Random(20261204)
    checked = 0
    while checked < 400:
        p = ref.settle(random_small_position(rng, 2, rng.random() < 0.5))
        pos = to_engine(p)
        a_status, a = run_astar(pos.words(), 100_000)
        if a_status != astar.WON or pos.is_won():
            continue
        checked += 1
        status, s = run_ida(pos.words(), SMALLEST if checked % 2 else 1 << 22)
        assert status == ida.WON, p
        assert replayed(pos, s.path()) == int(a.stats[LENGTH]), p
    games = 0
    for n in range(60, 100):
        for p in biased_game(n, rng, 40, 0.7)[-25::6]:
            pos = to_engine(p)
            a_status, a = run_astar(pos.words(), 300_000)
            if a_status != astar.WON or pos.is_won() or a.stored > 200_000:
                continue
            games += 1
            status, s = run_ida(pos.words(), SMALLEST if games % 2 else 1 << 24)
            assert status == ida.WON, p
            assert replayed(pos, s.path()) == int(a.stats[LENGTH]), p
    assert games >= 100


def test_the_walks_choosing_their_tests_slice_by_slice(monkeypatch):
    """By default (late=None) IDA* and the walk from a layer choose the exactness tests
    after every slice (here after every 4 runs, else on one child in 2): 36-42 moves
    before the end of deal 31197, A*'s length, replayed, and each test both on and off."""
    monkeypatch.setattr(late_choice, "LATE_MIN_RUNS", 4)
    monkeypatch.setattr(late_choice, "LATE_SAMPLE", 2)
    choices = set()
    for back in (36, 38, 40, 42):
        pos = near_the_end(31197, back)
        a_status, a = run_astar(pos.words(), 2_000_000)
        assert a_status == astar.WON
        length = int(a.stats[LENGTH])
        s = ida.IdaStar(pos.words(), 1 << 22)
        key = np.asarray(pos.key(), np.int64).reshape(1, -1)
        walk = LayerWalk(key, 0, length, 1 << 22)
        assert s.adaptive and walk.adaptive
        for search in (s, walk):
            while search.run(200) == ida.RUNNING and search.expanded < 3_000_000:
                choices.add(tuple(bool(search.tests[t]) for t in (late_choice.LATE,
                                                                  late_choice.TIGHT)))
        assert replayed(pos, s.path()) == length == walk.length, back
    late, tight = ({c[i] for c in choices} for i in (0, 1))
    assert late == tight == {False, True}, choices


@pytest.mark.parametrize("deal", [1, 3, 5, 12, 16, 143])
def test_deal_openings_against_astar(deal):
    """Whole deals: IDA*'s length is A*'s, with a table far too small to hold the walk
    (so entries are turned away and replaced) and with an ample one."""
    pos = Position.from_deal(deal)
    a_status, a = run_astar(pos.words(), 3_000_000)
    assert a_status == astar.WON
    length = int(a.stats[LENGTH])
    for max_bytes in (SMALLEST, 1 << 26):
        status, s = run_ida(pos.words(), max_bytes, budget=20_000_000)
        assert status == ida.WON
        assert replayed(pos, s.path()) == length
        assert s.table_bytes() <= max(max_bytes, ida_table.MIN_ENTRIES * ida_table.ENTRY_BYTES + (1 << 20))


def test_a_known_solution_is_proven_or_beaten():
    """With `upper`, IDA* proves a shortest solution shortest (path gives it back) and
    beats a longer one with a shortest one; a start bound above the root's h is used."""
    pos = Position.from_deal(3)
    _, a = run_astar(pos.words(), 3_000_000)
    best = a.path()
    status, s = run_ida(pos.words(), upper=best, start=len(best) - 2)
    assert status == ida.WON and s.path() == best and s.threshold == len(best)
    r = solve(pos)      # the verdict portfolio's win, not proven shortest
    longer = [m.pack() for m in r.moves]
    assert len(longer) >= len(best)
    status, s = run_ida(pos.words(), upper=longer)
    assert status == ida.WON and replayed(pos, s.path()) == len(best)


def test_the_threshold_is_a_proven_lower_bound_while_running():
    """Stopped mid-way, IDA*'s bound never exceeds the true length (A*'s)."""
    pos = Position.from_deal(957)
    status, s = run_ida(pos.words(), 1 << 24, budget=30_000)
    assert status == ida.RUNNING
    assert pos.lower_bound() <= s.bound() <= 53      # 957's minimum (reports/bench)


def solution_is_shortest(pos, r, length):
    assert r.verdict == WON and r.optimal and r.limit is None
    assert r.lower_bound == length
    assert replayed(pos, [m.pack() for m in r.moves]) == length


@pytest.mark.parametrize("deal", [882, 957])
def test_solve_switches_to_ida_when_astar_fills_the_memory(deal, monkeypatch):
    """solve(want_optimal) with a max_memory A* outgrows, and the layered search turned
    off (test_layers.py checks it): IDA* from the root within that memory proves
    the same minimum as A* with ample memory; the solve held at most max_memory; notify
    heard the beams that look for a shorter win first (beam.py), then IDA*."""
    monkeypatch.setattr(solve_mod, "LAYERS", False)
    monkeypatch.setattr(solve_mod, "FROM_FRONTIER", False)
    pos = Position.from_deal(deal)
    ample = solve(pos, Limits(max_memory=1 << 28), want_optimal=True)
    assert ample.optimal
    heard = []
    cap = 4 << 20
    r = solve(pos, Limits(max_memory=cap, notify=heard.append), want_optimal=True)
    solution_is_shortest(pos, r, ample.length)
    assert r.table_bytes <= cap
    assert heard and heard[0].startswith("a beam search") and any("IDA*" in h for h in heard)
    assert r.nodes > 0


def test_solve_under_limits_keeps_the_win_and_the_bound(monkeypatch):
    """IDA* stopped by max_nodes or by cancel: the portfolio's win stays, not claimed
    shortest, with a proven lower bound no larger than the minimum (no beams: one could
    find the minimum before IDA* starts; the layered search off)."""
    monkeypatch.setattr(beam, "BEAM_OFFSETS", ())
    monkeypatch.setattr(solve_mod, "LAYERS", False)
    monkeypatch.setattr(solve_mod, "FROM_FRONTIER", False)
    pos = Position.from_deal(957)
    r = solve(pos, Limits(max_memory=4 << 20, max_nodes=150_000), want_optimal=True)
    assert r.verdict == WON and not r.optimal and r.limit == Limit.NODES
    assert r.lower_bound <= 53 <= r.length
    replayed(pos, [m.pack() for m in r.moves])
    cancel = threading.Event()

    def stop(text):
        if text.startswith("IDA*"):
            cancel.set()
    r = solve(pos, Limits(max_memory=4 << 20, cancel=cancel, notify=stop), want_optimal=True)
    assert r.verdict == WON and not r.optimal and r.limit == Limit.CANCELLED
    assert r.lower_bound <= 53
