"""The verdict portfolio on a list of deals: verdict, positions stored and process CPU
seconds of each `solve`, then the totals by verdict.  Run it from two checkouts to
compare engines (CPU seconds are comparable only between runs on equally loaded cores).

    python -m dev.portfolio_sample 1110,1351,3953 [--max-memory 2G]
"""
from __future__ import annotations

import time

import click

from drez.cli.solodrez.inputs import parse_deal_number
from drez.cli.solodrez.limits import MemorySize
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import Limits, solve


@click.command(help=__doc__.splitlines()[0])
@click.argument("deals")
@click.option("--max-memory", type=MemorySize(), default="2G", show_default=True)
def main(deals: str, max_memory: int) -> None:
    numbers = [parse_deal_number(t.strip()) for t in deals.split(",")]
    totals: dict[str, list] = {}
    for d in numbers:
        start = time.process_time()
        r = solve(Position.from_deal(d), Limits(max_memory=max_memory))
        cpu = time.process_time() - start
        print(d, r.verdict, r.length, r.nodes, f"{cpu:.2f}", flush=True)
        t = totals.setdefault(r.verdict, [0, 0, 0.0])
        t[0] += 1
        t[1] += r.nodes
        t[2] += cpu
    for v, (n, nodes, cpu) in sorted(totals.items()):
        print(f"total {v}: {n} deals, {nodes} positions, {cpu:.1f} s CPU")


if __name__ == "__main__":
    main()
