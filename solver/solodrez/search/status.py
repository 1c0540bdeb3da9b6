"""The status every search returns (depth-first `dfs`, `astar` in both its modes), and the
one mapping from a status to a verdict.

The kernels return the plain ints below (numba reads module-level ints as constants);
`Status` names them for people and tests.
"""
from __future__ import annotations

from enum import IntEnum


class Status(IntEnum):
    RUNNING = 0     # the budget is spent: call run again
    WON = 1         # the search's path is a win
    LOST = 2        # every reachable position was stored and none is won: a proof
    FULL = 3        # the table is full: grow it and call run again
    DEEP = 4        # dfs: the per-depth arrays are too short (DfsState.run grows them)
    TOO_LONG = 5    # astar: every open position needs more than MAX_F moves


RUNNING, WON, LOST, FULL, DEEP, TOO_LONG = (int(s) for s in Status)

VERDICT = {Status.WON: "WON", Status.LOST: "LOST"}


def verdict(status: int) -> str:
    """WON or LOST, the proofs; UNKNOWN for every status of a search that was stopped."""
    return VERDICT.get(status, "UNKNOWN")
