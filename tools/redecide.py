"""Later passes over a `drez analyze` results file: decide its UNKNOWN (and ERROR) deals
again with larger limits, then merge.

    python tools/redecide.py reports/deals-0-99999/deals-0-99999.csv --pass-file P.csv --part 1/2 \
        --max-nodes 60000000 --max-memory 4G          # and --part 2/2 with P2.csv beside it
    python tools/redecide.py reports/deals-0-99999/deals-0-99999.csv --pass-file P.csv --pass-file P2.csv \
        --merge reports/deals-0-99999/deals-0-99999-final.csv

Each redone row is appended (and flushed) to the pass file as it is decided, and a rerun
skips the deals already there, so an interrupted pass loses nothing.  A pass file keeps
its limits and engine version in `P.csv.meta.json`; a rerun with other ones is refused.
Rows already WON or LOST are kept as they are (their verdicts are proofs whatever the
limits).  The merged file is sorted by deal; a pass file given later overrides an earlier
one.  It gets the first run's sidecar with a `later_passes` entry (each pass file's limits
and the deals it decided) and the list of deals `still_undecided`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import click

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drez.cli.solodrez.limits import MemorySize
from drez.solver.solodrez import batch
from drez.solver.solodrez.search.solve import Limits
from drez.solver.solodrez.version import ENGINE_VERSION


def _meta_of(path: str) -> str:
    """The sidecar of a results file; `X.csv.gz` keeps the sidecar of `X.csv`."""
    return batch.meta_path(path[:-3] if path.endswith(".gz") else path)


def _rows(path):
    return {r["deal"]: r for r in batch.read_rows(path)} if os.path.exists(path) else {}


def _pass_meta(args) -> dict:
    return {"max_nodes": args.max_nodes,
            "max_memory": args.max_memory,
            "engine_version": ENGINE_VERSION}


def _check_pass_meta(pass_file: str, args) -> None:
    """Write the pass file's sidecar, or refuse limits other than the ones it records."""
    want = _pass_meta(args)
    path = batch.meta_path(pass_file)
    if os.path.exists(path):
        have = json.load(open(path, encoding="utf-8"))
        if have != want:
            raise SystemExit(f"redecide: {pass_file} was made with {have}, not {want}")
        return
    with open(path, "w", encoding="utf-8") as f:
        json.dump(want, f, indent=1)
        f.write("\n")


def redo(args, settings, todo) -> None:
    k, n = (int(x) for x in args.part.split("/"))
    if len(args.pass_file) != 1:
        raise SystemExit("redecide: give one --pass-file to a part")
    pass_file = args.pass_file[0]
    _check_pass_meta(pass_file, args)
    done = _rows(pass_file)
    mine = [d for i, d in enumerate(todo) if i % n == k - 1 and d not in done]
    limits = Limits(max_nodes=args.max_nodes, max_seconds=0.0,
                    max_memory=args.max_memory)
    new_file = not os.path.exists(pass_file)
    with open(pass_file, "a", encoding="utf-8") as f:
        if new_file:
            f.write(batch.HEADER + "\n")
        for i, d in enumerate(mine, 1):
            r = batch.solve_deal(d, limits, settings.optimal)
            f.write(batch.format_row(r, "csv"))
            f.flush()
            if r["verdict"] == "WON":
                what = f"WON in {r['length']} moves" + (" (shortest)" if r["optimal"] else
                                                       ", not proven shortest")
            else:
                what = r["verdict"]
            bound = (f" (at least {r['lower_bound']} moves)"
                     if r.get("lower_bound") and not r.get("optimal") else "")
            print(f"[{i}/{len(mine)}] deal {d}: {what}{bound} {r['nodes']} nodes "
                  f"{r['seconds']:.1f} s", flush=True)


def merge(args, todo) -> None:
    rows = _rows(args.results)
    passes = []
    for path in args.pass_file:
        redone = _rows(path)
        rows.update(redone)
        passes.append({"file": os.path.basename(path),
                       **json.load(open(batch.meta_path(path), encoding="utf-8")),
                       "search_seconds": round(sum(r["seconds"] for r in redone.values()), 1),
                       "decided": sorted(d for d, r in redone.items()
                                         if r["verdict"] in ("WON", "LOST"))})
    with open(args.merge, "w", encoding="utf-8") as f:
        f.write(batch.HEADER + "\n")
        for d in sorted(rows):
            f.write(batch.format_row(rows[d], "csv"))
    meta = json.load(open(_meta_of(args.results), encoding="utf-8"))
    meta.pop("second_pass", None)
    meta["redone"] = todo
    meta["later_passes"] = passes
    meta["still_undecided"] = [d for d in todo if rows[d]["verdict"] in ("UNKNOWN", "ERROR")]
    with open(batch.meta_path(args.merge), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    print(f"merged {len(passes)} pass files; "
          f"{len(meta['still_undecided'])} deals still undecided")


def _memory_size(text: str) -> int:
    try:
        return MemorySize().convert(text, None, None)
    except click.BadParameter as e:
        raise argparse.ArgumentTypeError(e.message) from None


def _deal_list(text: str) -> list[int]:
    try:
        return [int(d) for d in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of deal numbers: "
                                         f"{text!r}") from None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--pass-file", required=True, action="append",
                    help="file of redone rows (several with --merge)")
    ap.add_argument("--part", default="1/1", help="k/n: redo every n-th deal from the k-th")
    ap.add_argument("--merge", metavar="OUT", help="write the merged results file")
    ap.add_argument("--max-nodes", type=int, default=60_000_000)
    ap.add_argument("--max-memory", type=_memory_size, default="4G")
    ap.add_argument("--deals", type=_deal_list,
                    help="redo only these of the undecided deals (comma-separated, in this order); "
                    "not with --merge")
    args = ap.parse_args()
    settings = batch.Settings.from_json(json.load(open(_meta_of(args.results), encoding="utf-8")))
    todo = sorted(d for d, r in _rows(args.results).items()
                  if r["verdict"] in ("UNKNOWN", "ERROR"))
    if args.deals and args.merge:
        raise SystemExit("redecide: --deals is for a pass, not for --merge")
    if args.deals:
        undecided = set(todo)
        todo = [d for d in args.deals if d in undecided]
    if args.merge:
        merge(args, todo)
    else:
        start = time.perf_counter()
        redo(args, settings, todo)
        print(f"part {args.part} done in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
