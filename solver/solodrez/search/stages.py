"""Running one search as a stage of a solve: in slices, growing its table within the memory
a solve's Limits leave, stopped by their nodes, time and cancel."""
from __future__ import annotations

from .budget import Clock, Limits
from .status import Limit, Status


def run_stage(search, limits: Limits, clock: Clock, spent: int, cap: int | None = None):
    """Run `search` (a DfsState or AStar, fresh or stopped earlier at a stage cap) in
    slices, growing its table whenever it fills, within what max_memory leaves besides
    the searches kept alive (clock.held).  `spent` is what every other search stored; `cap`
    stops this run after that many more positions (a portfolio stage).
    Returns (search, status, nodes, limit) with nodes = spent + search.nodes."""
    try:
        return _run_slices(search, limits, clock, spent, cap)
    finally:
        clock.note(search.table_bytes())


def _run_slices(search, limits: Limits, clock: Clock, spent: int, cap: int | None):
    nodes = spent + search.nodes
    stop_at = limits.max_nodes if cap is None else min(limits.max_nodes, nodes + cap)
    if nodes >= limits.max_nodes and search.status == Status.RUNNING:
        return search, search.status, nodes, Limit.NODES    # never store past --max-nodes
    left = 0
    while True:
        # A slice is cut where the search stands, never where its table filled: after a
        # growth the same slice goes on, so what a capped stage stores does not depend on
        # the table's size or layout.
        if left <= 0:
            left = min(search.slice, max(1, stop_at - spent - search.nodes))
        before, made = search.progress, search.nodes
        status = search.run(left)
        left -= search.progress - before
        nodes = spent + search.nodes
        if limits.progress:
            limits.progress(search.nodes - made)
        if status == Status.FULL:
            peak = search.grow_within(clock.avail())
            if peak is None:
                return search, status, nodes, Limit.MEMORY
            clock.note(peak)
            continue
        left = 0
        if status == Status.TOO_LONG:
            return search, status, nodes, Limit.LENGTH
        if status != Status.RUNNING:
            return search, status, nodes, None
        if nodes >= stop_at:
            return search, status, nodes, (Limit.NODES if stop_at == limits.max_nodes
                                           else Limit.STAGE)
        if clock.out_of_time():
            return search, status, nodes, Limit.TIME
        if clock.cancelled():
            return search, status, nodes, Limit.CANCELLED


def run_search(search, limits: Limits) -> tuple[int, int, Limit | None]:
    """Run one search (a DfsState or AStar) to its end or to a limit of `limits`, growing
    its table as the portfolio does.  Returns (status code, positions stored, limit hit)."""
    _, status, nodes, limit = run_stage(search, limits, Clock(limits), 0)
    return status, nodes, limit
