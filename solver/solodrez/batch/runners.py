"""Running a range: solving deals in worker processes (local, or a dask.distributed
cluster), replacing dead workers, and `run`, which ties settings, files and runners together."""
from __future__ import annotations

import errno
import multiprocessing as mp
import os
import signal
import sys
from collections import deque
from multiprocessing.connection import wait

from ..search.solve import Limits
from .files import RowWriter, Settings, iter_chunks, lock_output, prepare_output
from .rows import BatchError, Tally, error_row, make_row

# --- solving (runs in the workers) -----------------------------------------------------

def solve_deal(n: int, limits: Limits, optimal: bool) -> dict:
    """Decide deal n: its row.  Exceptions are rows too (verdict ERROR)."""
    from ..kernels import ensure_compiled
    from ..rules.position import Position
    from ..search.solve import solve
    try:
        ensure_compiled()
        return make_row(n, solve(Position.from_deal(n), limits, optimal), optimal)
    except Exception as e:
        return error_row(n, f"{type(e).__name__}: {e}".replace("\n", " "))


def _solve_safely(solve_one, n: int, limits: Limits, optimal: bool) -> dict:
    try:
        return solve_one(n, limits, optimal)
    except Exception as e:
        return error_row(n, f"{type(e).__name__}: {e}".replace("\n", " "))


def solve_chunk(deals, limits: Limits, optimal: bool, solve_one=None) -> list[dict]:
    """The rows of a chunk of deals (the unit of work sent to dask workers)."""
    solve_one = solve_one or solve_deal
    return [_solve_safely(solve_one, n, limits, optimal) for n in deals]


def _worker_main(conn, limits, optimal, solve_one):
    """A local worker: receive chunks (None to stop), send one row per deal, then None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the main process's job
    from ..kernels import ensure_compiled
    try:
        ensure_compiled()
    except Exception:
        pass
    while True:
        try:
            chunk = conn.recv()
        except (EOFError, OSError):
            return
        if chunk is None:
            return
        try:
            for n in chunk:
                conn.send(_solve_safely(solve_one, n, limits, optimal))
            conn.send(None)
        except OSError:             # the main process is gone: nobody wants the rows
            return


# --- runners ---------------------------------------------------------------------------

class _Chunks:
    """Chunks to hand out: chunks given back (after a worker died) first, then fresh ones."""

    def __init__(self, it):
        self.it = iter(it)
        self.back = deque()

    def give_back(self, chunk) -> None:
        if chunk:
            self.back.append(list(chunk))

    def next(self):
        if self.back:
            return self.back.popleft()
        return next(self.it, None)


class _Worker:
    def __init__(self, ctx, limits, optimal, solve_one):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_main, args=(child, limits, optimal, solve_one),
                                daemon=True)
        # started with Ctrl-C ignored, which the new process inherits: a Ctrl-C while it
        # still imports (before _worker_main) must not end it with a traceback
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self.proc.start()
        finally:
            signal.signal(signal.SIGINT, handler)
        child.close()
        self.pending = deque()      # deals of the current chunk without a row yet
        self.busy = False

    def give(self, chunk) -> None:
        self.pending = deque(chunk)
        self.busy = True
        self.conn.send(chunk)

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.busy = False

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(timeout=5)
        self.conn.close()


def run_local(chunks, settings: Settings, emit, workers: int, solve_one=None) -> None:
    """Decide every deal in `chunks` with `workers` spawned processes, calling emit(row)
    in the main process for each deal as it finishes."""
    solve_one = solve_one or solve_deal
    ctx = mp.get_context("spawn")
    limits, optimal = settings.limits(), settings.optimal
    todo = _Chunks(chunks)
    pool: list[_Worker] = []

    def hand_out(w: _Worker) -> None:
        chunk = todo.next()
        if chunk is None:
            w.stop()
        else:
            w.give(chunk)

    def handle(w: _Worker, msg) -> None:
        if msg is None:
            hand_out(w)
            return
        if w.pending and w.pending[0] == msg["deal"]:
            w.pending.popleft()
        elif msg["deal"] in w.pending:
            w.pending.remove(msg["deal"])
        emit(msg)

    if workers > 1 and solve_one is solve_deal:
        from ..kernels import ensure_compiled
        try:
            ensure_compiled()   # a cold cache compiles once here, not in each worker at once
        except Exception:
            pass
    try:
        for _ in range(max(1, workers)):
            chunk = todo.next()
            if chunk is None:
                break
            w = _Worker(ctx, limits, optimal, solve_one)
            pool.append(w)
            w.give(chunk)
        while pool:
            ready = wait([w.conn for w in pool] + [w.proc.sentinel for w in pool], timeout=1.0)
            for w in list(pool):
                died = False
                if w.conn in ready or w.proc.sentinel in ready:
                    try:
                        while w.conn.poll():
                            handle(w, w.conn.recv())
                    except (EOFError, OSError):
                        died = True
                if w.proc.sentinel in ready or died:
                    if w.proc.is_alive() and not died:
                        continue
                    w.proc.join(timeout=5)
                    pool.remove(w)
                    w.conn.close()
                    if w.busy and w.pending:
                        culprit = w.pending.popleft()
                        emit(error_row(culprit, "worker process died while solving it "
                                                f"(exit code {w.proc.exitcode})"))
                        todo.give_back(w.pending)
                    if w.busy:
                        chunk = todo.next()
                        if chunk is not None:
                            new = _Worker(ctx, limits, optimal, solve_one)
                            pool.append(new)
                            new.give(chunk)
    finally:
        for w in pool:
            w.kill()


def run_dask(address, chunks, settings: Settings, emit, solve_one=None, client=None) -> None:
    """Like run_local, with the workers of the dask.distributed scheduler at `address`
    (or an existing `client`).  A chunk whose task fails (its worker died) is retried one
    deal at a time; a single deal that fails so gets an ERROR row."""
    from dask.distributed import Client, as_completed

    own = client is None
    if own:
        try:
            client = Client(address, timeout="20s")
        except (OSError, TimeoutError) as e:
            raise BatchError(f"cannot connect to the dask scheduler {address}: {e}") from None
    limits, optimal = settings.limits(), settings.optimal
    todo = _Chunks(chunks)
    futures = {}
    queue = as_completed()

    def submit(chunk) -> None:
        fut = client.submit(solve_chunk, chunk, limits, optimal, solve_one, pure=False,
                            retries=0)
        futures[fut] = chunk
        queue.add(fut)

    try:
        threads = sum(client.nthreads().values()) or 1
        for _ in range(2 * threads):
            chunk = todo.next()
            if chunk is None:
                break
            submit(chunk)
        for fut in queue:
            chunk = futures.pop(fut)
            try:
                rows = fut.result()
            except Exception as e:
                if len(chunk) == 1:
                    rows = [error_row(chunk[0], f"dask task failed: {type(e).__name__}: {e}")]
                else:
                    for n in chunk:
                        submit([n])
                    rows = []
            for row in rows:
                emit(row)
            chunk = todo.next()
            if chunk is not None:
                submit(chunk)
    finally:
        for fut in futures:
            fut.cancel()
        if own:
            client.close()


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def run(settings: Settings, out: str, resume: bool = False, workers: int | None = None,
        chunk_size: int | None = None, dask: str | None = None, progress: bool = True,
        solve_one=None, stream=None, dask_client=None) -> Tally:
    """A whole `drez analyze` run: check/resume the output, decide the missing deals,
    write their rows.  Returns the tally of all rows (old and new).  BatchError for a
    run that cannot start or an output that cannot be written; KeyboardInterrupt passes
    through after every finished row is saved.  The run holds a lock on `out` from start to
    end: a second run on the same file is refused (OutputBusy) before it touches anything."""
    lock = lock_output(out)
    try:
        return _run_locked(settings, out, resume, workers, chunk_size, dask, progress,
                           solve_one, stream, dask_client)
    finally:
        os.close(lock)


def _run_locked(settings, out, resume, workers, chunk_size, dask, progress, solve_one, stream,
                dask_client) -> Tally:
    done, tally = prepare_output(out, settings, resume)
    remaining = settings.size - done.count
    if chunk_size is None:
        chunk_size = 200 if (dask or dask_client) else 8
    chunks = iter_chunks(settings.first, settings.last, done if done.count else None,
                         chunk_size)
    writer = RowWriter(out, settings.format)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=settings.size, initial=done.count, unit="deal", file=stream,
                   dynamic_ncols=True, smoothing=0.05)
        bar.set_postfix_str(tally.postfix(), refresh=False)

    def emit(row: dict) -> None:
        if not done.add(row["deal"]):
            return                      # a deal handed out twice: keep its first row
        try:
            writer.write(row)
        except OSError as e:
            raise _write_error(out, e, done.count - 1) from None
        tally.add(row)
        if bar is not None:
            bar.update(1)
            bar.set_postfix_str(tally.postfix(), refresh=False)

    try:
        if remaining:
            if dask or dask_client:
                run_dask(dask, chunks, settings, emit, solve_one, client=dask_client)
            else:
                run_local(chunks, settings, emit, workers or default_workers(), solve_one)
    finally:
        failing = sys.exc_info()[0] is not None
        if bar is not None:
            bar.close()
        try:
            writer.close()
        except OSError as e:
            if not failing:                    # else the first error, said already, wins
                raise _write_error(out, e, done.count) from None
    return tally


def _write_error(out: str, e: OSError, saved: int) -> BatchError:
    reason = "the disk is full" if e.errno == errno.ENOSPC else (e.strerror or str(e))
    return BatchError(f"cannot write {out}: {reason}; the rows before are saved ({saved} "
                      "deals in all); free the problem and rerun with --resume")
