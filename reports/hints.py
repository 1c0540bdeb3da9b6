"""How long a hint takes on positions from the middle of games.

    .venv/bin/python reports/hints.py [--deals 15] [--max-seconds 10]   # writes reports/hints.md

For each deal 0..deals-1, the verdict search's solution is played and the positions half
way and two thirds of the way through are hinted (solver.hints.hint with the given
time limit per hint).  Reports median and worst time, and how many hints were proven.
"""
from __future__ import annotations

import os
import statistics
import sys
import time

import click

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from solver.hints import hint  # noqa: E402
from solver.jit import ensure_compiled  # noqa: E402
from solver.position import Position  # noqa: E402
from solver.solve import WON, Limits, solve  # noqa: E402


@click.command()
@click.option("--deals", default=15, show_default=True, help="Deals 0..N-1.")
@click.option("--max-seconds", default=10.0, show_default=True, help="Time limit per hint.")
@click.option("--out", default=os.path.join(os.path.dirname(__file__), "hints.md"),
              show_default=True, help="Markdown report to write.")
def main(deals, max_seconds, out):
    """Time hints on mid-game positions."""
    ensure_compiled()
    rows = []
    for n in range(deals):
        start = Position.from_deal(n)
        r = solve(start)
        if r.verdict != WON:
            continue
        line = [start]
        for m in r.moves:
            line.append(line[-1].play(m))
        for frac in (1 / 2, 2 / 3):
            i = int(len(r.moves) * frac)
            t = time.perf_counter()
            h = hint(line[i], Limits(max_seconds=max_seconds))
            dt = time.perf_counter() - t
            rows.append((n, i, len(r.moves) - i, h, dt))
            click.echo(f"deal {n} move {i}: {h.verdict} distance {h.distance} "
                       f"({h.nodes} nodes) {dt:.2f} s", err=True)
    times = [dt for *_, dt in rows]
    proven = [row for row in rows if row[3].distance is not None]
    ptimes = [row[4] for row in proven]
    cmd = f".venv/bin/python reports/hints.py --deals {deals} --max-seconds {max_seconds:g}"
    lines = ["# Hint time on positions from the middle of games", "",
             f"Command: `{cmd}`", "",
             f"{len(rows)} positions: half way and two thirds of the way through the verdict "
             f"search's solution of deals 0..{deals - 1}; one hint each with a limit of "
             f"{max_seconds:g} s.", "",
             f"- proven (shortest distance known): {len(proven)} of {len(rows)}",
             f"- all hints: median {statistics.median(times):.3f} s, worst {max(times):.3f} s",
             f"- proven hints: median {statistics.median(ptimes):.3f} s, "
             f"worst {max(ptimes):.3f} s" if ptimes else "- no hint was proven", "",
             "| deal | move | moves left in that solution | verdict | distance | A* nodes | seconds |",
             "|---:|---:|---:|---|---:|---:|---:|"]
    for n, i, left, h, dt in rows:
        dist = h.distance if h.distance is not None else f"≤{h.at_most} (not proven)"
        lines.append(f"| {n} | {i} | {left} | {h.verdict} | {dist} | {h.nodes} | {dt:.3f} |")
    lines.append("")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    click.echo("\n".join(lines))


if __name__ == "__main__":
    main()
