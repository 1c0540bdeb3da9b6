"""Later passes over a results file: its UNKNOWN (and ERROR) deals decided again with
larger limits, each into a pass file, then merged.

Each redone row is appended (and flushed) to the pass file as it is decided, and a rerun
skips the deals already there, so an interrupted pass loses nothing.  A pass file keeps
its limits and engine version in `P.csv.meta.json`; a rerun with other ones is refused.
Rows already WON or LOST are kept as they are (their verdicts are proofs whatever the
limits).  The merged file is sorted by deal; a pass file given later overrides an earlier
one."""
from __future__ import annotations

import json
import os

from ..batch import (
    HEADER,
    RowWriter,
    Settings,
    meta_path,
    read_rows,
    read_sidecar,
    solve_deal,
    write_sorted,
)
from ..search.solve import Limits
from ..version import ENGINE_VERSION

UNDECIDED = ("UNKNOWN", "ERROR")


def rows_of(path: str) -> dict[int, dict]:
    """{deal: row} of a results file; empty when it does not exist yet."""
    return {r["deal"]: r for r in read_rows(path)} if os.path.exists(path) else {}


def undecided(results: str, deals: list[int] | None = None) -> list[int]:
    """The UNKNOWN and ERROR deals of a results file, sorted; with `deals`, those of them
    in that order."""
    todo = sorted(d for d, r in rows_of(results).items() if r["verdict"] in UNDECIDED)
    if deals:
        todo_set = set(todo)
        todo = [d for d in deals if d in todo_set]
    return todo


def check_pass_meta(pass_file: str, max_nodes: int, max_memory: int) -> None:
    """Write the pass file's sidecar, or ValueError on limits other than the ones it
    records."""
    want = {"max_nodes": max_nodes, "max_memory": max_memory, "engine_version": ENGINE_VERSION}
    path = meta_path(pass_file)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            have = json.load(f)
        if have != want:
            raise ValueError(f"{pass_file} was made with {have}, not {want}")
        return
    with open(path, "w", encoding="utf-8") as f:
        json.dump(want, f, indent=1)
        f.write("\n")


def redo(results: str, pass_file: str, part: tuple[int, int], max_nodes: int,
         max_memory: int, deals: list[int] | None = None):
    """Decide part k of n (every n-th undecided deal from the k-th) of the results file
    again into `pass_file`, yielding (index, count, row) as each row is written."""
    settings = Settings.from_json(read_sidecar(results))
    k, n = part
    check_pass_meta(pass_file, max_nodes, max_memory)
    done = rows_of(pass_file)
    mine = [d for i, d in enumerate(undecided(results, deals)) if i % n == k - 1
            and d not in done]
    limits = Limits(max_nodes=max_nodes, max_seconds=0.0, max_memory=max_memory)
    if not os.path.exists(pass_file) or os.path.getsize(pass_file) == 0:
        with open(pass_file, "w", encoding="utf-8") as f:
            f.write(HEADER + "\n")
    writer = RowWriter(pass_file, "csv")
    try:
        for i, d in enumerate(mine, 1):
            row = solve_deal(d, limits, settings.optimal)
            writer.write(row)
            yield i, len(mine), row
    finally:
        writer.close()


def describe(row: dict) -> str:
    """A redone row in words: 'WON in 52 moves (shortest)', 'UNKNOWN (at least 50 moves)'."""
    if row["verdict"] == "WON":
        what = f"WON in {row['length']} moves" + (" (shortest)" if row["optimal"] else
                                                  ", not proven shortest")
    else:
        what = row["verdict"]
    bound = (f" (at least {row['lower_bound']} moves)"
             if row.get("lower_bound") and not row.get("optimal") else "")
    return what + bound


def merge(results: str, pass_files: list[str], out: str) -> dict:
    """Write the results file with the pass files' rows in place of its own to `out`, and
    its sidecar: the first run's with `redone`, `later_passes` (each pass file's limits and
    the deals it decided) and `still_undecided`.  Returns that sidecar."""
    todo = undecided(results)
    rows = rows_of(results)
    passes = []
    for path in pass_files:
        redone = rows_of(path)
        rows.update(redone)
        with open(meta_path(path), encoding="utf-8") as f:
            limits = json.load(f)
        passes.append({"file": os.path.basename(path), **limits,
                       "search_seconds": round(sum(r["seconds"] for r in redone.values()), 1),
                       "decided": sorted(d for d, r in redone.items()
                                         if r["verdict"] in ("WON", "LOST"))})
    meta = read_sidecar(results)
    meta.pop("second_pass", None)
    meta["redone"] = todo
    meta["later_passes"] = passes
    meta["still_undecided"] = [d for d in todo if rows[d]["verdict"] in UNDECIDED]
    write_sorted(out, rows, meta)
    return meta
