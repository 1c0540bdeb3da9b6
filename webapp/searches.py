"""Searches for the web app: off the request loop, bounded in time, memory and number.

Every search runs in a worker thread (at most `workers` at once; the others wait their
turn), with a `Limits` whose max_seconds and max_memory never exceed the server's caps.
A search stops early, with limit 'cancelled', when its client goes away or the server
shuts down.  The numba kernels hold the GIL only for one slice of a search at a time
(10,000 positions, milliseconds), so the event loop keeps answering other requests.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import anyio
import anyio.to_thread

from solver.solve import DEFAULT_MAX_NODES, Limits


@dataclass
class Budget:
    """The server's caps on one search."""
    max_seconds: float = 10.0
    max_memory: int = 256 << 20
    max_nodes: int = DEFAULT_MAX_NODES
    workers: int = 2


class Searches:
    """Runs bounded searches for requests; `shutdown()` cancels every running one."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self._limiter = None
        self._active: set[threading.Event] = set()
        self._lock = threading.Lock()
        self.stopping = threading.Event()

    def limits(self, max_seconds: float | None = None) -> Limits:
        """Limits within the caps; max_seconds, when given, can only lower the time cap."""
        seconds = self.budget.max_seconds
        if max_seconds is not None and 0 < max_seconds < seconds:
            seconds = max_seconds
        return Limits(max_nodes=self.budget.max_nodes, max_seconds=seconds,
                      max_memory=self.budget.max_memory, cancel=threading.Event())

    async def run(self, request, fn, limits: Limits):
        """fn(limits) in a worker thread; limits.cancel is set if the client disconnects
        or the server stops, so the search ends at its next look at the clock."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.budget.workers)
        cancel = limits.cancel
        if self.stopping.is_set():
            cancel.set()
        with self._lock:
            self._active.add(cancel)
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._watch, request, cancel)
                result = await anyio.to_thread.run_sync(fn, limits, limiter=self._limiter,
                                                        abandon_on_cancel=False)
                tg.cancel_scope.cancel()
            return result
        finally:
            with self._lock:
                self._active.discard(cancel)

    @staticmethod
    async def _watch(request, cancel: threading.Event):
        while not cancel.is_set():
            await anyio.sleep(0.2)
            if await request.is_disconnected():
                cancel.set()

    def shutdown(self) -> None:
        """Cancel every running search and refuse to start more at full length."""
        self.stopping.set()
        with self._lock:
            for cancel in self._active:
                cancel.set()
