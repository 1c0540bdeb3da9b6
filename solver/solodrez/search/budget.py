"""A solve's limits (Limits), the clock and memory bookkeeping that enforce them (Clock),
and its answer (Result); search/solve.py gives the verdicts' meaning."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .status import Limit

WON, LOST, UNKNOWN = "WON", "LOST", "UNKNOWN"
DEFAULT_MAX_MEMORY = 1 << 30
DEFAULT_MAX_NODES = 10 ** 12      # none in practice: memory bounds what a search stores,
                                  # and only time bounds IDA*'s proof (issue 41)


@dataclass
class Limits:
    """Per-solve limits; hitting any gives UNKNOWN, never LOST."""
    max_nodes: int = DEFAULT_MAX_NODES
    max_seconds: float = 0.0          # 0: no time limit
    max_memory: int = DEFAULT_MAX_MEMORY
    cancel: object = None             # a threading.Event: once set, the search stops
                                      # at its next look at the clock (limit 'cancelled')
    notify: object = None             # a callable(str): told when the beam and the
                                      # memory-bounded search (IDA*) start, and at each
                                      # of IDA*'s bounds
    progress: object = None           # a callable(int): each slice's new positions/expansions


@dataclass(frozen=True, kw_only=True)
class Result:
    """The answer of solve(): a value, changed only with dataclasses.replace."""
    verdict: str
    moves: list = field(default_factory=list)
    optimal: bool = False
    nodes: int = 0
    seconds: float = 0.0
    limit: Limit | None = None        # what stopped the search when UNKNOWN, or when a
                                      # WON is not proven shortest: what stopped A*
    lower_bound: int | None = None    # proven lower bound on the solution length
    table_bytes: int = 0              # the most table memory the solve held at once
                                      # (growth peaks included); at most max_memory

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.verdict == WON else None


class Clock:
    """A solve's start time, limits and memory bookkeeping."""

    def __init__(self, limits: Limits):
        self.start = time.perf_counter()
        self.limits = limits
        self.held = 0           # bytes of live searches other than the one running
        self.peak_bytes = 0     # the most bytes held at once, growth peaks included

    def note(self, nbytes: int) -> None:
        """The running search holds nbytes (besides `held`) at this moment."""
        self.peak_bytes = max(self.peak_bytes, self.held + nbytes)

    def avail(self) -> int:
        """Bytes the running search may hold, at its peak."""
        return self.limits.max_memory - self.held

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def out_of_time(self) -> bool:
        return bool(self.limits.max_seconds) and self.elapsed() >= self.limits.max_seconds

    def cancelled(self) -> bool:
        return self.limits.cancel is not None and self.limits.cancel.is_set()
