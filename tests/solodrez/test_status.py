"""One set of search status codes (solver/solodrez/search/status.py) and one mapping to
verdicts: both searches return the same codes, and only WON and LOST are verdicts."""
from drez.solver.solodrez.search import astar, dfs
from drez.solver.solodrez.search.status import Status, verdict


def test_both_searches_return_the_one_set_of_codes():
    for name in ("RUNNING", "WON", "LOST", "FULL"):
        assert getattr(dfs, name) == getattr(astar, name) == Status[name]
    assert dfs.DEEP == Status.DEEP and astar.TOO_LONG == Status.TOO_LONG
    assert len(set(Status)) == 6


def test_only_won_and_lost_are_verdicts():
    assert verdict(Status.WON) == "WON" and verdict(Status.LOST) == "LOST"
    for s in (Status.RUNNING, Status.FULL, Status.DEEP, Status.TOO_LONG):
        assert verdict(s) == "UNKNOWN"
