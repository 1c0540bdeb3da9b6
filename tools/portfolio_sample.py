"""The verdict portfolio on a list of deals: verdict, positions stored and process CPU
seconds of each `solve`, then the totals by verdict.  Run it from two checkouts to
compare engines (CPU seconds are comparable only between runs on equally loaded cores).

    python tools/portfolio_sample.py 1110,1351,3953 [--max-memory-gb 2]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.solodrez.rules.position import Position  # noqa: E402
from solver.solodrez.search.solve import Limits, solve  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deals", help="comma-separated deal numbers")
    ap.add_argument("--max-memory-gb", type=float, default=2.0)
    args = ap.parse_args()
    limits = Limits(max_memory=int(args.max_memory_gb * (1 << 30)))
    totals: dict[str, list] = {}
    for d in (int(x) for x in args.deals.split(",")):
        start = time.process_time()
        r = solve(Position.from_deal(d), limits)
        cpu = time.process_time() - start
        print(d, r.verdict, r.length, r.nodes, f"{cpu:.2f}", flush=True)
        t = totals.setdefault(r.verdict, [0, 0, 0.0])
        t[0] += 1
        t[1] += r.nodes
        t[2] += cpu
    for v, (n, nodes, cpu) in sorted(totals.items()):
        print(f"total {v}: {n} deals, {nodes} positions, {cpu:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
