"""The layered search with IDA* beside it, past A*'s memory: whichever meets a win first.

The layered search (layers.py) proves a bound with far fewer expansions than IDA*, but an
iteration that holds a win costs it nearly a whole pass (it must build every layer below
the win), where IDA*'s depth-first order often goes straight to one: on deal 83820's
iteration at its minimum, 46 moves, the layered pass took 60,483,050 expansions and IDA*
from the root 46 (reports/hard-tail/layers.md).  So both run on the same bound, in turns:
IDA* gets one expansion for every IDA_SHARE_OF layered ones, with a small table of its
own (IDA_BYTES, or a sixteenth of the memory if less; more only where IDA*'s least table
and stack need it); the layered search gets the rest of the memory.  When the layered
search proves a bound, IDA* starts afresh there; when the layered search meets a win
without its records (layers.py), its own IDA* reading the line back runs alone.

Each search's proof stands alone (their docstrings): the layered search's bound and win,
IDA*'s first win (shortest: its iterations start at a proven lower bound).  So the first
win either meets is a shortest one, and the larger of their bounds is a proven bound.
"""
from __future__ import annotations

import numpy as np

from .ida import IdaStar
from .layers import LayeredSearch
from .status import RUNNING, WON

IDA_SHARE_OF = 8            # layered expansions for each of IDA*'s
IDA_BYTES = 64 << 20        # IDA*'s table and stack at most (a sixteenth of the memory if less)


class LayersWithIda:
    """LayeredSearch and IdaStar on the same bounds, run in turns; the interface of
    both (run in slices, grow_within, bound, path, table_bytes)."""
    slice = 20_000

    def __init__(self, words: np.ndarray, max_bytes: int, start: int = 0,
                 upper: list[int] | None = None, notify=None):
        self.words, self.upper, self.notify = words, upper, notify
        self.ida_bytes = min(IDA_BYTES, int(max_bytes) // 16)
        self.ida = IdaStar(words, self.ida_bytes, start=start, upper=upper)
        self.ida_bytes = max(self.ida_bytes, self.ida.table_bytes())    # its least, if more
        self.layers = LayeredSearch(words, int(max_bytes) - self.ida_bytes, start=start,
                                    upper=upper, notify=notify)
        self.spent = 0              # expansions of IDA* searches already replaced
        self.winner = self.layers if self.layers.status == WON else None

    @property
    def status(self) -> int:
        return WON if self.winner is not None else self.layers.status

    @property
    def expanded(self) -> int:
        return self.layers.expanded + self.spent + self.ida.expanded

    progress = expanded     # what `run`'s budget counts
    nodes = expanded        # the effort measure solve() adds up

    @property
    def stored(self) -> int:
        return self.layers.stored + self.ida.stored

    def bound(self) -> int:
        """A proven lower bound on the solution length (exact once WON)."""
        if self.winner is not None:
            return self.winner.bound()
        return max(self.layers.bound(), self.ida.bound())

    def table_bytes(self) -> int:
        """The most bytes held at once: the layered search's and IDA*'s tables, at most
        max_bytes."""
        return self.layers.table_bytes() + self.ida.table_bytes()

    def grow_within(self, avail: int) -> int | None:
        """After the layered search's FULL: its growth within what IDA* leaves."""
        peak = self.layers.grow_within(avail - self.ida.table_bytes())
        return None if peak is None else peak + self.ida.table_bytes()

    def run(self, budget: int) -> int:
        if self.status != RUNNING:
            return self.status
        owed = self.layers.expanded // IDA_SHARE_OF - self.spent - self.ida.expanded
        if owed > 0 and self.ida.status == RUNNING and self.layers.reader is None:
            if self.ida.run(min(budget, owed)) == WON:
                self.winner = self.ida
                if self.notify:
                    self.notify(f"IDA*, run beside the layered search, met a win of "
                                f"{len(self.ida.path())} moves, the shortest")
            return self.status
        status = self.layers.run(budget)
        if status == WON:
            self.winner = self.layers
        elif status == RUNNING and self.layers.bound() > self.ida.threshold:
            self.spent += self.ida.expanded         # that bound is proven: IDA* goes on past it
            self.ida = None                         # its table freed before the next
            self.ida = IdaStar(self.words, self.ida_bytes, start=self.layers.bound(),
                               upper=self.upper)
        return self.status

    def path(self) -> list[int]:
        """After WON: the packed moves of a shortest solution on the root's own columns."""
        return self.winner.path()
