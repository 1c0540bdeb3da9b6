"""The layered search (search/layers.py): its layers against plain-Python layers, its
lengths against the reference BFS distances and A*'s minima on seeded positions, a known
win proven or beaten, and the memory limit (never a wrong answer); every solution
replayed by the reference verifier.  solve() with it past A*'s memory: test_ida.py."""
from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, beam, late_choice, layers
from drez.solver.solodrez.search import solve as solve_mod
from drez.solver.solodrez.search.late_choice import LATE, TIGHT
from drez.solver.solodrez.search.layer_kernel import (
    keep_exact,
    not_exact_memory,
    work_arrays,
)
from drez.solver.solodrez.search.solve import Limit, Limits, run_search, solve
from drez.solver.solodrez.search.stats_slots import LENGTH
from drez.solver.solodrez.search.status import FULL, RUNNING, WON
from tests.solodrez.helpers import (
    biased_game,
    fast_reference,
    late_game_cases,
    near_the_end,
    plain_layer,
    random_small_position,
    random_walk,
    ref,
    replayed,
    to_engine,
    to_ref,
)


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def _layers_of(search, depth_limit, most, choices=None):
    """Run `search` layer by layer: [(set of keys, count) of layer 1, 2, ...] until it
    stops, or a layer holds more than `most` positions; each layer's choice of the
    third test and the first two (late_choice.py) added to the set `choices`."""
    out = []
    while search.status in (RUNNING, FULL) and len(out) < depth_limit:
        depth = int(search.st[layers.DEPTH])
        if search.status == FULL:
            assert search.grow_within(1 << 30) is not None
        search.run(50)
        if search.status == RUNNING and int(search.st[layers.DEPTH]) > depth:
            layer = search.cur[:search.ncur]
            out.append(({tuple(int(x) for x in k) for k in layer}, len(layer)))
            if choices is not None:
                choices.add((bool(search.tests[LATE]), bool(search.tests[TIGHT])))
            if len(layer) > most:
                break
    return out


@pytest.mark.parametrize("late, records", [(False, True), (True, True), (True, False)])
def test_layers_against_plain_python_layers(late, records, monkeypatch):
    """On 40 seeded positions, 20-80 random moves into deals or 3-8 moves before the end
    of a won deal's solution, with bounds T from the root's h to
    h + 2: each layer the kernel builds holds exactly the keys of the plain-Python layer
    built from the previous one, none twice, and it reports a win exactly when the plain
    layer meets one.  The layers start at 4 places, so they fill and grow often; without
    the records, the layers are the same."""
    monkeypatch.setattr(layers, "FIRST_ROOM", 4)
    rng = random.Random(20261205 + late)
    compared = wins = 0
    for i in range(40):
        if i % 2:
            pos = random_walk(rng.randrange(10_000), rng, rng.randrange(20, 80))
        else:
            pos = near_the_end(rng.randrange(10_000), rng.randrange(3, 9))
        if pos.is_won():
            continue
        target = pos.lower_bound() + rng.randrange(3)
        search = layers.LayeredSearch(pos.words(), 1 << 30, start=target,
                                      upper=[0] * (target + 1), late=late, records=records)
        built = _layers_of(search, 6, 2_000)
        parents = [pos]
        for g, (keys, count) in enumerate(built):
            plain = plain_layer(parents, g, target, late, dead_at_bound=False)
            assert plain is not None
            assert keys == set(plain) and count == len(keys), (pos, g)
            parents = list(plain.values())
            compared += 1
        if search.status == WON and search.found:
            assert plain_layer(parents, len(built), target, late, dead_at_bound=False) is None
            wins += 1
    assert compared >= 100 and wins >= 3


def test_layers_choosing_the_tests_layer_by_layer(monkeypatch):
    """By default (late=None) the exactness tests are on or sampled layer by layer (here
    after every 4 runs, on where they prove 1 bound in 20, else on one child in 2),
    from 18-26 moves before the end of deals 292 and 31197 (where they prove some): each
    layer holds every key of the plain-Python layer with all the tests from the previous
    one, and none outside the plain layer without any; every choice of each is made, and
    the tests drop children somewhere."""
    monkeypatch.setattr(layers, "FIRST_ROOM", 4)
    monkeypatch.setattr(late_choice, "LATE_MIN_RUNS", 4)
    monkeypatch.setattr(late_choice, "LATE_SAMPLE", 2)
    monkeypatch.setattr(late_choice, "LATE_RATE", 20)
    compared = dropped = 0
    choices = set()
    for deal in (292, 31197):
        for back in (18, 22, 26):
            pos = near_the_end(deal, back)
            for target in range(pos.lower_bound(), pos.lower_bound() + 3):
                search = layers.LayeredSearch(pos.words(), 1 << 30, start=target,
                                              upper=[0] * (target + 1))
                assert search.adaptive and search.tests[LATE]
                parents = [pos]
                for g, (keys, count) in enumerate(_layers_of(search, 8, 1_500, choices)):
                    wide = plain_layer(parents, g, target, False, dead_at_bound=False,
                                       tests=False)
                    narrow = plain_layer(parents, g, target, True, dead_at_bound=False)
                    assert wide is not None and count == len(keys)
                    assert set(narrow) <= keys <= set(wide), (pos, g)
                    dropped += len(wide) - len(keys)
                    parents = [wide[k] for k in keys]
                    compared += 1
    late, tight = ({c[i] for c in choices} for i in (0, 1))
    assert compared >= 60 and late == tight == {False, True} and dropped > 0


@pytest.mark.parametrize("deal, back, kb", [(292, 30, 300), (31197, 30, 300),
                                            (31197, 34, 600), (31197, 34, 1200)])
def test_a_layer_too_wide_goes_on_with_the_tests(deal, back, kb, monkeypatch):
    """With the tests chosen off (late_choice.LATE_RATE 0) and a memory a layer
    outgrows, the tests are on from there (late_choice.force, keep_exact) before any
    walk, and the search still proves A*'s minimum; the win replays."""
    monkeypatch.setattr(late_choice, "LATE_RATE", 0)
    monkeypatch.setattr(late_choice, "LATE_MIN_RUNS", 1)
    pos = near_the_end(deal, back)
    a = astar.AStar(pos.words(), 1 << 24)
    assert a.run(2_000_000) == astar.WON
    heard = []
    status, s = run_layers(pos.words(), max_bytes=kb << 10, notify=heard.append)
    assert status == WON and replayed(pos, s.path()) == int(a.stats[LENGTH])
    again = [i for i, m in enumerate(heard) if "the exactness tests on from here" in m]
    walks = [i for i, m in enumerate(heard) if "depth first" in m]
    assert again and walks and again[0] < walks[0], heard


def test_keep_exact_keeps_what_the_tests_allow():
    """Layers built with every test off (18-26 moves before the end of deals 292 and
    31197, two bounds each), each filtered by keep_exact as if the tests came on at its
    end: it keeps exactly the plain-Python layer with all three tests, in order, each
    key with its own record."""
    compared = dropped = 0
    for deal in (292, 31197):
        for back in (18, 22, 26):
            pos = near_the_end(deal, back)
            for target in (pos.lower_bound(), pos.lower_bound() + 1):
                search = layers.LayeredSearch(pos.words(), 1 << 30, start=target,
                                              upper=[0] * (target + 1), late=False)
                search.tests[TIGHT] = 0
                parents = [pos]
                for g, (keys, count) in enumerate(_layers_of(search, 6, 1_500)):
                    wide = plain_layer(parents, g, target, False, dead_at_bound=False,
                                       tests=False)
                    narrow = plain_layer(parents, g, target, True, dead_at_bound=False)
                    assert keys == set(wide) and count == len(keys), (pos, g)
                    layer = np.array(sorted(keys), np.int64)
                    before, n = layer.copy(), len(layer)
                    par, mv = np.arange(n, dtype=np.int32), np.arange(n, dtype=np.int16)
                    st = search.st.copy()
                    st[layers.DEPTH], st[layers.THRESHOLD] = g, target
                    kept = keep_exact(layer, n, par, mv, st, not_exact_memory(1 << 20),
                                      work_arrays())
                    assert {tuple(int(x) for x in k) for k in layer[:kept]} == set(narrow)
                    assert (np.diff(par[:kept]) > 0).all() and (mv[:kept] == par[:kept]).all()
                    assert (layer[:kept] == before[par[:kept]]).all()
                    dropped += n - kept
                    parents = list(wide.values())
                    compared += 1
    assert compared >= 30 and dropped > 0


def run_layers(words, budget=5_000_000, **kw):
    max_bytes = kw.pop("max_bytes", 1 << 28)
    s = layers.LayeredSearch(np.asarray(words, np.int64), max_bytes, **kw)
    while s.status in (RUNNING, FULL) and s.expanded < budget:
        if s.status == FULL and s.grow_within(max_bytes) is None:
            break
        s.run(10_000)
    return s.status, s


def test_against_bfs_on_the_late_game_corpus():
    """tests/solodrez/data/late_game.txt pins the reference BFS distance of 40 positions:
    the layered search finds a win of exactly that length on the 28 won ones; on the 12
    lost ones it never claims a win."""
    won = 0
    for p, d in late_game_cases():
        pos = to_engine(p).settled()
        status, s = run_layers(pos.words(), budget=200_000)
        if d == "LOST":
            assert status != WON, p
            continue
        won += 1
        assert status == WON and s.found, p
        assert replayed(pos, s.path()) == d, p
    assert won == 28


def test_against_bfs_near_the_end_of_deals():
    """Positions 2-5 moves from the end of A*'s solutions of deals 20-25, and one random
    move away from them: where BFS decides them, the layered search's length is the BFS
    distance."""
    rng = random.Random(43)
    checked = 0
    for n in range(20, 26):
        pos = Position.from_deal(n)
        a = astar.AStar(pos.words(), 1 << 24)
        assert a.run(2_000_000) == astar.WON
        line = [pos]
        for m in Move.unpack_all(a.path()):
            line.append(line[-1].play(m))
        for cur in line[-6:-2]:
            for p in (cur, cur.play(rng.choice(cur.legal_moves(prune=True)))):
                d = ref.shortest_distance(to_ref(p), max_nodes=20_000)
                if not isinstance(d, int) or d == 0:
                    continue
                checked += 1
                status, s = run_layers(p.words())
                assert status == WON, n
                assert replayed(p, s.path()) == d, n
    assert checked >= 30


def test_against_astar_on_seeded_positions():
    """300 seeded positions of 12 real cards: the same length as A* (whose lengths equal
    BFS: test_optimal_bounds.py), a third of them without the records (IDA* reads the
    win back); 60 late middle games with A*'s win as the known one: no layer holds a
    shorter win, so that win is proven shortest; with and without the third exactness
    test."""
    rng = random.Random(20261205)
    checked = 0
    while checked < 300:
        p = ref.settle(random_small_position(rng, 2, rng.random() < 0.5))
        pos = to_engine(p)
        a = astar.AStar(pos.words(), 1 << 24)
        if a.run(100_000) != astar.WON or pos.is_won():
            continue
        checked += 1
        status, s = run_layers(pos.words(), late=bool(checked % 2), records=checked % 3 > 0)
        assert status == WON and (s.reader is not None) == (checked % 3 == 0 and s.found), p
        assert replayed(pos, s.path()) == int(a.stats[LENGTH]), p
    games = 0
    for n in range(60, 100):
        for p in biased_game(n, rng, 40, 0.7)[-13::6]:
            pos = to_engine(p)
            a = astar.AStar(pos.words(), 1 << 24)
            if a.run(300_000) != astar.WON or pos.is_won():
                continue
            games += 1
            best = a.path()
            status, s = run_layers(pos.words(), late=bool(games % 2), upper=best)
            assert status == WON and not s.found and s.path() == best, p
    assert games >= 60


def test_a_known_solution_is_proven_or_beaten():
    """With `upper`, a shortest solution is proven shortest (path gives it back, no layer
    holds a shorter win) from a start bound two below it; and, 6-12 moves before the end
    of the portfolio's wins of deals 0-39, the rest of that win is beaten by a shortest
    one (A*'s length) wherever it is longer, with the records or (odd deals) read back
    by IDA* without them."""
    pos = Position.from_deal(3)
    a = astar.AStar(pos.words(), 1 << 26)
    assert a.run(5_000_000) == astar.WON
    best = a.path()
    status, s = run_layers(pos.words(), upper=best, start=len(best) - 2)
    assert status == WON and not s.found and s.path() == best
    assert s.bound() == len(best)
    beaten = 0
    rng = random.Random(7)
    for deal in range(40):
        start = Position.from_deal(deal)
        line, moves = [start], [m.pack() for m in solve(start).moves]
        for m in Move.unpack_all(moves):
            line.append(line[-1].play(m))
        back = rng.randrange(6, 13)
        if len(moves) <= back or not line[-1].is_won():
            continue
        pos, rest = line[-1 - back], moves[-back:]
        a = astar.AStar(pos.words(), 1 << 24)
        assert a.run(1_000_000) == astar.WON
        status, s = run_layers(pos.words(), upper=rest, records=deal % 2 == 0)
        assert status == WON and s.found == (int(a.stats[LENGTH]) < back)
        assert replayed(pos, s.path()) == int(a.stats[LENGTH])
        beaten += s.found
    assert beaten >= 3


def test_a_layer_outgrowing_the_memory_hands_over_to_the_walk():
    """Deal 957's iteration to 52 moves outgrows 4 MB: the records give way to relays
    (relay.py), then to nothing, each time the layer going on where it was, and then the
    walk from the layer expanded takes over; the iteration ends without a win and proves
    53 (957's minimum); in iteration 53 the same, and the walk meets a win of 53 moves,
    which IDA* from the root reads back: replayed, within the limit.  Without the
    records at all, straight to the walks.  (tests/solodrez/test_walk.py: the walk on
    many positions; test_relay.py: a win read back from its relay.)"""
    pos = Position.from_deal(957)
    cap = 4 << 20
    steps = ["give way to relays", "relays are dropped too", "depth first from"]
    for records, said in ((True, steps + ["no solution of 52 moves"] + steps
                           + ["a win of 53 moves, the shortest; IDA* from the root"]),
                          (False, ["depth first from", "no solution of 52 moves",
                                   "depth first from", "a win of 53 moves"])):
        heard = []
        s = layers.LayeredSearch(pos.words(), cap, start=52, notify=heard.append,
                                 records=records)
        status, _, limit = run_search(s, Limits(max_memory=cap))
        assert status == WON and limit is None and s.found
        assert s.reader is not None and len(s.reader.keys) == 0 and s.walked > 0
        assert replayed(pos, s.path()) == 53 and s.table_bytes() <= cap
        told = iter(heard)          # said, in this order
        assert all(any(w in h for h in told) for w in said), heard


@pytest.mark.parametrize("beams", [(), beam.BEAM_OFFSETS])
@pytest.mark.parametrize("deal", [882, 957])
def test_solve_proves_the_minimum_past_astars_memory(deal, beams, monkeypatch):
    """solve(want_optimal) with a max_memory A* outgrows proves the same minimum as A* with
    ample memory, by the layered search; the solve held at most max_memory; notify heard
    it, and progress heard the work as it went.  With and without the beams that look
    for a short win first (beam.py: they may find the minimum before it starts; without
    them the layers of the iteration that meets a win may outgrow the memory, and IDA*
    takes over).  (test_ida.py checks the same with LAYERS off: IDA* from the root.)"""
    monkeypatch.setattr(solve_mod, "FROM_FRONTIER", False)    # test_frontier.py checks it
    monkeypatch.setattr(beam, "BEAM_OFFSETS", beams)
    pos = Position.from_deal(deal)
    ample = solve(pos, Limits(max_memory=1 << 28), want_optimal=True)
    heard, made = [], []
    cap = 8 << 20
    r = solve(pos, Limits(max_memory=cap, notify=heard.append, progress=made.append),
              want_optimal=True)
    assert r.verdict == "WON" and r.optimal and r.limit is None and r.lower_bound == ample.length
    # progress heard every slice of every stage: all the work the result counts, bar the
    # roots each search stores when it is made
    assert len(made) > 10 and min(made) >= 0 and r.nodes - 10 <= sum(made) <= r.nodes
    assert replayed(pos, [m.pack() for m in r.moves]) == ample.length
    assert r.table_bytes <= cap
    assert any("depth layers" in h for h in heard)
    assert heard[0].startswith("a beam search") == bool(beams)
    if beams:       # the beam's win: the layers need only prove one bound
        assert not any("(IDA*)" in h for h in heard)     # no hand-over


def test_a_layer_past_the_memory_hands_over_to_ida(monkeypatch):
    """When the memory leaves not even a walk's least (here made larger than it), IDA*
    from the root goes on from the bound the layers proved, and proves the same
    minimum."""
    monkeypatch.setattr(solve_mod, "FROM_FRONTIER", False)    # test_frontier.py checks it
    monkeypatch.setattr(beam, "BEAM_OFFSETS", ())
    monkeypatch.setattr(layers, "WALK_LEAST", 4 << 20)
    pos = Position.from_deal(957)
    heard = []
    r = solve(pos, Limits(max_memory=4 << 20, notify=heard.append), want_optimal=True)
    assert r.verdict == "WON" and r.optimal and r.lower_bound == 53
    assert replayed(pos, [m.pack() for m in r.moves]) == 53
    layered = [i for i, h in enumerate(heard) if "depth layers" in h]
    handed = [i for i, h in enumerate(heard) if "(IDA*)" in h]
    assert layered and handed and layered[0] < handed[0]


def test_solve_under_limits_keeps_the_win_and_the_bound(monkeypatch):
    """The layered search stopped by max_nodes or by cancel: the portfolio's win stays,
    not claimed shortest, with a proven lower bound no larger than the minimum (no
    beams: one could find the minimum first)."""
    monkeypatch.setattr(solve_mod, "FROM_FRONTIER", False)    # test_frontier.py checks it
    monkeypatch.setattr(beam, "BEAM_OFFSETS", ())
    pos = Position.from_deal(957)
    r = solve(pos, Limits(max_memory=4 << 20, max_nodes=150_000), want_optimal=True)
    assert r.verdict == "WON" and not r.optimal and r.limit == Limit.NODES
    assert r.lower_bound <= 53 <= r.length
    replayed(pos, [m.pack() for m in r.moves])
    cancel = threading.Event()

    def stop(text):
        if "depth layers" in text:
            cancel.set()
    r = solve(pos, Limits(max_memory=4 << 20, cancel=cancel, notify=stop), want_optimal=True)
    assert r.verdict == "WON" and not r.optimal and r.limit == Limit.CANCELLED
    assert r.lower_bound <= 53
