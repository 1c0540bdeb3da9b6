"""LOST verdicts of a results file cross-checked by a second, simpler search: the plain
exhaustive depth-first search (dfs.DfsState), so no verdict rests on the greedy search."""
from __future__ import annotations

import time

from ..batch import read_rows
from ..kernels import ensure_compiled
from ..rules.position import Position
from ..search import dfs
from ..search.solve import FIRST_TABLE_BYTES, Limits, run_search

LIMITS = Limits(max_nodes=1 << 62, max_seconds=0.0, max_memory=4 << 30)
NAMES = {dfs.WON: "WON", dfs.LOST: "LOST", dfs.FULL: "FULL (memory)"}


def exhaustive(n: int, prune_dead: bool) -> tuple[int, int]:
    """(status, positions) of the plain DFS on deal n, its table growing up to 4 GB."""
    state = dfs.DfsState(Position.from_deal(n).words(), FIRST_TABLE_BYTES,
                         prune_dead=prune_dead)
    status, nodes, _ = run_search(state, LIMITS)
    return status, nodes


def lost_deals(path: str, min_nodes: int, max_nodes: int) -> list[int]:
    """The LOST deals of a results file whose recorded effort is in (min_nodes, max_nodes]."""
    return sorted(r["deal"] for r in read_rows(path) if r["verdict"] == "LOST"
                  and min_nodes < r["nodes"] <= max_nodes)


def check(deals: list[int], prune_dead: bool, warn=lambda text: None) -> tuple[list, int, float]:
    """(the deals the plain search does not find LOST, as (deal, what it says); positions
    searched; seconds).  `warn` hears of each such deal as it is found."""
    ensure_compiled()
    start = time.perf_counter()
    bad, total = [], 0
    for n in deals:
        status, nodes = exhaustive(n, prune_dead)
        total += nodes
        if status != dfs.LOST:
            bad.append((n, NAMES.get(status, str(status))))
            warn(f"deal {n}: plain DFS says {NAMES.get(status, status)}")
    return bad, total, time.perf_counter() - start


def report(path: str, command: str, deals: list[int], bad: list, total: int, wall: float,
           min_nodes: int, max_nodes: int, prune_dead: bool) -> str:
    """The Markdown summary of a check."""
    pruning = "with" if prune_dead else "without"
    out = [f"# Cross-check of the LOST verdicts in `{path}`\n", f"Command: `{command}`\n",
           f"{len(deals)} LOST deals (recorded effort {min_nodes:,} < nodes <= "
           f"{max_nodes:,}) re-searched by the plain exhaustive depth-first search "
           f"({pruning} the dead-position test, no greedy stage): {total:,} positions, "
           f"{wall:.0f} s.\n"]
    wrong = [n for n, v in bad if v == "WON"]
    unconfirmed = [n for n, v in bad if v != "WON"]
    if wrong:
        out.append("**Contradicted (the plain search wins):** " + ", ".join(map(str, wrong)))
    if unconfirmed:
        out.append("Not confirmed: the plain search ran out of its 4 GB table on "
                   + ", ".join(map(str, unconfirmed)) + " (neither agreement nor contradiction).")
    if not bad:
        out.append("Every one is LOST again: no disagreement.")
    return "\n".join(out) + "\n"
