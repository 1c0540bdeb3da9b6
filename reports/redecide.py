"""Second pass over a `drez analyze` results file: decide its UNKNOWN (and ERROR) deals
again with larger limits, and write a merged results file sorted by deal number.

    python reports/redecide.py reports/deals-0-99999.csv --out reports/deals-0-99999-final.csv \
        --max-nodes 60000000 --max-memory 4G

Rows already WON or LOST are kept as they are (their verdicts are proofs whatever the
limits); only undecided rows are replaced.  The merged file gets the first run's sidecar,
with a `second_pass` entry recording the limits, engine version and deals redone.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cli.limits import MemorySize  # noqa: E402
from solver import batch  # noqa: E402
from solver.solve import Limits  # noqa: E402
from solver.version import ENGINE_VERSION  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-nodes", type=int, default=60_000_000)
    ap.add_argument("--max-memory", default="4G")
    args = ap.parse_args()
    if os.path.exists(args.out):
        print(f"redecide: {args.out} exists; choose another name", file=sys.stderr)
        return 2
    settings = batch.read_meta(args.results)
    rows = {r["deal"]: r for r in batch.read_rows(args.results)}
    todo = sorted(n for n, r in rows.items() if r["verdict"] in ("UNKNOWN", "ERROR"))
    limits = Limits(max_nodes=args.max_nodes, max_seconds=0.0,
                    max_memory=MemorySize().convert(args.max_memory, None, None))
    start = time.perf_counter()
    for i, n in enumerate(todo, 1):
        rows[n] = batch.solve_deal(n, limits, settings.optimal)
        r = rows[n]
        print(f"[{i}/{len(todo)}] deal {n}: {r['verdict']} {r['nodes']} nodes "
              f"{r['seconds']:.1f} s", flush=True)
    wall = time.perf_counter() - start
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(batch.HEADER + "\n")
        for n in sorted(rows):
            f.write(batch.format_row(rows[n], "csv"))
    meta = json.load(open(batch.meta_path(args.results), encoding="utf-8"))
    meta["second_pass"] = {"deals": todo, "max_nodes": args.max_nodes,
                           "max_memory": limits.max_memory, "engine_version": ENGINE_VERSION,
                           "wall_seconds": round(wall, 1),
                           "still_undecided": [n for n in todo
                                               if rows[n]["verdict"] in ("UNKNOWN", "ERROR")]}
    with open(batch.meta_path(args.out), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"redecided {len(todo)} deals in {wall:.0f} s; "
          f"{len(meta['second_pass']['still_undecided'])} still undecided")
    return 0


if __name__ == "__main__":
    sys.exit(main())
