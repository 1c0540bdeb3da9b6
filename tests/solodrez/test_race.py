"""The layered search with IDA* beside it (search/race.py): on seeded middle games its
length is A*'s minimum whichever of the two meets the win, with a known win it proves
that win or beats it, and a bound it reports when stopped is never above the minimum;
every solution replayed by the reference verifier."""
from __future__ import annotations

import random

import pytest

from drez.solver.solodrez.search import astar, race
from drez.solver.solodrez.search.solve import Limit, Limits, run_search
from drez.solver.solodrez.search.status import RUNNING, WON
from tests.solodrez.helpers import fast_reference, near_the_end, replayed


@pytest.fixture(scope="module", autouse=True)
def memoised_reference():
    with fast_reference():
        yield


def _middle_games(rng, count):
    """(position, A*'s win) for `count` positions 8-20 moves before the end of the
    portfolio's wins of seeded deals, that A* solves in 300,000 positions."""
    out = []
    while len(out) < count:
        pos = near_the_end(rng.randrange(100_000), rng.randrange(8, 21))
        a = astar.AStar(pos.words(), 1 << 24)
        if a.run(300_000) == astar.WON and not pos.is_won():
            out.append((pos, a.path()))
    return out


@pytest.mark.parametrize("share", [1, 4, 1 << 40])
def test_the_first_win_is_shortest_whoever_meets_it(share, monkeypatch):
    """On 40 positions near the end of deals, from the root's bound: the win is exactly
    A*'s length, whether IDA* (given one expansion for every `share` of the layered
    search's) or the layered search met it (at share 4 each meets some first, with a
    share too large for IDA* to get a turn only the layered search); with a known win of
    A*'s length, that win comes back proven; with a known win one move longer, the
    layered search or IDA* beats it."""
    monkeypatch.setattr(race, "IDA_SHARE_OF", share)
    by = {"ida": 0, "layers": 0}
    for pos, best in _middle_games(random.Random(41), 40):
        s = race.LayersWithIda(pos.words(), 1 << 26)
        status, _, limit = run_search(s, Limits(max_memory=1 << 26))
        assert status == WON and limit is None
        assert replayed(pos, s.path()) == len(best) == s.bound()
        by["ida" if s.winner is s.ida else "layers"] += 1
        known = race.LayersWithIda(pos.words(), 1 << 26, upper=best)
        assert run_search(known, Limits(max_memory=1 << 26))[0] == WON
        assert known.path() == best
        longer = race.LayersWithIda(pos.words(), 1 << 26, upper=best + [0])
        assert run_search(longer, Limits(max_memory=1 << 26))[0] == WON
        assert replayed(pos, longer.path()) == len(best)
    if share == 4:
        assert by["ida"] >= 3 and by["layers"] >= 3, by
    if share == 1 << 40:
        assert by["ida"] == 0


def test_a_stopped_race_keeps_a_true_bound():
    """Stopped by max_nodes at every size from 1 to 3,000 expansions on middle games, the
    bound it reports is at most A*'s minimum, and it never claims a win it did not
    meet."""
    rng = random.Random(5)
    for pos, best in _middle_games(rng, 12):
        a_len = len(best)
        for cap in (1, 30, 300, 3_000):
            s = race.LayersWithIda(pos.words(), 1 << 24)
            status, _, limit = run_search(s, Limits(max_memory=1 << 24, max_nodes=cap))
            assert s.bound() <= a_len
            if status == WON:
                assert replayed(pos, s.path()) == a_len
            else:
                assert status == RUNNING and limit == Limit.NODES


def test_the_memory_is_shared():
    """What both hold stays within the memory given; IDA* has at most a sixteenth of it
    (32 MB: above the least table and stack IDA* needs)."""
    rng = random.Random(9)
    for pos, _ in _middle_games(rng, 5):
        cap = 32 << 20
        s = race.LayersWithIda(pos.words(), cap)
        run_search(s, Limits(max_memory=cap))
        assert s.ida.table_bytes() <= cap // 16 and s.table_bytes() <= cap
