"""Searches for the web app: in worker processes, bounded in time, memory and number.

The numba kernels keep the GIL for a whole slice of a search (up to a few hundred ms),
so searches run in a pool of `workers` processes, never on the request loop: the page
and the API stay responsive while they work.  Each search gets a `Limits` whose
max_seconds and max_memory never exceed the server's caps, and a cancel flag in shared
memory that the server raises when the client goes away or the server stops; the
search then ends at its next look at the clock (limit 'cancelled').  At most
MAX_PENDING searches are running or waiting; past that a request gets 503.

Two lanes: the quick searches that a person waits for (a quick hint, a status check,
under a second or a few) run in their own `quick_workers` processes, so that they never
wait behind a long proof running in the `workers` of the full lane.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace

import anyio

from drez.solver.solodrez.search.solve import Limits
from drez.solver.solodrez.search.status import Limit

MAX_PENDING = 256
STOPPING = "the server is stopping; its searches were stopped (try again when it is back)"
_FLAGS = None          # in a worker: the shared cancel flags


@dataclass
class Budget:
    """The server's caps on one search."""
    max_seconds: float = 10.0
    max_memory: int = 256 << 20
    max_nodes: int = 200_000_000
    workers: int = 2
    quick_workers: int = 1        # 0: quick searches share the full lane's workers


class Busy(Exception):
    """No search can be taken on now (too many waiting, or a worker died)."""


class _Flag:
    """Limits.cancel inside a worker: one byte of the shared flags."""

    def __init__(self, slot: int):
        self.slot = slot

    def is_set(self) -> bool:
        return _FLAGS[self.slot] != 0


def _init_worker(flags) -> None:
    global _FLAGS
    _FLAGS = flags
    from drez.webapp import jobs
    jobs.warm_up()


def _ready() -> bool:
    return True


def _run_job(name: str, slot: int, limits: Limits, args: tuple):
    from drez.webapp import jobs
    return getattr(jobs, name)(replace(limits, cancel=_Flag(slot)), *args)


class Searches:
    """Runs the jobs of webapp.jobs for requests; `shutdown()` cancels every one."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self._ctx = multiprocessing.get_context("spawn")
        self._flags = self._ctx.RawArray("b", MAX_PENDING)
        self._free = list(range(MAX_PENDING))
        self._lock = threading.Lock()
        self._pools: dict[str, ProcessPoolExecutor] = {}
        self.stopping = threading.Event()

    def _lane(self, lane: str) -> str:
        return "quick" if lane == "quick" and self.budget.quick_workers > 0 else "full"

    def _get_pool(self, lane: str = "full") -> ProcessPoolExecutor:
        lane = self._lane(lane)
        if lane not in self._pools:
            workers = self.budget.quick_workers if lane == "quick" else self.budget.workers
            self._pools[lane] = ProcessPoolExecutor(workers, mp_context=self._ctx,
                                                    initializer=_init_worker,
                                                    initargs=(self._flags,))
        return self._pools[lane]

    def _drop_pool(self, lane: str) -> None:
        self._pools.pop(self._lane(lane), None)

    async def start(self) -> None:
        """Start the workers and wait until each has loaded the kernels, so the first
        searches do not pay for that."""
        waits = []
        for lane, n in (("full", self.budget.workers), ("quick", self.budget.quick_workers)):
            if n > 0:
                pool = self._get_pool(lane)
                waits += [asyncio.wrap_future(pool.submit(_ready)) for _ in range(n)]
        await asyncio.gather(*waits)

    def limits(self, max_seconds: float | None = None) -> Limits:
        """Limits within the caps; max_seconds, when given, can only lower the time cap."""
        seconds = self.budget.max_seconds
        if max_seconds is not None and 0 < max_seconds < seconds:
            seconds = max_seconds
        return Limits(max_nodes=self.budget.max_nodes, max_seconds=seconds,
                      max_memory=self.budget.max_memory)

    def _take_slot(self) -> int:
        with self._lock:
            if not self._free:
                raise Busy(f"{MAX_PENDING} searches are running or waiting; try again soon")
            slot = self._free.pop()
        self._flags[slot] = 1 if self.stopping.is_set() else 0
        return slot

    def _give_back(self, slot: int) -> None:
        with self._lock:
            self._free.append(slot)

    async def run(self, request, job: str, limits: Limits, *args, lane: str = "full"):
        """webapp.jobs.<job>(limits, *args) in a worker process of `lane` ("full" or
        "quick"); its answer."""
        slot = self._take_slot()
        try:
            future = self._get_pool(lane).submit(_run_job, job, slot, limits, args)
        except (BrokenProcessPool, RuntimeError) as e:
            self._give_back(slot)
            self._drop_pool(lane)
            raise Busy(f"the search workers stopped ({e.__class__.__name__}); try again") from None
        future.add_done_callback(lambda _: self._give_back(slot))
        busy = None              # raised outside the task group, which would wrap it
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._watch, request, slot)
                try:
                    result = await asyncio.wrap_future(future)
                except BrokenProcessPool:
                    self._drop_pool(lane)    # a worker died (killed, out of memory): start anew
                    busy = "a search worker died; try again"
                except asyncio.CancelledError:
                    if not future.cancelled():
                        raise            # this request was cancelled, not its search
                    busy = STOPPING      # still queued when the server stopped
                tg.cancel_scope.cancel()
            if busy is not None:
                raise Busy(busy)
            if self.stopping.is_set() and isinstance(result, dict) \
                    and result.get("limit") == Limit.CANCELLED:
                raise Busy(STOPPING)     # stopped by the server's stop, not by the client
            return result
        except BaseException:
            if not future.done():
                self._flags[slot] = 1    # the request was abandoned: stop its search
            raise

    async def _watch(self, request, slot: int):
        while not self._flags[slot]:
            await anyio.sleep(0.2)
            if await request.is_disconnected():
                self._flags[slot] = 1

    def shutdown(self) -> None:
        """Cancel every running or waiting search and stop the workers."""
        self.stopping.set()
        with self._lock:
            free = set(self._free)
        for slot in range(MAX_PENDING):
            if slot not in free:
                self._flags[slot] = 1
        for pool in list(self._pools.values()):
            pool.shutdown(wait=False, cancel_futures=True)
