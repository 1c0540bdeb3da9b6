"""Join `drez analyze` results files that decide different deals into one file for a range.

    python tools/join_runs.py 0-999999 A.csv.gz B.csv C.csv --out deals-0-999999.csv

Used when one range was decided in parts: segments run with different engines (an engine
refuses to resume another's file), or deals in flight when a snapshot was taken, decided
apart.  Every part must be made under the same rules (`rules_version`) and the same
per-deal limits; a deal in two parts, or outside the range, is refused; rows are written
sorted by deal.  The sidecar `OUT.meta.json` is the first part's settings with the range,
the engine versions of the parts joined by '+', and `parts` (each file, its engine
version, how many rows it gave) and `missing` (deals of the range no part has: the file is
complete when it is empty).  `tools/redecide.py` then takes the joined file as its
results file.  Exit status 2 on a file that cannot be read or parts that do not fit.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drez.solver.solodrez import batch

LIMITS = ("optimal", "max_nodes", "max_seconds", "max_memory", "rules_version")


def _meta(path: str) -> dict:
    """The sidecar of a results file; `X.csv.gz` keeps the sidecar of `X.csv`."""
    base = path[:-3] if path.endswith(".gz") else path
    with open(batch.meta_path(base), encoding="utf-8") as f:
        return json.load(f)


def join(first: int, last: int, paths: list[str]) -> tuple[dict, dict]:
    """(rows by deal, sidecar) of the joined parts; ValueError when they do not fit."""
    rows: dict[int, dict] = {}
    parts = []
    settings = None
    for path in paths:
        meta = _meta(path)
        mine = {k: meta.get(k) for k in LIMITS}
        if settings is None:
            settings = dict(meta)
            want = mine
        elif mine != want:
            diff = [k for k in LIMITS if mine[k] != want[k]]
            raise ValueError(f"{path}: other settings than {paths[0]} ({', '.join(diff)})")
        count = 0
        for row in batch.read_rows(path):
            d = row["deal"]
            if not first <= d <= last:
                raise ValueError(f"{path}: deal {d} is outside {first}-{last}")
            if d in rows:
                raise ValueError(f"{path}: deal {d} is already in an earlier part")
            rows[d] = row
            count += 1
        parts.append({"file": os.path.basename(path), "engine_version": meta.get("engine_version"),
                      "range": meta.get("range"), "rows": count})
    engines = sorted({p["engine_version"] for p in parts})
    settings.update(first=first, last=last, range=f"{first}-{last}",
                    engine_version="+".join(engines), parts=parts,
                    missing=[d for d in range(first, last + 1) if d not in rows])
    settings.pop("created", None)
    return rows, settings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("range", help="the range the joined file covers, like 0-999999")
    ap.add_argument("parts", nargs="+", help="results files (CSV, optionally .gz)")
    ap.add_argument("--out", required=True, help="the joined CSV (never overwritten)")
    args = ap.parse_args()
    try:
        first, last = batch.parse_range(args.range)
        if os.path.exists(args.out):
            raise ValueError(f"{args.out} already exists")
        rows, meta = join(first, last, args.parts)
    except (OSError, ValueError) as e:
        print(f"join_runs: {e}", file=sys.stderr)
        return 2
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(batch.HEADER + "\n")
        for d in sorted(rows):
            f.write(batch.format_row(rows[d], "csv"))
    with open(batch.meta_path(args.out), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"{len(rows):,} rows from {len(args.parts)} parts in {args.out}; "
          f"{len(meta['missing']):,} deals of {args.range} missing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
