"""A*'s frontier (search/frontier.py): its roots in A*'s own order; and solve()'s first
stage past A*'s memory, the layers from A*'s frontier (frontier_layers.py, tested against
A* and BFS in test_frontier_layers.py), then the beam and the layered search from the
root."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import astar, frontier, open_list
from drez.solver.solodrez.search import solve as solve_mod
from drez.solver.solodrez.search.solve import UNKNOWN, WON, Limit, Limits, solve
from drez.solver.solodrez.search.status import RUNNING
from tests.solodrez.helpers import replayed


@pytest.mark.parametrize("deal,cut", [(957, 5000), (143, 40_000)])
def test_the_roots_come_in_astars_own_order(deal, cut):
    """order_roots keeps one root per live open reference (a link not stale, an entry
    with the slot's g), bucket by bucket (lowest first), within a bucket newest first
    with the fronts taken in turn one live reference at a time, as a plain walk of the
    lists gives them; starts[c] counts the roots whose code is below c; with a base so
    low that every code is clipped to CODES - 2, the same order.  A Frontier kept through
    A*'s bound holds the first of them, those of values up to the bound."""
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
    kept = frontier.Frontier(a, through=a.bound()).roots    # those of values v <= A*'s bound
    assert 0 < len(kept) < len(want)
    assert kept.tolist() == want[:sum(1 for x in codes if x < frontier.HBUCKETS)]


@pytest.mark.parametrize("deal", [882, 957])
def test_solve_proves_the_minimum_from_the_frontier(deal):
    """solve(want_optimal) with a max_memory A* outgrows proves the same minimum as A* with
    ample memory: IDA* from the root at A*'s bound F meets no win within its budget, the
    layers from A*'s frontier prove F too low, a beam finds a
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
    assert "(IDA*) from the start looks for a win of" in heard[0]
    f = int(heard[0].split("looks for a win of ")[1].split()[0])
    assert "A*'s open positions" in heard[1] and f"for a win of {f} moves" in heard[1]
    assert f"from A*'s frontier: no solution of {f} moves" in heard[2]
    assert f"looks for a win of {f + 1} moves" in heard[3]
    later = any("depth layers" in h for h in heard)
    assert later == (ample.length > f + 1), heard


def test_the_probe_at_the_bound_meets_a_win_of_f_moves(monkeypatch):
    """Deal 143 at 4 MB: A*'s table fills at its bound F, which is the minimum (A* with
    ample memory); IDA* from the root at F, given a quarter of A*'s positions in
    expansions, meets a win of F moves, and the solve ends there: proven shortest, within
    max_memory, no layers run, the moves replay.  With the probe off, the layers and the
    stages after them prove the same minimum."""
    pos = Position.from_deal(143)
    ample = solve(pos, Limits(max_memory=1 << 28), want_optimal=True)
    monkeypatch.setattr(solve_mod, "PROBE_SHARE", 4)
    for probe in (True, False):
        monkeypatch.setattr(solve_mod, "PROBE_AT_BOUND", probe)
        heard, cap = [], 4 << 20
        r = solve(pos, Limits(max_memory=cap, notify=heard.append), want_optimal=True)
        assert r.verdict == WON and r.optimal and r.lower_bound == ample.length
        assert replayed(pos, [m.pack() for m in r.moves]) == ample.length
        assert r.table_bytes <= cap
        f = int(heard[0].split("for a win of ")[1].split()[0])
        assert f == ample.length
        assert (len(heard) == 1) == probe, heard


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
