"""The files of a run: deal ranges and chunks, the settings sidecar `<out>.meta.json`,
and the output file (resume bookkeeping, the durable row writer)."""
from __future__ import annotations

import fcntl
import io
import json
import os
import time
from dataclasses import asdict, dataclass

from ..rules.deals import MAX_DEAL, cut, deal_from_digits
from ..search.solve import Limits
from ..version import ENGINE_VERSION, RULES_VERSION
from .rows import BatchError, Tally
from .schema import ERROR, FIELDS, HEADER, file_columns, format_row, read_rows

# --- ranges and chunks -----------------------------------------------------------------

MAX_RUN_DEALS = 100_000_000      # a run keeps a byte per deal of its range (DoneSet)

def parse_range(text: str) -> tuple[int, int]:
    """'A-B' (inclusive) or 'N' as (first, last); ValueError quoting the text otherwise."""
    parts = text.split("-")
    if len(parts) not in (1, 2) or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"{cut(text)!r} is not a deal range (write it like 0-99999 or 42)")
    first, last = deal_from_digits(parts[0]), deal_from_digits(parts[-1])
    if first is None or last is None:
        raise ValueError(f"deal range {cut(text)!r} goes past the last deal {MAX_DEAL}")
    if first > last:
        raise ValueError(f"deal range {cut(text)!r} is empty (first > last)")
    if last - first >= MAX_RUN_DEALS:
        raise ValueError(f"deal range {cut(text)!r} has {last - first + 1:,} deals; one run "
                         f"holds at most {MAX_RUN_DEALS:,} (split the range)")
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
    def from_json(cls, d: dict) -> Settings:
        names = cls.__dataclass_fields__
        return cls(**{k: v for k, v in d.items() if k in names})

    def difference(self, other: Settings) -> str | None:
        """The first setting that differs, as 'name: old vs new', or None."""
        mine, theirs = self.json(), other.json()
        for key in ("range", "optimal", "max_nodes", "max_seconds", "max_memory", "format",
                    "rules_version", "engine_version"):
            if mine[key] != theirs[key]:
                return f"{key} {mine[key]!r} vs {theirs[key]!r}"
        return None


def meta_path(out: str) -> str:
    """The settings file (sidecar) of the output file `out`."""
    return out + ".meta.json"


def sidecar_of(path: str) -> str:
    """The sidecar of a results file; `X.csv.gz` keeps the sidecar of `X.csv`."""
    return meta_path(path[:-3] if path.endswith(".gz") else path)


def read_sidecar(path: str) -> dict:
    """The sidecar of a results file as a dict; OSError or ValueError if it cannot be read."""
    with open(sidecar_of(path), encoding="utf-8") as f:
        return json.load(f)


def write_sorted(path: str, rows: dict, meta: dict) -> None:
    """Write the rows {deal: row} as a CSV results file sorted by deal, and `meta` as its
    sidecar."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(HEADER + "\n")
        for d in sorted(rows):
            f.write(format_row(rows[d], "csv"))
    with open(meta_path(path), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


MAX_SIDECAR_BYTES = 1 << 20


def read_meta(out: str) -> Settings | None:
    path = meta_path(out)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.loads(f.read(MAX_SIDECAR_BYTES + 1))
        if not isinstance(data, dict):
            raise ValueError("it holds no settings object")
        return Settings.from_json(data)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise BatchError(f"cannot read settings file {path}: {e}") from None


def write_meta(out: str, settings: Settings) -> None:
    """The sidecar of `out`, written whole (a temporary file renamed into place, removed
    whatever happens)."""
    path = meta_path(out)
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({**settings.json(), "created": time.strftime("%Y-%m-%dT%H:%M:%S%z")}, f,
                      indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


# --- the output file -------------------------------------------------------------------

class OutputBusy(BatchError):
    """Another run holds the lock on the output file: nothing of it may be touched."""


def lock_output(out: str) -> int:
    """An exclusive lock on `out` (created empty if missing) for one run: the returned file
    descriptor holds it until it is closed, and the kernel drops it when the process ends,
    however it ends.  OutputBusy, with nothing changed, when another run holds it."""
    fd = os.open(out, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OutputBusy(f"{out} is being written by another run; wait for it to end (or stop "
                         "it), or choose another --out") from None
    return fd


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
    if not exists and not resume and os.path.lexists(meta_path(out)):
        raise BatchError(f"{meta_path(out)} exists but {out} holds no row: it is not this "
                         "run's; use --resume to continue the run it belongs to, or remove it")
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
    """Appends rows, flushing each one and fsync'ing at most every `sync_every` seconds.
    CSV rows get the columns of the file's header (an older file has fewer)."""

    def __init__(self, path: str, fmt: str, sync_every: float = 1.0):
        self.path, self.fmt, self.sync_every = path, fmt, sync_every
        self.columns = (file_columns(path) if fmt == "csv" and os.path.exists(path)
                        else FIELDS)
        self.f = open(path, "a", encoding="utf-8", newline="")  # noqa: SIM115 (close() closes it)
        self.last_sync = time.monotonic()
        self.written = 0
        self.errors = None

    def write(self, row: dict) -> None:
        self.f.write(format_row(row, self.fmt, self.columns))
        self.f.flush()
        self.written += 1
        if row["verdict"] == ERROR:
            self._log_error(row)
        if time.monotonic() - self.last_sync >= self.sync_every:
            self.sync()

    def _log_error(self, row: dict) -> None:
        """ERROR rows keep their reason in `<out>.errors.log` (the CSV has no room for it)."""
        if self.errors is None:
            self.errors = open(self.path + ".errors.log", "a", encoding="utf-8")  # noqa: SIM115
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
