"""The status every search returns (depth-first `dfs`, `astar` in both its modes), the one
mapping from a status to a verdict, and the limits that stop a search.

The kernels return the plain ints below (numba reads module-level ints as constants);
`Status` names them for people and tests.
"""
from __future__ import annotations

from enum import Enum, IntEnum


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


class Limit(str, Enum):
    """What stopped a search (`limit` of a Result or a Hint; None when nothing did).  The
    value is the text JSON and CSV rows carry; a Limit prints, compares and hashes as it."""
    NODES = "nodes"             # it stored Limits.max_nodes positions
    TIME = "time"               # Limits.max_seconds ran out
    MEMORY = "memory"           # its table could not grow within Limits.max_memory
    CANCELLED = "cancelled"     # Limits.cancel was set
    LENGTH = "length"           # A*: every open position needs more than MAX_F moves
    UNPROVEN = "unproven"       # a win was found, but the shortest-solution search ended
                                # without naming one of the limits above
    STAGE = "stage"             # internal to solve(): a portfolio stage spent its share;
                                # never in a result

    def __str__(self) -> str:
        return self.value

    __hash__ = str.__hash__
