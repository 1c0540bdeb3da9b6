"""Deciding ranges of deals in parallel: settings, row format, resume bookkeeping, runners.

A run writes one row per deal to an output file (CSV, or JSON lines) as each deal
finishes, so rows are in completion order, not deal order.  The run's settings live in a
sidecar `<out>.meta.json`; `--resume` reads the rows already written, refuses settings that
differ, and decides only the deals that have no row yet.

Durability: every row is written and flushed as it arrives (it survives Ctrl-C, a killed
worker or a killed main process); the file is fsync'ed at most once a second and at the
end.  A half-written last line (a kill or a full disk in the middle of a write) is cut
off when the run is resumed.

Workers: local runs use spawned processes, each with its own pipe, that receive chunks of
deal numbers and send back one row per deal.  A Python exception while solving a deal
becomes an ERROR row; a worker process that dies is replaced, the deal it was solving gets
an ERROR row, and the rest of its chunk is handed out again.  `run_dask` does the same
with the workers of an existing dask.distributed cluster.
"""
from __future__ import annotations

import csv
import io
import json
import multiprocessing as mp
import os
import signal
import time
from collections import Counter, deque
from dataclasses import asdict, dataclass
from multiprocessing.connection import wait

from .rules.deals import MAX_DEAL
from .search.solve import LOST, UNKNOWN, WON, Limits
from .version import ENGINE_VERSION, RULES_VERSION

ERROR = "ERROR"
FIELDS = ("deal", "verdict", "length", "optimal", "nodes", "seconds", "difficulty")
HEADER = ",".join(FIELDS)
FORMATS = ("csv", "jsonl")
GRADES = ("easy", "medium", "hard", "expert")
DIFFICULTIES = GRADES + ("lost", "unknown")


class BatchError(Exception):
    """A run that cannot start or go on; the message is one line for the user."""


# --- ranges and chunks -----------------------------------------------------------------

def parse_range(text: str) -> tuple[int, int]:
    """'A-B' (inclusive) or 'N' as (first, last); ValueError quoting the text otherwise."""
    parts = text.split("-")
    if len(parts) not in (1, 2) or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a deal range (write it like 0-99999 or 42)")
    first, last = int(parts[0]), int(parts[-1])
    if last > MAX_DEAL:
        raise ValueError(f"deal range {text!r} goes past the last deal {MAX_DEAL}")
    if first > last:
        raise ValueError(f"deal range {text!r} is empty (first > last)")
    return first, last


def range_text(first: int, last: int) -> str:
    return f"{first}-{last}"


class DoneSet:
    """Which deals of first..last already have a row: one byte per deal."""

    def __init__(self, first: int, last: int):
        self.first, self.last = first, last
        self.bits = bytearray(last - first + 1)
        self.count = 0

    def __contains__(self, n: int) -> bool:
        return self.first <= n <= self.last and bool(self.bits[n - self.first])

    def add(self, n: int) -> bool:
        """Mark n done; False if it already was."""
        i = n - self.first
        if self.bits[i]:
            return False
        self.bits[i] = 1
        self.count += 1
        return True


def iter_chunks(first: int, last: int, done: DoneSet | None, size: int):
    """Lists of at most `size` deal numbers in first..last, in order, skipping done ones."""
    chunk = []
    if done is None:
        for start in range(first, last + 1, size):
            yield list(range(start, min(start + size, last + 1)))
        return
    bits, base = done.bits, done.first
    for n in range(first, last + 1):
        if not bits[n - base]:
            chunk.append(n)
            if len(chunk) == size:
                yield chunk
                chunk = []
    if chunk:
        yield chunk


# --- settings (the sidecar file) -------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    """Everything that decides the rows of a run; two runs mix only when these agree."""
    first: int
    last: int
    optimal: bool
    max_nodes: int
    max_seconds: float
    max_memory: int
    format: str = "csv"
    rules_version: str = RULES_VERSION
    engine_version: str = ENGINE_VERSION

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    def limits(self) -> Limits:
        return Limits(max_nodes=self.max_nodes, max_seconds=self.max_seconds,
                      max_memory=self.max_memory)

    def json(self) -> dict:
        d = asdict(self)
        d["range"] = range_text(self.first, self.last)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Settings":
        names = cls.__dataclass_fields__
        return cls(**{k: v for k, v in d.items() if k in names})

    def difference(self, other: "Settings") -> str | None:
        """The first setting that differs, as 'name: old vs new', or None."""
        mine, theirs = self.json(), other.json()
        for key in ("range", "optimal", "max_nodes", "max_seconds", "max_memory", "format",
                    "rules_version", "engine_version"):
            if mine[key] != theirs[key]:
                return f"{key} {mine[key]!r} vs {theirs[key]!r}"
        return None


def meta_path(out: str) -> str:
    return out + ".meta.json"


def read_meta(out: str) -> Settings | None:
    path = meta_path(out)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return Settings.from_json(json.load(f))
    except (OSError, ValueError, TypeError) as e:
        raise BatchError(f"cannot read settings file {path}: {e}") from None


def write_meta(out: str, settings: Settings) -> None:
    path = meta_path(out)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({**settings.json(), "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}, f,
                  indent=1)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# --- difficulty ------------------------------------------------------------------------

# Verdict-search runs (the default): a won deal gets the grade of its node count and the
# grade of its solution length, whichever is harder.  Upper bounds, inclusive.
NODE_GRADES = ((200, "easy"), (5_000, "medium"), (200_000, "hard"))
LENGTH_GRADES = ((70, "easy"), (120, "medium"), (250, "hard"))
# --optimal runs: a won deal whose length is proven minimal is graded by that length
# alone; one whose minimality was not proven within the limits is 'expert'.
OPTIMAL_LENGTH_GRADES = ((45, "easy"), (48, "medium"), (51, "hard"))


def _grade(value: int, table) -> int:
    for bound, name in table:
        if value <= bound:
            return GRADES.index(name)
    return len(GRADES) - 1


def difficulty(verdict: str, length: int | None, nodes: int, optimal: bool,
               optimal_run: bool = False) -> str:
    """The difficulty word of a row: easy/medium/hard/expert for won deals, 'lost', or
    'unknown' (a limit was hit, or the deal raised an error).  See NODE_GRADES."""
    if verdict == LOST:
        return "lost"
    if verdict != WON:
        return "unknown"
    if optimal_run:
        return GRADES[_grade(length, OPTIMAL_LENGTH_GRADES)] if optimal else "expert"
    return GRADES[max(_grade(nodes, NODE_GRADES), _grade(length, LENGTH_GRADES))]


# --- rows ------------------------------------------------------------------------------

def make_row(deal: int, result, optimal_run: bool) -> dict:
    """The row for a solve.Result."""
    return {"deal": deal, "verdict": result.verdict, "length": result.length,
            "optimal": bool(result.optimal) if result.verdict == WON else False,
            "nodes": int(result.nodes), "seconds": round(float(result.seconds), 4),
            "difficulty": difficulty(result.verdict, result.length, result.nodes,
                                     result.optimal, optimal_run),
            "limit": result.limit, "lower_bound": result.lower_bound, "error": None}


def error_row(deal: int, message: str) -> dict:
    return {"deal": deal, "verdict": ERROR, "length": None, "optimal": False, "nodes": 0,
            "seconds": 0.0, "difficulty": "unknown", "limit": None, "lower_bound": None,
            "error": message}


def format_row(row: dict, fmt: str) -> str:
    """One output line, newline included.  CSV: optimal is 1/0, length empty unless WON."""
    if fmt == "jsonl":
        return json.dumps(row, separators=(",", ":")) + "\n"
    length = "" if row["length"] is None else str(row["length"])
    return (f"{row['deal']},{row['verdict']},{length},{int(bool(row['optimal']))},"
            f"{row['nodes']},{row['seconds']:.4f},{row['difficulty']}\n")


def parse_row(line: str, fmt: str) -> dict:
    """The row of one output line (no header); ValueError if it is not one."""
    if fmt == "jsonl":
        row = json.loads(line)
        if not isinstance(row, dict) or not FIELDS_SET <= row.keys():
            raise ValueError(f"not a result row: {line.strip()!r}")
    else:
        cells = next(csv.reader([line]))
        if len(cells) != len(FIELDS):
            raise ValueError(f"not a result row: {line.strip()!r}")
        row = dict(zip(FIELDS, cells))
        row["length"] = int(row["length"]) if row["length"] else None
        row["optimal"] = row["optimal"] in ("1", "true", "True")
        row["nodes"] = int(row["nodes"])
        row["seconds"] = float(row["seconds"])
    row["deal"] = int(row["deal"])
    if row["verdict"] not in (WON, LOST, UNKNOWN, ERROR):
        raise ValueError(f"unknown verdict {row['verdict']!r} in {line.strip()!r}")
    return row


FIELDS_SET = frozenset(FIELDS)


def open_text(path: str):
    """Open a results file for reading, gzip-compressed when it ends in .gz."""
    if path.endswith(".gz"):
        import gzip
        return gzip.open(path, "rt", encoding="utf-8", newline="")
    return open(path, encoding="utf-8", newline="")


def guess_format(path: str) -> str:
    base = path[:-3] if path.endswith(".gz") else path
    return "jsonl" if base.endswith((".jsonl", ".json", ".ndjson")) else "csv"


def read_rows(path: str, fmt: str | None = None):
    """Every row of a results file (CSV or JSON lines, optionally .gz), in file order.
    A last line without its newline (an interrupted write) is skipped."""
    fmt = fmt or guess_format(path)
    with open_text(path) as f:
        for i, line in enumerate(f, 1):
            if not line.endswith("\n"):
                break
            if i == 1 and fmt == "csv":
                if line.strip() != HEADER:
                    raise ValueError(f"{path}: first line is not the header {HEADER!r}")
                continue
            if line.strip():
                yield parse_row(line, fmt)


class Tally:
    """Running counts of verdicts, for the progress bar and the final summary."""

    def __init__(self):
        self.counts = Counter()

    def add(self, row: dict) -> None:
        self.counts[row["verdict"]] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def winnability(self) -> float | None:
        decided = self.counts[WON] + self.counts[LOST]
        return self.counts[WON] / decided if decided else None

    def postfix(self) -> str:
        w = self.winnability()
        text = f"won {w:.2%}" if w is not None else "won -"
        text += f" lost {self.counts[LOST]} unknown {self.counts[UNKNOWN]}"
        if self.counts[ERROR]:
            text += f" errors {self.counts[ERROR]}"
        return text


# --- the output file -------------------------------------------------------------------

def prepare_output(out: str, settings: Settings, resume: bool) -> tuple[DoneSet, Tally]:
    """Check the output and its sidecar for this run and return what is already done.

    Without resume, an existing non-empty output is refused.  With resume, the stored
    settings must equal `settings`; a cut-off last line is removed from the file.
    """
    if out.endswith(".gz"):
        raise BatchError(f"{out}: cannot append to a compressed file; write plain "
                         "CSV and compress it when the run is finished")
    done, tally = DoneSet(settings.first, settings.last), Tally()
    exists = os.path.exists(out) and os.path.getsize(out) > 0
    if exists and not resume:
        raise BatchError(f"{out} already exists and is not empty; use --resume to continue "
                         "that run, or choose another --out")
    stored = read_meta(out) if resume else None
    if exists and stored is None:
        raise BatchError(f"cannot resume {out}: its settings file {meta_path(out)} is missing")
    if stored is not None:
        diff = stored.difference(settings)
        if diff:
            raise BatchError(f"cannot resume {out}: it was made with different settings "
                             f"({diff})")
    if not exists:
        write_meta(out, settings)
        with open(out, "w", encoding="utf-8") as f:
            if settings.format == "csv":
                f.write(HEADER + "\n")
            f.flush()
            os.fsync(f.fileno())
        return done, tally
    _cut_partial_line(out)
    if settings.format == "csv" and os.path.getsize(out) == 0:
        with open(out, "w", encoding="utf-8") as f:
            f.write(HEADER + "\n")
        return done, tally
    try:
        for row in read_rows(out, settings.format):
            n = row["deal"]
            if not settings.first <= n <= settings.last:
                raise BatchError(f"cannot resume {out}: deal {n} is outside the run's "
                                 f"range {range_text(settings.first, settings.last)}")
            if done.add(n):
                tally.add(row)
    except ValueError as e:
        raise BatchError(f"cannot resume {out}: {e}") from None
    return done, tally


def _cut_partial_line(path: str) -> None:
    """Truncate the file after its last newline (drop a half-written row)."""
    with open(path, "rb+") as f:
        size = f.seek(0, io.SEEK_END)
        pos = size
        while pos > 0:
            step = min(65536, pos)
            f.seek(pos - step)
            block = f.read(step)
            i = block.rfind(b"\n")
            if i >= 0:
                pos = pos - step + i + 1
                break
            pos -= step
        if pos != size:
            f.truncate(pos)


class RowWriter:
    """Appends rows, flushing each one and fsync'ing at most every `sync_every` seconds."""

    def __init__(self, path: str, fmt: str, sync_every: float = 1.0):
        self.path, self.fmt, self.sync_every = path, fmt, sync_every
        self.f = open(path, "a", encoding="utf-8", newline="")
        self.last_sync = time.monotonic()
        self.written = 0
        self.errors = None

    def write(self, row: dict) -> None:
        self.f.write(format_row(row, self.fmt))
        self.f.flush()
        self.written += 1
        if row["verdict"] == ERROR:
            self._log_error(row)
        if time.monotonic() - self.last_sync >= self.sync_every:
            self.sync()

    def _log_error(self, row: dict) -> None:
        """ERROR rows keep their reason in `<out>.errors.log` (the CSV has no room for it)."""
        if self.errors is None:
            self.errors = open(self.path + ".errors.log", "a", encoding="utf-8")
        self.errors.write(f"deal {row['deal']}: {row.get('error', '')}\n")
        self.errors.flush()

    def sync(self) -> None:
        self.f.flush()
        os.fsync(self.f.fileno())
        self.last_sync = time.monotonic()

    def close(self) -> None:
        try:
            if not self.f.closed:
                self.sync()
        finally:
            self.f.close()
            if self.errors is not None:
                self.errors.close()


# --- solving (runs in the workers) -----------------------------------------------------

def solve_deal(n: int, limits: Limits, optimal: bool) -> dict:
    """Decide deal n: its row.  Exceptions are rows too (verdict ERROR)."""
    from .kernels import ensure_compiled
    from .rules.position import Position
    from .search.solve import solve
    try:
        ensure_compiled()
        return make_row(n, solve(Position.from_deal(n), limits, optimal), optimal)
    except Exception as e:  # noqa: BLE001 - any failure of one deal must not stop the run
        return error_row(n, f"{type(e).__name__}: {e}".replace("\n", " "))


def _solve_safely(solve_one, n: int, limits: Limits, optimal: bool) -> dict:
    try:
        return solve_one(n, limits, optimal)
    except Exception as e:  # noqa: BLE001 - one deal's failure is that deal's ERROR row
        return error_row(n, f"{type(e).__name__}: {e}".replace("\n", " "))


def solve_chunk(deals, limits: Limits, optimal: bool, solve_one=None) -> list[dict]:
    """The rows of a chunk of deals (the unit of work sent to dask workers)."""
    solve_one = solve_one or solve_deal
    return [_solve_safely(solve_one, n, limits, optimal) for n in deals]


def _worker_main(conn, limits, optimal, solve_one):
    """A local worker: receive chunks (None to stop), send one row per deal, then None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the main process's job
    from .kernels import ensure_compiled
    try:
        ensure_compiled()
    except Exception:  # noqa: BLE001 - solve_deal will report it as ERROR rows
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
        self.proc.start()
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
            except Exception as e:  # noqa: BLE001 - a lost task; isolate the bad deal
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
    through after every finished row is saved."""
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
            raise BatchError(f"cannot write {out}: {e.strerror or e}; {done.count - 1} "
                             "rows are saved; free the problem and rerun with --resume") from None
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
        if bar is not None:
            bar.close()
        try:
            writer.close()
        except OSError as e:
            raise BatchError(f"cannot write {out}: {e.strerror or e}") from None
    return tally
