"""IDA* from A*'s frontier (search/frontier.py) against the reference BFS distances and
against A*, on seeded positions, with A* cut after any number of expansions (its state
between two expansions is what a full table leaves: the proof needs nothing else), with
the walk's table from ample down to the smallest; every solution replayed by the
reference verifier; and solve()'s first stage past A*'s memory: the walk for its budget,
then the hand-over to the layered search."""
from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, frontier, open_list
from drez.solver.solodrez.search.solve import UNKNOWN, WON, Limit, Limits, solve
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.status import RUNNING
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

SMALLEST = 1        # bytes: the walk then makes its smallest table (ida_table.MIN_ENTRIES)
CUTS = (1, 2, 7, 40, 300, 3000)


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def shortest_by_astar(words, budget=400_000):
    a = astar.AStar(np.asarray(words, np.int64), 1 << 24)
    return int(a.stats[LENGTH]) if a.run(budget) == astar.WON else None


def from_cut(words, cut, max_bytes=1 << 22, budget=3_000_000, **kw):
    """A* run for `cut` expansions, then the walk from its frontier: (status, walk),
    or None when A* ended first."""
    a = astar.AStar(np.asarray(words, np.int64), 1 << 22)
    if a.run(cut) != RUNNING:
        return None
    s = frontier.FrontierIda(frontier.Frontier(a), max_bytes, **kw)
    while s.status == RUNNING and s.expanded < budget:
        s.run(10_000)
    return s.status, s


@pytest.mark.parametrize("deal,cut", [(957, 5000), (143, 40_000)])
def test_the_roots_come_in_astars_own_order(deal, cut):
    """order_roots keeps one root per live open reference (a link not stale, an entry
    with the slot's g), bucket by bucket (lowest first), within a bucket newest first
    with the fronts taken in turn one live reference at a time, as a plain walk of the
    lists gives them; starts[c] counts the roots whose code is below c; with a base so
    low that every code is clipped to CODES - 2, the same order."""
    a = astar.AStar(Position.from_deal(deal).words(), 1 << 24)
    assert a.run(cut) == RUNNING
    heads, e_slot, e_g, e_next = (x.tolist() for x in a.opens[:4])
    links = a.links.tolist()
    gs = a.gs.tolist()
    nb, fronts = frontier.NBUCKETS, a.opens[5].shape[0]
    want, codes, shared, kinds = [], [], 0, set()
    for b in range(nb):
        lists = []
        for f in range(fronts):
            live, r = [], heads[f * nb + b]
            while r != -1:
                if r >= 0:                          # a slot, through its link
                    if links[r] > 0:
                        live.append(r)
                    kinds.add("stale link" if links[r] < 0 else "link")
                    r = abs(links[r]) - open_list.LINK_BIAS
                else:                               # an entry
                    e = -2 - r
                    if gs[e_slot[e]] == e_g[e]:
                        live.append(e_slot[e])
                    kinds.add("entry")
                    r = e_next[e]
            lists.append(live)
        shared += sum(1 for live in lists if live) > 1
        for r in range(max(map(len, lists))):
            for live in lists:
                if r < len(live):
                    want.append(live[r])
                    codes.append(b - a.bound() * frontier.HBUCKETS)
    assert len(want) > 100 and shared > 0        # fronts share buckets: the turn is tested
    assert {"link", "entry"} <= kinds
    for base, clipped in ((a.bound(), False), (-600, True)):
        opens = tuple(x.copy() for x in a.opens)
        starts = np.zeros(frontier.CODES + 1, np.int64)
        k = frontier.order_roots(opens, a.gs, base, starts, np.empty(fronts, np.int64))
        assert opens[6][:k].tolist() == want
        got = [frontier.CODES - 2] * k if clipped else codes
        for c in sorted({0, 1, frontier.CODES - 2, frontier.CODES - 1, *got, *(x + 1 for x in got)}):
            assert starts[c] == sum(1 for x in got if x < c)


def test_against_bfs_near_the_end_of_deals():
    """Positions 3-7 moves from the end of the wins the verdict search finds for deals 40-43, and
    one random move away from them: where BFS (reference.shortest_distance) decides them,
    the walk from A* cut after 1 or 7 expansions finds a win of exactly that length, with
    the smallest table."""
    rng = random.Random(43)
    checked = 0
    for n in range(40, 44):
        pos = Position.from_deal(n)
        won = solve(pos)                    # a win, not always shortest
        if won.verdict != WON:
            continue
        line = [pos]
        for m in won.moves:
            line.append(line[-1].play(m))
        for cur in line[-8:-3]:
            for p in (cur, cur.play(rng.choice(cur.legal_moves(prune=True)))):
                d = ref.shortest_distance(to_ref(p), max_nodes=20_000)
                if not isinstance(d, int) or d < 2:
                    continue
                for cut in (1, 7):
                    got = from_cut(p.words(), cut, SMALLEST)
                    if got is None:
                        continue
                    checked += 1
                    status, s = got
                    assert status == frontier.WON, (n, cut)
                    assert replayed(p, s.path()) == d, (n, cut)
    assert checked >= 30


def test_against_astar_on_seeded_positions():
    """Seeded positions of 12 real cards and of whole middle games, A* cut at several
    points: the walk's length is A*'s (whose lengths equal BFS: test_optimal_bounds.py),
    with the smallest table and an ample one."""
    rng = random.Random(20261205)
    checked = 0
    while checked < 150:
        pos = to_engine(ref.settle(random_small_position(rng, 2, rng.random() < 0.5)))
        if pos.is_won():
            continue
        length = shortest_by_astar(pos.words(), 100_000)
        if length is None:
            continue
        for cut in CUTS[:3]:
            got = from_cut(pos.words(), cut, SMALLEST if checked % 2 else 1 << 22)
            if got is not None:
                checked += 1
                assert got[0] == frontier.WON and replayed(pos, got[1].path()) == length
    games = 0
    for n in range(100, 130):
        for p in biased_game(n, rng, 40, 0.7)[-25::8]:
            pos = to_engine(p)
            if pos.is_won():
                continue
            length = shortest_by_astar(pos.words(), 300_000)
            if length is None:
                continue
            for cut in CUTS:
                got = from_cut(pos.words(), cut, SMALLEST if games % 2 else 1 << 24)
                if got is not None:
                    games += 1
                    assert got[0] == frontier.WON and replayed(pos, got[1].path()) == length, (n, cut)
    assert games >= 60


@pytest.mark.parametrize("deal", [15, 40, 42])
def test_deal_openings_against_astar(deal):
    """Whole deals, A* cut after a twentieth and a fifth of the positions it stores to
    solve them: the walk proves A*'s length, also when its table is far too small to
    hold the walk."""
    pos = Position.from_deal(deal)
    a = astar.AStar(pos.words(), 1 << 24)
    assert a.run(3_000_000) == astar.WON
    length, stored = int(a.stats[LENGTH]), a.nodes
    for cut in (stored // 20, stored // 5):
        for max_bytes in (SMALLEST, 1 << 24):
            got = from_cut(pos.words(), cut, max_bytes, budget=20_000_000)
            assert got is not None
            assert got[0] == frontier.WON and replayed(pos, got[1].path()) == length


def test_lost_positions_never_win():
    """On the lost positions of the late-game corpus the walk never claims a win."""
    lost = 0
    for p, d in late_game_cases():
        if d != "LOST":
            continue
        pos = to_engine(p).settled()
        for cut in (1, 5):
            got = from_cut(pos.words(), cut, SMALLEST, budget=100_000)
            if got is not None:
                lost += 1
                assert got[0] != frontier.WON, p
    assert lost >= 10


def test_a_known_solution_is_proven_or_beaten():
    """With `upper`, the walk proves a shortest solution shortest (path gives it back)
    and beats a longer one with a shortest one."""
    pos = Position.from_deal(957)
    a = astar.AStar(pos.words(), 1 << 27)
    assert a.run(3_000_000) == astar.WON
    best = a.path()
    status, s = from_cut(pos.words(), 2000, upper=best)
    assert status == frontier.WON and s.path() == best and s.threshold == len(best)
    longer = [m.pack() for m in solve(pos).moves]
    assert len(longer) > len(best)
    status, s = from_cut(pos.words(), 2000, upper=longer)
    assert status == frontier.WON and replayed(pos, s.path()) == len(best)


@pytest.mark.parametrize("deal", [882, 957])
def test_solve_proves_the_minimum_from_the_frontier(deal):
    """solve(want_optimal) with a max_memory A* outgrows proves the same minimum as A* with
    ample memory: the layers from A*'s frontier prove its bound F too low, a beam finds a
    win of F + 1 (882: the minimum, so the solve ends there) or not (957, minimum 53: then
    the layered search from the root goes on from F + 1).  The solve held at most
    max_memory, notify heard the stages in order, and progress heard all the work."""
    pos = Position.from_deal(deal)
    ample = solve(pos, Limits(max_memory=1 << 28), want_optimal=True)
    heard, made = [], []
    cap = 4 << 20
    r = solve(pos, Limits(max_memory=cap, notify=heard.append, progress=made.append),
              want_optimal=True)
    assert r.verdict == WON and r.optimal and r.limit is None and r.lower_bound == ample.length
    assert len(made) > 10 and min(made) >= 0 and r.nodes - 10 <= sum(made) <= r.nodes
    assert replayed(pos, [m.pack() for m in r.moves]) == ample.length
    assert r.table_bytes <= cap
    assert "A*'s open positions" in heard[0]
    f = int(heard[0].split("look for a win of ")[1].split()[0])
    assert f"from A*'s frontier: no solution of {f} moves" in heard[1]
    assert f"looks for a win of {f + 1} moves" in heard[2]
    later = any("depth layers" in h for h in heard)
    assert later == (ample.length > f + 1), heard


def test_the_frontier_stage_stops_on_cancel_and_nodes():
    """Cancel or max_nodes during the layers from A*'s frontier stop the solve as they
    stop A*: UNKNOWN, with a proven lower bound no larger than the minimum."""
    pos = Position.from_deal(957)
    cancel = threading.Event()

    def stop(text):
        if "A*'s open positions" in text:
            cancel.set()
    r = solve(pos, Limits(max_memory=4 << 20, cancel=cancel, notify=stop), want_optimal=True)
    assert r.verdict == UNKNOWN and r.limit == Limit.CANCELLED and 0 < r.lower_bound <= 53
    astars = r.nodes            # A*'s positions (and any expansions before the cancel)
    r = solve(pos, Limits(max_memory=4 << 20, max_nodes=astars + 100), want_optimal=True)
    assert r.verdict == UNKNOWN and r.limit == Limit.NODES and 0 < r.lower_bound <= 53
    assert r.nodes == astars + 100
