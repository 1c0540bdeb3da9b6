"""Cross-check LOST verdicts of a results file with a second, simpler search: the plain
exhaustive depth-first search (dfs.DfsState), so no verdict rests on the greedy search.

    python tools/check_lost.py reports/deals-0-99999/deals-0-99999.csv [--min-nodes N] [--max-nodes M]
        [--no-dead-pruning] > reports/deals-0-99999/deals-0-99999-lost-check.md

--min-nodes/--max-nodes pick the rows by the effort recorded in the file; by default the
depth-first search keeps the (proven) dead-position test, --no-dead-pruning drops it too.
Prints a markdown summary; exit status 1 if the plain search wins any of the deals.
"""
from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from drez.solver.solodrez import batch
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search import dfs
from drez.solver.solodrez.search.solve import FIRST_TABLE_BYTES, Limits, run_search

LIMITS = Limits(max_nodes=1 << 62, max_seconds=0.0, max_memory=4 << 30)


def exhaustive(n: int, prune_dead: bool) -> tuple[int, int]:
    """(status, positions) of the plain DFS on deal n, its table growing up to 4 GB."""
    state = dfs.DfsState(Position.from_deal(n).words(), FIRST_TABLE_BYTES,
                            prune_dead=prune_dead)
    status, nodes, _ = run_search(state, LIMITS)
    return status, nodes


def main() -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--min-nodes", type=int, default=0)
    ap.add_argument("--max-nodes", type=int, default=1 << 62)
    ap.add_argument("--no-dead-pruning", action="store_true")
    args = ap.parse_args()
    path = args.results
    ensure_compiled()
    lost = sorted(r["deal"] for r in batch.read_rows(path) if r["verdict"] == "LOST"
                  and args.min_nodes < r["nodes"] <= args.max_nodes)
    start = time.perf_counter()
    bad, total = [], 0
    names = {dfs.WON: "WON", dfs.LOST: "LOST", dfs.FULL: "FULL (memory)"}
    for n in lost:
        status, nodes = exhaustive(n, not args.no_dead_pruning)
        total += nodes
        if status != dfs.LOST:
            bad.append((n, names.get(status, str(status))))
            print(f"deal {n}: plain DFS says {names.get(status, status)}", file=sys.stderr)
    wall = time.perf_counter() - start
    print(f"# Cross-check of the LOST verdicts in `{path}`\n")
    print(f"Command: `python tools/check_lost.py {' '.join(sys.argv[1:])}`\n")
    pruning = "without" if args.no_dead_pruning else "with"
    print(f"{len(lost)} LOST deals (recorded effort {args.min_nodes:,} < nodes <= "
          f"{args.max_nodes:,}) re-searched by the plain exhaustive depth-first search "
          f"({pruning} the dead-position test, no greedy stage): {total:,} positions, "
          f"{wall:.0f} s.\n")
    wrong = [n for n, v in bad if v == "WON"]
    unconfirmed = [n for n, v in bad if v != "WON"]
    if wrong:
        print("**Contradicted (the plain search wins):** " + ", ".join(map(str, wrong)))
    if unconfirmed:
        print("Not confirmed: the plain search ran out of its 4 GB table on "
              + ", ".join(map(str, unconfirmed)) + " (neither agreement nor contradiction).")
    if not bad:
        print("Every one is LOST again: no disagreement.")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
