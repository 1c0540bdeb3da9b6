"""Deciding ranges of deals in parallel: `schema` (the row schema of CSV and JSON lines,
writing a row, the one strict reader), `rows` (difficulty, tally), `files` (ranges, the
settings sidecar, the output file and resume bookkeeping), `runners`.

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
from ..search.solve import LOST, UNKNOWN, WON
from .files import (
    DoneSet,
    OutputBusy,
    RowWriter,
    Settings,
    iter_chunks,
    lock_output,
    meta_path,
    parse_range,
    prepare_output,
    range_text,
    read_meta,
    read_sidecar,
    sidecar_of,
    write_meta,
    write_sorted,
)
from .rows import (
    DIFFICULTIES,
    GRADES,
    LENGTH_GRADES,
    NODE_GRADES,
    OPTIMAL_LENGTH_GRADES,
    BatchError,
    Tally,
    difficulty,
    error_row,
    make_row,
)
from .runners import default_workers, run, run_dask, run_local, solve_chunk, solve_deal
from .schema import (
    ERROR,
    FIELDS,
    FORMATS,
    HEADER,
    OLD_HEADER,
    REQUIRED,
    VERDICTS,
    RowError,
    file_columns,
    format_row,
    guess_format,
    header_columns,
    open_text,
    parse_row,
    read_rows,
)

__all__ = [
    "DIFFICULTIES",
    "ERROR",
    "FIELDS",
    "FORMATS",
    "GRADES",
    "HEADER",
    "LENGTH_GRADES",
    "LOST",
    "NODE_GRADES",
    "OLD_HEADER",
    "OPTIMAL_LENGTH_GRADES",
    "REQUIRED",
    "UNKNOWN",
    "VERDICTS",
    "WON",
    "BatchError",
    "DoneSet",
    "OutputBusy",
    "RowError",
    "RowWriter",
    "Settings",
    "Tally",
    "default_workers",
    "difficulty",
    "error_row",
    "file_columns",
    "format_row",
    "guess_format",
    "header_columns",
    "iter_chunks",
    "lock_output",
    "make_row",
    "meta_path",
    "open_text",
    "parse_range",
    "parse_row",
    "prepare_output",
    "range_text",
    "read_meta",
    "read_rows",
    "read_sidecar",
    "run",
    "run_dask",
    "run_local",
    "sidecar_of",
    "solve_chunk",
    "solve_deal",
    "write_meta",
    "write_sorted",
]
